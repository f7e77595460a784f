/* clock.c - seconds, ticks and cycles for the measuring process. */
#include "config.h"

#include <linux/perf_event.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "tick.h"

static int clock_perf_fd = -1;

/* Seconds of CLOCK_MONOTONIC. */
double clock_seconds(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The tick counter the wrappers time helper calls with. */
uint64_t clock_ticks(void)
{
    return wrap_tick();
}

/* The hardware counter's value; 0 when it cannot be read. */
static uint64_t clock_perf_read(void)
{
    uint64_t v;

    return read(clock_perf_fd, &v, sizeof v) == (ssize_t)sizeof v ? v : 0;
}

/* Open the user-mode cycle counter.  Some hypervisors accept the event
 * and never count, so the counter must also be seen to move. */
int clock_cycles_open(void)
{
    struct perf_event_attr attr;
    volatile unsigned spin = 0;
    uint64_t before;

    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_HARDWARE;
    attr.config = PERF_COUNT_HW_CPU_CYCLES;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    clock_perf_fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
    if (clock_perf_fd < 0)
        return -1;
    before = clock_perf_read();
    while (spin < 100000)
        spin++;
    if (clock_perf_read() == before) {
        close(clock_perf_fd);
        clock_perf_fd = -1;
        return -1;
    }
    return 0;
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
