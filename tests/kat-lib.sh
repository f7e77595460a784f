# kat-lib.sh - what the KAT gate's tests share: the in-tree MLWE KEM
# instance and its test libraries, the configured compiler, and a build
# description naming the instance's KAT driver.

libs="$top_builddir/tests/intree/.libs"
src="$top_srcdir/schemes/kem-mlwe/Implementations/Reference_Implementation/MLWE-KEM-512"
cc=$(sed -n 's/^CC=.\(.*\).$/\1/p' "$top_builddir/config.status" | head -n 1)
CC=${cc:-cc}
export CC

# build_json DIR SOURCE DRIVER [CFLAGS]: a build description of the
# instance in SOURCE whose KAT driver DRIVER was left out of the library
# (with the sanitizer flags of a sanitized build, as the scheme build
# records them, and CFLAGS after them).
build_json() {
    mkdir -p "$1"
    cat >"$1/build.json" <<EOJ
{"scheme": "kem-mlwe", "algorithm": "kem-mlwe", "instance": "MLWE-KEM-512",
 "implementation": "reference", "source_dir": "$2", "compiler": null,
 "cflags": "-std=c99 -O2 ${SANITIZER_CFLAGS:-} ${4:-}", "fallback": null, "drng_global": "package",
 "sources": [], "excluded": [{"file": "$3", "reason": "defines main"}], "coverage": null}
EOJ
}
