#!/bin/sh
# campaign-build.sh - `iccsprof campaign` on scheme packages in the NGCC
# layout, built by the campaign itself: a folder of three packages with
# -j2, interrupted while both cores wait in a slow package's signing and
# resumed (no job redone, no record lost or duplicated, nothing rebuilt);
# a changed source redoing exactly its package's jobs; instances and
# packages that do not build listed in the tally and the summary; the job
# file of built packages; refusals before anything is built.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/schemes-lib.sh"

PYTHONPATH="$top_srcdir/tests${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONPATH

quick="--trials 2 --min-calls 3 --target-seconds 0.01 --profile-seconds 0.01 --max-seconds 30 --timeout 300 --precision off"

# package NAME [FIXTURE]: a copy of the fixture package (default NAME) at
# $work/pkgs/NAME, as a campaign finds it.
package() {
    cp -RL "$PKGS/${2:-$1}" "$work/pkgs/$1" && chmod -R u+w "$work/pkgs/$1"
}
mkdir -p "$work/pkgs" "$work/more"
package levelmake
package privdrng
package slow hold # signs only once $TOY_HOLD_FILE is gone
cp -RL "$PKGS/two" "$work/more/two" && cp -RL "$PKGS/nodrng" "$work/more/nodrng"
mkdir -p "$work/more/badconf" && printf 'flavour = sweet\n' >"$work/more/badconf/scheme.conf"

# records DIR: the record files under DIR, one a line, sorted.
records() { (cd "$1" && find . -name '*.json' ! -path './.campaign/*' | sort); }

# --- three packages, interrupted while both cores wait in the slow one ---
# (--kat off: the slow package's KAT driver would wait as well; the gate
# is tested below)
out=$work/camp
TOY_HOLD_FILE=$work/hold
export TOY_HOLD_FILE
: >"$TOY_HOLD_FILE"
"$ICCSPROF" campaign --out "$out" -j2 --kat off --run-flags "$quick" "$work/pkgs" >"$work/c1" 2>"$work/c1.err" &
cpid=$!
i=0
until [ "$(records "$out" 2>/dev/null | wc -l)" -ge 7 ] && [ -e "$out/.campaign/slow/Hold-1__sign.key" ] &&
    [ -e "$out/.campaign/slow/Hold-1__verify.key" ] || [ $i -ge 3000 ] || ! kill -0 $cpid 2>/dev/null; do
    sleep 0.1
    i=$((i + 1))
done
kill -INT $cpid
wait $cpid
rc=$?
[ $rc -eq 1 ] && pass "interrupted: exit 1" || fail "interrupted: exit 1" "exit $rc: $(cat "$work/c1" "$work/c1.err")"
for p in levelmake privdrng slow; do
    expect_grep "$p: built by the campaign" "^campaign: $p: built 1 of 1 instances under $out/.campaign/build/$p$" "$work/c1"
done
expect_grep "interrupted: said so, with how to resume" \
    "^campaign: 9 jobs: 7 passed, 0 failed, 0 skipped, 0 deferred; interrupted by SIGINT, 2 not run (run the same command again to resume)$" "$work/c1"
records "$out" >"$work/before"
printf '%s\n' ./levelmake/Lvl-128__keygen.json ./levelmake/Lvl-128__sign.json ./levelmake/Lvl-128__verify.json \
    ./privdrng/Pd-1__keygen.json ./privdrng/Pd-1__sign.json ./privdrng/Pd-1__verify.json \
    ./slow/Hold-1__keygen.json >"$work/want"
if cmp -s "$work/before" "$work/want"; then pass "interrupted: the finished jobs' records, no other"; else
    fail "interrupted: the finished jobs' records, no other" "$(cat "$work/before" "$work/c1" "$work/c1.err" "$out/.campaign/journal.tsv"; ls -la "$work"; head -c 1500 "$out/slow/Hold-1__verify.json" "$out/slow/Hold-1__verify.log" "$out/.campaign/slow/Hold-1__verify.out" 2>&1)"
