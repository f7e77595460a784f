# ICCSPROF_TICK_SOURCE
# --------------------
# Pick the cheapest monotonic tick counter the target offers: the x86-64
# time-stamp counter, the AArch64 virtual counter, else clock_gettime.
# Defines ICCSPROF_TICK_RDTSC, ICCSPROF_TICK_CNTVCT or ICCSPROF_TICK_CLOCK
# and ICCSPROF_TICK_SOURCE_NAME; sets iccsprof_tick_source.
AC_DEFUN([ICCSPROF_TICK_SOURCE], [
AC_ARG_WITH([tick-source],
  [AS_HELP_STRING([--with-tick-source=SRC],
    [tick counter: rdtsc, cntvct_el0, clock_gettime or auto @<:@default=auto@:>@])],
  [], [with_tick_source=auto])
AC_MSG_CHECKING([for the tick source])
iccsprof_tick_source=$with_tick_source
AS_IF([test "x$iccsprof_tick_source" = xauto], [
  AC_LINK_IFELSE([AC_LANG_PROGRAM([[#include <x86intrin.h>]],
      [[unsigned long long t = __rdtsc(); return (int)(t & 1);]])],
    [iccsprof_tick_source=rdtsc], [
  AC_LINK_IFELSE([AC_LANG_PROGRAM([[]],
      [[unsigned long long t; __asm__ volatile("mrs %0, cntvct_el0" : "=r"(t)); return (int)(t & 1);]])],
    [iccsprof_tick_source=cntvct_el0],
    [iccsprof_tick_source=clock_gettime])])])
AC_MSG_RESULT([$iccsprof_tick_source])
AS_CASE([$iccsprof_tick_source],
  [rdtsc], [AC_DEFINE([ICCSPROF_TICK_RDTSC], [1], [Ticks come from rdtsc.])],
  [cntvct_el0], [AC_DEFINE([ICCSPROF_TICK_CNTVCT], [1], [Ticks come from cntvct_el0.])],
  [clock_gettime], [AC_DEFINE([ICCSPROF_TICK_CLOCK], [1], [Ticks come from clock_gettime.])],
  [AC_MSG_ERROR([unknown tick source '$iccsprof_tick_source' (use rdtsc, cntvct_el0, clock_gettime or auto)])])
AC_DEFINE_UNQUOTED([ICCSPROF_TICK_SOURCE_NAME], ["$iccsprof_tick_source"],
  [Name of the tick counter, as reported in profiles.])
])
