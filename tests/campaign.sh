#!/bin/sh
# campaign.sh - `iccsprof campaign` end to end on three built fixture
# schemes (the run fixtures under instance names): -j2 on cores 0 and 1,
# never two measurements on one core; interrupted and resumed with no job
# redone and no record lost or duplicated; a changed library redone;
# deferred jobs; the GNU parallel job file run by parallel, and run again
# (nothing measured twice); the Slurm
# array script's syntax and its tasks run directly; merge of two output
# folders, and its refusals; --substitute passed to every job.
. "$top_srcdir/tests/lib.sh"

fix="$top_builddir/tests/fixtures/run/.libs"
quick="--trials 2 --min-calls 3 --target-seconds 0.01 --profile-seconds 0.01 --max-seconds 5 --timeout 120 --precision off"

built fix-kem B-1 kemfix FixKem
built fix-sig A-128 sigfix FixSig
built fix-sig A-256 sigfix FixSig
built fix-sites C-1 sitesfix FixSites

# records DIR: the record files under DIR, one a line, sorted.
records() { (cd "$1" && find . -name '*.json' ! -path './.campaign/*' | sort); }

# --- interrupted: both cores hang in signing, four records are done ---
out=$work/camp
ICCSPROF_FIXTURE=hang-sign "$ICCSPROF" campaign --out "$out" -j2 \
    --run-flags "$quick" "$work/built" >"$work/c1" 2>&1 &
cpid=$!
i=0
while [ "$(records "$out" 2>/dev/null | wc -l)" -lt 4 ] && [ $i -lt 1200 ]; do
    sleep 0.1
    i=$((i + 1))
done
sleep 0.5 # the two signing jobs have started and hang
# one campaign per output folder: a second one is refused at once
expect_status "a second campaign on the folder" 2 timeout 60 "$ICCSPROF" campaign --out "$out" -j2 \
    --run-flags "$quick" "$work/built"
expect_grep "a second campaign on the folder: named" "^iccsprof campaign: $out: another campaign is running in this output folder (process $cpid)$" "$work/err"
kill -INT $cpid
wait $cpid
rc=$?
[ $rc -eq 1 ] && pass "interrupted: exit 1" || fail "interrupted: exit 1" "exit $rc: $(cat "$work/c1")"
expect_grep "interrupted: said so, with how to resume" \
    "^campaign: 12 jobs: 4 passed, 0 failed, 0 skipped, 0 deferred; interrupted by SIGINT, 8 not run (run the same command again to resume)$" "$work/c1"
expect_grep "interrupted: the report of what finished" "^| \`A-128\` | keygen |" "$work/c1"
expect_grep "interrupted: each job's line with the times" "^campaign: \[4/12\] .*: passed on cpu [0-9]* ([0-9.]* s · elapsed 0:[0-9]*, about [0-9:]* left)$" "$work/c1"
records "$out" >"$work/before"
printf '%s\n' ./fix-kem/B-1__dec.json ./fix-kem/B-1__enc.json ./fix-kem/B-1__keygen.json \
    ./fix-sig/A-128__keygen.json >"$work/want"
cmp -s "$work/before" "$work/want" && pass "interrupted: the finished jobs' records, no other" ||
    fail "interrupted: the finished jobs' records, no other" "$(cat "$work/before")"
left=$(find "$out" -name '.*' ! -name .campaign ! -path '*/.campaign/*')
[ -z "$left" ] && pass "interrupted: no temporary file left" || fail "interrupted: no temporary file left" "$left"
(cd "$out" && sha256sum $(cat "$work/before")) >"$work/sums"

# --- resumed: the four are skipped, the eight others run ---
expect_status "resumed" 0 "$ICCSPROF" campaign --out "$out" -j2 --run-flags "$quick" "$work/built" \
    --export-json "$work/resumed.json"
[ "$(grep -c ': skipped (record up to date)$' "$work/out")" -eq 4 ] && pass "resumed: four skipped" ||
    fail "resumed: four skipped" "$(cat "$work/out")"
