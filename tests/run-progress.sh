#!/bin/sh
# run-progress.sh - what `iccsprof run` says while it measures: off a
# terminal, the plan of a lasting pass on a line of its own, once
# calibrated; on a terminal, besides, one line rewritten in place with
# the run's position, the pass against its plan, the time elapsed since
# the run (or the larger one, --within) began and the time left to its
# end; the results alone on stdout either way.
. "$top_srcdir/tests/lib.sh"

fix="$top_builddir/tests/fixtures/run/.libs"
# A timing pass that lasts 1.5 s or a little more whatever the machine's
# load: 150 signatures of 10 ms sleep each, so that it is long enough for
# a line and no earlier phase is.  A busy machine wakes a sleeper late:
# --max-seconds holds the 150 calls up to 20 ms each, so that the minimum
# stays --min-calls'.
slow="--trials 2 --min-calls 150 --target-seconds 1 --profile-seconds 0.01 --max-seconds 3 --precision off"
ICCSPROF_FIXTURE=slow
export ICCSPROF_FIXTURE
plan="sigfix sign: about 1[0-9.]* ms a call; timing 150 calls (--min-calls 150) ≈ [12].[0-9]* s · elapsed 0:0[0-9], about 0:0[0-9] left"

expect_status "off a terminal: exits 0" 0 env TERM=xterm "$ICCSPROF" run --plain "$fix/libsigfix.so" \
    --profiled "$fix/libsigfix_prof.so" --op sign --out-dir "$work" $slow
expect_grep "off a terminal: the lasting pass's plan has a line" "^iccsprof run: $plan\$" "$work/err"
if grep -q "$(printf '\r')" "$work/err"; then fail "off a terminal: no line rewritten in place" "$(od -c "$work/err" | head -3)"; else pass "off a terminal: no line rewritten in place"; fi
if [ "$(grep -c . "$work/err")" -le 3 ]; then pass "off a terminal: a few lines at most"; else fail "off a terminal: a few lines at most" "$(cat "$work/err")"; fi
if [ "$(wc -l <"$work/out")" -eq 1 ] && grep -q "^sigfix sign: " "$work/out"; then
    pass "off a terminal: stdout holds the result alone"
else
    fail "off a terminal: stdout holds the result alone" "$(cat "$work/out")"
fi

# On a terminal (script(1) gives the run one), with stdout kept apart;
# the lines as the terminal shows them, without the erasing sequence.
esc=$(printf '\033')
if command -v script >/dev/null 2>&1; then
    TERM=xterm script -qec "\"$ICCSPROF\" run --plain \"$fix/libsigfix.so\" --profiled \"$fix/libsigfix_prof.so\" --op sign --out-dir \"$work\" $slow >\"$work/tty-out\"" \
        /dev/null >"$work/tty" 2>&1
    tr '\r' '\n' <"$work/tty" | sed "s/$esc\\[K//g" >"$work/tty-lines"
    expect_grep "on a terminal: the pass against its plan" "sigfix sign: timing [0-9.]* s of about [0-9.]* s" "$work/tty-lines"
    expect_grep "on a terminal: and the times" "sigfix sign: timing [0-9.]* s of about [0-9.]* s · elapsed 0:0[0-9], about 0:0[0-9] left" "$work/tty-lines"
    expect_grep "on a terminal: the line is erased in place" "$(printf '\033')\\[K" "$work/tty"
    expect_grep "on a terminal: the plan on a line of its own" "^iccsprof run: $plan" "$work/tty-lines"
    if grep -q "^iccsprof run: sigfix sign: timing" "$work/tty-lines"; then fail "on a terminal: no phase lines" "$(head -c 300 "$work/tty-lines")"; else pass "on a terminal: no phase lines"; fi
    expect_grep "on a terminal: stdout holds the result" "^sigfix sign: " "$work/tty-out"
    TERM=dumb script -qec "\"$ICCSPROF\" run --plain \"$fix/libsigfix.so\" --profiled \"$fix/libsigfix_prof.so\" --op sign --out-dir \"$work\" $slow >/dev/null" \
        /dev/null >"$work/dumb" 2>&1
    if grep -q "$(printf '\033')" "$work/dumb"; then fail "TERM=dumb: no escape sequences" "$(od -c "$work/dumb" | head -3)"; else pass "TERM=dumb: no escape sequences"; fi
    expect_grep "TERM=dumb: plan lines as off a terminal" "^iccsprof run: $plan" "$work/dumb"

    # Part of a larger run (profile's): instance 2 of 3, which began a
    # minute ago and measured 3 operations in 6 s before this one.
    t0=$(python3 -c 'import time; print("%.3f" % (time.monotonic() - 60))')
    TERM=xterm script -qec "\"$ICCSPROF\" run --plain \"$fix/libsigfix.so\" --profiled \"$fix/libsigfix_prof.so\" --op keygen,sign --out-dir \"$work\" --trials 2 --min-calls 100 --target-seconds 0.2 --profile-seconds 0.01 --max-seconds 3 --precision off --within 2/3:$t0:3:6 >/dev/null" \
        /dev/null >"$work/within" 2>&1
    tr '\r' '\n' <"$work/within" | sed "s/$esc\\[K//g" >"$work/within-lines"
    expect_grep "within: the position in the larger run" "^\[instance 2/3, operation 1/2\] sigfix keygen: " "$work/within-lines"
    expect_grep "within: elapsed since it began" "^\[instance 2/3, operation 2/2\] sigfix sign: timing [0-9.]* s of about [0-9.]* s · elapsed 1:0[0-9], about [0-9]*:[0-9]* left" "$work/within-lines"
    # what is left when the signing's timing starts: itself (1 s), its
    # profile pass (100 pairs, 2 s), and the last instance's two
    # operations at the mean so far (the 6 s of 3, and the keygen's)
    if python3 - "$work/within-lines" >"$work/py" 2>&1 <<'EOS'
import re, sys
for line in open(sys.argv[1]):
    m = re.match(r"\[instance 2/3, operation 2/2\] sigfix sign: timing .* of about .* about (\d+):(\d\d) left", line)
    if m:
        left = 60 * int(m.group(1)) + int(m.group(2))
        assert 4 <= left <= 12, line
        break
else:
    sys.exit("no line of the signing's timing")
EOS
    then pass "within: the time left counts the later instance"; else fail "within: the time left counts the later instance" "$(cat "$work/py")"; fi
else
    echo "# script(1) is not installed: the terminal's progress was not checked"
fi
finish
