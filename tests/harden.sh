#!/bin/sh
# harden.sh - `iccsprof run` and the readers against hostile schemes and
# hostile paths: a scheme that writes on descriptors it does not own,
# leaves children behind, changes folder or crashes after printing; the
# user's Ctrl-C and SIGTERM; outputs that are devices, FIFOs, folders or
# inputs; a full disk; inputs that are not regular files; empty options
# and libraries of another machine.  Every invocation that old behaviour
# made hang runs under timeout(1), so that a regression fails, not hangs.
. "$top_srcdir/tests/lib.sh"

fix="$top_builddir/tests/fixtures/run/.libs"
hostile="$fix/libsighostile.so"
quick="--trials 2 --min-calls 3 --target-seconds 0.01 --profile-seconds 0.01 --max-seconds 5 --precision off"
pids="$work/pids"
ICCSPROF_HOSTILE_FILE=$pids
export ICCSPROF_HOSTILE_FILE

# run_hostile NAME WANT DIR [OPTIONS...]: measure keygen of the hostile
# library (plain only) into DIR under a time-out of 60 s.
run_hostile() {
    name=$1 want=$2 dir=$3
    shift 3
    mkdir -p "$dir"
    expect_status "$name" "$want" timeout 60 "$ICCSPROF" run --plain "$hostile" --no-profile \
        --out-dir "$dir" --op keygen $quick "$@"
}

# all_gone NAME: every process id in $pids is gone.
all_gone() {
    alive=""
    for p in $(cat "$pids" 2>/dev/null); do
        kill -0 "$p" 2>/dev/null && alive="$alive $p"
    done
    if [ -z "$alive" ]; then pass "$1"; else fail "$1" "still running:$alive"; kill -9 $alive 2>/dev/null; fi
    rm -f "$pids"
}

# no_files NAME DIR: DIR holds no file at all, hidden ones included.
no_files() {
    if [ -z "$(ls -A "$2")" ]; then pass "$1"; else fail "$1" "left: $(ls -A "$2")"; fi
}

# --- the channel: a scheme's writes on stray descriptors fail the run, never crash it ---
ICCSPROF_HOSTILE=forge run_hostile "forge: a failure, not a crash" 1 "$work/forge"
protocol=$(sed -n 's/^#define PROTOCOL_VERSION //p' "$top_srcdir/src/measure/protocol.h")
expect_grep "forge: the message outside the protocol is named" "not of protocol $protocol" "$work/err"
ICCSPROF_HOSTILE=forge-v run_hostile "forge-v: a failure, not a crash" 1 "$work/forgev"
expect_grep "forge-v: the missing member is named" "malformed result: field type is missing" "$work/err"
no_files "forge: nothing written" "$work/forge"

# --- children of the scheme: the result is taken when it comes, nothing survives ---
ICCSPROF_HOSTILE=orphan run_hostile "orphan: complete" 0 "$work/orphan" --timeout 5
expect_grep "orphan: measured" "^sighostile keygen: " "$work/out"
all_gone "orphan: no process left"
ICCSPROF_HOSTILE=setsid run_hostile "setsid: complete" 0 "$work/setsid" --timeout 5
all_gone "setsid: no process left"
# a child that joins iccsprof run's own process group escapes no less
ICCSPROF_HOSTILE=pgjoin run_hostile "pgjoin: complete" 0 "$work/pgjoin" --timeout 5
all_gone "pgjoin: no process left"

# --- the scheme has no controlling terminal: /dev/tty cannot be opened ---
mkdir -p "$work/tty"
ICCSPROF_HOSTILE=tty on_terminal timeout 60 "$ICCSPROF" run --plain "$hostile" --no-profile \
    --out-dir "$work/tty" --op keygen $quick >"$work/shown" 2>&1
st=$?
[ "$st" -eq 0 ] && pass "tty: measured" || fail "tty: measured" "exit $st: $(head -c 300 "$work/shown")"
if grep -q TTY-WRITE "$work/shown"; then fail "tty: the scheme could not write to the terminal" "$(head -c 300 "$work/shown")"; else
    pass "tty: the scheme could not write to the terminal"
fi
all_gone "tty: no process left"

# --- paths: resolved once, before a scheme can chdir ---
mkdir -p "$work/rel"
(cd "$fix" && timeout 60 "$ICCSPROF" run --plain libsighostile.so --profiled libsigfix_prof.so \
    --op keygen --out-dir "$work/rel" $quick >"$work/out" 2>"$work/err")
