/* account.h - the accounting tables the shims share: per thread, the
 * shape table with its grouped rows, the nested and warming calls, the
 * nesting depth and the sampling state; their registry, snapshot and
 * reset. */
#ifndef ICCSPROF_WRAP_ACCOUNT_H
#define ICCSPROF_WRAP_ACCOUNT_H

#include <stdint.h>

#include "iccsprof/wrap.h"

#define WRAP_EXPORT __attribute__((visibility("default")))
/* A shim: in the dynamic symbol table, where the driver looks up which
 * helpers a library wraps, but not preemptible, so that the scheme's
 * calls that --wrap renamed to it bind to it directly.  The plain build's
 * calls of a helper take one PLT hop, to the helper; the profiled build's
 * take the same one, from the shim. */
#define WRAP_SHIM_EXPORT __attribute__((visibility("protected")))

/* Everything declared below is internal to the library: hidden, so the
 * shims reach it directly rather than through the GOT. */
#pragma GCC visibility push(hidden)

/* Open-addressing slots per thread table, twice the exact shapes and
 * classes kept; each helper's rest row follows them (WRAP_REST). */
#define WRAP_SLOTS (2 * (ICCSPROF_WRAP_MAX_SHAPES + ICCSPROF_WRAP_MAX_CLASSES))
#define WRAP_ROWS (WRAP_SLOTS + ICCSPROF_NHELPERS)
#define WRAP_REST(helper) (WRAP_SLOTS + (helper))

/* One thread's call sites (sites.h). */
struct wrap_site_table;

struct wrap_table {
    struct iccsprof_wrap_shape slot[WRAP_ROWS];
    uint32_t left[WRAP_ROWS]; /* calls to the next sampled one, per row, once drawn */
    /* Per row, the outlier limit less the row's min_ticks: one unsigned
     * compare of (ticks - min_ticks) against it catches both a new fastest
     * call and an outlier. */
    uint64_t span[WRAP_ROWS];
    uint8_t used[WRAP_ROWS];
    unsigned nshapes, nclasses; /* exact and class rows used */
    /* The key of the previous call (helper + 1; 0 before the first) and
     * its row: the common case is a repeat. */
    unsigned last_helper, last;
    uint64_t last_in, last_out;
    unsigned depth; /* wrapped calls in flight on this thread */
    uint64_t rng;   /* xorshift state of the sampling stride */
    /* Per helper, the calls made inside another wrapped call, and the
     * warming calls; a helper's other totals are its rows' sums, added up
     * by the snapshot, so that a call adds to one row only. */
    uint64_t nested[ICCSPROF_NHELPERS];
    uint64_t warm[ICCSPROF_NHELPERS];
    struct wrap_site_table *sites;
    struct iccsprof_wrap_context ctx[ICCSPROF_WRAP_MAX_CONTEXTS]; /* DRNG contexts seen */
    unsigned nctx;
    uint64_t ctx_other;      /* DRNG calls with contexts beyond ctx */
    unsigned serial;         /* the table's number, which seeds its stride */
    struct wrap_table *next; /* every thread's table, for snapshots */
};

/* Sampling: time the first wrap_first calls of a row, then about one in
 * wrap_k. */
extern uint32_t wrap_k, wrap_first;
/* Outliers: a timed call beyond wrap_outlier_multiple times its row's
 * fastest plus wrap_outlier_margin ticks; multiple 0 keeps every call. */
extern uint32_t wrap_outlier_multiple;
extern uint64_t wrap_outlier_margin;

/* This thread's table, or NULL before its first wrapped call.  Initial-exec
 * TLS makes it one %fs-relative load instead of a __tls_get_addr call; the
 * eight bytes fit the static TLS space glibc keeps for dlopened objects. */
extern __thread struct wrap_table *wrap_mine __attribute__((tls_model("initial-exec")));

/* Create and register this thread's table. */
struct wrap_table *wrap_new_table(void);
/* The row of a call's key, found or added (exact, else its class, else
 * its helper's rest), remembered as the last key. */
unsigned wrap_row(struct wrap_table *t, unsigned helper, uint64_t in_bits, uint64_t out_bits);
/* How a wrapped call is timed: not at all; timed and kept; or through
 * the timed path with its ticks dropped, to warm that path for the
 * sampled call that follows it in its row. */
enum wrap_timing { WRAP_UNTIMED = 0, WRAP_TIMED = 1, WRAP_WARMING = 2 };

/* How a call past a row's first wrap_first is timed under sampling; a
 * warming call is counted in its helper's warm. */
enum wrap_timing wrap_sampled(struct wrap_table *t, unsigned row);
/* A timed call outside its row's bounds: a new fastest call (kept, 0)
 * or an outlier (counted apart, 1). */
int wrap_set_apart(struct wrap_table *t, unsigned row, uint64_t ticks);
/* Count one accounted DRNG call under the context it was given. */
void wrap_note_context(struct wrap_table *t, const void *ctx);
/* Lock the list of every thread's table and return its head. */
struct wrap_table *wrap_lock_tables(void);
/* Release the list taken with wrap_lock_tables. */
void wrap_unlock_tables(void);
/* The query interface's reset (the call sites aside), snapshot,
 * set_sampling and set_outliers. */
void wrap_reset_tables(void);
int wrap_snapshot(struct iccsprof_wrap_snapshot *out);
int wrap_set_sampling(uint32_t k, uint32_t first_n);
int wrap_set_outliers(uint32_t multiple, uint64_t margin_ticks);

/* This thread's table, created on its first wrapped call. */
static inline struct wrap_table *wrap_table(void)
{
    struct wrap_table *t = wrap_mine;

    return __builtin_expect(t != NULL, 1) ? t : wrap_new_table();
}

#pragma GCC visibility pop

#endif
