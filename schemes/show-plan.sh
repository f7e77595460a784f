#!/bin/sh
# show-plan.sh - print the plan of `make profile-plan` for a person: the
# package, then a block per instance with its folder, sources, excluded
# files and why, include folders, flags, and what the compiled objects
# said (programs left out, the DRNG global, the helpers to wrap, errors).
# Reads what plan.sh and the analysis stage of instance.sh left under
# $SCHEME_BUILDDIR/$SCHEME; exits 1 when an instance cannot build.
set -u
LC_ALL=C
export LC_ALL
SB=$SCHEME_BUILDDIR/$SCHEME

awk -F '\t' '
    $1 == "scheme" && !head { printf "scheme %s\n", $2; head = 1; next }
    $1 == "instance" { exit }
    $1 == "package" { printf "  package      %s\n", $2 }
    $1 == "descriptor" { printf "  descriptor   %s\n", ($2 == "" ? "none (autodetected)" : $2) }
    $1 == "implementation" { printf "  implementation %s\n", $2 }
    $1 == "note" { printf "  note         %s\n", $2 }' "$SB/plan"

status=0
for name in $(awk -F '\t' '$1 == "instance" { print $2 }' "$SB/plan"); do
    B=$SB/$name
    mode=$(cat "$B/mode" 2>/dev/null || echo guide)
    O=$B/$mode
    findings=$O/findings
    # Findings are current when the analysis ran to its end or its errors.
    if [ "$(head -n 1 "$B/status" 2>/dev/null)" != ok ] && [ ! -s "$O/analysis.errors" ]; then
        findings=/dev/null
    fi
    printf '\ninstance %s\n' "$name"
    awk -F '\t' -v findings="$findings" -v mode="$mode" -v cflags="$O/cflags" -v lenient_flags="$SCHEME_LENIENT_CFLAGS" '
        function row(k, v) { printf "  %-12s %s\n", k, v }
        BEGIN {
            while ((getline l < findings) > 0) {
                split(l, f, "\t")
                if (f[1] == "program") program[f[2]] = 1
                else if (f[1] == "wrap") wrap = wrap (wrap == "" ? "" : " ") f[2]
                else if (f[1] == "drng_global") drng = f[2] (f[3] == "" ? "" : " (defined in " f[3] ")")
                else if (f[1] == "type") type = f[2] " (" (f[2] == "kex" ? "kex_init_a" : f[2] "_keygen") " in " f[3] ")"
                analysed = 1
            }
            while ((getline l < cflags) > 0) { split(l, f, "\t"); if (f[1] == "cflags") flags = f[2] }
        }
        $1 == "folder" || $1 == "named" { row($1, $2) }
        $1 == "build" { build = $2 }
        $1 == "algorithm" { row($1, $2 " (" $3 ")") }
        $1 == "source" && !($2 in program) { row("source", $2) }
        $1 == "source" && ($2 in program) { programs = programs "\n" $2 }
        $1 == "exclude" { row("excluded", $2 " (" $3 ")") }
        $1 == "include" { row("include", $2) }
        $1 == "cflags" && $2 != "" { row("scheme.conf", $2) }
        $1 == "lenient" { policy = $2 }
        $1 == "type" && $2 != "" { want = $2 }
        END {
            n = split(programs, p, "\n")
            for (i = 2; i <= n; i++) row("excluded", p[i] " (defines main)")
            if (!analysed) row("excluded", "files defining main: not known, the sources did not compile")
            row("flags", (mode == "lenient" ? "lenient: " : "guide: ") flags)
            if (policy == "yes") row("fallback", "always (lenient = yes)")
            else if (policy == "no") row("fallback", "never (lenient = no)")
            else if (mode == "lenient") row("fallback", "used: the guide flags failed")
            else row("fallback", "when the guide flags fail: " lenient_flags)
            if (analysed) {
                row("drng_global", drng)
                row("wrap", wrap == "" ? "none" : wrap)
                row("type", type == "" ? (want == "" ? "none" : want) : type)
            }
            row("build", build)
        }' "$B/plan"
    if [ "$(head -n 1 "$B/status" 2>/dev/null)" != ok ]; then
        status=1
        if [ -f "$B/status" ]; then
            tail -n +2 "$B/status" | sed 's/^/  error        /'
        else
            echo "  error        not analysed"
        fi
    fi
done
exit $status
