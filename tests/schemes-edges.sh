#!/bin/sh
# schemes-edges.sh - what a user can throw at iccsprof profile: values
# that look like shell code (never run), an empty instance list, a byte
# order mark in the descriptor, a source named with a leading dash,
# instance folders with a tab in their name or a name starting with '.',
# two builds of one scheme at once (the lock), an interrupt while
# compiling and one while measuring, and make profile > r.md.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/schemes-lib.sh"

copy() {
    cp -RL "$PKGS/$1" "$work/$2" && chmod -R u+w "$work/$2"
}
good=Two/Implementations/Reference_Implementation/Good

# Descriptor values and make variables are data.
printf 'cflags = -DX=$(touch %s/pwned1) `touch %s/pwned2`\ndefines = Y=;touch%s/pwned3\n' \
    "$work" "$work" "$work" >"$work/evil.conf"
expect_status "a descriptor with shell code" 2 "$ICCSPROF" plan "$PKGS/two" --builddir "$work/build" \
    --conf "$work/evil.conf" --instances Good
expect_grep "a word of it that is no flag is refused" \
    "^iccsprof plan: $work/evil.conf:1: $work/pwned1) is refused: a descriptor may give only defines" "$work/err"
printf 'cflags = -DX=$(touch%s/pwned1) -DZ=`touch%s/pwned2`\ndefines = Y=;touch%s/pwned3\n' \
    "$work" "$work" "$work" >"$work/evil.conf"
expect_status "shell code in defines only" 0 "$ICCSPROF" plan "$PKGS/two" --builddir "$work/build" \
    --conf "$work/evil.conf" --instances Good
ls "$work"/pwned* >/dev/null 2>&1 && fail "no descriptor value is run" "$(ls "$work"/pwned*)" ||
    pass "no descriptor value is run"
expect_make "make variables with shell code" 2 profile-build SCHEME=t-evil SCHEME_DIR="$PKGS/two" \
    INSTANCES="Good'; touch $work/pwned4; echo '" SCHEME_CFLAGS="-O2 \$(touch $work/pwned5)"
ls "$work"/pwned* >/dev/null 2>&1 && fail "no make variable is run" "$(ls "$work"/pwned*)" ||
    pass "no make variable is run"
(cd "$top_builddir" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s compare \
    A="x'; touch $work/pwned6; echo '" B=y) >"$work/out" 2>"$work/err"
[ ! -e "$work/pwned6" ] && pass "make compare runs no value" || fail "make compare runs no value" "pwned6"

# No package folder given: the current folder, named after itself.
(cd "$PKGS/two" && "$ICCSPROF" plan --builddir "$work/build" --instances Good) >"$work/out" 2>"$work/err"
expect_grep "the current folder is the package" "^scheme two\$" "$work/out"

# An empty instance list is an error, not a build of nothing.
expect_status "--instances ," 2 "$ICCSPROF" plan "$PKGS/two" --builddir "$work/build" --instances ,
expect_same_line() { [ "$(wc -l <"$2")" -eq 1 ] && expect_grep "$1" "$3" "$2" || fail "$1" "$(cat "$2")"; }
expect_same_line "one line naming the empty list" "$work/err" \
    "^iccsprof plan: --instances ',': names no instance (known: Broken, Good)\$"
expect_make "INSTANCES=," 2 profile-plan SCHEME=t-two SCHEME_DIR="$PKGS/two" INSTANCES=,
expect_grep "make: the same line" "^iccsprof plan: --instances ',': names no instance" "$work/err"

# A byte order mark is not part of the first key.
printf '\357\273\277algorithm = Marked\n' >"$work/bom.conf"
expect_status "a descriptor with a BOM" 0 "$ICCSPROF" plan "$PKGS/two" --builddir "$work/build" \
    --conf "$work/bom.conf" --instances Good
expect_grep "its first key is read" "^  algorithm    Marked (scheme.conf)\$" "$work/out"

# A source named with a leading dash builds.
copy two dash
mv "$work/dash/$good/utils.c" "$work/dash/$good/-utils.c"
expect_status "a source named -utils.c" 0 "$ICCSPROF" profile --build-only "$work/dash" \
    --builddir "$work/build" --instances Good
expect_py "it is in the library" "$work/build/dash/Good/build.json" <<'EOS'
import json, sys
b = json.load(open(sys.argv[1]))
assert "-utils.c" in b["sources"], b["sources"]
EOS

# Compiler warnings of the library are counted, with the file that holds them.
copy two warn
printf 'int toy_warns(int x);\nint toy_warns(int x)\n{\n    int unused;\n    return x;\n}\n' \
    >"$work/warn/$good/warns.c"
expect_status "a library source that warns" 0 "$ICCSPROF" profile --build-only "$work/warn" \
    --builddir "$work/build" --instances Good
expect_grep "the instance line counts them and names the file" \
    "^iccsprof profile: Good: built with the guide flags; 1 compiler warning in $work/build/warn/Good/warnings.log ([0-9.]* s)\$" "$work/err"
