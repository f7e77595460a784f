#!/bin/sh
# run.sh - `iccsprof run` end to end on the stand-in schemes of
# tests/fixtures/run: exact calls per operation, the record's fields, the
# method's handling of failing signers and rejecting verifiers, crashes and
# hangs, the scheme's output kept apart, and every bad input.
. "$top_srcdir/tests/lib.sh"

. "$top_srcdir/tests/run-lib.sh"

# run_sig NAME DIR [OPTIONS...]: measure the signature fixture into DIR, quickly.
run_sig() {
    sig_name=$1 sig_dir=$2
    shift 2
    run_fix "$sig_name" "$sig_dir" $quick "$@"
}

# --- a clean signature run: every operation, exact calls ---
run_sig "sig: all operations" "$work/sig" --op all --scheme fixture-sig
expect_grep "sig: one summary line per operation" "^sigfix verify: " "$work/out"
[ "$(wc -l <"$work/out")" -eq 3 ] && pass "sig: nothing else on stdout" || fail "sig: nothing else on stdout" "$(cat "$work/out")"
sha=$(sha256sum "$fix/libsigfix.so" | cut -d' ' -f1)
py "sig: records exact" '
import sys, records
from records import CALIBRATION_PAIRS, check, close, compensated, load, calls_per_op, shapes
d, sha = sys.argv[1], sys.argv[2]
expect = {
    "keygen": {("get_random_number", 0, 256): 1, ("pseudoXOF", 256, 512): 1, ("sm3hash", 512, 256): 1},
    "sign": {("get_random_number", 0, 128): 1, ("pseudohash", 896, 512): 1, ("sm3hash", 256, 256): 2},
    "verify": {("pseudohash", 896, 512): 1},
}
for op, want in expect.items():
    r = load(f"{d}/sigfix__{op}.json")
    n = r["profile"]["calls"]
    check(r["operation"] == op and r["scheme"] == {"id": "fixture-sig", "algorithm": "fixture-sig", "instance": "sigfix", "type": "sig"}, str(r["scheme"]))
    check(shapes(r) == {k: v * n for k, v in want.items()}, f"{op}: {shapes(r)} for {n} ops")
    check(r["status"] == {"state": "complete", "message": ""}, str(r["status"]))
    t = r["timing"]
    check(len(t["trials"]) == 2 and t["n"] == 2 * t["calls_per_trial"], str(t))
    check(sum(x["calls"] for x in t["trials"]) == t["n"], "n is the sum of the trials")
    check(abs(t["ops_per_second"] * t["mean_seconds"] - 1) < 1e-9, "ops/s is 1 / mean")
    p = r["profile"]
    # the helpers run inside the operations, on the same clock: their raw
    # shares hold on any machine; the compensated ones follow from the
    # fields of the record (a busy machine may clamp them at 1)
    check(0 < p["hash_share_raw"] < 1 and p["hash_share_raw"] + p["drng_share_raw"] <= 1, f"shares {p}")
    hashes = [p["helpers"][h] for h in ("pseudohash", "pseudoXOF", "sm3hash")]
    check(close(p["hash_share"], compensated(p, sum(h["ticks"] for h in hashes), sum(h["calls"] for h in hashes))), f"hash share {p}")
    check(close(p["drng_share"], compensated(p, p["helpers"]["get_random_number"]["ticks"], p["helpers"]["get_random_number"]["calls"])), f"drng share {p}")
    s = p["sampling"]
    check({k: s[k] for k in ("k", "auto", "first_n")} == {"k": 1, "auto": False, "first_n": 64}, str(s))
    # every call timed: kept, or set apart as an outlier (a preempted call)
    check(s["timed_calls"] + s["outliers"]["calls"] == sum(want.values()) * n, str(s))
    check(all(h["timed_calls"] + h["outlier_calls"] == h["calls"] for h in p["helpers"].values()), "every call timed")
    check(all(h["share_stderr"] == 0 for h in p["helpers"].values() if h["outlier_calls"] == 0), "no sampling error")
    check(s["outliers"]["multiple"] == 4 and s["outliers"]["margin_ticks"] > 0 and s["outliers"]["max_fraction"] == 0.02, str(s))
    check(all(x["min_ticks"] > 0 and x["many_outliers"] == (x["outlier_calls"] > 0.02 * (x["outlier_calls"] + x["timed_calls"])) for x in p["shapes"]), str(p["shapes"]))
    check(p["preempted"]["operations"] <= n and p["preempted"]["ticks"] <= p["ticks"], str(p["preempted"]))
    check(r["sizes"] == {"pk": 32, "sk": 96, "sig": 96,
                         "sig_observed_min": None if op == "keygen" else 48,
                         "sig_observed_max": None if op == "keygen" else 48}, str(r["sizes"]))
    check(r["build"]["plain"]["sha256"] == sha, "sha256 of the plain library")
    check(r["memory"]["static_image_bytes"] > 0 and r["memory"]["peak_rss_kib"] >= r["memory"]["baseline_rss_kib"] > 0, str(r["memory"]))
    e = r["events"]
    check({k: e[k] for k in ("sign_failures_retried", "verify_rejections", "decaps_mismatches")} == {"sign_failures_retried": 0, "verify_rejections": 0, "decaps_mismatches": 0}, str(e))
    # the pass sizes: warm-up and calibration of both libraries untimed,
    # the timing n, the profile n
    check([e["passes"][x]["operations"] for x in ("setup", "timing", "profile")] == [7 + CALIBRATION_PAIRS, t["n"], n], str(e["passes"]))
    check(e["passes"]["timing"]["signatures"] == (t["n"] if op == "sign" else 0), str(e["passes"]))
    check(r["drng"] == {"global": True, "seeded": ["drng_algorithm"], "other_calls": 0, "table": 8,
                        "seed_reached": None if op == "verify" else True,
                        "contexts": [] if op == "verify" else [{"symbol": "drng_algorithm", "object": "libsigfix_prof.so", "offset": r["drng"]["contexts"][0]["offset"], "calls": n, "seeded": True}]}, str(r["drng"]))
    c = p["compensation"]
    check(c["paired"] and c["applied"] == (c["reason"] is None), str(c))
    # the shares uncertainty: the pass cut into trials, its half-width
    # from their spread and the sampling error
    tr = p["trials"]
    check(tr["level"] == 0.95 and tr["count"] == len(tr["hash_shares"]) == len(tr["drng_shares"]) == records.trials_count(n, r["passes"]["profile"]["minimum_calls"]), f"{tr} for {n} pairs")
    if tr["count"] >= 2:
        check(all(close(p[g + "_share_uncertainty"], records.uncertainty(p, g)) for g in ("hash", "drng")), f"uncertainty {p}")
    check(all(0 <= x <= 1 for x in tr["hash_shares"] + tr["drng_shares"]) and p["drng_share_uncertainty"] <= 1, str(tr))
    check(all(h["calls_min"] == h["calls_max"] and h["calls_stddev"] == 0 for h in p["helpers"].values()), "fixed counts")
    check(r["log"] == {"path": None, "bytes": 0, "truncated": False}, str(r["log"]))
    check(r["callers"] is None and r["coverage"] is None, "no call sites, no build description")
    check(r["method"]["profile_calls"] == n and r["inputs"]["seed"] == bytes(range(48)).hex(), str(r["inputs"]))
