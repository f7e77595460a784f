/* perf-cycles.h - the user-mode hardware cycle counter of this process,
 * opened only when it is seen to count: the host check asks whether it
 * can be read, the measuring process reads its cycles from it. */
#ifndef ICCSPROF_PERF_CYCLES_H
#define ICCSPROF_PERF_CYCLES_H

/* Open the counter into *FD; 0, or an errno value saying why not (then
 * *FD is -1). */
int perf_cycles_open(int *fd);

#endif
