/* shares.h - from the wrappers' raw sums to the figures of a record: the
 * time of a shape estimated from its timed calls, its sampling variance,
 * and shares compensated for the instrumentation's own cost. */
#ifndef ICCSPROF_SHARES_H
#define ICCSPROF_SHARES_H

#include <stddef.h>
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

/* The denominator of shares, and what each timed call's own ticks hold
 * of the instrumentation. */
struct share_basis {
    double op_ticks;       /* the operations' ticks with the wrappers on */
    double baseline_ticks; /* the same operations' ticks with them off */
    double inner;          /* reported by an empty timed region */
};

/* Estimate the time of all of S's calls: the mean of its timed calls
 * times its calls, with the variance of that estimate (0 when every call
 * was timed: the sum is then exact). */
struct share_estimate share_estimate(const struct share_sums *s);

/* Add B's estimate to A's (independent samples: variances add). */
void share_add(struct share_estimate *a, const struct share_estimate *b);

/* The basis of shares: the operations took OP_TICKS with the wrappers on
 * and BASELINE_TICKS with them off; an empty timed region reports INNER. */
struct share_basis share_basis(double op_ticks, double baseline_ticks, double inner);

/* Why what the instrumentation added per operation, ADDED ticks, cannot
 * be taken off operations that would then be left with BASELINE_TICKS,
 * of which the helpers' calls took HELPER_TICKS (their timed regions
 * less the inner cost, over the same operations): a cost that is
 * negative, that leaves nothing of the operations (a few pairs on a busy
 * machine), or that leaves less than the helpers took by more than
 * SHARE_OVER_WHOLE (a share over 100 % is no share: cut to 100 % it would
 * read as a finding); NULL when it can.  The shares are then the raw
 * ones.  A cost within its error of zero is taken off all the same:
 * leaving it on would bias the share by as much as taking it off may
 * err, and its error is part of the share's uncertainty. */
const char *share_doubt(double added, double baseline_ticks, double helper_ticks);

/* How far past the whole operation the helpers' compensated time may go
 * before the compensation is doubted: the noise of an operation that is
 * all hashing (whose share is 100 %). */
#define SHARE_OVER_WHOLE 0.05

/* The share of the operations' time that E (over CALLS calls) took,
 * compensated: the inner cost off each call, over the baseline, the
 * operations' time without the instrumentation; clamped to [0, 1]. */
double share_of(const struct share_basis *b, const struct share_estimate *e, uint64_t calls);

/* The raw share, E's ticks over the ticks measured with the wrappers on,
 * clamped. */
double share_raw(const struct share_basis *b, const struct share_estimate *e);

/* The standard error of share_of from E's variance. */
double share_stderr(const struct share_basis *b, const struct share_estimate *e);

/* The standard error that compensating OPS operations for ADDED_SE ticks
 * of error each gives a share SHARE over the basis B. */
double share_compensation_stderr(const struct share_basis *b, double share, double ops,
                                 double added_se);

/* One trial of a profile pass: its pairs, the ticks of their operations
 * with the wrappers on, what the instrumentation added to each by the
 * trial's own pairs, and one group of helpers' ticks and calls. */
struct share_trial {
    double pairs, ticks, added, helper_ticks, helper_calls;
};

/* The compensated share of T's helpers: their ticks less INNER per call
 * over the operations' ticks less what was added to each; with INNER < 0
 * (the pass's compensation not applied), the raw share. */
double share_of_trial(const struct share_trial *t, double inner);

/* The 95 % half-width of a share's uncertainty, clamped to 1.  From N
 * trials' shares TRIAL (the same share from successive parts of the
 * measurement, N >= 2): Student's t over the standard error of their
 * mean, with the sampling's standard error SAMPLING_SE beside it (a
 * trial's untimed calls are estimated from the whole pass's timed ones,
 * so their spread does not show all of it).  With fewer trials, the
 * normal quantile over SAMPLING_SE and the compensation's COMPENSATION_SE. */
double share_uncertainty(const double *trial, size_t n, double sampling_se, double compensation_se);

#endif
