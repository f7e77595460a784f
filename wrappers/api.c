/* api.c - the query interface the driver finds with dlsym: the table of
 * functions over the accounting tables (account.c), the call sites
 * (sites.c) and the overhead measurement (overhead.c). */
#include "config.h"

#include "call.h"
#include "overhead.h"

volatile int wrap_enabled;
#ifdef ICCSPROF_TICK_TEST
uint64_t wrap_test_clock, wrap_test_reads;
#endif

/* Start accounting. */
static void wrap_enable(void)
{
    wrap_enabled = 1;
}

/* Stop accounting; the shims pass straight through. */
static void wrap_disable(void)
{
    wrap_enabled = 0;
}

/* Clear every thread's table, its call sites and its sampling state. */
static void wrap_reset(void)
{
    wrap_reset_tables();
    wrap_reset_sites();
}

/* The tick reader, for the driver's own spans. */
static uint64_t wrap_ticks(void)
{
    return wrap_tick();
}

static const struct iccsprof_wrap_api wrap_api = {
    .abi = ICCSPROF_WRAP_ABI,
    .tick_source = ICCSPROF_TICK_SOURCE_NAME,
    .ticks = wrap_ticks,
    .enable = wrap_enable,
    .disable = wrap_disable,
    .reset = wrap_reset,
    .snapshot = wrap_snapshot,
    .overhead = wrap_measure_overhead,
    .set_sampling = wrap_set_sampling,
    .set_callers = wrap_set_callers,
    .sites = wrap_get_sites,
    .set_outliers = wrap_set_outliers,
};

/* Entry point of a profiled library. */
WRAP_EXPORT const struct iccsprof_wrap_api *iccsprof_wrap_api(void)
{
    return &wrap_api;
}
