#!/bin/sh
# profile.sh - `make profile` end to end, as a user runs it: both in-tree
# schemes profiled and their records checked against the calls their
# parameters imply, an awkward package layout, an instance that fails to
# build beside one that profiles, and the behaviours of real reference
# packages (a DRNG global only in the KAT driver, old code, 64 MiB on the
# stack, a verifier that prints, a verifier that rejects with 1).
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/schemes-lib.sh"

PYTHONPATH="$top_srcdir/tests${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONPATH
quick() {
    expect_make "$@" TRIALS=2 TARGET_SECONDS=0.02 \
        RUN_FLAGS="--min-calls 5 --profile-seconds 0.02 --max-seconds 30 --precision off"
}

# --- the in-tree schemes: every record as their parameters say ---
for id in sign-wots kem-mlwe; do
    quick "$id: make profile" 0 profile SCHEME=$id PROFILE_DIR="$work/$id" \
        EXPORT_MD="$work/$id.md" EXPORT_CSV="$work/$id.csv" EXPORT_JSON="$work/$id.json" EXPORT_SVG="$work/$id.svg"
    # --export-*: the same run's report in every format, the Markdown one as on stdout
    cmp -s "$work/out" "$work/$id.md" && pass "$id: --export-md is the report on stdout" ||
        fail "$id: --export-md is the report on stdout" "$(diff "$work/out" "$work/$id.md" | head -c 300)"
    expect_py "$id: --export-csv, --export-json and --export-svg hold the six records" "$work" "$id" <<'EOS'
import csv, json, sys
import xml.etree.ElementTree as ET
from records import check
work, scheme = sys.argv[1], sys.argv[2]
rows = list(csv.DictReader(open(f"{work}/{scheme}.csv")))
check(len(rows) == 6 and {r["scheme"] for r in rows} == {scheme}, str(rows)[:300])
doc = json.load(open(f"{work}/{scheme}.json"))
check(len(doc["rows"]) == 6, str(doc)[:300])
svg = ET.parse(f"{work}/{scheme}.svg").getroot()
check(svg.tag == "{http://www.w3.org/2000/svg}svg", svg.tag)
EOS
    expect_grep "$id: a line per operation" "^[A-Z0-9-]* keygen: .* \(cycles\|ticks ([0-9.]* [GM]Hz)\), hash .*, DRNG .* ([0-9.]* s)\$" "$work/err"
    expect_grep "$id: the report follows" "^## 7\. Symmetric primitives\$" "$work/out"
    # make profile > r.md: stdout holds the report and nothing else
    if grep -q "^iccsprof profile: \|^make" "$work/out" || ! grep -q "^iccsprof profile: " "$work/err"; then
        fail "$id: the report alone on stdout, progress on stderr" "$(grep "^iccsprof profile: \|^make" "$work/out" | head -n 3)"
    else
        pass "$id: the report alone on stdout, progress on stderr"
    fi
    cp "$work/out" "$work/$id.md"
    expect_py "$id: the page, section by section" "$work/$id.md" "$work/$id" "$id" <<'EOS'
import glob, hashlib, os, sys
from records import check, load
page, folder, scheme = sys.argv[1:4]
lines = open(page, encoding="utf-8").read().split("\n")
recs = {p: load(p) for p in sorted(glob.glob(folder + "/*.json"))}
insts = sorted({r["scheme"]["instance"] for r in recs.values()})
host = os.uname().nodename
# the title naming the scheme and the host, then what made it, the
# command under the evidence index
arch = {"x86_64": "x86-64", "aarch64": "AArch64"}.get(os.uname().machine, os.uname().machine)
check(lines[0] == f"# {scheme} \u2014 performance on {arch} (host {host})", lines[0])
check(lines[2].startswith("Made by iccsprof ") and f" on host {host}, " in lines[2] and
      lines[2].endswith("Z; the command is under Raw evidence index."), lines[2])
# the sections in the published order, each with its lines
sections, name = {}, None
for line in lines:
    if line.startswith("## "):
        name = line[3:]
        sections[name] = []
    elif name is not None and line:
        sections[name].append(line)
order = ["1. Basic information", "2. Assessment environment", "3. Functional testing (KAT)",
         "4. Performance", "5. Resource consumption", "6. Transmission and storage overhead",
         "7. Symmetric primitives", "8. Shapes", "9. Raw evidence index", "10. Terms"]
