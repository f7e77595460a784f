#!/bin/sh
# run-processes.sh - `iccsprof run --profile-processes` and
# `--timing-processes`: a pass made in several measuring processes writes
# one record whose counts are the sum of the processes', with each
# process's share or mean cycles beside the mean; a count that is no
# count is refused.
. "$top_srcdir/tests/lib.sh"

. "$top_srcdir/tests/run-lib.sh"

# each process makes exactly --min-calls operations: its part of an aim
# this short is one operation
exact="--trials 2 --min-calls 3 --target-seconds 0.01 --profile-seconds 0.000001 --max-seconds 5 --precision off"

run_fix "three processes: the record written" "$work/three" $exact --op sign --profile-processes 3
run_fix "one process: the record written" "$work/one" $exact --op sign
py "three processes: counts are the sum of theirs" '
import sys
from records import check, load, shapes
three, one = load(sys.argv[1] + "/sigfix__sign.json"), load(sys.argv[2] + "/sigfix__sign.json")
p = three["profile"]
check(three["status"] == {"state": "complete", "message": ""}, str(three["status"]))
check([x["operations"] for x in p["processes"]] == [3, 3, 3], str(p["processes"]))
check(p["calls"] == 9 and one["profile"]["calls"] == 3, str((p["calls"], one["profile"]["calls"])))
check("processes" not in one["profile"], "one process: no list")
# sign: 1 get_random_number, 1 pseudohash and 2 sm3hash calls an operation
check(shapes(three) == {("get_random_number", 0, 128): 9, ("pseudohash", 896, 512): 9, ("sm3hash", 256, 256): 18}, str(shapes(three)))
check(shapes(three) == {k: 3 * v for k, v in shapes(one).items()}, "three times one process")
check(p["helpers"]["sm3hash"]["calls"] == 18 and p["helpers"]["pseudohash"]["calls"] == 9, str(p["helpers"]))
check(len(p["trials"]["hash_shares"]) >= 3, "the trials of every process")
check(three["passes"]["profile"]["calls"] == 9, str(three["passes"]["profile"]))
check(three["events"]["passes"]["profile"]["operations"] == one["events"]["passes"]["profile"]["operations"] * 3,
      str(three["events"]["passes"]))
x = p["replay"]
if x["share"] is not None:
    shares = [e["share"] for e in p["processes"]]
    check(all(s is not None for s in shares), str(shares))
    check(abs(x["share"] - sum(shares) / 3) < 1e-9, str((x["share"], shares)))
    check(x["pairs"] == 9, str(x["pairs"]))
    # the interval of the mean: below by its half-width, above by that and the serving cost
    check(x["share_lower"] <= x["share"] <= x["share_upper"], str(x))
    check(x["share_upper"] - x["share"] > x["share"] - x["share_lower"] or x["share_upper"] == 1, str(x))
' "$work/three" "$work/one"
expect_status "three processes: the record reads back" 0 "$ICCSPROF" report --format json \
    "$work/three/sigfix__sign.json"

# call sites add by where they are, whatever address each process
# loaded the library at
run_fix "three processes with callers: the record written" "$work/callers3" $exact --op sign \
    --profile-processes 3 --callers=2
run_fix "one process with callers: the record written" "$work/callers1" $exact --op sign --callers=2
py "three processes with callers: one site each, three times the calls" '
import sys
from records import check, load
three, one = load(sys.argv[1] + "/sigfix__sign.json"), load(sys.argv[2] + "/sigfix__sign.json")
key = lambda s: (s["helper"], tuple((f["object"], f["offset"]) for f in s["frames"]))
t = {key(s): s["calls"] for s in three["callers"]["sites"]}
o = {key(s): s["calls"] for s in one["callers"]["sites"]}
check(len(t) == len(three["callers"]["sites"]), "no site twice")
check(t == {k: 3 * v for k, v in o.items()}, str((t, o)))
for h, row in three["profile"]["helpers"].items():
    sites = sum(s["calls"] for s in three["callers"]["sites"] if s["helper"] == h)
    beyond = sum(b["calls"] for b in three["callers"]["beyond"] if b["helper"] == h)
    check(sites + beyond == row["calls"], f"{h}: {sites} + {beyond} calls at sites, {row}")
