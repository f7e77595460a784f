#!/bin/sh
# schemes-build.sh - make profile-build on the awkward layout: the two
# libraries and their symbols, build.json, a library that signs and
# verifies, no rebuild when nothing changed, a rebuild of exactly what a
# header change touches, the package never written to; and the DRNG global
# supplied when only the KAT driver defined it.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/schemes-lib.sh"

pkg=$PKGS/awkward
inst=$(cd -P "$pkg/Awk/Implementations/Implementations/Reference_Implementation/awk_one" && pwd)
B=$work/build/t-awk/Awk-128
tree_listing "$pkg" >"$work/tree.before"

expect_make "awkward layout builds" 0 profile-build SCHEME=t-awk SCHEME_DIR="$pkg"
expect_grep "progress line" "^iccsprof profile: Awk-128: built with the guide flags ([0-9.]* s)\$" "$work/err"
expect_grep "build summary" "^iccsprof profile: built 1 of 1 instances of t-awk under $work/build/t-awk\$" "$work/err"

# Programs left out, the API in, the query interface only when profiled.
nm -D --defined-only "$B/libAwk-128.so" | awk '{ print $3 }' | sort >"$work/plain.syms"
nm -D --defined-only "$B/libAwk-128.prof.so" | awk '{ print $3 }' | sort >"$work/prof.syms"
for s in sig_keygen sig_sign sig_verify drng_algorithm init_random_number sm3hash pseudoXOF; do
    expect_grep "plain library defines $s" "^$s\$" "$work/plain.syms"
done
for s in iccsprof_wrap_api __wrap_sm3hash __wrap_pseudoXOF __wrap_get_random_number; do
    expect_grep "profiled library defines $s" "^$s\$" "$work/prof.syms"
done
# pseudohash is defined (so wrapped) but nothing calls it: no shim pulled.
if grep -qx __wrap_pseudohash "$work/prof.syms"; then fail "no shim for an uncalled helper" "__wrap_pseudohash"; else pass "no shim for an uncalled helper"; fi
if grep -qx main "$work/plain.syms" || grep -qx iccsprof_wrap_api "$work/plain.syms"; then
    fail "plain library has neither main nor the wrappers" "$(grep -x 'main\|iccsprof_wrap_api' "$work/plain.syms")"
else
    pass "plain library has neither main nor the wrappers"
fi
# sig.o calls sm3hash through tag.o: in the profiled library that call
# goes to the shim (call on x86-64, bl on AArch64).
if objdump -d "$B/libAwk-128.prof.so" | grep -q '\(call\|bl\)[[:space:]].*<__wrap_sm3hash'; then
    pass "profiled calls go through the shim"
else
    fail "profiled calls go through the shim" "no call to __wrap_sm3hash"
fi

compiler=$($CC_CMD --version | head -n 1)
(cd "$B/guide/obj" && "$ICCSPROF" audit --json src/auxfunc.o src/drng.o src/rng.o src/sig.o src/sm3.o \
    src/tag.o src/utils.o) >"$work/coverage.json"
expect_py "build.json holds the build" "$B/build.json" "$inst" "$compiler" "$SANITIZER_CFLAGS" "$work/coverage.json" <<'EOS'
import json, sys
b = json.load(open(sys.argv[1]))
inst, compiler, san = sys.argv[2], sys.argv[3], sys.argv[4]
coverage = json.load(open(sys.argv[5]))
flags = "-std=c99 -Wpedantic -Wall -Wextra -O2 -Werror=implicit-function-declaration -Werror=implicit-int -Werror=int-conversion -Werror=incompatible-pointer-types -fPIC -g"
assert list(b) == ["scheme", "algorithm", "instance", "implementation", "source_dir", "described",
                   "compiler", "cflags", "fallback", "drng_global", "sources", "excluded",
                   "coverage", "profiled_layout", "notes"], list(b)
assert b["described"] == "sources, -I and -D from Makefile, target kat", b["described"]
assert b["notes"] == [], b["notes"]
assert b["scheme"] == "t-awk" and b["algorithm"] == "Awk" and b["instance"] == "Awk-128", b
assert b["implementation"] == "reference" and b["source_dir"] == inst, b
assert b["compiler"] == compiler, b["compiler"]
assert b["cflags"] == (flags + " " + san).strip(), b["cflags"]
assert b["fallback"] is None and b["drng_global"] == "package", b
assert b["sources"] == ["src/auxfunc.c", "src/drng.c", "src/rng.c", "src/sig.c", "src/sm3.c",
                        "src/tag.c", "src/utils.c"], b["sources"]
assert b["excluded"] == [{"file": "KAT_SIG.c", "reason": "defines main"},
                         {"file": "test_speed.c", "reason": "not in Makefile target kat"}], b["excluded"]