expect_grep "resumed: the tally" "^campaign: 12 jobs: 8 passed, 0 failed, 4 skipped, 0 deferred$" "$work/out"
(cd "$out" && sha256sum -c --quiet "$work/sums") >/dev/null 2>&1 && pass "resumed: no finished job redone" ||
    fail "resumed: no finished job redone" "records changed"
cp "$work/out" "$work/c2"
py "resumed: --export-json holds every record, skipped ones too" '
import json, sys
rows = json.load(open(sys.argv[1] + "/resumed.json"))["rows"]
assert len(rows) == 12, len(rows)
' "$work"
py "resumed: every job once, its own record, never two on one core" '
import collections, json, os, sys
out = sys.argv[1]
jobs = [l.rstrip("\n").split("\t") for l in open(out + "/.campaign/journal.tsv")]
keys = [(j[0], j[1], j[2]) for j in jobs]
want = {("fix-kem", "B-1", o) for o in ("keygen", "enc", "dec")} | \
       {("fix-sig", i, o) for i in ("A-128", "A-256") for o in ("keygen", "sign", "verify")} | \
       {("fix-sites", "C-1", o) for o in ("keygen", "sign", "verify")}
assert sorted(keys) == sorted(want) and len(keys) == 12, collections.Counter(keys)
assert all(j[6] == "passed" for j in jobs), jobs
cores = collections.defaultdict(list)
for j in jobs:
    cores[int(j[3])].append((float(j[4]), float(j[5])))
    r = json.load(open(f"{out}/{j[0]}/{j[1]}__{j[2]}.json"))
    assert r["host"]["cpu"] == int(j[3]), (j, r["host"]["cpu"])
    assert r["scheme"]["id"] == j[0] and r["scheme"]["instance"] == j[1] and r["operation"] == j[2], r["scheme"]
    assert os.path.exists(f"{out}/{j[0]}/{j[1]}__{j[2]}.json")
assert set(cores) == {0, 1}, cores
for c, spans in cores.items():
    spans.sort()
    assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:])), (c, spans)
' "$out"
[ "$(records "$out" | wc -l)" -eq 12 ] && pass "resumed: twelve records" || fail "resumed: twelve records" "$(records "$out")"
expect_grep "summary: a table per scheme" "^## fix-sig FixSig$" "$work/c2"
expect_grep "summary: the published columns" "^| instance | operation | pseudohash/XOF/sm3 | DRNG |$" "$work/c2"
[ "$(grep -c '^| `' "$work/c2")" -eq 12 ] && pass "summary: a row per record" || fail "summary: a row per record" "$(cat "$work/c2")"
cmp -s "$out/summary.md" "$work/c2.md" 2>/dev/null || sed -n '/^Made by /,$p' "$work/c2" >"$work/c2.md"
cmp -s "$out/summary.md" "$work/c2.md" && pass "summary: written beside the records" || fail "summary: written beside the records" "$(head -5 "$out/summary.md")"
expect_grep "summary: what made it" "^Made by iccsprof [^ ]* on host $(uname -n), [0-9T:-]*Z: \`iccsprof campaign --out $out -j2 --run-flags '$quick' $work/built --export-json $work/resumed.json\`$" "$out/summary.md"
expect_status "campaign report" 0 "$ICCSPROF" campaign report "$out"
tail -n +2 "$work/out" >"$work/again"
tail -n +2 "$out/summary.md" | cmp -s "$work/again" - && pass "campaign report: the same summary" || fail "campaign report: the same summary" "$(head -5 "$work/out")"
expect_grep "campaign report: made by that command" "^Made by .*: \`iccsprof campaign report $out\`$" "$work/out"
# a page per scheme beside its records, its paths from there
for id in fix-kem fix-sig fix-sites; do
    [ "$(grep '^#' "$out/$id/page.md" | sed 's/ .*//' | tr '\n' ' ')" = "# ## ## ## ## ## ## ## ## ## ## " ] &&
        pass "$id: a page, title and sections" || fail "$id: a page, title and sections" "$(grep '^#' "$out/$id/page.md")"