fi
(cd "$out" && sha256sum $(cat "$work/before")) >"$work/sums"
find "$out/.campaign/build" -name '*.o' -exec stat -c '%n %Y' {} + | sort >"$work/objects"

# --- resumed: nothing rebuilt, the seven skipped, the two others run ---
rm -f "$TOY_HOLD_FILE"
expect_status "resumed" 0 "$ICCSPROF" campaign --out "$out" -j2 --kat off --run-flags "$quick" "$work/pkgs"
[ "$(grep -c ': skipped (record up to date)$' "$work/out")" -eq 7 ] && pass "resumed: seven skipped" ||
    fail "resumed: seven skipped" "$(cat "$work/out")"
expect_grep "resumed: the tally" "^campaign: 9 jobs: 2 passed, 0 failed, 7 skipped, 0 deferred$" "$work/out"
(cd "$out" && sha256sum -c --quiet "$work/sums") >/dev/null 2>&1 && pass "resumed: no finished job redone" ||
    fail "resumed: no finished job redone" "records changed"
find "$out/.campaign/build" -name '*.o' -exec stat -c '%n %Y' {} + | sort >"$work/objects2"
expect_same "resumed: no object recompiled" "$work/objects" "$work/objects2"
cp "$work/out" "$work/c2"
expect_py "resumed: every job once, its own record with exact calls, never two on one core" "$out" <<'EOS'
import collections, sys
from records import check, load, shapes
out = sys.argv[1]
jobs = [l.rstrip("\n").split("\t") for l in open(out + "/.campaign/journal.tsv")]
want = {(p, i, o) for p, i in (("levelmake", "Lvl-128"), ("privdrng", "Pd-1"), ("slow", "Hold-1"))
        for o in ("keygen", "sign", "verify")}
check(sorted((j[0], j[1], j[2]) for j in jobs) == sorted(want), str(jobs))
check(all(j[6] == "passed" for j in jobs), str(jobs))
cores = collections.defaultdict(list)
for j in jobs:
    cores[int(j[3])].append((float(j[4]), float(j[5])))
    r = load(f"{out}/{j[0]}/{j[1]}__{j[2]}.json")
    n, m = r["profile"]["calls"], 8 * (32 + r["inputs"]["message_bytes"])
    exact = {"keygen": {("get_random_number", 0, 128): n, ("pseudoXOF", 128, 256): n},
             "sign": {("sm3hash", m, 256): n}, "verify": {("sm3hash", m, 256): n}}[j[2]]
    check(n > 0 and shapes(r) == exact, f"{j}: {shapes(r)} for {n} operations")
    check(r["host"]["cpu"] == int(j[3]), f"{j}: pinned to {r['host']['cpu']}")
    check(r["scheme"]["id"] == j[0] and r["scheme"]["instance"] == j[1], str(r["scheme"]))
check(set(cores) == {0, 1}, str(cores))
for c, spans in cores.items():
    spans.sort()
    check(all(a[1] <= b[0] for a, b in zip(spans, spans[1:])), f"cpu {c}: {spans}")
EOS
expect_grep "summary: a section per package" "^## slow Hold$" "$work/c2"
[ "$(grep -c '^| `' "$work/c2")" -eq 9 ] && pass "summary: a row per record" || fail "summary: a row per record" "$(cat "$work/c2")"
if grep -q "Left out" "$work/c2"; then fail "summary: nothing left out" "$(cat "$work/c2")"; else pass "summary: nothing left out"; fi

# --- a changed source: its package rebuilt, exactly its jobs redone ---
printf 'int pd_unused(void);\nint pd_unused(void) { return 1; }\n' \
    >>"$work/pkgs/privdrng/Pd/Implementations/Reference_Implementation/Pd-1/rng.c"