' "$work/callers3" "$work/callers1"

# the progress says which process runs, and counts the ones after it in
# the time left: with -v, a line for each phase of each process
expect_status "three processes, -v: exits 0" 0 "$ICCSPROF" run -v --plain "$fix/libsigfix.so" \
    --profiled "$fix/libsigfix_prof.so" --op sign --out "$work/v.json" $exact --profile-processes 3
for k in 1 2 3; do
    expect_grep "-v: process $k's calibration has its line" \
        "^iccsprof run: sigfix sign (profile process $k/3): profile calibration · elapsed" "$work/err"
done
# the processes of the two passes take turns, while both have some left,
# so that each pass's spread holds the machine's pace over the whole
# measurement: three timing and two profile processes in the order
# timing 1, profile 1, timing 2, profile 2, timing 3
expect_status "three timing and two profile processes, -v: exits 0" 0 "$ICCSPROF" run -v \
    --plain "$fix/libsigfix.so" --profiled "$fix/libsigfix_prof.so" --op sign --out "$work/turns.json" \
    $exact --timing-processes 3 --profile-processes 2
py "the passes' processes take turns" '
import re, sys
order = []
for line in open(sys.argv[1]):
    m = re.match(r"iccsprof run: sigfix sign \((timing|profile) process (\d)/(\d)\): ", line)
    if m and (not order or order[-1] != m.groups()):
        order.append(m.groups())
want = [("timing", "1", "3"), ("profile", "1", "2"), ("timing", "2", "3"), ("profile", "2", "2"),
        ("timing", "3", "3")]
assert order == want, (order, open(sys.argv[1]).read())
' "$work/err"
py "processes taking turns: one record of both passes" '
import sys
from records import check, load
r = load(sys.argv[1])
check(r["status"] == {"state": "complete", "message": ""}, str(r["status"]))
check(len(r["timing"]["processes"]) == 3 and len(r["profile"]["processes"]) == 2,
      str((r["timing"].get("processes"), r["profile"].get("processes"))))
check(r["profile"]["calls"] == 6, str(r["profile"]["calls"]))
' "$work/turns.json"

# a profile process that runs out of time ends the profile pass, and the
# timing's processes go on: the timing stays whole
ICCSPROF_FIXTURE=hang-profiled want=1 run_fix "two timing processes, the profiled build hanging: exits 1" \
    "$work/thang" $exact --op sign --timing-processes 2 --timeout 3
py "two timing processes, the profiled build hanging: the timing of both, no profile" '
import sys
from records import check, load
r = load(sys.argv[1] + "/sigfix__sign.json")
check(r["status"] == {"state": "partial", "incomplete": "profile",
                      "message": "the profile pass failed (timed out after 3 s during profile warm-up): no profile"},
      str(r["status"]))
check([p["process"] for p in r["timing"]["processes"]] == [0, 1] and r["profile"] is None, str(r["timing"]))
' "$work/thang"

# a timing process that runs out of time after a profile process has
# run ends the run: the profile pass, begun, is not finished
rm -f "$work/mark"
ICCSPROF_FIXTURE=hang-plain-again ICCSPROF_FIXTURE_FILE=$work/mark want=1 run_fix \
    "the second timing process hanging: exits 1" "$work/t2hang" $exact --op sign \
    --timing-processes 2 --profile-processes 2 --timeout 3
py "the second timing process hanging: a failed record, the profile pass not finished" '
import sys
from records import check, load
r = load(sys.argv[1] + "/sigfix__sign.json")
check(r["status"] == {"state": "failed",
                      "message": "timed out after 3 s during warm-up; the profile pass was not finished after it"},
      str(r["status"]))
check(r["timing"] is None and r["profile"] is None, "no figures")
' "$work/t2hang"

