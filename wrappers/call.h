/* call.h - the accounting around each wrapped call: the hot path the
 * shims and the overhead measurement share.
 *
 * A shim's accounted call is split in two functions.  The counted one
 * (WRAP_COUNTED) takes the common call under sampling: an outermost call
 * with the previous call's key, neither timed nor captured.  It counts it
 * and makes it with nothing live across the call but the table, so that
 * it saves one register and calls nothing else.  Every other call goes on
 * to the accounted one (WRAP_ACCOUNTED), which counts nested calls apart,
 * finds the call's row, decides how it is timed, captures its site and
 * reads the clock around it. */
#ifndef ICCSPROF_WRAP_CALL_H
#define ICCSPROF_WRAP_CALL_H

#include <stdint.h>

#include "account.h"
#include "sites.h"
#include "tick.h"

#pragma GCC visibility push(hidden)

/* Non-zero while the driver measures (api.c); read on every wrapped call. */
extern volatile int wrap_enabled;

/* Whether a call of HELPER keyed (IN_BITS, OUT_BITS) has the key of T's
 * previous call, whose row is T's last. */
static inline int wrap_same_key(const struct wrap_table *t, unsigned helper, uint64_t in_bits,
                                uint64_t out_bits)
{
    return t->last_helper == helper + 1 && t->last_in == in_bits && t->last_out == out_bits;
}

/* Whether a call of HELPER keyed (IN_BITS, OUT_BITS) in table T is only
 * counted, and if so count it: it is outermost, its key is the previous
 * call's, its row's stride, drawn by wrap_sampled, has more than two calls
 * to go (so the row is sampled and past its first calls), and no call site
 * is wanted.  The stride moves on here as wrap_sampled would move it. */
static inline int wrap_only_counted(struct wrap_table *t, unsigned helper, uint64_t in_bits,
                                    uint64_t out_bits)
{
    unsigned i = t->last;

    if (__builtin_expect(t->depth == 0 && wrap_same_key(t, helper, in_bits, out_bits) &&
                             t->left[i] > 2 && wrap_callers == 0,
                         1)) {
        t->slot[i].calls++;
        t->left[i]--;
        return 1;
    }
    return 0;
}

/* The body of a shim's counted call: STMT, the helper's call, made with
 * the depth raised when this thread's table t_ says the call is only
 * counted and READY, a test of t_ and the call, holds; NOTE, a statement,
 * then counts what READY found.  Else RESULT is ACCOUNTED, the shim's
 * accounted call. */
#define WRAP_COUNTED(helper, in_bits, out_bits, ready, note, result, stmt, accounted)              \
    do {                                                                                           \
        struct wrap_table *t_ = wrap_mine;                                                         \
                                                                                                   \
        if (__builtin_expect(t_ == NULL, 0) || !(ready) ||                                         \
            !wrap_only_counted(t_, helper, in_bits, out_bits)) {                                   \
            result = accounted;                                                                    \
            break;                                                                                 \
        }                                                                                          \
        note;                                                                                      \
        t_->depth++;                                                                               \
        stmt;                                                                                      \
        t_->depth--;                                                                               \
    } while (0)

/* Count an outermost call of HELPER keyed (IN_BITS, OUT_BITS) in its row
 * of T and return the row: the common case is the previous call's key. */
static inline unsigned wrap_count(struct wrap_table *t, unsigned helper, uint64_t in_bits,
                                  uint64_t out_bits)
{
    unsigned i = wrap_same_key(t, helper, in_bits, out_bits)
                     ? t->last
                     : wrap_row(t, helper, in_bits, out_bits);

    t->slot[i].calls++;
    return i;
}

/* How an outermost call in row I of T is timed: every call at K = 1 and
 * a row's first calls, else as its stride says. */
static inline enum wrap_timing wrap_timing_of(struct wrap_table *t, unsigned i)
{
    return wrap_k == 1 || t->slot[i].calls <= wrap_first ? WRAP_TIMED : wrap_sampled(t, i);
}

/* Add a timed call's TICKS to row I of T, or to its outliers; to SITE
 * (when captured) unless it is an outlier. */
static inline void wrap_add_timed(struct wrap_table *t, unsigned i, uint64_t ticks,
                                  struct iccsprof_wrap_site *site)
{
    struct iccsprof_wrap_shape *s = &t->slot[i];

    if (__builtin_expect(ticks - s->min_ticks > t->span[i], 0) && wrap_set_apart(t, i, ticks))
        return;
    s->timed_calls++;
    s->ticks += ticks;
    s->ticks_sq += (double)ticks * (double)ticks;
    if (site != NULL) {
        site->timed_calls++;
        site->ticks += ticks;
    }
}

/* The body of a shim's accounted call of HELPER keyed (IN_BITS, OUT_BITS)
 * in table T: a nested call is counted apart and made; an outermost one
 * is counted in its row and timed, warmed or made as the row says, its
 * site captured when call sites are on (RET being the shim's return
 * address, the depth-1 site).  STMT, the helper's call, sits between the
 * tick reads on the timed path; the branch that chooses the path comes
 * before the first read and each side has a call of its own, so that the
 * return lands where it was predicted to and nothing between the call and
 * the second read waits on a branch.  A timed call after untimed ones
 * would otherwise pay a mispredicted branch inside its timed region,
 * which a tight loop of timed calls never does.  A warming call's ticks
 * are dropped. */
#define WRAP_ACCOUNTED(t, helper, in_bits, out_bits, ret, stmt)                                    \
    do {                                                                                           \
        enum wrap_timing timing_ = WRAP_UNTIMED;                                                   \
        struct iccsprof_wrap_site *site_ = NULL;                                                   \
        unsigned row_ = 0;                                                                         \
                                                                                                   \
        if (__builtin_expect((t)->depth == 0, 1)) {                                                \
            row_ = wrap_count(t, helper, in_bits, out_bits);                                       \
            timing_ = wrap_timing_of(t, row_);                                                     \
            if (__builtin_expect(wrap_callers != 0, 0))                                            \
                site_ = wrap_capture(t, helper, ret);                                              \
        } else {                                                                                   \
            (t)->nested[helper]++;                                                                 \
        }                                                                                          \
        (t)->depth++;                                                                              \
        if (__builtin_expect(timing_ != WRAP_UNTIMED, 1)) {                                        \
            uint64_t start_ = wrap_tick(), stop_;                                                  \
                                                                                                   \
            stmt;                                                                                  \
            stop_ = wrap_tick();                                                                   \
            if (timing_ == WRAP_TIMED)                                                             \
                wrap_add_timed(t, row_, stop_ - start_, site_);                                    \
        } else {                                                                                   \
            stmt;                                                                                  \
        }                                                                                          \
        (t)->depth--;                                                                              \
    } while (0)

#pragma GCC visibility pop

#endif