st=$?
[ "$st" -eq 0 ] && pass "relative: a name without '/' is the file in this folder" ||
    fail "relative: a name without '/' is the file in this folder" "exit $st: $(cat "$work/err")"
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert r["build"]["plain"]["path"] == sys.argv[2], r["build"]["plain"]
' "$work/rel/sighostile__keygen.json" "$(cd "$fix" && pwd -P)/libsighostile.so" &&
    pass "relative: the record names the absolute path" || fail "relative: the record names the absolute path" "see above"
mkdir -p "$work/chdir"
(cd "$fix" && ICCSPROF_HOSTILE=chdir timeout 60 "$ICCSPROF" run --plain ./libsighostile.so \
    --profiled ./libsigfix_prof.so --op keygen --out-dir "$work/chdir" $quick >"$work/out" 2>"$work/err")
st=$?
[ "$st" -eq 0 ] && pass "chdir: the scheme's chdir does not move the next library" ||
    fail "chdir: the scheme's chdir does not move the next library" "exit $st: $(cat "$work/err")"

# --- output a crashing scheme printed is in its log ---
ICCSPROF_FIXTURE=segv-sign ICCSPROF_HOSTILE=print expect_status "print then crash: failed" 1 \
    timeout 60 "$ICCSPROF" run --plain "$hostile" --no-profile --out-dir "$work" --op sign $quick
expect_grep "print then crash: the line is in the log" "hostile: loaded" "$work/sighostile__sign.log"
rm -f "$work"/sighostile__*

# --- Ctrl-C, SIGTERM and SIGKILL: the measurement is killed, nothing is left ---
# signal_run SIGNAL DIR [group]: start a run that hangs in sign, send
# SIGNAL once its measuring process has loaded the library (with group:
# to the run's whole process group, as a terminal's Ctrl-C does); the exit
# status (negative for a signal that ended the run itself) in $work/rc,
# stderr in $work/err.
signal_run() {
    mkdir -p "$2"
    rm -f "$pids"
    ICCSPROF_FIXTURE=hang-sign ICCSPROF_HOSTILE=pid python3 -c '
import os, signal, subprocess, sys, time
pids, sig, group, cmd = sys.argv[1], getattr(signal, "SIG" + sys.argv[2]), sys.argv[3] == "group", sys.argv[4:]
# a shell starts background jobs with SIGINT ignored: give it back
p = subprocess.Popen(cmd, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
                     stdout=subprocess.DEVNULL, start_new_session=group)
end = time.time() + 30
while time.time() < end:
    try:
        if len(open(pids).read().split()) >= 2:
            break
    except FileNotFoundError:
        pass
    time.sleep(0.02)
time.sleep(0.3)
if group:
    os.killpg(p.pid, sig)
else:
    p.send_signal(sig)
try:
    rc = p.wait(timeout=30)
except subprocess.TimeoutExpired:
    p.kill()
    rc = "hung"
print(rc)
' "$pids" "$1" "${3:-one}" "$ICCSPROF" run --plain "$hostile" --no-profile --out-dir "$2" --op sign \
        $quick >"$work/rc" 2>"$work/err"
}

# interrupt SIGNAL WANT [group]: a run sent SIGNAL exits WANT, saying so,
# and leaves neither a process nor a file.
interrupt() {
    sig=$1 want=$2 dir="$work/int-$1$3" name="$1${3:+ to the process group}"
    signal_run "$sig" "$dir" "$3"
    if [ "$(cat "$work/rc")" = "$want" ]; then pass "$name: exit $want"; else fail "$name: exit $want" "got $(cat "$work/rc"): $(cat "$work/err")"; fi
    expect_grep "$name: one line says so" "^iccsprof run: .*interrupted by" "$work/err"
    all_gone "$name: the measuring process is gone"
    no_files "$name: no record, log or temporary file" "$dir"
}
interrupt INT 130
interrupt TERM 143
# the measuring process, killed by the same signal, is not a failure to record
for i in 1 2 3 4 5; do
    interrupt INT 130 group
    interrupt TERM 143 group
done

