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
uint32_t wrap_k = 1, wrap_first = 64;
uint32_t wrap_outlier_multiple;
uint64_t wrap_outlier_margin;
__thread struct wrap_table *wrap_mine __attribute__((tls_model("initial-exec")));

static struct wrap_table *wrap_all;
static pthread_mutex_t wrap_all_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t wrap_seed = 0x2545f4914f6cdd1dull;
static struct wrap_table wrap_fallback; /* for a thread whose table cannot be allocated */
static unsigned wrap_tables_made;       /* numbers the tables, for their seeds */
#ifdef ICCSPROF_TICK_TEST
uint64_t wrap_test_clock;
#endif

/* Start a table's sampling stride from the current seed, distinct per
 * table but the same from run to run (the table's number, not its
 * address, which changes with every run); never zero, which xorshift
 * cannot leave. */
static void wrap_seed_table(struct wrap_table *t)
{
    t->rng = (wrap_seed ^ ((uint64_t)(t->serial + 1) * 0x9e3779b97f4a7c15ull)) | 1;
}

/* Create and register this thread's table.  An allocation failure leaves
 * the thread with a shared static table rather than losing its calls. */
struct wrap_table *wrap_new_table(void)
{
    struct wrap_table *t = calloc(1, sizeof *t);

    pthread_mutex_lock(&wrap_all_lock);
    if (t == NULL) {
        t = &wrap_fallback;
        if (t->next == NULL && wrap_all != t) {
            t->next = wrap_all;
            wrap_all = t;
        }
    } else {
        t->next = wrap_all;
        wrap_all = t;
    }
    if (t->rng == 0) {
        t->serial = wrap_tables_made++;
        wrap_seed_table(t);
    }
    pthread_mutex_unlock(&wrap_all_lock);
    return wrap_mine = t;
}

/* Free every thread's table when the library is unloaded: once a
 * profiled library is closed nothing can reach them, and a driver that
 * loads and closes many libraries would otherwise keep them all.  (A
 * process ending normally runs this too; the measuring process ends with
 * _exit and skips it.) */
static __attribute__((destructor)) void wrap_free_tables(void)
{
    struct wrap_table *t = wrap_lock_tables();

    while (t != NULL) {
        struct wrap_table *next = t->next;

        free(t->sites);
        if (t != &wrap_fallback)
            free(t);
        t = next;
    }
    wrap_all = NULL;
    wrap_mine = NULL;
    wrap_unlock_tables();
}

/* Hash of an accounting key, for the open-addressing table. */
static unsigned wrap_hash(unsigned helper, uint64_t in_bits, uint64_t out_bits)
{
    uint64_t h = (in_bits * 0x9e3779b97f4a7c15ull) ^ (out_bits * 0xc2b2ae3d27d4eb4full) ^ helper;

    return (unsigned)((h ^ (h >> 29)) % WRAP_SLOTS);
}

/* Find or add the slot of a key; -1 when the table holds its maximum. */
int wrap_slot(struct wrap_table *t, unsigned helper, uint64_t in_bits, uint64_t out_bits)
{
    unsigned i = wrap_hash(helper, in_bits, out_bits);

    for (;;) {
        struct iccsprof_wrap_shape *s = &t->slot[i];

        if (!t->used[i]) {
            if (t->nshapes == ICCSPROF_WRAP_MAX_SHAPES)
                return -1;
            t->used[i] = 1;
            t->nshapes++;
            s->helper = helper;
            s->in_bits = in_bits;
            s->out_bits = out_bits;
            s->min_ticks = UINT64_MAX; /* so that the first timed call sets it */
            t->span[i] = 0;
            return (int)i;
        }
        if (s->helper == helper && s->in_bits == in_bits && s->out_bits == out_bits)
            return (int)i;
        i = (i + 1) % WRAP_SLOTS;
    }
}

/* Whether a call past a shape's first wrap_first is sampled: the gaps
 * between sampled calls are drawn uniform in [1, 2k - 1] (mean k) from a
 * per-thread xorshift, so a periodic pattern in the calls cannot line up
 * with the samples. */
