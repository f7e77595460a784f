#!/bin/sh
# schemes-hostile.sh - what a package can do to the planner and the
# builder: compiler options in its scheme.conf that name programs, a
# source linked to a private file outside it, two symlink loops, sources
# that make the compiler read its stdin or /dev/zero, a compiler that
# hangs, a file name with a line break that an exclude line leaves out,
# a Makefile that reads its stdin, hangs or writes 70 MB, and an interrupt
# while its Makefile's $(shell ...) runs.  What old
# behaviour made hang runs under timeout(1), so that a regression fails.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/schemes-lib.sh"

good=Two/Implementations/Reference_Implementation/Good

copy() {
    cp -RL "$PKGS/$1" "$work/$2" && chmod -R u+w "$work/$2"
}

# running PID: whether process PID runs (a zombie no reaper took does not).
running() {
    kill -0 "$1" 2>/dev/null && ! grep -q '^[0-9]* ([^)]*) Z' "/proc/$1/stat" 2>/dev/null
}

# plan NAME WANT PKG [OPTIONS...]: iccsprof plan of PKG's Good instance.
plan() {
    name=$1 want=$2 pkg=$3
    shift 3
    expect_status "$name" "$want" timeout 60 "$ICCSPROF" plan "$pkg" --builddir "$work/build" \
        --instances Good "$@"
}

# A descriptor gives only the flags of an allow-list: defines, include
# folders inside the package, -std=, warnings, optimisation and listed
# -m and -f flags.  Everything else is refused by name, among it options
# that name a program, a plugin, a file of options or a file to write,
# however spelt.
copy two conf
printf '#!/bin/sh\ntouch %s/PWNED\n' "$work" >"$work/evil.sh" && chmod +x "$work/evil.sh"
printf -- '-wrapper %s/evil.sh\n' "$work" >"$work/opts"
# a plugin runs its constructors when the compiler loads it, whichever
# way it is named (-Wp, hands its options to the preprocessor as they are)
printf '#include <stdio.h>\n__attribute__((constructor)) static void pwn(void)\n{\n    fclose(fopen("%s/PWNED", "w"));\n}\n' \
    "$work" >"$work/evil.c"
$CC_CMD -shared -fPIC -o "$work/evil.so" "$work/evil.c" || fail "the plugin built" "$CC_CMD"
# a compiler proper that --prefix (GCC's long -B) would run
mkdir -p "$work/bin"
for prog in cc1 as collect2 ld; do cp "$work/evil.sh" "$work/bin/$prog"; done
for opt in "-wrapper $work/evil.sh" "-B$work/bin/" "-specs=$work/evil.specs" \
    "-fplugin=$work/evil.so" "@$work/opts" "-Wp,-DX=1,-fplugin=$work/evil.so" \
    "-fpass-plugin=$work/evil.so" "-Xclang -load -Xclang $work/evil.so" "--config=$work/opts" \
    "-Xpreprocessor -fplugin=$work/evil.so" "--prefix=$work/bin/" "--prefix $work/bin/" \
    "-o $work/OUT1" "-MF$work/OUT2" "-MF $work/OUT3" "-Wp,-MD,$work/OUT4" \
    "-aux-info $work/OUT5" "-fprofile-generate=$work/OUT6" "-fdump-tree-all=$work/OUT7" \
    "-dumpdir $work/OUT8/" "--output=$work/OUT9" "--for-assembler=-aln=$work/OUT10" \
    "--dumpbase $work/OUT11" "--dumpdir $work/OUT12/" "-fdump-ada-spec" "-fdump-tree-original" \
    "-include $work/secret.txt" "-mllvm -x" "-fstack-usage" "-march=\$(x)" "-std=c99;x"; do
    printf 'cflags = -O2 %s\n' "$opt" >"$work/conf/scheme.conf"
    plan "scheme.conf: cflags = -O2 $opt" 2 "$work/conf"
    word=${opt%% *}
    expect_grep "refused and named: $word" \
        "^iccsprof plan: $work/conf/scheme.conf:1: $word is refused: a descriptor may give only defines (-D, -U), include folders inside the package (-I), -std=, warnings (-W), optimisation (-O), -g and listed -m and -f flags; only the command line (--cflags) may give others\$" \
        "$work/err"
