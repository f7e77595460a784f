#!/bin/sh
# schemes-run.sh - make profile up to the driver, with a stand-in for
# iccsprof that records how `run` is called: the arguments each built
# instance gets (OPS, TRIALS, TARGET_SECONDS, SAMPLE, CALLERS, CPU, RUN_FLAGS), instances
# run one after the other, a failing build or run reported without
# stopping the others, the exit status, and the report at the end.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/schemes-lib.sh"

stub=$work/iccsprof
cat >"$stub" <<EOF
#!/bin/sh
# A stand-in for iccsprof run and report; the rest goes to the real tool.
case "\$1" in
run)
    shift
    inst=\$(printf '%s\n' "\$@" | sed -n '/^--instance\$/{n;p;}')
    dir=\$(printf '%s\n' "\$@" | sed -n '/^--out-dir\$/{n;p;}')
    printf '%s\n' "\$@" >"$work/run.\$inst"
    # a record made now, or one an earlier run made and this one kept
    made=\$(date -u +%Y-%m-%dT%H:%M:%SZ)
    [ "\$inst" != "\${STUB_KEPT:-}" ] || made=2000-01-01T00:00:00Z
    printf '{"created": "%s"}\n' "\$made" >"\$dir/\${inst}__stub.json"
    echo "\$inst" >>"$work/run.order"
    [ "\$inst" != "\${STUB_FAIL:-}" ] || exit 1
    ;;
report) echo "REPORT \$2" ;;
*) exec "$ICCSPROF" "\$@" ;;
esac
EOF
chmod +x "$stub"

pkg=$PKGS/two
B=$work/build/t-run
expect_make "a failed build fails make profile" 2 profile SCHEME=t-run SCHEME_DIR="$pkg" ICCSPROF="$stub" \
    PROFILE_DIR="$work/prof" OPS=sign,verify TRIALS=3 TARGET_SECONDS=0.5 SAMPLE=auto CALLERS=2 \
    CPU=1 RUN_FLAGS="--max-seconds 9 --seed 00ff"
# --max-seconds: each pass's share of 60 s (two operations of the one
# instance built), which the --run-flags given after it override
cat >"$work/want" <<EOF
--plain
$B/Good/libGood.so
--profiled
$B/Good/libGood.prof.so
--op
sign,verify
--out-dir
$work/prof
--scheme
t-run
--instance
Good
--build-info
$B/Good/build.json
--trials
3
--max-seconds
15
--target-seconds
0.5
--sample
auto
--callers=2
--cpu
1
--resume
--within
1/1:T0:0:0.000
--max-seconds
9
--seed
00ff
EOF
# --within carries the start of the measurements, which differs each run
sed '/^--within$/{n;s/:[0-9.]*:/:T0:/;}' "$work/run.Good" >"$work/got"
expect_same "the driver gets the built instance and the settings" "$work/want" "$work/got"
[ ! -e "$work/run.Broken" ] && pass "an instance that did not build is not run" || fail "an instance that did not build is not run" "it was"
expect_grep "progress: profiling" "^profile: Good: profiling (--op sign,verify)\$" "$work/err"
expect_grep "progress: done with the time" "^profile: Good: profiled in [0-9.]* s\$" "$work/err"
expect_grep "summary counts" "^profile: 1 of 2 instances of t-run profiled into $work/prof\$" "$work/err"
expect_grep "summary names the build failure" "^profile: failed: Broken: build failed (compilation failed under" "$work/err"
expect_grep "the report of this run's records ends it, on stdout" "^REPORT $work/prof/Good__stub.json\$" "$work/out"

rm -f "$work"/run.*
: >"$work/prof/Old__keygen.json"
touch -d '2000-01-01' "$work/prof/Old__keygen.json"
expect_make "defaults" 0 profile SCHEME=t-run SCHEME_DIR="$pkg" INSTANCES=Good ICCSPROF="$stub" PROFILE_DIR="$work/prof"
expect_grep "older records are named apart" "^profile: older records in $work/prof, not in this report: Old__keygen.json\$" "$work/err"
expect_grep "the report covers this run's records" "^REPORT $work/prof/Good__stub.json\$" "$work/out"
printf '%s\n' --plain "$B/Good/libGood.so" --profiled "$B/Good/libGood.prof.so" --op all --out-dir "$work/prof" \
    --scheme t-run --instance Good --build-info "$B/Good/build.json" --max-seconds 10 \
    --target-seconds 2 --resume --within 1/1:T0:0:0.000 >"$work/want"
sed '/^--within$/{n;s/:[0-9.]*:/:T0:/;}' "$work/run.Good" >"$work/got"
expect_same "by default --op all, resuming, and nothing else" "$work/want" "$work/got"

# A run failing does not stop the next instance; make fails at the end.
cp -RL "$PKGS/two" "$work/two" && chmod -R u+w "$work/two"
rm "$work/two/Two/Implementations/Reference_Implementation/Broken/extra.c"
rm -f "$work"/run.*
STUB_FAIL=Broken
export STUB_FAIL
expect_make "a failed run fails make profile" 2 profile SCHEME=t-run2 SCHEME_DIR="$work/two" ICCSPROF="$stub" PROFILE_DIR="$work/prof2" CALLERS=yes
printf '%s\n' Broken Good >"$work/want"
expect_same "both instances run, in turn" "$work/want" "$work/run.order"
# each run is told its place in the whole: the second instance, after the
# first's one record (the stand-in's), made since the measurements began
expect_grep "the first instance is 1 of 2, nothing measured before it" "^1/2:[0-9.]*:0:0\\.000\$" "$work/run.Broken"
expect_grep "the second is 2 of 2, after the first's record" "^2/2:[0-9.]*:1:[0-9.]*\$" "$work/run.Good"
t0a=$(sed -n '/^--within$/{n;s/^[0-9]*\/[0-9]*:\([0-9.]*\):.*/\1/p;}' "$work/run.Broken")
t0b=$(sed -n '/^--within$/{n;s/^[0-9]*\/[0-9]*:\([0-9.]*\):.*/\1/p;}' "$work/run.Good")
[ -n "$t0a" ] && [ "$t0a" = "$t0b" ] && pass "both count from the same start" ||
    fail "both count from the same start" "$t0a and $t0b"
expect_grep "CALLERS=yes gives --callers" "^--callers\$" "$work/run.Good"
expect_grep "summary names the run failure" "^profile: failed: Broken: an operation failed (its record in $work/prof2 says why)\$" "$work/err"
expect_grep "summary counts" "^profile: 1 of 2 instances of t-run2 profiled into $work/prof2\$" "$work/err"

# A record the run kept (made by an earlier run) is no measurement: the
# next instance's estimate does not count it as an operation measured.
rm -f "$work"/run.*
STUB_FAIL=
STUB_KEPT=Broken
export STUB_KEPT
expect_make "a run that kept its records" 0 profile SCHEME=t-run2 SCHEME_DIR="$work/two" \
    ICCSPROF="$stub" PROFILE_DIR="$work/prof3"
expect_grep "the second is 2 of 2, after no operation measured" "^2/2:[0-9.]*:0:[0-9.]*\$" \
    "$work/run.Good"
finish
