# lib.sh - shell helpers shared by the end-to-end tests.  Sourced, not run.
# Each test prints "ok - NAME" or "not ok - NAME" and calls finish at the end.

: "${top_srcdir:?run through make check}"
: "${top_builddir:?run through make check}"
ICCSPROF="$top_builddir/src/iccsprof"
failures=0
count=0

# pass NAME: record a passing check.
pass() { count=$((count + 1)); echo "ok $count - $1"; }

# fail NAME DETAIL: record a failing check with what was seen.
fail() { count=$((count + 1)); failures=$((failures + 1)); echo "not ok $count - $1: $2"; }

# expect_status NAME WANT CMD...: run CMD, compare its exit status with WANT.
expect_status() {
    name=$1 want=$2
    shift 2
    "$@" >"$work/out" 2>"$work/err"
    got=$?
    if [ "$got" -eq "$want" ]; then pass "$name"; else fail "$name" "exit $got, wanted $want; stderr: $(head -c 300 "$work/err")"; fi
}

# expect_grep NAME PATTERN FILE: FILE must contain a line matching PATTERN.
expect_grep() {
    if grep -q -- "$2" "$3"; then pass "$1"; else fail "$1" "no '$2' in $(head -c 300 "$3")"; fi
}

# sigint_default CMD... &: run CMD in the background with SIGINT at its
# default action, as a shell's foreground job has it (a command started
# with & in a script ignores it, as POSIX says), so that a test can
# interrupt it; CMD replaces the background subshell, so $! is its pid.
sigint_default() {
    exec python3 -c 'import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])' "$@"
}

# interrupt_after FILE PID [SIGNAL]: once FILE exists (two minutes at
# most), and half a second more, send SIGNAL (INT unless given) to PID and
# wait for it; its exit status in $rc.
interrupt_after() {
    i=0
    while [ ! -e "$1" ] && [ $i -lt 1200 ]; do
        sleep 0.1
        i=$((i + 1))
    done
    sleep 0.5
    kill -"${3:-INT}" "$2"
    wait "$2"
    rc=$?
}

# py NAME SCRIPT ARGS...: a Python check (python3 -c SCRIPT ARGS...);
# passes when it exits 0, else fails with the end of what it printed.
py() {
    name=$1
    shift
    if python3 -c "$@" >"$work/py.out" 2>&1; then pass "$name"; else fail "$name" "$(tail -n 5 "$work/py.out")"; fi
}

# built SCHEME INSTANCE FIXTURE ALGORITHM: a built instance folder under
# $work/built, as the scheme build leaves it, from the two libraries of
# the run fixture FIXTURE in $fix.
built() {
    d=$work/built/$1/$2
    mkdir -p "$d"
    cp "$fix/lib$3.so" "$d/lib$2.so"
    cp "$fix/lib$3_prof.so" "$d/lib$2.prof.so"
    printf '{"scheme": "%s", "algorithm": "%s", "instance": "%s"}\n' "$1" "$4" "$2" >"$d/build.json"
}

# Grep patterns for the note a KAT verdict carries where the system
# allows the driver no mount namespace of its own (a container without
# the right), or for nothing: after the result, and after its detail.
UNCONFINED='\( (the driver ran unconfined (.*))\)\{0,1\}'
UNCONFINED_TOO='\(; the driver ran unconfined (.*)\)\{0,1\}'

# on_terminal CMD...: CMD with a terminal of its own as its controlling
# terminal (a pseudo-terminal), as a user's shell runs it; what the
# terminal showed goes to stdout, CMD's exit status is the status.
on_terminal() {
    python3 -c '
import os, pty, sys
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
shown = b""
while True:
    try:
        data = os.read(fd, 4096)
    except OSError:
        break
    if not data:
        break
    shown += data
_, status = os.waitpid(pid, 0)
sys.stdout.buffer.write(shown)
sys.exit(os.waitstatus_to_exitcode(status))
' "$@"
}

# finish: print the totals line and exit with the status make check reads.
finish() {
    echo "$((count - failures)) passed, $failures failed"
    [ "$failures" -eq 0 ]
    exit $?
}

work=$(mktemp -d "${TMPDIR:-/tmp}/iccsprof-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
