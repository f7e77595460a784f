/* overhead.c - the cost of the instrumentation itself, measured by running
 * the shims' own accounting around a call that does nothing. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "call.h"
#include "overhead.h"

#define WRAP_CAL_CALLS 2000
#define WRAP_CAL_ROUNDS 15

/* A call the compiler cannot remove, standing in for a helper. */
static int wrap_noop(void)
{
    __asm__ volatile("" ::: "memory");
    return 0;
}

static int (*volatile wrap_noop_ptr)(void) = wrap_noop;

/* The stand-in's accounted call, as a shim's (call.h). */
static __attribute__((noinline)) int wrap_noop_accounted(void *ret)
{
    struct wrap_table *t = wrap_mine;
    int r;

    WRAP_ACCOUNTED(t, ICCSPROF_PSEUDOXOF, 0, 0, ret, r = wrap_noop_ptr());
    return r;
}

/* The stand-in's counted call, as a shim's. */
static __attribute__((noinline)) int wrap_noop_counted(void *ret)
{
    int r;

    WRAP_COUNTED(ICCSPROF_PSEUDOXOF, 0, 0, 1, (void)0, r, r = wrap_noop_ptr(),
                 wrap_noop_accounted(ret));
    return r;
}

/* Ticks of WRAP_CAL_CALLS plain calls. */
static uint64_t wrap_span_plain(void)
{
    uint64_t t0 = wrap_tick();

    for (int i = 0; i < WRAP_CAL_CALLS; i++)
        wrap_noop_ptr();
    return wrap_tick() - t0;
}

/* Ticks of WRAP_CAL_CALLS calls through the shims' accounting, keyed into
 * SCRATCH, which stands in for the thread's table meanwhile so that the
 * real one is left untouched; the mean ticks the timed calls themselves
 * recorded go to *inner. */
static uint64_t wrap_span_wrapped(struct wrap_table *scratch, double *inner)
{
    struct wrap_table *mine = wrap_mine;
    uint64_t t0;

    wrap_mine = scratch;
    t0 = wrap_tick();
    for (int i = 0; i < WRAP_CAL_CALLS; i++)
        wrap_noop_counted(__builtin_return_address(0));
    t0 = wrap_tick() - t0;
    wrap_mine = mine;
    *inner = 0;
    for (unsigned i = 0; i < WRAP_ROWS; i++)
        if (scratch->used[i] && scratch->slot[i].timed_calls != 0)
            *inner = (double)scratch->slot[i].ticks / (double)scratch->slot[i].timed_calls;
    return t0;
}

/* Order doubles, for the median. */
static int wrap_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

/* Median over rounds (robust against an interrupt landing in one round)
 * of the ticks the accounting path adds per call with the current settings
 * over a plain call, and of the ticks its timed calls report. */
static double wrap_added(struct wrap_table *scratch, double *inner_out)
{
    double inner[WRAP_CAL_ROUNDS], outer[WRAP_CAL_ROUNDS];

    for (int r = 0; r < WRAP_CAL_ROUNDS; r++) {
        struct wrap_site_table *sites = scratch->sites;
        uint64_t plain, wrapped;

        memset(scratch, 0, sizeof *scratch);
        scratch->sites = sites;
        if (sites != NULL)
            memset(sites, 0, sizeof *sites);
        scratch->rng = 0x9e3779b97f4a7c15ull;
        plain = wrap_span_plain();
        wrapped = wrap_span_wrapped(scratch, &inner[r]);
        outer[r] = ((double)wrapped - (double)plain) / WRAP_CAL_CALLS;
    }
    qsort(inner, WRAP_CAL_ROUNDS, sizeof inner[0], wrap_cmp);
    qsort(outer, WRAP_CAL_ROUNDS, sizeof outer[0], wrap_cmp);
    if (inner_out != NULL)
        *inner_out = inner[WRAP_CAL_ROUNDS / 2];
    return outer[WRAP_CAL_ROUNDS / 2] > 0 ? outer[WRAP_CAL_ROUNDS / 2] : 0;
}

/* Measure the per-call costs once, and the call-site capture's once per
 * depth, and return them for the current settings.  Like a snapshot, it
 * runs with accounting disabled and no helper call in flight: it borrows
 * the sampling and call-site settings while it measures. */
void wrap_measure_overhead(struct iccsprof_wrap_overhead *out)
{
    static struct iccsprof_wrap_overhead cached;
    static double callers[ICCSPROF_WRAP_MAX_DEPTH + 1];
    static int measured, callers_measured[ICCSPROF_WRAP_MAX_DEPTH + 1];
    uint32_t k = wrap_k, first = wrap_first, depth = wrap_callers;
    struct wrap_table *scratch;

    if ((!measured || (depth != 0 && !callers_measured[depth])) &&
        (scratch = calloc(1, sizeof *scratch)) != NULL) {
        wrap_k = 1;
        wrap_first = UINT32_MAX;
        wrap_callers = 0;
        if (!measured) {
            cached.outer_ticks = wrap_added(scratch, &cached.inner_ticks);
            wrap_k = 1u << 30; /* practically no call timed */
            wrap_first = 0;
            cached.untimed_outer_ticks = wrap_added(scratch, NULL);
            measured = 1;
        }
        if (depth != 0) {
            wrap_k = 1;
            wrap_first = UINT32_MAX;
            wrap_callers = depth;
            callers[depth] = wrap_added(scratch, NULL) - cached.outer_ticks;
            if (callers[depth] < 0)
                callers[depth] = 0;
            callers_measured[depth] = 1;
        }
        wrap_k = k;
        wrap_first = first;
        wrap_callers = depth;
        free(scratch->sites);
        free(scratch);
    }
    *out = cached;
    out->callers_outer_ticks = depth != 0 ? callers[depth] : 0;
}
