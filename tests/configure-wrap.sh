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

# Probe the macro alone in a scratch configure script: the project's own
# configure cannot run again beside an in-tree configuration.
cat >"$work/configure.ac" <<EOS
AC_INIT([wrap-probe], [1])
m4_include([$top_srcdir/m4/iccsprof_ld_wrap.m4])
AC_PROG_CC
ICCSPROF_CHECK_LD_WRAP
AC_OUTPUT
EOS
if ! (cd "$work" && autoconf); then
    fail "autoconf builds the probe" "autoconf failed"
    finish
fi
(cd "$work" && ./configure CC="$work/nowrap-cc") >"$work/out" 2>"$work/err"
status=$?
if [ "$status" -ne 0 ]; then pass "configure fails without --wrap"; else fail "configure fails without --wrap" "exit 0"; fi
expect_grep "the error names the missing linker feature" \
    "configure: error: the linker does not support -Wl,--wrap=SYMBOL" "$work/err"
(cd "$work" && rm -f config.cache && ./configure CC="$real_cc") >"$work/out" 2>"$work/err"
status=$?
if [ "$status" -eq 0 ]; then pass "configure passes with a real linker"; else fail "configure passes with a real linker" "exit $status"; fi
expect_grep "the check reports yes" "supports -Wl,--wrap=SYMBOL... yes" "$work/out"

expect_grep "the summary reports --wrap" "linker --wrap: *yes" "$top_builddir/config.log"
expect_grep "the summary reports the tick source" "tick source: *[a-z_]" "$top_builddir/config.log"
finish
