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
if sed -n '/^Commands/{n;p;}' "$work/out" | grep -q "^  profile "; then pass "help lists profile first"; else fail "help lists profile first" "$(sed -n '/^Commands/,+2p' "$work/out")"; fi
cp "$work/out" "$work/commands"
expect_status "help -q exits 0" 0 "$ICCSPROF" help -q
expect_grep "help -q gives the names alone" "^profile$" "$work/out"
expect_lines "help -q gives a line per command" "$(grep -c '^  [a-z][a-z]* ' "$work/commands")" "$work/out"
expect_status "help -v exits 0" 0 "$ICCSPROF" help -v
expect_grep "help -v gives every command's options" "^Usage: iccsprof campaign \[OPTIONS\]" "$work/out"
expect_status "--version -q exits 0" 0 "$ICCSPROF" version -q
expect_grep "version -q is the number alone" "^[0-9][0-9.]*$" "$work/out"
expect_lines "version -q is one line" 1 "$work/out"
expect_status "version -v exits 0" 0 "$ICCSPROF" version --verbose
expect_grep "version -v names the measuring program" "^measuring program: /.*iccsprof-measure$" "$work/out"
expect_grep "version -v names the installed schema" "^record schema: .*/share/iccsprof/profile.schema.json" "$work/out"
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
    expect_grep "$cmd --help lists --quiet" "^  -q, --quiet " "$work/out"
    expect_grep "$cmd --help lists --verbose" "^  -v, --verbose " "$work/out"
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
expect_status "mistyped option exits 2" 2 "$ICCSPROF" profile --trails 3
expect_grep "mistyped option gets a suggestion" "^iccsprof profile: unknown option: --trails (did you mean --trials?)$" "$work/err"
expect_status "mistyped option with a value exits 2" 2 "$ICCSPROF" report --fromat=csv x
expect_grep "and is named without its value" "^iccsprof report: unknown option: --fromat (did you mean --format?)$" "$work/err"
expect_status "-q and -v together exit 2" 2 "$ICCSPROF" report -q -v x
expect_grep "and say why" "^iccsprof report: --quiet and --verbose ask for opposites: give one$" "$work/err"
expect_status "missing value exits 2" 2 "$ICCSPROF" compare --top
expect_grep "missing value is named" "^iccsprof compare: --top needs a value$" "$work/err"
expect_status "bad choice exits 2" 2 "$ICCSPROF" report --format xml x
expect_grep "bad choice lists the choices" "^iccsprof report: --format: 'xml' is not one of md, csv, json, svg or folded$" "$work/err"
expect_status "flag with a value exits 2" 2 "$ICCSPROF" audit --json=yes x.o
expect_grep "flag with a value is named" "^iccsprof audit: --json takes no value$" "$work/err"
expect_status "version takes no arguments" 2 "$ICCSPROF" version now
expect_grep "version's usage error" "^iccsprof version: takes no arguments$" "$work/err"

# What profile hands to iccsprof run, and every file and folder it will
# write, are checked before anything is planned or built: exit 2, the
# option named, no build folder made.
pkg="$top_srcdir/schemes/sign-wots"
: >"$work/a-file"
# expect_refused NAME MESSAGE ARGS...: profile ARGS exits 2 with MESSAGE,
# having built nothing
expect_refused() {
    name=$1 message=$2
    shift 2
    expect_status "profile $name exits 2" 2 "$ICCSPROF" profile "$pkg" --builddir "$work/build" "$@"
    expect_grep "profile $name is named" "$message" "$work/err"
    if [ -e "$work/build" ]; then fail "profile $name builds nothing" "$(ls "$work/build")"; else pass "profile $name builds nothing"; fi
}
expect_refused "--trials 0" "^iccsprof profile: --trials: '0' is not a whole number from 1 to 1000000$" --trials 0
expect_refused "--callers=9" "^iccsprof profile: --callers: '9' is not a whole number from 1 to 8$" --callers=9
expect_refused "--target-seconds -1" "^iccsprof profile: --target-seconds: '-1' is not a number of seconds above 0$" --target-seconds -1
expect_refused "--sample x" "^iccsprof profile: --sample: 'x' is neither auto nor a whole number" --sample x
expect_refused "--op frob" "^iccsprof profile: --op: 'frob' is not an operation" --op keygen,frob
expect_refused "--op sign,sign" "^iccsprof profile: --op: 'sign' is given twice$" --op sign,sign
expect_refused "--kat-timeout 0" "^iccsprof profile: --kat-timeout: '0' is not a number of seconds above 0$" --kat-timeout 0
expect_refused "--run-flags '--trails 3'" "^iccsprof profile: unknown option: --trails (did you mean --trials?)$" --run-flags "--trails 3"
expect_refused "--max-seconds 0" "^iccsprof profile: --max-seconds: '0' is not a number of seconds above 0$" --max-seconds 0
expect_refused "--max-seconds 1 --target-seconds 2" "^iccsprof profile: --target-seconds 2 exceeds --max-seconds 1$" \
    --max-seconds 1 --target-seconds 2
