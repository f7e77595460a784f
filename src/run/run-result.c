/* run-result.c - the strict check of a measuring process's result.
 *
 * Each result is described by a table of its members (struct field): a
 * member is added to the protocol by adding a row here and raising
 * PROTOCOL_VERSION.  Members not in the table are refused too, so that a
 * result of another shape is never half read. */
#include "config.h"

#include <math.h>
#include <sched.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "measure/cores.h"
#include "measure/protocol.h"
#include "run/run-result.h"
#include "util/problem.h"

/* What a member holds. */
enum field_kind {
    FIELD_INT,    /* an integer in [min, max] */
    FIELD_NUMBER, /* a finite number in [min, max] */
    FIELD_BOOL,
    FIELD_STRING, /* one of values, or any string of at most FIELD_STRING_MAX bytes */
    FIELD_OBJECT, /* an object whose members are the table members */
    FIELD_ARRAY,  /* at least min objects, each with the members of the table members */
    FIELD_INTS,   /* an array of integers in [0, max] */
};

/* A member that may be null, one that may be absent (a member only some
 * types of scheme have). */
#define FIELD_NULL 1u
#define FIELD_OPTIONAL 2u

/* A string member is at most this long (a library path, an address). */
#define FIELD_STRING_MAX 4096

/* One member of an object; a table ends with a NULL key. */
struct field {
    const char *key;
    enum field_kind kind;
    unsigned flags;
    double min, max; /* max 0: no upper bound */
    const struct field *members;
    const char *const *values;
};

/* No lower bound for a number: baselines and overheads are differences. */
#define ANY (-INFINITY)

static const char *const helper_names[] = {"pseudohash", "pseudoXOF", "sm3hash",
                                           "get_random_number", NULL};
static const char *const type_names[] = {"sig", "kem", "kex", NULL};
static const char *const tick_sources[] = {"rdtsc", "cntvct_el0", "clock_gettime", NULL};
static const char *const cycles_sources[] = {"perf_event", "ticks", NULL};

/* The API's lengths; iccsprof-measure refuses 0 and above 1 GiB for
 * everything but a signature scheme's shared secret. */