done
[ ! -e "$work/PWNED" ] && pass "no program of the package ran" || fail "no program of the package ran" "PWNED"
if ls "$work"/OUT* >/dev/null 2>&1; then fail "nothing written outside the build" "$(ls -d "$work"/OUT*)"; else pass "nothing written outside the build"; fi
# include folders: inside the package by their real path, relative to it
mkdir -p "$work/outinc" "$work/conf/inc"
ln -s "$work/outinc" "$work/conf/linked"
for dir in "$work/outinc" "../outinc" "linked" "inc/../.." "missing"; do
    for form in "-I$dir" "-I $dir" "-isystem $dir" "-iquote$dir"; do
        printf 'cflags = %s\n' "$form" >"$work/conf/scheme.conf"
        plan "scheme.conf: cflags = $form" 2 "$work/conf"
        expect_grep "refused and named: $form" \
            "^iccsprof plan: $work/conf/scheme.conf:1: $form is refused: $dir is not a folder inside the package, and only the command line (--cflags) may give include folders outside it\$" \
            "$work/err"
    done
done
printf 'cflags = -I\n' >"$work/conf/scheme.conf"
plan "scheme.conf: cflags = -I" 2 "$work/conf"
expect_grep "a flag without its value is named" \
    "^iccsprof plan: $work/conf/scheme.conf:1: -I is refused: it takes a value, and none follows\$" "$work/err"
# what real packages' Makefiles pass is taken
printf '#define INC_OK 1\n' >"$work/conf/inc/incok.h"
printf '#include "incok.h"\nint inc_ok = INC_OK;\n' >"$work/conf/$good/incuse.c"
printf 'cflags = %s\n' "-std=c11 -O3 -Wall -Wextra -Wpedantic -Wshadow -Wpointer-arith -Wno-unused-parameter -DNAME=VALUE -D FLAG -UOTHER -Iinc -I $work/conf/inc -isystem inc -march=native -mtune=native -mavx2 -mno-avx512f -fomit-frame-pointer -funroll-loops -fno-strict-aliasing -fwrapv -fvisibility=hidden -fopt-info-vec -g -pedantic" \
    >"$work/conf/scheme.conf"
plan "the flags real packages pass are taken" 0 "$work/conf"
expect_grep "relative include folders are the package's" "^  flags .* -I$work/conf/inc .*-isystem$work/conf/inc" "$work/out"
rm "$work/conf/scheme.conf" "$work/conf/$good/incuse.c"
plan "the same from the command line" 0 "$work/conf" --cflags "-std=c99 -O2 -B/usr/bin/ -fdump-tree-original"
[ ! -e "$work/PWNED" ] && pass "still no program of the package ran" || fail "still no program of the package ran" "PWNED"

# A source linked to a private file outside the package: not followed, so
# no log quotes it; the logs themselves are private.
copy two leak
printf 'SECRET-LINE-4242\n' >"$work/secret.txt" && chmod 600 "$work/secret.txt"
ln -s "$work/secret.txt" "$work/leak/$good/leak.c"
plan "a source linked out of the package" 2 "$work/leak"
expect_grep "the link is named" \
    "^iccsprof plan: instance Good: leak.c is a link out of the package, to $work/secret.txt: iccsprof follows no link out of the package it builds (copy the file in, or exclude it in scheme.conf)\$" \
    "$work/err"
if grep -rq SECRET-LINE "$work/build" 2>/dev/null; then
    fail "no log quotes the private file" "$(grep -rl SECRET-LINE "$work/build")"
else
    pass "no log quotes the private file"
fi
printf 'exclude = leak.c\n' >"$work/leak/scheme.conf"
plan "excluded, the link is left alone" 0 "$work/leak"
expect_status "a failing instance" 1 timeout 60 "$ICCSPROF" plan "$PKGS/two" --builddir "$work/build" \
    --instances Broken
modes=$(cd "$work/build/two" && find . -name '*.log' -o -name '*.err' | sort | xargs stat -c '%a %n')
case $modes in
*guide.log*) ;;
*) modes="no guide.log: $modes" ;;
esac
if [ -n "$modes" ] && ! echo "$modes" | grep -vq '^600 '; then pass "logs are 0600"; else fail "logs are 0600" "$modes"; fi

# Two symlink loops: each folder is walked once.
copy two loops
ln -s . "$work/loops/$good/again"
ln -s ../Good "$work/loops/$good/loop"
plan "two symlink loops" 0 "$work/loops"
grep '^  source' "$work/out" >"$work/loop.sources"
plan "the same without loops" 0 "$PKGS/two"
grep '^  source' "$work/out" >"$work/plain.sources"
expect_same "the loops add no source" "$work/plain.sources" "$work/loop.sources"

