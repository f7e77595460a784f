/* whatif-project.c - the arithmetic of a what-if projection. */
#include "config.h"

#include <math.h>

#include "measure/rules.h"
#include "whatif/whatif-project.h"

/* Project an operation's cost from its shapes (whatif-project.h). */
int wp_project(double base_ticks, double base_cycles, const struct wp_shape *s, size_t n,
               struct wp_result *r)
{
    double placeholder = 0, candidate = 0;

    if (!(base_ticks > 0) || !(base_cycles > 0))
        return -1;
    for (size_t i = 0; i < n; i++) {
        placeholder += s[i].calls_per_op * s[i].placeholder;
        candidate += s[i].calls_per_op * s[i].candidate;
    }
    r->all_helpers = placeholder > base_ticks;
    if (placeholder > (1 + WP_OVER_WHOLE) * base_ticks)
        return -1;
    r->ticks = r->all_helpers ? base_ticks * (candidate / placeholder)
                              : base_ticks - (placeholder - candidate);
    if (!(r->ticks > 0))
        return -1;
    r->ratio = r->ticks / base_ticks;
    r->cycles = r->ratio * base_cycles;
    return 0;
}

/* A trial's projected ratio: its operation less the placeholder's cost
 * in it plus the candidate's, over the operation; NAN when the operation
 * is not above 0. */
static double wp_trial_ratio(const struct wp_trial *t)
{
    return t->op > 0 ? (t->op - t->hash + t->cost) / t->op : NAN;
}

/* Project from played-back trials (whatif-project.h). */
int wp_replay(const struct wp_trial *t, size_t n, struct wp_estimate *e)
{
    double sum = 0, sq = 0, mean;

    if (n < 2)
        return -1;
    for (size_t i = 0; i < n; i++) {
        double ratio = wp_trial_ratio(&t[i]);

        if (!(ratio > 0))
            return -1;
        sum += ratio;
    }
    mean = sum / (double)n;
    for (size_t i = 0; i < n; i++)
        sq += (wp_trial_ratio(&t[i]) - mean) * (wp_trial_ratio(&t[i]) - mean);
    e->ratio = mean;
    e->half_width = method_t95(n - 1) * sqrt(sq / (double)(n - 1) / (double)n);
    return 0;
}

/* The length a grouped class is costed at (whatif-project.h). */
long long wp_representative(long long lo, long long hi)
{
    long long mid;

    if (hi < lo)
        return lo;
    mid = lo + (hi - lo) / 2;
    mid -= mid % 8;
    return mid < lo ? lo : mid;
}

/* The difference of a projection to its measurement (whatif-project.h). */
double wp_difference(double projected, double measured)
{
    return 100.0 * (projected - measured) / measured;
}

/* Whether a difference is flagged (whatif-project.h). */
bool wp_flagged(double difference_percent, double limit_percent)
{
    return fabs(difference_percent) > limit_percent;
}
