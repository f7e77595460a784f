#!/bin/sh
# analyze.sh - what an instance's compiled objects say, read with nm:
#  - programs: a file whose object defines main (a KAT driver, a test, a
#    benchmark) stays out of the library, whatever its name;
#  - duplicates: an external symbol two library objects both define (two
#    alternative files for one module) stops the instance, with the
#    scheme.conf line that excludes one of them;
#  - the DRNG global: drng_algorithm defined by a library object (package),
#    only used (supplied: the build links a definition of its own), or
#    neither;
#  - the helpers the library defines (each is wrapped in the profiled
#    build) and those it calls that nothing defines (an error: the package
#    lacks drng.c or auxfunc.c);
#  - the API: sig_keygen, kem_keygen or kex_init_a must be defined.
# Writes into B/MODE: findings ("key<TAB>value" lines, also on error, for
# `make profile-plan`), and only when the instance can link: analysis.mk
# (for instance.mk), build.info (for build.json) and the stamp analysis.
# Problems go to B/MODE/analysis.errors, one line each, and stderr; the
# exit status is then 1.  Under the guide flags, duplicates that are all
# zero-filled globals leave B/guide/needs-common instead (instance.sh then
# falls back to the lenient flags, whose -fcommon merges them).
# Usage: analyze.sh B MODE   (environment: NM)
set -u
LC_ALL=C
export LC_ALL
B=$1
O=$B/$2
tab=$(printf '\t')

# plan KEY: the first field of the instance plan's KEY lines.
plan() {
    awk -F '\t' -v k="$1" '$1 == k { print $2 }' "$B/plan"
}

rm -f "$O/analysis" "$O/analysis.mk" "$O/build.info" "$O/analysis.errors"
objects=$(plan source | sed 's/\.c$/.o/')
# shellcheck disable=SC2086 # object names hold no blanks (plan.sh checks)
if ! (cd "$O/obj" && ${NM:-nm} -P -A $objects) >"$O/nm.out"; then
    echo "nm could not read the objects" | tee "$O/analysis.errors" >&2
    exit 1
fi

awk -v OFS='\t' -v helpers="pseudohash pseudoXOF sm3hash get_random_number init_random_number" '
    { f = $1; sub(/:$/, "", f); sub(/\.o$/, ".c", f); file[f] = 1 }
    $3 == "T" && $2 == "main" { program[f] = 1 }
    { n++; sf[n] = f; sn[n] = $2; st[n] = $3 }
    END {
        for (f in file) print (f in program ? "program" : "library"), f
        for (i = 1; i <= n; i++) {
            if (sf[i] in program) continue
            if (st[i] == "U") { uses[sn[i]] = uses[sn[i]] (uses[sn[i]] == "" ? "" : " ") sf[i]; continue }
            if (st[i] !~ /^[TDBRGSCVWiu]$/) continue
            defs[sn[i]] = defs[sn[i]] (defs[sn[i]] == "" ? "" : " ") sf[i]
            # Strong definitions clash; weak and common ones merge.  The
            # sanitizers add an __odr_asan.<name> beside each global.
            if (st[i] ~ /^[TDBRGS]$/ && sn[i] !~ /^__odr_asan/) strong[sn[i]] = strong[sn[i]] (strong[sn[i]] == "" ? "" : " ") sf[i]
            if (st[i] != "B") initialized[sn[i]] = 1
        }
        # A clash is reported between the first two definers in name order.
        for (s in strong)
            if ((m = split(strong[s], d, " ")) > 1) {
                for (a = 2; a <= m; a++)
                    for (b = a; b > 1 && d[b - 1] > d[b]; b--) { t = d[b]; d[b] = d[b - 1]; d[b - 1] = t }
                print "duplicate", d[1], d[2], s, (s in initialized ? "defined" : "bss")
            }
        if ("drng_algorithm" in defs) { split(defs["drng_algorithm"], d, " "); print "drng_global", "package", d[1] }
        else if ("drng_algorithm" in uses) print "drng_global", "supplied"
        else print "drng_global", "none"
        k = split(helpers, h, " ")
        for (i = 1; i <= k; i++) {
            if (h[i] in defs) { if (i < 5) print "wrap", h[i] }
            else if (h[i] in uses) print "missing", h[i], uses[h[i]]
        }
        if ("sig_keygen" in defs) { split(defs["sig_keygen"], d, " "); print "type", "sig", d[1] }
        if ("kem_keygen" in defs) { split(defs["kem_keygen"], d, " "); print "type", "kem", d[1] }
        if ("kex_init_a" in defs) { split(defs["kex_init_a"], d, " "); print "type", "kex", d[1] }
    }' "$O/nm.out" | sort >"$O/findings"

# found KEY [FIELD]: the FIELDth field (default 2) of the findings' KEY lines.
found() {
    awk -F '\t' -v k="$1" -v f="${2:-2}" '$1 == k { print $f }' "$O/findings"
}

