#!/bin/sh
# run-kex.sh - `iccsprof run` on the key-exchange stand-ins of
# tests/fixtures/run/kexfix.c, of two and three passes: one record per
# step with exact calls, sizes and messages, state restored for every
# measured call, disagreeing secrets counted, and the report's sizes.
. "$top_srcdir/tests/lib.sh"

fix="$top_builddir/tests/fixtures/run/.libs"
PYTHONPATH="$top_srcdir/tests${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONPATH
quick="--trials 2 --min-calls 3 --target-seconds 0.01 --profile-seconds 0.01 --max-seconds 5 --precision off"

# run_kex NAME LIB DIR [OPTIONS...]: profile the fixture libLIB into DIR.
run_kex() {
    name=$1 lib=$2 dir=$3
    shift 3
    mkdir -p "$dir"
    expect_status "$name" "${want:-0}" "$ICCSPROF" run --plain "$fix/lib$lib.so" \
        --profiled "$fix/lib${lib}_prof.so" --out-dir "$dir" $quick "$@"
}

# The exact calls of each step (kexfix.c); the fixture's steps fail on any
# state but a real exchange's, so complete records also prove the state
# each measured call saw.
expect='
drng256, sm3, drng128 = ("get_random_number", 0, 256), ("sm3hash", 256, 256), ("get_random_number", 0, 128)
expect = {
    "init_a": {drng256: 1, sm3: 1}, "init_b": {drng256: 1, sm3: 1},
    "pass1_a": {drng128: 1}, "pass2_b": {drng128: 1, ("pseudoXOF", 128, 128): 1},
    "pass3_a": {("pseudoXOF", 256, 128): 1},
    "derive_a": {sm3: 1}, "derive_b": {sm3: 1},
}
'

for passes in 2 3; do
    lib=kexfix
    [ "$passes" -eq 3 ] && lib=kexfix3
    run_kex "kex $passes passes: all steps" $lib "$work/k$passes" --op all --scheme fixture-kex
    [ "$(wc -l <"$work/out")" -eq $((passes + 4)) ] && pass "kex $passes passes: one line per step" ||
        fail "kex $passes passes: one line per step" "$(cat "$work/out")"
    py "kex $passes passes: records exact" "
import sys
from records import check, load, shapes
$expect
d, passes = sys.argv[1], int(sys.argv[2])
steps = ['init_a', 'init_b'] + ['pass%d_%s' % (k, 'ab'[(k + 1) % 2]) for k in range(1, passes + 1)] + ['derive_a', 'derive_b']
messages = [16, 32, 16][:passes]
for op in steps:
    r = load(f'{d}/{sys.argv[3]}__{op}.json')
    n = r['profile']['calls']
    check(r['operation'] == op and r['scheme']['type'] == 'kex', op)
    check(shapes(r) == {k: v * n for k, v in expect[op].items()}, f'{op}: {shapes(r)} for {n} ops')
    check(r['sizes'] == {'pk': 32, 'sk': 32, 'sta': 64, 'stb': 64, 'ss': 32,
                         'msg_total': sum(messages), 'passes': passes, 'messages': messages}, str(r['sizes']))
    check({k: v for k, v in r['events'].items() if k != 'passes'} == {'sign_failures_retried': 0, 'verify_rejections': 0, 'decaps_mismatches': 0,
                          'kex_mismatches': 0}, str(r['events']))
    check(r['status'] == {'state': 'complete', 'message': ''}, f'{op}: {r[\"status\"]}')
" "$work/k$passes" $passes $lib
done

