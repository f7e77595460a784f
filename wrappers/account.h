/* account.h - the accounting the shims share: per-thread shape tables with
 * their nesting depth, sampling and call-site capture, and the begin/end
 * pair around each wrapped call. */
#ifndef ICCSPROF_WRAP_ACCOUNT_H
#define ICCSPROF_WRAP_ACCOUNT_H

#include <stdint.h>

#include "iccsprof/wrap.h"
#include "tick.h"

#define WRAP_EXPORT __attribute__((visibility("default")))

/* Everything declared below is internal to the library: hidden, so the
 * shims reach it directly rather than through the GOT. */
#pragma GCC visibility push(hidden)

/* Open-addressing slots per thread table: twice the entries kept. */
#define WRAP_SLOTS (2 * ICCSPROF_WRAP_MAX_SHAPES)
#define WRAP_SITE_SLOTS (2 * ICCSPROF_WRAP_MAX_SITES)

/* One thread's call sites, allocated when it first captures one. */
struct wrap_site_table {
    struct iccsprof_wrap_site slot[WRAP_SITE_SLOTS];
    unsigned nsites;
    struct iccsprof_wrap_site overflow; /* the calls of sites that did not fit */
};

struct wrap_table {
    struct iccsprof_wrap_shape slot[WRAP_SLOTS];
    uint32_t left[WRAP_SLOTS]; /* calls until the next sampled one, per slot */
    /* Per slot, the outlier limit less the slot's min_ticks: one unsigned
     * compare of (ticks - min_ticks) against it catches both a new fastest
     * call and an outlier. */
    uint64_t span[WRAP_SLOTS];
    uint8_t used[WRAP_SLOTS];
    unsigned nshapes;
    unsigned last;  /* slot of the previous call: the common case is a repeat */
    unsigned depth; /* wrapped calls in flight on this thread */
    uint64_t rng;   /* xorshift state of the sampling stride */
    uint64_t nested[ICCSPROF_NHELPERS];
    uint64_t overflow_calls, overflow_timed_calls, overflow_ticks;
    struct wrap_site_table *sites;
    struct iccsprof_wrap_context ctx[ICCSPROF_WRAP_MAX_CONTEXTS]; /* DRNG contexts seen */
    unsigned nctx;
    uint64_t ctx_other;      /* DRNG calls with contexts beyond ctx */
    unsigned serial;         /* the table's number, which seeds its stride */
    struct wrap_table *next; /* every thread's table, for snapshots */
};

/* Non-zero while the driver measures; read on every wrapped call. */
extern volatile int wrap_enabled;
/* Sampling: time the first wrap_first calls of a shape, then about one in
 * wrap_k. */
extern uint32_t wrap_k, wrap_first;
/* Frames of call-site chains; 0 when the capture is off. */
extern uint32_t wrap_callers;
/* Outliers: a timed call beyond wrap_outlier_multiple times its shape's
 * fastest plus wrap_outlier_margin ticks; multiple 0 keeps every call. */
extern uint32_t wrap_outlier_multiple;
extern uint64_t wrap_outlier_margin;

/* This thread's table, or NULL before its first wrapped call.  Initial-exec
 * TLS makes it one %fs-relative load instead of a __tls_get_addr call; the
 * eight bytes fit the static TLS space glibc keeps for dlopened objects. */
extern __thread struct wrap_table *wrap_mine __attribute__((tls_model("initial-exec")));

/* One wrapped call in flight. */
struct wrap_call {
    struct wrap_table *table;
    struct iccsprof_wrap_shape *shape; /* NULL: overflow or nested */
    struct iccsprof_wrap_site *site;   /* NULL: not captured */
    uint64_t start;
    unsigned slot; /* of shape */
    int outer, timed;
};

/* Create and register this thread's table. */
struct wrap_table *wrap_new_table(void);
/* Find or add the slot of a key; -1 when the table holds its maximum. */
int wrap_slot(struct wrap_table *t, unsigned helper, uint64_t in_bits, uint64_t out_bits);
/* Whether a call past a shape's first wrap_first is sampled. */
int wrap_sampled(struct wrap_table *t, unsigned slot);
/* A timed call outside its slot's bounds: a new fastest call (kept, 0)
 * or an outlier (counted apart, 1). */
