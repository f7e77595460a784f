/* shares.c - estimates, variances and compensated shares. */
#include "config.h"

#include <math.h>

#include "shares.h"

/* Clamp a share to [0, 1]: compensation can push a tiny share below 0,
 * and helpers running on other threads can add up to more than 1. */
static double share_clamp(double x)
{
    return x < 0 ? 0 : x > 1 ? 1 : x;
}

/* Estimate the time of all of S's calls and the estimate's variance.
 * The variance is that of a mean of n draws without replacement from N
 * calls, scaled by N: N^2 * s^2 / n * (1 - n / N). */
struct share_estimate share_estimate(const struct share_sums *s)
{
    struct share_estimate e = {0, 0};
    double n = (double)s->timed_calls, big_n = (double)s->calls, mean, var;

    if (s->timed_calls == 0 || s->calls == 0)
        return e;
    mean = s->ticks / n;
    e.ticks = mean * big_n;
    if (s->timed_calls >= s->calls || s->timed_calls < 2)
        return e;
    var = (s->ticks_sq - n * mean * mean) / (n - 1);
    if (var > 0)
        e.variance = big_n * big_n * var / n * (1 - n / big_n);
    return e;
}

/* Add B's estimate to A's. */
void share_add(struct share_estimate *a, const struct share_estimate *b)
{
    a->ticks += b->ticks;
    a->variance += b->variance;
}

/* The basis of shares for operations measured at OP_TICKS in total. */
struct share_basis share_basis(double op_ticks, uint64_t calls, uint64_t timed,
                               const struct share_overhead *o)
{
    struct share_basis b;
    uint64_t untimed = calls > timed ? calls - timed : 0;

    b.op_ticks = op_ticks;
    b.op_ticks_comp =
        op_ticks - (double)timed * (o->outer + o->callers) - (double)untimed * o->untimed_outer;
    b.inner = o->inner;
    return b;
}

/* The compensated share of the operations' time that E took. */
double share_of(const struct share_basis *b, const struct share_estimate *e, uint64_t calls)
{
    if (b->op_ticks_comp <= 0)
        return 0;
    return share_clamp((e->ticks - (double)calls * b->inner) / b->op_ticks_comp);
}

/* The raw share, E's ticks over the measured ticks. */
double share_raw(const struct share_basis *b, const struct share_estimate *e)
{
    return b->op_ticks > 0 ? share_clamp(e->ticks / b->op_ticks) : 0;
}

/* The standard error of share_of from E's variance. */
double share_stderr(const struct share_basis *b, const struct share_estimate *e)
{
    return b->op_ticks_comp > 0 ? sqrt(e->variance) / b->op_ticks_comp : 0;
}
