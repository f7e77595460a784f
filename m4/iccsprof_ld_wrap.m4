# ICCSPROF_CHECK_LD_WRAP
# ----------------------
# Prove that the linker honours -Wl,--wrap=SYMBOL: link a program whose
# call to a libc function must land in __wrap_ of it, and whose __wrap_ must
# reach the original through __real_, then run it.  (The wrapped function
# has to live in another object: --wrap only rewrites undefined references.)
# Everything the profiled build does rests on this, so a linker without it is
# a configure error.
AC_DEFUN([ICCSPROF_CHECK_LD_WRAP], [
AC_CACHE_CHECK([whether the linker supports -Wl,--wrap=SYMBOL],
  [iccsprof_cv_ld_wrap], [
  iccsprof_save_LDFLAGS=$LDFLAGS
  LDFLAGS="$LDFLAGS -Wl,--wrap=getppid"
  AC_RUN_IFELSE([AC_LANG_SOURCE([[
#include <unistd.h>
static int iccsprof_wrapped;
pid_t __real_getppid(void);
pid_t __wrap_getppid(void) { iccsprof_wrapped = 1; return __real_getppid(); }
int main(void) { return getppid() >= 0 && iccsprof_wrapped ? 0 : 1; }
]])],
    [iccsprof_cv_ld_wrap=yes], [iccsprof_cv_ld_wrap=no],
    [iccsprof_cv_ld_wrap=cross])
  LDFLAGS=$iccsprof_save_LDFLAGS])
AS_IF([test "x$iccsprof_cv_ld_wrap" = xno],
  [AC_MSG_ERROR([the linker does not support -Wl,--wrap=SYMBOL (GNU ld, gold, lld or mold are needed): the profiled build cannot be made])])
])
