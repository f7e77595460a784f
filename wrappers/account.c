/* account.c - per-thread accounting tables, their snapshot, and the query
 * interface the driver finds with dlsym.
 *
 * Each thread keys its calls into a table of its own, so the hot path takes
 * no lock and no atomic; tables are registered once under a mutex and
 * merged when the driver takes a snapshot.  A snapshot or reset must be
 * taken with accounting disabled and no helper call in flight on any
 * thread: the driver does both between measured operations. */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "account.h"

volatile int wrap_enabled;
__thread unsigned wrap_depth;

static __thread struct wrap_table *wrap_mine;
static struct wrap_table *wrap_all;
static pthread_mutex_t wrap_all_lock = PTHREAD_MUTEX_INITIALIZER;

/* This thread's table, created and registered on first use.  An allocation
 * failure leaves the thread with a shared static table rather than losing
 * its calls silently. */
struct wrap_table *wrap_thread_table(void)
{
    static struct wrap_table fallback;
    struct wrap_table *t;

    if (wrap_mine != NULL)
        return wrap_mine;
    t = calloc(1, sizeof *t);
    pthread_mutex_lock(&wrap_all_lock);
    if (t == NULL) {
        t = &fallback;
        if (t->next == NULL && wrap_all != t) {
            t->next = wrap_all;
            wrap_all = t;
        }
    } else {
        t->next = wrap_all;
        wrap_all = t;
    }
    pthread_mutex_unlock(&wrap_all_lock);
    return wrap_mine = t;
}

/* Hash of an accounting key, for the open-addressing table. */
static unsigned wrap_hash(unsigned helper, uint64_t in_bits, uint64_t out_bits)
{
    uint64_t h = (in_bits * 0x9e3779b97f4a7c15ull) ^ (out_bits * 0xc2b2ae3d27d4eb4full) ^ helper;

    return (unsigned)((h ^ (h >> 29)) % WRAP_SLOTS);
}

/* Find or add the slot of a key; NULL when the table holds its maximum. */
static struct iccsprof_wrap_shape *wrap_slot(struct wrap_table *t, unsigned helper,
                                             uint64_t in_bits, uint64_t out_bits)
{
    unsigned i = wrap_hash(helper, in_bits, out_bits);

    for (;;) {
        struct iccsprof_wrap_shape *s = &t->slot[i];

        if (!t->used[i]) {
            if (t->nshapes == ICCSPROF_WRAP_MAX_SHAPES)
                return NULL;
            t->used[i] = 1;
            t->nshapes++;
            s->helper = helper;
            s->in_bits = in_bits;
            s->out_bits = out_bits;
            return s;
        }
        if (s->helper == helper && s->in_bits == in_bits && s->out_bits == out_bits)
            return s;
        i = (i + 1) % WRAP_SLOTS;
    }
}

/* Add one outermost call of a shape to TABLE. */
void wrap_record(struct wrap_table *t, unsigned helper, uint64_t in_bits, uint64_t out_bits,
                 uint64_t ticks)
{
    struct iccsprof_wrap_shape *s = wrap_slot(t, helper, in_bits, out_bits);

    if (s == NULL) {
        t->overflow_calls++;
        t->overflow_ticks += ticks;
        return;
    }
    s->calls++;
    s->timed_calls++;
    s->ticks += ticks;
    s->ticks_sq += (double)ticks * (double)ticks;
}

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

/* Clear every thread's table. */
static void wrap_reset(void)
{
    pthread_mutex_lock(&wrap_all_lock);
    for (struct wrap_table *t = wrap_all; t != NULL; t = t->next) {
        struct wrap_table *next = t->next;

        memset(t, 0, sizeof *t);
        t->next = next;
    }
    pthread_mutex_unlock(&wrap_all_lock);
}

/* Merge every thread's table into OUT, overflowing where the merged table
 * is full. */
static int wrap_snapshot(struct iccsprof_wrap_snapshot *out)
{
    struct wrap_table merged;

    memset(out, 0, sizeof *out);
    memset(&merged, 0, sizeof merged);
    pthread_mutex_lock(&wrap_all_lock);
    for (struct wrap_table *t = wrap_all; t != NULL; t = t->next) {
        for (unsigned h = 0; h < ICCSPROF_NHELPERS; h++)
            out->nested[h] += t->nested[h];
        out->overflow_calls += t->overflow_calls;
        out->overflow_timed_calls += t->overflow_calls;
        out->overflow_ticks += t->overflow_ticks;
        for (unsigned i = 0; i < WRAP_SLOTS; i++) {
            const struct iccsprof_wrap_shape *src = &t->slot[i];
            struct iccsprof_wrap_shape *dst;

            if (!t->used[i])
                continue;
            dst = wrap_slot(&merged, src->helper, src->in_bits, src->out_bits);
            if (dst == NULL) {
                out->overflow_calls += src->calls;
                out->overflow_timed_calls += src->timed_calls;
                out->overflow_ticks += src->ticks;
                continue;
            }
            dst->calls += src->calls;
            dst->timed_calls += src->timed_calls;
            dst->ticks += src->ticks;
            dst->ticks_sq += src->ticks_sq;
        }
    }
    pthread_mutex_unlock(&wrap_all_lock);
    for (unsigned i = 0; i < WRAP_SLOTS; i++)
        if (merged.used[i]) {
            out->shapes[out->nshapes++] = merged.slot[i];
            out->total_calls += merged.slot[i].calls;
        }
    out->overflow_keys = out->overflow_calls != 0; /* at least one key did not fit */
    out->total_calls += out->overflow_calls;
    return 0;
}

/* The tick reader, for the driver's own spans. */
static uint64_t wrap_ticks(void)
{
    return wrap_tick();
}

/* Sampling is not part of this build: only full timing (k = 1). */
static int wrap_set_sampling(uint32_t k, uint32_t first_n)
{
    (void)first_n;
    return k == 1 ? 0 : -1;
}

/* Call-site capture is not part of this build. */
static int wrap_set_callers(uint32_t depth)
{
    return depth == 0 ? 0 : -1;
}

/* Call-site capture is not part of this build. */
static int wrap_sites(struct iccsprof_wrap_sites *out)
{
    (void)out;
    return -1;
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
    .sites = wrap_sites,
};

/* Entry point of a profiled library. */
WRAP_EXPORT const struct iccsprof_wrap_api *iccsprof_wrap_api(void)
{
    return &wrap_api;
}
