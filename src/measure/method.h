/* method.h - how long a pass runs.  Every pass has a budget of
 * --max-seconds, counted from its first warm-up call: it stops when its
 * next call would end past the budget, and keeps what it has.  Its
 * calibration call sets the least number of calls it makes, by the first
 * of three rules that holds: enough calls for the aimed seconds (a fast
 * operation), --min-calls when they fit in the budget, else the published
 * harness's floor of 5 calls a trial (a slow operation).  Past that
 * minimum, it goes on until its figure reaches --precision: the 95 %
 * confidence half-width of the mean, relative to it. */
#ifndef ICCSPROF_MEASURE_METHOD_H
#define ICCSPROF_MEASURE_METHOD_H

#include <jansson.h>
#include <stddef.h>

#include "measure/opstate.h"
#include "measure/rules.h"

/* Warm-up calls: at most this many, and no more once they have taken
 * this long (a slow operation is warm after one call). */
#define METHOD_WARMUP_CALLS 3
#define METHOD_WARMUP_SECONDS 0.25

/* A pass's budget: its start and its length in seconds. */
struct pass_clock {
    double start, max;
};

/* Start the budget of MAX_SECONDS now. */
void pass_clock_start(struct pass_clock *c, double max_seconds);

/* Seconds since the pass started. */
double pass_elapsed(const struct pass_clock *c);

/* Whether a call of CALL_SECONDS made now ends within the budget. */
int pass_fits(const struct pass_clock *c, double call_seconds);

/* Calls of CALL_SECONDS that still fit in the budget. */
unsigned long long pass_calls_left(const struct pass_clock *c, double call_seconds);

/* Warm up ST in stage STAGE: up to METHOD_WARMUP_CALLS calls, fewer when
 * they take METHOD_WARMUP_SECONDS or the budget C would not hold another
 * (at least one); the calls made, and the fastest call's seconds in
 * *FASTEST. */
unsigned method_warm_up(struct op_state *st, const char *stage, const struct pass_clock *c,
                        double *fastest);

/* The seconds of a call that size a pass: its calibration call's
 * CALIBRATION, or the fastest warm-up call's FASTEST when shorter (one
 * call the scheduler interrupted does not decide the pass). */
double method_call_seconds(double calibration, double fastest);

/* How a pass ran, for the record: WARM warm-up calls, CALL_SECONDS a
 * call at its calibration, its seconds on C, the rule and minimum SZ,
 * CALLS made, why it stopped and the PRECISION reached (INFINITY: none). */
json_t *method_facts(unsigned warm, double call_seconds, const struct pass_clock *c,
                     const struct pass_size *sz, unsigned long long calls, enum method_stop stop,
                     double precision);

/* Announce a pass's plan (protocol.h): PASS ("timing" or "profile") takes
 * CALL_SECONDS a call and plans CALLS calls, SECONDS from now, under RULE; PRECISION is the
 * precision reached so far (negative: none yet). */
void method_plan(const char *pass, double call_seconds, unsigned long long calls, double seconds,
                 enum method_rule rule, double precision);

/* Announce that PASS, whose minimum made MADE calls of UNIT_SECONDS (a
 * profiled operation's pair, CALL_SECONDS a call) and reached PRECISION,
 * goes on for TARGET: to the calls that reach it, or those the budget C
 * still holds. */
void method_plan_more(const char *pass, double call_seconds, double unit_seconds,
                      unsigned long long made, double precision, double target,
                      const struct pass_clock *c, enum method_rule rule);

#endif
