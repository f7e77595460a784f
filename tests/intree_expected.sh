#!/bin/sh
# intree_expected.sh - tests/intree_expected.py (the README formulas, in
# Python) gives, shape by shape, the calls per operation that the profiled
# in-tree libraries make, as tests/intree_calls measures them; for the key
# exchange, whose steps need a whole exchange as setup, as the records of
# `iccsprof run` give them.
. "$top_srcdir/tests/lib.sh"

if ! command -v python3 >/dev/null 2>&1; then
    echo "skip: python3 not found"
    exit 77
fi
if ! python3 -c 'import hashlib; hashlib.new("sm3")' 2>/dev/null; then
    echo "skip: python3's hashlib has no sm3 (its OpenSSL lacks it)"
    exit 77
fi
expected="$top_srcdir/tests/intree_expected.py"
PYTHONPATH="$top_srcdir/tests${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONPATH
libs="$top_builddir/tests/intree/.libs"

# lib_of INSTANCE: the profiled library the tests build for it.
lib_of() {
    case $1 in
    WOTS-SM3-16) echo "$libs/libwots16_prof.so" ;;
    WOTS-SM3-32) echo "$libs/libwots32_prof.so" ;;
    MLWE-KEM-512) echo "$libs/libmlwe512_prof.so" ;;
    MLWE-KEM-768) echo "$libs/libmlwe768_prof.so" ;;
    MLWE-KEX-512) echo "$libs/libkex512_prof.so" ;;
    MLWE-KEX-768) echo "$libs/libkex768_prof.so" ;;
    *) echo "/nonexistent/$1" ;;
    esac
}

expect_status "--list exits 0" 0 python3 "$expected" --list
cp "$work/out" "$work/list"
if [ "$(wc -l <"$work/list")" -eq 24 ]; then pass "24 instance operations listed"; else fail "24 instance operations listed" "$(cat "$work/list")"; fi

# record_calls LIB OP: the calls per operation of OP in a profile-only
# record of LIB, in the table format of intree_expected.py.
record_calls() {
    mkdir -p "$work/rec"
    "$top_builddir/src/iccsprof" run --no-plain --profiled "$1" --op "$2" --out "$work/rec/r.json" \
        --min-calls 3 --profile-seconds 0.01 --max-seconds 5 --precision off >/dev/null || return 1
    python3 - "$work/rec/r.json" <<'EOS'
import sys
from records import formula_lines, load
r = load(sys.argv[1])
assert r["status"]["state"] == "complete", r["status"]
print("\n".join(formula_lines(r)))
EOS
}

while read -r scheme inst op; do
    name="$inst $op"
    python3 "$expected" "$scheme" "$inst" "$op" | LC_ALL=C sort >"$work/want"
    measure="$top_builddir/tests/intree_calls"
    [ "$scheme" = kex-mlwe ] && measure=record_calls
    if ! $measure "$(lib_of "$inst")" "$op" >"$work/raw" 2>"$work/err"; then
        fail "$name measured" "$(head -c 300 "$work/err")"
        continue
    fi
    LC_ALL=C sort "$work/raw" >"$work/got"
    if [ -s "$work/want" ] && cmp -s "$work/want" "$work/got"; then
        pass "$name: calls per operation as the formulas give"
    else
        fail "$name: calls per operation as the formulas give" "$(diff "$work/want" "$work/got" | head -n 12)"
    fi
done <"$work/list"

# Spot values of the README tables, so that the formulas cannot drift
# together with the code.
python3 "$expected" sign-wots WOTS-SM3-16 keygen >"$work/out"
expect_grep "WOTS-SM3-16 keygen: 15 len = 525 chain steps" "^shape sm3hash 288 256 525$" "$work/out"
python3 "$expected" kem-mlwe MLWE-KEM-768 enc >"$work/out"
expect_grep "MLWE-KEM-768 enc: k^2 + 2k + 1 = 16 pseudoXOF calls" "^total pseudoXOF 16$" "$work/out"
python3 "$expected" kex-mlwe MLWE-KEX-512 pass2_b >"$work/out"
expect_grep "MLWE-KEX-512 pass2_b: the transcript hash over 32 + 768 + 32 bytes" "^shape sm3hash 6656 256 1$" "$work/out"
expect_grep "MLWE-KEX-512 pass2_b: H(m1) in the KEM and in the transcript" "^shape sm3hash 6400 256 2$" "$work/out"

expect_status "an unknown instance is a usage error" 2 python3 "$expected" sign-wots WOTS-SM3-64 sign
expect_grep "the unknown instance is named" "unknown scheme/instance sign-wots/WOTS-SM3-64" "$work/err"
expect_status "an unknown operation is a usage error" 2 python3 "$expected" kem-mlwe MLWE-KEM-512 sign
expect_grep "the unknown operation is named" "kem-mlwe has no operation 'sign'" "$work/err"
finish
