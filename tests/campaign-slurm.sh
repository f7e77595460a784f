#!/bin/sh
# campaign-slurm.sh - a campaign submitted to a real one-node Slurm that
# the test starts itself (munged with a fresh key, slurmctld and slurmd,
# their configuration, state, spool, logs and pid files in its scratch
# folder, on ports of their own; stopped by pid however the test ends):
# the in-tree schemes' array script run by sbatch, its records equal in
# calls per operation to a local campaign's, each naming the Slurm job and
# task it ran as and the core Slurm bound it to; a crashing package named
# in the summary while the others finish; the summary and the site of the
# output folder; a requeued task not measured twice; two hanging tasks on
# cores of their own, cancelled with scancel (no half record), measured on
# resubmission while the finished ones are kept.  Skipped (77) where the
# daemons cannot start (not root, Slurm or munge not installed) or two
# tasks cannot run at once (a machine of one core).
. "$top_srcdir/tests/lib.sh"

quick="--trials 2 --min-calls 3 --target-seconds 0.01 --profile-seconds 0.01 --max-seconds 5 --timeout 120 --precision off"
fix="$top_builddir/tests/fixtures/run/.libs"

# skip WHY: the cluster cannot be had here; automake counts a skip.
skip() {
    echo "# SKIP: $1"
    exit 77
}

[ "$(id -u)" -eq 0 ] || skip "not root: slurmd starts the tasks as their users and must run as root"
for c in mungekey munged slurmctld slurmd sbatch squeue sinfo scancel scontrol; do
    command -v "$c" >/dev/null 2>&1 || skip "$c is not installed (Debian packages slurm-wlm and munge; ./bootstrap installs them)"
done

# this machine as Slurm sees it (its memory left out: what is free varies)
node=$(slurmd -C | sed -n '1s/ RealMemory=[0-9]*//p')
name=$(echo "$node" | sed 's/^NodeName=\([^ ]*\).*/\1/')
# Slurm gives tasks whole cores: two at once need two of them
ncores=$(($(echo "$node" | sed 's/.*Boards=\([0-9]*\) SocketsPerBoard=\([0-9]*\) CoresPerSocket=\([0-9]*\).*/\1 * \2 * \3/')))
[ "$ncores" -ge 2 ] || skip "$name has $ncores core: two array tasks cannot run at once ($node)"

# --- the cluster: everything in $c, stopped by pid on any exit ---
c=$work/cluster
mkdir -p "$c/state" "$c/spool"
pids=""
# stop: cancel what still runs in this cluster (never in one that
# SLURM_CONF named before), then end its daemons by their pids, the last
# one first (munged serves the others)
stop() {
    if [ "${SLURM_CONF:-}" = "$c/slurm.conf" ]; then
        scancel --full $(squeue -h -o %A 2>/dev/null | sort -u) 2>/dev/null
        i=0
        while [ -n "$(squeue -h 2>/dev/null)" ] && [ $i -lt 50 ]; do
            sleep 0.2
            i=$((i + 1))
        done
    fi
    for p in $pids; do
        kill -TERM "$p" 2>/dev/null
        i=0
        while kill -0 "$p" 2>/dev/null && [ $i -lt 50 ]; do
            sleep 0.1
            i=$((i + 1))
        done
        kill -KILL "$p" 2>/dev/null
        wait "$p" 2>/dev/null
    done
    pids=""
}
trap 'stop; rm -rf "$work"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# started NAME LOG: skip, naming LOG's last line, when the daemon just
# started ($!) is gone after a moment; else keep its pid for stop
started() {
    p=$!
    pids="$p $pids"
    sleep 0.5
    kill -0 "$p" 2>/dev/null || skip "$1 does not start here: $(tail -n 1 "$2")"
}

mungekey -c -k "$c/munge.key" >"$c/mungekey.log" 2>&1 || skip "mungekey: $(tail -n 1 "$c/mungekey.log")"
munged -F -f --key-file="$c/munge.key" --socket="$c/munge.socket" --pid-file="$c/munged.pid" \
    --log-file="$c/munged.log" --seed-file="$c/munged.seed" >"$c/munged.out" 2>&1 &
started munged "$c/munged.out"

