#!/bin/sh
# plan.sh - the build plan of one scheme package: its instances and, for
# each, the sources, headers, include folders, exclusions and flags.  They
# come from scheme.conf where it says so and are autodetected otherwise;
# both paths end in the same plan:
#   $SB/plan                  the whole plan, "key<TAB>value" lines, a block
#                             per selected instance (read by show-plan.sh)
#   $SB/plan.mk               PLAN_INSTANCES, for build.mk
#   $SB/<instance>/plan       that instance's block (read by the scripts)
#   $SB/<instance>/plan.mk    its make variables (read by instance.mk)
#   $SB/<instance>/src        a symlink to the instance folder, so that make
#                             never sees the folder's own path
#   $SB/<instance>/folder     that folder's path, which the objects depend on
# Each file is replaced only when its content changes, so an unchanged
# package rebuilds nothing.  The package itself is only read.
#
# Environment (from build.mk): top_srcdir SCHEME SCHEME_DIR SCHEME_CONF IMPL
# INSTANCES SCHEME_CFLAGS SCHEME_BUILDDIR.  Exit 2 with one message line on
# any error a user can cause.
set -u
set -f
LC_ALL=C
export LC_ALL
tab=$(printf '\t')

# die MESSAGE: the one error line, then exit 2.
die() {
    printf 'profile: %s\n' "$*" >&2
    exit 2
}

# replace FILE: move FILE.new over FILE unless both hold the same bytes.
replace() {
    if cmp -s "$1.new" "$1"; then rm -f "$1.new"; else mv -f "$1.new" "$1"; fi
}

# check_lto WHERE FLAGS: refuse link-time optimization, which --wrap
# cannot see through (a helper call resolved inside the LTO unit is never
# wrapped, so the profile would silently miss it).
check_lto() {
    for f in $2; do
        case $f in
        -flto* | -fwhopr*)
            die "$1: $f is refused: the profiled build wraps the helpers at link time, and link-time optimization can resolve their calls where --wrap never sees them"
            ;;
        esac
    done
}

# list_files DIR PATTERN: files matching PATTERN under DIR, following
# symlinks and skipping hidden folders, as sorted paths relative to DIR.
list_files() {
    find -L "$1" -mindepth 1 -name '.*' -prune -o -type f -name "$2" -print 2>/dev/null |
        awk -v p="$1/" 'index($0, p) == 1 { print substr($0, length(p) + 1) }' | sort
}

# ---------------------------------------------------------------- inputs
case $SCHEME in
'' | .* | *[!A-Za-z0-9._+-]*)
    die "SCHEME='$SCHEME': an id is made of letters, digits and . _ + - and does not start with ."
    ;;
esac
check_lto SCHEME_CFLAGS "$SCHEME_CFLAGS"

if [ -n "$SCHEME_DIR" ]; then
    [ -d "$SCHEME_DIR" ] || die "SCHEME_DIR=$SCHEME_DIR: not a folder"
    pkg=$SCHEME_DIR
else
    pkg=$top_srcdir/schemes/$SCHEME
    if [ ! -d "$pkg" ]; then
        known=$(ls "$top_srcdir/schemes" | while read -r d; do
            [ -d "$top_srcdir/schemes/$d" ] && [ "$d" != iccs ] && printf ' %s' "$d"
        done)
        die "no scheme '$SCHEME': $pkg is not a folder (in the tree:${known:- none}; or give SCHEME_DIR=/path/to/package)"
    fi
fi
pkg=$(cd -P "$pkg" && pwd) || die "$pkg: cannot enter the folder"

case $IMPL in
reference) impl_names="Reference_Implementation Reference" ;;
optimized) impl_names="Optimized_Implementation Optimized" ;;
additional) impl_names="Additional_Implementation Additional" ;;
*) die "IMPL=$IMPL: expected reference, optimized or additional" ;;
esac

# The descriptor: SCHEME_CONF, else schemes/<id>/scheme.conf in the tree,
# else scheme.conf at the top of the package.
conf=
if [ -n "$SCHEME_CONF" ]; then
    [ -f "$SCHEME_CONF" ] && [ -r "$SCHEME_CONF" ] || die "SCHEME_CONF=$SCHEME_CONF: no such readable file"
    conf=$SCHEME_CONF