static const struct field sizes_fields[] = {
    {"pk", FIELD_INT, 0, 0, 1 << 30, NULL, NULL},
    {"sk", FIELD_INT, 0, 0, 1 << 30, NULL, NULL},
    {"out", FIELD_INT, 0, 0, 1 << 30, NULL, NULL},
    {"ss", FIELD_INT, 0, 0, 1 << 30, NULL, NULL},
    {"sta", FIELD_INT, FIELD_OPTIONAL, 0, 1 << 30, NULL, NULL},
    {"stb", FIELD_INT, FIELD_OPTIONAL, 0, 1 << 30, NULL, NULL},
    {"passes", FIELD_INT, FIELD_OPTIONAL, 1, 64, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field probe_fields[] = {
    {"type", FIELD_STRING, 0, 0, 0, NULL, type_names},
    {"sizes", FIELD_OBJECT, 0, 0, 0, sizes_fields, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

/* A cost of the "costs" request: candidate K at shape J. */
static const struct field cost_fields[] = {
    {"candidate", FIELD_INT, 0, 0, 63, NULL, NULL},
    {"shape", FIELD_INT, 0, 0, 4095, NULL, NULL},
    {"ticks", FIELD_NUMBER, 0, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field costs_fields[] = {
    {"tick_source", FIELD_STRING, 0, 0, 0, NULL, tick_sources},
    {"tick_hz", FIELD_NUMBER, 0, 1, 0, NULL, NULL},
    {"costs", FIELD_ARRAY, 0, 1, 0, cost_fields, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

/* The replay request's (measure/replay.h): a trial's medians, a
 * candidate's among them, and what each candidate did to the calls. */
static const struct field replay_cost_fields[] = {
    {"ticks", FIELD_NUMBER, 0, ANY, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field replay_trial_fields[] = {
    {"cpu", FIELD_INT, FIELD_NULL, 0, CPU_SETSIZE - 1, NULL, NULL},
    {"rounds", FIELD_INT, 0, 1, 0, NULL, NULL},
    {"op_ticks", FIELD_NUMBER, 0, 0, 0, NULL, NULL},
    {"played_ticks", FIELD_NUMBER, 0, 0, 0, NULL, NULL},
    {"costs", FIELD_ARRAY, 0, 1, 0, replay_cost_fields, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field replay_with_fields[] = {
    {"counted", FIELD_BOOL, 0, 0, 0, NULL, NULL},
    {"calls", FIELD_INT, FIELD_NULL, 0, 0, NULL, NULL},
    {"fails", FIELD_BOOL, 0, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field replay_request_fields[] = {
    {"tick_source", FIELD_STRING, 0, 0, 0, NULL, tick_sources},
    {"tick_hz", FIELD_NUMBER, 0, 1, 0, NULL, NULL},
    {"fault", FIELD_STRING, FIELD_NULL, 0, 0, NULL, NULL},
    {"rounds", FIELD_INT, FIELD_OPTIONAL, 1, 0, NULL, NULL},
    {"calls_min", FIELD_INT, FIELD_OPTIONAL, 0, 0, NULL, NULL},
    {"calls_max", FIELD_INT, FIELD_OPTIONAL, 0, 0, NULL, NULL},
    {"calls", FIELD_INT, FIELD_OPTIONAL, 0, 0, NULL, NULL},
    {"trials", FIELD_ARRAY, FIELD_OPTIONAL, 2, 0, replay_trial_fields, NULL},
    {"with", FIELD_ARRAY, FIELD_OPTIONAL, 1, 0, replay_with_fields, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field kat_fields[] = {
    {"vectors", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"skipped", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"differs", FIELD_STRING, FIELD_NULL, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

/* A trial of the timing pass, and the core it ran on (null: the process
 * was held to none). */
static const struct field trial_fields[] = {
    {"calls", FIELD_INT, 0, 1, 0, NULL, NULL},
    {"seconds", FIELD_NUMBER, 0, 0, 0, NULL, NULL},
    {"cycles", FIELD_NUMBER, 0, 0, 0, NULL, NULL},
    {"cpu", FIELD_INT, FIELD_NULL, 0, CPU_SETSIZE - 1, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field timing_fields[] = {
    {"calibration_seconds", FIELD_NUMBER, 0, 0, 0, NULL, NULL},
    {"calls_per_trial", FIELD_INT, 0, 1, 0, NULL, NULL},
    {"trials", FIELD_ARRAY, 0, 1, 0, trial_fields, NULL},
    {"cpu_share", FIELD_NUMBER, 0, 0, 1, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field memory_fields[] = {
    {"baseline_rss_kib", FIELD_INT, FIELD_NULL, 0, 0, NULL, NULL},
    {"peak_rss_kib", FIELD_INT, FIELD_NULL, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field overhead_fields[] = {
    {"inner_ticks", FIELD_NUMBER, 0, ANY, 0, NULL, NULL},
    {"outer_ticks", FIELD_NUMBER, 0, ANY, 0, NULL, NULL},
    {"untimed_outer_ticks", FIELD_NUMBER, 0, ANY, 0, NULL, NULL},
    {"callers_outer_ticks", FIELD_NUMBER, 0, ANY, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

/* The rule by which the wrappers set timed calls apart as outliers. */
static const struct field outliers_fields[] = {
    {"multiple", FIELD_INT, 0, 1, 0, NULL, NULL},
    {"margin_ticks", FIELD_INT, 0, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field sampling_fields[] = {
    {"k", FIELD_INT, 0, 1, 0, NULL, NULL},
    {"auto", FIELD_BOOL, 0, 0, 0, NULL, NULL},
    {"estimate", FIELD_NUMBER, FIELD_NULL, 0, 0, NULL, NULL},
    {"first_n", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"outliers", FIELD_OBJECT, 0, 0, 0, outliers_fields, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

/* The distribution of one count of calls over the measured operations. */
static const struct field per_op_fields[] = {
    {"min", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"max", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"stddev", FIELD_NUMBER, 0, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const char *const shape_kinds[] = {"exact", "class", "rest", NULL};

static const struct field shape_fields[] = {
    {"helper", FIELD_STRING, 0, 0, 0, NULL, helper_names},
    {"kind", FIELD_STRING, 0, 0, 0, NULL, shape_kinds},
    {"in_bits", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"out_bits", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"calls", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"timed_calls", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"ticks", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"ticks_sq", FIELD_NUMBER, 0, 0, 0, NULL, NULL},
    {"outlier_calls", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"outlier_ticks", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"min_ticks", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"per_op", FIELD_OBJECT, 0, 0, 0, per_op_fields, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

/* A helper's totals, kept by the wrappers apart from the shape table. */
static const struct field total_fields[] = {
    {"calls", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"timed_calls", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"ticks", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"outlier_calls", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"outlier_ticks", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"nested", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"warm_calls", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"per_op", FIELD_OBJECT, 0, 0, 0, per_op_fields, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field totals_fields[] = {
    {"pseudohash", FIELD_OBJECT, 0, 0, 0, total_fields, NULL},
    {"pseudoXOF", FIELD_OBJECT, 0, 0, 0, total_fields, NULL},
    {"sm3hash", FIELD_OBJECT, 0, 0, 0, total_fields, NULL},
    {"get_random_number", FIELD_OBJECT, 0, 0, 0, total_fields, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

/* The capacities of the wrappers' shape table. */
static const struct field table_fields[] = {
    {"shapes", FIELD_INT, 0, 1, 0, NULL, NULL},
    {"classes", FIELD_INT, 0, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field snapshot_fields[] = {
    {"helpers", FIELD_OBJECT, 0, 0, 0, totals_fields, NULL},
    {"shapes", FIELD_ARRAY, 0, 0, 0, shape_fields, NULL},
    {"total_calls", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"table", FIELD_OBJECT, 0, 0, 0, table_fields, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field compensation_fields[] = {
    {"paired", FIELD_BOOL, 0, 0, 0, NULL, NULL},
    {"added_ticks", FIELD_NUMBER, 0, ANY, 0, NULL, NULL},
    {"added_ticks_stderr", FIELD_NUMBER, 0, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

/* The operations the scheduler preempted and their ticks off the CPU. */
static const struct field preempted_fields[] = {
    {"operations", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"ticks", FIELD_NUMBER, 0, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

/* A trial of the profile pass: its pairs, their sums, and what the
 * instrumentation added to each of its operations. */
static const struct field profile_trial_fields[] = {
    {"pairs", FIELD_INT, 0, 1, 0, NULL, NULL},
    {"ticks", FIELD_NUMBER, 0, 0, 0, NULL, NULL},
    {"added_ticks", FIELD_NUMBER, 0, ANY, 0, NULL, NULL},
    {"hash_ticks", FIELD_NUMBER, 0, 0, 0, NULL, NULL},
    {"hash_calls", FIELD_NUMBER, 0, 0, 0, NULL, NULL},
    {"drng_ticks", FIELD_NUMBER, 0, 0, 0, NULL, NULL},
    {"drng_calls", FIELD_NUMBER, 0, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

/* The operations played back with their helpers' outputs (the tape):
 * the pairs that played, their twins' median ticks with the wrappers off,
 * what the play took off them (median and its standard error), the
 * share's half-width from its trials, what serving the tape costs, the
 * same medians on each core the trials took in turn; or why that does
 * not stand. */
static const struct field replay_core_fields[] = {
    {"cpu", FIELD_INT, FIELD_NULL, 0, CPU_SETSIZE - 1, NULL, NULL},
    {"pairs", FIELD_INT, 0, 1, 0, NULL, NULL},
    {"off_ticks", FIELD_NUMBER, 0, 0, 0, NULL, NULL},
    {"removed_ticks", FIELD_NUMBER, 0, ANY, 0, NULL, NULL},
    {"removed_ticks_stderr", FIELD_NUMBER, 0, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field replay_fields[] = {
    {"pairs", FIELD_INT, FIELD_OPTIONAL, 1, 0, NULL, NULL},
    {"off_ticks", FIELD_NUMBER, FIELD_OPTIONAL, 0, 0, NULL, NULL},
    {"removed_ticks", FIELD_NUMBER, FIELD_OPTIONAL, ANY, 0, NULL, NULL},
    {"removed_ticks_stderr", FIELD_NUMBER, FIELD_OPTIONAL, 0, 0, NULL, NULL},
    {"trials_half_width", FIELD_NUMBER, FIELD_OPTIONAL, 0, 0, NULL, NULL},
    {"played_ticks", FIELD_NUMBER, FIELD_OPTIONAL, 0, 0, NULL, NULL},
    {"cores", FIELD_ARRAY, FIELD_OPTIONAL, 1, 0, replay_core_fields, NULL},
    {"fault", FIELD_STRING, FIELD_NULL, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field profile_fields[] = {
    {"calls", FIELD_INT, 0, 1, 0, NULL, NULL},
    {"ticks", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"baseline_ticks", FIELD_NUMBER, 0, ANY, 0, NULL, NULL},
    {"preempted", FIELD_OBJECT, 0, 0, 0, preempted_fields, NULL},
    {"compensation", FIELD_OBJECT, 0, 0, 0, compensation_fields, NULL},
    {"overhead", FIELD_OBJECT, 0, 0, 0, overhead_fields, NULL},
    {"sampling", FIELD_OBJECT, 0, 0, 0, sampling_fields, NULL},
    {"snapshot", FIELD_OBJECT, 0, 0, 0, snapshot_fields, NULL},
    {"trials", FIELD_ARRAY, 0, 1, 0, profile_trial_fields, NULL},
    {"replay", FIELD_OBJECT, 0, 0, 0, replay_fields, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field frame_fields[] = {
    {"address", FIELD_STRING, 0, 0, 0, NULL, NULL},
    {"object", FIELD_STRING, FIELD_NULL, 0, 0, NULL, NULL},
    {"offset", FIELD_INT, FIELD_NULL, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field site_fields[] = {
    {"helper", FIELD_STRING, 0, 0, 0, NULL, helper_names},
    {"calls", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"timed_calls", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"ticks", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"frames", FIELD_ARRAY, 0, 1, 0, frame_fields, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

/* The calls of sites beyond the wrappers' table, for one helper. */
static const struct field site_overflow_fields[] = {
    {"calls", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"timed_calls", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"ticks", FIELD_INT, 0, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field site_overflows_fields[] = {
    {"pseudohash", FIELD_OBJECT, 0, 0, 0, site_overflow_fields, NULL},
    {"pseudoXOF", FIELD_OBJECT, 0, 0, 0, site_overflow_fields, NULL},
    {"sm3hash", FIELD_OBJECT, 0, 0, 0, site_overflow_fields, NULL},
    {"get_random_number", FIELD_OBJECT, 0, 0, 0, site_overflow_fields, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field sites_fields[] = {
    {"depth", FIELD_INT, 0, 1, 8, NULL, NULL},
    {"table", FIELD_INT, 0, 1, 0, NULL, NULL},
    {"overflow", FIELD_OBJECT, 0, 0, 0, site_overflows_fields, NULL},
    {"sites", FIELD_ARRAY, 0, 0, 0, site_fields, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

/* The events of one pass. */
static const struct field pass_fields[] = {
    {"operations", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"signatures", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"sign_failures_retried", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"verifications", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"verify_rejections", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"decapsulations", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"decaps_mismatches", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"kex_mismatches", FIELD_INT, FIELD_OPTIONAL, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field passes_fields[] = {
    {"setup", FIELD_OBJECT, 0, 0, 0, pass_fields, NULL},
    {"timing", FIELD_OBJECT, 0, 0, 0, pass_fields, NULL},
    {"profile", FIELD_OBJECT, 0, 0, 0, pass_fields, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

/* A DRNG context the driver seeded, by name. */
static const struct field seeded_fields[] = {
    {"name", FIELD_STRING, 0, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

/* A DRNG context the measured operations drew from. */
static const struct field context_fields[] = {
    {"address", FIELD_STRING, 0, 0, 0, NULL, NULL},
    {"object", FIELD_STRING, FIELD_NULL, 0, 0, NULL, NULL},
    {"offset", FIELD_INT, FIELD_NULL, 0, 0, NULL, NULL},
    {"calls", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"seeded_as", FIELD_STRING, FIELD_NULL, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

/* Without a profile pass, only what was seeded is known. */
static const struct field drng_fields[] = {
    {"seeded", FIELD_ARRAY, 0, 0, 0, seeded_fields, NULL},
    {"contexts", FIELD_ARRAY, FIELD_OPTIONAL, 0, 0, context_fields, NULL},
    {"other_calls", FIELD_INT, FIELD_OPTIONAL, 0, 0, NULL, NULL},
    {"table", FIELD_INT, FIELD_OPTIONAL, 1, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field switches_fields[] = {
    {"timing", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"profile", FIELD_INT, 0, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field events_fields[] = {
    {"sign_failures_retried", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"verify_rejections", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"decaps_mismatches", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"kex_mismatches", FIELD_INT, FIELD_OPTIONAL, 0, 0, NULL, NULL},
    {"passes", FIELD_OBJECT, 0, 0, 0, passes_fields, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

/* A what-if run's candidates, works-check and counts (measure/whatif.c). */
static const struct field subst_count_fields[] = {
    {"placeholder", FIELD_NUMBER, 0, 0, 0, NULL, NULL},
    {"substituted", FIELD_NUMBER, 0, 0, 0, NULL, NULL},
    {"differs", FIELD_BOOL, 0, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field subst_counts_fields[] = {
    {"pseudohash", FIELD_OBJECT, 0, 0, 0, subst_count_fields, NULL},
    {"pseudoXOF", FIELD_OBJECT, 0, 0, 0, subst_count_fields, NULL},
    {"sm3hash", FIELD_OBJECT, 0, 0, 0, subst_count_fields, NULL},
    {"get_random_number", FIELD_OBJECT, 0, 0, 0, subst_count_fields, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field subst_works_fields[] = {
    {"passed", FIELD_BOOL, 0, 0, 0, NULL, NULL},
    {"rounds", FIELD_INT, 0, 1, 0, NULL, NULL},
    {"failures", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"check", FIELD_STRING, 0, 0, 0, NULL, NULL},
    {"same_outputs_as_placeholder", FIELD_BOOL, FIELD_NULL, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const char *const subst_helpers[] = {"pseudohash", "pseudoXOF", "sm3hash", NULL};

static const struct field subst_candidate_fields[] = {
    {"helper", FIELD_STRING, 0, 0, 0, NULL, subst_helpers},
    {"candidate", FIELD_STRING, 0, 0, 0, NULL, NULL},
    {"digest_bits", FIELD_INT, FIELD_NULL, 8, 8192, NULL, NULL},
    {"method", FIELD_STRING, 0, 0, 0, NULL, NULL},
    {"counter_mode_calls", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"truncated_calls", FIELD_INT, 0, 0, 0, NULL, NULL},
    {"kat", FIELD_STRING, FIELD_OPTIONAL, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field subst_fields[] = {
    {"as", FIELD_STRING, 0, 0, 0, NULL, NULL},
    {"candidates", FIELD_ARRAY, 0, 1, 0, subst_candidate_fields, NULL},
    {"works", FIELD_OBJECT, 0, 0, 0, subst_works_fields, NULL},
    {"calls_per_op", FIELD_OBJECT, 0, 0, 0, subst_counts_fields, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const char *const rule_names[] = {"target-seconds", "min-calls", "slow-operation", NULL};
static const char *const stop_names[] = {"minimum", "precision", "max-seconds", NULL};
static const char *const pass_names[] = {"timing", "profile", NULL};

/* How a pass ran (measure/method.h): its warm-up and calibration, its
 * seconds, the rule that set its minimum, the calls it made, why it
 * stopped and the precision it reached (null: too few values). */
static const struct field pass_run_fields[] = {
    {"warmup_calls", FIELD_INT, 0, 1, 0, NULL, NULL},
    {"calibration_seconds", FIELD_NUMBER, 0, 0, 0, NULL, NULL},
    {"seconds", FIELD_NUMBER, 0, 0, 0, NULL, NULL},
    {"rule", FIELD_STRING, 0, 0, 0, NULL, rule_names},
    {"minimum_calls", FIELD_INT, 0, 1, 0, NULL, NULL},
    {"calls", FIELD_INT, 0, 1, 0, NULL, NULL},
    {"stop", FIELD_STRING, 0, 0, 0, NULL, stop_names},
    {"precision", FIELD_NUMBER, FIELD_NULL, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field pass_runs_fields[] = {
    {"timing", FIELD_OBJECT, FIELD_NULL, 0, 0, pass_run_fields, NULL},
    {"profile", FIELD_OBJECT, FIELD_NULL, 0, 0, pass_run_fields, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

/* A pass's plan, once calibrated (protocol.h). */
static const struct field plan_fields[] = {
    {"pass", FIELD_STRING, 0, 0, 0, NULL, pass_names},
    {"call_seconds", FIELD_NUMBER, 0, 0, 0, NULL, NULL},
    {"calls", FIELD_INT, 0, 1, 0, NULL, NULL},
    {"seconds", FIELD_NUMBER, 0, 0, 0, NULL, NULL},
    {"rule", FIELD_STRING, 0, 0, 0, NULL, rule_names},
    {"precision", FIELD_NUMBER, FIELD_NULL, 0, 0, NULL, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

static const struct field op_fields[] = {
    {"stack_limit_bytes", FIELD_INT, FIELD_NULL, 0, 0, NULL, NULL},
    {"tick_source", FIELD_STRING, 0, 0, 0, NULL, tick_sources},
    {"tick_hz", FIELD_NUMBER, 0, 1e-300, 0, NULL, NULL},
    {"cycles_source", FIELD_STRING, 0, 0, 0, NULL, cycles_sources},
    {"timing", FIELD_OBJECT, FIELD_NULL, 0, 0, timing_fields, NULL},
    {"memory", FIELD_OBJECT, FIELD_NULL, 0, 0, memory_fields, NULL},
    {"profile", FIELD_OBJECT, FIELD_NULL, 0, 0, profile_fields, NULL},
    {"sites", FIELD_OBJECT, FIELD_NULL, 0, 0, sites_fields, NULL},
    {"drng", FIELD_OBJECT, FIELD_NULL, 0, 0, drng_fields, NULL},
    {"events", FIELD_OBJECT, 0, 0, 0, events_fields, NULL},
    {"involuntary_switches", FIELD_OBJECT, 0, 0, 0, switches_fields, NULL},
    {"kex_messages", FIELD_INTS, FIELD_NULL, 0, 1 << 30, NULL, NULL},
    {"sig_observed_min", FIELD_INT, FIELD_NULL, 0, 0, NULL, NULL},
    {"sig_observed_max", FIELD_INT, FIELD_NULL, 0, 0, NULL, NULL},
    {"substitution", FIELD_OBJECT, FIELD_NULL | FIELD_OPTIONAL, 0, 0, subst_fields, NULL},
    {"passes", FIELD_OBJECT, 0, 0, 0, pass_runs_fields, NULL},
    {NULL, 0, 0, 0, 0, NULL, NULL},
};

/* Whether S is one of VALUES. */
static bool check_listed(const char *s, const char *const *values)
{
    for (; *values != NULL; values++)
        if (strcmp(s, *values) == 0)
            return true;
    return false;
}

static void check_object(struct problem *c, json_t *obj, const char *path,
                         const struct field *table);

/* Check the integer V, member F at PATH, within F's range (max 0: none). */
static void check_int(struct problem *c, json_t *v, const char *path, const struct field *f)
{
    double d;

    if (!json_is_integer(v)) {
        problem_set(c, "field %s is not an integer", path);
        return;
    }
    d = (double)json_integer_value(v);
    if (d < f->min || (f->max != 0 && d > f->max))
        problem_set(c, "field %s is out of range: %lld", path, (long long)json_integer_value(v));
}

/* Check the number V, member F at PATH: finite and within F's range (max
 * 0: none). */
static void check_number(struct problem *c, json_t *v, const char *path, const struct field *f)
{
    double d;

    if (!json_is_number(v)) {
        problem_set(c, "field %s is not a number", path);
        return;
    }
    d = json_number_value(v);
    if (!isfinite(d) || d < f->min || (f->max != 0 && d > f->max))
        problem_set(c, "field %s is out of range: %g", path, d);
}

/* Check the string V, member F at PATH: short, without a NUL inside, and
 * one of F's values when it lists them. */
static void check_string(struct problem *c, json_t *v, const char *path, const struct field *f)
{
    if (!json_is_string(v)) {
        problem_set(c, "field %s is not a string", path);
        return;
    }
    if (json_string_length(v) > FIELD_STRING_MAX ||
        strlen(json_string_value(v)) != json_string_length(v)) {
        problem_set(c, "field %s is not a string of at most %d bytes", path, FIELD_STRING_MAX);
        return;
    }
    if (f->values != NULL && !check_listed(json_string_value(v), f->values))
        problem_set(c, "field %s: unknown value", path);
}

/* Check the array V, member F at PATH, of integers from 0 to F's max. */
static void check_ints(struct problem *c, json_t *v, const char *path, const struct field *f)
{
    json_t *item;
    size_t i;

    if (!json_is_array(v)) {
        problem_set(c, "field %s is not an array", path);
        return;
    }
    json_array_foreach(v, i, item) if (!json_is_integer(item) || json_integer_value(item) < 0 ||
                                       (double)json_integer_value(item) > f->max)
    {
        problem_set(c, "field %s[%zu] is not an integer from 0 to %.0f", path, i, f->max);
        return;
    }
}

/* Check the array V, member F at PATH, of at least F's min objects, each
 * against F's members. */
static void check_array(struct problem *c, json_t *v, const char *path, const struct field *f)
{
    char elem[512];
    json_t *item;
    size_t i;

    if (!json_is_array(v)) {
        problem_set(c, "field %s is not an array", path);
        return;
    }
    if ((double)json_array_size(v) < f->min) {
        problem_set(c, "field %s has fewer than %.0f elements", path, f->min);
        return;
    }
    json_array_foreach(v, i, item)
    {
        if (snprintf(elem, sizeof elem, "%s[%zu]", path, i) >= (int)sizeof elem)
            elem[sizeof elem - 1] = '\0';
        if (!json_is_object(item)) {
            problem_set(c, "field %s is not an object", elem);
            return;
        }
        check_object(c, item, elem, f->members);
    }
}

/* Check V, member F at PATH. */
static void check_value(struct problem *c, json_t *v, const char *path, const struct field *f)
{
    switch (f->kind) {
    case FIELD_INT:
        check_int(c, v, path, f);
        return;
    case FIELD_NUMBER:
        check_number(c, v, path, f);
        return;
    case FIELD_BOOL:
        if (!json_is_boolean(v))
            problem_set(c, "field %s is not true or false", path);
        return;
    case FIELD_STRING:
        check_string(c, v, path, f);
        return;
    case FIELD_OBJECT:
        if (!json_is_object(v)) {
            problem_set(c, "field %s is not an object", path);
            return;
        }
        check_object(c, v, path, f->members);
        return;
    case FIELD_INTS:
        check_ints(c, v, path, f);
        return;
    case FIELD_ARRAY:
        check_array(c, v, path, f);
        return;
    }
}

/* Check the members of OBJ at PATH against TABLE: each present (or null
 * when allowed) and of its kind, and no other. */
static void check_object(struct problem *c, json_t *obj, const char *path,
                         const struct field *table)
{
    char member[512];
    const char *key;
    json_t *v;
    size_t n = 0;

    for (const struct field *f = table; f->key != NULL && !c->failed; f++) {
        snprintf(member, sizeof member, "%s%s%s", path, *path ? "." : "", f->key);
        v = json_object_get(obj, f->key);
        n += v != NULL;
        if (v == NULL && !(f->flags & FIELD_OPTIONAL))
            problem_set(c, "field %s is missing", member);
        else if (v != NULL && json_is_null(v) && !(f->flags & FIELD_NULL))
            problem_set(c, "field %s is null", member);
        else if (v != NULL && !json_is_null(v))
            check_value(c, v, member, f);
    }
    if (c->failed || json_object_size(obj) == n)
        return;
    json_object_foreach(obj, key, v)
    {
        const struct field *f = table;

        while (f->key != NULL && strcmp(f->key, key) != 0)
            f++;
        if (f->key == NULL) {
            snprintf(member, sizeof member, "%s%s%.100s", path, *path ? "." : "", key);
            {
                problem_set(c, "field %s is not part of protocol %d", member, PROTOCOL_VERSION);
                return;
            }
        }
    }
}

/* Check OBJ against TABLE; NAME says what it is when it is no object. */
static int check_message(json_t *obj, const struct field *table, const char *name, char *why,
                         size_t len)
{
    struct problem c = {.why = why, .size = len};

    if (!json_is_object(obj))
        problem_set(&c, "the %s is not an object", name);
    else
        check_object(&c, obj, "", table);
    return c.failed ? -1 : 0;
}

/* Check that the timing trials of RESULT name no more cores than a pass
 * takes in turn (CORES_MAX, and null for none): each is a stratum of the
 * record's mean. */
static int check_trial_cores(json_t *result, char *why, size_t len)
{
    json_t *trials = json_object_get(json_object_get(result, "timing"), "trials"), *t;
    json_int_t seen[CORES_MAX + 1];
    size_t n = 0, i, k;

    json_array_foreach(trials, i, t)
    {
        json_t *cpu = json_object_get(t, "cpu");
        json_int_t c = json_is_integer(cpu) ? json_integer_value(cpu) : -1;

        for (k = 0; k < n && seen[k] != c; k++)
            ;
        if (k < n)
            continue;
        if (n == CORES_MAX + 1) {
            snprintf(why, len, "field timing.trials names more than %d cores", CORES_MAX);
            return -1;
        }
        seen[n++] = c;
    }
    return 0;
}

/* Check a probe's, an operation's or a costs request's result. */
int result_check(json_t *result, enum result_kind kind, char *why, size_t len)
{
    if (kind == RESULT_OP)
        return check_message(result, op_fields, "result", why, len) != 0
                   ? -1
                   : check_trial_cores(result, why, len);
    return check_message(result,
                         kind == RESULT_PROBE   ? probe_fields
                         : kind == RESULT_COSTS ? costs_fields
                         : kind == RESULT_KAT   ? kat_fields
                                                : replay_request_fields,
                         "result", why, len);
}

/* Check a pass's plan. */
int result_check_plan(json_t *plan, char *why, size_t len)
{
    return check_message(plan, plan_fields, "plan", why, len);
}