# --- the secrets disagree: every exchange and every measured derive counted ---
ICCSPROF_FIXTURE=mismatch run_kex "mismatch: derive_a and pass1_a" kexfix "$work/mis" --op derive_a,pass1_a
py "mismatch: counted, output not validated" '
import sys
from records import CALIBRATION_PAIRS, check, load
d = sys.argv[1]
r = load(d + "/kexfix__derive_a.json")
n, p = r["timing"]["n"], r["profile"]["calls"]
# untimed: the setup exchange of each library, warm-up and calibration;
# then the measured derives (the plain pass times n, the profile pass p,
# whose wrappers-off twins are not counted again)
e = r["events"]["passes"]
s = 9 + CALIBRATION_PAIRS
check([e[x]["kex_mismatches"] for x in ("setup", "timing", "profile")] == [s, n, p], str(e))
check(r["events"]["kex_mismatches"] == s + n + p, str(r["events"]))
want = "exchanges derived two different shared secrets: output not validated"
check(r["status"] == {"state": "partial", "message": want}, str(r["status"]))
r = load(d + "/kexfix__pass1_a.json")
check(r["events"]["kex_mismatches"] == 2 and r["status"]["state"] == "partial", "one setup exchange per pass: %s" % r["events"])
' "$work/mis"

# --- the report: one row per step in API order, the sizes of the exchange ---
expect_status "report of both" 0 "$ICCSPROF" report --section perf,sizes "$work/k2" "$work/k3"
sed -n 's/^| `\(kexfix3*\)` | \([a-z0-9_]*\) |.*/\1 \2/p' "$work/out" | head -n 11 >"$work/order"
printf '%s\n' "kexfix init_a" "kexfix init_b" "kexfix pass1_a" "kexfix pass2_b" "kexfix derive_a" \
    "kexfix derive_b" "kexfix3 init_a" "kexfix3 init_b" "kexfix3 pass1_a" "kexfix3 pass2_b" \
    "kexfix3 pass3_a" >"$work/order-want"
cmp -s "$work/order" "$work/order-want" && pass "report: steps in API order" ||
    fail "report: steps in API order" "$(cat "$work/order")"
expect_grep "report: sizes of the 2-pass exchange" '^| `kexfix` | 32 | 32 | 2 | 16 + 32 | 32 |$' "$work/out"
expect_grep "report: sizes of the 3-pass exchange" '^| `kexfix3` | 32 | 32 | 3 | 16 + 32 + 16 | 32 |$' "$work/out"
expect_grep "report: the sizes table's columns" '^| instance | public key | secret key | passes | messages | shared secret |$' "$work/out"

# --- compare: steps matched by name; a pass of one exchange alone ---
run_kex "compare: A" kexfix "$work/ca" --op all --scheme fixture-kex --instance K
run_kex "compare: B, the same library" kexfix "$work/cb" --op all --scheme fixture-kex --instance K
run_kex "compare: C, three passes" kexfix3 "$work/cc" --op all --scheme fixture-kex --instance K
expect_status "compare: the same exchange, --fail-on calls" 0 "$ICCSPROF" compare --fail-on calls "$work/ca" "$work/cb"
sed -n 's/^| `K` | \([a-z0-9_]*\) | \(.*\) | \(.*\) | \([a-z]*\) |$/\1: \2 | \3 | \4/p' "$work/out" >"$work/calls"
printf '%s\n' "init_a: drng 1, sm3hash 1 | drng 1, sm3hash 1 | same" "init_b: drng 1, sm3hash 1 | drng 1, sm3hash 1 | same" \
    "pass1_a: drng 1 | drng 1 | same" "pass2_b: drng 1, pseudoXOF 1 | drng 1, pseudoXOF 1 | same" \
    "derive_a: sm3hash 1 | sm3hash 1 | same" "derive_b: sm3hash 1 | sm3hash 1 | same" >"$work/calls-want"
cmp -s "$work/calls" "$work/calls-want" && pass "compare: every step's calls, in API order" ||
    fail "compare: every step's calls, in API order" "$(cat "$work/out")"
expect_status "compare: two passes against three" 0 "$ICCSPROF" compare --fail-on calls "$work/ca" "$work/cc"
expect_grep "compare: six steps matched" "; 6 matched$" "$work/out"
expect_grep "compare: the third pass on one side only" "^- only in B: \`K\` pass3_a ($work/cc/K__pass3_a.json)$" "$work/out"

# --- bad input ---
want=2 run_kex "a pass beyond the exchange's" kexfix "$work/bad" --op pass3_a
expect_grep "the pass beyond is named" \
    "^iccsprof run: --op: 'pass3_a' is not an operation of a kex scheme (init_a, init_b, ..., derive_b or all)$" "$work/err"
finish
