#!/bin/sh
# run-slow.sh - slow operations in `iccsprof run`: --max-seconds holds
# each pass to within one call, and the minimum gives way to 5 calls a
# trial when --min-calls do not fit; a pass that fails or hangs leaves the
# other's record, marked incomplete, which the report shows with the
# reason; --precision ends a pass early on a steady operation and lets a
# noisy one run to the limit, in both passes; an interruption names its
# signal and keeps the finished records, which --resume keeps while it
# measures the rest.  The fixture's operations spin for a time the test
# sets (fixtures/run/behaviour.h), on the clock the host's cycles follow.
. "$top_srcdir/tests/lib.sh"

. "$top_srcdir/tests/run-lib.sh"

# The fixture spins on the clock the record's cycles come from: the
# thread's CPU time under a hardware counter, the wall's otherwise.
run_fix "the host's counter" "$work/probe" --op keygen --no-profile $quick
ICCSPROF_STEADY_CLOCK=$(python3 -c 'import json, sys
print("cpu" if json.load(open(sys.argv[1]))["host"]["cycles_source"] == "perf_event" else "wall")' \
    "$work/probe/sigfix__keygen.json")
export ICCSPROF_STEADY_CLOCK

# --- --max-seconds holds each pass to within one call of 0.5 s ---
ICCSPROF_FIXTURE=steady ICCSPROF_FIXTURE_MS=500 run_fix "max-seconds: exits 0" "$work/max" --op sign \
    --min-calls 100 --target-seconds 0.1 --profile-seconds 0.1 --max-seconds 3 --precision off \
    --timeout 10
py "max-seconds: both passes end within one call of it" '
import sys
from records import check, load
r = load(sys.argv[1] + "/sigfix__sign.json")
check(r["status"] == {"state": "complete", "message": ""}, str(r["status"]))
t, p = r["passes"]["timing"], r["passes"]["profile"]
# the timing pass: a warm-up call (0.5 s is warm), the calibration, then
# what fits of the first trial of 5 (100 calls do not fit: 5 a trial)
check(t["warmup_calls"] == 1 and t["rule"] == "slow-operation" and t["minimum_calls"] == 25, str(t))
# it stops when the next call, at the mean so far, would end past 3 s
call = r["timing"]["mean_seconds"]
check(t["stop"] == "max-seconds" and 3 - 1.2 * call < t["seconds"] <= 3 + call, f"{t} for {call} s a call")
check(r["timing"]["n"] == t["calls"] and 1 <= t["calls"] <= 4, str(r["timing"]))
# the profile pass: a warm-up call, a calibration pair, then pairs of 1 s
check(p["rule"] == "slow-operation" and p["minimum_calls"] == 5, str(p))
check(p["stop"] == "max-seconds" and 3 - 2.4 * call < p["seconds"] <= 3 + 2 * call, f"{p} for {call} s a call")
check(p["calls"] == r["profile"]["calls"] >= 1, str(p))
check(abs(p["calibration_seconds"] - 0.5) < 0.1, str(p))
' "$work/max"
expect_grep "max-seconds: the plan is announced, with the rule" \
    "^iccsprof run: sigfix sign: about 50[0-9] ms a call; timing 25 calls (a slow operation: --min-calls 100 do not fit in --max-seconds 3, 5 a trial) ≈ 12.[0-9]* s, cut at --max-seconds 3" "$work/err"

# --- a profile pass that fails keeps the timing's record, and the reverse ---
ICCSPROF_FIXTURE=segv-profiled want=1 run_fix "profile pass crashes: exits 1" "$work/noprof" --op sign $quick
expect_grep "profile pass crashes: the summary says what is missing" \
    "^sigfix sign: [0-9.]* [kM]* *\(cycles\|ticks\).* \[partial: the profile pass failed (killed by signal 11 (Segmentation fault) during profile warm-up): no profile\]" "$work/out"
ICCSPROF_FIXTURE=hang-profiled want=1 run_fix "profile pass hangs: exits 1" "$work/hang" --op sign $quick --timeout 3
ICCSPROF_FIXTURE=segv-plain want=1 run_fix "timing pass crashes: exits 1" "$work/notime" --op sign $quick
py "a failed pass leaves the other, marked incomplete" '
import sys
from records import check, load
crash, hang, notime = (load(d + "/sigfix__sign.json") for d in sys.argv[1:4])
seg = "killed by signal 11 (Segmentation fault)"
for r, why in ((crash, seg + " during profile warm-up"), (hang, "timed out after 3 s during profile warm-up")):
    check(r["status"] == {"state": "partial", "incomplete": "profile",
                          "message": f"the profile pass failed ({why}): no profile"}, str(r["status"]))
    check(r["timing"]["n"] > 0 and r["profile"] is None and r["passes"]["profile"] is None, "timing kept")
    check(r["events"]["passes"]["timing"]["operations"] == r["timing"]["n"], str(r["events"]))
    check(r["events"]["passes"]["profile"] is None, str(r["events"]))
check(notime["status"] == {"state": "partial", "incomplete": "timing",
                           "message": f"the timing pass failed ({seg} during warm-up): no timing"}, str(notime["status"]))
check(notime["timing"] is None and notime["profile"]["calls"] > 0 and notime["passes"]["timing"] is None, "profile kept")
' "$work/noprof" "$work/hang" "$work/notime"
expect_status "incomplete: report" 0 "$ICCSPROF" report --section perf,symmetric "$work/noprof" "$work/notime"
py "incomplete: the report shows the pass kept, the other empty, and why" '
import re, sys
text = open(sys.argv[1]).read()
perf, sym = re.split(r"^## [0-9]+\. Symmetric primitives$", text, flags=re.M)
row = lambda part, inst: [l for l in part.splitlines() if l.startswith("| `sigfix`") or l.startswith("| sigfix")]
p, s = row(perf, "sigfix"), row(sym, "sigfix")
assert len(p) == 2 and len(s) == 2, (p, s)
# one record has the timing alone, the other the profile alone
assert sum("\u2013" not in l.split("|")[3] for l in p) == 1, p
assert sum(l.split("|")[3].strip() == "\u2013" for l in s) == 1, s
assert "incomplete: the profile pass failed (killed by signal 11" in text, text
assert "incomplete: the timing pass failed (killed by signal 11" in text, text
' "$work/out"

# --- --precision: a steady operation stops at its minimum, a noisy one runs to the limit ---
# (a busy machine moves a steady operation's trials by a few percent:
# the timing aims at ±20 %, which the noisy one's calls of 1 or 9 times
# 10 ms reach after some 60 calls, far beyond what 1.5 s holds)
ICCSPROF_FIXTURE=steady ICCSPROF_FIXTURE_MS=50 run_fix "precision: steady" "$work/steady" --op sign \
    --no-profile --trials 3 --min-calls 6 --target-seconds 0.01 --max-seconds 1.5 --precision 20%
ICCSPROF_FIXTURE=noisy ICCSPROF_FIXTURE_MS=10 run_fix "precision: noisy" "$work/noisy" --op sign \
    --no-profile --trials 3 --min-calls 6 --target-seconds 0.01 --max-seconds 1.5 --precision 20%
expect_grep "precision: the noisy pass says it goes on" \
    "^iccsprof run: sigfix sign: timing at ±[0-9.]* % after its minimum: on to about [0-9]* calls, [0-9.]* [mµ]*s more, for ±20 % or --max-seconds 1.5" "$work/err"
# (the profile pass: each pair is four operations, its rehearsal and play
# included, so its limit is twice the timing pass's)
ICCSPROF_FIXTURE=steady-share run_fix "precision: steady shares" "$work/steadyshare" --op sign --no-plain --instance sigfix \
    --min-calls 25 --profile-seconds 0.01 --max-seconds 4 --precision 5%
ICCSPROF_FIXTURE=noisy-share run_fix "precision: shares that vary" "$work/noisyshare" --op sign --no-plain --instance sigfix \
    --min-calls 25 --profile-seconds 0.01 --max-seconds 4 --precision 5%
py "precision: the steady passes stop early, the noisy ones at the limit" '
import sys
from records import check, load
steady, noisy, ssh, nsh = (load(d + "/sigfix__sign.json") for d in sys.argv[1:5])
t = steady["passes"]["timing"]
# at its minimum of 6 calls, or a trial or two later when a busy machine
# took a slice off one: well before the limit either way
check(t["rule"] == "min-calls" and t["minimum_calls"] == 6 and t["stop"] in ("minimum", "precision"), str(t))
check(t["precision"] <= 0.2 and t["seconds"] < 1.2 and steady["timing"]["n"] == t["calls"], str(t))
check(steady["method"]["precision"] == 0.2, str(steady["method"]))
t = noisy["passes"]["timing"]
check(t["stop"] == "max-seconds" and t["precision"] > 0.2 and t["calls"] > 6, str(t))
# within about one call of the limit: the calls are 10 or 90 ms, their
# mean (what the pass expects of the next) in between, and longer on a busy
# machine
call = noisy["timing"]["mean_seconds"]
check(1.5 - 1.2 * call < t["seconds"] <= 1.5 + 2 * call, f"{t} for {call} s a call")
p = ssh["passes"]["profile"]
check(p["stop"] in ("minimum", "precision") and p["precision"] <= 0.05 and p["seconds"] < 3, str(p))
p = nsh["passes"]["profile"]
check(p["stop"] == "max-seconds" and p["precision"] > 0.05, str(p))
' "$work/steady" "$work/noisy" "$work/steadyshare" "$work/noisyshare"

# --- an interruption: the signal named, the finished records kept ---
mkdir -p "$work/int"
ICCSPROF_FIXTURE=hang-sign sigint_default "$ICCSPROF" run --plain "$fix/libsigfix.so" \
    --profiled "$fix/libsigfix_prof.so" --out-dir "$work/int" --op all $quick >"$work/int.out" 2>"$work/int.err" &
interrupt_after "$work/int/sigfix__keygen.json" $!
[ $rc -eq 130 ] && pass "SIGINT: exit 130" || fail "SIGINT: exit 130" "exit $rc: $(cat "$work/int.err")"
expect_grep "SIGINT: named, with what is kept and how to resume" \
    "^iccsprof run: interrupted by SIGINT during sigfix sign: its measurement was stopped and not recorded; the 1 operation finished before it is kept, and the same command with --resume measures only the rest$" \
    "$work/int.err"
if grep -q "Terminated\|nothing was written" "$work/int.err"; then fail "SIGINT: no other signal named" "$(cat "$work/int.err")"; else pass "SIGINT: no other signal named"; fi
[ "$(cd "$work/int" && ls)" = "sigfix__keygen.json" ] && pass "SIGINT: the finished record alone, no temporary" ||
    fail "SIGINT: the finished record alone, no temporary" "$(ls -a "$work/int")"
cp "$work/int/sigfix__keygen.json" "$work/keygen.before"

# --- --resume: the finished operation kept, the others measured ---
expect_status "resume: exits 0" 0 "$ICCSPROF" run --plain "$fix/libsigfix.so" --profiled "$fix/libsigfix_prof.so" \
    --out-dir "$work/int" --op all $quick --resume
expect_grep "resume: the kept record is said so" "^sigfix keygen: .* (up to date: kept as measured)$" "$work/out"
expect_grep "resume: the others are measured" "^sigfix verify: .* ([0-9.]* s)$" "$work/out"
cmp -s "$work/keygen.before" "$work/int/sigfix__keygen.json" && pass "resume: the kept record is unchanged" ||
    fail "resume: the kept record is unchanged" "it was rewritten"
expect_status "resume, other settings: exits 0" 0 "$ICCSPROF" run --plain "$fix/libsigfix.so" \
    --profiled "$fix/libsigfix_prof.so" --out-dir "$work/int" --op keygen $quick --resume --seed 00ff
expect_grep "resume: other settings measure again" "^sigfix keygen: .* ([0-9.]* s)$" "$work/out"
# a record of an older schema, its settings the same, is measured again
sed -i 's|"iccsprof.profile/6"|"iccsprof.profile/5"|' "$work/int/sigfix__verify.json"
expect_status "resume, an older record: exits 0" 0 "$ICCSPROF" run --plain "$fix/libsigfix.so" \
    --profiled "$fix/libsigfix_prof.so" --out-dir "$work/int" --op verify $quick --resume
expect_grep "resume: an older record is measured again" "^sigfix verify: .* ([0-9.]* s)$" "$work/out"
expect_grep "resume: its new record is of this schema" '"schema": "iccsprof.profile/6"' "$work/int/sigfix__verify.json"
finish
