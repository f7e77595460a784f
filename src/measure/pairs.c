/* pairs.c - the differences of the profile pass's pairs of operations.
 *
 * Each pair runs the same work twice, once with the wrappers on and once
 * with them off, in alternating order.  Their difference is what the
 * instrumentation added, plus what the one operation lost that the other
 * did not: an interrupt, or on a virtual machine a spell the hypervisor
 * gave another machine, which the thread's CPU time does not show.  The
 * medians ignore those; pairs_excursions finds the long ones, so that
 * their time leaves the operations' time as it leaves a timed call. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "measure/pairs.h"
#include "measure/rules.h"

/* Order signed tick differences, for their median. */
static int pairs_cmp(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

    return (x > y) - (x < y);
}

/* The median of N differences (sorted in place). */
double pairs_median(int64_t *d, unsigned long long n)
{
    qsort(d, (size_t)n, sizeof d[0], pairs_cmp);
    return n % 2 ? (double)d[n / 2] : ((double)d[n / 2 - 1] + (double)d[n / 2]) / 2;
}

/* The median absolute deviation of the N differences D from MED, or -1
 * without the memory for it. */
static double pairs_mad(const int64_t *d, unsigned long long n, double med)
{
    int64_t *dev = malloc((size_t)n * sizeof *dev);
    double mad;

    if (dev == NULL)
        return -1;
    for (unsigned long long i = 0; i < n; i++)
        dev[i] = (int64_t)llabs((long long)((double)d[i] - med));
    mad = pairs_median(dev, n);
    free(dev);
    return mad;
}

/* The standard error of the median MED of N differences D, from their
 * median absolute deviation (robust to the pairs the scheduler
 * interrupted): 1.4826 MAD estimates their spread, and the median of N
 * normal values has a standard error 1.2533 times the mean's. */
double pairs_median_stderr(const int64_t *d, unsigned long long n, double med)
{
    double mad = n < 2 ? -1 : pairs_mad(d, n, med);

    return mad < 0 ? 0 : 1.2533 * 1.4826 * mad / sqrt((double)n);
}

/* The median of the N values from V, sorted in the scratch S. */
static double pairs_median_of(const int64_t *v, unsigned long long n, int64_t *s)
{
    memcpy(s, v, (size_t)n * sizeof *s);
    return pairs_median(s, n);
}

/* The trials' half-width of a ratio of medians (pairs.h). */
double pairs_trials_half_width(const int64_t *num, const int64_t *den, unsigned long long n,
                               unsigned long long per_trial, unsigned strata)
{
    unsigned long long k = per_trial > 0 ? n / per_trial : 0, df = 0;
    double sum[PAIRS_STRATA_MAX] = {0}, sq[PAIRS_STRATA_MAX] = {0}, var = 0;
    unsigned long long in[PAIRS_STRATA_MAX] = {0};
    int64_t *s;

    if (strata < 1 || strata > PAIRS_STRATA_MAX || k < 2 * (unsigned long long)strata)
        strata = 1; /* a stratum of one trial has no spread of its own */
    if (k < 2 || (s = malloc((size_t)(n - (k - 1) * per_trial) * sizeof *s)) == NULL)
        return 0;
    for (unsigned long long i = 0; i < k; i++) {
        unsigned long long at = i * per_trial, len = i + 1 == k ? n - at : per_trial;
        double d = pairs_median_of(den + at, len, s);
        double r = d != 0 ? pairs_median_of(num + at, len, s) / d : 0;

        sum[i % strata] += r;
        sq[i % strata] += r * r;
        in[i % strata]++;
    }
    free(s);
    /* the variance of the mean of the strata's means */
    for (unsigned j = 0; j < strata; j++) {
        double mean = sum[j] / (double)in[j];
        double v = (sq[j] - (double)in[j] * mean * mean) / (double)(in[j] - 1);

        var += (v > 0 ? v : 0) / (double)in[j];
        df += in[j] - 1;
    }
    return method_t95(df) * sqrt(var) / (double)strata;
}

/* What the instrumentation added to one operation (pairs.h): the mean of
 * the two orders' medians, in which the second operation's gain from
 * repeating the first's path (trained branch predictors) cancels. */
double pairs_added(int64_t *diff, unsigned long long n, double *se)
{
    unsigned long long half = (n + 1) / 2;
    int64_t *odd = malloc((size_t)(n / 2 + 1) * sizeof *odd), *even = diff;
    double m_even, m_odd, se_even, se_odd;

    if (n < 2 || odd == NULL) {
        free(odd);
        m_even = pairs_median(diff, n);
        *se = pairs_median_stderr(diff, n, m_even);
        return m_even;
    }
    /* even-numbered pairs to the front, odd-numbered ones aside */
    for (unsigned long long i = 0, e = 0, o = 0; i < n; i++)
        if (i % 2)
            odd[o++] = diff[i];
        else
            even[e++] = diff[i];
    m_even = pairs_median(even, half);
    se_even = pairs_median_stderr(even, half, m_even);
    m_odd = pairs_median(odd, n / 2);
    se_odd = pairs_median_stderr(odd, n / 2, m_odd);
    free(odd);
    *se = sqrt(se_even * se_even + se_odd * se_odd) / 2;
    return (m_even + m_odd) / 2;
}

/* The median of the pairs of ORDER (0: even-numbered) among the N of
 * DIFF into *MED, and their spread (1.4826 median absolute deviations,
 * a standard deviation's robust estimate) into *SPREAD; -1 without the
 * memory for them. */
static int pairs_order(const int64_t *diff, unsigned long long n, unsigned order, double *med,
                       double *spread)
{
    unsigned long long m = 0;
    int64_t *d = malloc((size_t)(n / 2 + 1) * sizeof *d);
    double mad;

    if (d == NULL)
        return -1;
    for (unsigned long long i = order; i < n; i += 2)
        d[m++] = diff[i];
    *med = pairs_median(d, m);
    mad = pairs_mad(d, m, *med);
    free(d);
    *spread = 1.4826 * mad;
    return mad < 0 ? -1 : 0;
}

/* The larger of the two orders' spreads (pairs.h). */
double pairs_spread(const int64_t *diff, unsigned long long n)
{
    double med, spread[2];

    if (n / 2 < PAIRS_EXCURSION_MIN || pairs_order(diff, n, 0, &med, &spread[0]) != 0 ||
        pairs_order(diff, n, 1, &med, &spread[1]) != 0)
        return -1;
    return fmax(spread[0], spread[1]);
}

/* The excursions of the pairs (pairs.h). */
double pairs_excursions(const int64_t *diff, const double *kept, const unsigned char *counted,
                        unsigned long long n, double margin, double *cum, unsigned long long *count)
{
    double med[2], limit[2];

    *count = 0;
    memset(cum, 0, (size_t)(n + 1) * sizeof *cum);
    if (n / 2 < PAIRS_EXCURSION_MIN)
        return 0;
    for (unsigned o = 0; o < 2; o++) {
        if (pairs_order(diff, n, o, &med[o], &limit[o]) != 0)
            return 0;
        limit[o] = fmax(margin, PAIRS_SPREADS * limit[o]);
    }
    for (unsigned long long i = 0; i < n; i++) {
        double beyond = (double)diff[i] - med[i % 2], taken = 0;

        if (beyond > limit[i % 2]) {
            taken = fmax(0, beyond - fmax(0, kept[i]));
            if (taken > 0 && !counted[i])
                (*count)++;
        }
        cum[i + 1] = cum[i] + taken;
    }
    return cum[n];
}
