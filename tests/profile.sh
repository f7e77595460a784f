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
        RUN_FLAGS="--min-calls 5 --profile-seconds 0.02 --max-seconds 30"
}

# --- the in-tree schemes: every record as their parameters say ---
for id in sign-wots kem-mlwe; do
    quick "$id: make profile" 0 profile SCHEME=$id PROFILE_DIR="$work/$id"
    expect_grep "$id: a line per operation" "^[A-Z0-9-]* keygen: .* \(cycles\|ticks ([0-9.]* [GM]Hz)\), hash .*, DRNG .* ([0-9.]* s)\$" "$work/err"
    expect_grep "$id: the report follows" "^## Symmetric primitives\$" "$work/out"
    # make profile > r.md: stdout holds the report and nothing else
    if grep -q "^profile: \|^make" "$work/out" || ! grep -q "^profile: " "$work/err"; then
        fail "$id: the report alone on stdout, progress on stderr" "$(grep "^profile: \|^make" "$work/out" | head -n 3)"
    else
        pass "$id: the report alone on stdout, progress on stderr"
    fi
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
expect_grep "failed build: the summary names it" "^profile: failed: Broken: build failed" "$work/err"
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
from records import check, load
d = sys.argv[1]
r = load(d + "/Chatty-1__verify.json")
n, p = r["timing"]["n"], r["profile"]["calls"]
# setup, warm-up and calibration, measured: n in the plain pass, p with
# the wrappers on and p off in the profile pass
calls = (1 + 4 + n) + (1 + 5 + 2 * p)
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
from records import check, load
r = load(sys.argv[1])
n, p = r["timing"]["n"], r["profile"]["calls"]
# setup, warm-up and calibration of both libraries, the timed n, the
# profiled p (their wrappers-off twins are not counted again)
check(r["events"]["verify_rejections"] == 10 + n + p, str(r["events"]))
check(r["status"]["state"] == "partial", str(r["status"]))
EOS
finish
