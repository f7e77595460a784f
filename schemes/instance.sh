#!/bin/sh
# instance.sh - build one planned instance: compile it under the guide
# flags, or under the lenient flags when the guide flags fail; check its
# objects (analyze.sh); then link the plain and profiled libraries and
# write build.json.  The compiler's and linker's output goes to the
# instance's build.log; the terminal gets one line.  The outcome is left in
# B/status (first line ok or failed, then the message lines), never in the
# exit status, so that one instance failing does not stop the others.
# Usage: instance.sh NAME STAGE
#   STAGE analysis: stop before linking (make profile-plan), print nothing
#   STAGE all:      build everything and print the outcome
# Environment (from build.mk): MAKE SCHEMES SCHEME SCHEME_BUILDDIR and the
# flags instance.mk reads.
set -u
LC_ALL=C
export LC_ALL
name=$1
stage=$2
B=$SCHEME_BUILDDIR/$SCHEME/$name
log=$B/build.log

# now: seconds since the epoch, with a fraction where date gives one.
now() {
    date +%s.%N 2>/dev/null | sed 's/\.N$//'
}
start=$(now)

# plan KEY: the first field of the instance plan's first KEY line.
plan() {
    awk -F '\t' -v k="$1" '$1 == k { print $2; exit }' "$B/plan"
}

# mk ARGS: run instance.mk with ARGS, its output into the log.
mk() {
    # shellcheck disable=SC2086 # MAKE may carry arguments
    $MAKE --no-print-directory -f "$SCHEMES/instance.mk" B="$B" "$@" >>"$log" 2>&1
}

# first_error LOG: the compiler's first error line in LOG, with the
# instance's own paths made relative.
first_error() {
    line=$(grep -m 1 -E '(error|Error)[: ]' "$1" | sed "s|$B/src/||g")
    printf '%s' "${line:-no error line in the log}"
}

# finish STATE MESSAGE: record the outcome, print it (stage all, or a
# failure), and leave with status 0.
finish() {
    secs=$(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')
    printf '%s\n%s\n' "$1" "$2" >"$B/status.new"
    if cmp -s "$B/status.new" "$B/status"; then rm -f "$B/status.new"; else mv -f "$B/status.new" "$B/status"; fi
    # A failed instance keeps no build.json: nothing may profile stale libraries.
    [ "$1" = ok ] || [ "$stage" = analysis ] || rm -f "$B/build.json"
    [ "$stage" = all ] || exit 0
    printf '%s\n' "$2" | sed "s/^/profile: $name: /; \$s/\$/ ($secs s)/"
    exit 0
}

mkdir -p "$B/guide/obj" "$B/lenient/obj" || exit 0
: >"$log"

# set_mode MODE: the flags the libraries are built with, in B/mode (which
# they depend on, so a change relinks).
set_mode() {
    mode=$1
    echo "$mode" >"$B/mode.new"
    if cmp -s "$B/mode.new" "$B/mode"; then rm -f "$B/mode.new"; else mv -f "$B/mode.new" "$B/mode"; fi
}

# The guide flags first, unless scheme.conf says otherwise; guide.result
# remembers their outcome until a source, a header or a flag changes, and
# guide/needs-common that the objects compiled but need -fcommon to link.
policy=$(plan lenient)
if [ "$policy" = yes ]; then
    set_mode lenient
else
    mk "$B/guide.result" || finish failed "could not run make for the guide flags; see $log"
    if [ "$(cat "$B/guide.result")" != ok ]; then
        [ "$policy" != no ] ||
            finish failed "compilation failed under the guide flags (lenient = no): $(first_error "$B/guide.log"); see $B/guide.log"
        set_mode lenient
    elif [ -f "$B/guide/needs-common" ] && [ "$policy" != no ]; then
        set_mode lenient
    else
        set_mode guide
    fi
fi

analysed=no
if mk MODE="$mode" analysis; then
    analysed=yes
elif [ "$mode" = guide ] && [ -f "$B/guide/needs-common" ] && [ "$policy" != no ]; then
    set_mode lenient
    mk MODE="$mode" analysis && analysed=yes
fi
if [ "$analysed" = no ]; then
    if [ -s "$B/$mode/analysis.errors" ]; then
        finish failed "$(cat "$B/$mode/analysis.errors")"
    elif [ "$mode" = lenient ] && [ "$policy" != yes ]; then
        finish failed "compilation failed under the guide and the lenient flags: $(first_error "$log"); see $log"
    else
        finish failed "compilation failed under the $mode flags: $(first_error "$log"); see $log"
    fi
fi
[ "$stage" = analysis ] && finish ok "planned"

if ! mk MODE="$mode" libs; then
    undefined=$(sed -n "s/.*undefined reference to \`\([^']*\)'.*/\1/p" "$log" | sort -u | tr '\n' ' ')
    if [ -n "$undefined" ]; then
        finish failed "link failed: undefined symbol ${undefined% }; see $log"
    fi
    finish failed "link failed: $(first_error "$log"); see $log"
fi
case $mode,$policy in
guide,*) finish ok "built with the guide flags" ;;
lenient,yes) finish ok "built with the lenient flags (lenient = yes)" ;;
*)
    if [ "$(cat "$B/guide.result")" = ok ]; then
        why="zero-filled globals defined in several files, $(cat "$B/guide/needs-common"), need -fcommon"
    else
        why="$(first_error "$B/guide.log"); see $B/guide.log"
    fi
    finish ok "built with the lenient flags: the guide flags failed ($why)"
    ;;
esac
