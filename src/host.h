/* host.h - facts about the machine a record was measured on. */
#ifndef ICCSPROF_HOST_H
#define ICCSPROF_HOST_H

#include <stddef.h>

/* The CPU's model name from /proc/cpuinfo, else the machine type. */
void host_cpu_model(char *buf, size_t len);

/* The same from ROOT/proc/cpuinfo: ROOT is "" for the live system, or a
 * fixture tree. */
void host_cpu_model_under(const char *root, char *buf, size_t len);

/* The kernel as `uname -sr` prints it. */
void host_kernel(char *buf, size_t len);

#endif
