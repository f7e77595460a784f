/* method.c - how long a pass runs (method.h). */
#include "config.h"

#include <math.h>

#include "channel.h"
#include "clock.h"
#include "method.h"
#include "ops.h"

/* Student's t, two-sided 95 %, for 1 to 30 degrees of freedom. */
static const double method_t_table[30] = {
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
};

/* Start the budget of MAX_SECONDS now. */
void pass_clock_start(struct pass_clock *c, double max_seconds)
{
    c->start = clock_seconds();
    c->max = max_seconds;
}

/* Seconds since the pass started. */
double pass_elapsed(const struct pass_clock *c)
{
    return clock_seconds() - c->start;
}

/* Whether a call of CALL_SECONDS made now ends within the budget. */
int pass_fits(const struct pass_clock *c, double call_seconds)
{
    return pass_elapsed(c) + call_seconds <= c->max;
}

/* Calls of CALL_SECONDS that still fit in the budget. */
unsigned long long pass_calls_left(const struct pass_clock *c, double call_seconds)
{
    double left = c->max - pass_elapsed(c), t = call_seconds > 1e-9 ? call_seconds : 1e-9;

    return left <= 0 ? 0 : (unsigned long long)floor(left / t);
}

/* Warm up: the first call is always made (it loads what the operation
 * touches), the others while they are few, short and within budget. */
unsigned method_warm_up(struct op_state *st, const char *stage, const struct pass_clock *c,
                        double *fastest)
{
    double t0 = clock_seconds(), t1 = t0, spent = 0;
    unsigned n = 0;

    op_stage(st, stage, PASS_SETUP);
    do {
        double t = t1;

        op_call(st);
        n++;
        t1 = clock_seconds();
        if (n == 1 || t1 - t < *fastest)
            *fastest = t1 - t;
        spent = t1 - t0;
    } while (n < METHOD_WARMUP_CALLS && spent < METHOD_WARMUP_SECONDS && pass_fits(c, spent / n));
    return n;
}

/* The seconds of a call that size a pass. */
double method_call_seconds(double calibration, double fastest)
{
    return fastest < calibration ? fastest : calibration;
}

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

/* How a pass ran, for the record. */
json_t *method_facts(unsigned warm, double call_seconds, const struct pass_clock *c,
                     const struct pass_size *sz, unsigned long long calls, enum method_stop stop,
                     double precision)
{
    return json_pack("{s:i, s:f, s:f, s:s, s:I, s:I, s:s, s:o}", "warmup_calls", (int)warm,
                     "calibration_seconds", call_seconds, "seconds", pass_elapsed(c), "rule",
                     method_rule_name(sz->rule), "minimum_calls",
                     (json_int_t)(sz->groups * sz->per_group), "calls", (json_int_t)calls, "stop",
                     method_stop_name(stop), "precision",
                     isfinite(precision) ? json_real(precision) : json_null());
}

/* Announce a pass's plan. */
void method_plan(const char *pass, double call_seconds, unsigned long long calls, double seconds,
                 enum method_rule rule, double precision)
{
    channel_plan(json_pack(
        "{s:s, s:f, s:I, s:f, s:s, s:o}", "pass", pass, "call_seconds", call_seconds, "calls",
        (json_int_t)calls, "seconds", seconds, "rule", method_rule_name(rule), "precision",
        precision >= 0 && isfinite(precision) ? json_real(precision) : json_null()));
}

/* Announce that a pass goes on past its minimum. */
void method_plan_more(const char *pass, double call_seconds, double unit_seconds,
                      unsigned long long made, double precision, double target,
                      const struct pass_clock *c, enum method_rule rule)
{
    unsigned long long want = method_calls_for(made, precision, target);
    unsigned long long most = made + pass_calls_left(c, unit_seconds);

    if (want > most)
        want = most;
    method_plan(pass, call_seconds, want, (double)(want - made) * unit_seconds, rule, precision);
}