done
expect_grep "page: its title" "^# fix-sig FixSig — performance" "$out/fix-sig/page.md"
expect_grep "page: the evidence from its folder" "^| \`A-128\` | timing and hash profile keygen | \`A-128__keygen.json\` |$" "$out/fix-sig/page.md"
expect_status "campaign report --export-csv --export-svg" 0 "$ICCSPROF" campaign report "$out" \
    --export-csv "$work/c.csv" --export-svg "$work/c.svg"
tail -n +2 "$work/out" | cmp -s "$work/again" - && pass "campaign report --export-*: the same summary on stdout" ||
    fail "campaign report --export-*: the same summary on stdout" "$(head -5 "$work/out")"
[ "$(tail -n +2 "$work/c.csv" | wc -l)" -eq 12 ] && pass "--export-csv: a row per record" || fail "--export-csv: a row per record" "$(head -3 "$work/c.csv")"
expect_grep "--export-svg: the share chart" "^<svg " "$work/c.svg"
expect_status "campaign merge --export-md refused" 2 "$ICCSPROF" campaign merge --out "$work/m" --export-md "$work/m.md" "$out"
expect_grep "and says where exports go" "^iccsprof campaign: merge: --export-md: export with 'campaign report' after the merge$" "$work/err"

# the journal is rebuilt from the records: lines lost (a campaign killed
# between a job's end and its line) or torn come back from the records
cp "$out/.campaign/journal.tsv" "$work/journal"
{ head -n 2 "$work/journal"; printf 'fix-kem\tB-1\tke'; } >"$out/.campaign/journal.tsv"
expect_status "journal rebuilt: resumed again" 0 "$ICCSPROF" campaign --out "$out" -j2 --run-flags "$quick" "$work/built"
py "journal rebuilt: a line per record, its core and times from the job" '
import json, os, sys
out, old = sys.argv[1], sys.argv[2]
jobs = [l.rstrip("\n").split("\t") for l in open(out + "/.campaign/journal.tsv")]
assert len(jobs) == 12 and all(len(j) == 7 for j in jobs), jobs
assert len({(j[0], j[1], j[2]) for j in jobs}) == 12, jobs
kept = [l.rstrip("\n").split("\t") for l in open(old)][:2]
assert jobs[:2] == kept, (jobs[:2], kept)
for j in jobs:
    r = json.load(open(f"{out}/{j[0]}/{j[1]}__{j[2]}.json"))
    assert r["host"]["cpu"] == int(j[3]) and float(j[4]) <= float(j[5]) and j[6] == "passed", j
' "$out" "$work/journal"

# --- SIGKILL of a campaign: its jobs and their measuring processes die with it ---
ICCSPROF_FIXTURE=hang-sign "$ICCSPROF" campaign --out "$work/camp-kill" -j2 \
    --run-flags "$quick" "$work/built/fix-sig" >/dev/null 2>&1 &
cpid=$!
# descendants PID: every process PID started, and theirs
descendants() {
    for d in $(pgrep -P "$1"); do
        echo "$d"
        descendants "$d"
    done
}
# measuring TREE: how many of the processes TREE are measuring processes
measuring() {
    pgrep -f '^[^ ]*iccsprof-measure ' | grep -c -x -F "$(printf '%s\n' $1)"
}
# the four other jobs done, both signing jobs (iccsprof run) hang, each
# with its measuring process
i=0
while [ $i -lt 1200 ]; do
    tree=$(descendants $cpid | tr '\n' ' ')
    [ "$(records "$work/camp-kill" 2>/dev/null | wc -l)" -ge 4 ] && [ "$(measuring "$tree")" -eq 2 ] && break
    sleep 0.1
    i=$((i + 1))
done
[ "$(measuring "$tree")" -eq 2 ] &&
    pass "SIGKILL: two jobs measuring when killed" || fail "SIGKILL: two jobs measuring when killed" "$(ps -o pid,args -p "${tree% }" 2>&1)"
