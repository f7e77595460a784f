#!/bin/sh
# audit.sh - `iccsprof audit` finds the helper calls --wrap cannot see, and
# gives the survey verdict: whether the objects' symmetric work goes only
# through the ICCS helpers.
. "$top_srcdir/tests/lib.sh"

cc=$(sed -n 's/^CC=.\(.*\).$/\1/p' "$top_builddir/config.status" | head -n 1)
src="$top_srcdir/tests/fixtures/audit"
for f in helpers caller internal static_copy cold; do
    ${cc:-cc} -fPIC -O2 -c "$src/$f.c" -o "$work/$f.o" || fail "compile $f.c" "compiler failed"
done

expect_status "clean objects audit" 0 "$ICCSPROF" audit --json "$work/helpers.o" "$work/caller.o"
python3 - "$work/out" <<'EOS' && pass "clean objects: complete coverage" || fail "clean objects: complete coverage" "$(cat "$work/out")"
import json, sys
c = json.load(open(sys.argv[1]))
assert c["complete"] is True, c
assert c["wrapped"] == ["pseudoXOF"], c
assert c["undefined"] == ["pseudohash", "sm3hash", "get_random_number"], c
assert c["internal_calls"] == [], c
EOS

expect_status "internal call audit" 0 "$ICCSPROF" audit --json "$work/internal.o" "$work/caller.o"
python3 - "$work/out" "$work/internal.o" <<'EOS' && pass "internal call reported" || fail "internal call reported" "$(cat "$work/out")"
import json, sys
c = json.load(open(sys.argv[1]))
assert c["complete"] is False, c
assert c["internal_calls"] == [{"helper": "pseudoXOF", "object": sys.argv[2],
                                "references": 2, "static": False}], c
EOS

expect_status "text output" 0 "$ICCSPROF" audit "$work/internal.o"
expect_grep "text names the invisible call" "invisible to --wrap: pseudoXOF in .*internal.o (2 references)" "$work/out"
expect_grep "text says partial" "^coverage: partial" "$work/out"

expect_status "static copy audit" 0 "$ICCSPROF" audit --json "$work/static_copy.o"
python3 - "$work/out" <<'EOS' && pass "static copy reported" || fail "static copy reported" "$(cat "$work/out")"
import json, sys
c = json.load(open(sys.argv[1]))
assert c["complete"] is False and "sm3hash" in c["undefined"], c
calls = c["internal_calls"]
assert len(calls) == 1 and calls[0]["helper"] == "sm3hash" and calls[0]["static"] is True, c
EOS

# a helper's out-of-line cold part is the helper, not a copy of it
if nm "$work/cold.o" | grep -q " t pseudoXOF\.cold"; then
    expect_status "cold part audit" 0 "$ICCSPROF" audit "$work/cold.o" "$work/caller.o"
    expect_grep "a cold part is not a static copy" "^coverage: complete" "$work/out"
else
    pass "cold part audit # SKIP this compiler makes no pseudoXOF.cold of tests/fixtures/audit/cold.c"
fi

# --- the survey verdict: helpers only, shake* shims, a Keccak of its own ---
sv="$top_srcdir/tests/fixtures/survey"
mkdir -p "$work/shims" "$work/own" "$work/unnamed" "$work/lfsr"
survey_cc() { ${cc:-cc} -fPIC -O2 -I"$sv" -c "$@" || fail "compile $*" "compiler failed"; }
for f in iccs iccs_keccak sign sign_shake sign_direct; do
    survey_cc "$sv/$f.c" -o "$work/$f.o"
done
survey_cc "$sv/fips202_shims.c" -o "$work/shims/fips202.o"
survey_cc "$sv/fips202_own.c" -o "$work/own/fips202.o"
# the same Keccak under names that say nothing: only its constants give it away
survey_cc "$sv/fips202_own.c" -DKeccakF1600_StatePermute=mix -DKeccakF_RoundConstants=table \
    -o "$work/unnamed/fips202.o"
