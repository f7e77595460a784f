/* hostcheck.h - whether the machine is ready for a measurement worth
 * publishing: the frequency governor, turbo, SMT, counter access, core
 * isolation and load, each with what it needs and how to fix it. */
#ifndef ICCSPROF_HOSTCHECK_H
#define ICCSPROF_HOSTCHECK_H

#include <jansson.h>
#include <sched.h>
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

/* Check the host under ROOT for a measurement on core CPU (-1: not
 * pinned).  The result is the record's host.check object: ready,
 * cpu, not_ready (the names of the items that fail) and items (name ->
 * state, value, needs, fix). */
json_t *hostcheck_run(const char *root, int cpu);

/* One line naming every item of CHECK that is not ready, with its value
 * and what it needs, for the refusal of --require-quiet-host. */
void hostcheck_failures(json_t *check, char *buf, size_t len);

#endif