assert b["coverage"] == coverage, (b["coverage"], coverage)
assert coverage["wrapped"] == ["pseudohash", "pseudoXOF", "sm3hash", "get_random_number"], coverage
assert coverage["undefined"] == [], coverage
EOS

# The profiled library's functions start where the plain library's do in
# a 64-byte line: padding before the scheme's objects makes up for what the
# wrappers add before them, named by the link command; without it (the
# same command less the padding) the functions land elsewhere.  Whether a
# library needs padding is the toolchain's doing: the in-tree MLWE KEM
# does with GCC 12 on x86-64 (48 bytes), the awkward fixture does not.
cat >"$work/layout.py" <<'EOS'
import collections, json, os, subprocess, sys
B, name = sys.argv[1], sys.argv[2]
def functions(lib):
    seen = collections.Counter()
    found = {}
    for line in subprocess.run(["nm", "-S", "--defined-only", lib], capture_output=True,
                               text=True, check=True).stdout.splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in "tT" and int(f[1], 16) > 0:
            seen[f[3]] += 1
            found[f[3]] = (int(f[0], 16), int(f[1], 16))
    return {n: a for n, a in found.items() if seen[n] == 1}
def aligned(plain, prof):
    """The share of the common functions' code at the same offset in a line."""
    a, b = functions(plain), functions(prof)
    common = [n for n in a if n in b and not n.startswith("_")]
    assert len(common) >= 10, common
    at = sum(a[n][1] for n in common if (a[n][0] - b[n][0]) % 64 == 0)
    return at / sum(a[n][1] for n in common)
plain, prof = "%s/lib%s.so" % (B, name), "%s/lib%s.prof.so" % (B, name)
layout = json.load(open(B + "/build.json"))["profiled_layout"]
# a sanitizer build puts a few functions in sections the padding does not move
assert layout["line_bytes"] == 64 and layout["aligned_code_share"] >= 0.99, layout
assert aligned(plain, prof) >= 0.99, aligned(plain, prof)
pad = "%s/lib%s.prof.pad.s" % (B, name)
words = open(prof + ".cmd").read().splitlines()
folder = words.pop()[len("folder "):]
if layout["pad_bytes"] == 0:
    assert not os.path.exists(pad) and pad not in words, words
    print("%s: no padding needed with this toolchain" % name)
    sys.exit(0)
assert pad in words and ".skip %d" % layout["pad_bytes"] in open(pad).read(), words
words.remove(pad)
words[words.index(prof + ".tmp")] = B + "/nopad.so"
subprocess.run(words, cwd=folder, check=True)
assert aligned(plain, B + "/nopad.so") < 0.5, aligned(plain, B + "/nopad.so")
os.remove(B + "/nopad.so")
print("%s: %d bytes of padding" % (name, layout["pad_bytes"]))
EOS
expect_py "the awkward scheme's code lies at the plain library's offsets in a line" "$B" Awk-128 <"$work/layout.py"
cat "$work/py"
expect_make "the in-tree MLWE KEM builds" 0 profile-build SCHEME=kem-mlwe INSTANCES=MLWE-KEM-512
expect_py "the MLWE KEM's code lies at the plain library's offsets in a line" "$work/build/kem-mlwe/MLWE-KEM-512" MLWE-KEM-512 <"$work/layout.py"
cat "$work/py"

# The library works: seeded as the driver seeds it, it signs, verifies,
# and rejects a changed message.  (A sanitizer build's library needs the
# sanitizer runtime loaded first, which Python's is not.)
if [ -z "$SANITIZER_CFLAGS" ]; then
    expect_py "the plain library signs and verifies" "$B/libAwk-128.so" <<'EOS'
import ctypes, sys
lib = ctypes.CDLL(sys.argv[1])
u64 = ctypes.c_ulonglong
seed = bytes(range(48))
assert lib.init_random_number(ctypes.byref(ctypes.c_char.in_dll(lib, "drng_algorithm")), seed, u64(48)) == 0
pk, sk, sn = (ctypes.create_string_buffer(32) for _ in range(3))
pl, sl, nl = u64(), u64(), u64()
m = ctypes.create_string_buffer(bytes((i * 131 + 64) % 256 for i in range(64)), 64)
assert lib.sig_keygen(pk, ctypes.byref(pl), sk, ctypes.byref(sl)) == 0
assert lib.sig_sign(sk, sl, m, u64(64), sn, ctypes.byref(nl)) == 0 and nl.value == 32
assert lib.sig_verify(pk, pl, sn, nl, m, u64(64)) == 0
m[0] = bytes([m.raw[0] ^ 1])
assert lib.sig_verify(pk, pl, sn, nl, m, u64(64)) == 1
EOS
else
    echo "# the ctypes load of the library is skipped in a sanitizer build"
fi

