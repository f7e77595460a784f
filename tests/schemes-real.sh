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
    expect_status "$1: iccsprof profile, no descriptor" 0 "$ICCSPROF" profile "$PKGS/$2" \
        --builddir "$work/build" --profile-dir "$work/prof/$2" -j 2 --trials 2 \
        --target-seconds 0.02 --run-flags "--min-calls 5 --profile-seconds 0.02 --max-seconds 30 --precision off"
}

# exact_calls NAME PKG INSTANCE: the toy scheme's calls in every record:
# keygen draws 128 DRNG bits and expands them with pseudoXOF, sign and
# verify hash the key and the message once with sm3hash.
exact_calls() {
    expect_py "$1: exact calls" "$work/prof/$2" "$3" <<'EOS'
import glob, sys
from records import check, load, shapes
folder, inst = sys.argv[1], sys.argv[2]
files = sorted(glob.glob(folder + "/*.json"))
check([f.split("/")[-1] for f in files] == [f"{inst}__{op}.json" for op in ("keygen", "sign", "verify")],
      str(files))
for path in files:
    r = load(path)
    op, n = r["operation"], r["profile"]["calls"]
    m = 8 * (32 + r["inputs"]["message_bytes"])
    want = {"keygen": {("get_random_number", 0, 128): n, ("pseudoXOF", 128, 256): n},
            "sign": {("sm3hash", m, 256): n}, "verify": {("sm3hash", m, 256): n}}[op]
    check(n > 0 and shapes(r) == want, f"{op}: {shapes(r)} for {n} operations, want {want}")
    check(r["status"]["state"] == "complete", f"{op}: {r['status']}")
EOS
}

# build_json NAME PKG INSTANCE: Python checks on stdin against its build.json.
build_json() {
    expect_py "$1" "$work/build/$2/$3/build.json" "$SANITIZER_CFLAGS"
}

profile "level macro in the Makefile" levelmake
expect_grep "the instance line names the macro and where it was read" \
    "^profile: Lvl-128: built with the guide flags, with -DLVL_SEC128 (from Makefile) ([0-9.]* s)\$" "$work/err"
exact_calls "level macro in the Makefile" levelmake Lvl-128
build_json "build.json: the macro in cflags and notes" levelmake Lvl-128 <<'EOS'
import json, sys
b = json.load(open(sys.argv[1]))
assert b["cflags"].split()[-1 - len(sys.argv[2].split())] == "-DLVL_SEC128", b["cflags"]
assert b["notes"] == ["level macro -DLVL_SEC128 (from Makefile): the sources need one and the "
                      "descriptor gives none"], b["notes"]
assert "level.c" in b["sources"], b["sources"]
EOS
expect_status "the plan says so too" 0 "$ICCSPROF" plan "$PKGS/levelmake" --builddir "$work/build"
expect_grep "plan: the note" "^  note         level macro -DLVL_SEC128 (from Makefile): " "$work/out"
expect_grep "plan: the flags" "^  flags        guide: .* -DLVL_SEC128" "$work/out"
expect_status "a second profile-build" 0 "$ICCSPROF" profile --build-only "$PKGS/levelmake" --builddir "$work/build"
expect_grep "the macro is remembered: nothing rebuilt" \
    "^profile: Lvl-128: up to date, built with the guide flags, with -DLVL_SEC128 (from Makefile) " "$work/err"

profile "level macro in the CMakeLists" levelcmake
expect_grep "the CMakeLists macro with the level filled in" \
    "^profile: Vd-128: built with the guide flags, with -DVD_128 (from Vd/Implementations/Reference_Implementation/CMakeLists.txt) " "$work/err"
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
    "^profile: Sh-1: compilation failed under the guide and the lenient flags: src/hash.c:[0-9:]* error: 'hash_ctx_t' has no member named 'state'; hash.h is both api_pkc/hash.h and include/hash.h (headers of alternative modules?): if src/hash.c is not part of the library, add the line \"exclude = src/hash.c\" to a descriptor given with --conf FILE; see " "$work/err"
printf 'exclude = src/hash.c\n' >"$work/sh.conf"
expect_status "that line builds it" 0 "$ICCSPROF" profile --build-only "$work/samehdr" \
    --builddir "$work/build" --scheme samehdr2 --conf "$work/sh.conf"

profile "a test program missing a header" testmissing
expect_grep "the program is left out with its error" \
    "^profile: Tm-1: left out test/test_speed.c, a program that does not compile: test/test_speed.c:2:10: fatal error: speed_print.h: No such file or directory\$" "$work/err"
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
