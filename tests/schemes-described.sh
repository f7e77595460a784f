#!/bin/sh
# schemes-described.sh - `iccsprof profile` with no descriptor on packages
# whose own build files say what the library is: two Makefiles where the
# API one swaps core sources for adapters and shadows a header with -I.;
# a default target over *.c beside a test/ helper only another target
# uses (and that does not compile); a CMake library with the KAT program
# linked to it; a CMake package whose configure fails (the fallback, said
# so); a Makefile whose $(shell ...) writes a file (into the scratch copy
# only).  Each profiles with the toy scheme's exact calls.  A relative
# build folder reads the same, and its compile database resolves.  Then
# a package with no build file, and the two diagnoses: links that point
# nowhere, and a folder of packages.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/schemes-lib.sh"

PYTHONPATH="$top_srcdir/tests${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONPATH

# profile NAME PKG: iccsprof profile on PKG, quick settings, exit 0.
profile() {
    profile_quick "$1" "$2" --kat off
}

# build_json NAME PKG INSTANCE: Python checks on stdin against its build.json.
build_json() {
    expect_py "$1" "$work/build/$2/$3/build.json"
}

# compile_db NAME DB: every command of the compile database DB runs in an
# absolute folder from which its include folders and object resolve.
compile_db() {
    expect_py "$1" "$2" <<'EOS'
import json, os, sys
db = json.load(open(sys.argv[1]))
assert db, "empty"
for e in db:
    d = e["directory"]
    assert os.path.isabs(d) and os.path.isabs(e["file"]), e
    incs = [a[2:] for a in e["arguments"] if a.startswith("-I")]
    assert incs and all(os.path.isdir(os.path.join(d, i)) for i in incs), (d, incs)
    assert os.path.isfile(os.path.join(d, e["output"])), (d, e["output"])
EOS
}

# Two Makefiles: the API one's sources (adapters for tag.c, utils.c and
# hash.c), its -I. before -I../include, its level macro.
profile "two Makefiles" twomake
expect_grep "the API Makefile's target is named" \
    "^iccsprof profile: Tw-128: sources, -I and -D from api_pkc/Makefile, target tw_kat_api\$" "$work/err"
exact_calls "two Makefiles" twomake Tw-128 pseudohash 512
build_json "build.json: the API target's sources, defines and exclusions" twomake Tw-128 <<'EOS'
import json, sys
b = json.load(open(sys.argv[1]))
assert b["described"] == "sources, -I and -D from api_pkc/Makefile, target tw_kat_api", b["described"]
assert b["sources"] == ["api_pkc/auxfunc.c", "api_pkc/drng.c", "api_pkc/hash_adapter.c", "api_pkc/params.c",
                        "api_pkc/sig.c", "api_pkc/sm3.c", "api_pkc/tag_adapter.c", "api_pkc/utils_adapter.c",
                        "src/mode.c", "src/rng.c"], b["sources"]
assert b["excluded"] == [{"file": "api_pkc/KAT_SIG.c", "reason": "defines main"},
                         {"file": "native_main.c", "reason": "not in api_pkc/Makefile target tw_kat_api"},
                         {"file": "src/hash.c", "reason": "not in api_pkc/Makefile target tw_kat_api"},
                         {"file": "src/tag.c", "reason": "not in api_pkc/Makefile target tw_kat_api"},
                         {"file": "src/utils.c", "reason": "not in api_pkc/Makefile target tw_kat_api"}], b["excluded"]
assert b["cflags"].split()[-1] == "-DTW_128" and b["fallback"] is None, b["cflags"]
EOS
expect_py "compile_commands.json: the package's include order" \
    "$work/build/twomake/Tw-128/compile_commands.json" "$work/build/twomake/Tw-128" \
    "$(cd -P "$PKGS/twomake/Tw/Implementations/Reference_Implementation/Tw-128" && pwd)" <<'EOS'
import json, sys
db, build, inst = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]
mode = [e for e in db if e["file"] == inst + "/src/mode.c"]
assert len(db) == 10 and len(mode) == 1, [e["file"] for e in db]
args = mode[0]["arguments"]
incs = [a for a in args if a.startswith("-I")]
assert incs == [f"-I{build}/src/api_pkc", f"-I{build}/src/include"], incs
assert "-DTW_128" in args and args[args.index("-c") + 1] == inst + "/src/mode.c", args
assert mode[0]["output"] == f"{build}/guide/obj/src/mode.o", mode[0]
EOS
compile_db "compile_commands.json: the commands resolve" "$work/build/twomake/Tw-128/compile_commands.json"
expect_status "without the build files it does not build" 1 "$ICCSPROF" profile --build-only --no-build-files \
    "$PKGS/twomake" --builddir "$work/nobf"
expect_grep "the fallback fails" "^iccsprof profile: Tw-128: compilation failed under the guide and the lenient flags: " "$work/err"

# A build folder given relative: the scratch copy's paths, which make -w
# names absolutely, still lead back to the package.
expect_status "a relative build folder" 0 env -C "$work" "$ICCSPROF" profile --build-only "$PKGS/twomake" \
    --builddir rel
expect_grep "the build files are read" \
    "^iccsprof profile: Tw-128: sources, -I and -D from api_pkc/Makefile, target tw_kat_api\$" "$work/err"
compile_db "compile_commands.json: the relative commands resolve" "$work/rel/twomake/Tw-128/compile_commands.json"