# SIGKILL cannot be caught: the measuring process dies with the run
# (PR_SET_PDEATHSIG).  Orphaned, it is the init process's to reap, which
# a container's may never do: a zombie counts as gone.
signal_run KILL "$work/int-KILL"
if [ "$(cat "$work/rc")" = -9 ]; then pass "KILL: the run is killed"; else fail "KILL: the run is killed" "got $(cat "$work/rc")"; fi
for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    alive=""
    for p in $(cat "$pids" 2>/dev/null); do
        case $(ps -o stat= -p "$p" 2>/dev/null) in '' | Z*) ;; *) alive="$alive $p" ;; esac
    done
    [ -z "$alive" ] && break
    sleep 0.1
done
if [ -z "$alive" ]; then pass "KILL: the measuring process dies with the run"; else fail "KILL: the measuring process dies with the run" "still running:$alive"; kill -9 $alive 2>/dev/null; fi
rm -f "$pids"
# what a killed run left (its log's temporary, named with its host and
# process id) goes at the next run in that folder; another host's, a live
# process's and a file of another name stay
left=$(ls -A "$work/int-KILL")
case $left in .iccsprof-"$(hostname)"-[0-9]*-*) pass "KILL: the temporary names host and process" ;;
*) fail "KILL: the temporary names host and process" "left: $left" ;; esac
sh -c 'exit 0' &
dead=$!
wait $dead
: >"$work/int-KILL/.iccsprof-$(hostname)-$dead-abcdef"
: >"$work/int-KILL/.iccsprof-$(hostname)-$$-abcdef"
: >"$work/int-KILL/.iccsprof-otherhost-$dead-abcdef"
: >"$work/int-KILL/.iccsprof-notes"
run_hostile "KILL: the next run in the folder" 0 "$work/int-KILL"
kept=$(cd "$work/int-KILL" && ls -A | grep '^\.' | LC_ALL=C sort | tr '\n' ' ')
want=$(printf '%s\n' ".iccsprof-$(hostname)-$$-abcdef" .iccsprof-notes ".iccsprof-otherhost-$dead-abcdef" |
    LC_ALL=C sort | tr '\n' ' ')
[ "$kept" = "$want" ] &&
    pass "KILL: the dead process's temporaries removed, no other" || fail "KILL: the dead process's temporaries removed, no other" "$kept"

# --- outputs: only a regular file is replaced, never an input ---
# refuse NAME OUT [OPTIONS...]: --out OUT is refused before anything is measured.
refuse() {
    name=$1 out=$2
    shift 2
    rm -f "$pids"
    ICCSPROF_HOSTILE=pid expect_status "$name: refused" 2 timeout 60 "$ICCSPROF" run \
        --plain "$hostile" --no-profile --op keygen --out "$out" $quick "$@"
    if [ -s "$pids" ]; then fail "$name: before measuring" "a measuring process ran"; else pass "$name: before measuring"; fi
    [ "$(wc -l <"$work/err")" -eq 1 ] && pass "$name: one line" || fail "$name: one line" "$(cat "$work/err")"
}
mkfifo "$work/fifo.json"
refuse "a FIFO as --out" "$work/fifo.json"
expect_grep "a FIFO as --out: named" "fifo.json: a FIFO, not a regular file: refusing to replace it" "$work/err"
[ -p "$work/fifo.json" ] && pass "a FIFO as --out: still a FIFO" || fail "a FIFO as --out: still a FIFO" "replaced"
ln -s /dev/null "$work/null.json"
refuse "a link to /dev/null as --out" "$work/null.json"
[ -c /dev/null ] && [ -L "$work/null.json" ] && pass "a link as --out: untouched" || fail "a link as --out: untouched" "replaced"
cp "$hostile" "$work/lib.so"
cp "$work/lib.so" "$work/lib.orig"
refuse "the library as --out" "$work/lib.so" --plain "$work/lib.so"
expect_grep "the library as --out: named" "is the input" "$work/err"
cmp -s "$work/lib.so" "$work/lib.orig" && pass "the library as --out: unchanged" || fail "the library as --out: unchanged" "changed"
refuse "a .log as --out" "$work/x.log"
mkdir -p "$work/adir"
refuse "a folder as --out" "$work/adir/"
expect_grep "a folder as --out: named" "adir/: a directory, not a regular file" "$work/err"
echo "not this tool's" >"$work/mine.log"
expect_status "a log beside --out: run" 0 timeout 60 "$ICCSPROF" run --plain "$hostile" --no-profile \
    --op keygen --out "$work/mine.json" $quick
