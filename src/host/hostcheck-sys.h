/* hostcheck-sys.h - the host check's readers of /sys and /proc files
 * under a root, and its probe of the cycle counter. */
#ifndef ICCSPROF_HOSTCHECK_SYS_H
#define ICCSPROF_HOSTCHECK_SYS_H

#include <stdarg.h>
#include <stddef.h>

#include "host/hostcheck.h"

/* Read the first line of ROOT/PATH (PATH formatted) into BUF without its
 * newline; 0, or -1 when the file cannot be read. */
int hostsys_read(const char *root, char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Whether user-mode hardware cycles of this process can be read; 0, or
 * an errno value saying why not (ENODATA: opened but never counts). */
int hostsys_cycles_readable(void);

#endif
