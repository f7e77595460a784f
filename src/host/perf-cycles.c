/* perf-cycles.c - opening the user-mode hardware cycle counter. */
#include "config.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "host/perf-cycles.h"

/* Open the counter and see it move: some hypervisors accept the event and
 * never count, which would pass ticks off as zero cycles. */
int perf_cycles_open(int *fd)
{
    struct perf_event_attr attr;
    volatile unsigned spin = 0;
    uint64_t before = 0, after = 0;
    int err = 0;

    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_HARDWARE;
    attr.config = PERF_COUNT_HW_CPU_CYCLES;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    *fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
    if (*fd < 0)
        return errno != 0 ? errno : ENOENT;
    if (read(*fd, &before, sizeof before) != (ssize_t)sizeof before)
        err = errno != 0 ? errno : EIO;
    while (err == 0 && spin < 100000)
        spin++;
    if (err == 0 && read(*fd, &after, sizeof after) != (ssize_t)sizeof after)
        err = errno != 0 ? errno : EIO;
    if (err == 0 && after == before)
        err = ENODATA;
    if (err != 0) {
        close(*fd);
        *fd = -1;
    }
    return err;
}
