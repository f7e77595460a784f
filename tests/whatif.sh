#!/bin/sh
# whatif.sh - --substitute end to end: the in-tree schemes with each of
# libcrypto's candidates, a small NGCC hash package and the placeholder
# itself behind their helpers; the works-check, the counts against a
# placeholder profile, outputs byte for byte the placeholder's where the
# candidate is the same function; a candidate package whose KAT fails, a
# scheme that stops working under substitution, and the options' errors.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/schemes-lib.sh"

PYTHONPATH="$top_srcdir/tests${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONPATH
HASHES=$work/hashes
cp -RL "$top_srcdir/tests/fixtures/hashes" "$HASHES" && chmod -R u+w "$HASHES"
TOY=$HASHES/toyhash

# prof NAME STATUS SCHEME DIR [OPTIONS...]: a quick profile of one instance.
prof() {
    name=$1 want=$2 scheme=$3 dir=$4
    shift 4
    expect_status "$name" "$want" "$ICCSPROF" profile -q --schemes-dir "$top_srcdir/schemes" \
        --scheme "$scheme" --builddir "$work/build" --profile-dir "$dir" --trials 2 \
        --target-seconds 0.02 --kat off \
        --run-flags "--min-calls 5 --profile-seconds 0.02 --max-seconds 30 --precision off" "$@"
}

# --- the placeholders, then every candidate behind them ---
prof "sign-wots: placeholder profile" 0 sign-wots "$work/wots-ph" --instances WOTS-SM3-16
prof "kem-mlwe: placeholder profile" 0 kem-mlwe "$work/kem-ph" --instances MLWE-KEM-512
set -- \
    a "pseudohash=sha3-512,pseudoXOF=shake128,sm3hash=sm3" \
    b "pseudohash=shake256,pseudoXOF=sha256,sm3hash=sha3-256" \
    pkg "pseudohash=pkg:$TOY,pseudoXOF=pkg:$TOY,sm3hash=pkg:$TOY" \
    control "pseudohash=iccs,pseudoXOF=iccs,sm3hash=iccs" \
    same "pseudoXOF=sm3,sm3hash=sm3"
