/* call.h - the begin/end pair around each wrapped call: the hot path the
 * shims and the overhead measurement share. */
#ifndef ICCSPROF_WRAP_CALL_H
#define ICCSPROF_WRAP_CALL_H

#include <stdint.h>

#include "account.h"
#include "sites.h"
#include "tick.h"

#pragma GCC visibility push(hidden)

/* Non-zero while the driver measures (api.c); read on every wrapped call. */
extern volatile int wrap_enabled;

/* One wrapped call in flight. */
struct wrap_call {
    struct wrap_table *table;
    struct iccsprof_wrap_shape *shape; /* its row; NULL for a nested call */
    struct iccsprof_wrap_site *site;   /* NULL: not captured */
    uint64_t start, stop;              /* a timed call's tick reads */
    unsigned row;                      /* of shape */
    enum wrap_timing timed;
};

/* Start a wrapped call in table T: count it in its helper's totals and its
 * row, and decide whether it is timed (an outermost call only; WRAP_CALL
 * reads the clock).  RET is the shim's return address, the depth-1 call
 * site. */
static inline void wrap_begin(struct wrap_call *c, struct wrap_table *t, unsigned helper,
                              uint64_t in_bits, uint64_t out_bits, void *ret)
{
    unsigned i;

    c->table = t;
    c->shape = NULL;
    c->site = NULL;
    c->timed = WRAP_UNTIMED;
    if (t->depth++ != 0) {
        t->total[helper].nested++;
        return;
    }
    t->total[helper].calls++;
    i = t->last_helper == helper + 1 && t->last_in == in_bits && t->last_out == out_bits
            ? t->last
            : wrap_row(t, helper, in_bits, out_bits);
    c->row = i;
    c->shape = &t->slot[i];
    c->shape->calls++;
    c->timed = wrap_k == 1 || c->shape->calls <= wrap_first ? WRAP_TIMED : wrap_sampled(t, i);
    if (__builtin_expect(wrap_callers != 0, 0))
        c->site = wrap_capture(t, helper, ret);
}

/* Run STMT, the helper's call, timed when C is timed or warming: the
 * branch that says so comes before the first tick read and each side has
 * a call of its own, so that the return lands where it was predicted to
 * and nothing between the call and the second read waits on a branch.
 * A timed call after untimed ones would otherwise pay a mispredicted
 * branch inside its timed region, which a tight loop of timed calls
 * never does. */
#define WRAP_CALL(c, stmt)                                                                         \
    do {                                                                                           \
        if (__builtin_expect((c)->timed != WRAP_UNTIMED, 0)) {                                     \
            (c)->start = wrap_tick();                                                              \
            stmt;                                                                                  \
            (c)->stop = wrap_tick();                                                               \
        } else {                                                                                   \
            stmt;                                                                                  \
        }                                                                                          \
    } while (0)

/* Finish a wrapped call: add a timed call's ticks to its row, its
 * helper's totals and its site, or to its row's outliers; a warming
 * call's are dropped. */
static inline void wrap_end(struct wrap_call *c)
{
    struct wrap_table *t = c->table;

    if (c->timed == WRAP_TIMED) {
        uint64_t ticks = c->stop - c->start;
        struct iccsprof_wrap_shape *s = c->shape;

        if (__builtin_expect(ticks - s->min_ticks > t->span[c->row], 0) &&
            wrap_set_apart(t, c->row, ticks)) {
            c->site = NULL; /* an outlier's ticks stay out of its site's sums too */
        } else {
            s->timed_calls++;
            s->ticks += ticks;
            s->ticks_sq += (double)ticks * (double)ticks;
            t->total[s->helper].timed_calls++;
            t->total[s->helper].ticks += ticks;
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
        WRAP_CALL(&c_, r_ = real_call);                                                            \
        wrap_end(&c_);                                                                             \
        return r_;                                                                                 \
    } while (0)

#pragma GCC visibility pop

#endif