[ -f "$work/mine.log" ] && pass "a log beside --out that the tool did not write is kept" ||
    fail "a log beside --out that the tool did not write is kept" "removed"
rm -f "$work/mine.json" "$work/mine.log"

# --- the build's own files are inputs: never written over, checked before use ---
mkdir -p "$work/inst"
printf '{"scheme": "hostile", "algorithm": "Hostile", "instance": "H-1"}\n' >"$work/inst/build.json"
cat >"$work/inst/kat.json" <<'EOJ'
{"result": "pass", "detail": "", "driver": "KAT_SIG.c", "responses": ["H-1.rsp"], "seconds": 0.5,
 "timeout_seconds": 600, "profiled": null, "profiled_detail": ""}
EOJ
cp "$work/inst/kat.json" "$work/kat.orig"
refuse "the KAT result as --out" "$work/inst/kat.json" --build-info "$work/inst/build.json"
expect_grep "the KAT result as --out: named" "inst/kat.json: is the build's own kat.json (beside --build-info): refusing to write over it" "$work/err"
cmp -s "$work/inst/kat.json" "$work/kat.orig" && pass "the KAT result as --out: unchanged" || fail "the KAT result as --out: unchanged" "changed"
refuse "a record whose log is the build's guide.log" "$work/inst/guide.json" --build-info "$work/inst/build.json"
expect_grep "guide.log: named" "inst/guide.log: is the build's own guide.log (beside --build-info)" "$work/err"
mv "$work/inst/kat.json" "$work/inst/kat.was"
refuse "the KAT result's name as --out, none there yet" "$work/inst/kat.json" --build-info "$work/inst/build.json"
[ ! -e "$work/inst/kat.json" ] && pass "the KAT result's name: nothing written" || fail "the KAT result's name: nothing written" "written"
printf '{"foo": 1}\n' >"$work/inst/kat.json"
refuse "a kat.json that is no KAT result" "$work/out.json" --build-info "$work/inst/build.json"
expect_grep "a kat.json that is no KAT result: named" "inst/kat.json: not a KAT result (iccsprof kat): field result is missing" "$work/err"
python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); r["seconds"] = -5; json.dump(r, open(sys.argv[2], "w"))' \
    "$work/inst/kat.was" "$work/inst/kat.json"
refuse "a KAT result of -5 s" "$work/out.json" --build-info "$work/inst/build.json"
expect_grep "a KAT result of -5 s: named" "inst/kat.json: not a KAT result (iccsprof kat): field seconds: -5 is out of range (0 or more)" "$work/err"
rm -f "$work/inst/kat.json"

# --- logs and records follow the umask ---
mkdir -p "$work/mode"
(umask 022 && ICCSPROF_FIXTURE=print timeout 60 "$ICCSPROF" run --plain "$fix/libsigfix.so" \
    --no-profile --op verify --out-dir "$work/mode" $quick >/dev/null 2>&1)
modes=$(stat -c %a "$work/mode/sigfix__verify.json" "$work/mode/sigfix__verify.log" | tr '\n' ' ')
[ "$modes" = "644 644 " ] && pass "umask: record and log 644" || fail "umask: record and log 644" "$modes"

# --- a full disk: both files or neither ---
mnt="$work/full"
mkdir -p "$mnt"
if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=64k tmpfs "$mnt" 2>/dev/null; then
    ICCSPROF_FIXTURE=print expect_status "full disk: an I/O error" 2 timeout 120 "$ICCSPROF" run \
        --plain "$fix/libsigfix.so" --no-profile --op verify --out-dir "$mnt" --trials 1 \
        --min-calls 20000 --target-seconds 0.01 --max-seconds 5 --precision off
    expect_grep "full disk: the log is named" "sigfix__verify.log: No space left on device" "$work/err"
    no_files "full disk: neither file, no temporary" "$mnt"
    umount "$mnt"
else
    echo "# skipped: the full-disk case mounts a small tmpfs, which needs root"
fi

# --- inputs that are not regular files: refused, not read ---
mkfifo "$work/build.json"
expect_status "a FIFO as --build-info" 2 timeout 20 "$ICCSPROF" run --plain "$hostile" --no-profile \
    --op keygen --out-dir "$work" --build-info "$work/build.json" $quick