while [ $# -gt 0 ]; do
    prof "sign-wots: --substitute $2" 0 sign-wots "$work/wots-$1" --instances WOTS-SM3-16 \
        --substitute "$2"
    prof "kem-mlwe: --substitute $2" 0 kem-mlwe "$work/kem-$1" --instances MLWE-KEM-512 \
        --substitute "$2"
    shift 2
done
expect_py "every substituted record: works-check passed, counts against the placeholder's" "$work" <<'EOS'
import glob, json, sys
from records import check as check_str, load
check = lambda cond, what: check_str(cond, str(what))
work = sys.argv[1]
same_as_placeholder = {"a": False, "b": False, "pkg": False, "control": True, "same": True}
for scheme, ph in (("wots", "WOTS-SM3-16"), ("kem", "MLWE-KEM-512")):
    for run, same in same_as_placeholder.items():
        recs = sorted(glob.glob(f"{work}/{scheme}-{run}/*.json"))
        check(len(recs) == 3, recs)
        for path in recs:
            r = load(path)
            base = load(path.replace(f"-{run}/", "-ph/"))
            s = r["substitution"]
            check(r["status"]["state"] == "complete", (path, r["status"]))
            check(r["timing"]["mean_cycles"] > 0, path)
            w = s["works"]
            check(w["passed"] is True and w["rounds"] == 3 and w["failures"] == 0, (path, w))
            check(w["check"] == ("signatures verify" if scheme == "wots"
                                 else "decapsulation returns the encapsulated secret"), w)
            check(w["same_outputs_as_placeholder"] is same, (path, w))
            check(len(s["candidates"]) == len(s["asked"]), s)
            for c in s["candidates"]:
                if c["candidate"] in ("shake128", "shake256", "iccs"):
                    check(c["digest_bits"] is None and c["counter_mode_calls"] == 0, c)
                else:
                    check(c["digest_bits"] == {"sha3-512": 512}.get(c["candidate"], 256), c)
                    check("counter mode" in c["method"], c)
                check(c.get("kat") == ("pass: 6 vectors" if c["candidate"].startswith("pkg:") else None), c)
            # pseudohash asks 512 bits or more: a 256-bit digest goes to counter mode
            ph_cand = [c for c in s["candidates"] if c["helper"] == "pseudohash"]
            if ph_cand and ph_cand[0]["digest_bits"] == 256 and \
                    s["calls_per_op"]["pseudohash"]["substituted"] > 0:
                check(ph_cand[0]["counter_mode_calls"] > 0, ph_cand)
            prof, bprof = r["profile"]["helpers"], base["profile"]["helpers"]
            for h, v in s["calls_per_op"].items():
                check(v["differs"] == (v["placeholder"] != v["substituted"]), (path, h, v))
                check(v["placeholder"] == bprof[h]["calls_per_op"], (path, h, v, bprof[h]))
                check(v["substituted"] == prof[h]["calls_per_op"], (path, h, v, prof[h]))
            # counts that do not depend on the hash's outputs stay as they were
            if scheme == "kem" or r["operation"] == "keygen":
                for h in bprof:
                    check(prof[h]["calls_per_op"] == bprof[h]["calls_per_op"], (path, h))
EOS
expect_py "a record names the candidates asked and the package built" "$work/wots-pkg/WOTS-SM3-16__keygen.json" <<'EOS'
import json, os, sys
from records import check as check_str, load
check = lambda cond, what: check_str(cond, str(what))
s = load(sys.argv[1])["substitution"]
check(s["as"] == "pseudohash=pkg:ToyHash256,pseudoXOF=pkg:ToyHash256,sm3hash=pkg:ToyHash256", s["as"])
for a in s["asked"]:
    check(a["kind"] == "pkg" and a["digest_bits"] == 256 and os.path.isfile(a["library"]), a)
EOS

# --- a key exchange: both parties agree under substitution ---
prof "kex-mlwe: --substitute sha256 behind every helper" 0 kex-mlwe "$work/kex" \
    --instances MLWE-KEX-512 --op derive_a \
    --substitute pseudohash=sha256,pseudoXOF=sha256,sm3hash=sha256
expect_py "kex-mlwe: works-check of whole exchanges" "$work/kex/MLWE-KEX-512__derive_a.json" <<'EOS'
import json, sys
from records import check as check_str, load
check = lambda cond, what: check_str(cond, str(what))
r = load(sys.argv[1])
w = r["substitution"]["works"]
check(r["status"]["state"] == "complete" and r["events"]["kex_mismatches"] == 0, r["status"])
check(w == {"passed": True, "rounds": 3, "failures": 0,
            "check": "both parties derive the same secret", "same_outputs_as_placeholder": None}, w)
EOS

# --- a scheme that stops working: failed, not timed ---
prof "selftest: sm3hash=sm3 keeps its self-test passing" 0 t-selftest "$work/self-ok" \
    --op verify --substitute sm3hash=sm3 "$PKGS/selftest"
prof "selftest: sm3hash=sha3-256 fails the instance" 1 t-selftest "$work/self-bad" \
    --op verify --substitute sm3hash=sha3-256 "$PKGS/selftest"
expect_py "selftest: the failed record says why and holds no timing" "$work/self-bad/Selftest-1__verify.json" <<'EOS'
import json, sys
from records import check as check_str, load
check = lambda cond, what: check_str(cond, str(what))
r = load(sys.argv[1])
check(r["status"] == {"state": "failed", "message": 'works-check failed with sm3hash=sha3-256: '
      '"signatures verify" did not hold in 3 of 3 rounds; not timed'}, r["status"])
check(r["timing"] is None and r["profile"] is None, r)
check(r["substitution"]["asked"] == [{"helper": "sm3hash", "candidate": "sha3-256", "kind": "openssl"}],
      r["substitution"])
EOS

# --- two runs building one hash package take turns in its folder ---
# (the jobs of one instance in a campaign build it into the same folder:
# the test holds the folder's lock as another run would)
LIBS=$work/build/sign-wots/WOTS-SM3-16
mkdir -p "$LIBS/whatif/hash"
exec 9>"$LIBS/whatif/hash/.lock"
flock 9
"$ICCSPROF" run --plain "$LIBS/libWOTS-SM3-16.so" --profiled "$LIBS/libWOTS-SM3-16.prof.so" \
    --op keygen --trials 2 --target-seconds 0.02 --min-calls 5 --profile-seconds 0.02 \
    --precision off --substitute "pseudoXOF=pkg:$TOY" --out "$work/turns.json" \
    >"$work/turns.out" 2>"$work/turns.err" 9>&- &
waiter=$!
i=0
while [ $i -lt 300 ] && ! grep -q "waiting" "$work/turns.err"; do sleep 0.1; i=$((i + 1)); done
expect_grep "a run finding the hash package's folder in use waits, and says so" \
    "^iccsprof run: waiting for the lock on $LIBS/whatif/hash (another iccsprof is building there)\$" \
    "$work/turns.err"
kill -0 $waiter 2>/dev/null && [ ! -e "$work/turns.json" ] && pass "and builds nothing meanwhile" ||
    fail "and builds nothing meanwhile" "it ended or wrote its record"
exec 9>&-
wait $waiter
rc=$?
[ "$rc" -eq 0 ] && [ -s "$work/turns.json" ] && pass "then builds, checks and measures" ||
    fail "then builds, checks and measures" "exit $rc: $(tail -n 3 "$work/turns.err")"

# --- a candidate package whose KAT fails is refused ---
cp -R "$TOY" "$work/badkat"
sed -i '4s/^Dst = B/Dst = C/' "$work/badkat/ToyHash/Implementations/Reference_Implementation/ToyHash256/KAT/KAT_2_12_ToyHash256.txt"
prof "a package whose KAT fails: refused" 1 sign-wots "$work/wots-badkat" --instances WOTS-SM3-16 \
    --op keygen --substitute "pseudoXOF=pkg:$work/badkat"
expect_grep "the refusal names the KAT file" \
    "^iccsprof profile: candidate pkg:ToyHash256 refused: KAT_2_12_ToyHash256.txt: line 1: its digest of the 0-bit message differs from Dst\$" "$work/err"
[ -z "$(ls "$work/wots-badkat" 2>/dev/null)" ] && pass "no record for a refused candidate" ||
    fail "no record for a refused candidate" "$(ls "$work/wots-badkat")"

# --- a candidate that writes past its digest or fails: named with the call ---
# (each variant misbehaves in the measuring process only, so its KAT passes)
for v in 10 900 2000 ret; do
    cp -R "$TOY" "$work/bad-$v"
    if [ $v = ret ]; then act='return 5;'; else act="memset(digest + digest_len_bits / 8, 0x5a, $v);"; fi
    python3 - "$work/bad-$v/ToyHash/Implementations/Reference_Implementation/ToyHash256/CryptHash_AlgorithmInstance.c" \
        "$act" <<'EOS'
import sys
path, act = sys.argv[1], sys.argv[2]
s = open(path).read()
s = s.replace("    return 0;\n}", "    if (strcmp(program_invocation_short_name, \"KAT_CryptHash\") != 0)\n        "
              + act + "\n    return 0;\n}")
open(path, "w").write("#define _GNU_SOURCE\n#include <errno.h>\n#include <string.h>\n" + s)
EOS
    expect_status "CryptHash $v: the run fails" 1 "$ICCSPROF" run --plain "$LIBS/libWOTS-SM3-16.so" \
        --profiled "$LIBS/libWOTS-SM3-16.prof.so" --op keygen --trials 2 --target-seconds 0.02 \
        --min-calls 5 --profile-seconds 0.02 --precision off --substitute "pseudoXOF=pkg:$work/bad-$v" \
        --out "$work/bad-$v.json"
    case $v in
    10) want="wrote past its 32-byte digest" ;;
    *) want="wrote more than 64 bytes past its 32-byte digest" ;;
    esac
    cat "$work/out" "$work/err" >"$work/both"
    if [ $v = ret ]; then
        # a candidate that fails fails its check, in the same process, first
        expect_grep "CryptHash $v: the candidate and the call named" \
            "candidate pkg:ToyHash256 refused: KAT_2_12_ToyHash256.txt: line 1: CryptHash(256, ...) of the 0-bit message failed" "$work/both"
        continue
    fi
    expect_grep "CryptHash $v: the candidate and the call named" \
        "WOTS-SM3-16 keygen: \[failed: candidate pkg:ToyHash256: CryptHash(256, a [0-9]*-bit message) $want\]" "$work/both"
done

# --- what --substitute refuses before any work ---
for bad in "get_random_number=sm3|get_random_number is the DRNG, not a hash: it keeps its generator" \
    "pseudoXOF=md5|pseudoXOF=md5: no candidate 'md5'" \
    "sm3hash=sm3,sm3hash=sha256|sm3hash is given twice" \
    "hash=sm3|'hash' is not a hash helper" \
    "pseudoXOF=pkg:$work/none|pseudoXOF=pkg:$work/none: $work/none is not a folder" \
    "sm3hash|'sm3hash' is not HELPER=CANDIDATE"; do
    expect_status "--substitute ${bad%%|*}: usage error" 2 "$ICCSPROF" run --plain x.so \
        --profiled x.prof.so --op keygen --out-dir "$work" --substitute "${bad%%|*}"
    expect_grep "--substitute ${bad%%|*}: says why" "^iccsprof run: --substitute: ${bad#*|}" "$work/err"
done
finish