# two free ports, for slurmctld and slurmd
ports=$(python3 -c 'import socket
s = [socket.socket() for _ in range(2)]
for x in s:
    x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
cat >"$c/slurm.conf" <<EOF
ClusterName=iccsprof
SlurmctldHost=$name(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=${ports% *}
SlurmdPort=${ports#* }
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$c/munge.socket
StateSaveLocation=$c/state
SlurmdSpoolDir=$c/spool
SlurmctldPidFile=$c/slurmctld.pid
SlurmdPidFile=$c/slurmd.pid
SlurmctldLogFile=$c/slurmctld.log
SlurmdLogFile=$c/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/affinity
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/builtin
MpiDefault=none
ReturnToService=2
KillWait=5
MailProg=/bin/true
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
SwitchType=switch/none
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=check Nodes=$name Default=YES MaxTime=INFINITE State=UP
EOF
SLURM_CONF=$c/slurm.conf
export SLURM_CONF
slurmctld -D -c -f "$SLURM_CONF" >"$c/slurmctld.out" 2>&1 &
started slurmctld "$c/slurmctld.out"
slurmd -D -f "$SLURM_CONF" >"$c/slurmd.out" 2>&1 &
started slurmd "$c/slurmd.out"
i=0
until [ "$(sinfo -h -o %t 2>/dev/null)" = idle ] || [ $i -ge 150 ]; do
    sleep 0.2
    i=$((i + 1))
done
if [ "$(sinfo -h -o %t 2>/dev/null)" = idle ]; then pass "cluster: the node is idle"; else
    fail "cluster: the node is idle" "$(sinfo 2>&1; tail -n 3 "$c/slurmctld.log" "$c/slurmd.log")"
    finish
fi

# finished JOB: wait (five minutes at most) until no task of JOB is left
# in the queue; false when some still is
finished() {
    i=0
    while [ -n "$(squeue -h -j "$1" 2>/dev/null)" ] && [ $i -lt 1500 ]; do
        sleep 0.2
        i=$((i + 1))
    done
    [ -z "$(squeue -h -j "$1" 2>/dev/null)" ]
}


# --- the in-tree schemes and a crashing package, through Slurm ---
mkdir -p "$work/pkgs"
for p in sign-wots kem-mlwe kex-mlwe; do
    cp -RL "$top_srcdir/schemes/$p" "$work/pkgs/" || exit 1
done
chmod -R u+w "$work/pkgs"
built fix-crash C-1 sigfix FixCrash
out=$work/camp
expect_status "emit slurm: the packages built, the script printed" 0 "$ICCSPROF" campaign --emit slurm \
    --out "$out" -j2 --run-flags "$quick" "$work/pkgs/sign-wots" "$work/pkgs/kem-mlwe" "$work/pkgs/kex-mlwe" \
    "$work/built/fix-crash"
cp "$work/out" "$work/job.sh"
expect_grep "emit slurm: seventeen tasks" "^#SBATCH --array=0-16$" "$work/job.sh"
expect_grep "emit slurm: a requeued task appends to its output" "^#SBATCH --open-mode=append$" "$work/job.sh"
[ "$(grep -c ' --resume \$pin ;;$' "$work/job.sh")" -eq 17 ] && pass "emit slurm: every task keeps a record already made" ||
    fail "emit slurm: every task keeps a record already made" "$(grep -c -- '--resume' "$work/job.sh")"

# the local campaign the records are held to, on the same builds
expect_status "local campaign" 0 "$ICCSPROF" campaign -q --out "$work/local" -j2 --run-flags "$quick" \
    "$out/.campaign/build/sign-wots" "$out/.campaign/build/kem-mlwe" "$out/.campaign/build/kex-mlwe"

# ICCSPROF_FIXTURE reaches the tasks through sbatch's environment: only
# the fixture's signing crashes
job=$(cd "$work" && ICCSPROF_FIXTURE=segv-sign sbatch --parsable "$work/job.sh" 2>"$work/err")
[ -n "$job" ] && pass "sbatch: submitted" || fail "sbatch: submitted" "$(cat "$work/err")"
finished "$job" && pass "sbatch: every task ran" || fail "sbatch: every task ran" "$(squeue 2>&1)"
py "records: the local campaign's calls per operation, the job, task and bound core of each" '
import glob, json, os, re, shlex, sys
out, local, job, script = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
# task N runs the N-th command of the script: a record, or the records of a key exchange instance
task_of = {}
for line in open(script):
    m = re.match(r"([0-9]+)\) (.*) ;;$", line)
    if m:
        w = shlex.split(m.group(2))
        if "--out" in w:
            task_of[w[w.index("--out") + 1]] = int(m.group(1))
        else:
            task_of[(w[w.index("--out-dir") + 1], w[w.index("--instance") + 1])] = int(m.group(1))
mine = {os.path.relpath(f, out): f for f in glob.glob(out + "/*/*.json")}
theirs = {os.path.relpath(f, local): f for f in glob.glob(local + "/*/*.json")}
assert len(theirs) == 24, sorted(theirs)
assert sorted(k for k in mine if not k.startswith("fix-crash/")) == sorted(theirs), sorted(mine)
assert sorted(k for k in mine if k.startswith("fix-crash/")) == \
    ["fix-crash/C-1__keygen.json", "fix-crash/C-1__sign.json", "fix-crash/C-1__verify.json"], sorted(mine)
for rel, f in mine.items():
    r = json.load(open(f))
    h = r["host"]
    task = task_of.get(f, task_of.get((os.path.dirname(f), r["scheme"]["instance"])))
    assert h["scheduler"] == {"kind": "slurm", "job": job, "task": task}, (rel, h.get("scheduler"), task)
    allowed = h["check"]["items"]["allowed"]["value"]
    assert str(h["cpu"]) == allowed, (rel, h["cpu"], allowed)
    if rel.startswith("fix-crash/"):
        continue
    assert r["status"]["state"] == "complete", (rel, r["status"])
    l = json.load(open(theirs[rel]))
    assert sorted(r["profile"]["helpers"]) == sorted(l["profile"]["helpers"]), rel
    for name, row in l["profile"]["helpers"].items():
        got = r["profile"]["helpers"][name]["calls_per_op"]
        assert abs(got - row["calls_per_op"]) <= 1e-9 * max(1, abs(got)), (rel, name, got, row["calls_per_op"])
' "$out" "$work/local" "$job" "$work/job.sh"
crash=$(sed -n 's/^\([0-9]*\)) .*C-1__sign\.json .*/\1/p' "$work/job.sh")
expect_grep "the crashing task: its output names the crash" "^C-1 sign: \[failed: killed by signal 11" \
    "$out/.campaign/slurm-${job}_$crash.out"

# --- the summary and the site of the output folder ---
expect_status "campaign report: exit 0" 0 "$ICCSPROF" campaign report "$out" --site "$work/site"
cp "$work/out" "$work/summary"
[ "$(grep -c '^## ' "$work/summary")" -eq 4 ] && pass "summary: four schemes" || fail "summary: four schemes" "$(grep '^## ' "$work/summary")"
[ "$(grep -c '^| `' "$work/summary")" -eq 27 ] && pass "summary: a row per record" || fail "summary: a row per record" "$(grep -c '^| `' "$work/summary")"
expect_grep "summary: the crashing package named" '^- `C-1` sign: failed: killed by signal 11 (Segmentation fault)' "$work/summary"
expect_grep "site: written" "^site: 4 scheme pages of 1 system in $work/site (open $work/site/index.html)$" "$work/summary"

# --- requeued after its record was written: kept, not measured again ---
sum0=$(sha256sum <"$out/sign-wots/WOTS-SM3-16__keygen.json")
scontrol requeue "${job}_0" 2>"$work/err" && pass "requeue: accepted" || fail "requeue: accepted" "$(cat "$work/err")"
# a requeued job waits before it is eligible again: now, for the test
scontrol update JobId="${job}_0" StartTime=now 2>>"$work/err"
finished "$job" && pass "requeue: the task ran again" || fail "requeue: the task ran again" "$(squeue 2>&1)"
[ "$(sha256sum <"$out/sign-wots/WOTS-SM3-16__keygen.json")" = "$sum0" ] &&
    pass "requeue: the record as it was" || fail "requeue: the record as it was" "rewritten"
[ "$(grep -c '^WOTS-SM3-16 keygen: .*(up to date: kept as measured)$' "$out/.campaign/slurm-${job}_0.out")" -eq 1 ] &&
    [ "$(grep -c '^WOTS-SM3-16 keygen: ' "$out/.campaign/slurm-${job}_0.out")" -eq 2 ] &&
    pass "requeue: ran twice, measured once" || fail "requeue: ran twice, measured once" "$(cat "$out/.campaign/slurm-${job}_0.out")"

# --- cancelled with scancel while two tasks hang on their own cores ---
built fix-sig A-128 sigfix FixSig
built fix-sig A-256 sigfix FixSig
hang=$work/hang
expect_status "emit slurm: the fixture" 0 "$ICCSPROF" campaign --emit slurm --out "$hang" --run-flags "$quick" \
    "$work/built/fix-sig"
cp "$work/out" "$work/hang.sh"
# tasks 1 and 2 (A-128 sign, and verify, which signs first) hang
job2=$(cd "$work" && ICCSPROF_FIXTURE=hang-sign sbatch --parsable "$work/hang.sh" 2>"$work/err")
i=0
until [ -e "$hang/fix-sig/A-128__keygen.json" ] && [ "$(squeue -h -t R -j "$job2" | wc -l)" -eq 2 ] &&
    [ "$(find "$hang/fix-sig" -name '.iccsprof-*' | wc -l)" -eq 2 ] || [ $i -ge 600 ]; do
    sleep 0.2
    i=$((i + 1))
done
sleep 0.5
scontrol -d show job "$job2" >"$work/show"
# the cores of the running tasks, as Slurm allocated them
cores=$(awk '/JobState=/ { running = /JobState=RUNNING/ } running && /CPU_IDs=/ {
    sub(/.*CPU_IDs=/, ""); print $1 }' "$work/show" | sort | tr '\n' ' ')
[ "$(echo $cores | wc -w)" -eq 2 ] && [ "$(echo $cores | tr ' ' '\n' | sort -u | wc -l)" -eq 2 ] &&
    pass "two tasks at once: a core each" || fail "two tasks at once: a core each" "cores '$cores': $(squeue 2>&1)"
scancel "$job2"
finished "$job2" && pass "scancel: every task ended" || fail "scancel: every task ended" "$(squeue 2>&1)"
[ "$(cd "$hang" && find . -name '*.json' ! -path './.campaign/*')" = ./fix-sig/A-128__keygen.json ] &&
    pass "scancel: the finished task's record, no other" || fail "scancel: the finished task's record, no other" "$(find "$hang" -name '*.json')"
left=$(find "$hang" -name '.*' ! -name .campaign ! -path '*/.campaign/*')
[ -z "$left" ] && pass "scancel: no half record or temporary file" || fail "scancel: no half record or temporary file" "$left"
expect_grep "scancel: the task says its measurement was not recorded" \
    "^iccsprof run: interrupted by SIGTERM during A-128 sign: its measurement was stopped and not recorded" \
    "$hang/.campaign/slurm-${job2}_1.out"
sum0=$(sha256sum <"$hang/fix-sig/A-128__keygen.json")

# --- submitted again: what has no record is measured, the rest kept ---
job3=$(cd "$work" && sbatch --parsable "$work/hang.sh" 2>"$work/err")
finished "$job3" && pass "resubmitted: every task ran" || fail "resubmitted: every task ran" "$(squeue 2>&1)"
[ "$(sha256sum <"$hang/fix-sig/A-128__keygen.json")" = "$sum0" ] &&
    pass "resubmitted: the finished record kept" || fail "resubmitted: the finished record kept" "rewritten"
expect_grep "resubmitted: said so" "^A-128 keygen: .*(up to date: kept as measured)$" "$hang/.campaign/slurm-${job3}_0.out"
py "resubmitted: six records, each made once, by the job that measured it" '
import glob, json, os, sys
hang, job2, job3 = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
recs = {os.path.basename(f): json.load(open(f)) for f in glob.glob(hang + "/fix-sig/*.json")}
want = {f"{i}__{o}.json" for i in ("A-128", "A-256") for o in ("keygen", "sign", "verify")}
assert set(recs) == want, sorted(recs)
for name, r in recs.items():
    assert r["status"]["state"] == "complete", (name, r["status"])
    assert r["host"]["scheduler"]["job"] == (job2 if name == "A-128__keygen.json" else job3), (name, r["host"]["scheduler"])
' "$hang" "$job2" "$job3"
finish