elif [ -f "$top_srcdir/schemes/$SCHEME/scheme.conf" ]; then
    conf=$top_srcdir/schemes/$SCHEME/scheme.conf
elif [ -f "$pkg/scheme.conf" ]; then
    conf=$pkg/scheme.conf
fi
if [ -n "$conf" ]; then
    conf=$(cd -P "$(dirname "$conf")" && pwd)/$(basename "$conf")
    conf_hint=$conf
else
    conf_hint=$(cd -P "$top_srcdir" && pwd)/schemes/$SCHEME/scheme.conf
fi

SB=$SCHEME_BUILDDIR/$SCHEME
mkdir -p "$SB" || die "$SB: cannot create the build folder"
tmp=$SB/.plan.$$
rm -rf "$tmp" && mkdir "$tmp" || die "$tmp: cannot create a work folder"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 2' HUP INT TERM

# ---------------------------------------------------------------- descriptor
# conf.tsv: LINE<TAB>KEY<TAB>INSTANCE-or-empty<TAB>VALUE, checked.
: >"$tmp/conf.tsv"
if [ -n "$conf" ]; then
    awk -v file="$conf" '
        function fail(msg) { printf "profile: %s:%d: %s\n", file, NR, msg > "/dev/stderr"; bad = 1; exit 2 }
        function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t\r]+$/, "", s); return s }
        BEGIN {
            split("algorithm type instance exclude cflags defines lenient", k, " ")
            for (i in k) known[k[i]] = 1
            split("exclude cflags defines lenient", k, " ")
            for (i in k) scoped[k[i]] = 1
        }
        /^[ \t]*(#|\r?$)/ { next }
        {
            eq = index($0, "=")
            if (eq == 0) fail("expected KEY = VALUE")
            # A # after a blank starts a comment.
            key = trim(substr($0, 1, eq - 1)); val = substr($0, eq + 1); inst = ""
            sub(/[ \t]#.*$/, "", val); val = trim(val)
            if (match(key, /\[[^]]*\]$/)) {
                inst = trim(substr(key, RSTART + 1, RLENGTH - 2)); key = trim(substr(key, 1, RSTART - 1))
                if (inst == "") fail("empty instance name in [" "]")
            }
            if (!(key in known)) fail("unknown key \"" key "\" (known: algorithm, type, instance, exclude, cflags, defines, lenient)")
            if (inst != "" && !(key in scoped)) fail(key " applies to the whole scheme and takes no [instance]")
            if (val == "") fail(key " needs a value")
            if ((key == "algorithm" || key == "type") && (key in seen)) fail(key " given twice")
            seen[key] = 1
            if (key == "type" && val != "sig" && val != "kem" && val != "kex") fail("type must be sig, kem or kex")
            if (key == "lenient" && val != "auto" && val != "yes" && val != "no") fail("lenient must be auto, yes or no")
            if (key == "instance" && val !~ /^[^ \t]+[ \t]+[^ \t]/) fail("instance needs a name and a folder")
            printf "%d\t%s\t%s\t%s\n", NR, key, inst, val
        }' "$conf" >"$tmp/conf.tsv" || exit 2
fi

# conf_values KEY: the values of the unscoped KEY lines.
conf_values() {
    awk -F '\t' -v k="$1" '$2 == k && $3 == "" { print $4 }' "$tmp/conf.tsv"
}

# (A tab is blank to read: empty fields are never read, only printed.)
awk -F '\t' '$2 == "cflags" { print $1 "\t" $4 }' "$tmp/conf.tsv" | while IFS="$tab" read -r n val; do
    check_lto "$conf:$n" "$val"
done || exit 2

# ---------------------------------------------------------------- instances
# found: NAME<TAB>FOLDER<TAB>HOW-NAMED, one line per instance.
: >"$tmp/found"
: >"$tmp/notes"
if grep -q "${tab}instance${tab}" "$tmp/conf.tsv"; then
    awk -F '\t' '$2 == "instance" { print $1 "\t" $4 }' "$tmp/conf.tsv" | while IFS="$tab" read -r n val; do
        name=${val%%[ $tab]*}
        dir=${val#"$name"}
        dir=${dir#"${dir%%[! $tab]*}"}
        case $dir in /*) ;; *) dir=$pkg/$dir ;; esac
        [ -d "$dir" ] || die "$conf:$n: instance $name: no folder $dir"
        dir=$(cd -P "$dir" && pwd)
        printf '%s\t%s\t%s\n' "$name" "$dir" "scheme.conf line $n" >>"$tmp/found"
    done || exit 2
else
    set -- $impl_names
    find -L "$pkg" -mindepth 1 -name '.*' -prune -o -type d \( -iname "$1" -o -iname "$2" \) -print -prune 2>/dev/null |
        sort >"$tmp/roots"
    if [ ! -s "$tmp/roots" ]; then
        die "$pkg: no folder named $1 or $2 (IMPL=$IMPL); name the instances with instance lines in scheme.conf"
    fi
    while read -r root; do
        if [ -n "$(find -L "$root" -mindepth 1 -maxdepth 1 -type f -name '*.c' 2>/dev/null | head -n 1)" ]; then
            echo "$root"
        else
            find -L "$root" -mindepth 1 -maxdepth 1 -type d ! -name '.*' 2>/dev/null | sort | while read -r d; do
                if [ -n "$(list_files "$d" '*.c' | head -n 1)" ]; then
                    echo "$d"
                else
                    printf 'skipped %s: no .c file\n' "${d#"$pkg"/}" >>"$tmp/notes"
                fi
            done
        fi
    done <"$tmp/roots" >"$tmp/dirs"
    [ -s "$tmp/dirs" ] || die "$pkg: no instance folder with .c files under $(tr '\n' ' ' <"$tmp/roots")"
    while read -r d; do
        # The name: ALGORITHM_INSTANCE when the headers agree on one.
        list_files "$d" '*.h' | while read -r h; do
            sed -n 's/^[[:space:]]*#[[:space:]]*define[[:space:]][[:space:]]*ALGORITHM_INSTANCE[[:space:]][[:space:]]*"\([^"]*\)".*/\1/p' "$d/$h" |
                sed "s|^|$h$tab|"
        done >"$tmp/ai"
        values=$(cut -f 2 "$tmp/ai" | sort -u | wc -l)
        real=$(cd -P "$d" && pwd)
        if [ "$values" -eq 1 ]; then
            printf '%s\t%s\tALGORITHM_INSTANCE in %s\n' "$(head -n 1 "$tmp/ai" | cut -f 2)" "$real" "$(head -n 1 "$tmp/ai" | cut -f 1)"
        elif [ "$values" -gt 1 ]; then
            printf '%s\t%s\tthe folder name (the headers define several ALGORITHM_INSTANCE values: %s)\n' \
                "$(basename "$d")" "$real" "$(cut -f 2 "$tmp/ai" | sort -u | tr '\n' ' ' | sed 's/ $//')"
        else
            printf '%s\t%s\tthe folder name\n' "$(basename "$d")" "$real"
        fi
    done <"$tmp/dirs" >"$tmp/found"
fi

# Names become file names: keep letters, digits and . _ + -.
awk -F '\t' -v OFS='\t' '{
    n = $1; gsub(/[^A-Za-z0-9._+-]/, "_", n); sub(/^\./, "_", n)
    if (n != $1) $3 = $3 ", made a file name from \"" $1 "\""
    $1 = n; print }' "$tmp/found" >"$tmp/found.1" && mv "$tmp/found.1" "$tmp/found"
dup=$(cut -f 1 "$tmp/found" | sort | uniq -d | head -n 1)
if [ -n "$dup" ]; then
    die "two instances are named $dup: $(awk -F '\t' -v n="$dup" '$1 == n { printf "%s%s", s, $2; s = " and " }' "$tmp/found"); name them apart with instance lines in scheme.conf"
fi
known_names=$(cut -f 1 "$tmp/found" | tr '\n' ',' | sed 's/,$//; s/,/, /g')

# Scoped descriptor lines must name a known instance.
awk -F '\t' '$3 != "" { print $1 "\t" $3 }' "$tmp/conf.tsv" | while IFS="$tab" read -r n inst; do
    cut -f 1 "$tmp/found" | grep -qxF "$inst" || die "$conf:$n: no instance named $inst (known: $known_names)"
done || exit 2

# ---------------------------------------------------------------- selection
selected=$(cut -f 1 "$tmp/found")
if [ -n "$INSTANCES" ]; then
    selected=
    for want in $(echo "$INSTANCES" | tr ',' ' '); do
        cut -f 1 "$tmp/found" | grep -qxF "$want" || die "INSTANCES: no instance named $want (known: $known_names)"
        case " $selected " in *" $want "*) ;; *) selected="$selected $want" ;; esac
    done