expect_refused "--run-flags '--max-seconds 1 --target-seconds 2'" "^iccsprof profile: --target-seconds 2 exceeds --max-seconds 1$" \
    --run-flags "--max-seconds 1 --target-seconds 2"
expect_refused "--run-flags '--out-dir DIR'" "^iccsprof profile: --run-flags: --out-dir is set by profile for each run$" \
    --run-flags "--out-dir $work/elsewhere"
expect_refused "--run-flags '--plain LIB'" "^iccsprof profile: --run-flags: --plain is set by profile for each run$" \
    --run-flags "--trials 3 --plain $work/lib.so"
expect_refused "--profile-dir under a file" "^iccsprof profile: --profile-dir $work/a-file/p: Not a directory$" --profile-dir "$work/a-file/p"
expect_refused "--export-csv in a missing folder" "^iccsprof profile: --export-csv $work/none/r.csv: No such file or directory$" \
    --export-csv "$work/none/r.csv"
expect_refused "--export-md over a folder" "^iccsprof profile: --export-md $work: a directory, not a regular file" --export-md "$work"
expect_refused "--export-md and --export-svg on one file" "^iccsprof profile: --export-md and --export-svg name one file: $work/r$" \
    --export-md "$work/r" --export-svg "$work/r"
expect_status "profile --builddir under a file exits 2" 2 "$ICCSPROF" profile "$pkg" --builddir "$work/a-file/b"
expect_grep "profile --builddir under a file is named" "^iccsprof profile: --builddir $work/a-file/b: Not a directory$" "$work/err"
expect_status "campaign --run-flags '--trials 0' exits 2" 2 "$ICCSPROF" campaign --out "$work/camp" --run-flags "--trials 0" "$pkg"
expect_grep "and names the option" "^iccsprof campaign: --trials: '0' is not a whole number from 1 to 1000000$" "$work/err"
if [ -e "$work/camp" ]; then fail "and makes no output folder" "$(ls "$work/camp")"; else pass "and makes no output folder"; fi
expect_status "campaign --run-flags '--scheme X' exits 2" 2 "$ICCSPROF" campaign --out "$work/camp" --run-flags "--scheme X" "$pkg"
expect_grep "and names the option" "^iccsprof campaign: --run-flags: --scheme is set by campaign for each run$" "$work/err"
if [ -e "$work/camp" ]; then fail "and makes no output folder" "$(ls "$work/camp")"; else pass "and makes no output folder"; fi
expect_status "campaign --builddir under a file exits 2" 2 "$ICCSPROF" campaign --out "$work/camp" --builddir "$work/a-file/b" "$pkg"
expect_grep "and names the folder" "^iccsprof campaign: --builddir $work/a-file/b: Not a directory$" "$work/err"
expect_status "campaign --export-json in a missing folder exits 2" 2 "$ICCSPROF" campaign --out "$work/camp" --export-json "$work/none/r.json" "$pkg"
expect_grep "and names the file" "^iccsprof campaign: --export-json $work/none/r.json: No such file or directory$" "$work/err"
if [ -e "$work/camp" ]; then fail "and makes no output folder" "$(ls "$work/camp")"; else pass "and makes no output folder"; fi
# an empty folder: no record to sort (qsort of no array is undefined, which
# the quick suite under the sanitizers catches), said in one line
mkdir -p "$work/nothing"
expect_status "campaign report: an empty folder" 1 "$ICCSPROF" campaign report "$work/nothing"
[ "$(cat "$work/err")" = "iccsprof campaign: $work/nothing: empty directory" ] &&
    pass "campaign report: an empty folder, one line" || fail "campaign report: an empty folder, one line" "$(cat "$work/err")"

