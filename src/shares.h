/* shares.h - from the wrappers' raw sums to the figures of a record: the
 * time of a shape estimated from its timed calls, its sampling variance,
 * and shares compensated for the instrumentation's own cost. */
#ifndef ICCSPROF_SHARES_H
#define ICCSPROF_SHARES_H

#include <stdint.h>

/* The raw sums the wrappers keep for one shape or call site. */
struct share_sums {
    uint64_t calls, timed_calls;
    double ticks, ticks_sq; /* of the timed calls */
};

/* An estimated time and the variance of the estimate. */
struct share_estimate {
    double ticks, variance;
};

/* What the instrumentation costs, per call, in ticks. */
struct share_overhead {
    double inner;         /* reported by an empty timed region */
    double outer;         /* added to the caller by a timed call */
    double untimed_outer; /* added to the caller by a counted, untimed call */
    double callers;       /* added per timed call by call-site capture */
};

/* The denominator of compensated shares. */
struct share_basis {
    double op_ticks;      /* the operations' ticks as measured */
    double op_ticks_comp; /* the same without the instrumentation's cost */
    double inner;
};

/* Estimate the time of all of S's calls: the mean of its timed calls
 * times its calls, with the variance of that estimate (0 when every call
 * was timed: the sum is then exact). */
struct share_estimate share_estimate(const struct share_sums *s);

/* Add B's estimate to A's (independent samples: variances add). */
void share_add(struct share_estimate *a, const struct share_estimate *b);

/* The basis of shares for operations measured at OP_TICKS in total, whose
 * wrapped calls were CALLS, TIMED of them timed, at overhead O. */
struct share_basis share_basis(double op_ticks, uint64_t calls, uint64_t timed,
                               const struct share_overhead *o);

/* The share of the operations' time that E (over CALLS calls) took:
 * compensated (inner cost off each call, the instrumentation's cost off
 * the operations) and clamped to [0, 1]. */
double share_of(const struct share_basis *b, const struct share_estimate *e, uint64_t calls);

/* The raw share, E's ticks over the measured ticks, clamped. */
double share_raw(const struct share_basis *b, const struct share_estimate *e);

/* The standard error of share_of from E's variance. */
double share_stderr(const struct share_basis *b, const struct share_estimate *e);

#endif
