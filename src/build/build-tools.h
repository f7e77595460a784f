/* build-tools.h - what this installation builds schemes with, whoever
 * asks (`plan`, `profile`, `campaign`, the KAT gate, a hash package): the
 * guide flags, the compiler, the wrapper library, this very program, and
 * the lock that keeps two builds out of one build folder. */
#ifndef ICCSPROF_BUILD_TOOLS_H
#define ICCSPROF_BUILD_TOOLS_H

/* The guide flags of the NICCS reference measurements. */
#define PROFILE_CFLAGS "-std=c99 -Wpedantic -Wall -Wextra -O2"
/* What GCC 14 rejects by default and GCC 12 only warns about: errors on
 * every compiler, so that the fallback decision does not depend on its
 * version. */
#define PROFILE_STRICT_CFLAGS                                                                      \
    "-Werror=implicit-function-declaration -Werror=implicit-int -Werror=int-conversion "           \
    "-Werror=incompatible-pointer-types"
/* What builds pre-C99 code. */
#define PROFILE_LENIENT_CFLAGS                                                                     \
    "-std=gnu99 -D_GNU_SOURCE -O2 -fcommon -Wno-error=implicit-function-declaration "              \
    "-Wno-implicit-function-declaration -Wno-error=implicit-int -Wno-implicit-int "                \
    "-Wno-error=int-conversion -Wno-int-conversion -Wno-error=incompatible-pointer-types "         \
    "-Wno-incompatible-pointer-types"

/* The wrapper library the profiled builds link: the build tree's beside
 * this program, else the installed one; newly allocated. */
char *profile_wrap_archive(void);

/* The compiler command schemes and their KAT drivers are built with:
 * $ICCSPROF_CC, else the configured compiler. */
const char *profile_cc(void);

/* Take the lock of the folder DIR (a scheme's build folder, or the
 * folder profile measures into): DIR/.lock, holding this process's id.
 * While another iccsprof holds it, wait and say so; or, when REFUSE is
 * not NULL, refuse at once with a line naming that process and REFUSE,
 * the option that gives another folder.  Its descriptor, or -1: refused,
 * a signal came, or the folder cannot be made (with a message). */
int profile_lock(const char *dir, const char *refuse);

/* The program run for `iccsprof run`, `kat` and `report` (by profile and
 * campaign): $ICCSPROF_DRIVER, else this very program. */
const char *profile_self(void);

#endif
