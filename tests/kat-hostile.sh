#!/bin/sh
# kat-hostile.sh - what a package's KAT driver and response files can do
# to the KAT gate (`iccsprof kat`): response files and KAT folders linked
# out of the package are never read; the driver cannot reach the user's
# terminal, writes only in its folder where the system allows a mount
# namespace, and what it leaves there is bound and removed.
. "$top_srcdir/tests/lib.sh"

. "$top_srcdir/tests/kat-lib.sh"

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
expect_grep "a link inside: pass said" "^MLWE-KEM-512: kat: pass$UNCONFINED\$" "$work/out"
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

# --- a driver's quota: many files, each under the limit of one, are
# stopped all the same, and its folder is removed after ---
instance many
cat >"$work/many/KAT_MANY.c" <<'EOC'
#include <stdio.h>
#include <string.h>
int main(void)
{
    static char block[100 * 1024];
    char name[64];

    memset(block, 'x', sizeof block);
    for (int i = 0; i < 300; i++) {
        FILE *f;

        snprintf(name, sizeof name, "out%03d.bin", i);
        if ((f = fopen(name, "w")) == NULL)
            return 1;
        fwrite(block, 1, sizeof block, f);
        fclose(f);
    }
    puts("count = 0");
    return 0;
}
EOC
rm "$work/many/MLWE-KEM-512.rsp"
echo "count = 0" >"$work/many/KAT_MANY.rsp"
build_json "$work/manyb" "$work/many" KAT_MANY.c
expect_status "many files: fail" 1 "$ICCSPROF" kat --build-info "$work/manyb/build.json" \
    --plain "$libs/libmlwe512.so"
expect_grep "many files: the quota is named" \
    "^MLWE-KEM-512: kat: fail (the driver left more than 256 files or 8388608 bytes in its folder (8 times the limit of one file) and was stopped$UNCONFINED_TOO)\$" \
    "$work/out"
[ ! -e "$work/manyb/kat/plain" ] && pass "many files: the driver's folder is removed" ||
    fail "many files: the driver's folder is removed" "$(ls "$work/manyb/kat/plain" | wc -l) files left"
[ ! -e "$work/linkinb/kat/plain" ] && [ -s "$work/linkinb/kat/plain.stdout" ] &&
    pass "a pass: the driver's folder is removed, its output kept" ||
    fail "a pass: the driver's folder is removed, its output kept" "$(ls "$work/linkinb/kat")"

# --- a driver is confined where the system allows: it writes only in
# its folder; where it does not, the verdict says why ---
instance escape
cat >"$work/escape/KAT_ESCAPE.c" <<EOC
#include <stdio.h>
int main(void)
{
    FILE *f;

    if ((f = fopen("$work/escaped-absolute", "w")) != NULL)
        fclose(f);
    if ((f = fopen("../../escaped-relative", "w")) != NULL)
        fclose(f);
    if ((f = fopen("$work/escape/escaped-package", "w")) != NULL)
        fclose(f);
    if ((f = fopen("KAT_ESCAPE.rsp", "w")) != NULL) {
        fputs("count = 0\n", f);
        fclose(f);
    }
    return 0;
}
EOC
rm "$work/escape/MLWE-KEM-512.rsp"
echo "count = 0" >"$work/escape/KAT_ESCAPE.rsp"
build_json "$work/escapeb" "$work/escape" KAT_ESCAPE.c
expect_status "a driver writing outside its folder: exit 0" 0 "$ICCSPROF" kat \
    --build-info "$work/escapeb/build.json" --plain "$libs/libmlwe512.so"
if grep -q "unconfined" "$work/out"; then
    expect_grep "unconfined: the verdict says why" \
        "^MLWE-KEM-512: kat: pass (the driver ran unconfined ([^)]*: .*))\$" "$work/out"
else
    expect_grep "confined: a pass" "^MLWE-KEM-512: kat: pass\$" "$work/out"
    left=$(ls -d "$work/escaped-absolute" "$work/escapeb/escaped-relative" "$work/escape/escaped-package" 2>/dev/null)
    [ -z "$left" ] && pass "confined: nothing written outside its folder" ||
        fail "confined: nothing written outside its folder" "$left"
fi

finish