: >"$O/analysis.errors"
# error MESSAGE: record one problem of the instance.
error() {
    printf '%s\n' "$*" >>"$O/analysis.errors"
    printf 'profile: %s: %s\n' "$(plan instance)" "$*" >&2
}

api=$(found type 3 | head -n 1)
apidir=$(dirname "${api:-.}")
conf=$(plan scheme_conf)

# Only zero-filled globals clash, as when a header defines a global that
# many files include: -fcommon (in the lenient flags) merges them, so the
# guide build falls back instead of failing.
rm -f "$O/needs-common"
if [ "$2" = guide ] && grep -q "^duplicate$tab" "$O/findings" &&
    ! grep -q "^duplicate$tab.*${tab}defined\$" "$O/findings"; then
    awk -F '\t' '$1 == "duplicate" { printf "%s in %s and %s\n", $4, $2, $3; exit }' "$O/findings" >"$O/needs-common"
    error "zero-filled globals defined in several files ($(cat "$O/needs-common")) need -fcommon, which only the lenient flags give"
    exit 1
fi

# Two files define the same symbols: one error per pair of files.
awk -F '\t' '$1 == "duplicate" { print $2 "\t" $3 "\t" $4 }' "$O/findings" | sort |
    awk -F '\t' -v OFS='\t' '
        { key = $1 OFS $2; if (!(key in n)) order[++k] = key; n[key]++; if (n[key] <= 3) syms[key] = syms[key] (n[key] > 1 ? ", " : "") $3 }
        END { for (i = 1; i <= k; i++) print order[i], n[order[i]], syms[order[i]] }' |
    while IFS="$tab" read -r a b count syms; do
        # Keep the file beside the API source when exactly one of them is.
        if [ "$(dirname "$a")" = "$apidir" ] && [ "$(dirname "$b")" != "$apidir" ]; then
            drop=$b
        elif [ "$(dirname "$b")" = "$apidir" ] && [ "$(dirname "$a")" != "$apidir" ]; then
            drop=$a
        else
            drop=$b
        fi
        if [ "$count" -eq 1 ]; then what="symbol $syms"
        elif [ "$count" -le 3 ]; then what="symbols $syms"
        else what="symbols $syms and $((count - 3)) more"; fi
        error "duplicate $what in $a and $b; add the line \"exclude = $drop\" to $conf"
    done

found missing 2 | while read -r h; do
    users=$(awk -F '\t' -v h="$h" '$1 == "missing" && $2 == h { print $3 }' "$O/findings")
    case $h in
    get_random_number | init_random_number) from="drng.c" ;;
    *) from="auxfunc.c" ;;
    esac
    error "$h is called (by $users) but no source of the library defines it (no $from in the package?)"
done

drng=$(found drng_global)
if [ "$drng" = supplied ] && ! plan header | grep -q '\(^\|/\)drng\.h$'; then
    error "drng_algorithm is used but no source defines it, and there is no drng.h to define it with"
fi

types=$(found type | sort -u | tr '\n' ' ')
want=$(plan type)
entry() { case $1 in kex) echo kex_init_a ;; *) echo "$1_keygen" ;; esac; }
case $types in
'') error "no ICCS API: no library source defines sig_keygen, kem_keygen or kex_init_a" ;;
*' '*' '*) error "more than one ICCS API is defined ($(for t in $types; do entry "$t"; done | paste -sd ' ' | sed 's/ /, /g')); keep one API per instance" ;;
*) [ -z "$want" ] || [ "$types" = "$want " ] || error "scheme.conf says type = $want, but the library defines $(entry "${types% }")" ;;
esac

if [ -s "$O/analysis.errors" ]; then
    exit 1
fi
rm -f "$O/analysis.errors"

{
    printf '# What analyze.sh found in the objects of %s.\n' "$(plan instance)"
    printf 'LIB_SOURCES := %s\n' "$(found library | tr '\n' ' ')"
    printf 'WRAPS := %s\n' "$(found wrap | tr '\n' ' ')"
    printf 'DRNG_GLOBAL := %s\n' "$drng"
} >"$O/analysis.mk"

{
    printf 'scheme\t%s\n' "$(plan scheme)"
    printf 'algorithm\t%s\n' "$(plan algorithm)"
    printf 'instance\t%s\n' "$(plan instance)"
    printf 'implementation\t%s\n' "$(plan implementation)"
    printf 'source_dir\t%s\n' "$(plan folder)"
    cat "$O/cflags"
    [ "$drng" = none ] || printf 'drng_global\t%s\n' "$drng"
    found library | sed "s/^/source$tab/"
    {
        awk -F '\t' '$1 == "exclude" { print $2 "\t" $3 }' "$B/plan"
        found program | sed "s/\$/${tab}defines main/"
    } | sort | sed "s/^/excluded$tab/"
} >"$O/build.info"
touch "$O/analysis"