' "$work/sig" "$sha"

# --- KEM ---
mkdir -p "$work/kem"
expect_status "kem: all operations" 0 "$ICCSPROF" run --plain "$fix/libkemfix.so" \
    --profiled "$fix/libkemfix_prof.so" --out-dir "$work/kem" --op all $quick
py "kem: records exact" '
import sys
from records import check, load, shapes
d = sys.argv[1]
expect = {
    "keygen": {("get_random_number", 0, 256): 1, ("pseudoXOF", 256, 512): 1, ("sm3hash", 512, 256): 1},
    "enc": {("get_random_number", 0, 256): 1, ("pseudoXOF", 256, 256): 1, ("sm3hash", 512, 256): 1},
    "dec": {("pseudoXOF", 256, 256): 1, ("sm3hash", 512, 256): 1},
}
for op, want in expect.items():
    r = load(f"{d}/kemfix__{op}.json")
    n = r["profile"]["calls"]
    check(r["scheme"]["type"] == "kem" and shapes(r) == {k: v * n for k, v in want.items()}, f"{op}: {shapes(r)}")
    check(r["sizes"] == {"pk": 32, "sk": 96, "ct": 32, "ss": 32}, str(r["sizes"]))
    check(r["status"]["state"] == "complete" and r["events"]["decaps_mismatches"] == 0, str(r["status"]))
' "$work/kem"

# --- a signer failing every third attempt: retries counted exactly ---
ICCSPROF_FIXTURE=fail3 run_sig "fail3: sign" "$work/fail3" --op sign
py "fail3: retries counted and timed" '
import sys
from records import CALIBRATION_PAIRS, check, load
r = load(sys.argv[1] + "/sigfix__sign.json")
n, p = r["timing"]["n"], r["profile"]["calls"]

def attempts(calls):
    """Failed attempts per kind of call and DRNG draws, every third attempt
    failing (each library instance counts its own)."""
    tried, fails, draws = 0, {}, {}
    for kind in calls:
        while True:
            tried += 1
            draws[kind] = draws.get(kind, 0) + 1
            if tried % 3:
                break
            fails[kind] = fails.get(kind, 0) + 1
    return fails, draws