int wrap_set_apart(struct wrap_table *t, unsigned slot, uint64_t ticks);
/* Count one outermost call at its call site; NULL when not kept. */
struct iccsprof_wrap_site *wrap_capture(struct wrap_table *t, unsigned helper, void *ret);
/* Count one accounted DRNG call under the context it was given. */
void wrap_note_context(struct wrap_table *t, const void *ctx);
/* Measure, once, what the instrumentation adds per call. */
void wrap_measure_overhead(struct iccsprof_wrap_overhead *out);
/* Lock the list of every thread's table and return its head. */
struct wrap_table *wrap_lock_tables(void);
/* Release the list taken with wrap_lock_tables. */
void wrap_unlock_tables(void);
/* The query interface's set_callers and sites. */
int wrap_set_callers(uint32_t depth);
int wrap_get_sites(struct iccsprof_wrap_sites *out);

/* This thread's table, created on its first wrapped call. */
static inline struct wrap_table *wrap_table(void)
{
    struct wrap_table *t = wrap_mine;

    return __builtin_expect(t != NULL, 1) ? t : wrap_new_table();
}

/* Start a wrapped call in table T: count it, and read the clock only for
 * an outermost call that is timed.  RET is the shim's return address, the
 * depth-1 call site. */
static inline void wrap_begin(struct wrap_call *c, struct wrap_table *t, unsigned helper,
                              uint64_t in_bits, uint64_t out_bits, void *ret)
{
    int i;

    c->table = t;
    c->shape = NULL;
    c->site = NULL;
    c->outer = t->depth++ == 0;
    c->timed = 0;
    if (!c->outer) {
        t->nested[helper]++;
        return;
    }
    i = t->used[t->last] && t->slot[t->last].helper == helper &&
                t->slot[t->last].in_bits == in_bits && t->slot[t->last].out_bits == out_bits
            ? (int)t->last
            : wrap_slot(t, helper, in_bits, out_bits);
    if (i < 0) {
        /* a key that did not fit has no state to sample by: time them all */
        t->overflow_calls++;
        c->timed = 1;
    } else {
        t->last = (unsigned)i;
        c->slot = (unsigned)i;
        c->shape = &t->slot[i];
        c->shape->calls++;
        c->timed = wrap_k == 1 || c->shape->calls <= wrap_first || wrap_sampled(t, (unsigned)i);
    }
    if (__builtin_expect(wrap_callers != 0, 0))
        c->site = wrap_capture(t, helper, ret);
    if (c->timed)
        c->start = wrap_tick();
}

/* Finish a wrapped call: add a timed call's ticks to its shape and site,
 * or to its shape's outliers. */
static inline void wrap_end(struct wrap_call *c)
{
    struct wrap_table *t = c->table;

    if (c->timed) {
        uint64_t ticks = wrap_tick() - c->start;

        if (c->shape == NULL) {
            t->overflow_timed_calls++;
            t->overflow_ticks += ticks;
        } else if (__builtin_expect(ticks - c->shape->min_ticks > t->span[c->slot], 0) &&
                   wrap_set_apart(t, c->slot, ticks)) {
            c->site = NULL; /* an outlier's ticks stay out of its site's sums too */
        } else {
            c->shape->timed_calls++;
            c->shape->ticks += ticks;
            c->shape->ticks_sq += (double)ticks * (double)ticks;
        }
        if (c->site != NULL) {
            c->site->timed_calls++;
            c->site->ticks += ticks;
        }
    }
    t->depth--;
}

/* The accounted call of a shim: out of line from the shim, whose disabled
 * path then saves no register and ends in a jump to the helper. */
#define WRAP_ACCOUNT(helper, in_bits, out_bits, ret, real_call)                                    \
    do {                                                                                           \
        struct wrap_call c_;                                                                       \
        int r_;                                                                                    \
                                                                                                   \
        wrap_begin(&c_, wrap_table(), helper, in_bits, out_bits, ret);                             \
        r_ = real_call;                                                                            \
        wrap_end(&c_);                                                                             \
        return r_;                                                                                 \
    } while (0)

#pragma GCC visibility pop

#endif