kill -KILL $cpid
wait $cpid
# the jobs' parent is now PID 1, which may leave them as zombies: a zombie is gone
for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    left=$(for p in $tree; do ps -o stat= -p "$p" | grep -qv '^Z' && echo "$p"; done | tr '\n' ' ')
    [ -z "$left" ] && break
    sleep 0.1
done
if [ -z "$left" ]; then pass "SIGKILL: no job or measuring process outlives the campaign"; else
    fail "SIGKILL: no job or measuring process outlives the campaign" "still running: $(ps -o pid,args -p "${left% }")"
    kill -9 $left 2>/dev/null
fi

# --- a changed library: its jobs are redone, the others skipped ---
printf 'x' >>"$work/built/fix-sig/A-256/libA-256.so"
expect_status "changed library" 0 "$ICCSPROF" campaign --out "$out" -j2 --run-flags "$quick" "$work/built"
expect_grep "changed library: its three jobs redone" "^campaign: 12 jobs: 3 passed, 0 failed, 9 skipped, 0 deferred$" "$work/out"
[ "$(grep -c 'A-256 .*: passed on cpu' "$work/out")" -eq 3 ] && pass "changed library: the right three" ||
    fail "changed library: the right three" "$(cat "$work/out")"

# --- deferred jobs, and a list file ---
printf '# the schemes of this host\nbuilt/fix-sig\n\nbuilt/fix-kem\n' >"$work/list"
expect_status "deferred and skipped" 0 "$ICCSPROF" campaign --out "$work/def" --defer 'fix-sig/A-128/*' \
    --skip-deferred --run-flags "$quick" "$work/list"
expect_grep "deferred: counted" "^campaign: 9 jobs: 6 passed, 0 failed, 0 skipped, 3 deferred$" "$work/out"
expect_status "deferred run last" 0 "$ICCSPROF" campaign --out "$work/def" --defer 'fix-sig/A-128/*' \
    --run-flags "$quick" "$work/list"
[ "$(grep 'passed on cpu' "$work/out" | sed 's/.*] \([^:]*\):.*/\1/' | tr '\n' ,)" = \
    "fix-sig A-128 keygen,fix-sig A-128 sign,fix-sig A-128 verify," ] &&
    pass "deferred: run when no longer skipped" || fail "deferred: run when no longer skipped" "$(cat "$work/out")"

# --- the progress: a line rewritten in place on a terminal, whole lines otherwise ---
if grep -q "jobs done\|$(printf '\r')" "$work/out"; then
    fail "off a terminal: no line rewritten in place" "$(grep "jobs done" "$work/out" | head -n 2)"
else
    pass "off a terminal: no line rewritten in place"
fi
esc=$(printf '\033')
if command -v script >/dev/null 2>&1; then
    TERM=xterm script -qec "\"$ICCSPROF\" campaign --out \"$work/ttyout\" --run-flags \"$quick\" \"$work/built/fix-kem\"" \
        /dev/null >"$work/tty" 2>&1
    tr '\r' '\n' <"$work/tty" | sed "s/$esc\\[K//g" >"$work/tty-lines"
    expect_grep "on a terminal: the jobs done, running, elapsed and left" \
        "^campaign: [12]/3 jobs done, 1 running · elapsed 0:[0-9]*, about 0:[0-9]* left$" "$work/tty-lines"
    if grep -q "^campaign: [0-2]/3 jobs done, 0 running" "$work/tty-lines"; then
        fail "on a terminal: never 0 running while jobs are left" "$(grep " 0 running" "$work/tty-lines")"
    else
        pass "on a terminal: never 0 running while jobs are left"
    fi
    expect_grep "on a terminal: the line is erased in place" "$esc\\[K" "$work/tty"
    expect_grep "on a terminal: each job's whole line as well" \
        "^campaign: \[3/3\] fix-kem B-1 [a-z]*: passed on cpu [0-9]* ([0-9.]* s · elapsed 0:[0-9]*, about 0:00 left)$" "$work/tty-lines"
else
    echo "# script(1) is not installed: the terminal's progress was not checked"
fi

