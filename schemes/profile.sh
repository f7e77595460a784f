#!/bin/sh
# profile.sh - after the instances are built: check each built instance
# with the KAT gate (`iccsprof kat`) and profile it with `iccsprof run`, one
# after the other (two at once would time each other), print a summary
# naming every instance that failed to build, its KAT or to run, then the
# report of the profile folder.  With --build-only it only summarizes the
# builds.  Exit 1 when any instance failed.
# Environment (from build.mk): SCHEME SCHEME_BUILDDIR PROFILE_DIR ICCSPROF
# OPS TRIALS TARGET_SECONDS SAMPLE CALLERS CPU RUN_FLAGS KAT KAT_TIMEOUT.
set -u
LC_ALL=C
export LC_ALL
SB=$SCHEME_BUILDDIR/$SCHEME
build_only=no
[ "${1:-}" = --build-only ] && build_only=yes

# now: seconds since the epoch, with a fraction where date gives one.
now() {
    date +%s.%N 2>/dev/null | sed 's/\.N$//'
}

# since T: seconds elapsed since T, one decimal.
since() {
    awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'
}

names=$(awk -F '\t' '$1 == "instance" { print $2 }' "$SB/plan")
total=0
built=
failures=
for name in $names; do
    total=$((total + 1))
    if [ "$(head -n 1 "$SB/$name/status" 2>/dev/null)" = ok ] && [ -f "$SB/$name/build.json" ]; then
        built="$built $name"
    else
        failures="$failures$name: build failed ($(sed -n 2p "$SB/$name/status" 2>/dev/null))
"
    fi
done

if [ "$build_only" = yes ]; then
    set -- $built
    echo "profile: built $# of $total instances of $SCHEME under $SB"
    printf '%s' "$failures" | sed 's/^/profile: failed: /'
    [ -z "$failures" ]
    exit $?
fi

profiled=0
mkdir -p "$PROFILE_DIR" || exit 1
for name in $built; do
    B=$SB/$name
    # KAT=off: no gate (and no result of an earlier one in the records);
    # check: the result marks the records; require: anything but a pass
    # stops the instance before timing
    rm -f "$B/kat.json"
    if [ "${KAT:-check}" != off ]; then
        echo "profile: $name: KAT gate (time-out ${KAT_TIMEOUT:-600} s)"
        "$ICCSPROF" kat --build-info "$B/build.json" --plain "$B/lib$name.so" \
            --profiled "$B/lib$name.prof.so" --timeout "${KAT_TIMEOUT:-600}"
        krc=$?
        if [ "$krc" -eq 2 ]; then
            failures="$failures$name: the KAT gate could not run (exit 2)
"
            continue
        fi
        if [ "${KAT:-check}" = require ] && ! grep -q '"result": "pass"' "$B/kat.json"; then
            failures="$failures$name: KAT=require and its KAT did not pass ($B/kat.json says why)
"
            continue
        fi
    fi
    set -- --plain "$B/lib$name.so" --profiled "$B/lib$name.prof.so" --op "${OPS:-all}" \
        --out-dir "$PROFILE_DIR" --scheme "$SCHEME" --instance "$name" --build-info "$B/build.json"
    [ -z "$TRIALS" ] || set -- "$@" --trials "$TRIALS"
    [ -z "$TARGET_SECONDS" ] || set -- "$@" --target-seconds "$TARGET_SECONDS"
    [ -z "$SAMPLE" ] || set -- "$@" --sample "$SAMPLE"
    case $CALLERS in
    '' | no | 0) ;;
    yes) set -- "$@" --callers ;;
    *) set -- "$@" --callers="$CALLERS" ;;
    esac
    [ -z "$CPU" ] || set -- "$@" --cpu "$CPU"
    # RUN_FLAGS: further driver options, split at blanks like a command line
    # shellcheck disable=SC2086
    [ -z "$RUN_FLAGS" ] || set -- "$@" $RUN_FLAGS
    start=$(now)
    echo "profile: $name: profiling (--op ${OPS:-all})"
    "$ICCSPROF" run "$@"
    rc=$?
    case $rc in
    0)
        profiled=$((profiled + 1))
        echo "profile: $name: profiled in $(since "$start") s"
        ;;
    1) failures="$failures$name: an operation failed (its record in $PROFILE_DIR says why)
" ;;
    *) failures="$failures$name: iccsprof run refused its input (exit $rc)
" ;;
    esac
done

echo "profile: $profiled of $total instances of $SCHEME profiled into $PROFILE_DIR"
printf '%s' "$failures" | sed 's/^/profile: failed: /'
# the report of whatever records there are (failed ones included)
if [ -n "$built" ] && ls "$PROFILE_DIR"/*.json >/dev/null 2>&1; then
    "$ICCSPROF" report "$PROFILE_DIR" || failures="${failures}the report of $PROFILE_DIR
"
fi
[ -z "$failures" ]
