#!/bin/sh
# schemes-fallback.sh - old code builds under the lenient flags and says
# so: K&R declarations, an implicit declaration and <malloc.h>; a global
# defined in a header (-fcommon); and why the guide build makes implicit
# declarations errors on every compiler.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/schemes-lib.sh"

lenient="-std=gnu99 -D_GNU_SOURCE -O2 -fcommon -Wno-error=implicit-function-declaration -Wno-implicit-function-declaration -Wno-error=implicit-int -Wno-implicit-int -Wno-error=int-conversion -Wno-int-conversion -Wno-error=incompatible-pointer-types -Wno-incompatible-pointer-types"
pkg=$PKGS/oldcode
B=$work/build/t-old/Old-1

expect_make "old code builds" 0 profile-build SCHEME=t-old SCHEME_DIR="$pkg"
expect_grep "the fallback is announced with its reason" \
    "^iccsprof profile: Old-1: built with the lenient flags: the guide flags failed (old.c:19:[0-9]*: error: implicit declaration of function 'toy_old_fill'.*; see $B/guide.log) ([0-9.]* s)\$" "$work/err"
expect_grep "guide.log keeps the guide attempt" "error: implicit declaration of function 'toy_old_fill'" "$B/guide.log"
expect_py "build.json records the fallback" "$B/build.json" "$lenient" "$SANITIZER_CFLAGS" <<'EOS'
import json, sys
b = json.load(open(sys.argv[1]))
lenient, san = sys.argv[2], sys.argv[3]
assert b["fallback"] == lenient, b["fallback"]
assert b["cflags"] == (lenient + " -fPIC -g " + san).strip(), b["cflags"]
assert "old.c" in b["sources"] and "fill.c" in b["sources"], b["sources"]
EOS
expect_make "the plan shows it" 0 profile-plan SCHEME=t-old SCHEME_DIR="$pkg"
expect_grep "plan: lenient flags in use" "^  flags        lenient: $lenient -fPIC -g" "$work/out"
expect_grep "plan: fallback used" "^  fallback     used: the guide flags failed\$" "$work/out"

# GCC 12 accepts an implicit declaration with a warning, GCC 14 rejects
# it: without the strict errors the guide flags would pass here, and the
# record would depend on the compiler.
expect_make "without the strict errors" 0 profile-build SCHEME=t-old-loose SCHEME_DIR="$pkg" SCHEME_STRICT_CFLAGS=
expect_grep "GCC 12 alone would take the guide flags" "^iccsprof profile: Old-1: built with the guide flags" "$work/err"

printf 'lenient = no\n' >"$work/strict.conf"
expect_make "lenient = no refuses the fallback" 2 profile-build SCHEME=t-old SCHEME_DIR="$pkg" SCHEME_CONF="$work/strict.conf"
expect_grep "the refusal shows the error" \
    "^iccsprof profile: Old-1: compilation failed under the guide flags (lenient = no): old.c:19:[0-9]*: error: implicit declaration of function 'toy_old_fill'" "$work/err"
[ ! -e "$B/build.json" ] && pass "a failed rebuild leaves no build.json" || fail "a failed rebuild leaves no build.json" "it is still there"

# drng.h defines the DRNG state, so every file including it does.
T=$work/build/t-tent/Tent-1
expect_make "a global defined in a header builds" 0 profile-build SCHEME=t-tent SCHEME_DIR="$PKGS/tentative"
expect_grep "the fallback names the clash" \
    "^iccsprof profile: Tent-1: built with the lenient flags: the guide flags failed (zero-filled globals defined in several files, drng_algorithm in drng.c and sig.c, need -fcommon) ([0-9.]* s)\$" "$work/err"
expect_py "build.json: fallback, and the package's global" "$T/build.json" "$lenient" <<'EOS'
import json, sys
b = json.load(open(sys.argv[1]))
assert b["fallback"] == sys.argv[2] and b["drng_global"] == "package", b
EOS
expect_make "rebuilding it" 0 profile-build SCHEME=t-tent SCHEME_DIR="$PKGS/tentative"
if [ -s "$T/build.log" ]; then fail "the decision is kept: nothing rebuilt" "$(head -c 300 "$T/build.log")"; else pass "the decision is kept: nothing rebuilt"; fi
finish
