#!/bin/sh
# schemes-plan.sh - make profile-plan: instances autodetected in an awkward
# layout, the same plan from a descriptor, and the errors a user can cause
# before anything is built.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/schemes-lib.sh"

pkg=$PKGS/awkward
inst=$(cd -P "$pkg/Awk/Implementations/Implementations/Reference_Implementation/awk_one" && pwd)
guide="-std=c99 -Wpedantic -Wall -Wextra -O2 -Werror=implicit-function-declaration -Werror=implicit-int -Werror=int-conversion -Werror=incompatible-pointer-types"
lenient="-std=gnu99 -D_GNU_SOURCE -O2 -fcommon -Wno-error=implicit-function-declaration -Wno-implicit-function-declaration -Wno-error=implicit-int -Wno-implicit-int -Wno-error=int-conversion -Wno-int-conversion -Wno-error=incompatible-pointer-types -Wno-incompatible-pointer-types"
san=${SANITIZER_CFLAGS:+ $SANITIZER_CFLAGS}

# Doubled Implementations level, sources in src/, headers in include/,
# two programs (the Makefile's KAT program and a speed test it builds
# apart), a KAT folder without sources.
expect_make "plan of the awkward layout" 0 profile-plan SCHEME=t-awk SCHEME_DIR="$pkg"
cat >"$work/want" <<EOF
scheme t-awk
  package      $(cd -P "$pkg" && pwd)
  descriptor   none (autodetected)
  implementation reference
  note         skipped Awk/Implementations/Implementations/Reference_Implementation/KAT: no .c file

instance Awk-128
  folder       $inst
  named        ALGORITHM_INSTANCE in include/SIG_Awk.h
  algorithm    Awk (the folder above Implementations)
  described    sources, -I and -D from Makefile, target kat
  source       src/auxfunc.c
  source       src/drng.c
  source       src/rng.c
  source       src/sig.c
  source       src/sm3.c
  source       src/tag.c
  source       src/utils.c
  include      include
  excluded     KAT_SIG.c (defines main)
  excluded     test_speed.c (not in Makefile target kat)
  other set    autodetected: every .c but programs
    only there test_speed.c
  flags        guide: $guide -fPIC -g$san
  fallback     when the guide flags fail: $lenient
  drng_global  package (defined in src/rng.c)
  wrap         get_random_number pseudoXOF pseudohash sm3hash
  type         sig (sig_keygen in src/sig.c)
  build        $work/build/t-awk/Awk-128
EOF
expect_same "the plan names sources, programs, include folders and flags" "$work/want" "$work/out"
[ ! -e "$work/build/t-awk/Awk-128/libAwk-128.so" ] && pass "planning links nothing" ||
    fail "planning links nothing" "libAwk-128.so exists"

# The same package described by a descriptor: instance line, a pattern
# exclude, defines, flags, and the lenient flags asked for.
cat >"$work/awk.conf" <<'EOF'
# A descriptor for the awkward fixture.
algorithm = Awkward
type = sig
instance = Custom Awk/Implementations/Implementations/Reference_Implementation/awk_one
exclude = test_*.c    # the speed test has its own main
defines = TOY_ONE TOY_TWO=2
cflags[Custom] = -g
lenient[Custom] = yes
EOF
expect_make "plan from a descriptor" 0 profile-plan SCHEME=t-awk SCHEME_DIR="$pkg" SCHEME_CONF="$work/awk.conf"
expect_grep "descriptor named" "^  descriptor   $work/awk.conf\$" "$work/out"
expect_grep "instance from its line" "^  named        scheme.conf line 4\$" "$work/out"
expect_grep "algorithm from the descriptor" "^  algorithm    Awkward (scheme.conf)\$" "$work/out"
expect_grep "pattern exclude with its line" "^  excluded     test_speed.c (scheme.conf line 5: exclude = test_\*.c)\$" "$work/out"
expect_grep "programs still found" "^  excluded     KAT_SIG.c (defines main)\$" "$work/out"
expect_grep "defines and flags" "^  scheme.conf  -DTOY_ONE -DTOY_TWO=2 -g\$" "$work/out"
expect_grep "lenient flags asked for" "^  flags        lenient: $lenient -fPIC -g -DTOY_ONE -DTOY_TWO=2 -g$san\$" "$work/out"
expect_grep "fallback always" "^  fallback     always (lenient = yes)\$" "$work/out"
if grep -q "^  source       test_speed.c" "$work/out"; then fail "excluded file not a source" "listed"; else pass "excluded file not a source"; fi