# signatures of 10 ms: each process plans 30 operations of a pair, a
# rehearsal and a play, 1.2 s, long enough for its plan's line
ICCSPROF_FIXTURE=slow expect_status "three slow processes: exits 0" 0 "$ICCSPROF" run \
    --plain "$fix/libsigfix.so" --profiled "$fix/libsigfix_prof.so" --op sign --out "$work/slow.json" \
    --trials 2 --min-calls 30 --target-seconds 0.01 --profile-seconds 0.000001 --max-seconds 5 \
    --precision off --profile-processes 3
py "three slow processes: each plan, the time left counting the processes after it" '
import re, sys
left = {}
for line in open(sys.argv[1]):
    m = re.match(r"iccsprof run: sigfix sign \(profile process (\d)/3\): about .* a call; profile 30 operations, each with the wrappers on and off \(--min-calls 30\) \u2248 ([0-9.]+) s .* about (\d+):(\d\d) left$", line)
    if m:
        left[int(m.group(1))] = (float(m.group(2)), 60 * int(m.group(3)) + int(m.group(4)))
assert sorted(left) == [1, 2, 3], open(sys.argv[1]).read()
# the first: its own plan and two more like it; the last: its own alone
assert left[1][1] >= 2 * left[1][0] + left[1][0] - 1, left
assert left[3][1] <= left[3][0] + 1, left
' "$work/err"

# a process that fails fails the pass: the timing stays, the profile is
# missing and the status says why
want=1 ICCSPROF_FIXTURE=segv-profiled run_fix "three processes, the profiled build crashing: exits 1" \
    "$work/segv" $exact --op sign --profile-processes 3
py "three processes, the profiled build crashing: a partial record without its profile" '
import sys
from records import check, load
r = load(sys.argv[1] + "/sigfix__sign.json")
check(r["profile"] is None and r["timing"] is not None, str(r["profile"]))
check(r["status"] == {"state": "partial", "incomplete": "profile", "message": "the profile pass failed (killed by signal 11 (Segmentation fault) during profile warm-up): no profile"}, str(r["status"]))
' "$work/segv"

# --timing-processes: the timing pass in three processes, one record
# whose trials name their process, the timing events of all three added
run_fix "three timing processes: the record written" "$work/tthree" $exact --op sign \
    --timing-processes 3
py "three timing processes: each its trials, their spread, the error at least theirs" '
import sys
from records import check, load
three, one = load(sys.argv[1] + "/sigfix__sign.json"), load(sys.argv[2] + "/sigfix__sign.json")
t, o = three["timing"], one["timing"]
check(three["status"] == {"state": "complete", "message": ""}, str(three["status"]))
check("processes" not in o and "process_spread" not in o and "process" not in o["trials"][0], "one process: none")
check([p["process"] for p in t["processes"]] == [0, 1, 2], str(t["processes"]))
check(sorted(x["process"] for x in t["trials"]) == sorted([0, 1, 2] * len(o["trials"])), str(t["trials"]))
for p in t["processes"]:
    mine = [x for x in t["trials"] if x["process"] == p["process"]]
    check(p["trials"] == len(mine) == len(o["trials"]), str(p))
    check(p["calls"] == sum(x["calls"] for x in mine), str(p))
    check(abs(p["mean_cycles"] - sum(x["cycles"] for x in mine) / p["calls"]) <= 1e-6 * p["mean_cycles"], str(p))
check(t["n"] == sum(x["calls"] for x in t["trials"]), str(t["n"]))
means = [p["mean_cycles"] for p in t["processes"]]
check(abs(t["process_spread"] - (max(means) - min(means)) / t["mean_cycles"]) < 1e-9, str(t["process_spread"]))
m = sum(means) / 3
se = (sum((x - m) ** 2 for x in means) / 2 / 3) ** 0.5
check(abs(t["mean_cycles_stderr"] - max(se, t["within_process_stderr"])) <= 1e-9 * t["mean_cycles"], str(t))
# the calls and operations of all three, and each warming up besides
check(one["passes"]["timing"]["calls"] == o["n"] and three["passes"]["timing"]["calls"] == t["n"],
      str((one["passes"]["timing"], three["passes"]["timing"])))
