#!/bin/sh
# audit.sh - `iccsprof audit` finds the helper calls --wrap cannot see.
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

echo "not an object" >"$work/junk.o"
expect_status "a non-ELF file is an input error" 2 "$ICCSPROF" audit --json "$work/junk.o"
expect_grep "the error names the file" "^iccsprof: .*junk.o: not an ELF object" "$work/err"
expect_status "a missing file is an input error" 2 "$ICCSPROF" audit "$work/none.o"
expect_grep "the error gives the system reason" "none.o: No such file or directory" "$work/err"
expect_status "no objects is a usage error" 2 "$ICCSPROF" audit --json
finish
