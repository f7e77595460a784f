/* hostcheck.h - whether the machine is ready for a measurement worth
 * publishing: the frequency governor, turbo, SMT, counter access, core
 * isolation and load, each with what it needs and how to fix it. */
#ifndef ICCSPROF_HOSTCHECK_H
#define ICCSPROF_HOSTCHECK_H

#include <jansson.h>
#include <sched.h>
#include <stddef.h>

#include "host/hostcheck-sys.h"

/* Check the host under ROOT for a measurement on core CPU (-1: not
 * pinned).  The result is the record's host.check object: ready,
 * cpu, not_ready (the names of the items that fail) and items (name ->
 * state, value, needs, fix). */
json_t *hostcheck_run(const char *root, int cpu);

/* One line naming every item of CHECK that is not ready, with its value
 * and what it needs, for the refusal of --require-quiet-host. */
void hostcheck_failures(json_t *check, char *buf, size_t len);

#endif
