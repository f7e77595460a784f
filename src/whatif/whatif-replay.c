/* whatif-replay.c - a record's rows of the what-if matrix projected from
 * its operation played back: the measuring program runs the operation
 * on the record's profiled library with the record's inputs, records its
 * helpers' outputs and plays them back, plainly and with each candidate
 * (and the placeholder) hashing every call's message (the replay request,
 * measure/replay.h); whatif-project's wp_replay turns the trials into a
 * ratio and its half-width.  Whether the calls per operation depend on
 * the hash is said per row. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "measure/protocol.h"
#include "run/drng-find.h"
#include "run/run-child.h"
#include "whatif/whatif-project.h"
#include "whatif/whatif.h"

/* The replay request gets this long to play, and at most this long in
 * all. */
#define WI_REPLAY_SECONDS 2.0
#define WI_REPLAY_TIMEOUT 900.0

/* The replay request for record R on its profiled library LIB: its
 * operation with its inputs (seed, message length, signing attempts),
 * the placeholder then candidate C; the measuring program's method
 * members it does not use are given as the least they may be. */
static json_t *wi_replay_config(const struct rec *r, const struct wi_cand *c, const char *lib)
{
    json_t *doc = json_load_file(r->path, 0, NULL), *cands = json_array(), *cfg;
    json_t *inputs = json_object_get(doc, "inputs"), *method = json_object_get(doc, "method");
    json_t *attempts = json_object_get(method, "max_sign_attempts");

    json_array_append_new(cands,
                          json_pack("{s:s, s:s}", "candidate", "placeholder", "kind", "iccs"));
    json_array_append_new(cands, wi_cand_spec(c));
    cfg = json_pack("{s:i, s:s, s:s, s:s, s:O, s:O, s:I, s:i, s:i, s:i, s:i, s:i, s:f, s:f, s:f, "
                    "s:f, s:f, s:o, s:{s:[], s:o}}",
                    PROTOCOL_KEY_VERSION, PROTOCOL_VERSION, PROTOCOL_KEY_REQUEST,
                    PROTOCOL_REQUEST_REPLAY, "profiled", lib, "op", rec_op_name(r->op), "seed",
                    json_object_get(inputs, "seed"), "message_bytes",
                    json_object_get(inputs, "message_bytes"), "max_sign_attempts",
                    json_is_integer(attempts) ? json_integer_value(attempts) : (json_int_t)1,
                    "trials", 1, "min_calls", 1, "first_n", 0, "callers", 0, "sample", 1,
                    "target_seconds", 0.0, "max_seconds", 0.0, "profile_seconds", 0.0, "precision",
                    0.0, "replay_seconds", WI_REPLAY_SECONDS, "candidates", cands, "drng_private",
                    "plain", "profiled", drng_find_private(lib));
    json_decref(doc);
    return cfg;
}

/* Play record R's operation back with candidate C on its profiled
 * library LIB (wi_replay_config) (whatif.h). */
json_t *wi_replay(const struct rec *r, const struct wi_cand *c, const char *lib, int *status,
                  char *why, size_t len)
{
    json_t *cfg = wi_replay_config(r, c, lib), *result, *fault;

    if (!json_is_string(json_object_get(cfg, "seed"))) {
        snprintf(why, len, "the record gives no inputs to run it with");
        json_decref(cfg);
        return NULL;
    }
    if ((result = wi_request(cfg, WI_REPLAY_TIMEOUT, status, why, len)) == NULL)
        return NULL;
    if (json_is_string(fault = json_object_get(result, "fault"))) {
        snprintf(why, len, "%s", json_string_value(fault));
        json_decref(result);
        return NULL;
    }
    return result;
}

/* Whether record R says its calls per operation depend on its hash: a
 * hash helper whose calls vary between operations, or an operation that
 * retried or rejected; why into WHY. */
