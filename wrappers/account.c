/* account.c - per-thread accounting tables: the shape table and its
 * grouped rows, the nested and warming calls, the DRNG contexts; their
 * snapshot, reset, sampling and outlier settings.
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

uint32_t wrap_k = 1, wrap_first = 64;
uint32_t wrap_outlier_multiple;
uint64_t wrap_outlier_margin;
__thread struct wrap_table *wrap_mine __attribute__((tls_model("initial-exec")));

static struct wrap_table *wrap_all;
static pthread_mutex_t wrap_all_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t wrap_seed = 0x2545f4914f6cdd1dull;
static struct wrap_table wrap_fallback; /* for a thread whose table cannot be allocated */
static unsigned wrap_tables_made;       /* numbers the tables, for their seeds */

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

/* Hash of a row's key, for the open-addressing table. */
static unsigned wrap_hash(unsigned helper, unsigned kind, uint64_t in_bits, uint64_t out_bits)
{
    uint64_t h = (in_bits * 0x9e3779b97f4a7c15ull) ^ (out_bits * 0xc2b2ae3d27d4eb4full) ^
                 (helper | kind << 2);

    return (unsigned)((h ^ (h >> 29)) % WRAP_SLOTS);
}

/* Start row I of T with its key. */
static void wrap_start_row(struct wrap_table *t, unsigned i, unsigned helper, unsigned kind,
                           uint64_t in_bits, uint64_t out_bits)
{
    struct iccsprof_wrap_shape *s = &t->slot[i];

    t->used[i] = 1;
    s->helper = helper;
    s->kind = kind;
    s->in_bits = in_bits;
    s->out_bits = out_bits;
    s->min_ticks = UINT64_MAX; /* so that the first timed call sets it */
    t->span[i] = 0;
}

/* Find the row of (HELPER, KIND, IN_BITS, OUT_BITS), or add it while
 * *COUNT is below MAX; -1 when it is absent and there is no room. */
static int wrap_lookup(struct wrap_table *t, unsigned helper, unsigned kind, uint64_t in_bits,
                       uint64_t out_bits, unsigned *count, unsigned max)
{
    unsigned i = wrap_hash(helper, kind, in_bits, out_bits);

    for (;;) {
        const struct iccsprof_wrap_shape *s = &t->slot[i];

        if (!t->used[i]) {
            if (*count == max)
                return -1;
            ++*count;
            wrap_start_row(t, i, helper, kind, in_bits, out_bits);
            return (int)i;
        }
        if (s->helper == helper && s->kind == kind && s->in_bits == in_bits &&
            s->out_bits == out_bits)
            return (int)i;
        i = (i + 1) % WRAP_SLOTS;
    }
}

/* The power-of-two class of a length: its highest set bit (0 for 0). */
static uint64_t wrap_class(uint64_t bits)
{
    return bits == 0 ? 0 : 1ull << (63 - __builtin_clzll(bits));
}

/* The row that takes a row of KIND keyed (IN_BITS, OUT_BITS): the exact
 * row while there is room for one, else the row of its classes while
 * there is room for one, else its helper's rest.  A class's bounds are
 * their own class, so a class row of another table lands in the same
 * class here. */
static unsigned wrap_place(struct wrap_table *t, unsigned helper, unsigned kind, uint64_t in_bits,
                           uint64_t out_bits)
{
    int i = -1;

    if (kind == ICCSPROF_SHAPE_EXACT)
        i = wrap_lookup(t, helper, kind, in_bits, out_bits, &t->nshapes, ICCSPROF_WRAP_MAX_SHAPES);
    if (i < 0 && kind != ICCSPROF_SHAPE_REST)
        i = wrap_lookup(t, helper, ICCSPROF_SHAPE_CLASS, wrap_class(in_bits), wrap_class(out_bits),
                        &t->nclasses, ICCSPROF_WRAP_MAX_CLASSES);
    if (i >= 0)
        return (unsigned)i;
    if (!t->used[WRAP_REST(helper)])
        wrap_start_row(t, WRAP_REST(helper), helper, ICCSPROF_SHAPE_REST, 0, 0);
    return WRAP_REST(helper);
}

/* The row of a call's key, remembered as the last key. */
unsigned wrap_row(struct wrap_table *t, unsigned helper, uint64_t in_bits, uint64_t out_bits)
{
    t->last = wrap_place(t, helper, ICCSPROF_SHAPE_EXACT, in_bits, out_bits);
    t->last_helper = helper + 1;
    t->last_in = in_bits;
    t->last_out = out_bits;
    return t->last;
}

/* How a call past a row's first wrap_first is timed: the gaps between
 * sampled calls are drawn uniform in [1, 2k - 1] (mean k) from a
 * per-thread xorshift, so a periodic pattern in the calls cannot line up
 * with the samples; the call before a sampled one warms the timed path
 * (WRAP_WARMING).  A sampled call among untimed ones otherwise finds the
 * timed path's code, its call and its return cold, and its region holds
 * that: 30 to 45 ticks a call at K = 32 on call-dense schemes, a share
 * 2 to 4 points high, against none in the tight loop that gives the
 * inner cost.  Which calls are sampled does not change; a warming call
 * is counted in its helper's warm_calls. */
enum wrap_timing wrap_sampled(struct wrap_table *t, unsigned row)
{
    if (t->left[row] == 0) {
        uint64_t x = t->rng;

        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        t->rng = x;
        t->left[row] = 1 + (uint32_t)(((x >> 32) * (2 * (uint64_t)wrap_k - 1)) >> 32);
    }
    if (--t->left[row] == 0)
        return WRAP_TIMED;
    if (t->left[row] > 1)
        return WRAP_UNTIMED;
    t->warm[t->slot[row].helper]++;
    return WRAP_WARMING;
}

