#!/bin/sh
# cli.sh - the dispatcher: version, help, usage errors, suggestions, and
# write errors on standard output.
. "$top_srcdir/tests/lib.sh"

# expect_same NAME FILE1 FILE2: the two files must be identical.
expect_same() {
    if cmp -s "$2" "$3"; then pass "$1"; else fail "$1" "$(diff "$2" "$3" | head -c 300)"; fi
}

# expect_lines NAME WANT FILE: FILE must have WANT lines.
expect_lines() {
    got=$(wc -l <"$3")
    if [ "$got" -eq "$2" ]; then pass "$1"; else fail "$1" "$got lines: $(head -c 300 "$3")"; fi
}

expect_status "--version exits 0" 0 "$ICCSPROF" --version
expect_grep "--version names the tool" "^iccsprof [0-9]" "$work/out"
expect_grep "--version gives the copyright" "^Copyright (C) [0-9]* the iccsprof contributors" "$work/out"
expect_grep "--version gives the licence" "^License: MIT" "$work/out"
expect_status "help exits 0" 0 "$ICCSPROF" help
expect_grep "help lists version" "^  version " "$work/out"
cp "$work/out" "$work/commands"
expect_status "--help exits 0" 0 "$ICCSPROF" --help
expect_same "--help is help" "$work/commands" "$work/out"
expect_status "no command is a usage error" 2 "$ICCSPROF"
expect_status "unknown command exits 2" 2 "$ICCSPROF" frobnicate
expect_grep "unknown command is named" "^iccsprof: unknown command: frobnicate (try 'iccsprof help')$" "$work/err"
expect_status "mistyped command exits 2" 2 "$ICCSPROF" reprot
expect_grep "mistyped command gets a suggestion" "^iccsprof: unknown command: reprot (did you mean 'report'?)$" "$work/err"
expect_status "help of unknown command exits 2" 2 "$ICCSPROF" help frobnicate

# Every command, listed or not, takes --help and -h, and `help CMD` says the same.
for cmd in $(sed -n 's/^  \([a-z]*\) .*/\1/p' "$work/commands"); do
    expect_status "$cmd --help exits 0" 0 "$ICCSPROF" "$cmd" --help
    expect_grep "$cmd --help gives the usage" "^Usage: iccsprof $cmd" "$work/out"
    expect_grep "$cmd --help lists --help" "^  -h, --help " "$work/out"
    if [ -s "$work/err" ]; then fail "$cmd --help is quiet on stderr" "$(cat "$work/err")"; else pass "$cmd --help is quiet on stderr"; fi
    cp "$work/out" "$work/help-$cmd"
    expect_status "help $cmd exits 0" 0 "$ICCSPROF" help "$cmd"
    expect_same "help $cmd is $cmd --help" "$work/help-$cmd" "$work/out"
    expect_status "$cmd -h exits 0" 0 "$ICCSPROF" "$cmd" -h
    expect_same "$cmd -h is $cmd --help" "$work/help-$cmd" "$work/out"
done
# Some options and defaults users look for (the unit tests check every row).
expect_grep "run --help gives --trials' default" "--trials N .*(default: 5)" "$work/help-run"
expect_grep "run --help gives --callers' form" "--callers\[=DEPTH\]" "$work/help-run"
expect_grep "report --help gives the formats" "--format md|csv|json" "$work/help-report"
expect_grep "compare --help gives --top's default" "--top N .*(default: 10)" "$work/help-compare"
expect_grep "audit --help lists --json" "--json" "$work/help-audit"

# Usage errors: one line naming the fault, then where help is.
expect_status "unknown option exits 2" 2 "$ICCSPROF" report --frobnicate x
expect_grep "unknown option is named" "^iccsprof report: unknown option: --frobnicate$" "$work/err"
expect_grep "usage error points to --help" "^Try 'iccsprof report --help'.$" "$work/err"
expect_lines "usage error is two lines" 2 "$work/err"
expect_status "missing value exits 2" 2 "$ICCSPROF" compare --top
expect_grep "missing value is named" "^iccsprof compare: --top needs a value$" "$work/err"
expect_status "bad choice exits 2" 2 "$ICCSPROF" report --format xml x
expect_grep "bad choice lists the choices" "^iccsprof report: --format: 'xml' is not one of md, csv, json, svg or folded$" "$work/err"
expect_status "flag with a value exits 2" 2 "$ICCSPROF" audit --json=yes x.o
expect_grep "flag with a value is named" "^iccsprof audit: --json takes no value$" "$work/err"
expect_status "version takes no arguments" 2 "$ICCSPROF" version now
expect_grep "version's usage error" "^iccsprof version: takes no arguments$" "$work/err"

# A result that cannot be written is an error, for every command.
if [ -w /dev/full ]; then
    expect_status "help > /dev/full exits 2" 2 sh -c '"$1" help >/dev/full' sh "$ICCSPROF"
    expect_grep "help > /dev/full says why" "^iccsprof: standard output: No space left on device$" "$work/err"
    expect_status "--version > /dev/full exits 2" 2 sh -c '"$1" --version >/dev/full' sh "$ICCSPROF"
    expect_status "report > /dev/full exits 2" 2 sh -c '"$1" report "$2" >/dev/full' sh "$ICCSPROF" \
        "$top_srcdir/tests/report/sections-md/input"
    expect_grep "report > /dev/full says why" "^iccsprof: standard output: No space left on device$" "$work/err"
else
    echo "# /dev/full is not writable here: the write error checks are skipped"
fi
finish
