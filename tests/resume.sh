#!/bin/sh
# resume.sh - an interrupted `iccsprof profile` resumed by the same command:
# interrupted while it builds, while an operation is timed and while one is
# profiled, the same command again measures only what has no record, keeps
# the records made before the interruption as they are (the KAT gate runs
# again, and its driver's time is not part of a record's settings) and
# reports every operation.
. "$top_srcdir/tests/lib.sh"

# profile DIR: the in-tree signature scheme, two operations of each of its
# two instances, into DIR; every pass runs to its --max-seconds (a
# precision no pass reaches) so that each stage lasts long enough to be
# interrupted in.  -v: a line for each command and each phase.
profile() {
    $runner "$ICCSPROF" profile -v --scheme sign-wots --schemes-dir "$top_srcdir/schemes" \
        --builddir "$work/build" --profile-dir "$1" --op keygen,sign --max-seconds 2 \
        --precision 0.01%
}

# interrupt_on PATTERN FILE PID: once a line of FILE matches PATTERN (two
# minutes at most), send SIGINT to PID and wait for it; its status in $rc.
interrupt_on() {
    i=0
    while ! grep -q -- "$1" "$2" && [ $i -lt 1200 ]; do
        sleep 0.1
        i=$((i + 1))
    done
    kill -INT "$3"
    wait "$3"
    rc=$?
}

# perf_rows FILE: the rows of the Performance table of the page in FILE.
perf_rows() {
    sed -n '/^## 4\. Performance$/,/^## 5\./p' "$1" | grep '^| `'
}

# stage NAME PATTERN KEPT...: interrupt a profile into a new folder once
# its progress matches PATTERN, then resume it; the records KEPT are those
# the interruption leaves.
stage() {
    name=$1 pattern=$2
    shift 2
    dir="$work/$name"
    runner=sigint_default profile "$dir" >"$work/$name.out" 2>"$work/$name.err" &
    interrupt_on "$pattern" "$work/$name.err" $!
    [ $rc -eq 130 ] && pass "$name: interrupted, exit 130" ||
        fail "$name: interrupted, exit 130" "exit $rc: $(tail -n 3 "$work/$name.err")"
    kept=$(cd "$dir" 2>/dev/null && ls -- *.json 2>/dev/null | tr '\n' ' ' | sed 's/ $//')
    [ "$kept" = "$*" ] && pass "$name: the records kept: ${*:-none}" ||
        fail "$name: the records kept: ${*:-none}" "found: $kept"
    mkdir -p "$work/$name.kept"
    for rec in "$@"; do
        cp "$dir/$rec" "$work/$name.kept/"
    done
    runner= profile "$dir" >"$work/$name.again.out" 2>"$work/$name.again.err"
    rc=$?
    [ $rc -eq 0 ] && pass "$name: the same command again exits 0" ||
        fail "$name: the same command again exits 0" "exit $rc: $(tail -n 3 "$work/$name.again.err")"
    for rec in "$@"; do
        inst=${rec%%__*} op=${rec#*__}
        op=${op%.json}
        expect_grep "$name: $inst $op is not measured again" \
            "^$inst $op: .* (up to date: kept as measured)\$" "$work/$name.again.err"
        cmp -s "$work/$name.kept/$rec" "$dir/$rec" && pass "$name: $rec is kept as it was" ||
            fail "$name: $rec is kept as it was" "rewritten"
    done
    measured=$(grep -c "^WOTS-SM3-[0-9]* [a-z]*: .* ([0-9.]* s)\$" "$work/$name.again.err")
    [ "$measured" -eq $((4 - $#)) ] && pass "$name: the other $((4 - $#)) operations measured" ||
        fail "$name: the other $((4 - $#)) operations measured" "$measured measured"
    [ "$(perf_rows "$work/$name.again.out" | wc -l)" -eq 4 ] && pass "$name: the page has all four" ||
        fail "$name: the page has all four" "$(perf_rows "$work/$name.again.out")"
    if grep -q "older records" "$work/$name.again.err"; then
        fail "$name: no record left out of the page" "$(grep "older records" "$work/$name.again.err")"
    else
        pass "$name: no record left out of the page"
    fi
}

# while it compiles: nothing measured yet
stage build '^+ .* -c .*\.c -o '
# while the second instance's first operation is timed: the first
# instance's records are kept
stage timing '^iccsprof run: \[instance 2/2, operation 1/2\] WOTS-SM3-32 keygen: timing' \
    WOTS-SM3-16__keygen.json WOTS-SM3-16__sign.json
# while the first instance's second operation is profiled
stage profile '^iccsprof run: \[instance 1/2, operation 2/2\] WOTS-SM3-16 sign: profile ' \
    WOTS-SM3-16__keygen.json

# without --max-seconds each pass has its share of the 60 s budget: two
# instances of one operation, 15 s a pass, its minimum aimed at 2 s
"$ICCSPROF" profile -v --scheme sign-wots --schemes-dir "$top_srcdir/schemes" \
    --builddir "$work/build" --profile-dir "$work/budget" --op keygen --precision off \
    >"$work/budget.out" 2>"$work/budget.err"
rc=$?
[ $rc -eq 0 ] && pass "budget: exits 0" || fail "budget: exits 0" "exit $rc: $(tail -n 3 "$work/budget.err")"
[ "$(grep -c "^+ .*/iccsprof run .* --max-seconds 15 --target-seconds 2 " "$work/budget.err")" -eq 2 ] &&
    pass "budget: each run gets its share of 60 s" ||
    fail "budget: each run gets its share of 60 s" "$(grep "iccsprof run" "$work/budget.err")"
finish
