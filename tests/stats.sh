#!/bin/sh
# stats.sh - honest statistics end to end: pass sizes, per-operation call
# distributions on a scheme whose signing rejects DRNG candidates and fails
# at a known rate, events per pass, compare's rule for counts that vary,
# a slow scheme in a short budget, compensation under varying work, and
# the DRNG contexts a scheme really draws from.
. "$top_srcdir/tests/lib.sh"

fix="$top_builddir/tests/fixtures/run/.libs"
PYTHONPATH="$top_srcdir/tests${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONPATH
# exactly 100 operations in each pass: the minimum, far within the budget
exact="--trials 4 --min-calls 100 --target-seconds 0.000001 --profile-seconds 0.000001 --max-seconds 60 --precision off"
quick="--trials 2 --min-calls 3 --target-seconds 0.01 --profile-seconds 0.01 --max-seconds 5 --precision off"

# run NAME LIB DIR [OPTIONS...]: profile the fixture LIB (plain and _prof) into DIR.
run() {
    name=$1 lib=$2 dir=$3
    shift 3
    mkdir -p "$dir"
    expect_status "$name" 0 "$ICCSPROF" run --plain "$fix/$lib.so" \
        --profiled "$fix/${lib}_prof.so" --out-dir "$dir" "$@"
}