# Errors a user can cause: one line naming the culprit, exit 2, nothing built.
expect_make "unknown instance" 2 profile-plan SCHEME=t-awk SCHEME_DIR="$pkg" INSTANCES=Awk-128,Nope
expect_grep "unknown instance names the known ones" "^iccsprof plan: --instances: no instance named Nope (known: Awk-128)\$" "$work/err"
expect_make "unknown scheme" 2 profile-plan SCHEME=t-none
expect_grep "unknown scheme named" "^iccsprof plan: no scheme 't-none': .*/schemes/t-none is not a folder (in the tree:.*; or give the package folder: SCHEME_DIR=/path/to/package)\$" "$work/err"
expect_make "bad scheme id" 2 profile-plan SCHEME=../x SCHEME_DIR="$pkg"
expect_grep "bad scheme id named" "^iccsprof plan: --scheme '../x': an id is made of" "$work/err"
expect_make "bad IMPL" 2 profile-plan SCHEME=t-awk SCHEME_DIR="$pkg" IMPL=fast
expect_grep "bad IMPL named" "^iccsprof plan: --impl fast: expected reference, optimized or additional\$" "$work/err"
expect_make "no optimized tree" 2 profile-plan SCHEME=t-awk SCHEME_DIR="$pkg" IMPL=optimized
expect_grep "missing tree named" "^iccsprof plan: $(cd -P "$pkg" && pwd): no folder named Optimized_Implementation or Optimized (--impl optimized); name the instances with instance lines in scheme.conf\$" "$work/err"

rm -rf "$work/build/t-lto"
expect_make "LTO in SCHEME_CFLAGS is refused" 2 profile-build SCHEME=t-lto SCHEME_DIR="$pkg" SCHEME_CFLAGS="-O2 -flto"
expect_grep "LTO refusal says why" "^iccsprof profile: --cflags: -flto is refused: the profiled build wraps the helpers at link time, and link-time optimization can resolve their calls where --wrap never sees them\$" "$work/err"
[ ! -e "$work/build/t-lto/Awk-128" ] && pass "nothing built under LTO" || fail "nothing built under LTO" "$(ls "$work/build/t-lto")"
printf 'cflags = -O2\ncflags = -flto=auto\n' >"$work/lto.conf"
expect_make "LTO in scheme.conf is refused" 2 profile-build SCHEME=t-lto SCHEME_DIR="$pkg" SCHEME_CONF="$work/lto.conf"
expect_grep "LTO refusal names the line" "^iccsprof profile: $work/lto.conf:2: -flto=auto is refused: " "$work/err"

printf '# comment\n\noptimise = yes\n' >"$work/bad.conf"
expect_make "unknown descriptor key" 2 profile-plan SCHEME=t-awk SCHEME_DIR="$pkg" SCHEME_CONF="$work/bad.conf"
expect_grep "unknown key named with its line" "^iccsprof plan: $work/bad.conf:3: unknown key \"optimise\" (known: id, algorithm, type, instance, exclude, cflags, defines, lenient)\$" "$work/err"
printf 'exclude = nothing_*.c\n' >"$work/none.conf"
expect_make "exclude matching nothing" 2 profile-plan SCHEME=t-awk SCHEME_DIR="$pkg" SCHEME_CONF="$work/none.conf"
expect_grep "useless exclude named" "^iccsprof plan: $work/none.conf:1: exclude = nothing_\*.c matches no source of any instance\$" "$work/err"
printf 'exclude[Other] = KAT_SIG.c\n' >"$work/scope.conf"
expect_make "scoped line for an unknown instance" 2 profile-plan SCHEME=t-awk SCHEME_DIR="$pkg" SCHEME_CONF="$work/scope.conf"
expect_grep "unknown scope named" "^iccsprof plan: $work/scope.conf:1: no instance named Other (known: Awk-128)\$" "$work/err"
printf 'type = signature\n' >"$work/type.conf"
expect_make "bad type" 2 profile-plan SCHEME=t-awk SCHEME_DIR="$pkg" SCHEME_CONF="$work/type.conf"
expect_grep "bad type named" "^iccsprof plan: $work/type.conf:1: type must be sig, kem or kex\$" "$work/err"
expect_make "missing descriptor file" 2 profile-plan SCHEME=t-awk SCHEME_DIR="$pkg" SCHEME_CONF="$work/absent.conf"
expect_grep "missing descriptor named" "^iccsprof plan: --conf $work/absent.conf: no such readable file\$" "$work/err"

# An in-tree scheme given by its folder: its links into the tree's own
# schemes/iccs are the tool's own files.  A copy of the tree elsewhere,
# linked the same way, is a package like any other, whose links lead out
# of it.
intree=$(cd -P "$top_srcdir/schemes" && pwd)
expect_status "an in-tree scheme given by its folder plans" 0 "$ICCSPROF" plan "$top_srcdir/schemes/sign-wots" \
    --builddir "$work/build"
expect_grep "its shared sm3.c is a source" "^  source       sm3.c\$" "$work/out"
mkdir -p "$work/copy" && cp -RL "$intree/sign-wots" "$intree/iccs" "$work/copy/"
ln -sf ../../../../iccs/sm3.h "$work/copy/sign-wots/Implementations/Reference_Implementation/WOTS-SM3-16/sm3.h"
expect_status "a copy of an in-tree scheme elsewhere links out" 2 "$ICCSPROF" plan "$work/copy/sign-wots" \
    --builddir "$work/build"
expect_grep "the link out is named" "WOTS-SM3-16: sm3.h is a link out of the package, to $(cd -P "$work/copy/iccs" && pwd)/sm3.h: " "$work/err"
finish