# --- errors ---
expect_status "error: no output folder" 2 "$ICCSPROF" campaign "$work/built"
expect_status "error: more jobs than cores" 2 "$ICCSPROF" campaign --out "$work/x" -j 3 --cpus 0-1 "$work/built"
expect_grep "error: more jobs than cores, named" "^iccsprof campaign: -j 3: only 2 cores to pin to (one measurement per core)$" "$work/err"
mkdir -p "$work/empty/p"
expect_status "error: nothing built" 2 "$ICCSPROF" campaign --out "$work/x" "$work/empty"
expect_grep "error: nothing built, named" "^iccsprof campaign: $work/empty: neither a scheme package (no Reference_Implementation folder or the like, no scheme.conf) nor a built scheme, nor a folder of them$" "$work/err"

# --- what if: --substitute reaches every job, checked before anything ---
expect_status "substitute: every job's run" 0 "$ICCSPROF" campaign --out "$work/sub" -j2 \
    --substitute sm3hash=sm3 --run-flags "$quick" "$work/built/fix-sig"
py "substitute: every record substituted and working" '
import glob, json, sys
recs = sorted(glob.glob(sys.argv[1] + "/fix-sig/*.json"))
assert len(recs) == 6, recs
for path in recs:
    s = json.load(open(path))["substitution"]
    assert s["as"] == "sm3hash=sm3", (path, s["as"])
    assert [c["candidate"] for c in s["candidates"]] == ["sm3"], (path, s)
    assert s["works"]["passed"] is True, (path, s["works"])
' "$work/sub"
[ "$(grep -l -x -- '--substitute' "$work/sub/.campaign/fix-sig/"*.key | wc -l)" -eq 6 ] &&
    pass "substitute: in every job's key" || fail "substitute: in every job's key" "$(head -c 300 "$work/sub/.campaign/fix-sig/A-128__sign.key")"
expect_grep "substitute: the summary names the command" "^Made by .*\`iccsprof campaign --out $work/sub -j2 --substitute sm3hash=sm3 " "$work/sub/summary.md"
# a package's folder, given relative, reaches the jobs absolute
mkdir -p "$work/hashes/toy"
(cd "$work" && "$ICCSPROF" campaign --emit parallel --out "$work/subpar" \
    --substitute sm3hash=sm3,pseudoXOF=pkg:hashes/toy:toy-256 "$work/built/fix-sig") >"$work/out" 2>"$work/err"
[ "$(grep -c -- " --substitute sm3hash=sm3,pseudoXOF=pkg:$work/hashes/toy:toy-256 " "$work/out")" -eq 6 ] &&
    pass "substitute: package folder made absolute in every job" || fail "substitute: package folder made absolute in every job" "$(head -c 400 "$work/out") $(cat "$work/err")"
expect_status "substitute: a bad candidate refused" 2 "$ICCSPROF" campaign --out "$work/subbad" \
    --substitute sm3hash=blake3 "$work/built/fix-sig"
expect_grep "substitute: the bad candidate named" "^iccsprof campaign: --substitute: sm3hash=blake3: no candidate 'blake3' " "$work/err"
[ ! -e "$work/subbad" ] && pass "substitute: refused before the output folder is made" || fail "substitute: refused before the output folder is made" "$work/subbad exists"
expect_status "substitute: also in --run-flags refused" 2 "$ICCSPROF" campaign --out "$work/subbad" \
    --substitute sm3hash=sm3 --run-flags "--substitute=pseudohash=sha256" "$work/built/fix-sig"
expect_grep "substitute: twice, said" "^iccsprof campaign: --substitute is given twice: as an option and in --run-flags$" "$work/err"