fi

# ---------------------------------------------------------------- per instance
# Sources, headers and excludes of every instance (selected or not, so
# that an exclude line matching nothing anywhere is caught).
: >"$tmp/used"
while IFS="$tab" read -r name dir how; do
    list_files "$dir" '*.c' >"$tmp/$name.c"
    list_files "$dir" '*.h' >"$tmp/$name.h"
    : >"$tmp/$name.x"
    awk -F '\t' -v i="$name" '$2 == "exclude" && ($3 == "" || $3 == i) { print $1 "\t" $4 }' "$tmp/conf.tsv" |
        while IFS="$tab" read -r n pat; do
            while read -r src; do
                # shellcheck disable=SC2254 # the value is a pattern
                case $src in
                $pat)
                    grep -qxF "$src" "$tmp/$name.x.files" 2>/dev/null ||
                        printf '%s\tscheme.conf line %s: exclude = %s\n' "$src" "$n" "$pat" >>"$tmp/$name.x"
                    echo "$src" >>"$tmp/$name.x.files"
                    echo "$n" >>"$tmp/used"
                    ;;
                esac
            done <"$tmp/$name.c"
        done
    if [ -s "$tmp/$name.x" ]; then
        cut -f 1 "$tmp/$name.x" | grep -vxF -f - "$tmp/$name.c" >"$tmp/$name.c.1"
        mv "$tmp/$name.c.1" "$tmp/$name.c"
    fi
