/* hostcheck-sys.h - the host check's readers of /sys and /proc files
 * under a root, CPU lists, the allowed CPUs, and its probe of the cycle
 * counter. */
#ifndef ICCSPROF_HOSTCHECK_SYS_H
#define ICCSPROF_HOSTCHECK_SYS_H

#include <sched.h>
#include <stdarg.h>
#include <stddef.h>

/* Parse a kernel CPU list ("0-3,5,7-8", empty or "\n" for none) into SET;
 * 0, or -1 when it is not one. */
int hostcheck_parse_cpulist(const char *text, cpu_set_t *set);

/* Write SET as a kernel CPU list into BUF ("" when empty). */
void hostcheck_format_cpulist(const cpu_set_t *set, char *buf, size_t len);

/* The folder the check reads /sys and /proc under: $ICCSPROF_HOST_ROOT
 * (a fixture tree), else "" (the live system). */
const char *hostcheck_root(void);

/* The CPUs this process may run on: sched_getaffinity on the live
 * system, the Cpus_allowed_list of ROOT/proc/self/status in a fixture
 * tree; 0, or -1 with errno set. */
int hostcheck_allowed(const char *root, cpu_set_t *set);

/* Read the first line of ROOT/PATH (PATH formatted) into BUF without its
 * newline; 0, or -1 when the file cannot be read. */
int hostsys_read(const char *root, char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Whether user-mode hardware cycles of this process can be read; 0, or
 * an errno value saying why not (ENODATA: opened but never counts). */
int hostsys_cycles_readable(void);

#endif
