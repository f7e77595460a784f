#!/bin/sh
# schemes-errors.sh - instances that cannot build: a compilation error (the
# other instance still builds), a package without drng.c, and alternative
# files defining the same module (the error, then the descriptor line it
# gives, which builds the instance).
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/schemes-lib.sh"

# Two instances named by their folders; Broken has a syntax error.
pkg=$PKGS/two
expect_make "one instance failing fails the target" 2 profile-build SCHEME=t-two SCHEME_DIR="$pkg"
log=$work/build/t-two/Broken/build.log
expect_grep "the failure names the instance, the error and the log" \
    "^iccsprof profile: Broken: compilation failed under the guide and the lenient flags: extra.c:6:[0-9]*: error: expected expression before ';' token; see $log ([0-9.]* s)\$" "$work/err"
expect_grep "the other instance builds" "^iccsprof profile: Good: built with the guide flags" "$work/err"
expect_grep "the summary counts" "^iccsprof profile: built 1 of 2 instances of t-two under $work/build/t-two\$" "$work/err"
expect_grep "the summary names the failure" "^iccsprof profile: failed: Broken: build failed (compilation failed under" "$work/err"
expect_grep "the log keeps the compiler's output" "extra.c:6:[0-9]*: error: expected expression" "$log"
[ -f "$work/build/t-two/Good/build.json" ] && [ ! -e "$work/build/t-two/Broken/build.json" ] &&
    [ ! -e "$work/build/t-two/Broken/libBroken.so" ] && pass "only the good instance has libraries and build.json" ||
    fail "only the good instance has libraries and build.json" "$(ls "$work/build/t-two/Good" "$work/build/t-two/Broken")"
expect_make "the good one alone builds" 0 profile-build SCHEME=t-two SCHEME_DIR="$pkg" INSTANCES=Good

# get_random_number called, drng.c missing.
expect_make "no drng.c" 2 profile-build SCHEME=t-nodrng SCHEME_DIR="$PKGS/nodrng"
expect_grep "the missing symbol and the instance are named" \
    "^iccsprof profile: NoDrng-1: get_random_number is called (by sig.c) but no source of the library defines it (no drng.c in the package?) ([0-9.]* s)\$" "$work/err"

# api_pkc/ adapters duplicate the src/ modules.
pkg=$PKGS/dup
conf=$TREE_CONF_DIR/t-dup/scheme.conf
expect_make "duplicate modules stop the instance" 2 profile-build SCHEME=t-dup SCHEME_DIR="$pkg"
cat >"$work/want" <<EOF
iccsprof profile: Dup-1: duplicate symbol toy_tag in api_pkc/tag_adapter.c and src/tag.c; add the line "exclude = src/tag.c" to $conf
iccsprof profile: Dup-1: duplicate symbol toy_equal in api_pkc/utils_adapter.c and src/utils.c; add the line "exclude = src/utils.c" to $conf ([0-9.]* s)
EOF
grep '^iccsprof profile: Dup-1: ' "$work/err" | sed 's/([0-9.]* s)$/([0-9.]* s)/' >"$work/got"
expect_same "each pair of files is named with its symbol and the line to add" "$work/want" "$work/got"
[ ! -e "$work/build/t-dup/Dup-1/libDup-1.so" ] && pass "nothing linked" || fail "nothing linked" "libDup-1.so exists"
# The lines the errors give, as they are, make the descriptor.
sed -n 's/.*add the line "\(.*\)" to .*/\1/p' "$work/err" >"$work/dup.conf"
expect_make "the descriptor lines build it" 0 profile-build SCHEME=t-dup SCHEME_DIR="$pkg" SCHEME_CONF="$work/dup.conf"
expect_py "build.json lists the adapters and the exclusions" "$work/build/t-dup/Dup-1/build.json" <<'EOS'
import json, sys
b = json.load(open(sys.argv[1]))
assert b["sources"] == ["api_pkc/sig.c", "api_pkc/tag_adapter.c", "api_pkc/utils_adapter.c",
                        "src/auxfunc.c", "src/drng.c", "src/rng.c", "src/sm3.c"], b["sources"]