# -q and -v on the commands that read records: notes off, records named.
reports="$top_srcdir/tests/report"
expect_status "report of a folder with another JSON exits 0" 0 "$ICCSPROF" report "$reports/skip-other-json/input"
expect_grep "notes the file it skips" "^iccsprof report: note: .* skipped: not a profile record" "$work/err"
expect_status "report -q exits 0" 0 "$ICCSPROF" report -q "$reports/skip-other-json/input"
if [ -s "$work/err" ]; then fail "report -q prints no note" "$(head -c 300 "$work/err")"; else pass "report -q prints no note"; fi
expect_status "report -v exits 0" 0 "$ICCSPROF" report -v "$reports/sections-md/input/kem-demo"
expect_grep "report -v names each record read" "^iccsprof report: read .*Kyb-512__enc.json: kem-demo Kyb-512 enc, complete$" "$work/err"
expect_lines "report -v names the three" 3 "$work/err"

# Bash completion, written from the option tables, completes in bash.
if command -v bash >/dev/null 2>&1; then
    expect_status "help --bash-completion exits 0" 0 "$ICCSPROF" help --bash-completion
    cp "$work/out" "$work/completion"
    # expect_completion WANT WORD...: _iccsprof offers WANT for the last WORD
    expect_completion() {
        want=$1
        shift
        got=$(bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _iccsprof; echo "${COMPREPLY[*]}"' \
            sh "$work/completion" iccsprof "$@")
        case " $got " in
        *" $want "*) pass "completes '$*' to $want" ;;
        *) fail "completes '$*' to $want" "got: $got" ;;
        esac
    }
    expect_completion profile pro
    expect_completion --format report --fo
    expect_completion "md csv json svg folded" report --format ""
    expect_completion json compare --format = j
    expect_completion --trials profile --tri
    expect_completion compare help comp
    expect_completion --quiet version --q
    expect_completion --export-md profile --export-m
else
    echo "# bash is not installed: the completion was not tried"
fi

