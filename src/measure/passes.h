/* passes.h - the two measurements of an operation: the plain library
 * timed in trials, and the profiled library with its wrappers enabled
 * around each measured call.  Both start from the same seed and setup. */
#ifndef ICCSPROF_MEASURE_PASSES_H
#define ICCSPROF_MEASURE_PASSES_H

#include <jansson.h>

#include "measure/method.h"
#include "measure/ops.h"

/* The method's settings, from the configuration iccsprof run passed. */
struct method {
    enum op op;
    const unsigned char *seed;
    size_t seed_len;
    ull message_bytes;
    unsigned trials, min_calls, max_sign_attempts, first_n, callers;
    unsigned sample; /* K; 0 = choose it from the calibration call */
    double target_seconds, max_seconds, profile_seconds;
    double precision; /* the relative half-width a pass goes on to; 0: its minimum only */
    int substituted;  /* candidates serve the helpers (a what-if run): nothing is played back */
};

/* Time the operation on the plain library S: setup, warm-up, one
 * calibration call, then trials of the calls it sets (method.h), taking
 * the cores in turn (cores.h), within --max-seconds.  Each trial names
 * its core (cpu: null when the process could not be held to one).  The timing section of the
 * result; *memory gets the RSS after setup and the peak after the trials, *facts how the pass ran.
 */
json_t *plain_pass(struct scheme *s, const struct method *m, struct op_events *events,
                   json_t **memory, json_t **facts);

/* Profile the operation on the profiled library S: setup, warm-up, one
 * calibration pair with the wrappers off and on, then the measured pairs
 * (method.h), within --max-seconds.
 * The profile section of the result; *sites gets the call sites (or
 * null), *drng the DRNG contexts the measured operations drew from,
 * *facts how the pass ran (its calibration, rule, stop and precision). */
json_t *profile_pass(struct scheme *s, const struct method *m, struct op_events *events,
                     json_t **sites, json_t **drng, json_t **facts);

#endif