expect_status "changed source" 0 "$ICCSPROF" campaign --out "$out" -j2 --kat off --run-flags "$quick" "$work/pkgs"
expect_grep "changed source: its three jobs redone" "^campaign: 9 jobs: 3 passed, 0 failed, 6 skipped, 0 deferred$" "$work/out"
[ "$(grep -c 'privdrng Pd-1 .*: passed on cpu' "$work/out")" -eq 3 ] && pass "changed source: the right three" ||
    fail "changed source: the right three" "$(cat "$work/out")"

# --- what does not build: an instance, and a package that cannot be planned ---
printf '# one that builds, two with an instance that does not, one with a bad descriptor\npkgs/levelmake\nmore/two\nmore/nodrng\nmore/badconf\n' >"$work/list"
expect_status "left out: exit 1" 1 "$ICCSPROF" campaign --out "$work/o2" --run-flags "$quick" "$work/list"
cp "$work/out" "$work/nb"
expect_grep "left out: the instance, and why" \
    "^campaign: left out: two Broken: compilation failed under the guide and the lenient flags: extra.c:6:15: error: " "$work/nb"
expect_grep "left out: an instance without drng.c" \
    "^campaign: left out: nodrng NoDrng-1: get_random_number is called (by sig.c) but no source of the library defines it (no drng.c in the package?)$" "$work/nb"
expect_grep "left out: a package that cannot be planned" \
    "^campaign: left out: $work/more/badconf: $work/more/badconf/scheme.conf:1: unknown key \"flavour\" " "$work/nb"
expect_grep "left out: the others measured" "^campaign: 6 jobs: 6 passed, 0 failed, 0 skipped, 0 deferred; 3 left out$" "$work/nb"
expect_grep "left out: in the summary" "^- two Broken: compilation failed" "$work/o2/summary.md"
expect_status "left out: campaign report" 0 "$ICCSPROF" campaign report "$work/o2"
expect_grep "left out: campaign report says so" "^## Left out$" "$work/out"

# --- the job file of built packages: paths to the campaign's builds ---
expect_status "emit parallel of packages" 0 "$ICCSPROF" campaign --emit parallel --out "$out" "$work/pkgs/levelmake"
[ "$(wc -l <"$work/out")" -eq 3 ] && [ "$(grep -c '^mkdir -p .* run --plain ' "$work/out")" -eq 3 ] &&
    pass "emit: a job per operation, nothing else on stdout" || fail "emit: a job per operation, nothing else on stdout" "$(cat "$work/out")"
expect_grep "emit: the build's progress on stderr" "^campaign: levelmake: built 1 of 1 instances under $out/.campaign/build/levelmake$" "$work/err"
expect_grep "emit: the campaign's build" "--plain $out/.campaign/build/levelmake/Lvl-128/libLvl-128.so " "$work/out"
expect_status "--builddir" 0 "$ICCSPROF" campaign --emit slurm --builddir "$work/bd" --out "$work/o3" "$work/pkgs/levelmake"
[ -f "$work/bd/levelmake/Lvl-128/libLvl-128.prof.so" ] && pass "--builddir: built there" || fail "--builddir: built there" "$(ls -R "$work/bd" | head)"
# a relative --builddir: the job file still names absolute paths, to be run from any folder
(cd "$work" && "$ICCSPROF" campaign --emit parallel --builddir bd --out o7 pkgs/levelmake >"$work/out" 2>"$work/err")
if [ "$(wc -l <"$work/out")" -eq 3 ] && ! grep -E -- "--(plain|profiled|build-info|out) [^/]" "$work/out" >/dev/null &&
    grep -q -- "--plain $work/bd/levelmake/Lvl-128/libLvl-128.so " "$work/out"; then
    pass "--builddir relative: absolute paths in the job file"
else
    fail "--builddir relative: absolute paths in the job file" "$(cat "$work/out" "$work/err")"
fi

