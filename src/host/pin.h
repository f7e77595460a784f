/* pin.h - pinning the measuring process to one core: the core is checked
 * against the CPUs this process may run on, then set with
 * sched_setaffinity, which the processes it starts inherit. */
#ifndef ICCSPROF_PIN_H
#define ICCSPROF_PIN_H

#include "util/message.h"

/* Whether core CPU is one this process may run on (in the host check's
 * root); EXIT_OK, or EXIT_USAGE after a one-line error of the command
 * named COMMAND naming --cpu. */
int pin_allowed(const char *command, int cpu);

/* Pin this process, and every process it starts from now on, to core
 * CPU; EXIT_OK, or EXIT_USAGE after a one-line error. */
int pin_self(const char *command, int cpu);

#endif
