#!/bin/sh
# schemes-run.sh - make profile up to the driver, with a stand-in for
# iccsprof that records how `run` is called: the arguments each built
# instance gets (OPS, TRIALS, TARGET_SECONDS, SAMPLE, CALLERS, CPU, PROCESSES, RUN_FLAGS), instances
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
    # a run that goes on until the test lets it end
    if [ -n "\${STUB_HOLD:-}" ]; then
        : >"$work/hold.started"
        i=0
        while [ ! -e "$work/hold.release" ] && [ \$i -lt 600 ]; do sleep 0.1; i=\$((i + 1)); done
    fi
    # a record made now, or one an earlier run made and this one kept
    made=\$(date -u +%Y-%m-%dT%H:%M:%SZ)
    [ "\$inst" != "\${STUB_KEPT:-}" ] || made=2000-01-01T00:00:00Z
    printf '{"created": "%s"}\n' "\$made" >"\$dir/\${inst}__stub.json"
    echo "\$inst" >>"$work/run.order"
    [ "\$inst" != "\${STUB_FAIL:-}" ] || exit 1
    ;;
report)
    # the real report of real records, when a test asks for it
    [ -z "\${STUB_REPORT:-}" ] || exec "$ICCSPROF" report "\$STUB_REPORT"
    echo "REPORT \$2"
    ;;
*) exec "$ICCSPROF" "\$@" ;;
esac
EOF
chmod +x "$stub"

pkg=$PKGS/two
B=$work/build/t-run
expect_make "a failed build fails make profile" 2 profile SCHEME=t-run SCHEME_DIR="$pkg" ICCSPROF="$stub" \
    PROFILE_DIR="$work/prof" OPS=sign,verify TRIALS=3 TARGET_SECONDS=0.5 SAMPLE=auto CALLERS=2 \
    CPU=1 PROCESSES=3 RUN_FLAGS="--max-seconds 9 --seed 00ff"
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
--timing-processes
3
--profile-processes
3
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
expect_grep "progress: profiling" "^iccsprof profile: Good: profiling (--op sign,verify)\$" "$work/err"
expect_grep "progress: done with the time" "^iccsprof profile: Good: profiled in [0-9.]* s\$" "$work/err"
expect_grep "summary counts" "^iccsprof profile: 1 of 2 instances of t-run profiled into $work/prof\$" "$work/err"
expect_grep "summary names the build failure" "^iccsprof profile: failed: Broken: build failed (compilation failed under" "$work/err"
expect_grep "the report of this run's records ends it, on stdout" "^REPORT $work/prof/Good__stub.json\$" "$work/out"

rm -f "$work"/run.*
: >"$work/prof/Old__keygen.json"
touch -d '2000-01-01' "$work/prof/Old__keygen.json"
expect_make "defaults" 0 profile SCHEME=t-run SCHEME_DIR="$pkg" INSTANCES=Good ICCSPROF="$stub" PROFILE_DIR="$work/prof"
expect_grep "older records are named apart" "^iccsprof profile: older records in $work/prof, not in this report: Old__keygen.json\$" "$work/err"
expect_grep "the report covers this run's records" "^REPORT $work/prof/Good__stub.json\$" "$work/out"
printf '%s\n' --plain "$B/Good/libGood.so" --profiled "$B/Good/libGood.prof.so" --op all --out-dir "$work/prof" \
    --scheme t-run --instance Good --build-info "$B/Good/build.json" --max-seconds 10 \
    --target-seconds 2 --resume --within 1/1:T0:0:0.000 >"$work/want"
sed '/^--within$/{n;s/:[0-9.]*:/:T0:/;}' "$work/run.Good" >"$work/got"
expect_same "by default --op all, resuming, and nothing else" "$work/want" "$work/got"

# EXPORT_JSON=- (--export-json -): the export is stdout, alone, and no
# file named - is written.
expect_make "EXPORT_JSON=-" 0 profile SCHEME=t-run SCHEME_DIR="$pkg" INSTANCES=Good ICCSPROF="$stub" \
    PROFILE_DIR="$work/prof" EXPORT_JSON=-
echo "REPORT --format" >"$work/want"
expect_same "EXPORT_JSON=-: stdout holds the JSON report alone" "$work/want" "$work/out"
[ ! -e "$top_builddir/-" ] && pass "EXPORT_JSON=-: no file named -" || fail "EXPORT_JSON=-: no file named -" "$top_builddir/- exists"

# A report that cannot be written (stdout on a full disk) is an I/O error:
# exit 2, and the one line that says why.
if [ -w /dev/full ]; then
    STUB_REPORT=$top_srcdir/tests/report/page-sign-wots/input ICCSPROF_DRIVER=$stub expect_status \
        "profile > /dev/full exits 2" 2 sh -c '"$1" profile -q "$2" --scheme t-run --instances Good \
            --builddir "$3" --profile-dir "$4" >/dev/full' sh "$ICCSPROF" "$pkg" "$work/build" "$work/prof"
    echo "iccsprof report: standard output: No space left on device" >"$work/want"
    expect_same "profile > /dev/full says why in one line" "$work/want" "$work/err"
else
    echo "# /dev/full is not writable here: the write error check is skipped"
fi

# A second profile into a build or profile folder in use is refused at
# once, naming the process that uses it, rather than measuring beside it.
rm -f "$work"/hold.* "$work"/run.*
STUB_HOLD=1 ICCSPROF_DRIVER=$stub "$ICCSPROF" profile -q "$pkg" --scheme t-run --instances Good \
    --builddir "$work/build" --profile-dir "$work/busy" >/dev/null 2>"$work/first.err" &
first=$!
i=0
while [ ! -e "$work/hold.started" ] && [ $i -lt 1200 ]; do sleep 0.1; i=$((i + 1)); done
holder=$(cat "$work/busy/.lock" 2>/dev/null)
expect_status "a second profile into a folder in use exits 2" 2 env ICCSPROF_DRIVER="$stub" "$ICCSPROF" \
    profile "$pkg" --scheme t-run --instances Good --builddir "$work/build" --profile-dir "$work/busy"
expect_grep "and names the build folder and its process" "^iccsprof profile: $B: another iccsprof is building or measuring there (process $holder): two at once would time each other; wait for it to end, or give another --builddir\$" "$work/err"
expect_status "a second profile into a profile folder in use exits 2" 2 env ICCSPROF_DRIVER="$stub" \
    "$ICCSPROF" profile "$pkg" --scheme t-run --instances Good --builddir "$work/build2" \
    --profile-dir "$work/busy"
expect_grep "and names the profile folder and its process" "^iccsprof profile: $work/busy: another iccsprof is building or measuring there (process $holder): two at once would time each other; wait for it to end, or give another --profile-dir\$" "$work/err"
[ ! -e "$work/run.order" ] || [ "$(grep -c . "$work/run.order")" -eq 0 ] && pass "the refused ones measured nothing" ||
    fail "the refused ones measured nothing" "$(cat "$work/run.order")"
: >"$work/hold.release"
wait "$first"
rc=$?
[ "$rc" -eq 0 ] && pass "the first profile ends as it would alone" || fail "the first profile ends as it would alone" "exit $rc: $(head -c 300 "$work/first.err")"

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
expect_grep "summary names the run failure" "^iccsprof profile: failed: Broken: an operation failed (its record in $work/prof2 says why)\$" "$work/err"
expect_grep "summary counts" "^iccsprof profile: 1 of 2 instances of t-run2 profiled into $work/prof2\$" "$work/err"

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
