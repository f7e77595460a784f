# ICCSPROF_WITH_LIBUNWIND
# -----------------------
# Optional libunwind for call-site attribution.  --with-libunwind=check (the
# default) uses it when pkg-config finds it; yes makes its absence an error;
# no leaves it out.  Defines HAVE_LIBUNWIND, substitutes UNWIND_CFLAGS,
# UNWIND_LIBS, UNWIND_LINKER_LIBS (the same, each word given to the linker
# with -Wl, so that libtool keeps it where it stands) and UNWIND_REQUIRES
# (the pkg-config module the wrappers' archive needs, or nothing), sets the
# automake conditional HAVE_LIBUNWIND.
AC_DEFUN([ICCSPROF_WITH_LIBUNWIND], [
AC_ARG_WITH([libunwind],
  [AS_HELP_STRING([--with-libunwind],
    [call-site attribution with libunwind (yes, no, check) @<:@default=check@:>@])],
  [], [with_libunwind=check])
iccsprof_have_libunwind=no
AS_IF([test "x$with_libunwind" != xno], [
  PKG_CHECK_MODULES([UNWIND], [libunwind],
    [iccsprof_have_libunwind=yes],
    [AS_IF([test "x$with_libunwind" = xyes],
       [AC_MSG_ERROR([--with-libunwind was given but libunwind was not found (Debian: apt-get install libunwind-dev)])])])])
UNWIND_REQUIRES=
AS_IF([test "x$iccsprof_have_libunwind" = xyes],
  [AC_DEFINE([HAVE_LIBUNWIND], [1], [Define if libunwind is available.])
   UNWIND_REQUIRES=libunwind])
AC_SUBST([UNWIND_REQUIRES])
UNWIND_LINKER_LIBS=
for iccsprof_word in $UNWIND_LIBS; do
  UNWIND_LINKER_LIBS="$UNWIND_LINKER_LIBS -Wl,$iccsprof_word"
done
AC_SUBST([UNWIND_LINKER_LIBS])
AM_CONDITIONAL([HAVE_LIBUNWIND], [test "x$iccsprof_have_libunwind" = xyes])
])