check(list(sections) == order, str(list(sections)))
function = {"sig": "digital signature", "kem": "key encapsulation"}[next(iter(recs.values()))["scheme"]["type"]]
for want in (f"- Category: public-key algorithm; function: {function}",
             "- Implementation versions measured: reference",
             "- Parameter sets: " + ", ".join(insts)):
    check(want in sections[order[0]], f"{want} not in {sections[order[0]]}")
mem = next(int(l.split()[1]) // 1024 for l in open("/proc/meminfo") if l.startswith("MemTotal:"))
pretty = next(l.split("=", 1)[1].strip().strip('"') for l in open("/etc/os-release") if l.startswith("PRETTY_NAME="))
for want in (f"| host | {host} |", f"| memory | {mem} MiB |",
             f"| OS / kernel | {pretty} / {os.uname().release} |"):
    check(want in sections[order[1]], f"{want} not in {sections[order[1]]}")
for inst in insts:
    check(f"| `{inst}` | guide | PASS |" in sections[order[2]], sections[order[2]])
check(sections[order[6]][0] == "Survey verdict: ICCS-only", sections[order[6]][0])
evidence = sections[order[-2]]
check(evidence[0].startswith("This page was made by iccsprof ") and
      f": `iccsprof profile --scheme {scheme} " in evidence[0], evidence[0])
# paths from the folder the report was made in (make's), where they share one
top = lambda p: os.path.realpath(p).split("/")[1]
base = os.environ.get("top_builddir", ".")
shown = lambda p: os.path.relpath(os.path.realpath(p), os.path.realpath(base)) if top(p) == top(base) else p
for path, r in recs.items():
    op = r["operation"]
    check(f"| `{r['scheme']['instance']}` | timing and hash profile {op} | `{shown(path)}` |" in evidence, path)
    log = r["kat"]["log"]
    digest = hashlib.sha256(open(log["path"], "rb").read()).hexdigest()
    check(digest == log["sha256"], f"{log['path']}: {digest}, recorded {log['sha256']}")
    row = f"| `{r['scheme']['instance']}` | KAT log (sha256 `{digest[:16]}\u2026`) | `{shown(log['path'])}` |"
    check(row in evidence, f"{row} not in {evidence}")
EOS
    expect_py "$id: calls per operation exact" "$work/$id" "$id" <<'EOS'
import glob, os, sys
from records import check, load, shapes
from intree_expected import expected_shapes
folder, scheme = sys.argv[1], sys.argv[2]
files = sorted(glob.glob(folder + "/*.json"))
check(len(files) == 6, str(files))
for path in files:
    r = load(path)
    inst, op = r["scheme"]["instance"], r["operation"]
    n = r["profile"]["calls"]
    want = {k: v * n for k, v in expected_shapes(scheme, inst, op).items()}
    check(shapes(r) == want, f"{inst} {op}: {shapes(r)} for {n} operations, want {want}")
    check(r["status"] == {"state": "complete", "message": ""}, f"{inst} {op}: {r['status']}")
    check(r["coverage"]["complete"] and r["build"]["drng_global"] == "package", str(r["coverage"]))
    check(r["build"]["fallback"] is None and "-std=c99" in r["build"]["cflags"], r["build"]["cflags"])
    check(os.path.basename(path) == f"{inst}__{op}.json" and r["scheme"]["id"] == scheme, path)
EOS
done

# --- an awkward layout: doubled Implementations, src/ and include/, mains ---
quick "awkward: make profile" 0 profile SCHEME=t-awk SCHEME_DIR="$PKGS/awkward" PROFILE_DIR="$work/awk"
expect_py "awkward: every operation measured" "$work/awk" <<'EOS'
import glob, sys
from records import check, load
files = glob.glob(sys.argv[1] + "/*.json")
check(len(files) == 3, str(files))
for f in files:
    check(load(f)["status"]["state"] == "complete", f)
EOS

# --- one instance fails to build; the other is profiled all the same ---
quick "failed build: make profile fails" 2 profile SCHEME=t-two SCHEME_DIR="$PKGS/two" PROFILE_DIR="$work/two"
expect_grep "failed build: the summary names it" "^iccsprof profile: failed: Broken: build failed" "$work/err"
[ "$(cd "$work/two" && ls ./*.json | sort | tr '\n' ' ')" = "./Good__keygen.json ./Good__sign.json ./Good__verify.json " ] &&
    pass "failed build: the other instance's records" || fail "failed build: the other instance's records" "$(ls "$work/two")"

# --- what real packages do ---
quick "drng global in the KAT driver" 0 profile SCHEME=t-kat SCHEME_DIR="$PKGS/drngkat" \
    PROFILE_DIR="$work/kat" OPS=keygen
quick "old code" 0 profile SCHEME=t-old SCHEME_DIR="$PKGS/oldcode" PROFILE_DIR="$work/old" OPS=keygen
expect_py "the records say what the build did" "$work/kat" "$work/old" <<'EOS'
import glob, sys
from records import check, load
(kat,) = glob.glob(sys.argv[1] + "/*__keygen.json")
(old,) = glob.glob(sys.argv[2] + "/*__keygen.json")
check(load(kat)["build"]["drng_global"] == "supplied", "supplied DRNG global")
check(load(old)["build"]["fallback"] is not None, "fallback recorded")
check(load(kat)["profile"]["helpers"]["get_random_number"]["calls"] > 0, "the supplied global is used")
EOS

quick "64 MiB stack" 0 profile SCHEME=t-big SCHEME_DIR="$PKGS/bigstack" PROFILE_DIR="$work/big" OPS=sign
expect_py "64 MiB stack: measured on the raised stack" "$work/big/Big-1__sign.json" <<'EOS'
import sys
from records import check, load
r = load(sys.argv[1])
check(r["status"]["state"] == "complete" and r["timing"]["n"] > 0, str(r["status"]))
limit = r["host"]["stack_limit_bytes"]
check(limit is None or limit > 64 << 20, str(limit))
EOS

quick "chatty verifier" 0 profile SCHEME=t-chatty SCHEME_DIR="$PKGS/chatty" PROFILE_DIR="$work/chatty" OPS=verify
if grep -q "verify: checking\|verify: done" "$work/out" "$work/err"; then
    fail "chatty: our output is ours" "$(grep "verify: [cd]" "$work/out" "$work/err" | head -n 3)"
else
    pass "chatty: our output is ours"
fi
expect_py "chatty: every line in the log the record names" "$work/chatty" <<'EOS'
import sys
from records import CALIBRATION_PAIRS, check, load, pair_calls
d = sys.argv[1]
r = load(d + "/Chatty-1__verify.json")
n, p = r["timing"]["n"], r["profile"]["calls"]
# setup, warm-up and calibration, measured: n in the plain pass, p pairs
# in the profile pass (each with its rehearsal and play, if played back)
calls = (1 + 4 + n) + (1 + 3 + 2 * CALIBRATION_PAIRS + pair_calls(r["profile"]) * p)
out, err = "verify: checking a 32-byte signature\n", "verify: done\n"
log = open(d + "/" + r["log"]["path"]).read()
size = calls * (len(out) + len(err))
check(r["log"] == {"path": "Chatty-1__verify.log", "bytes": size, "truncated": size > 1 << 20}, str(r["log"]))
if size > 1 << 20:
    check(len(log) == 1 << 20, "the log is cut at 1 MiB")
else:
    # stderr is unbuffered, one write a line; stdout goes in blocks, so the
    # stderr lines may fall inside a stdout line, but never the reverse
    check(log.count(err) == calls and log.replace(err, "") == out * calls, f"{log.count(err)} for {calls}")
check(r["status"]["state"] == "complete", str(r["status"]))
EOS

quick "verifier rejecting with 1" 0 profile SCHEME=t-rej SCHEME_DIR="$PKGS/rejects" PROFILE_DIR="$work/rej" OPS=verify
expect_py "rejects: every positive return counted" "$work/rej/Rejects-1__verify.json" <<'EOS'
import sys
from records import CALIBRATION_PAIRS, check, load
r = load(sys.argv[1])
n, p = r["timing"]["n"], r["profile"]["calls"]
# setup, warm-up and calibration of both libraries, the timed n, the
# profiled p (their wrappers-off twins are not counted again)
check(r["events"]["verify_rejections"] == 9 + CALIBRATION_PAIRS + n + p, str(r["events"]))
check(r["status"]["state"] == "partial", str(r["status"]))
EOS
# --- an interruption: the signal named, what finished reported, the rest resumed ---
# (the hold package signs only once $TOY_HOLD_FILE is gone: the keygen
# finishes, the signing waits for the interruption)
TOY_HOLD_FILE=$work/hold-file
export TOY_HOLD_FILE
: >"$TOY_HOLD_FILE"
# hold [OPTIONS...]: profile the hold package (through $runner, when set)
hold() {
    $runner "$ICCSPROF" profile "$PKGS/hold" --scheme t-hold --builddir "$work/build" \
        --profile-dir "$work/hold" --kat off --trials 2 --target-seconds 0.02 \
        --run-flags "--min-calls 5 --profile-seconds 0.02 --max-seconds 30 --precision off" "$@"
}
runner=sigint_default hold >"$work/hold.out" 2>"$work/hold.err" &
interrupt_after "$work/hold/Hold-1__keygen.json" $!
[ $rc -eq 130 ] && pass "interrupted profile: exit 130" || fail "interrupted profile: exit 130" "exit $rc: $(tail -n 5 "$work/hold.err")"
expect_grep "interrupted profile: the run names SIGINT and what it keeps" \
    "^iccsprof run: interrupted by SIGINT during Hold-1 sign: its measurement was stopped and not recorded; the 1 operation finished before it is kept$" "$work/hold.err"
expect_grep "interrupted profile: profile names SIGINT, what is kept and how to resume" \
    "^iccsprof profile: interrupted by SIGINT: 1 operation record of this run kept in $work/hold (the report below); the same command again resumes, measuring only what has no up-to-date record (--fresh measures everything again)$" "$work/hold.err"
if grep -q "Terminated\|nothing was written" "$work/hold.err"; then fail "interrupted profile: no other signal named" "$(grep "Terminated\|nothing was written" "$work/hold.err")"; else pass "interrupted profile: no other signal named"; fi
expect_grep "interrupted profile: the report of what finished" "^| \`Hold-1\` | keygen |" "$work/hold.out"
[ "$(cd "$work/hold" && ls)" = "Hold-1__keygen.json" ] && pass "interrupted profile: the finished record alone" ||
    fail "interrupted profile: the finished record alone" "$(ls -a "$work/hold")"
cp "$work/hold/Hold-1__keygen.json" "$work/hold-keygen.json"
rm "$TOY_HOLD_FILE"
expect_status "resumed profile: exits 0" 0 hold
expect_grep "resumed profile: the finished operation is not measured again" "^Hold-1 keygen: .* (up to date: kept as measured)$" "$work/err"
expect_grep "resumed profile: the others are" "^Hold-1 sign: .* ([0-9.]* s)$" "$work/err"
cmp -s "$work/hold-keygen.json" "$work/hold/Hold-1__keygen.json" && pass "resumed profile: the kept record is unchanged" ||
    fail "resumed profile: the kept record is unchanged" "rewritten"
for op in keygen sign verify; do
    expect_grep "resumed profile: the report has $op" "^| \`Hold-1\` | $op |" "$work/out"
done
expect_status "--fresh: exits 0" 0 hold --fresh
expect_grep "--fresh measures again" "^Hold-1 keygen: .* ([0-9.]* s)$" "$work/err"

# --- SIGTERM likewise: exit 143, SIGTERM named, what finished kept ---
rm -rf "$work/hold"
: >"$TOY_HOLD_FILE"
runner=exec hold >"$work/hold.out" 2>"$work/hold.err" &
interrupt_after "$work/hold/Hold-1__keygen.json" $! TERM
[ $rc -eq 143 ] && pass "terminated profile: exit 143" || fail "terminated profile: exit 143" "exit $rc: $(tail -n 5 "$work/hold.err")"
expect_grep "terminated profile: profile names SIGTERM and what is kept" \
    "^iccsprof profile: interrupted by SIGTERM: 1 operation record of this run kept in $work/hold (the report below); " "$work/hold.err"
[ "$(cd "$work/hold" && ls)" = "Hold-1__keygen.json" ] && pass "terminated profile: the finished record alone" ||
    fail "terminated profile: the finished record alone" "$(ls -a "$work/hold")"
rm "$TOY_HOLD_FILE"
finish
