#!/bin/sh
# kat-hostile.sh - what a package's KAT driver and response files can do
# to the KAT gate (`iccsprof kat`): response files and KAT folders linked
# out of the package are never read; the driver cannot reach the user's
# terminal.
. "$top_srcdir/tests/lib.sh"

libs="$top_builddir/tests/intree/.libs"
src="$top_srcdir/schemes/kem-mlwe/Implementations/Reference_Implementation/MLWE-KEM-512"
cc=$(sed -n 's/^CC=.\(.*\).$/\1/p' "$top_builddir/config.status" | head -n 1)
CC=${cc:-cc}
export CC

# build_json DIR SOURCE DRIVER: a build description of the instance in
# SOURCE whose KAT driver DRIVER was left out of the library (with the
# sanitizer flags of a sanitized build, as the scheme build records them).
build_json() {
    mkdir -p "$1"
    cat >"$1/build.json" <<EOJ
{"scheme": "kem-mlwe", "algorithm": "kem-mlwe", "instance": "MLWE-KEM-512",
 "implementation": "reference", "source_dir": "$2", "compiler": null,
 "cflags": "-std=c99 -O2 ${SANITIZER_CFLAGS:-}", "fallback": null, "drng_global": "package",
 "sources": [], "excluded": [{"file": "$3", "reason": "defines main"}], "coverage": null}
EOJ
}

# instance NAME: a copy of the MLWE-KEM-512 instance in $work/NAME.
instance() {
    cp -RL "$src" "$work/$1" && chmod -R u+w "$work/$1"
}

# --- a response file or KAT folder linked out of the package: never read ---
printf 'SECRET-RSP-4242\n' >"$work/secret.rsp" && chmod 600 "$work/secret.rsp"
mkdir -p "$work/outkat" && cp "$work/secret.rsp" "$work/outkat/MLWE-KEM-512.rsp"
instance linkrsp
ln -sf "$work/secret.rsp" "$work/linkrsp/MLWE-KEM-512.rsp"
instance linkkat
rm "$work/linkkat/MLWE-KEM-512.rsp"
ln -s "$work/outkat" "$work/linkkat/KAT"
for case in "linkrsp MLWE-KEM-512.rsp $work/secret.rsp" "linkkat KAT $work/outkat"; do
    set -- $case
    build_json "$work/$1b" "$work/$1" KAT_KEM.c
    expect_status "$1: not available, exit 0" 0 "$ICCSPROF" kat --build-info "$work/$1b/build.json" \
        --plain "$libs/libmlwe512.so"
    expect_grep "$1: the link is named" \
        "^MLWE-KEM-512: kat: not available ($2 -> $3 is a link out of the package: iccsprof reads no response file through a link out of the package it checks)\$" \
        "$work/out"
    if grep -rq SECRET-RSP "$work/$1b" "$work/out" "$work/err"; then
        fail "$1: nothing quotes the linked file" "$(grep -rl SECRET-RSP "$work/$1b" "$work/out" "$work/err")"
    else
        pass "$1: nothing quotes the linked file"
    fi
done
# a link inside the instance folder is followed
instance linkin
mv "$work/linkin/MLWE-KEM-512.rsp" "$work/linkin/shipped.txt"
ln -s shipped.txt "$work/linkin/MLWE-KEM-512.rsp"
build_json "$work/linkinb" "$work/linkin" KAT_KEM.c
expect_status "a link inside: pass" 0 "$ICCSPROF" kat --build-info "$work/linkinb/build.json" \
    --plain "$libs/libmlwe512.so"
expect_grep "a link inside: pass said" "^MLWE-KEM-512: kat: pass\$" "$work/out"
# what the compiler and the driver print may quote what they read: 0600
modes=$(cd "$work/linkinb/kat" && find . -maxdepth 1 -type f \( -name '*.log' -o -name '*.stdout' -o -name '*.stderr' \) |
    sort | xargs stat -c '%a %n')
if [ -n "$modes" ] && ! echo "$modes" | grep -vq '^600 '; then pass "KAT logs are 0600"; else fail "KAT logs are 0600" "$modes"; fi

# --- a driver has no controlling terminal: /dev/tty cannot be opened ---
instance tty
cat >"$work/tty/KAT_TTY.c" <<EOC
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(void)
{
    int fd = open("/dev/tty", O_WRONLY);

    if (fd >= 0) {
        (void)!write(fd, "TTY-WRITE-4242\\n", 15);
        fclose(fopen("$work/tty.opened", "w"));
    }
    puts("count = 0");
    return 0;
}
EOC
rm "$work/tty/MLWE-KEM-512.rsp"
echo "count = 0" >"$work/tty/KAT_TTY.rsp"
build_json "$work/ttyb" "$work/tty" KAT_TTY.c
on_terminal "$ICCSPROF" kat --build-info "$work/ttyb/build.json" --plain "$libs/libmlwe512.so" \
    >"$work/shown" 2>&1
got=$?
[ "$got" -eq 0 ] && pass "a driver opening /dev/tty: exit 0" || fail "a driver opening /dev/tty: exit 0" "exit $got: $(head -c 300 "$work/shown")"
if [ -e "$work/tty.opened" ] || grep -q TTY-WRITE "$work/shown"; then
    fail "the driver could not open /dev/tty" "$(head -c 300 "$work/shown")"
else
    pass "the driver could not open /dev/tty"
fi

finish