expect_grep "a FIFO as --build-info: named" "build.json: a FIFO, not a regular file" "$work/err"
mkdir -p "$work/recs"
mkfifo "$work/recs/r.json"
expect_status "a FIFO in a report folder" 2 timeout 20 "$ICCSPROF" report "$work/recs"
expect_grep "a FIFO in a report folder: named" "r.json: a FIFO, not a regular file" "$work/err"
expect_status "a FIFO to audit" 2 timeout 20 "$ICCSPROF" audit "$work/recs/r.json"
expect_grep "a FIFO to audit: named" "r.json: a FIFO, not a regular file" "$work/err"
expect_status "a FIFO as --plain" 2 timeout 20 "$ICCSPROF" run --plain "$work/recs/r.json" \
    --no-profile --op keygen --out-dir "$work" $quick
expect_grep "a FIFO as --plain: named" "r.json: a FIFO, not a regular file" "$work/err"

# --- empty and unclear values: one line, exit 2, nothing measured ---
# usage NAME PATTERN ARGS...: `iccsprof ARGS` exits 2, its first line
# (a usage error is followed by the usage) matches PATTERN, and nothing
# was measured.
usage() {
    name=$1 pattern=$2
    shift 2
    rm -f "$pids"
    ICCSPROF_HOSTILE=pid expect_status "$name" 2 timeout 20 "$ICCSPROF" "$@"
    head -n 1 "$work/err" >"$work/err1"
    expect_grep "$name: said" "$pattern" "$work/err1"
    [ ! -s "$pids" ] && pass "$name: nothing run" || fail "$name: nothing run" "$(cat "$pids")"
}
base="run --no-profile --out-dir $work $quick"
usage "--op ''" "^iccsprof run: --op: the value is empty" $base --plain "$hostile" --op ''
usage "--op ," "^iccsprof run: --op: ',' has an empty item" $base --plain "$hostile" --op ,
usage "--op sign," "--op: 'sign,' has an empty item" $base --plain "$hostile" --op sign,
usage "--plain ''" "^iccsprof run: --plain: the value is empty" $base --plain '' --op keygen
usage "--instance .x" "--instance: '.x' starts with '.'" $base --plain "$hostile" --op keygen --instance .x
usage "report --section ''" "^iccsprof report: --section: the value names no section" \
    report --section '' "$work"
# a library of another machine: the same file with another e_machine
cp "$hostile" "$work/riscv.so"
printf '\363\000' | dd of="$work/riscv.so" bs=1 seek=18 conv=notrunc 2>/dev/null
usage "another machine's library" "riscv.so: built for RISC-V (ELF64); this machine runs " \
    $base --plain "$work/riscv.so" --op keygen

# --- memory and file-size limits: one line naming the instance, the
# operation and the limit, exit 1, no record or log ---
# limit_run NAME FIXTURE LIMIT-OPTION: sign under FIXTURE's misbehaviour.
limit_run() {
    rm -rf "$work/limit" && mkdir -p "$work/limit"
    ICCSPROF_FIXTURE=$2 ICCSPROF_FIXTURE_FILE=$work/big.out expect_status "$1: exit 1" 1 \
        timeout 120 "$ICCSPROF" run --plain "$hostile" --no-profile --out-dir "$work/limit" --op sign \
        $quick $3
    no_files "$1: no record or log is left" "$work/limit"
}
case $SANITIZER_CFLAGS in
*address*) pass "# SKIP memory without bound: AddressSanitizer's shadow leaves no memory limit" ;;
*)
    limit_run "memory without bound" hog-memory "--max-memory 256"
    expect_grep "memory without bound: the limit is named" \
        "^iccsprof run: sighostile sign: out of memory under the 256 MiB limit (--max-memory)\$" "$work/err"
    [ "$(wc -l <"$work/err")" -eq 1 ] && pass "memory without bound: one line" ||
        fail "memory without bound: one line" "$(cat "$work/err")"
    ;;
esac
limit_run "a file without bound" big-file "--max-file-size 16"
expect_grep "a file without bound: the limit is named" \
    "^iccsprof run: sighostile sign: wrote a file past the 16 MiB limit (--max-file-size)\$" "$work/err"
size=$(stat -c %s "$work/big.out")
[ "$size" -eq 16777216 ] && pass "a file without bound: it stopped at 16 MiB" ||
    fail "a file without bound: it stopped at 16 MiB" "$size bytes"
rm -f "$work/big.out"

finish
