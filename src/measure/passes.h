/* passes.h - the two measurements of an operation: the plain library
 * timed in trials, and the profiled library with its wrappers enabled
 * around each measured call.  Both start from the same seed and setup. */
#ifndef ICCSPROF_MEASURE_PASSES_H
#define ICCSPROF_MEASURE_PASSES_H

#include <jansson.h>

#include "ops.h"

/* The method's settings, from the configuration iccsprof run passed. */
struct method {
    enum op op;
    const unsigned char *seed;
    size_t seed_len;
    ull message_bytes;
    unsigned trials, min_calls, max_sign_attempts, first_n, callers;
    unsigned sample; /* K; 0 = choose it from the calibration call */
    double target_seconds, max_seconds, profile_seconds;
};

/* Calls for the method's warm-up, before the calibration call. */
#define METHOD_WARMUP_CALLS 3

/* Time the operation on the plain library S: setup, warm-up, one
 * calibration call, then trials.  The timing section of the result;
 * *memory gets the RSS after setup and the peak after the trials. */
json_t *plain_pass(struct scheme *s, const struct method *m, struct op_events *events,
                   json_t **memory);

/* Profile the operation on the profiled library S: setup, warm-up, one
 * calibration pair with the wrappers off and on, then the measured pairs.
 * The profile section of the result; *sites gets the call sites (or
 * null), *drng the DRNG contexts the measured operations drew from. */
json_t *profile_pass(struct scheme *s, const struct method *m, struct op_events *events,
                     json_t **sites, json_t **drng);

/* Calls that take about SECONDS at CALL_SECONDS each, at least MIN_CALLS
 * when they fit in MAX_SECONDS, else as many as fit in it (at least one):
 * a budget that cannot hold the minimum still gets every call it holds. */
unsigned long long pass_calls_for(double seconds, double call_seconds, unsigned long long min_calls,
                                  double max_seconds);

#endif
