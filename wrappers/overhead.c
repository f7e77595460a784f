/* overhead.c - the cost of the instrumentation itself, measured by running
 * the shims' own enter/leave code around a call that does nothing. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "account.h"

#define WRAP_CAL_CALLS 2000
#define WRAP_CAL_ROUNDS 15

/* A call the compiler cannot remove, standing in for a helper. */
static void wrap_noop(void)
{
    __asm__ volatile("" ::: "memory");
}

static void (*volatile wrap_noop_ptr)(void) = wrap_noop;

/* Ticks of WRAP_CAL_CALLS plain calls. */
static uint64_t wrap_span_plain(void)
{
    uint64_t t0 = wrap_tick();

    for (int i = 0; i < WRAP_CAL_CALLS; i++)
        wrap_noop_ptr();
    return wrap_tick() - t0;
}

/* Ticks of WRAP_CAL_CALLS calls through the accounting path, keyed into a
 * scratch table so the real one is left untouched; the ticks the calls
 * themselves recorded are added to *inner. */
static uint64_t wrap_span_wrapped(struct wrap_table *scratch, uint64_t *inner)
{
    uint64_t t0 = wrap_tick();

    for (int i = 0; i < WRAP_CAL_CALLS; i++) {
        struct wrap_call c;

        wrap_enter(&c);
        c.table = scratch;
        wrap_noop_ptr();
        wrap_leave(&c, ICCSPROF_PSEUDOXOF, 0, 0);
    }
    t0 = wrap_tick() - t0;
    *inner = 0;
    for (unsigned i = 0; i < WRAP_SLOTS; i++)
        if (scratch->used[i])
            *inner = scratch->slot[i].ticks;
    return t0;
}

/* Order doubles, for the median. */
static int wrap_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

/* Measure the per-call costs once (medians over rounds, robust against an
 * interrupt landing in one round) and return them on every later call. */
void wrap_measure_overhead(struct iccsprof_wrap_overhead *out)
{
    static struct iccsprof_wrap_overhead cached;
    static int measured;
    double inner[WRAP_CAL_ROUNDS], outer[WRAP_CAL_ROUNDS];
    struct wrap_table *scratch;

    if (!measured && (scratch = calloc(1, sizeof *scratch)) != NULL) {
        unsigned saved_depth = wrap_depth;

        wrap_depth = 0;
        for (int r = 0; r < WRAP_CAL_ROUNDS; r++) {
            uint64_t plain, wrapped, inside;

            memset(scratch, 0, sizeof *scratch);
            plain = wrap_span_plain();
            wrapped = wrap_span_wrapped(scratch, &inside);
            inner[r] = (double)inside / WRAP_CAL_CALLS;
            outer[r] = ((double)wrapped - (double)plain) / WRAP_CAL_CALLS;
        }
        wrap_depth = saved_depth;
        free(scratch);
        qsort(inner, WRAP_CAL_ROUNDS, sizeof inner[0], wrap_cmp);
        qsort(outer, WRAP_CAL_ROUNDS, sizeof outer[0], wrap_cmp);
        cached.inner_ticks = inner[WRAP_CAL_ROUNDS / 2];
        cached.outer_ticks = outer[WRAP_CAL_ROUNDS / 2] > 0 ? outer[WRAP_CAL_ROUNDS / 2] : 0;
        measured = 1;
    }
    *out = cached;
}
