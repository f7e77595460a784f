#!/bin/sh
# schemes-real.sh - `iccsprof profile` with no descriptor on packages with
# the habits of real reference packages: a level macro only the package's
# Makefile passes, one only its CMakeLists passes (-D<ALG>_${LEVEL}), two
# hash.h for alternative modules, a test program missing a header, a test
# program that needs lenient flags, a DRNG of the scheme's own with an
# unused extern drng_algorithm, the shared ICCS files in a Common/ folder.
# Each builds and profiles with the toy scheme's exact calls.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/schemes-lib.sh"

PYTHONPATH="$top_srcdir/tests${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONPATH

# profile NAME PKG: iccsprof profile on PKG, quick settings, exit 0.
profile() {
    profile_quick "$1" "$2"
}

# build_json NAME PKG INSTANCE: Python checks on stdin against its build.json.
build_json() {
    expect_py "$1" "$work/build/$2/$3/build.json" "$SANITIZER_CFLAGS"
}

profile "level macro in the Makefile" levelmake
expect_grep "the Makefile's target gives the sources and the macro" \
    "^iccsprof profile: Lvl-128: sources, -I and -D from Makefile, target KAT_SIG\$" "$work/err"
expect_grep "no level macro is guessed" "^iccsprof profile: Lvl-128: built with the guide flags ([0-9.]* s)\$" "$work/err"
exact_calls "level macro in the Makefile" levelmake Lvl-128
build_json "build.json: the macro in cflags, where it came from" levelmake Lvl-128 <<'EOS'
import json, sys
b = json.load(open(sys.argv[1]))
assert b["cflags"].split()[-1] == "-DLVL_SEC128", b["cflags"]
assert b["described"] == "sources, -I and -D from Makefile, target KAT_SIG", b["described"]
assert b["notes"] == [], b["notes"]
assert "level.c" in b["sources"], b["sources"]
EOS
expect_status "the plan says so too" 0 "$ICCSPROF" plan "$PKGS/levelmake" --builddir "$work/build"
expect_grep "plan: where the sources came from" "^  described    sources, -I and -D from Makefile, target KAT_SIG\$" "$work/out"
expect_grep "plan: the build file's defines" "^  build file   -DLVL_SEC128\$" "$work/out"
# Without the build files, the macro is found as before: tried from the
# Makefile's text, then remembered.
# (a scratch copy make ran in would be kept)
expect_status "--no-build-files" 0 env ICCSPROF_KEEP_BUILD_FILES=1 "$ICCSPROF" profile --build-only \
    --no-build-files "$PKGS/levelmake" --builddir "$work/nobf"
expect_grep "the instance line names the macro and where it was read" \
    "^iccsprof profile: Lvl-128: built with the guide flags, with -DLVL_SEC128 (from Makefile) ([0-9.]* s)\$" "$work/err"
if grep -q 'sources, -I and -D from' "$work/err" || [ -e "$work/nobf/levelmake/Lvl-128/build-files" ]; then
    fail "--no-build-files runs no make" "$(cat "$work/err")"
else
    pass "--no-build-files runs no make"
fi
expect_status "the plan without build files" 0 "$ICCSPROF" plan --no-build-files "$PKGS/levelmake" --builddir "$work/nobf"
expect_grep "plan: the note" "^  note         level macro -DLVL_SEC128 (from Makefile): " "$work/out"
expect_grep "plan: not read" "^  described    build files not read (--no-build-files): every .c but programs\$" "$work/out"
expect_status "a second profile-build" 0 "$ICCSPROF" profile --build-only --no-build-files "$PKGS/levelmake" \
    --builddir "$work/nobf"
expect_grep "the macro is remembered: nothing rebuilt" \
    "^iccsprof profile: Lvl-128: up to date, built with the guide flags, with -DLVL_SEC128 (from Makefile) " "$work/err"

profile "level macro in the CMakeLists" levelcmake
expect_grep "the CMakeLists macro with the level filled in" \
    "^iccsprof profile: Vd-128: built with the guide flags, with -DVD_128 (from Vd/Implementations/Reference_Implementation/CMakeLists.txt) " "$work/err"
exact_calls "level macro in the CMakeLists" levelcmake Vd-128

