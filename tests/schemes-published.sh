#!/bin/sh
# schemes-published.sh - `iccsprof profile` with no descriptor on packages
# laid out and built as published NGCC packages are: a container folder
# with spaces between the algorithm's folder and Implementations, a
# Makefile (one of them CRLF) passing defines with values (a number, a
# word, a quoted string, a path-looking value), the DRNG state defined
# only by the KAT driver with drng.h in a folder the Makefile names with
# -I or at the instance root; and a Makefile whose sources do not build
# here while the autodetected ones do.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/schemes-lib.sh"

PYTHONPATH="$top_srcdir/tests${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONPATH

profile_quick "published layout and Makefiles" published
for inst in Pub-128 Pub-256; do
    expect_grep "$inst: the Makefile gives the sources" \
        "^iccsprof profile: $inst: sources, -I and -D from Makefile, target KAT_SIG_$inst\$" "$work/err"
    expect_grep "$inst: built from them with the guide flags" \
        "^iccsprof profile: $inst: built with the guide flags ([0-9.]* s)\$" "$work/err"
done
for inst in Pub-128 Pub-256; do
    mkdir -p "$work/prof/$inst" && cp "$work/prof/published/$inst"__*.json "$work/prof/$inst/"
done
exact_calls "Pub-128 (drng.h in api/, named by -Iapi)" Pub-128 Pub-128
exact_calls "Pub-256 (drng.h at the root, CRLF Makefile)" Pub-256 Pub-256

expect_py "the compile lines: defines untouched, -I mapped into the build folder" \
    "$work/build/published/Pub-128" <<'EOS'
import json, sys
b = sys.argv[1]
cmds = [c["arguments"] for c in json.load(open(b + "/compile_commands.json"))]
cmds += [l.split() for l in open(b + "/build.log").read().splitlines() if "/drng_global.c -o " in l]
assert len(cmds) == 8, (len(cmds), [w[-3][-12:] for w in cmds])
for words in cmds:
    assert "-DPUB_NUM=3" in words and "-DPUB_OPT=REF" in words, words
    assert '-DPUB_NAME="pub"' in words and "-DPUB_DIR=data/pub" in words, words
    assert not any(w.endswith("/3") or w.endswith("/REF") for w in words), words
    assert "-I" + b + "/src/api" in words, words
EOS
expect_status "the plan of the published package" 0 "$ICCSPROF" plan "$PKGS/published" --builddir "$work/build"
expect_grep "plan: the algorithm is the top folder, not the container" \
    "^  algorithm    Pub (the folder above Implementations and Test_Vectors)\$" "$work/out"
expect_grep "plan: each define with its value, as the Makefile gives it" \
    '^  build file   -DPUB_NUM=3 -DPUB_OPT=REF -DPUB_NAME="pub" -DPUB_DIR=data/pub$' "$work/out"
expect_grep "plan: the DRNG state compiled as its user is" \
    "^  drng_global  supplied (compiled with the flags of sig.c, which uses it)\$" "$work/out"
expect_py "the record names the algorithm and where its sources came from" \
    "$work/prof/published/Pub-128__keygen.json" <<'EOS'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["scheme"]["algorithm"] == "Pub", r["scheme"]
assert r["build"]["sources_from"] == "sources, -I and -D from Makefile, target KAT_SIG_Pub-128", r["build"]
assert r["build"]["drng_global"] == "supplied", r["build"]
EOS

# A Makefile whose sources do not build here: the autodetected sources
# are built instead, and the plan, build.json, the record and the report
# say so and why.
profile_quick "the build file's sources fail, the autodetected build" bfail
expect_grep "the fallback is said" \
    "^iccsprof profile: Bfail-1: the build file's sources did not build; the autodetected ones did\$" "$work/err"
exact_calls "the autodetected build" bfail Bfail-1
why="sources, -I and -D from Makefile, target KAT_SIG did not build: compilation failed under the guide and the lenient flags: fast.c:6:10: fatal error: bfail_avx512.h: No such file or directory; see $work/build/bfail/Bfail-1/build-file.log"
expect_py "the record says which sources built and why the first failed" \
    "$work/prof/bfail/Bfail-1__sign.json" "$why" <<'EOS'
import json, sys
r = json.load(open(sys.argv[1]))
want = "autodetected: every .c but programs (" + sys.argv[2] + ")"
assert r["build"]["sources_from"] == want, (r["build"]["sources_from"], want)
EOS
expect_grep "the failed build's log is kept" "bfail_avx512.h: No such file" "$work/build/bfail/Bfail-1/build-file.log"
expect_status "the report" 0 "$ICCSPROF" report "$work/prof/bfail"
expect_grep "the report's sources row" "^| sources | Bfail-1: autodetected: every .c but programs (sources, -I and -D from Makefile" "$work/out"
expect_status "the plan" 0 "$ICCSPROF" plan "$PKGS/bfail" --builddir "$work/build"
expect_grep "plan: what built" "^  described    autodetected: every .c but programs (sources, -I and -D from Makefile, target KAT_SIG did not build: " "$work/out"
expect_grep "plan: the other source set" "^  other set    sources, -I and -D from Makefile, target KAT_SIG\$" "$work/out"

finish