int wrap_sampled(struct wrap_table *t, unsigned slot)
{
    if (t->left[slot] == 0) {
        uint64_t x = t->rng;

        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        t->rng = x;
        t->left[slot] = 1 + (uint32_t)(((x >> 32) * (2 * (uint64_t)wrap_k - 1)) >> 32);
    }
    return --t->left[slot] == 0;
}

/* The outlier limit of a shape whose fastest call took MIN ticks, less
 * MIN; saturated, so that a limit past the counter's range (or outliers
 * turned off) sets nothing apart. */
static uint64_t wrap_outlier_span(uint64_t min)
{
    uint64_t m = wrap_outlier_multiple;

    if (m == 0 || min > (UINT64_MAX - wrap_outlier_margin) / m)
        return UINT64_MAX - min;
    return min * m + wrap_outlier_margin - min;
}

/* A timed call outside its slot's bounds.  Beyond the limit it is an
 * outlier, counted apart (1).  Below the fastest call so far it becomes
 * the reference (0, kept): the calls kept so far each took at least the
 * previous fastest, so when that is itself beyond the new limit (the
 * shape's first calls were all preempted) every one of them is an
 * outlier; otherwise each was within a few times the true cost. */
int wrap_set_apart(struct wrap_table *t, unsigned slot, uint64_t ticks)
{
    struct iccsprof_wrap_shape *s = &t->slot[slot];
    uint64_t previous = s->min_ticks;

    if (ticks >= previous) {
        s->outlier_calls++;
        s->outlier_ticks += ticks;
        return 1;
    }
    s->min_ticks = ticks;
    t->span[slot] = wrap_outlier_span(ticks);
    if (previous - ticks > t->span[slot] && s->timed_calls != 0) {
        s->outlier_calls += s->timed_calls;
        s->outlier_ticks += s->ticks;
        s->timed_calls = 0;
        s->ticks = 0;
        s->ticks_sq = 0;
    }
    return 0;
}

/* Count one accounted DRNG call under its context: the driver learns from
 * them which generator the scheme draws from, and so whether the seed it
 * applied reached the scheme.  The first context is almost always the one
 * used again. */
void wrap_note_context(struct wrap_table *t, const void *ctx)
{
    uintptr_t a = (uintptr_t)ctx;

    for (unsigned i = 0; i < t->nctx; i++)
        if (t->ctx[i].address == a) {
            t->ctx[i].calls++;
            return;
        }
    if (t->nctx == ICCSPROF_WRAP_MAX_CONTEXTS) {
        t->ctx_other++;
        return;
    }
    t->ctx[t->nctx].address = a;
    t->ctx[t->nctx++].calls = 1;
}