expect_status "another host's campaign" 0 "$ICCSPROF" campaign --out "$work/o5" --run-flags "$quick" "$work/pkgs/slow"
expect_status "merge keeps what was left out" 0 "$ICCSPROF" campaign merge --out "$work/all" "$work/o5" "$work/o2"
expect_status "merge: the summary" 0 "$ICCSPROF" campaign report "$work/all"
sed -n '/^## Left out$/,$p' "$work/out" >"$work/left"
[ "$(grep -c '^- ' "$work/left")" -eq 3 ] && grep -q '^- two Broken: ' "$work/left" &&
    pass "merge: the three left out, in the summary" || fail "merge: the three left out, in the summary" "$(cat "$work/out")"

# --- the KAT gate: a pass, a failure, no responses; kept while the libraries stay ---
mkdir -p "$work/katpkgs"
for p in good bad; do
    cp -RL "$PKGS/levelmake" "$work/katpkgs/$p" && chmod -R u+w "$work/katpkgs/$p"
done
cp -RL "$PKGS/privdrng" "$work/katpkgs/none" && chmod -R u+w "$work/katpkgs/none"
# the toy KAT driver prints the verification's result: the response it must match
echo "verify: 0" >"$work/katpkgs/good/Lvl/Implementations/Reference_Implementation/Lvl-128/Lvl-128.rsp"
echo "verify: 1" >"$work/katpkgs/bad/Lvl/Implementations/Reference_Implementation/Lvl-128/Lvl-128.rsp"
expect_status "kat check" 0 "$ICCSPROF" campaign --out "$work/k1" -j2 --run-flags "$quick" "$work/katpkgs"
cp "$work/out" "$work/kat1"
expect_grep "kat check: a gate per package" "^campaign: good: KAT gate of 1 instances (time-out 600 s)$" "$work/kat1"
expect_grep "kat check: a pass" "^campaign: good Lvl-128: KAT pass$" "$work/kat1"
expect_grep "kat check: a failure" "^campaign: bad Lvl-128: KAT fail$" "$work/kat1"
expect_grep "kat check: no responses" "^campaign: none Pd-1: KAT not available$" "$work/kat1"
expect_grep "kat check: every instance measured" "^campaign: 9 jobs: 9 passed, 0 failed, 0 skipped, 0 deferred$" "$work/kat1"
expect_py "kat check: each record carries its instance's result" "$work/k1" <<'EOS'
import sys
from records import check, load
for scheme, inst, want in (("good", "Lvl-128", "pass"), ("bad", "Lvl-128", "fail"), ("none", "Pd-1", "not_available")):
    for op in ("keygen", "sign", "verify"):
        r = load(f"{sys.argv[1]}/{scheme}/{inst}__{op}.json")
        check(r["kat"]["result"] == want, f"{scheme} {op}: {r['kat']}")
EOS
expect_status "kat check again" 0 "$ICCSPROF" campaign --out "$work/k1" -j2 --run-flags "$quick" "$work/katpkgs"
expect_grep "kat check again: the result kept" "^campaign: good Lvl-128: KAT pass (kept: the libraries did not change)$" "$work/out"
expect_grep "kat check again: nothing redone" "^campaign: 9 jobs: 0 passed, 0 failed, 9 skipped, 0 deferred$" "$work/out"
"$ICCSPROF" campaign --kat require --emit parallel --out "$work/k1" --run-flags "$quick" "$work/katpkgs" >"$work/kjobs" 2>"$work/kerr"
rc=$?
[ $rc -eq 1 ] && pass "kat require: exit 1" || fail "kat require: exit 1" "exit $rc: $(cat "$work/kerr")"
expect_grep "kat require: the failure left out" \
    "^campaign: left out: bad Lvl-128: --kat require and its KAT did not pass ($work/k1/.campaign/build/bad/Lvl-128/kat.json says why)$" "$work/kerr"