# the plain pass: 3 warm-up calls, 1 calibration call, n timed; the profile
# pass: 3 warm-up, the calibration pairs, then p pairs, the first call of
# each pair (wrappers off) undone by restoring the library data, so that
# the second (measured) makes the same attempts
plain, _ = attempts(["setup"] * 4 + ["timing"] * n)
prof, draws = attempts(["setup"] * (3 + CALIBRATION_PAIRS) + ["profile"] * p)
e = r["events"]["passes"]
got = [e[x]["sign_failures_retried"] for x in ("setup", "timing", "profile")]
want = [plain.get("setup", 0) + prof.get("setup", 0), plain.get("timing", 0), prof.get("profile", 0)]
check(got == want, "%s n=%d p=%d" % (e, n, p))
check(r["events"]["sign_failures_retried"] == sum(want), str(r["events"]))
check([e[x]["signatures"] for x in ("setup", "timing", "profile")] == [7 + CALIBRATION_PAIRS, n, p], str(e))
drng = r["profile"]["helpers"]["get_random_number"]
check(drng["calls"] == draws["profile"], "failed attempts draw from the DRNG inside the measured span: %d, %d" % (drng["calls"], draws["profile"]))
check(drng["calls_min"] == 1 and drng["calls_max"] == 2 and drng["calls_stddev"] > 0, str(drng))
check(r["status"]["state"] == "complete", "retries alone leave the record complete")
' "$work/fail3"

# --- a count from one profiled operation: its spread is unknown (null) ---
run_fix "one operation: sign" "$work/oneop" --op sign --trials 2 --min-calls 1 --target-seconds 0.01 \
    --profile-seconds 0.00001 --max-seconds 5 --precision off
py "one operation: no standard deviation or error" '
import sys
from records import check, load
r = load(sys.argv[1] + "/sigfix__sign.json")
p = r["profile"]
check(p["calls"] == 1, "operations profiled: %d" % p["calls"])
for name, h in p["helpers"].items():
    check(h["calls_min"] == h["calls_max"] == h["calls"], "%s: %s" % (name, h))
    check(h["calls_stddev"] is None and h["calls_per_op_stderr"] is None, "%s: %s" % (name, h))
for s in p["shapes"]:
    check(s["calls_stddev"] is None and s["calls_per_op_stderr"] is None, str(s))
' "$work/oneop"

# --- verifiers rejecting the honest signature, with 1 and with -1 ---
for mode in reject reject-neg; do
    ICCSPROF_FIXTURE=$mode run_sig "$mode: verify" "$work/$mode" --op verify
    py "$mode: rejections counted, output not validated" '
import sys
from records import CALIBRATION_PAIRS, check, load
r = load(sys.argv[1] + "/sigfix__verify.json")
n, p = r["timing"]["n"], r["profile"]["calls"]
# setup (one verification per library), warm-up and calibration, then the
# measured calls: the plain pass times n, the profile pass measures p (the
# wrappers-off twin of each is not counted again)
e = r["events"]["passes"]
s = 9 + CALIBRATION_PAIRS
check([(e[x]["verifications"], e[x]["verify_rejections"]) for x in ("setup", "timing", "profile")] == [(s, s), (n, n), (p, p)], "%s n=%d p=%d" % (e, n, p))
check(r["events"]["verify_rejections"] == s + n + p, str(r["events"]))
check(r["status"]["state"] == "partial", str(r["status"]))
check(r["status"]["message"] == "verifications rejected the honest signature: output not validated", r["status"]["message"])
' "$work/$mode"
done

# --- a KEM whose decapsulation disagrees ---
mkdir -p "$work/mismatch"
ICCSPROF_FIXTURE=mismatch expect_status "mismatch: dec" 0 "$ICCSPROF" run --plain "$fix/libkemfix.so" \
    --profiled "$fix/libkemfix_prof.so" --out-dir "$work/mismatch" --op dec $quick
py "mismatch: counted, output not validated" '
import sys
from records import CALIBRATION_PAIRS, check, load
r = load(sys.argv[1] + "/kemfix__dec.json")
n, p = r["timing"]["n"], r["profile"]["calls"]
e = r["events"]["passes"]
s = 7 + CALIBRATION_PAIRS
check([(e[x]["decapsulations"], e[x]["decaps_mismatches"]) for x in ("setup", "timing", "profile")] == [(s, s), (n, n), (p, p)], str(e))
check(r["events"]["decaps_mismatches"] == s + n + p, str(r["events"]))
check(r["status"]["state"] == "partial" and "decapsulations disagreed" in r["status"]["message"], str(r["status"]))
' "$work/mismatch"

# --- a signer that crashes: its records fail, the others are written ---
ICCSPROF_FIXTURE=segv-sign want=1 run_sig "segv: exits 1" "$work/segv" --op all
py "segv: signal named, keygen still measured" '
import sys
from records import check, load
d = sys.argv[1]
check(load(d + "/sigfix__keygen.json")["status"]["state"] == "complete", "keygen")
s, v = load(d + "/sigfix__sign.json"), load(d + "/sigfix__verify.json")
check(s["status"] == {"state": "failed", "message": "killed by signal 11 (Segmentation fault) during warm-up"}, str(s["status"]))
check(v["status"] == {"state": "failed", "message": "killed by signal 11 (Segmentation fault) during setup"}, str(v["status"]))
check(s["timing"] is None and s["profile"] is None and s["memory"]["baseline_rss_kib"] is None, "failed records measure nothing")
' "$work/segv"