/* Add table T's DRNG contexts to OUT's. */
static void wrap_merge_contexts(struct iccsprof_wrap_snapshot *out, const struct wrap_table *t)
{
    out->other_context_calls += t->ctx_other;
    for (unsigned i = 0; i < t->nctx; i++) {
        size_t j = 0;

        while (j < out->ncontexts && out->contexts[j].address != t->ctx[i].address)
            j++;
        if (j == ICCSPROF_WRAP_MAX_CONTEXTS) {
            out->other_context_calls += t->ctx[i].calls;
            continue;
        }
        if (j == out->ncontexts)
            out->contexts[out->ncontexts++].address = t->ctx[i].address;
        out->contexts[j].calls += t->ctx[i].calls;
    }
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

/* Lock the list of every thread's table and return its head. */
struct wrap_table *wrap_lock_tables(void)
{
    pthread_mutex_lock(&wrap_all_lock);
    return wrap_all;
}

/* Release the list taken with wrap_lock_tables. */
void wrap_unlock_tables(void)
{
    pthread_mutex_unlock(&wrap_all_lock);
}

/* Clear every thread's table, its call sites and its sampling state. */
static void wrap_reset(void)
{
    for (struct wrap_table *t = wrap_lock_tables(); t != NULL; t = t->next) {
        struct wrap_table *next = t->next;
        struct wrap_site_table *sites = t->sites;
        unsigned serial = t->serial;

        memset(t, 0, sizeof *t);
        t->next = next;
        t->sites = sites;
        t->serial = serial;
        if (sites != NULL)
            memset(sites, 0, sizeof *sites);
        wrap_seed_table(t);
    }
    wrap_unlock_tables();
}

/* Merge every thread's table into OUT, overflowing where the merged table
 * is full. */
static int wrap_snapshot(struct iccsprof_wrap_snapshot *out)
{
    static struct wrap_table merged; /* too large for the caller's stack */
    struct wrap_table *t = wrap_lock_tables();

    memset(out, 0, sizeof *out);
    memset(&merged, 0, sizeof merged);
    for (; t != NULL; t = t->next) {
        for (unsigned h = 0; h < ICCSPROF_NHELPERS; h++)
            out->nested[h] += t->nested[h];
        out->overflow_calls += t->overflow_calls;
        out->overflow_timed_calls += t->overflow_timed_calls;
        out->overflow_ticks += t->overflow_ticks;
        wrap_merge_contexts(out, t);
        for (unsigned i = 0; i < WRAP_SLOTS; i++) {
            const struct iccsprof_wrap_shape *src = &t->slot[i];
            struct iccsprof_wrap_shape *dst;
            int j;

            if (!t->used[i])
                continue;
            j = wrap_slot(&merged, src->helper, src->in_bits, src->out_bits);
            if (j < 0) {
                out->overflow_calls += src->calls;
                out->overflow_timed_calls += src->timed_calls;
                out->overflow_ticks += src->ticks;
                continue;
            }
            dst = &merged.slot[j];
            dst->calls += src->calls;
            dst->timed_calls += src->timed_calls;
            dst->ticks += src->ticks;
            dst->ticks_sq += src->ticks_sq;
            dst->outlier_calls += src->outlier_calls;
            dst->outlier_ticks += src->outlier_ticks;
            if (src->min_ticks < dst->min_ticks)
                dst->min_ticks = src->min_ticks;
        }
    }
    for (unsigned i = 0; i < WRAP_SLOTS; i++)
        if (merged.used[i]) {
            if (merged.slot[i].min_ticks == UINT64_MAX) /* no call timed */
                merged.slot[i].min_ticks = 0;
            out->shapes[out->nshapes++] = merged.slot[i];
            out->total_calls += merged.slot[i].calls;
        }
    wrap_unlock_tables();
    out->overflow_keys = out->overflow_calls != 0; /* at least one key did not fit */
    out->total_calls += out->overflow_calls;
    return 0;
}

/* The tick reader, for the driver's own spans. */
static uint64_t wrap_ticks(void)
{
    return wrap_tick();
}

/* Set the sampling rate; every thread's stride restarts from a new seed,
 * so successive runs draw different samples.  Like a reset, it is called
 * with accounting disabled and no helper call in flight. */
static int wrap_set_sampling(uint32_t k, uint32_t first_n)
{
    if (k == 0)
        return -1;
    wrap_k = k;
    wrap_first = first_n;
    wrap_seed = wrap_seed * 6364136223846793005ull + 1442695040888963407ull;
    for (struct wrap_table *t = wrap_lock_tables(); t != NULL; t = t->next) {
        memset(t->left, 0, sizeof t->left);
        wrap_seed_table(t);
    }
    wrap_unlock_tables();
    return 0;
}

/* Set the outlier rule; every shape's limit follows at once.  Like a
 * reset, it is called with accounting disabled and no helper call in
 * flight. */
static int wrap_set_outliers(uint32_t multiple, uint64_t margin_ticks)
{
    wrap_outlier_multiple = multiple;
    wrap_outlier_margin = margin_ticks;
    for (struct wrap_table *t = wrap_lock_tables(); t != NULL; t = t->next)
        for (unsigned i = 0; i < WRAP_SLOTS; i++)
            if (t->used[i])
                t->span[i] = wrap_outlier_span(t->slot[i].min_ticks);
    wrap_unlock_tables();
    return 0;
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