# A file name with a line break is fine when an exclude line leaves it out.
copy two nl
printf 'int x;\n' >"$work/nl/$good/bad
name.c"
printf 'exclude = bad*name.c\n' >"$work/nl/scheme.conf"
plan "a file name with a line break, excluded" 0 "$work/nl"

# An include out of the package: refused before anything is compiled,
# with its name, however it is spelt, so that no compiler error copies the
# file into a log or summary.
copy two inc
mkdir -p "$work/inc/$good/sub"
printf 'int ok_here;\n' >"$work/inc/$good/sub/here.h"
i=0
for spelt in "#include \"$work/secret.txt\"" "#  include <$work/secret.txt>" \
    "#include \"../../../../../secret.txt\"" "#include_next \"$work/secret.txt\"" \
    "#import \"$work/secret.txt\"" "%:include \"$work/secret.txt\"" \
    "??=include \"$work/secret.txt\"" "/* x */ # /* y */ include \"$work/secret.txt\"" \
    "#inc\\
lude \"$work/secret.txt\"" "#include \"sub/../../../../../../secret.txt\"" \
    "#include \"/dev/stdin\"" "#include \"/dev/zero\""; do
    i=$((i + 1))
    printf '%s\nint from_secret;\n' "$spelt" >"$work/inc/$good/fromout.c"
    plan "an include out of the package ($i): refused" 2 "$work/inc"
    name=$(sed -n 's/.*include[_a-z]* *["<]\([^">]*\)[">].*/\1/p; s/.*import *"\([^"]*\)".*/\1/p' "$work/inc/$good/fromout.c" | head -n 1)
    [ -n "$name" ] || name=$work/secret.txt
    expect_grep "an include out of the package ($i): named" \
        "^iccsprof plan: instance Good: fromout.c includes $name, out of the package: iccsprof compiles nothing that reads a file out of the package it builds (copy the file in, or exclude the file in scheme.conf)\$" \
        "$work/err"
done
printf '#define F "%s"\n#include F\n' "$work/secret.txt" >"$work/inc/$good/fromout.c"
plan "a computed include: refused" 2 "$work/inc"
expect_grep "a computed include: named" \
    "^iccsprof plan: instance Good: fromout.c includes a file a macro names (#include F), which iccsprof cannot hold to the package it builds (write the name out, or exclude the file in scheme.conf)\$" \
    "$work/err"
if grep -rq SECRET-LINE "$work/build" "$work/out" "$work/err" 2>/dev/null; then
    fail "no log quotes the included file" "$(grep -rl SECRET-LINE "$work/build" "$work/out" "$work/err")"
else
    pass "no log quotes the included file"
fi
# what stays in the package is taken, in comments and strings too
printf '#include "sub/here.h"\n#include "sub/../sub/here.h"\n#include <stdio.h>\n/* #include "/etc/passwd" */\nconst char *s = "#include \\"/etc/passwd\\"";\n' \
    >"$work/inc/$good/fromout.c"
plan "includes inside the package: taken" 0 "$work/inc"
printf 'exclude = fromout.c\n' >"$work/inc/scheme.conf"
printf '#include "%s"\n' "$work/secret.txt" >"$work/inc/$good/fromout.c"
plan "excluded, the include is left alone" 0 "$work/inc"

# A shared file taken from elsewhere in the package is held to it too.
copy two shared
mkdir -p "$work/shared/Two/common"
mv "$work/shared/$good/drng.c" "$work/shared/Two/common/drng.c"
rm "$work/shared/Two/Implementations/Reference_Implementation/Broken/drng.c"
printf '#include "%s"\n' "$work/secret.txt" >>"$work/shared/Two/common/drng.c"
plan "a shared file including out of the package: refused" 2 "$work/shared"
expect_grep "a shared file including out of the package: named" \
    "^iccsprof plan: instance [A-Za-z]*: Two/common/drng.c includes $work/secret.txt, out of the package: " \
    "$work/err"

# A memory limit: a compiler that runs out of it is stopped, and the
# error says so.
copy two zero
{
    printf '#define A0 int x;\n'
    for n in 1 2 3 4 5 6 7; do
        printf '#define A%s' $n
        for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do printf ' A%s' $((n - 1)); done
        printf '\n'
    done
    printf 'A7\n'
} >"$work/zero/$good/zero.c"
plan "a source the compiler runs out of memory on" 1 "$work/zero" --compile-memory 512
expect_grep "the memory limit is named" \
    "^  error        compilation failed under the guide and the lenient flags: zero.c: error: the compiler was stopped by the memory limit (512 MiB)" \
    "$work/out"

