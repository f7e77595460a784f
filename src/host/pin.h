/* pin.h - pinning the measuring process to one core: the core is checked
 * against the CPUs this process may run on, then set with
 * sched_setaffinity, which the processes it starts inherit. */
#ifndef ICCSPROF_PIN_H
#define ICCSPROF_PIN_H

#include "cmd/cmd.h"

/* Whether core CPU is one this process may run on (in the host check's
 * root); EXIT_OK, or EXIT_USAGE after a one-line error naming --cpu. */
int pin_allowed(const struct cmd_entry *entry, int cpu);

/* Pin this process, and every process it starts from now on, to core
 * CPU; EXIT_OK, or EXIT_USAGE after a one-line error. */
int pin_self(const struct cmd_entry *entry, int cpu);

#endif
