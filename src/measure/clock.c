/* clock.c - seconds, ticks and cycles for the measuring process. */
#include "config.h"

#include <string.h>
#include <time.h>
#include <unistd.h>

#include "measure/clock.h"
#include "host/perf-cycles.h"
#include "tick.h"

static int clock_perf_fd = -1;

/* Seconds of CLOCK_MONOTONIC. */
double clock_seconds(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The CPU time this thread has run. */
double clock_cpu_seconds(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The tick counter the wrappers time helper calls with. */
uint64_t clock_ticks(void)
{
    return wrap_tick();
}

/* The rate of the counter named SOURCE where the architecture states it:
 * cntvct_el0 counts at cntfrq_el0; 0 where it has to be measured. */
double clock_stated_hz(const char *source)
{
#if defined(__aarch64__)
    if (strcmp(source, "cntvct_el0") == 0)
        return (double)wrap_cntfrq();
#else
    (void)source;
#endif
    return 0;
}

/* The hardware counter's value; 0 when it cannot be read. */
static uint64_t clock_perf_read(void)
{
    uint64_t v;

    return read(clock_perf_fd, &v, sizeof v) == (ssize_t)sizeof v ? v : 0;
}

/* Open the user-mode cycle counter, when it is seen to count. */
int clock_cycles_open(void)
{
    return perf_cycles_open(&clock_perf_fd) == 0 ? 0 : -1;
}

/* Cycles so far: the hardware counter when open, else ticks. */
uint64_t clock_cycles(void)
{
    return clock_perf_fd >= 0 ? clock_perf_read() : wrap_tick();
}

/* Where clock_cycles reads from. */
const char *clock_cycles_source(void)
{
    return clock_perf_fd >= 0 ? "perf_event" : "ticks";
}