done <"$tmp/found"
awk -F '\t' '$2 == "exclude" { print $1 "\t" $4 }' "$tmp/conf.tsv" | while IFS="$tab" read -r n pat; do
    grep -qxF "$n" "$tmp/used" || die "$conf:$n: exclude = $pat matches no source of any instance"
done || exit 2

# algorithm_of FOLDER: the descriptor's algorithm, else the folder above
# the first Implementations level, else the id; with where it came from.
algorithm_of() {
    a=$(conf_values algorithm)
    if [ -n "$a" ]; then
        printf '%s\tscheme.conf\n' "$a"
        return
    fi
    printf '%s\n' "${1#"$pkg"}" | awk -F / -v top="$(basename "$pkg")" -v id="$SCHEME" '{
        for (i = 2; i <= NF; i++)
            if (tolower($i) == "implementations") {
                print (i > 2 ? $(i - 1) : top) "\tthe folder above Implementations"; exit }
        print id "\tthe scheme id" }'
}

# makevar VALUE: VALUE safe on the right of a make := assignment.
makevar() {
    printf '%s' "$1" | sed 's/\$/$$/g; s/#/\\#/g'
}

{
    printf 'scheme\t%s\n' "$SCHEME"
    printf 'package\t%s\n' "$pkg"
    printf 'descriptor\t%s\n' "$conf"
    printf 'implementation\t%s\n' "$IMPL"
    sed "s/^/note$tab/" "$tmp/notes"
    for name in $(cut -f 1 "$tmp/found"); do
        case " $(echo $selected) " in
        *" $name "*) ;;
        *) printf 'note\tnot selected by INSTANCES: %s\n' "$name" ;;
        esac
    done
} >"$tmp/plan"