# A default target over *.c; test/speed_print.c belongs to the speed
# target only and misses its header.
profile "a wildcard default target" wildtest
expect_grep "the KAT target is taken" "^iccsprof profile: Wt-1: sources, -I and -D from Makefile, target KAT_SIG\$" "$work/err"
exact_calls "a wildcard default target" wildtest Wt-1
build_json "build.json: test/ left to the speed target" wildtest Wt-1 <<'EOS'
import json, sys
b = json.load(open(sys.argv[1]))
why = "not in Makefile target KAT_SIG"
assert {"file": "test/speed_print.c", "reason": why} in b["excluded"], b["excluded"]
assert {"file": "test/speed.c", "reason": why} in b["excluded"], b["excluded"]
assert not [s for s in b["sources"] if s.startswith("test/")], b["sources"]
EOS
expect_status "without the build files test/speed_print.c stops it" 1 "$ICCSPROF" profile --build-only \
    --no-build-files "$PKGS/wildtest" --builddir "$work/nobf"
expect_grep "the fallback's error" "test/speed_print.c:6:10: fatal error: cpucycles.h: No such file or directory" "$work/err"

# CMake: the library target joined to the KAT program that links it.
profile "a CMake library" cmakeok
expect_grep "the KAT program and its library" \
    "^iccsprof profile: Ck-128: sources, -I and -D from CMakeLists.txt, target KAT_SIG + ck\$" "$work/err"
exact_calls "a CMake library" cmakeok Ck-128
build_json "build.json: the level from CMAKE_C_FLAGS" cmakeok Ck-128 <<'EOS'
import json, sys
b = json.load(open(sys.argv[1]))
assert b["cflags"].split()[-1] == "-DCK_128", b["cflags"]
assert "level.c" in b["sources"] and b["notes"] == [], b
EOS

# CMake whose configure fails: the fallback, and why.
profile "a CMake configure that fails" cmakefail
expect_grep "the failure and the fallback are said" \
    "^iccsprof profile: Cf-128: CMakeLists.txt: configuring failed (CMake Error at CMakeLists.txt:11 (add_executable): Cannot find source file: test/cpucycles.c); no target of CMakeLists.txt compiles the ICCS API with the KAT driver: every .c but programs\$" "$work/err"
exact_calls "a CMake configure that fails" cmakefail Cf-128
build_json "build.json: the fallback's level macro" cmakefail Cf-128 <<'EOS'
import json, sys
b = json.load(open(sys.argv[1]))
assert b["described"].endswith(": every .c but programs"), b["described"]
assert "-DCF_128" in b["cflags"].split(), b["cflags"]
EOS

# $(shell ...) writes into the scratch copy, never into the package; the
# copy stays only when ICCSPROF_KEEP_BUILD_FILES asks for it.
tree_listing "$PKGS/makeshell" >"$work/tree.before"
export ICCSPROF_KEEP_BUILD_FILES=1
profile "a Makefile with \$(shell)" makeshell
unset ICCSPROF_KEEP_BUILD_FILES
exact_calls "a Makefile with \$(shell)" makeshell Ms-1
tree_listing "$PKGS/makeshell" >"$work/tree.after"
expect_same "the package is not written" "$work/tree.before" "$work/tree.after"
[ -s "$work/build/makeshell/Ms-1/build-files/tree/built-at.txt" ] && pass "the scratch copy got the file" ||
    fail "the scratch copy got the file" "$(ls "$work/build/makeshell/Ms-1/build-files/tree")"
rm "$work/build/makeshell/Ms-1/build-files/tree/built-at.txt"
expect_status "a second plan" 0 "$ICCSPROF" plan "$PKGS/makeshell" --builddir "$work/build"
[ ! -e "$work/build/makeshell/Ms-1/build-files/tree/built-at.txt" ] &&
    pass "unchanged build files are not run again" || fail "unchanged build files are not run again" "run"
rm -rf "$work/build/makeshell/Ms-1/build-files" "$work/build/makeshell/Ms-1/build-files.cache"
expect_status "a plan reading the build files again" 0 "$ICCSPROF" plan "$PKGS/makeshell" \
    --builddir "$work/build"
expect_grep "its sources come from the Makefile" "^  described    sources, -I and -D from Makefile" "$work/out"
[ ! -e "$work/build/makeshell/Ms-1/build-files" ] && pass "the scratch copy is removed once read" ||
    fail "the scratch copy is removed once read" "$(ls -R "$work/build/makeshell/Ms-1/build-files")"

# No build file: the plan says so.
expect_status "a package without build files" 0 "$ICCSPROF" plan "$PKGS/two" --builddir "$work/build" \
    --instances Good
expect_grep "plan: no build file" "^  described    no build file: every .c but programs\$" "$work/out"

# A copy made without following links: the links that point nowhere are
# named.  The link is made here, since the fixture's own links are files
# in a distribution tarball.
cp -R "$top_srcdir/tests/fixtures/packages/levelmake" "$work/dangling"
chmod -R u+w "$work/dangling"
ln -sf ../../../../../../toysig/sig.c \
    "$work/dangling/Lvl/Implementations/Reference_Implementation/Lvl-128/sig.c"
expect_status "a package whose links point nowhere" 1 "$ICCSPROF" profile --build-only "$work/dangling" \
    --builddir "$work/build"
expect_grep "the links are named" "links of the package that point nowhere: .*sig.c -> ../../../../../../toysig/sig.c" "$work/err"

# A folder of packages is not one package.
mkdir "$work/many" && cp -R "$PKGS/wildtest" "$PKGS/makeshell" "$work/many/"
expect_status "a folder of packages" 2 "$ICCSPROF" profile "$work/many" --builddir "$work/build"
expect_grep "campaign is named" "^iccsprof profile: $work/many: this folder holds 2 packages: use iccsprof campaign (or give one package's folder)\$" "$work/err"
finish