ops, one_ops = three["events"]["passes"]["timing"]["operations"], one["events"]["passes"]["timing"]["operations"]
warm, one_warm = three["passes"]["timing"]["warmup_calls"], one["passes"]["timing"]["warmup_calls"]
check(one_ops == o["n"] and ops == t["n"] and warm >= 3 and one_warm >= 1,
      str((ops, t["n"], warm, one_ops, o["n"], one_warm)))
' "$work/tthree" "$work/one"
expect_status "three timing processes: the record reads back" 0 "$ICCSPROF" report --format json \
    "$work/tthree/sigfix__sign.json"

# the precision a record of three timing processes states holds their
# spread: Student t of two degrees times their error, where theirs is the
# error of the record (run_timing_precision; check_run_timing holds the
# exact figures)
run_fix "three timing processes of four trials: the record written" "$work/tfour" --trials 4 \
    --min-calls 3 --target-seconds 0.01 --profile-seconds 0.000001 --max-seconds 5 --precision off \
    --op sign --timing-processes 3
py "three timing processes of four trials: the precision holds their spread" '
import sys
from records import check, load
r = load(sys.argv[1] + "/sigfix__sign.json")
t, prec = r["timing"], r["passes"]["timing"]["precision"]
means = [p["mean_cycles"] for p in t["processes"]]
m = sum(means) / 3
se = (sum((x - m) ** 2 for x in means) / 2 / 3) ** 0.5
check(prec is not None and prec > 0, str(r["passes"]["timing"]))
if se > t["within_process_stderr"]:
    check(prec >= 4.302653 * se / t["mean_cycles"] * (1 - 1e-9), str((prec, se, t["mean_cycles"])))
' "$work/tfour"

# a timing process that fails fails the pass, with the one message
want=1 ICCSPROF_FIXTURE=segv-sign run_fix "three timing processes, signing crashing: exits 1" \
    "$work/tsegv" $exact --op sign --timing-processes 3
py "three timing processes, signing crashing: the record says the timing pass failed" '
import sys
from records import check, load
r = load(sys.argv[1] + "/sigfix__sign.json")
check(r["timing"] is None and r["profile"] is None, str(r["timing"]))
check(r["status"]["state"] == "failed" and "killed by signal 11" in r["status"]["message"], str(r["status"]))
' "$work/tsegv"

for bad in 0 65 -1 three; do
    expect_status "--timing-processes '$bad' refused" 2 "$ICCSPROF" run --plain "$fix/libsigfix.so" \
        --profiled "$fix/libsigfix_prof.so" --out "$work/bad.json" --op sign --timing-processes "$bad"
    printf "iccsprof run: --timing-processes: '%s' is not a whole number from 1 to 64\n" \
        "$bad" >"$work/want"
    if head -n 1 "$work/err" | cmp -s - "$work/want"; then
        pass "--timing-processes '$bad': one line naming the option and the value"
    else
        fail "--timing-processes '$bad': one line naming the option and the value" "$(cat "$work/err")"
    fi
    [ ! -e "$work/bad.json" ] && pass "--timing-processes '$bad': no record" ||
        fail "--timing-processes '$bad': no record" "$work/bad.json written"
done

for bad in 0 three 65 -1 ''; do
    expect_status "--profile-processes '$bad' refused" 2 "$ICCSPROF" run --plain "$fix/libsigfix.so" \
        --profiled "$fix/libsigfix_prof.so" --out "$work/bad.json" --op sign --profile-processes "$bad"
    printf "iccsprof run: --profile-processes: '%s' is neither auto nor a whole number from 1 to 64\n" \
        "$bad" >"$work/want"
    if head -n 1 "$work/err" | cmp -s - "$work/want"; then
        pass "--profile-processes '$bad': one line naming the option and the value"
    else
        fail "--profile-processes '$bad': one line naming the option and the value" "$(cat "$work/err")"
    fi
    [ ! -e "$work/bad.json" ] && pass "--profile-processes '$bad': no record" ||
        fail "--profile-processes '$bad': no record" "$work/bad.json written"
done

finish