expect_grep "kat require: counted per package" \
    "^campaign: none: built 1 of 1 instances under $work/k1/.campaign/build/none; 1 stopped by the KAT gate$" "$work/kerr"
if [ "$(wc -l <"$work/kjobs")" -eq 3 ] && [ "$(grep -c "^mkdir -p $work/k1/good && " "$work/kjobs")" -eq 3 ]; then
    pass "kat require: the job file, the passing instance's jobs alone"
else
    fail "kat require: the job file, the passing instance's jobs alone" "$(cat "$work/kjobs")"
fi
expect_status "kat off" 0 "$ICCSPROF" campaign --kat off --emit parallel --out "$work/k1" "$work/katpkgs/good"
[ ! -e "$work/k1/.campaign/build/good/Lvl-128/kat.json" ] && pass "kat off: no earlier result left to mark records" ||
    fail "kat off: no earlier result left to mark records" "kat.json still there"

# --- a folder among the packages that is none: left out, the others go on ---
mkdir -p "$work/pkgs/notes/drafts"
expect_status "a stray folder: left out" 1 "$ICCSPROF" campaign --kat off --emit parallel --out "$work/o6" "$work/pkgs"
expect_grep "a stray folder: named, and why" "^campaign: left out: $work/pkgs/notes: neither a scheme package (no Reference_Implementation folder or the like, no scheme.conf) nor a built scheme$" "$work/err"
[ "$(grep -c ' run --plain ' "$work/out")" -eq 9 ] && pass "a stray folder: the packages' jobs all listed" ||
    fail "a stray folder: the packages' jobs all listed" "$(cat "$work/out")"
rm -r "$work/pkgs/notes"

# --- interrupted while building: the compilers stop, nothing is measured ---
slow_compiler
ICCSPROF_CC="$work/slowcc" "$ICCSPROF" campaign --out "$work/o7" -j2 "$work/pkgs/levelmake" \
    >"$work/o7.out" 2>"$work/o7.err" &
cpid=$!
wait_compilers 2
kill -INT $cpid
wait $cpid
rc=$?
[ $rc -eq 1 ] && pass "interrupted while building: exit 1" || fail "interrupted while building: exit 1" "exit $rc: $(cat "$work/o7.err")"
expect_grep "interrupted while building: said so" "^iccsprof campaign: $work/pkgs/levelmake: interrupted while building$" "$work/o7.err"
compilers_stopped "interrupted while building: the compilers are stopped"
left=$(find "$work/o7" -name '*.o' -o -name '*.tmp*' -o -name '*.json' ! -name build.json | head -n 3)
[ -z "$left" ] && pass "interrupted while building: no object, record or temporary file" ||
    fail "interrupted while building: no object, record or temporary file" "$left"

# --- refused before anything is built ---
expect_status "bad --build-flags" 2 "$ICCSPROF" campaign --out "$work/o4" --build-flags "--impl fast" "$work/pkgs"
expect_grep "bad --build-flags: named" "^iccsprof campaign: --impl fast: expected reference, optimized or additional$" "$work/err"
expect_status "an operand in --build-flags" 2 "$ICCSPROF" campaign --out "$work/o4" --build-flags "extra" "$work/pkgs"
expect_grep "an operand in --build-flags: named" "^iccsprof campaign: --build-flags: 'extra' is not an option (packages are the campaign's operands)$" "$work/err"
mkdir -p "$work/nothing/notes"
expect_status "a folder with no package" 2 "$ICCSPROF" campaign --out "$work/o4" "$work/nothing"
expect_grep "a folder with no package: named" "^iccsprof campaign: $work/nothing: neither a scheme package (no Reference_Implementation folder or the like, no scheme.conf) nor a built scheme, nor a folder of them$" "$work/err"
if grep -q "building" "$work/out" || [ -e "$work/o4/.campaign/build" ]; then
    fail "refusals: nothing built" "$(cat "$work/out")"
else
    pass "refusals: nothing built"
fi

finish