# An export is never written over a record read, nor among them.
mkdir -p "$work/recs/hold"
cp "$top_srcdir"/tests/report/stats-csv/input/*.json "$work/recs/hold/"
(cd "$work/recs/hold" && sha256sum ./*.json) >"$work/recs.sum"
# refused_among NAME WANT-MESSAGE CMD...: CMD exits 2 with the one-line
# MESSAGE, and every record is as it was.
refused_among() {
    name=$1 message=$2
    shift 2
    expect_status "$name: exits 2" 2 "$ICCSPROF" "$@"
    expect_grep "$name: named" "$message" "$work/err"
    [ "$(wc -l <"$work/err")" -eq 1 ] && pass "$name: one line" || fail "$name: one line" "$(cat "$work/err")"
    (cd "$work/recs/hold" && sha256sum -c --quiet "$work/recs.sum" >/dev/null 2>&1) &&
        pass "$name: the records untouched" || fail "$name: the records untouched" "changed"
}
refused_among "campaign report --export-csv over a record" \
    "^iccsprof campaign: --export-csv $work/recs/hold/Rej-1__sign.json: lies among the records read ($work/recs): refusing to write there$" \
    campaign report --export-csv "$work/recs/hold/Rej-1__sign.json" "$work/recs"
refused_among "campaign report --export-md beside the records" \
    "^iccsprof campaign: --export-md $work/recs/hold/r.md: lies among the records read ($work/recs): refusing to write there$" \
    campaign report --export-md "$work/recs/hold/r.md" "$work/recs"
refused_among "whatif --export-json over a record given by name" \
    "^iccsprof whatif: --export-json $work/recs/hold/./Heap-1__keygen.json: is a record read ($work/recs/hold/Heap-1__keygen.json): refusing to write over it$" \
    whatif --candidate sm3 --export-json "$work/recs/hold/./Heap-1__keygen.json" "$work/recs/hold/Heap-1__keygen.json"
ln -s "$work/recs/hold" "$work/hold-link"
refused_among "whatif --export-md through a link to the folder read" \
    "^iccsprof whatif: --export-md $work/hold-link/x.md: lies among the records read ($work/recs): refusing to write there$" \
    whatif --candidate sm3 --export-md "$work/hold-link/x.md" "$work/recs"
expect_status "campaign report --export-csv beside the folder read" 0 "$ICCSPROF" campaign report \
    --export-csv "$work/recs.csv" "$work/recs"
[ "$(wc -l <"$work/recs.csv")" -eq 3 ] && pass "beside the folder: written" || fail "beside the folder: written" "$(cat "$work/recs.csv")"

# Control characters reach no terminal: an error quoting a path shows them
# as \xNN on one line, and a CSV on a terminal shows a record's ESC
# sequence as text (its line ends, CRLF, kept).
osc=$(printf 'r\033]52;c;ZXZpbA==\007\nx.json')
expect_status "a path with an OSC 52 sequence: refused" 2 "$ICCSPROF" report "$work/$osc"
[ "$(cat "$work/err")" = "iccsprof report: $work/r\\x1b]52;c;ZXZpbA==\\x07\\x0ax.json: No such file or directory" ] &&
    pass "a path with an OSC 52 sequence: shown as text on one line" ||
    fail "a path with an OSC 52 sequence: shown as text on one line" "$(od -c "$work/err" | head -5)"
"$ICCSPROF" report "$top_srcdir/tests/report/stats-csv/input/Rej-1__sign.json" "$work/$osc" >/dev/null 2>"$work/err"
[ "$(tail -n 1 "$work/err")" = "iccsprof report: 1 input left out: $work/r\\x1b]52;c;ZXZpbA==\\x07\\x0ax.json" ] &&
    pass "the inputs left out: the path shown as text" ||
    fail "the inputs left out: the path shown as text" "$(od -c "$work/err" | tail -n 5)"
python3 - "$ICCSPROF" "$top_srcdir/tests/report/hostile-md/input" >"$work/tty" 2>&1 <<'EOS'
import os, pty, sys
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], [sys.argv[1], "report", "--format", "csv", "--section", "perf", sys.argv[2]])
out = b""
while True:
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        break
    if not chunk:
        break
    out += chunk
os.waitpid(pid, 0)
assert b"\x1b" not in out and b"\x07" not in out, out
assert b"Linux\\x1b]52;c;ZXZpbA==\\x07 6.1" in out, out
lines = out.split(b"\r\n")
assert len(lines) == 3 and lines[2] == b"", lines
EOS
[ $? -eq 0 ] && pass "a terminal gets a record's ESC sequence as text" ||
    fail "a terminal gets a record's ESC sequence as text" "$(tail -c 600 "$work/tty")"

# whatif --out where whatif.json is a link: refused before any work, said why
mkdir -p "$work/wo"
ln -s "$work/recs.sum" "$work/wo/whatif.json"
expect_status "whatif --out over a linked whatif.json: exits 2" 2 "$ICCSPROF" whatif --candidate sm3 \
    --out "$work/wo" "$top_srcdir/tests/report/whatif-md/input/WOTS-SM3-16__sign.json"
expect_grep "whatif --out over a linked whatif.json: why" \
    "^iccsprof whatif: --out $work/wo: $work/wo/whatif.json: a symbolic link, not a regular file: refusing to replace it$" "$work/err"
[ -L "$work/wo/whatif.json" ] && [ ! -s "$work/out" ] && pass "whatif --out over a linked whatif.json: nothing done" ||
    fail "whatif --out over a linked whatif.json: nothing done" "$(ls -l "$work/wo")"

# A result that cannot be written is an error, for every command.
if [ -w /dev/full ]; then
    expect_status "help > /dev/full exits 2" 2 sh -c '"$1" help >/dev/full' sh "$ICCSPROF"
    expect_grep "help > /dev/full says why" "^iccsprof help: standard output: No space left on device$" "$work/err"
    expect_status "--version > /dev/full exits 2" 2 sh -c '"$1" --version >/dev/full' sh "$ICCSPROF"
    expect_status "report > /dev/full exits 2" 2 sh -c '"$1" report "$2" >/dev/full' sh "$ICCSPROF" \
        "$top_srcdir/tests/report/sections-md/input"
    expect_grep "report > /dev/full says why" "^iccsprof report: standard output: No space left on device$" "$work/err"
else
    echo "# /dev/full is not writable here: the write error checks are skipped"
fi
finish