static bool wi_record_depends(const struct rec *r, char *why, size_t len)
{
    for (int h = 0; h < ICCSPROF_DRNG; h++)
        if (r->helper[h].calls_min >= 0 && r->helper[h].calls_min != r->helper[h].calls_max) {
            snprintf(why, len, "the record's %s calls vary between operations (%lld to %lld)",
                     (const char *[])ICCSPROF_HELPER_NAMES[h], r->helper[h].calls_min,
                     r->helper[h].calls_max);
            return true;
        }
    if (r->sign_failures_retried > 0 || r->verify_rejections > 0 || r->decaps_mismatches > 0) {
        snprintf(why, len, "the operation retried or rejected in the record");
        return true;
    }
    return false;
}

/* Whether the replay RESULT says candidate K's (position K of the
 * request) calls differ from the placeholder's: the recorded operations'
 * calls varied, or the candidate really serving the helpers made other
 * calls or failed the operation; why into WHY. */
static bool wi_replay_depends(json_t *result, size_t k, char *why, size_t len)
{
    json_t *with = json_array_get(json_object_get(result, "with"), k);
    json_int_t lo = json_integer_value(json_object_get(result, "calls_min"));
    json_int_t hi = json_integer_value(json_object_get(result, "calls_max"));
    json_int_t calls = json_integer_value(json_object_get(result, "calls"));

    if (lo != hi) {
        snprintf(why, len, "its helper calls vary between operations (%lld to %lld)", (long long)lo,
                 (long long)hi);
        return true;
    }
    if (json_is_true(json_object_get(with, "fails"))) {
        snprintf(why, len, "the operation fails with the candidate");
        return true;
    }
    if (json_is_integer(json_object_get(with, "calls")) &&
        json_integer_value(json_object_get(with, "calls")) != calls) {
        snprintf(why, len, "%lld helper calls with the candidate, %lld with the placeholder",
                 (long long)json_integer_value(json_object_get(with, "calls")), (long long)calls);
        return true;
    }
    return false;
}

/* Say in ROW, of record R and candidate C, whether its calls depend on
 * the hash (the control's are the placeholder's): from R, and from the
 * replay RESULT at request position K when there is one. */
void wi_calls_depend(json_t *row, const struct rec *r, const struct wi_cand *c, json_t *result,
                     size_t k)
{
    char why[256];
    bool depends = false;

    if (strcmp(c->kind, "control") != 0)
        depends = wi_record_depends(r, why, sizeof why) ||
                  (result != NULL && wi_replay_depends(result, k, why, sizeof why));
    json_object_set_new(row, "calls_depend_on_hash", json_boolean(depends));
    if (depends)
        json_object_set_new(row, "calls_why", json_string(why));
}

/* Project ROW of record R from the replay RESULT for the candidate at
 * position K of the request (the placeholder at 0). */
void wi_replay_fill(json_t *row, const struct rec *r, json_t *result, size_t k)
{
    json_t *trials = json_object_get(result, "trials"), *t;
    struct wp_trial *tr = calloc(json_array_size(trials) + 1, sizeof *tr);
    struct wp_estimate e;
    size_t i;

    json_array_foreach(trials, i, t)
    {
        json_t *cost = json_object_get(t, "costs");

        tr[i].op = json_number_value(json_object_get(t, "op_ticks"));
        tr[i].hash = json_number_value(json_object_get(json_array_get(cost, 0), "ticks"));
        tr[i].cost = json_number_value(json_object_get(json_array_get(cost, k), "ticks"));
    }
    if (wp_replay(tr, json_array_size(trials), &e) != 0)
        json_object_set_new(row, "why",
                            json_string("the played-back trials give no projection (too few, or "
                                        "one of them not above 0)"));
    else
        json_object_set_new(row, "projected",
                            json_pack("{s:f, s:f, s:f, s:b, s:b}", "cycles",
                                      e.ratio * r->mean_cycles, "ratio", e.ratio, "half_width",
                                      e.half_width, "approximate", 0, "as_all_helpers", 0));
    free(tr);
}