# --- GNU parallel: the job file, pinned by job slot ---
if command -v parallel >/dev/null 2>&1; then
    expect_status "emit parallel" 0 "$ICCSPROF" campaign --emit parallel --out "$work/par" --run-flags "$quick" "$work/built/fix-sig"
    cp "$work/out" "$work/jobs"
    [ "$(wc -l <"$work/jobs")" -eq 6 ] && pass "emit parallel: a command a job" || fail "emit parallel: a command a job" "$(cat "$work/jobs")"
    expect_grep "emit parallel: a plain iccsprof run command" "^mkdir -p $work/par/fix-sig && $ICCSPROF run --plain " "$work/jobs"
    expect_status "parallel runs the job file" 0 parallel --will-cite -j2 --joblog "$work/joblog" -a "$work/jobs"
    py "parallel: every record, pinned to cores 0 and 1" '
import json, glob, sys
recs = [json.load(open(f)) for f in sorted(glob.glob(sys.argv[1] + "/fix-sig/*.json"))]
assert len(recs) == 6, len(recs)
assert {r["host"]["cpu"] for r in recs} <= {0, 1} and all(r["status"]["state"] == "complete" for r in recs), [r["host"]["cpu"] for r in recs]
' "$work/par"
    (cd "$work/par" && sha256sum fix-sig/*.json) >"$work/parsums"
    expect_status "parallel: the job file run again" 0 parallel --will-cite -j2 -a "$work/jobs"
    [ "$(grep -c '(up to date: kept as measured)$' "$work/out")" -eq 6 ] &&
        (cd "$work/par" && sha256sum -c --quiet "$work/parsums") >/dev/null 2>&1 &&
        pass "parallel: run again, every record kept, none measured again" ||
        fail "parallel: run again, every record kept, none measured again" "$(cat "$work/out")"
else
    echo "# GNU parallel is not installed (Debian package parallel): the job file is not run"
    fail "parallel runs the job file" "parallel not installed"
fi

# a control character in a path would break the job file's lines: GNU
# parallel reads a command a line, so a newline in --out or in a
# package's folder would start a command of its own
bad_out="$work/par
touch PWNED #"
expect_status "emit: a newline in --out refused" 2 "$ICCSPROF" campaign --emit parallel --out "$bad_out" "$work/built/fix-kem"
expect_grep "emit: a newline in --out named" "^iccsprof campaign: --out: '$work/par\\\\ntouch PWNED #' holds a control character: a job file has one command a line$" "$work/err"
[ ! -s "$work/out" ] && [ ! -e "$bad_out" ] && pass "emit: a newline in --out, nothing written" ||
    fail "emit: a newline in --out, nothing written" "$(cat "$work/out")"
mkdir -p "$work/nl
x"
cp -r "$work/built/fix-kem" "$work/nl
x/"
expect_status "emit: a newline in a package's folder refused" 2 "$ICCSPROF" campaign --emit slurm --out "$work/par" "$work/nl
x/fix-kem"
expect_grep "emit: a newline in a package's folder named" "^iccsprof campaign: --emit: '$work/nl\\\\nx/fix-kem/B-1/libB-1.so' holds a control character: a job file has one command a line$" "$work/err"
[ ! -s "$work/out" ] && pass "emit: a newline in a package's folder, nothing written" ||
    fail "emit: a newline in a package's folder, nothing written" "$(cat "$work/out")"

expect_status "emit parallel --pin N" 0 "$ICCSPROF" campaign --emit parallel --pin 3 --out "$work/par" "$work/built/fix-kem"
[ "$(grep -c ' --cpu 3$' "$work/out")" -eq 3 ] && pass "emit parallel --pin N: every job on core N" ||
    fail "emit parallel --pin N: every job on core N" "$(cat "$work/out")"
expect_status "emit parallel --pin: neither slot, none nor a core" 2 "$ICCSPROF" campaign --emit parallel --pin x \
    --out "$work/par" "$work/built/fix-kem"
expect_grep "emit parallel --pin: the error" "^iccsprof campaign: --pin: 'x' is neither slot, none nor a core$" "$work/err"

# --- Slurm: the array script checked, each task run as Slurm would ---
printf 'built/fix-kem\nbuilt/fix-sites\n' >"$work/list2"
expect_status "emit slurm" 0 "$ICCSPROF" campaign --emit slurm --out "$work/slurm" --run-flags "$quick" "$work/list2"
cp "$work/out" "$work/job.sh"
expect_status "slurm: bash -n" 0 bash -n "$work/job.sh"
expect_grep "slurm: an array of six tasks" "^#SBATCH --array=0-5$" "$work/job.sh"
ok=yes
for t in 0 1 2 3 4 5; do
    SLURM_ARRAY_TASK_ID=$t taskset -c 1 bash "$work/job.sh" >"$work/task$t" 2>&1 || ok="task $t: $(cat "$work/task$t")"
done
[ "$ok" = yes ] && pass "slurm: every task runs" || fail "slurm: every task runs" "$ok"
expect_status "slurm: a task that is not there" 2 env SLURM_ARRAY_TASK_ID=6 bash "$work/job.sh"
py "slurm: a record per task, pinned to the core the task was bound to" '
import json, glob, sys
recs = [json.load(open(f)) for f in sorted(glob.glob(sys.argv[1] + "/*/*.json"))]
assert len(recs) == 6 and all(r["host"]["cpu"] == 1 for r in recs), [r["host"]["cpu"] for r in recs]
' "$work/slurm"

# --- merge: two output folders into one; hosts kept, mixed hosts refused ---
expect_status "merge" 0 "$ICCSPROF" campaign merge --out "$work/merged" "$work/par" "$work/slurm"
expect_grep "merge: counted" "^campaign merge: 12 records from 2 folders in $work/merged$" "$work/out"
py "merge: each record as it was, with its log" '
import filecmp, glob, os, sys
m, a, b = sys.argv[1:4]
got = sorted(os.path.relpath(f, m) for f in glob.glob(m + "/*/*.json"))
src = {os.path.relpath(f, d): f for d in (a, b) for f in glob.glob(d + "/*/*.json")}
assert got == sorted(src) and len(got) == 12, got
assert all(filecmp.cmp(m + "/" + g, src[g], shallow=False) for g in got)
logs = [f for d in (a, b) for f in glob.glob(d + "/*/*.log")]
assert all(os.path.exists(m + "/" + os.path.relpath(f, os.path.dirname(os.path.dirname(f)))) for f in logs)
' "$work/merged" "$work/par" "$work/slurm"
expect_status "merge: the summary of the merged folder" 0 "$ICCSPROF" campaign report "$work/merged"
[ "$(grep -c '^## ' "$work/out")" -eq 3 ] && pass "merge: three schemes in the summary" || fail "merge: three schemes in the summary" "$(cat "$work/out")"
mkdir -p "$work/other/fix-pq"
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
r["host"]["cpu_model"] = "Other CPU"
r["scheme"]["id"] = "fix-pq"
json.dump(r, open(sys.argv[2], "w"))
' "$work/slurm/fix-kem/B-1__keygen.json" "$work/other/fix-pq/B-1__keygen.json"
expect_status "merge: mixed hosts refused" 1 "$ICCSPROF" campaign merge --out "$work/mixed" "$work/par" "$work/other"
expect_grep "merge: mixed hosts named" "^iccsprof campaign: merge: records of 2 hosts (give --allow-mixed-hosts to merge them): .*(6 records); Other CPU, .*(1 records)$" "$work/err"
[ ! -e "$work/mixed/fix-sig" ] && pass "merge: nothing merged when refused" || fail "merge: nothing merged when refused" "$(ls "$work/mixed")"
expect_status "merge: mixed hosts when asked" 0 "$ICCSPROF" campaign merge --allow-mixed-hosts --out "$work/mixed" "$work/par" "$work/other"
py "merge: each record keeps its host" '
import json, sys
assert json.load(open(sys.argv[1] + "/fix-pq/B-1__keygen.json"))["host"]["cpu_model"] == "Other CPU"
' "$work/mixed"
expect_status "merge: one job from two folders refused" 2 "$ICCSPROF" campaign merge --out "$work/dup" "$work/par" "$work/camp"
expect_grep "merge: the duplicate named" "another record of fix-sig A-128 keygen is already in $work/dup/fix-sig/A-128__keygen.json" "$work/err"
finish
