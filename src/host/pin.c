/* pin.c - checking a core and pinning this process to it. */
#include "config.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "host/hostcheck.h"
#include "host/pin.h"

/* Whether core CPU is one this process may run on. */
int pin_allowed(const char *command, int cpu)
{
    cpu_set_t allowed;
    char list[1024];

    if (hostcheck_allowed(hostcheck_root(), &allowed) != 0) {
        fprintf(stderr, "iccsprof %s: --cpu %d: cannot read the allowed CPUs: %s\n", command, cpu,
                strerror(errno));
        return EXIT_USAGE;
    }
    if (cpu < CPU_SETSIZE && CPU_ISSET(cpu, &allowed))
        return EXIT_OK;
    hostcheck_format_cpulist(&allowed, list, sizeof list);
    fprintf(stderr, "iccsprof %s: --cpu %d: not a CPU this process may run on (allowed: %s)\n",
            command, cpu, list);
    return EXIT_USAGE;
}

/* Pin this process to core CPU. */
int pin_self(const char *command, int cpu)
{
    cpu_set_t one;

    if (pin_allowed(command, cpu) != EXIT_OK)
        return EXIT_USAGE;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    if (sched_setaffinity(0, sizeof one, &one) != 0) {
        fprintf(stderr, "iccsprof %s: --cpu %d: sched_setaffinity: %s\n", command, cpu,
                strerror(errno));
        return EXIT_USAGE;
    }
    return EXIT_OK;
}