/* The outlier limit of row S whose fastest call took MIN ticks, less
 * MIN; saturated, so that a limit past the counter's range (outliers
 * turned off, or a rest row, whose keys' costs have no bound in common)
 * sets nothing apart. */
static uint64_t wrap_outlier_span(const struct iccsprof_wrap_shape *s, uint64_t min)
{
    uint64_t m = wrap_outlier_multiple;

    if (m == 0 || s->kind == ICCSPROF_SHAPE_REST || min > (UINT64_MAX - wrap_outlier_margin) / m)
        return UINT64_MAX - min;
    return min * m + wrap_outlier_margin - min;
}

/* A timed call outside its row's bounds.  Beyond the limit it is an
 * outlier, counted apart (1), in the row and in its helper's totals.
 * Below the fastest call so far it becomes the reference (0, kept): the
 * calls kept so far each took at least the previous fastest, so when that
 * is itself beyond the new limit (the row's first calls were all
 * preempted) every one of them is an outlier; otherwise each was within a
 * few times the true cost. */
int wrap_set_apart(struct wrap_table *t, unsigned row, uint64_t ticks)
{
    struct iccsprof_wrap_shape *s = &t->slot[row];
    uint64_t previous = s->min_ticks;

    if (ticks >= previous) {
        s->outlier_calls++;
        s->outlier_ticks += ticks;
        return 1;
    }
    s->min_ticks = ticks;
    t->span[row] = wrap_outlier_span(s, ticks);
    if (previous - ticks > t->span[row] && s->timed_calls != 0) {
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

/* Clear every thread's table and its sampling state; its call sites are
 * sites.c's to clear. */
void wrap_reset_tables(void)
{
    for (struct wrap_table *t = wrap_lock_tables(); t != NULL; t = t->next) {
        struct wrap_table *next = t->next;
        struct wrap_site_table *sites = t->sites;
        unsigned serial = t->serial;

        memset(t, 0, sizeof *t);
        t->next = next;
        t->sites = sites;
        t->serial = serial;
        wrap_seed_table(t);
    }
    wrap_unlock_tables();
}

/* Add table T's nested and warming calls to OUT's totals. */
static void wrap_merge_apart(struct iccsprof_wrap_snapshot *out, const struct wrap_table *t)
{
    for (unsigned h = 0; h < ICCSPROF_NHELPERS; h++) {
        out->helpers[h].nested += t->nested[h];
        out->helpers[h].warm_calls += t->warm[h];
    }
}

/* Add row S to its helper's totals in OUT. */
static void wrap_total_row(struct iccsprof_wrap_snapshot *out, const struct iccsprof_wrap_shape *s)
{
    struct iccsprof_wrap_total *dst = &out->helpers[s->helper];

    dst->calls += s->calls;
    dst->timed_calls += s->timed_calls;
    dst->ticks += s->ticks;
    dst->outlier_calls += s->outlier_calls;
    dst->outlier_ticks += s->outlier_ticks;
    out->total_calls += s->calls;
}

/* Add table T's rows to MERGED, each in the row wrap_place gives it
 * there: a key exact in one thread's table may be grouped in the merged
 * one, never lost. */
static void wrap_merge_rows(struct wrap_table *merged, const struct wrap_table *t)
{
    for (unsigned i = 0; i < WRAP_ROWS; i++) {
        const struct iccsprof_wrap_shape *src = &t->slot[i];
        struct iccsprof_wrap_shape *dst;

        if (!t->used[i])
            continue;
        dst =
            &merged->slot[wrap_place(merged, src->helper, src->kind, src->in_bits, src->out_bits)];
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

/* Merge every thread's rows, nested and warming calls and DRNG contexts
 * into OUT; a helper's other totals are the sums of its merged rows. */
int wrap_snapshot(struct iccsprof_wrap_snapshot *out)
{
    static struct wrap_table merged; /* too large for the caller's stack */

    memset(out, 0, sizeof *out);
    memset(&merged, 0, sizeof merged);
    for (struct wrap_table *t = wrap_lock_tables(); t != NULL; t = t->next) {
        wrap_merge_apart(out, t);
        wrap_merge_contexts(out, t);
        wrap_merge_rows(&merged, t);
    }
    wrap_unlock_tables();
    for (unsigned i = 0; i < WRAP_ROWS; i++)
        if (merged.used[i]) {
            if (merged.slot[i].min_ticks == UINT64_MAX) /* no call timed */
                merged.slot[i].min_ticks = 0;
            out->shapes[out->nshapes++] = merged.slot[i];
            wrap_total_row(out, &merged.slot[i]);
        }
    return 0;
}

/* Set the sampling rate; every thread's stride restarts from a new seed,
 * so successive runs draw different samples.  Like a reset, it is called
 * with accounting disabled and no helper call in flight. */
int wrap_set_sampling(uint32_t k, uint32_t first_n)
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

/* Set the outlier rule; every row's limit follows at once.  Like a
 * reset, it is called with accounting disabled and no helper call in
 * flight. */
int wrap_set_outliers(uint32_t multiple, uint64_t margin_ticks)
{
    wrap_outlier_multiple = multiple;
    wrap_outlier_margin = margin_ticks;
    for (struct wrap_table *t = wrap_lock_tables(); t != NULL; t = t->next)
        for (unsigned i = 0; i < WRAP_ROWS; i++)
            if (t->used[i])
                t->span[i] = wrap_outlier_span(&t->slot[i], t->slot[i].min_ticks);
    wrap_unlock_tables();
    return 0;
}