for name in $selected; do
    line=$(awk -F '\t' -v n="$name" '$1 == n' "$tmp/found")
    dir=$(printf '%s\n' "$line" | cut -f 2)
    how=$(printf '%s\n' "$line" | cut -f 3)
    B=$SB/$name
    mkdir -p "$B" || die "$B: cannot create the build folder"
    # make cannot name files with blanks or its own special characters.
    bad=$(cat "$tmp/$name.c" "$tmp/$name.h" | grep -m 1 "[[:space:]:#\$%\\\\'\"*?[]")
    [ -z "$bad" ] || die "instance $name: the file name '$bad' cannot be built by make (blanks or one of : # \$ % \\ ' \" * ? [); exclude it in scheme.conf if the library does not need it"
    cflags=$(awk -F '\t' -v i="$name" '
        $2 == "cflags" && ($3 == "" || $3 == i) { s = s (s == "" ? "" : " ") $4 }
        $2 == "defines" && ($3 == "" || $3 == i) {
            n = split($4, d, /[ \t]+/)
            for (j = 1; j <= n; j++) s = s (s == "" ? "" : " ") "-D" d[j] }
        END { print s }' "$tmp/conf.tsv")
    lenient=$(awk -F '\t' -v i="$name" '
        $2 == "lenient" && $3 == "" && !scoped { v = $4 }
        $2 == "lenient" && $3 == i { v = $4; scoped = 1 }
        END { print (v == "" ? "auto" : v) }' "$tmp/conf.tsv")
    alg=$(algorithm_of "$dir")
    {
        printf 'instance\t%s\n' "$name"
        printf 'scheme\t%s\n' "$SCHEME"
        printf 'folder\t%s\n' "$dir"
        printf 'named\t%s\n' "$how"
        printf 'algorithm\t%s\n' "$alg"
        printf 'implementation\t%s\n' "$IMPL"
        printf 'type\t%s\n' "$(conf_values type)"
        printf 'scheme_conf\t%s\n' "$conf_hint"
        sed "s/^/source$tab/" "$tmp/$name.c"
        sed "s/^/exclude$tab/" "$tmp/$name.x"
        sed "s/^/header$tab/" "$tmp/$name.h"
        # Every folder with headers, the instance folder first.
        awk '{ print (match($0, /\/[^\/]*$/) ? "1\t" substr($0, 1, RSTART - 1) : "0\t.") }' "$tmp/$name.h" |
            sort -u | cut -f 2 | sed "s/^/include$tab/"
        printf 'cflags\t%s\n' "$cflags"
        printf 'lenient\t%s\n' "$lenient"
        printf 'build\t%s\n' "$B"
        printf 'end\n'
    } >"$B/plan.new"
    [ -s "$tmp/$name.c" ] || die "instance $name: no source left to compile in $dir"
    replace "$B/plan"
    cat "$B/plan" >>"$tmp/plan"
    {
        printf '# The plan of instance %s, written by plan.sh.\n' "$name"
        printf 'I_NAME := %s\n' "$name"
        printf 'I_SOURCES := %s\n' "$(tr '\n' ' ' <"$tmp/$name.c")"
        printf 'I_HEADERS := %s\n' "$(tr '\n' ' ' <"$tmp/$name.h")"
        printf 'I_INCDIRS := %s\n' "$(awk -F '\t' '$1 == "include" { printf "%s ", $2 }' "$B/plan")"
        printf 'I_CFLAGS := %s\n' "$(makevar "$cflags")"
    } >"$B/plan.mk.new"
    replace "$B/plan.mk"
    # Another folder under the same name rebuilds everything, whatever
    # the times of its files.
    printf '%s\n' "$dir" >"$B/folder.new" && replace "$B/folder"
    if [ "$(readlink "$B/src" 2>/dev/null)" != "$dir" ]; then
        rm -f "$B/src" && ln -s "$dir" "$B/src" || die "$B/src: cannot link to the instance folder"
    fi
done

cp "$tmp/plan" "$SB/plan.new" && replace "$SB/plan"
printf 'PLAN_INSTANCES := %s\n' "$(echo $selected)" >"$SB/plan.mk.new" && replace "$SB/plan.mk"
