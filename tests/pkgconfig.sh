#!/bin/sh
# pkgconfig.sh - iccsprof-wrap.pc is enough to make a profiled build: a
# program linked with exactly its flags (--static: the archive's own
# dependencies are private ones) counts the fixture's calls, from a plain
# command line and through the CMake lines of doc/guide/install.md.
. "$top_srcdir/tests/lib.sh"

cc=$(sed -n 's/^CC=.\(.*\).$/\1/p' "$top_builddir/config.status" | head -n 1)
fix="$top_srcdir/tests/fixtures/wrap"
# The uninstalled tree stands in for the installed prefix.
pc() {
    PKG_CONFIG_PATH="$top_builddir/wrappers" pkg-config \
        --define-variable=libdir="$top_builddir/wrappers" \
        --define-variable=includedir="$top_srcdir/wrappers" "$@" iccsprof-wrap
}
libs=$(pc --static --libs) && cflags=$(pc --cflags)
echo "$libs" >"$work/libs"
for h in pseudohash pseudoXOF sm3hash get_random_number; do
    expect_grep "Libs wrap $h" "-Wl,--wrap=$h" "$work/libs"
done
# A sanitizer build made the archive instrumented: the program must be too.
if ${cc:-cc} $SANITIZER_CFLAGS $cflags -I"$fix" -I"$top_srcdir/schemes/iccs" "$fix/helpers.c" "$fix/sm3.c" "$fix/caller.c" "$fix/pc_main.c" \
    $libs -o "$work/prog" 2>"$work/err"; then
    pass "a program links with the pkg-config flags alone"
else
    fail "a program links with the pkg-config flags alone" "$(head -c 400 "$work/err")"
fi
"$work/prog" >"$work/out" 2>&1
expect_grep "its calls are counted exactly" "^abi 5 shapes 3 calls 11 nested 1$" "$work/out"

# doc/guide/install.md's CMake lines (pkg_check_modules with IMPORTED_TARGET and
# --static) give the same program its flags.
mkdir -p "$work/cmake"
if (cd "$work/cmake" && PKG_CONFIG_PATH="$top_builddir/wrappers" CC="${cc:-cc}" CFLAGS="$SANITIZER_CFLAGS" \
    LDFLAGS="$SANITIZER_CFLAGS" cmake -S "$top_srcdir/tests/fixtures/cmake" -B . \
    "-DWRAP_PC_ARGS=--define-variable=libdir=$top_builddir/wrappers;--define-variable=includedir=$top_srcdir/wrappers" \
    "-DPROG_SOURCES=$fix/helpers.c;$fix/sm3.c;$fix/caller.c;$fix/pc_main.c" \
    "-DPROG_INCLUDES=$fix;$top_srcdir/schemes/iccs" && cmake --build .) >"$work/cmake.out" 2>&1; then
    pass "CMake: the imported target links the program"
else
    fail "CMake: the imported target links the program" "$(tail -c 600 "$work/cmake.out")"
fi
"$work/cmake/prog" >"$work/out" 2>&1
expect_grep "CMake: its calls are counted exactly" "^abi 5 shapes 3 calls 11 nested 1$" "$work/out"

# libunwind is declared as a module, not a bare -lunwind: where it is
# missing, pkg-config says so rather than the linker.
if grep -q '^Requires.private: libunwind$' "$top_builddir/wrappers/iccsprof-wrap.pc"; then
    expect_grep "--static --libs takes libunwind's flags" "-lunwind" "$work/libs"
    if grep -q '^Libs:.*unwind' "$top_builddir/wrappers/iccsprof-wrap.pc"; then
        fail "Libs does not name libunwind" "$(grep '^Libs:' "$top_builddir/wrappers/iccsprof-wrap.pc")"
    else
        pass "Libs does not name libunwind"
    fi
    expect_status "without libunwind.pc pkg-config fails" 1 \
        env PKG_CONFIG_LIBDIR="$top_builddir/wrappers" PKG_CONFIG_PATH= pkg-config --static --libs iccsprof-wrap
    expect_grep "and names libunwind" "libunwind" "$work/err"
else
    echo "# configured without libunwind: the .pc requires nothing more"
fi
finish
