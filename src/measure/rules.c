/* rules.c - the arithmetic of when a pass stops (rules.h). */
#include "config.h"

#include <math.h>

#include "measure/rules.h"

/* Student's t, two-sided 95 %, for 1 to 30 degrees of freedom. */
static const double method_t_table[30] = {
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
};

/* The least a pass makes: the first rule that holds. */
struct pass_size method_size(double aim, double call_seconds, unsigned groups, unsigned min_calls,
                             double budget)
{
    double t = call_seconds > 1e-9 ? call_seconds : 1e-9;
    unsigned long long target = (unsigned long long)ceil(aim / ((double)groups * t));
    unsigned long long least = ((unsigned long long)min_calls + groups - 1) / groups;
    struct pass_size s = {groups, target, RULE_TARGET};

    if (least > target && (double)(groups * least) * t <= budget) {
        s.per_group = least;
        s.rule = RULE_MIN_CALLS;
    } else if (least > target &&
               target < (least < METHOD_FLOOR_CALLS ? least : METHOD_FLOOR_CALLS)) {
        s.per_group = least < METHOD_FLOOR_CALLS ? least : METHOD_FLOOR_CALLS;
        s.rule = RULE_FLOOR;
    }
    if (s.per_group < 1)
        s.per_group = 1;
    return s;
}

/* Student's t from the table, and beyond it from the Cornish-Fisher
 * expansion around the normal quantile (within 0.001 from 30 on). */
double method_t95(unsigned long long df)
{
    const double z = 1.959964, d = (double)df;

    if (df == 0)
        return INFINITY;
    if (df <= 30)
        return method_t_table[df - 1];
    return z + (z * z * z + z) / (4 * d) + (5 * pow(z, 5) + 16 * z * z * z + 3 * z) / (96 * d * d);
}

/* The relative 95 % half-width of the mean of X[N]. */
double method_precision(const double *x, size_t n)
{
    double sum = 0, sq = 0, mean;

    if (n < 2)
        return INFINITY;
    for (size_t i = 0; i < n; i++)
        sum += x[i];
    mean = sum / (double)n;
    for (size_t i = 0; i < n; i++)
        sq += (x[i] - mean) * (x[i] - mean);
    if (mean <= 0)
        return INFINITY;
    return method_t95(n - 1) * sqrt(sq / (double)(n - 1) / (double)n) / mean;
}

/* Each stratum's count, mean and sum of squared deviations into S (room
 * for STRATA); the pooled variance of those with two values or more. */
static double method_strata_sums(const double *x, const int *stratum, size_t n, int strata,
                                 struct method_stratum *s)
{
    double sq[METHOD_STRATA_MAX] = {0}, pooled = 0;
    size_t dof = 0;

    for (int k = 0; k < strata; k++)
        s[k] = (struct method_stratum){0, 0, 0};
    for (size_t i = 0; i < n; i++) {
        s[stratum[i]].n++;
        s[stratum[i]].mean += x[i];
    }
    for (int k = 0; k < strata; k++)
        s[k].mean = s[k].n > 0 ? s[k].mean / (double)s[k].n : 0;
    for (size_t i = 0; i < n; i++)
        sq[stratum[i]] += (x[i] - s[stratum[i]].mean) * (x[i] - s[stratum[i]].mean);
    for (int k = 0; k < strata; k++)
        if (s[k].n > 1) {
            pooled += sq[k];
            dof += s[k].n - 1;
        }
    pooled = dof > 0 ? pooled / (double)dof : 0;
    for (int k = 0; k < strata; k++)
        s[k].stderr =
            s[k].n > 1 ? sqrt(sq[k] / (double)(s[k].n - 1) / (double)s[k].n) : sqrt(pooled);
    return pooled;
}

/* The stratified mean of X[N] (rules.h). */
struct method_strata method_strata(const double *x, const int *stratum, size_t n, int strata,
                                   struct method_stratum *each)
{
    struct method_stratum own[METHOD_STRATA_MAX], *s = each != NULL ? each : own;
    struct method_strata r = {0, 0, 0, 0};
    double var = 0;

    (void)method_strata_sums(x, stratum, n, strata, s);
    for (int k = 0; k < strata; k++)
        if (s[k].n > 0) {
            r.strata++;
            r.mean += s[k].mean;
            var += s[k].stderr * s[k].stderr;
        }
    if (r.strata == 0)
        return r;
    r.mean /= r.strata;
    r.stderr = sqrt(var) / r.strata;
    r.df = n - (size_t)r.strata;
    return r;
}

/* The relative 95 % half-width of the stratified mean of X[N]: none
 * while a stratum has a single value, whose error the others' spread
 * would only stand in for (rules.h). */
double method_precision_strata(const double *x, const int *stratum, size_t n, int strata)
{
    struct method_stratum each[METHOD_STRATA_MAX];
    struct method_strata r = method_strata(x, stratum, n, strata, each);

    for (int k = 0; k < strata; k++)
        if (each[k].n == 1)
            return INFINITY;
    if (r.df == 0 || r.mean <= 0)
        return INFINITY;
    return method_t95(r.df) * r.stderr / r.mean;
}

/* The calls that reach TARGET from CALLS at PRECISION. */
unsigned long long method_calls_for(unsigned long long calls, double precision, double target)
{
    double ratio = precision / target;

    if (!isfinite(ratio) || ratio > 1e4)
        ratio = 1e4;
    return (unsigned long long)ceil((double)calls * ratio * ratio);
}

/* The record's name of a rule. */
const char *method_rule_name(enum method_rule rule)
{
    static const char *const names[] = {"target-seconds", "min-calls", "slow-operation"};

    return names[rule];
}

/* The record's name of a stop. */
const char *method_stop_name(enum method_stop stop)
{
    static const char *const names[] = {"minimum", "precision", "max-seconds"};

    return names[stop];
}
