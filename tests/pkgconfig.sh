#!/bin/sh
# pkgconfig.sh - iccsprof-wrap.pc is enough to make a profiled build: a
# program linked with exactly its flags counts the fixture's calls.
. "$top_srcdir/tests/lib.sh"

cc=$(sed -n 's/^CC=.\(.*\).$/\1/p' "$top_builddir/config.status" | head -n 1)
fix="$top_srcdir/tests/fixtures/wrap"
# The uninstalled tree stands in for the installed prefix.
pc() {
    PKG_CONFIG_PATH="$top_builddir/wrappers" pkg-config \
        --define-variable=libdir="$top_builddir/wrappers" \
        --define-variable=includedir="$top_srcdir/wrappers" "$@" iccsprof-wrap
}
libs=$(pc --libs) && cflags=$(pc --cflags)
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
expect_grep "its calls are counted exactly" "^abi 2 shapes 3 calls 11 nested 1$" "$work/out"
finish