assert b["excluded"] == [{"file": "KAT_SIG.c", "reason": "defines main"},
                         {"file": "src/tag.c", "reason": "scheme.conf line 1: exclude = src/tag.c"},
                         {"file": "src/utils.c", "reason": "scheme.conf line 2: exclude = src/utils.c"}], b["excluded"]
assert "pseudohash" in b["coverage"]["wrapped"], b["coverage"]
EOS

# Files whose names are globs or hold " #": the advised lines name them
# alone, escaped, and build the instance.
glob=$work/globdup
cp -R "$pkg" "$glob"
gsrc=$glob/Dup/Implementations/Reference_Implementation/Dup-1/src
mv "$gsrc/tag.c" "$gsrc/t #[t]*.c"
mv "$gsrc/utils.c" "$gsrc/u?.c"
expect_status "glob names: duplicates stop the instance" 1 "$ICCSPROF" profile --build-only \
    --builddir "$work/globb" "$glob"
cat >"$work/want" <<'EOF'
iccsprof profile: Dup-1: duplicate symbol toy_tag in api_pkc/tag_adapter.c and src/t #[t]*.c; add the line "exclude = src/t[ ]#\[t]\*.c" to a descriptor given with --conf FILE
iccsprof profile: Dup-1: duplicate symbol toy_equal in api_pkc/utils_adapter.c and src/u?.c; add the line "exclude = src/u\?.c" to a descriptor given with --conf FILE ([0-9.]* s)
EOF
grep '^iccsprof profile: Dup-1: ' "$work/err" | sed 's/([0-9.]* s)$/([0-9.]* s)/' >"$work/got"
expect_same "glob names: each escaped in the advised line" "$work/want" "$work/got"
sed -n 's/.*add the line "\(.*\)" to .*/\1/p' "$work/err" >"$work/glob.conf"
expect_status "glob names: the advised lines build it" 0 "$ICCSPROF" profile --build-only \
    --builddir "$work/globb" --conf "$work/glob.conf" "$glob"
expect_py "glob names: exactly the two files excluded" "$work/globb/globdup/Dup-1/build.json" <<'EOS'
import json, sys
b = json.load(open(sys.argv[1]))
assert [e["file"] for e in b["excluded"]] == ["KAT_SIG.c", "src/t #[t]*.c", "src/u?.c"], b["excluded"]
assert "src/auxfunc.c" in b["sources"], b["sources"]
EOS

# A campaign whose only instance is left out: the summary lists it, the
# empty output folder is said once (the sanitizer build runs this case:
# no record to sort, no page to write).  The reason names a source whose
# name is HTML: the summary's Markdown shows it as text.
mkdir -p "$work/md"
cp -R "$PKGS/nodrng" "$work/md/nodrng"
mv "$work/md/nodrng/NoDrng/Implementations/Reference_Implementation/NoDrng-1/sig.c" \
    "$work/md/nodrng/NoDrng/Implementations/Reference_Implementation/NoDrng-1/s<i>g.c"
expect_status "a campaign of nothing but a left-out instance" 1 "$ICCSPROF" campaign --kat off \
    --out "$work/none" "$work/md/nodrng"
expect_grep "left out: in the summary, escaped" \
    "^- nodrng NoDrng-1: get_random_number is called (by s\\\\<i\\\\>g.c) but" "$work/none/summary.md"
[ "$(grep -c 'no profiles' "$work/err")" -eq 1 ] && pass "no profiles: said once" ||
    fail "no profiles: said once" "$(cat "$work/err")"
expect_grep "no profiles: the folder named" "^iccsprof campaign: $work/none: no profiles (no profile record in it)\$" "$work/err"
[ ! -e "$work/none/page.md" ] && pass "no page for no records" || fail "no page for no records" "page.md written"

finish