# --- rejection sampling: exact distributions and events per pass ---
ICCSPROF_FIXTURE=rejection run "rejection: sign" libsigfix "$work/rej" --op sign --instance sigfix $exact
py "rejection: pass sizes, events per pass, distributions exact" '
import math, sys
from records import CALIBRATION_PAIRS, check, load
r = load(sys.argv[1] + "/sigfix__sign.json")
check(r["timing"]["n"] == 100 and r["profile"]["calls"] == 100 and r["method"]["profile_calls"] == 100, "n")
e = r["events"]["passes"]
# untimed: 3 warm-up and 1 calibration signature of the plain library
# (operations 0 to 3), 3 warm-up and the calibration pairs of the
# profiled one (operations 0 to 2 + CALIBRATION_PAIRS); every fourth
# operation from the fifth on is retried; then 100 operations in each pass
s = 7 + CALIBRATION_PAIRS
want = {"setup": (s, s, (2 + CALIBRATION_PAIRS) // 4), "timing": (100, 100, 25), "profile": (100, 100, 25)}
for p, (ops, sigs, retried) in want.items():
    check((e[p]["operations"], e[p]["signatures"], e[p]["sign_failures_retried"]) == (ops, sigs, retried), f"{p}: {e[p]}")
check(r["events"]["sign_failures_retried"] == 50 + (2 + CALIBRATION_PAIRS) // 4, str(r["events"]))
h = r["profile"]["helpers"]
# the DRNG draws repeat 2, 3, 1, 5 per operation: 25 times each
d = h["get_random_number"]
sd = math.sqrt(25 * (0.75 ** 2 + 0.25 ** 2 + 1.75 ** 2 + 2.25 ** 2) / 99)
check(d["calls"] == 275 and d["calls_min"] == 1 and d["calls_max"] == 5, str(d))
check(abs(d["calls_stddev"] - sd) < 1e-9 and abs(d["calls_per_op_stderr"] - sd / 10) < 1e-9, str(d))
for name in ("pseudohash", "sm3hash"):
    x = h[name]
    check(x["calls_min"] == x["calls_max"] == x["calls"] // 100 and x["calls_stddev"] == 0, f"{name}: {x}")
shape = [s for s in r["profile"]["shapes"] if s["helper"] == "get_random_number"]
check(len(shape) == 1 and (shape[0]["calls_min"], shape[0]["calls_max"]) == (1, 5) and abs(shape[0]["calls_stddev"] - sd) < 1e-9, str(shape))
check(r["drng"]["seed_reached"] is True and r["drng"]["contexts"][0]["calls"] == 275, str(r["drng"]))
' "$work/rej"
expect_status "rejection: report" 0 "$ICCSPROF" report --section perf,symmetric "$work/rej"
expect_grep "rejection: the n cell gives the timing pass's retries" \
    '| 100 (4 × 25); 25 failed signing attempts retried |' "$work/out"
expect_grep "rejection: a varying count carries its standard error" \
    '| drng 2.75 ±0.15, pseudohash 1, sm3hash 2 |' "$work/out"
expect_grep "rejection: one note with the events of each pass" \
    'failed signing attempts retried: 25 in 100 timed signatures, 25 in 100 profiled signatures' "$work/out"

# --- compare: counts that vary differ only beyond their standard errors ---
ICCSPROF_FIXTURE=rejection run "rejection: again, other n" libsigfix "$work/rej2" --op sign --instance sigfix \
    --trials 4 --min-calls 102 --target-seconds 0.000001 --profile-seconds 0.000001 --max-seconds 60 \
    --precision off
expect_status "compare identical libraries: --fail-on calls holds not" 0 \
    "$ICCSPROF" compare --fail-on calls "$work/rej" "$work/rej2"
expect_grep "compare: a varying count within its errors is said so" "within 2 SE" "$work/out"
ICCSPROF_FIXTURE=rejection run "rejection: one more call" libsigextra "$work/extra" --op sign --instance sigfix $exact
expect_status "compare with one helper call added: --fail-on calls holds" 1 \
    "$ICCSPROF" compare --fail-on calls "$work/rej" "$work/extra"
expect_grep "compare: the condition names the record" "fail-on calls holds.*sigfix sign" "$work/err"

# --- a slow operation: --min-calls that do not fit give way to 5 a trial ---
ICCSPROF_FIXTURE=slow run "slow: sign" libsigfix "$work/slow" --op sign --min-calls 100 --target-seconds 0.05 \
    --profile-seconds 0.05 --max-seconds 1 --precision off
py "slow: 5 trials of 5 calls, 5 operations profiled, recorded per pass" '
import sys
from records import check, load
r = load(sys.argv[1] + "/sigfix__sign.json")
n, p, e = r["timing"]["n"], r["profile"]["calls"], r["events"]["passes"]
# 10 ms each: 100 calls do not fit in what 1 s leaves after the warm-up
check(n == 25 and len(r["timing"]["trials"]) == 5 and p == 5, f"n={n} p={p}")
check(e["timing"]["operations"] == n and e["profile"]["operations"] == p, str(e))
for name in ("timing", "profile"):
    x = r["passes"][name]
    check(x["rule"] == "slow-operation" and x["stop"] == "minimum", str(x))
' "$work/slow"
expect_status "slow: report" 0 "$ICCSPROF" report --section symmetric "$work/slow"
expect_grep "slow: the profile n is shown and flagged" "profiled operations (timed: [0-9]*); below the minimum of 100" "$work/out"

# --- varying work: the twins do the same work, the compensation holds ---
# 4000 pairs whatever the machine's speed or load (the budget holds them
# all): what the wrappers add to a signature (four timed calls, a few
# hundred ticks) then stands several standard errors clear of zero
# however much the other processes shake each operation's time.
ICCSPROF_FIXTURE=varwork run "varwork: sign" libsigfix "$work/var" --op sign --trials 2 \
    --min-calls 4000 --target-seconds 0.000001 --profile-seconds 0.000001 --max-seconds 600 \
    --precision off
py "varwork: compensation paired, never negative" '
import sys
from records import check, load
p = load(sys.argv[1] + "/sigfix__sign.json")["profile"]
c = p["compensation"]
check(p["calls"] == 4000, str(p["calls"]))
check(c["paired"] and c["added_ticks"] >= 0 and c["reason"] != "negative", str(c))
' "$work/var"

# --- a DRNG of the scheme's own, no drng_algorithm: found and seeded ---
run "private static DRNG: runs without drng_algorithm" librngfix "$work/rng" --op all $quick
py "private static DRNG: found, seeded, reached" '
import sys
from records import check, load
for op in ("keygen", "sign", "verify"):
    r = load(sys.argv[1] + f"/rngfix__{op}.json")
    d, n = r["drng"], r["profile"]["calls"]
    ctx = [] if op == "verify" else [{"symbol": "rng_state", "object": "librngfix_prof.so",
                                       "offset": d["contexts"][0]["offset"] if d["contexts"] else None,
                                       "calls": n, "seeded": True}]
    check(d == {"global": False, "seeded": ["rng_state"], "contexts": ctx, "other_calls": 0, "table": 8,
                "seed_reached": None if op == "verify" else True}, f"{op}: {d}")
    check(r["status"]["state"] == "complete", str(r["status"]))
' "$work/rng"
expect_status "private static DRNG: report" 0 "$ICCSPROF" report --section symmetric "$work/rng"
expect_grep "private static DRNG: the report says it was seeded" \
    "the scheme.s own DRNG context rng_state found and seeded with --seed" "$work/out"

# --- a DRNG on the heap, seeded by the scheme: --seed does not reach it ---
run "heap DRNG: runs" librngheap "$work/heap" --op sign $quick
py "heap DRNG: the record says the seed did not reach it" '
import sys
from records import check, load
r = load(sys.argv[1] + "/rngheap__sign.json")
d, n = r["drng"], r["profile"]["calls"]
check(d == {"global": False, "seeded": [], "other_calls": 0, "table": 8, "seed_reached": False,
            "contexts": [{"symbol": None, "object": None, "offset": None, "calls": n, "seeded": False}]}, str(d))
' "$work/heap"
py "heap DRNG: its runs differ, so no operation is played back" '
import sys
from records import check, load
p = load(sys.argv[1] + "/rngheap__sign.json")["profile"]
check(p["replay"] == {"pairs": p["calls"], "fault": "its helper calls differ from one run to the next", "share": None}, str(p["replay"]))
' "$work/heap"
py "static DRNG: its data put back, every operation is played back, the trials taking the cores in turn" '
import os, sys
from records import check, load
p = load(sys.argv[1] + "/rngfix__sign.json")["profile"]
x = p["replay"]
check(x["fault"] is None and x["pairs"] == p["calls"], str(x))
# up to four of the cores this process may run on, evenly spread, in
# turn from the first (a short pass may not reach the last), each with
# pairs of its own; the share is the mean of theirs
cpus = sorted(os.sched_getaffinity(0))
want = [cpus[k * len(cpus) // min(4, len(cpus))] for k in range(min(4, len(cpus)))]
cores = x["cores"]
check([c["cpu"] for c in cores] == want[:len(cores)] and len(cores) >= min(2, len(want)), str(cores))
check(sum(c["pairs"] for c in cores) == x["pairs"], str(cores))
check(all(abs(c["share"] - c["removed_ticks"] / c["off_ticks"]) < 1e-9 for c in cores), str(cores))
check(abs(x["share"] - sum(c["share"] for c in cores) / len(cores)) < 1e-9, str(x))
' "$work/rng"
py "static DRNG: the timing trials take the same cores in turn, the cycles the mean of theirs" '
import os, sys
from records import check, load
t = load(sys.argv[1] + "/rngfix__sign.json")["timing"]
cpus = sorted(os.sched_getaffinity(0))
want = [cpus[k * len(cpus) // min(4, len(cpus))] for k in range(min(4, len(cpus)))]
trials = t["trials"]
# --trials 2, as many as asked, the cores in turn from the first
check(len(trials) == 2, str(trials))
check([x["cpu"] for x in trials] == [want[i % len(want)] for i in range(2)], str(trials))
check([c["cpu"] for c in t["cores"]] == want[:2], str(t["cores"]))
for c in t["cores"]:
    mine = [x for x in trials if x["cpu"] == c["cpu"]]
    check(c["trials"] == len(mine) and c["calls"] == sum(x["calls"] for x in mine), str(c))
    check(abs(c["mean_cycles"] - sum(x["cycles"] for x in mine) / c["calls"]) < 1e-6 * c["mean_cycles"], str(c))
means = [c["mean_cycles"] for c in t["cores"]]
check(abs(t["mean_cycles"] - sum(means) / len(means)) < 1e-6 * t["mean_cycles"], str(t))
check(abs(t["core_spread"] - (max(means) - min(means)) / t["mean_cycles"]) < 1e-9, str(t))
se = sum(c["mean_cycles_stderr"] ** 2 for c in t["cores"]) ** 0.5 / len(means)
check(abs(t["mean_cycles_stderr"] - se) < 1e-6 * max(se, 1), str(t))
' "$work/rng"
# Pinned, both passes stay on its core: one, the share its pairs give, the
# cycles its trials give.
cpu=$(python3 -c 'import os; print(max(os.sched_getaffinity(0)))')
run "private static DRNG: pinned" librngfix "$work/rngpin" --op sign --cpu "$cpu" $quick
py "pinned: the pairs on the one core, the share theirs" '
import sys
from records import check, load
p = load(sys.argv[1] + "/rngfix__sign.json")["profile"]
x = p["replay"]
check([(c["cpu"], c["pairs"]) for c in x["cores"]] == [(int(sys.argv[2]), p["calls"])], str(x))
check(abs(x["share"] - x["removed_ticks"] / x["off_ticks"]) < 1e-9, str(x))
t = load(sys.argv[1] + "/rngfix__sign.json")["timing"]
check([x["cpu"] for x in t["trials"]] == [int(sys.argv[2])] * 2, str(t["trials"]))
check([(c["cpu"], c["trials"]) for c in t["cores"]] == [(int(sys.argv[2]), 2)] and t["core_spread"] == 0, str(t))
' "$work/rngpin" "$cpu"
expect_status "heap DRNG: report" 0 "$ICCSPROF" report --section symmetric "$work/heap"
expect_grep "heap DRNG: the report says --seed does not control it" \
    "randomness is not controlled by --seed" "$work/out"
finish