profile "two hash.h" samehdr
exact_calls "two hash.h" samehdr Sh-1
build_json "build.json: both modules, each with its own header" samehdr Sh-1 <<'EOS'
import json, sys
b = json.load(open(sys.argv[1]))
assert "src/hash.c" in b["sources"] and "api_pkc/hash_adapter.c" in b["sources"], b["sources"]
assert b["fallback"] is None, b["fallback"]
EOS
# With one include path for all (as before), src/hash.c would see
# api_pkc/hash.h: the error names both headers and the exclude line.
cp -RL "$PKGS/samehdr" "$work/samehdr" && chmod -R u+w "$work/samehdr"
sh1=$work/samehdr/Sh/Implementations/Reference_Implementation/Sh-1
sed -i 's/#include "hash.h"/#include "..\/api_pkc\/hash.h"/' "$sh1/src/hash.c"
expect_status "a source that sees the other hash.h fails" 1 "$ICCSPROF" profile --build-only "$work/samehdr" \
    --builddir "$work/build" --scheme samehdr2
expect_grep "the error names both hash.h and the exclude line" \
    "^iccsprof profile: Sh-1: compilation failed under the guide and the lenient flags: src/hash.c:[0-9:]* error: 'hash_ctx_t' has no member named 'state'; hash.h is both api_pkc/hash.h and include/hash.h (headers of alternative modules?): if src/hash.c is not part of the library, add the line \"exclude = src/hash.c\" to a descriptor given with --conf FILE; see " "$work/err"
printf 'exclude = src/hash.c\n' >"$work/sh.conf"
expect_status "that line builds it" 0 "$ICCSPROF" profile --build-only "$work/samehdr" \
    --builddir "$work/build" --scheme samehdr2 --conf "$work/sh.conf"

profile "a test program missing a header" testmissing
expect_grep "the program is left out with its error" \
    "^iccsprof profile: Tm-1: left out test/test_speed.c, a program that does not compile: test/test_speed.c:2:10: fatal error: speed_print.h: No such file or directory\$" "$work/err"
exact_calls "a test program missing a header" testmissing Tm-1
build_json "build.json: the program excluded, the guide flags" testmissing Tm-1 <<'EOS'
import json, sys
b = json.load(open(sys.argv[1]))
assert b["excluded"] == [{"file": "KAT_SIG.c", "reason": "defines main"},
                         {"file": "test/test_speed.c", "reason": "defines main, does not compile"}], b["excluded"]
assert b["fallback"] is None, b
EOS

profile "a test program needing lenient flags" testlenient
exact_calls "a test program needing lenient flags" testlenient Tl-1
build_json "build.json: the library keeps the guide flags" testlenient Tl-1 <<'EOS'
import json, sys
b = json.load(open(sys.argv[1]))
assert b["fallback"] is None and b["cflags"].startswith("-std=c99 "), b
assert {"file": "test/test_old.c", "reason": "defines main, does not compile"} in b["excluded"], b["excluded"]
EOS

expect_status "a private DRNG: the plan" 0 "$ICCSPROF" plan "$PKGS/privdrng" --builddir "$work/build"
expect_grep "plan: no DRNG global needed" "^  drng_global  none (the library does not use drng_algorithm)\$" "$work/out"
profile "a private DRNG and an unused extern drng_algorithm" privdrng
exact_calls "a private DRNG and an unused extern drng_algorithm" privdrng Pd-1
build_json "build.json: nothing supplied for an unused extern" privdrng Pd-1 <<'EOS'
import json, sys
b = json.load(open(sys.argv[1]))
assert b["drng_global"] is None, b["drng_global"]
EOS
for lib in libPd-1.so libPd-1.prof.so; do
    if nm -D --defined-only "$work/build/privdrng/Pd-1/$lib" | grep -q ' drng_algorithm$'; then
        fail "$lib: no drng_algorithm supplied" "it is defined"
    else
        pass "$lib: no drng_algorithm supplied"
    fi
done

profile "the ICCS files in Common/" common
exact_calls "the ICCS files in Common/" common Cm-1
build_json "build.json: the shared files and the notes" common Cm-1 <<'EOS'
import json, sys
b = json.load(open(sys.argv[1]))
c = "Cm/Implementations/Reference_Implementation/Common/"
assert b["sources"][-2:] == [c + "drng.c", c + "auxfunc.c"], b["sources"]
assert b["notes"] == [f"{f} taken from {c}{f} (the instance folder has none)"
                      for f in ("drng.c", "drng.h", "auxfunc.c", "auxfunc.h")], b["notes"]
assert b["drng_global"] == "package", b
EOS
finish