# round constants computed, not tabled (and not folded at -O0): only its name gives it away
${cc:-cc} -fPIC -O0 -I"$sv" -DRC_BY_LFSR -c "$sv/fips202_own.c" -o "$work/lfsr/fips202.o" ||
    fail "compile fips202_own.c -DRC_BY_LFSR" "compiler failed"
base="$work/iccs.o $work/iccs_keccak.o"

# survey NAME WANT OBJECT...: the text verdict is WANT
survey() {
    sv_name=$1 sv_want=$2
    shift 2
    expect_status "survey: $sv_name" 0 "$ICCSPROF" audit "$@"
    expect_grep "survey: $sv_name: the verdict" "^survey: $sv_want\$" "$work/out"
}
# the helpers' own Keccak (iccs_keccak.o, called by iccs.o alone) is theirs, measured with them
survey "helpers only" "ICCS-only" $base "$work/sign.o"
survey "shake shims over pseudoXOF" "ICCS-only — shake\* names are shims over pseudoXOF" \
    $base "$work/shims/fips202.o" "$work/sign_shake.o"
survey "a Keccak of its own" "mixed: Keccak-f\[1600\] of its own in fips202.o, not measured" \
    $base "$work/own/fips202.o" "$work/sign_shake.o"
survey "a Keccak known by its constants" "mixed: Keccak-f\[1600\] of its own in fips202.o, not measured" \
    $base "$work/unnamed/fips202.o" "$work/sign_shake.o"
survey "a Keccak known by its name" "mixed: Keccak-f\[1600\] of its own in fips202.o, not measured" \
    $base "$work/lfsr/fips202.o" "$work/sign_shake.o"
survey "the helpers' permutation called past them" \
    "mixed: Keccak-f\[1600\] of its own in iccs_keccak.o, not measured" $base "$work/sign_direct.o"

expect_status "survey: as JSON" 0 "$ICCSPROF" audit --json $base "$work/shims/fips202.o" "$work/sign_shake.o"
python3 - "$work/out" <<'EOS' && pass "survey: the JSON names the shims" || fail "survey: the JSON names the shims" "$(cat "$work/out")"
import json, sys
s = json.load(open(sys.argv[1]))["survey"]
assert s == {"verdict": "shims", "text": "ICCS-only \u2014 shake* names are shims over pseudoXOF",
             "shims": [{"family": "shake", "source": "fips202.o", "helpers": ["pseudoXOF"]}],
             "own": []}, s
EOS
for kind in unnamed lfsr; do
    expect_status "survey: $kind as JSON" 0 "$ICCSPROF" audit --json $base "$work/$kind/fips202.o" "$work/sign_shake.o"
    cp "$work/out" "$work/$kind.json"
done
python3 - "$work/unnamed.json" "$work/lfsr.json" <<'EOS' && pass "survey: the JSON says how each was found" || fail "survey: the JSON says how each was found" "$(cat "$work/unnamed.json" "$work/lfsr.json")"
import json, sys
unnamed, lfsr = (json.load(open(p))["survey"] for p in sys.argv[1:])
assert unnamed["own"] == [{"primitive": "Keccak-f[1600]", "source": "fips202.o", "evidence": "constants"}], unnamed
assert lfsr["own"] == [{"primitive": "Keccak-f[1600]", "source": "fips202.o",
                        "evidence": "function KeccakF1600_StatePermute"}], lfsr
assert unnamed["verdict"] == lfsr["verdict"] == "mixed" and unnamed["shims"] == [], unnamed
EOS

echo "not an object" >"$work/junk.o"
expect_status "a non-ELF file is an input error" 2 "$ICCSPROF" audit --json "$work/junk.o"
expect_grep "the error names the file" "^iccsprof audit: .*junk.o: not an ELF object" "$work/err"
expect_status "a missing file is an input error" 2 "$ICCSPROF" audit "$work/none.o"
expect_grep "the error gives the system reason" "none.o: No such file or directory" "$work/err"
expect_status "no objects is a usage error" 2 "$ICCSPROF" audit --json
finish
