#!/bin/sh
# run-progress.sh - what `iccsprof run` says while it measures: off a
# terminal, a line on stderr for a phase that lasts; on a terminal, the
# phase rewritten in place with its elapsed time and the time left; the
# results alone on stdout either way.
. "$top_srcdir/tests/lib.sh"

fix="$top_builddir/tests/fixtures/run/.libs"
# A timing pass that lasts 2.5 s whatever the machine's load: 250 signatures
# of 10 ms sleep each, so that it is long enough for a line and no earlier
# phase is.
slow="--trials 2 --min-calls 250 --target-seconds 1.5 --profile-seconds 0.01 --max-seconds 3"
ICCSPROF_FIXTURE=slow
export ICCSPROF_FIXTURE

expect_status "off a terminal: exits 0" 0 env TERM=xterm "$ICCSPROF" run --plain "$fix/libsigfix.so" \
    --profiled "$fix/libsigfix_prof.so" --op sign --out-dir "$work" $slow
expect_grep "off a terminal: the lasting phase has a line" "^iccsprof: sigfix sign: timing (aimed at 1.5 s)$" "$work/err"
if grep -q "$(printf '\r')" "$work/err"; then fail "off a terminal: no line rewritten in place" "$(od -c "$work/err" | head -3)"; else pass "off a terminal: no line rewritten in place"; fi
if [ "$(grep -c . "$work/err")" -le 3 ]; then pass "off a terminal: a few lines at most"; else fail "off a terminal: a few lines at most" "$(cat "$work/err")"; fi
if [ "$(wc -l <"$work/out")" -eq 1 ] && grep -q "^sigfix sign: " "$work/out"; then
    pass "off a terminal: stdout holds the result alone"
else
    fail "off a terminal: stdout holds the result alone" "$(cat "$work/out")"
fi

# On a terminal (script(1) gives the run one), with stdout kept apart.
if command -v script >/dev/null 2>&1; then
    TERM=xterm script -qec "\"$ICCSPROF\" run --plain \"$fix/libsigfix.so\" --profiled \"$fix/libsigfix_prof.so\" --op sign --out-dir \"$work\" $slow >\"$work/tty-out\"" \
        /dev/null >"$work/tty" 2>&1
    tr '\r' '\n' <"$work/tty" >"$work/tty-lines"
    expect_grep "on a terminal: the phase with its elapsed time" "sigfix sign: timing [0-9.]* s" "$work/tty-lines"
    expect_grep "on a terminal: and the time left" "sigfix sign: timing [0-9.]* s, about [0-9.]* s left" "$work/tty-lines"
    expect_grep "on a terminal: the line is erased in place" "$(printf '\033')\\[K" "$work/tty"
    if grep -q "^iccsprof: sigfix sign: timing" "$work/tty-lines"; then fail "on a terminal: no phase lines" "$(head -c 300 "$work/tty-lines")"; else pass "on a terminal: no phase lines"; fi
    expect_grep "on a terminal: stdout holds the result" "^sigfix sign: " "$work/tty-out"
    TERM=dumb script -qec "\"$ICCSPROF\" run --plain \"$fix/libsigfix.so\" --profiled \"$fix/libsigfix_prof.so\" --op sign --out-dir \"$work\" $slow >/dev/null" \
        /dev/null >"$work/dumb" 2>&1
    if grep -q "$(printf '\033')" "$work/dumb"; then fail "TERM=dumb: no escape sequences" "$(od -c "$work/dumb" | head -3)"; else pass "TERM=dumb: no escape sequences"; fi
    expect_grep "TERM=dumb: phase lines as off a terminal" "^iccsprof: sigfix sign: timing (aimed at 1.5 s)" "$work/dumb"
else
    echo "# script(1) is not installed: the terminal's progress was not checked"
fi
finish