# --- a signer that never returns ---
ICCSPROF_FIXTURE=hang-sign want=1 run_sig "hang: exits 1" "$work/hang" --op sign --timeout 1
py "hang: the time-out is named" '
import sys
from records import check, load
r = load(sys.argv[1] + "/sigfix__sign.json")
check(r["status"] == {"state": "failed", "message": "timed out after 1 s during warm-up; the profile pass was not tried after it"}, str(r["status"]))
check(r["method"]["timeout_seconds"] == 1, str(r["method"]))
' "$work/hang"

# --- a verifier that prints: its output goes to the log, not to ours ---
ICCSPROF_FIXTURE=print run_sig "print: verify" "$work/print" --op verify
if grep -q verifying "$work/out" "$work/err"; then fail "print: our output is ours alone" "$(cat "$work/out")"; else pass "print: our output is ours alone"; fi
py "print: the log holds every line" '
import sys
from records import CALIBRATION_PAIRS, check, load, pair_calls
d = sys.argv[1]
r = load(d + "/sigfix__verify.json")
n, p = r["timing"]["n"], r["profile"]["calls"]
lines = (1 + 4 + n) + (1 + 3 + 2 * CALIBRATION_PAIRS + pair_calls(r["profile"]) * p)
line = "verifying a 48-byte signature\n"
check(r["log"] == {"path": "sigfix__verify.log", "bytes": lines * len(line), "truncated": False}, str(r["log"]))
check(open(d + "/sigfix__verify.log").read() == line * lines, "log content")
' "$work/print"

# --- each trial of the profile pass at a stack position of its own ---
ICCSPROF_FIXTURE=stack run_sig "stack: verify" "$work/stack" --op verify
py "stack: each trial moves the stack, the positions spread over a page" '
import sys
from records import check, load, pair_calls
d = sys.argv[1]
prof = load(d + "/sigfix__verify.json")["profile"]
p = prof["calls"]
at = [int(line.split()[2]) for line in open(d + "/sigfix__verify.log") if line.startswith("stack at ")]
runs = []  # the profile pass comes last, the operations of a trial at one position
for a in at[-pair_calls(prof) * p:]:
    if runs and runs[-1][0] == a:
        runs[-1][1] += 1
    else:
        runs.append([a, 1])
