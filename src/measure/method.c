/* method.c - how long a pass runs (method.h). */
#include "config.h"

#include <math.h>

#include "measure/channel.h"
#include "measure/clock.h"
#include "measure/method.h"
#include "measure/ops.h"

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
