/* clock.h - the measuring process's clocks: CLOCK_MONOTONIC seconds, the
 * wrappers' tick counter, and user-mode hardware cycles from perf_event
 * where the machine provides them. */
#ifndef ICCSPROF_MEASURE_CLOCK_H
#define ICCSPROF_MEASURE_CLOCK_H

#include <stdint.h>

/* Seconds of CLOCK_MONOTONIC. */
double clock_seconds(void);

/* The CPU time this thread has run, in seconds. */
double clock_cpu_seconds(void);

/* The tick counter the wrappers time helper calls with. */
uint64_t clock_ticks(void);

/* Ticks per second of the counter named SOURCE where the architecture
 * states it (cntvct_el0: cntfrq_el0); 0 where it has to be measured. */
double clock_stated_hz(const char *source);

/* Open the user-mode cycle counter; 0 when it counts, -1 when the machine
 * or its settings give none (then cycles are ticks). */
int clock_cycles_open(void);

/* Cycles so far: the hardware counter when open, else ticks. */
uint64_t clock_cycles(void);

/* "perf_event" or "ticks": where clock_cycles reads from. */
const char *clock_cycles_source(void);

#endif