rev8 = lambda t: int(format(t % 256, "08b")[::-1], 2)
check(len(runs) >= 2 and [runs[0][0] - a for a, _ in runs] == [16 * rev8(t) for t in range(len(runs))], str(runs))
check(len({n for _, n in runs[:-1]}) == 1 and runs[0][1] % 4 == 0, f"trials of an even number of pairs: {runs}")
' "$work/stack"
py "stack: each trial of the timing pass moves the stack too" '
import sys
from records import check, load
d = sys.argv[1]
t = load(d + "/sigfix__verify.json")["timing"]
at = [int(line.split()[2]) for line in open(d + "/sigfix__verify.log") if line.startswith("stack at ")]
k, trials = t["calls_per_trial"], len(t["trials"])
first = 1 + 4  # the setup verification, the warm-up and calibration calls
timed = [at[first + i * k:first + (i + 1) * k] for i in range(trials)]
check(all(len(set(x)) == 1 for x in timed), f"one position a trial: {timed}")
rev8 = lambda i: int(format(i % 256, "08b")[::-1], 2)
cores = len(t["cores"])  # the trials take the cores in turn, each core the same positions
check([timed[0][0] - x[0] for x in timed] == [16 * rev8(i // cores) for i in range(trials)], str([x[0] for x in timed]))
' "$work/stack"

# --- a scheme that prints without end: its log is cut at 1 MiB ---
# (36,000 timed verifications print 1.03 MiB whatever the machine's speed)
ICCSPROF_FIXTURE=print run_sig "print: a long run" "$work/flood" --op verify --trials 1 \
    --target-seconds 0.01 --min-calls 36000 --max-seconds 120 --precision off
py "print: the log is cut, the record says how much there was" '
import os, sys
from records import CALIBRATION_PAIRS, check, load, pair_calls
d = sys.argv[1]
r = load(d + "/sigfix__verify.json")
n, p = r["timing"]["n"], r["profile"]["calls"]
lines = (1 + 4 + n) + (1 + 3 + 2 * CALIBRATION_PAIRS + pair_calls(r["profile"]) * p)
line = "verifying a 48-byte signature\n"
check(lines * len(line) > 1 << 20, "the run printed more than 1 MiB: %d lines" % lines)
check(r["log"] == {"path": "sigfix__verify.log", "bytes": lines * len(line), "truncated": True}, str(r["log"]))
check(os.path.getsize(d + "/sigfix__verify.log") == 1 << 20, "the log holds 1 MiB")
check(open(d + "/sigfix__verify.log").read() == (line * lines)[: 1 << 20], "the first 1 MiB")
' "$work/flood"

# --- single operation to a named file; either pass alone ---
mkdir -p "$work/single"
expect_status "--out writes one file" 0 "$ICCSPROF" run --plain "$fix/libsigfix.so" \
    --profiled "$fix/libsigfix_prof.so" --op keygen --out "$work/single/k.json" $quick
[ "$(ls "$work/single")" = "k.json" ] && pass "--out: only that file" || fail "--out: only that file" "$(ls "$work/single")"
# -q: the record alone, nothing said; -v: a line for every phase
expect_status "-q" 0 "$ICCSPROF" run -q --plain "$fix/libsigfix.so" \
    --profiled "$fix/libsigfix_prof.so" --op keygen --out "$work/single/q.json" $quick
[ -s "$work/single/q.json" ] && [ ! -s "$work/out" ] && [ ! -s "$work/err" ] && pass "-q: the record, and nothing said" ||
    fail "-q: the record, and nothing said" "$(cat "$work/out" "$work/err" | head -c 300)"
expect_status "-v" 0 "$ICCSPROF" run -v --plain "$fix/libsigfix.so" \
    --profiled "$fix/libsigfix_prof.so" --op keygen --out "$work/single/v.json" $quick
[ "$(grep -c '^iccsprof run: sigfix keygen: ' "$work/err")" -ge 8 ] && pass "-v: a line for every phase" ||
    fail "-v: a line for every phase" "$(head -c 300 "$work/err")"
expect_grep "-v: the result line too" "^sigfix keygen: .* ticks\| cycles" "$work/out"
rm -f "$work/single/q.json" "$work/single/v.json"
mkdir -p "$work/noplain" "$work/noprof"
expect_status "--no-plain" 0 "$ICCSPROF" run --no-plain --profiled "$fix/libsigfix_prof.so" \
    --op sign --instance sigfix --out-dir "$work/noplain" $quick
expect_status "--no-profile" 0 "$ICCSPROF" run --no-profile --plain "$fix/libsigfix.so" \
    --op sign --out-dir "$work/noprof" $quick
py "--no-plain / --no-profile leave their sections null" '
import sys
from records import check, load
a, b = load(sys.argv[1] + "/sigfix__sign.json"), load(sys.argv[2] + "/sigfix__sign.json")
check(a["timing"] is None and a["build"]["plain"] is None and a["profile"]["calls"] > 0, "no plain")
check(a["memory"] == {"static_image_bytes": None, "baseline_rss_kib": None, "peak_rss_kib": None}, str(a["memory"]))
check(b["profile"] is None and b["build"]["profiled"] is None and b["timing"]["n"] > 0, "no profile")
check(b["method"]["profile_calls"] is None, "no profile calls")
' "$work/noplain" "$work/noprof"

# --- call sites: static functions resolved, counts exact at depth 1 and 3 ---
for depth in 1 3; do
    mkdir -p "$work/sites$depth"
    expect_status "callers depth $depth" 0 "$ICCSPROF" run --plain "$fix/libsitesfix.so" \
        --profiled "$fix/libsitesfix_prof.so" --out-dir "$work/sites$depth" --op sign \
        --callers=$depth $quick
    py "callers depth $depth: sites exact and named" '
import sys
from records import check, close, compensated, load
depth = int(sys.argv[2])
r = load(sys.argv[1] + "/sitesfix__sign.json")
c, n = r["callers"], r["profile"]["calls"]
check(c["depth"] == depth and c["overflow"] == {"calls": 0, "ticks": 0}, str(c))
# the chains up to the frames of the driver, which the compiler may inline
check(all(len(s["frames"]) == depth for s in c["sites"]), "chains of the depth asked")
got = {tuple(f["function"] for f in s["frames"][:2]): s["calls_per_op"] for s in c["sites"]}
want = {("sitesfix_commit", "sig_sign"): 5.0, ("sitesfix_leaf", "sitesfix_tree"): 3.0}
want = {k[:depth]: v for k, v in want.items()}
check(got == want, str(got))
if depth == 3:
    check([s["frames"][2]["function"] for s in c["sites"] if s["calls_per_op"] == 3.0] == ["sig_sign"], "third frame")
check(sum(s["calls"] for s in c["sites"]) == r["profile"]["helpers"]["pseudoXOF"]["calls"] == 8 * n,
      "sites add up to the helper table")
for s in c["sites"]:
    f = s["frames"][0]
    check(s["helper"] == "pseudoXOF" and f["object"] == "libsitesfix_prof.so", str(f))
    check(f["file"].endswith("tests/fixtures/run/sitesfix.c") and f["line"] > 0, str(f))
    # the share of the operations of a site follows from the record,
    # and unclamped the shares of the sites add up to that of their helper
    check(0 < s["share_of_helper"] <= 1 and close(s["share_of_op"], compensated(r["profile"], s["ticks"], s["calls"])), str(s))
check(abs(sum(s["share_of_helper"] for s in c["sites"]) - 1) < 1e-9, "helper shares add to 1")
if all(0 < s["share_of_op"] < 1 for s in c["sites"]) and 0 < r["profile"]["helpers"]["pseudoXOF"]["share"] < 1:
    check(close(sum(s["share_of_op"] for s in c["sites"]), r["profile"]["helpers"]["pseudoXOF"]["share"]), "site shares add up to the helper share")
' "$work/sites$depth" "$depth"
done
py "callers off: no section" '
import sys
from records import check, load
check(load(sys.argv[1] + "/sigfix__sign.json")["callers"] is None, "callers")
' "$work/sig"
mkdir -p "$work/nounwind"
expect_status "callers without libunwind: exit 2" 2 "$ICCSPROF" run --plain "$fix/libsitesfix.so" \
    --profiled "$fix/libsitesfix_nounwind_prof.so" --out-dir "$work/nounwind" --op sign --callers $quick
expect_grep "callers without libunwind: the reason" \
    "^iccsprof run: $fix/libsitesfix_nounwind_prof.so: --callers needs wrappers built with libunwind" "$work/err"
[ -z "$(ls -A "$work/nounwind")" ] && pass "callers without libunwind: nothing written" || fail "callers without libunwind: nothing written" "$(ls "$work/nounwind")"
expect_status "no callers without libunwind: runs" 0 "$ICCSPROF" run --plain "$fix/libsitesfix.so" \
    --profiled "$fix/libsitesfix_nounwind_prof.so" --out-dir "$work/nounwind" --op sign $quick

# --- sampled timing: every call counted, one in K timed ---
for k in 7 auto; do
    # 500 operations whatever the machine's speed or load (a budget no
    # calibration can shrink them to fit): the sampling gaps are at most
    # 2K - 1 = 127 calls, so every shape has at least three timed calls
    run_sig "sample $k" "$work/sample-$k" --op sign --sample $k --first-n 0 --min-calls 500 \
        --max-seconds 1000
    py "sample $k: exact counts, sampled timing" '
import sys
from records import check, load, shapes
r = load(sys.argv[1] + "/sigfix__sign.json")
p, k = r["profile"], sys.argv[2]
n = p["calls"]
check(n >= 500, f"{n} profiled operations")
check(shapes(r) == {("get_random_number", 0, 128): n, ("pseudohash", 896, 512): n, ("sm3hash", 256, 256): 2 * n}, str(shapes(r)))
s = p["sampling"]
check(s["auto"] == (k == "auto") and (k == "auto" or s["k"] == int(k)), str(s))
check(s["timed_calls"] == sum(h["timed_calls"] for h in p["helpers"].values()), "timed calls add up")
check(s["outliers"]["calls"] == sum(x["outlier_calls"] for x in p["shapes"]) == sum(h["outlier_calls"] for h in p["helpers"].values()), "outliers add up")
if s["k"] > 1:
    check(any(h["timed_calls"] < h["calls"] for h in p["helpers"].values()), "some calls untimed")
    check(all(x["timed_calls"] + x["outlier_calls"] >= 3 for x in p["shapes"]), str(p["shapes"]))
check(0 < p["hash_share"] <= 1 and p["hash_share_stderr"] >= 0, str(p["hash_share"]))
if s["k"] > 1:
    check(p["hash_share_stderr"] > 0, "a sampled share has a standard error")
' "$work/sample-$k" "$k"
done

# --- time lost inside helper calls without leaving the CPU ---
# The dense pattern with little work between calls, quiet and with a
# 300 us spin every 2 ms of CPU time (a signal handler: the thread's CPU
# time goes on, as under a virtual machine's stolen time).  A call a spin
# lands in is set apart as an outlier; its excess must leave the
# operation's time too, or the share falls by the spins' part of it
# (about 7 pp here).
# A quarter of the pass's operations are timed ones (a pair is four), so
# 0.6 s leaves about ten spins in timed calls.  Sampled, most spins land
# in untimed calls and between calls, where no timed call sees them: only
# the pairs of operations do, and their time must leave the operations'
# too (it did not: the share fell 5 pp).
# stall_round DIR: the quiet and the spinning runs, every call timed and
# sampled, into DIR.
stall_round() {
    mkdir -p "$1"
    ICCSPROF_FIXTURE=dense run_sig "stall: quiet" "$1/quiet20" --op sign --profile-seconds 0.6
    ICCSPROF_FIXTURE=stall run_sig "stall: spins" "$1/stall" --op sign --profile-seconds 0.6
    ICCSPROF_FIXTURE=dense run_sig "stall: quiet, sampled" "$1/quiet20s" --op sign \
        --profile-seconds 0.6 --sample 4
    ICCSPROF_FIXTURE=stall run_sig "stall: spins, sampled" "$1/stalls" --op sign \
        --profile-seconds 0.6 --sample 4
}
stall_outliers='
import sys
from records import check, load
d = sys.argv[1]
q = load(d + "/quiet20/sigfix__sign.json")["profile"]
s = load(d + "/stall/sigfix__sign.json")["profile"]
o, lost = s["sampling"]["outliers"], s["preempted"]
ops, timed = s["calls"], s["sampling"]["timed_calls"]
check(o["calls"] >= 5 and lost["operations"] >= 5, f"{o} {lost}, {ops} operations, {timed} calls timed")
check(lost["ticks"] >= 0.5 * o["ticks"], f"{o} {lost}")
a, b = s["hash_share"], q["hash_share"]
check(abs(a - b) < 0.05, f"stall {a} quiet {b}")
'
stall_sampled='
import sys
from records import check, load
d = sys.argv[1]
q = load(d + "/quiet20s/sigfix__sign.json")["profile"]
s = load(d + "/stalls/sigfix__sign.json")["profile"]
lost = s["preempted"]
check(s["sampling"]["k"] == 4 and s["sampling"]["warm_calls"] > 0, str(s["sampling"]))
# the pairs find operations whose spin no timed call held
o = s["sampling"]["outliers"]
check(lost["operations"] > o["calls"], f"{lost}, outliers {o}")
# within the stated uncertainties of both records (about 3 pp together;
# without the excursions of the pairs it read 5 pp low)
a, b = s["hash_share"], q["hash_share"]
u = (s["hash_share_uncertainty"] ** 2 + q["hash_share_uncertainty"] ** 2) ** 0.5
why = [(x["hash_share"], x["hash_share_uncertainty"], x["preempted"], x["sampling"]["outliers"]) for x in (s, q)]
check(abs(a - b) <= u, f"stall, quiet: {why}")
'
stall_played='
import sys
from records import check, load
d = sys.argv[1]
share = {f: load(d + "/" + f + "/sigfix__sign.json")["profile"]["replay"]["share"] for f in ("quiet20", "stall", "quiet20s", "stalls")}
# unhandled, the spins (a seventh of the CPU time, most of it in the
# longer twin) would move both stall runs by 10 pp
quiet, stall = (share["quiet20"] + share["quiet20s"]) / 2, (share["stall"] + share["stalls"]) / 2
check(abs(stall - quiet) < 0.05, str(share))
'
# stall_holds DIR: whether every check below holds over the runs in DIR.
stall_holds() {
    for script in "$stall_outliers" "$stall_sampled" "$stall_played"; do
        python3 -c "$script" "$1" >/dev/null 2>&1 || return 1
    done
}
# One process in a few can land in a spell where the host runs the hash
# slower than the other work, and read its share 6 to 7 pp off (seen in
# the sanitizer suite, beside other tests): the four runs are made once
# more when a check fails, and the checks are held to the second round.
# Unhandled spins fail both.
export ICCSPROF_DENSE_WORK=20
stall=$work/stall-1
stall_round "$stall"
if ! stall_holds "$stall"; then
    stall=$work/stall-2
    stall_round "$stall"
fi
unset ICCSPROF_DENSE_WORK
py "stall: the outliers excess leaves the operations, the share holds" "$stall_outliers" "$stall"
py "stall: sampled, the pairs find the spins, the share holds" "$stall_sampled" "$stall"
py "stall: played back, the medians of the pairs pass the spins by" "$stall_played" "$stall"

# --- sample auto: K from its estimate by the documented rule ---
# The dense pattern (64 calls per signature) with more and less work
# between its calls.  Whether one workload gets one K run after run is a
# timing claim, measured by make bench (part 3b); what holds in every run
# is the rule: the estimate rounded up to a power of two, at most 64.
export ICCSPROF_DENSE_WORK
for ICCSPROF_DENSE_WORK in 125 500 2000; do
    ICCSPROF_FIXTURE=dense run_sig "dense, work $ICCSPROF_DENSE_WORK: sample auto" \
        "$work/auto-w$ICCSPROF_DENSE_WORK" --op sign --sample auto
done
unset ICCSPROF_DENSE_WORK
py "sample auto: K is the estimate rounded up to a power of two, at most 64" '
import math, sys
from records import check, load
for w in (125, 500, 2000):
    s = load(f"{sys.argv[1]}/auto-w{w}/sigfix__sign.json")["profile"]["sampling"]
    e, k = s["k_estimate"], s["k"]
    check(s["auto"] and e > 0, str(s))
    check(k == min(64, 2 ** math.ceil(math.log2(max(e, 1)))), f"work {w}: K {k} from {e}")
' "$work"

# --- a signer with 64 MiB on its stack runs on the raised stack ---
ICCSPROF_FIXTURE=bigstack run_sig "bigstack: sign" "$work/bigstack" --op sign
py "bigstack: measured, stack limit recorded" '
import sys
from records import check, load
r = load(sys.argv[1] + "/sigfix__sign.json")
check(r["status"]["state"] == "complete", str(r["status"]))
limit = r["host"]["stack_limit_bytes"]
check(limit is None or limit >= 64 << 20, str(limit))
' "$work/bigstack"

# --- bad input: one line naming the thing, status 2, nothing written ---
mkdir -p "$work/bad"
# bad NAME PATTERN ARGS...: a usage or input error whose first line matches PATTERN.
bad() {
    name=$1 pattern=$2
    shift 2
    expect_status "$name: exit 2" 2 "$ICCSPROF" run "$@"
    if head -n 1 "$work/err" | grep -q -- "$pattern"; then pass "$name: message"; else fail "$name: message" "$(head -c 300 "$work/err")"; fi
    if [ -z "$(ls -A "$work/bad")" ]; then pass "$name: nothing written"; else fail "$name: nothing written" "$(ls -A "$work/bad")"; ls -A "$work/bad" | sed "s|^|$work/bad/|" | xargs rm -f; fi
}
both="--plain $fix/libsigfix.so --profiled $fix/libsigfix_prof.so"
echo "not a library" >"$work/junk.so"
bad "missing library" "^iccsprof run: $work/none.so: No such file or directory$" \
    --plain "$work/none.so" --profiled "$fix/libsigfix_prof.so" --op all --out-dir "$work/bad"
bad "not ELF" "^iccsprof run: $work/junk.so: .*" \
    --plain "$work/junk.so" --profiled "$fix/libsigfix_prof.so" --op all --out-dir "$work/bad"
bad "neither sig nor kem" "^iccsprof run: $fix/libnotscheme.so: neither a signature, a KEM nor a key exchange library" \
    --plain "$fix/libnotscheme.so" --profiled "$fix/libsigfix_prof.so" --op all --out-dir "$work/bad"
bad "missing API symbol" "^iccsprof run: $fix/libsignoverify.so: missing symbol sig_verify$" \
    --plain "$fix/libsignoverify.so" --profiled "$fix/libsigfix_prof.so" --op all --out-dir "$work/bad"
bad "missing DRNG global" "^iccsprof run: $fix/libsignodrng.so: undefined symbol: drng_algorithm$" \
    --plain "$fix/libsignodrng.so" --profiled "$fix/libsigfix_prof.so" --op all --out-dir "$work/bad"
bad "not a profiled build" "^iccsprof run: $fix/libsigfix.so: not a profiled build" \
    --plain "$fix/libsigfix.so" --profiled "$fix/libsigfix.so" --op all --out-dir "$work/bad"
bad "wrapper ABI mismatch" "^iccsprof run: $fix/libsigbadabi_prof.so: wrapper interface ABI 999, this iccsprof reads ABI [0-9]*$" \
    --plain "$fix/libsigfix.so" --profiled "$fix/libsigbadabi_prof.so" --op all --out-dir "$work/bad"
bad "different schemes" "are not builds of the same scheme instance" \
    --plain "$fix/libsigfix.so" --profiled "$fix/libkemfix_prof.so" --op all --out-dir "$work/bad"
ICCSPROF_FIXTURE=zero-pk bad "zero key length" "^iccsprof run: $fix/libsigfix.so: sig_get_pk_len_bytes() returned 0 " \
    $both --op all --out-dir "$work/bad"
bad "unknown operation" "^iccsprof run: --op: 'enc' is not an operation of a sig scheme (keygen, sign, verify or all)$" \
    $both --op enc --out-dir "$work/bad"
bad "--trials 0" "^iccsprof run: --trials: '0' is not a whole number from 1 to 1000000$" \
    $both --op all --out-dir "$work/bad" --trials 0
bad "negative --min-calls" "^iccsprof run: --min-calls: '-5' is not a whole number" \
    $both --op all --out-dir "$work/bad" --min-calls -5
bad "non-numeric --max-sign-attempts" "^iccsprof run: --max-sign-attempts: 'many' is not" \
    $both --op all --out-dir "$work/bad" --max-sign-attempts many
bad "negative seconds" "^iccsprof run: --target-seconds: '-2' is not a number of seconds above 0$" \
    $both --op all --out-dir "$work/bad" --target-seconds -2
bad "bad seed" "^iccsprof run: --seed: 'xyz' is not 1 to 128 bytes of hex digits" \
    $both --op all --out-dir "$work/bad" --seed xyz
bad "bad sample" "^iccsprof run: --sample: '0' is neither auto nor a whole number" \
    $both --op all --out-dir "$work/bad" --sample 0
bad "callers too deep" "^iccsprof run: --callers: '9' is not a whole number from 1 to 8$" \
    $both --op all --out-dir "$work/bad" --callers=9
bad "unknown option" "^iccsprof run: unknown option: --frobnicate$" \
    $both --op all --out-dir "$work/bad" --frobnicate
bad "no output" "^iccsprof run: give one of --out FILE.json or --out-dir DIR$" $both --op all
bad "missing output folder" "^iccsprof run: $work/nowhere: No such file or directory$" \
    $both --op all --out-dir "$work/nowhere"
bad "output folder is a file" "^iccsprof run: $work/junk.so: Not a directory$" \
    $both --op all --out-dir "$work/junk.so"
if [ "$(id -u)" -ne 0 ]; then
    mkdir -p "$work/ro" && chmod 555 "$work/ro"
    bad "unwritable output folder" "^iccsprof run: $work/ro: Permission denied$" $both --op all --out-dir "$work/ro"
fi
# an installation without its measuring program says which one it lacks
ICCSPROF_MEASURE=$work/no-measure expect_status "no measuring program: exit 1" 1 "$ICCSPROF" run \
    $both --op all --out-dir "$work/bad"
expect_grep "no measuring program: named" \
    "^iccsprof run: $work/no-measure: cannot start the measuring program: No such file or directory$" "$work/err"
echo '{"scheme": ' >"$work/build.json"
bad "corrupt build description" "^iccsprof run: $work/build.json:2:0: " \
    $both --op all --out-dir "$work/bad" --build-info "$work/build.json"
finish