# Nothing changed: nothing is rebuilt, and build.json stays as it is.
(cd "$B" && find . -type f ! -name build.log -printf '%p %T@\n' | sort) >"$work/mtimes.1"
expect_make "second build" 0 profile-build SCHEME=t-awk SCHEME_DIR="$pkg"
(cd "$B" && find . -type f ! -name build.log -printf '%p %T@\n' | sort) >"$work/mtimes.2"
expect_same "a second make rewrites no file" "$work/mtimes.1" "$work/mtimes.2"
if [ -s "$B/build.log" ]; then fail "a second make runs no tool" "$(head -c 400 "$B/build.log")"; else pass "a second make runs no tool"; fi

tree_listing "$pkg" >"$work/tree.after"
expect_same "the package is never written to" "$work/tree.before" "$work/tree.after"

# A header change recompiles the files that include it, and only those.
cp -RL "$pkg" "$work/copy" && chmod -R u+w "$work/copy"
expect_make "copy builds" 0 profile-build SCHEME=t-copy SCHEME_DIR="$work/copy"
sleep 1
touch "$work/copy/Awk/Implementations/Implementations/Reference_Implementation/awk_one/include/sig.h"
expect_make "copy rebuilds" 0 profile-build SCHEME=t-copy SCHEME_DIR="$work/copy"
C=$work/build/t-copy/Awk-128
sed -n "s| -o .*||; s|.* -c $C/src/||p" "$C/guide.log" | sort >"$work/recompiled"
printf '%s\n' KAT_SIG.c src/sig.c src/tag.c src/utils.c >"$work/want"
expect_same "exactly the includers of sig.h are recompiled" "$work/want" "$work/recompiled"
expect_grep "and both libraries relinked" "-o $work/build/t-copy/Awk-128/libAwk-128.prof.so.tmp" "$work/build/t-copy/Awk-128/build.log"
# Another folder under the same id: all is rebuilt, though its files are
# older than the objects.
cp -Rp "$work/copy" "$work/copy2"
expect_make "another folder, same id" 0 profile-build SCHEME=t-copy SCHEME_DIR="$work/copy2"
sed -n "s| -o .*||; s|.* -c $C/src/||p" "$C/guide.log" | sort >"$work/recompiled"
(cd "$work/copy2/Awk/Implementations/Implementations/Reference_Implementation/awk_one" && find . -name '*.c' ! -name test_speed.c | sed 's|^\./||' | sort) >"$work/want"
expect_same "every source of the other folder is compiled" "$work/want" "$work/recompiled"

# Without SCHEME_BUILDDIR the build goes under build/schemes/ of the tree.
rm -rf "$top_builddir/build/schemes/t-awk-default"
expect_status "default build folder" 0 env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
    make --no-print-directory -C "$top_builddir" profile-build SCHEME=t-awk-default SCHEME_DIR="$pkg"
[ -f "$top_builddir/build/schemes/t-awk-default/Awk-128/build.json" ] && pass "built under build/schemes/<id>/<instance>/" ||
    fail "built under build/schemes/<id>/<instance>/" "$(ls -R "$top_builddir/build" 2>&1 | head -c 300)"
rm -rf "$top_builddir/build/schemes/t-awk-default"

# drng_algorithm defined only by the KAT driver: the build supplies it,
# sized by the package's own drng.h.
dpkg=$PKGS/drngkat
expect_make "KAT-only DRNG global builds" 0 profile-build SCHEME=t-drng SCHEME_DIR="$dpkg"
D=$work/build/t-drng/DrngKat-1
expect_py "build.json says supplied" "$D/build.json" <<'EOS'
import json, sys
b = json.load(open(sys.argv[1]))
assert b["drng_global"] == "supplied", b["drng_global"]
assert b["excluded"] == [{"file": "KAT_SIG.c", "reason": "defines main"}], b["excluded"]
assert "drng_global.c" not in " ".join(b["sources"]), b["sources"]
EOS
dinc=$(cd -P "$dpkg/DrngKat/Implementations/Reference_Implementation/DrngKat-1" && pwd)
printf '#include "drng.h"\nchar ctx_size[sizeof(DRNG_ctx)];\n' | $CC_CMD -x c -c -I"$dinc" -o "$work/size.o" -
want=$(nm -S "$work/size.o" | awk '$4 == "ctx_size" { print $2 }')
for lib in libDrngKat-1.so libDrngKat-1.prof.so; do
    got=$(nm -S --defined-only "$D/$lib" | awk '$4 == "drng_algorithm" { print $2 " " $3 }')
    [ "$got" = "$want B" ] && pass "$lib defines drng_algorithm with the package's size" ||
        fail "$lib defines drng_algorithm with the package's size" "got '$got', wanted '$want B'"
done
expect_make "its plan says so" 0 profile-plan SCHEME=t-drng SCHEME_DIR="$dpkg"
expect_grep "plan shows supplied" "^  drng_global  supplied\$" "$work/out"
finish