# A time-out: a compiler that hangs is stopped, and the error says so.
slow_compiler
ICCSPROF_CC=$work/slowcc timeout 120 "$ICCSPROF" plan "$PKGS/two" --builddir "$work/build-slow" \
    --instances Good --compile-timeout 1 -j 16 >"$work/out" 2>"$work/err"
got=$?
[ "$got" -eq 1 ] && pass "a hanging compiler fails the instance" ||
    fail "a hanging compiler fails the instance" "exit $got: $(head -c 300 "$work/err")"
expect_grep "the time-out is named" \
    "^  error        compilation failed under the guide and the lenient flags: [^ ]*: error: the compiler was stopped by the time-out (1 s)" \
    "$work/out"
compilers_stopped "no hanging compiler is left"

# make_first NAME LINE...: a copy NAME of levelmake whose Makefile starts
# with LINEs.
make_first() {
    copy levelmake "$1"
    mk=$work/$1/Lvl/Implementations/Reference_Implementation/Lvl-128/Makefile
    shift
    {
        printf '%s\n' "$@"
        cat "$mk"
    } >"$work/mk" && mv "$work/mk" "$mk"
}
scratch=Lvl-128/build-files/tree

# What make leaves in its scratch copy is removed once the plan has read
# it, a folder it made unreadable and unwritable too.
make_first mklocked 'L := $(shell mkdir -p locked/in && echo x > locked/in/f && chmod 000 locked/in locked)'
expect_status "a Makefile locking a folder of its copy" 0 timeout 60 "$ICCSPROF" plan "$work/mklocked" \
    --builddir "$work/build"
expect_grep "its sources are read" "^  described    sources, -I and -D from Makefile, target KAT_SIG\$" "$work/out"
[ ! -e "$work/build/mklocked/Lvl-128/build-files" ] && pass "the scratch copy is removed, locked folder and all" ||
    fail "the scratch copy is removed, locked folder and all" "$(ls -lR "$work/build/mklocked/Lvl-128/build-files" 2>&1 | head -c 300)"

# The checks below look into the scratch copies make ran in: kept.
export ICCSPROF_KEEP_BUILD_FILES=1

# The package's make reads /dev/null as stdin, not a pipe that never ends.
mkfifo "$work/fifo"
make_first mkstdin 'IN := $(shell cat > stdin.txt)'
sleep 120 >"$work/fifo" &
holder=$!
timeout 60 "$ICCSPROF" plan "$work/mkstdin" --builddir "$work/build" <"$work/fifo" >"$work/out" 2>"$work/err"
got=$?
kill "$holder" 2>/dev/null
[ "$got" -eq 0 ] && pass "a Makefile reading its stdin" || fail "a Makefile reading its stdin" "exit $got: $(head -c 300 "$work/err")"
expect_grep "its sources are still read" "^  described    sources, -I and -D from Makefile, target KAT_SIG\$" "$work/out"
[ -f "$work/build/mkstdin/$scratch/stdin.txt" ] && [ ! -s "$work/build/mkstdin/$scratch/stdin.txt" ] &&
    pass "make read nothing from stdin" || fail "make read nothing from stdin" "$(ls -l "$work/build/mkstdin/$scratch")"

# A Makefile that hangs is stopped at the time-out, and the fallback says so.
make_first mkhang 'HANG := $(shell sleep 30)'
expect_status "a Makefile that hangs" 0 timeout 60 "$ICCSPROF" plan "$work/mkhang" --builddir "$work/build" \
    --compile-timeout 2
expect_grep "the time-out is named" \
    "^  described    Makefile: reading its targets (make -p) stopped by the time-out (2 s); no target of Makefile compiles the ICCS API with the KAT driver: every .c but programs\$" \
    "$work/out"

# What make writes, a file or its output, stops at 64 MiB, and the fallback
# says so.
make_first mkbig 'BIG := $(shell head -c 70000000 /dev/zero > big.bin)' \
    'MB := $(shell head -c 1000000 /dev/zero | tr "\0" a)' '$(foreach i,$(shell seq 70),$(info $(MB)))'
expect_status "a Makefile printing 70 MB" 0 timeout 60 "$ICCSPROF" plan "$work/mkbig" --builddir "$work/build"
expect_grep "the output limit is named" \
    "^  described    Makefile: reading its targets (make -p) stopped by the output limit (64 MiB); no target of Makefile compiles the ICCS API with the KAT driver: every .c but programs\$" \
    "$work/out"
