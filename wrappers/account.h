/* account.h - the accounting the shims share: nesting depth, per-thread
 * shape tables, and the enter/leave pair around each wrapped call. */
#ifndef ICCSPROF_WRAP_ACCOUNT_H
#define ICCSPROF_WRAP_ACCOUNT_H

#include <stdint.h>

#include "iccsprof/wrap.h"
#include "tick.h"

#define WRAP_EXPORT __attribute__((visibility("default")))

/* Open-addressing slots per thread table: twice the shapes kept. */
#define WRAP_SLOTS (2 * ICCSPROF_WRAP_MAX_SHAPES)

struct wrap_table {
    struct iccsprof_wrap_shape slot[WRAP_SLOTS];
    uint8_t used[WRAP_SLOTS];
    unsigned nshapes;
    uint64_t nested[ICCSPROF_NHELPERS];
    uint64_t overflow_calls, overflow_ticks;
    struct wrap_table *next; /* every thread's table, for snapshots */
};

/* Non-zero while the driver measures; read on every wrapped call. */
extern volatile int wrap_enabled;

/* One wrapped call in flight. */
struct wrap_call {
    struct wrap_table *table;
    uint64_t start;
    int outer;
};

/* This thread's table, created and registered on first use. */
struct wrap_table *wrap_thread_table(void);

/* Add one outermost call of a shape to TABLE. */
void wrap_record(struct wrap_table *table, unsigned helper, uint64_t in_bits, uint64_t out_bits,
                 uint64_t ticks);

/* Measure, once, what the instrumentation adds per call. */
void wrap_measure_overhead(struct iccsprof_wrap_overhead *out);

/* Per-thread nesting depth of wrapped calls. */
extern __thread unsigned wrap_depth;

/* Start a wrapped call: only the outermost one reads the clock. */
static inline void wrap_enter(struct wrap_call *c)
{
    c->outer = wrap_depth++ == 0;
    c->table = NULL;
    if (c->outer)
        c->start = wrap_tick();
}

/* Finish a wrapped call: time and key an outer call, count a nested one. */
static inline void wrap_leave(struct wrap_call *c, unsigned helper, uint64_t in_bits,
                              uint64_t out_bits)
{
    uint64_t end = c->outer ? wrap_tick() : 0;
    struct wrap_table *t = c->table != NULL ? c->table : wrap_thread_table();

    wrap_depth--;
    if (c->outer)
        wrap_record(t, helper, in_bits, out_bits, end - c->start);
    else
        t->nested[helper]++;
}

#endif
