/* shares.c - estimates, variances and compensated shares. */
#include "config.h"

#include <math.h>
#include <stddef.h>

#include "measure/rules.h"
#include "record/shares.h"

/* The two-sided 95 % quantile of the normal distribution. */
#define SHARE_Z95 1.959964

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

/* The basis of shares. */
struct share_basis share_basis(double op_ticks, double baseline_ticks, double inner)
{
    struct share_basis b = {op_ticks, baseline_ticks, inner};

    return b;
}

/* Why the compensation cannot be applied, or NULL (see shares.h). */
const char *share_doubt(double added, double baseline_ticks, double helper_ticks)
{
    if (added < 0)
        return "negative";
    if (!(baseline_ticks > 0))
        return "larger than the operation";
    if (helper_ticks > (1 + SHARE_OVER_WHOLE) * baseline_ticks)
        return "larger than the operation less the helpers";
    return NULL;
}

/* The compensated share of the operations' time that E took. */
double share_of(const struct share_basis *b, const struct share_estimate *e, uint64_t calls)
{
    if (b->baseline_ticks <= 0)
        return 0;
    return share_clamp((e->ticks - (double)calls * b->inner) / b->baseline_ticks);
}

/* The raw share, E's ticks over the measured ticks. */
double share_raw(const struct share_basis *b, const struct share_estimate *e)
{
    return b->op_ticks > 0 ? share_clamp(e->ticks / b->op_ticks) : 0;
}

/* The standard error of share_of from E's variance. */
double share_stderr(const struct share_basis *b, const struct share_estimate *e)
{
    double se = b->baseline_ticks > 0 ? sqrt(e->variance) / b->baseline_ticks : 0;

    /* a share lies in [0, 1]: an error beyond 1 says no more than 1 */
    return se < 1 ? se : 1;
}

/* The standard error compensation gives a share. */
double share_compensation_stderr(const struct share_basis *b, double share, double ops,
                                 double added_se)
{
    return b->baseline_ticks > 0 ? share * ops * added_se / b->baseline_ticks : 0;
}

/* The share of a trial's helpers. */
double share_of_trial(const struct share_trial *t, double inner)
{
    struct share_basis b = inner < 0 ? share_basis(t->ticks, t->ticks, 0)
                                     : share_basis(t->ticks, t->ticks - t->pairs * t->added, inner);
    struct share_estimate e = {t->helper_ticks, 0};

    return share_of(&b, &e, (uint64_t)t->helper_calls);
}

/* The 95 % half-width of a share's uncertainty (see shares.h). */
double share_uncertainty(const double *trial, size_t n, double sampling_se, double compensation_se)
{
    double sum = 0, sq = 0, mean, u;

    if (n < 2) {
        u = SHARE_Z95 * sqrt(sampling_se * sampling_se + compensation_se * compensation_se);
        return u < 1 ? u : 1;
    }
    for (size_t i = 0; i < n; i++)
        sum += trial[i];
    mean = sum / (double)n;
    for (size_t i = 0; i < n; i++)
        sq += (trial[i] - mean) * (trial[i] - mean);
    u = method_t95(n - 1) * sqrt(sq / (double)(n - 1) / (double)n + sampling_se * sampling_se);
    return u < 1 ? u : 1;
}