expect_grep "the file holds the warning" "warns.c:4:9: warning: unused variable 'unused'" "$work/build/warn/Good/warnings.log"
expect_status "built again" 0 "$ICCSPROF" profile --build-only "$work/warn" --builddir "$work/build" --instances Good
expect_grep "up to date, still counted" \
    "^iccsprof profile: Good: up to date, built with the guide flags; 1 compiler warning in " "$work/err"

# The KAT gate: a package without responses cannot pass it; --kat require
# then keeps the instance from being timed, and says why.
expect_status "--kat require without responses" 1 "$ICCSPROF" profile "$PKGS/two" --scheme katreq \
    --builddir "$work/build" --instances Good --profile-dir "$work/katreq" --kat require
expect_grep "the gate runs" "^iccsprof profile: Good: KAT gate (time-out 600 s)\$" "$work/err"
expect_grep "the instance is not timed, and why" \
    "^iccsprof profile: failed: Good: --kat require and its KAT did not pass ($work/build/katreq/Good/kat.json says why)\$" "$work/err"
[ ! -e "$work/katreq/Good__keygen.json" ] && pass "no record" || fail "no record" "$(ls "$work/katreq")"

# A tab in an instance folder's name: one line naming the folder.
copy two tab
mv "$work/tab/$good" "$work/tab/Two/Implementations/Reference_Implementation/Go	od"
expect_status "an instance folder with a tab" 2 "$ICCSPROF" plan "$work/tab" --builddir "$work/build"
expect_same_line "the folder is named, the tab shown" "$work/err" \
    "^iccsprof plan: .*/Reference_Implementation/Go\\\\tod: an instance folder's name holds a tab or a line break; "

# A name starting with '.' never makes records report cannot see.
copy two dot
printf '#define ALGORITHM_INSTANCE ".hidden"\n' >"$work/dot/$good/name.h"
expect_status "an instance named .hidden" 0 "$ICCSPROF" plan "$work/dot" --builddir "$work/build" \
    --instances _hidden
expect_grep "its name is a visible file name" \
    "^  named        ALGORITHM_INSTANCE in name.h, made a file name from \".hidden\"\$" "$work/out"

# Two builds of one scheme at once: the second waits, and says so.
mkdir -p "$work/build/locked"
exec 9>"$work/build/locked/.lock"
flock 9
"$ICCSPROF" plan "$PKGS/two" --scheme locked --builddir "$work/build" --instances Good \
    >"$work/lock.out" 2>"$work/lock.err" 9>&- &
waiter=$!
i=0
while [ $i -lt 100 ] && ! grep -q "waiting" "$work/lock.err"; do sleep 0.1; i=$((i + 1)); done
expect_grep "the second says it waits" \
    "^iccsprof plan: waiting for the lock on $work/build/locked (another iccsprof is building there)\$" "$work/lock.err"
kill -0 $waiter 2>/dev/null && pass "and waits" || fail "and waits" "it ended"
exec 9>&-
wait $waiter
[ $? -eq 0 ] && pass "then builds once the lock is free" || fail "then builds once the lock is free" "$(cat "$work/lock.err")"

# An interrupt while compiling: the compilers stop, nothing half made stays.
slow_compiler
ICCSPROF_CC="$work/slowcc" "$ICCSPROF" profile --build-only "$PKGS/two" --scheme slow \
    --builddir "$work/build" --instances Good -j 2 >"$work/int.out" 2>"$work/int.err" &
builder=$!
wait_compilers 2
kill -TERM $builder
wait $builder
rc=$?
[ $rc -eq 143 ] && pass "SIGTERM while compiling exits 143" || fail "SIGTERM while compiling exits 143" "exit $rc"
compilers_stopped "the compilers are stopped"
left=$(find "$work/build/slow" -name '*.o' -o -name '*.tmp*' | head -n 3)
[ -z "$left" ] && pass "no object or temporary file is left" || fail "no object or temporary file is left" "$left"

# An interrupt while measuring: the driver stops, exit 130.
"$ICCSPROF" profile "$PKGS/two" --scheme meas --builddir "$work/build" --instances Good \
    --profile-dir "$work/meas" --target-seconds 20 --run-flags "--max-seconds 60" \
    >"$work/meas.out" 2>"$work/meas.err" &
profiler=$!
i=0
while [ $i -lt 300 ] && ! grep -q "profiling" "$work/meas.err"; do sleep 0.1; i=$((i + 1)); done
sleep 0.5
kill -INT $profiler
wait $profiler
rc=$?
[ $rc -eq 130 ] && pass "SIGINT while measuring exits 130" || fail "SIGINT while measuring exits 130" "exit $rc: $(tail -c 300 "$work/meas.err")"
left=$(find "$work/meas" "$work/build/meas" -name '*.tmp*' 2>/dev/null | head -n 3)
[ -z "$left" ] && pass "no temporary record is left" || fail "no temporary record is left" "$left"
finish
