/* pairs.h - the differences of the profile pass's pairs of operations
 * (the one with the wrappers on less its twin with them off, the same
 * work): what the instrumentation added to an operation, and the time
 * an operation with the wrappers on lost that its twin did not. */
#ifndef ICCSPROF_MEASURE_PAIRS_H
#define ICCSPROF_MEASURE_PAIRS_H

#include <stdint.h>

/* The median of the N differences D, which it sorts. */
double pairs_median(int64_t *d, unsigned long long n);

/* The standard error of the median MED of the N differences D, from
 * their median absolute deviation. */
double pairs_median_stderr(const int64_t *d, unsigned long long n, double med);

/* The 95 % half-width of a ratio of medians, median(NUM) / median(DEN)
 * over N pairs, from its spread between trials: the pairs cut into runs
 * of PER_TRIAL consecutive ones (what is left over joins the last), each
 * trial's ratio of medians, and Student's t times the standard error of
 * their mean; 0 with fewer than two trials.  It covers what moves the
 * ratio within a run (a busy machine, the stack's place), which the
 * median's own error does not.  With STRATA (at most PAIRS_STRATA_MAX)
 * the i-th trial is of stratum i mod STRATA (the cores the trials took in
 * turn), and the half-width is that of the mean of the strata's means,
 * from each stratum's own spread: what sets the strata apart is no error
 * of their mean.  Strata of fewer than two trials each are taken as one. */
#define PAIRS_STRATA_MAX 16
double pairs_trials_half_width(const int64_t *num, const int64_t *den, unsigned long long n,
                               unsigned long long per_trial, unsigned strata);

/* What the instrumentation added to one operation, from the N
 * differences DIFF of pairs alternating their order (even-numbered pairs
 * off first): the mean of the two orders' medians, its standard error in
 * *SE.  DIFF is reordered. */
double pairs_added(int64_t *diff, unsigned long long n, double *se);

/* Fewer pairs of an order than this give too rough a spread: nothing is
 * found of them. */
#define PAIRS_EXCURSION_MIN 8

/* How far beyond its order's median, in spreads (pairs_spread), a
 * difference must lie at least to be an excursion: the pairs' own
 * variation, cache and branch state, rarely reaches it. */
#define PAIRS_SPREADS 5.0

/* The spread of the N pairs DIFF, the larger of the two orders' robust
 * standard deviations (1.4826 median absolute deviations), or -1 with
 * fewer than PAIRS_EXCURSION_MIN pairs of an order or without memory. */
double pairs_spread(const int64_t *diff, unsigned long long n);

/* The excursions of the N pairs DIFF: a pair whose difference exceeds its
 * order's median by more than MARGIN ticks and PAIRS_SPREADS of its
 * order's spread lost that time in its operation with the wrappers on,
 * less KEPT[i], what that operation's kept timed calls took beyond their
 * helpers' mean (an excursion inside a kept call stays in the helper's
 * time, and so in the operation's).  CUM[i] gets the ticks taken from the
 * first i pairs (N + 1 entries), *COUNT the pairs not already COUNTED
 * (their operation had lost time found otherwise); the total is
 * returned.  Nothing is taken of too few pairs (PAIRS_EXCURSION_MIN) or
 * without the memory to find the medians. */
double pairs_excursions(const int64_t *diff, const double *kept, const unsigned char *counted,
                        unsigned long long n, double margin, double *cum,
                        unsigned long long *count);

#endif
