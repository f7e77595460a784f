#!/bin/sh
# configure-wrap.sh - configure refuses a linker that ignores --wrap, and
# reports what it found in its closing summary.
. "$top_srcdir/tests/lib.sh"

real_cc=$(sed -n 's/^CC=.\(.*\).$/\1/p' "$top_builddir/config.status" | head -n 1)
: "${real_cc:=cc}"
cat >"$work/nowrap-cc" <<EOS
#!/bin/sh
# A compiler driver whose linker silently drops every --wrap option.
for a in "\$@"; do
    shift
    case \$a in -Wl,--wrap=*) ;; *) set -- "\$@" "\$a" ;; esac
done
exec $real_cc "\$@"
EOS
chmod +x "$work/nowrap-cc"

mkdir "$work/b"
(cd "$work/b" && "$top_srcdir/configure" --cache-file=/dev/null CC="$work/nowrap-cc") \
    >"$work/out" 2>"$work/err"
status=$?
if [ "$status" -ne 0 ]; then pass "configure fails without --wrap"; else fail "configure fails without --wrap" "exit 0"; fi
expect_grep "the error names the missing linker feature" \
    "configure: error: the linker does not support -Wl,--wrap=SYMBOL" "$work/err"

expect_grep "the summary reports --wrap" "linker --wrap: *yes" "$top_builddir/config.log"
expect_grep "the summary reports the tick source" "tick source: *[a-z_]" "$top_builddir/config.log"
finish