size=$(stat -c %s "$work/build/mkbig/$scratch/big.bin")
[ "$size" -eq 67108864 ] && pass "a file make writes stops at 64 MiB" || fail "a file make writes stops at 64 MiB" "$size bytes"

# What make adds to its scratch copy all together is bound too: ten files
# of 60 MB, each under the limit of one file, are stopped by the quota.
make_first mkmany 'MANY := $(foreach i,0 1 2 3 4 5 6 7 8 9,$(shell head -c 60000000 /dev/zero > many$(i).bin))'
expect_status "a Makefile writing ten files of 60 MB" 0 timeout 120 "$ICCSPROF" plan "$work/mkmany" \
    --builddir "$work/build"
expect_grep "the quota is named" \
    "^  described    Makefile: .* stopped by the quota of its scratch copy (128 MiB and 4096 files more than the copy); no target of Makefile compiles the ICCS API with the KAT driver: every .c but programs\$" \
    "$work/out"
left=$(du -sb "$work/build/mkmany/Lvl-128/build-files" | cut -f1)
[ "$left" -lt 300000000 ] && pass "the scratch copy holds less than 300 MB" ||
    fail "the scratch copy holds less than 300 MB" "$left bytes"
rm -rf "$work/build/mkmany" "$work/build/mkbig"

# An interrupt while the package's make runs: it is stopped, promptly.
make_first hold "HOLD := \$(shell sh -c 'echo \$\$\$\$ > started; exec sleep 30')"
"$ICCSPROF" plan "$work/hold" --builddir "$work/build" >"$work/out" 2>"$work/err" &
pid=$!
started=$work/build/hold/Lvl-128/build-files/tree/started
i=0
while [ $i -lt 300 ] && [ ! -s "$started" ]; do
    sleep 0.1
    i=$((i + 1))
done
kill -INT "$pid"
wait "$pid"
got=$?
[ "$got" -eq 130 ] && pass "SIGINT while make runs: exit 130" || fail "SIGINT while make runs: exit 130" "exit $got"
if [ -s "$started" ] && ! running "$(cat "$started")"; then
    pass "the package's make is stopped"
else
    fail "the package's make is stopped" "$(cat "$started" 2>/dev/null || echo 'never started')"
fi

# What the package's make starts and leaves running is killed once make
# ends, whatever session it moved to.
make_first daemon "D := \$(shell setsid sh -c 'echo \$\$\$\$ >> daemon.pids; exec sleep 300' </dev/null >/dev/null 2>&1 & while [ ! -s daemon.pids ]; do sleep 0.05; done)"
expect_status "a Makefile leaving a daemon" 0 timeout 60 "$ICCSPROF" plan "$work/daemon" --builddir "$work/build"
pids=$work/build/daemon/$scratch/daemon.pids
alive=
for p in $(cat "$pids" 2>/dev/null); do running "$p" && alive="$alive $p"; done
if [ -s "$pids" ] && [ -z "$alive" ]; then
    pass "the make's daemon is gone once plan exits"
else
    fail "the make's daemon is gone once plan exits" "$(cat "$pids" 2>/dev/null || echo 'never started'):$alive"
    kill $alive 2>/dev/null
fi

# So is what CMake's execute_process starts.
copy cmakeok cmdaemon
ck=$work/cmdaemon/Ck/Implementations/Reference_Implementation/Ck-128/CMakeLists.txt
printf '%s\n' "execute_process(COMMAND sh -c \"setsid sh -c 'echo \$\$ >> daemon.pids; exec sleep 300' </dev/null >/dev/null 2>&1 & while [ ! -s daemon.pids ]; do sleep 0.05; done\" WORKING_DIRECTORY \${CMAKE_BINARY_DIR})" >>"$ck"
expect_status "a CMakeLists.txt leaving a daemon" 0 timeout 60 "$ICCSPROF" plan "$work/cmdaemon" \
    --builddir "$work/build"
pids=$work/build/cmdaemon/Ck-128/build-files/cmake/daemon.pids
alive=
for p in $(cat "$pids" 2>/dev/null); do running "$p" && alive="$alive $p"; done
if [ -s "$pids" ] && [ -z "$alive" ]; then
    pass "the CMake daemon is gone once plan exits"
else
    fail "the CMake daemon is gone once plan exits" "$(cat "$pids" 2>/dev/null || echo 'never started'):$alive"
    kill $alive 2>/dev/null
fi

# The package's programs have no controlling terminal: /dev/tty cannot
# be opened to write to the user's terminal.
make_first tty 'T := $(shell echo TTY-WRITE-4242 > /dev/tty && echo opened > tty.txt)'
on_terminal "$ICCSPROF" plan "$work/tty" --builddir "$work/build" >"$work/shown" 2>&1
got=$?
[ "$got" -eq 0 ] && pass "a Makefile opening /dev/tty: planned" || fail "a Makefile opening /dev/tty: planned" "exit $got: $(head -c 300 "$work/shown")"
if [ -e "$work/build/tty/$scratch/tty.txt" ] || grep -q TTY-WRITE "$work/shown"; then
    fail "the Makefile could not open /dev/tty" "$(head -c 300 "$work/shown")"
else
    pass "the Makefile could not open /dev/tty"
fi

# SIGHUP (a closed terminal) stops plan as SIGTERM does: the package's
# make and the compilers are stopped, exit 129.
make_first hup "HOLD := \$(shell sh -c 'echo \$\$\$\$ > started; exec sleep 30')"
"$ICCSPROF" plan "$work/hup" --builddir "$work/build" >"$work/out" 2>"$work/err" &
pid=$!
started=$work/build/hup/Lvl-128/build-files/tree/started
i=0
while [ $i -lt 300 ] && [ ! -s "$started" ]; do
    sleep 0.1
    i=$((i + 1))
done
kill -HUP "$pid"
wait "$pid"
got=$?
[ "$got" -eq 129 ] && pass "SIGHUP while make runs: exit 129" || fail "SIGHUP while make runs: exit 129" "exit $got"
if [ -s "$started" ] && ! running "$(cat "$started")"; then
    pass "SIGHUP: the package's make is stopped"
else
    fail "SIGHUP: the package's make is stopped" "$(cat "$started" 2>/dev/null || echo 'never started')"
fi
unset ICCSPROF_KEEP_BUILD_FILES
slow_compiler
for sig in HUP KILL; do
    rm -f "$work/slowcc.pids"
    ICCSPROF_CC="$work/slowcc" "$ICCSPROF" profile --build-only "$PKGS/two" --scheme "slow$sig" \
        --builddir "$work/build" --instances Good -j 2 >"$work/int.out" 2>"$work/int.err" &
    builder=$!
    wait_compilers 2
    kill -$sig $builder
    wait $builder
    got=$?
    want=$([ $sig = HUP ] && echo 129 || echo 137)
    [ $got -eq $want ] && pass "SIG$sig while compiling: exit $want" || fail "SIG$sig while compiling: exit $want" "exit $got"
    # killed with the tool (PR_SET_PDEATHSIG); a zombie no init reaps is gone
    sleep 0.5
    alive=
    for p in $(cat "$work/slowcc.pids"); do running "$p" && alive="$alive $p"; done
    [ -z "$alive" ] && pass "SIG$sig while compiling: the compilers are stopped" ||
        fail "SIG$sig while compiling: the compilers are stopped" "still running:$alive"
done

# The verbose echo of the commands a plan runs shows a source file name's
# control characters as \xNN, never raw: an ESC sequence (OSC 52, a
# clipboard write) in a package's file name must not reach the terminal.
copy two escname
esc_c=$(printf 'e\033]52;c;eA==\007.c')
printf 'int esc_name(void) { return 1; }\n' >"$work/escname/$good/$esc_c"
plan "a source named with ESC, verbose" 0 "$work/escname" -v
expect_grep "the verbose echo escapes it" \
    ' -c [^ ]*/src/e\\x1b\]52;c;eA==\\x07\.c -o [^ ]*/e\\x1b\]52;c;eA==\\x07\.o$' "$work/err"
if grep -q "$(printf '\033')" "$work/err"; then
    fail "no raw ESC on stderr" "$(grep -c "$(printf '\033')" "$work/err") lines"
else
    pass "no raw ESC on stderr"
fi
# The plan itself, on standard output (here a file, as a pipe or a saved
# listing would be), names the source escaped too.
expect_grep "the plan's source row escapes it" '^  source       e\\x1b\]52;c;eA==\\x07\.c$' "$work/out"
if grep -q "$(printf '\033')" "$work/out"; then
    fail "no raw ESC on stdout" "$(grep -c "$(printf '\033')" "$work/out") lines"
else
    pass "no raw ESC on stdout"
fi
finish
