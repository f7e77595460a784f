/* record-read.c - read and check one profile record for report and compare.
 *
 * The reader walks the document once, checking each member it copies.  The
 * first problem found is the one reported: reading goes on harmlessly (the
 * getters return empty values once a problem is recorded), so the code can
 * read the record top to bottom without testing after every member. */
#include "config.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/format.h"
#include "measure/rules.h"
#include "record/record-read.h"
#include "record/record-schema.h"
#include "util/regfile.h"

static const char *const rec_helper_name[ICCSPROF_NHELPERS] = ICCSPROF_HELPER_NAMES;
static const char *const rec_op_names[REC_NOPS] = {
    "keygen",  "sign",    "verify",  "enc",     "dec",      "init_a",
    "init_b",  "pass1_a", "pass2_b", "pass3_a", "pass4_b",  "pass5_a",
    "pass6_b", "pass7_a", "pass8_b", "pass9_a", "derive_a", "derive_b"};
static const char *const rec_type_names[] = {"sig", "kem", "kex"};
static const char *const rec_state_names[] = {"complete", "partial", "failed"};

/* What a member may be besides its type. */
enum rr_presence {
    RR_REQUIRED,    /* present and not null */
    RR_NULLABLE,    /* present, may be null */
    RR_SINCE_V2,    /* present and not null from version 2; a /1 record lacks it */
    RR_NULLABLE_V2, /* present (may be null) from version 2; a /1 record lacks it */
    RR_SINCE_V4,    /* present and not null from version 4; older records lack it */
    RR_NULLABLE_V4, /* present (may be null) from version 4; older records lack it */
    RR_SINCE_V5,    /* present and not null from version 5; older records lack it */
    RR_NULLABLE_V5, /* present (may be null) from version 5; older records lack it */
    RR_SINCE_V6,    /* present and not null from version 6; older records lack it */
    RR_OPTIONAL     /* not null when present; added to version 4 after its first records */
};

/* The state of one reading: the file, the version, the first problem. */
struct rr {
    const char *path;
    int version;
    char *err;
    size_t err_size;
    bool failed;
};

/* Record the first problem as "PATH: MESSAGE". */
static void rr_fail(struct rr *rr, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void rr_fail(struct rr *rr, const char *fmt, ...)
{
    va_list ap;
    int n;

    if (rr->failed)
        return;
    rr->failed = true;
    n = snprintf(rr->err, rr->err_size, "%s: ", rr->path);
    if (n < 0 || (size_t)n >= rr->err_size)
        return;
    va_start(ap, fmt);
    vsnprintf(rr->err + n, rr->err_size - (size_t)n, fmt, ap);
    va_end(ap);
}

/* Member KEY of OBJ (whose field path is WHERE) with its presence checked;
 * NULL when absent-and-allowed, null-and-allowed, or after a problem. */
static json_t *rr_member(struct rr *rr, json_t *obj, const char *where, const char *key,
                         enum rr_presence presence)
{
    json_t *v;
    int since = presence == RR_OPTIONAL                                 ? REC_VERSION_MAX + 1
                : presence == RR_SINCE_V6                               ? 6
                : presence == RR_SINCE_V5 || presence == RR_NULLABLE_V5 ? 5
                : presence == RR_SINCE_V4 || presence == RR_NULLABLE_V4 ? 4
                : presence == RR_SINCE_V2 || presence == RR_NULLABLE_V2 ? 2
                                                                        : 1;
    bool nullable = presence == RR_NULLABLE || presence == RR_NULLABLE_V2 ||
                    presence == RR_NULLABLE_V4 || presence == RR_NULLABLE_V5;

    if (rr->failed || obj == NULL)
        return NULL;
    v = json_object_get(obj, key);
    if (v == NULL) {
        if (rr->version >= since)
            rr_fail(rr, "field %s%s%s is missing", where, *where ? "." : "", key);
        return NULL;
    }
    if (json_is_null(v)) {
        if (!nullable)
            rr_fail(rr, "field %s%s%s is null", where, *where ? "." : "", key);
        return NULL;
    }
    return v;
}

/* Report that the field WHERE.KEY holds V where WANTED was expected. */
static void rr_wrong(struct rr *rr, const char *where, const char *key, const char *wanted,
                     const json_t *v)
{
    rr_fail(rr, "field %s%s%s: expected %s, found %s", where, *where ? "." : "", key, wanted,
            record_json_kind(v));
}

/* An object member; NULL when null, absent-and-allowed, or wrong. */
static json_t *rr_object(struct rr *rr, json_t *obj, const char *where, const char *key,
                         enum rr_presence presence)
{
    json_t *v = rr_member(rr, obj, where, key, presence);

    if (v != NULL && !json_is_object(v)) {
        rr_wrong(rr, where, key, "an object", v);
        return NULL;
    }
    return v;
}

/* An array member; NULL when null, absent-and-allowed, or wrong. */
static json_t *rr_array(struct rr *rr, json_t *obj, const char *where, const char *key,
                        enum rr_presence presence)
{
    json_t *v = rr_member(rr, obj, where, key, presence);

    if (v != NULL && !json_is_array(v)) {
        rr_wrong(rr, where, key, "an array", v);
        return NULL;
    }
    return v;
}

/* The largest count the reader takes: JSON Schema's integers have no
 * bound, the reader's long long has. */
#define RR_COUNT_MAX 9007199254740992.0 /* 2^53: every count below is exact in a double */

/* Report that the field WHERE.KEY holds the number D outside [LO, HI]. */
static void rr_range(struct rr *rr, const char *where, const char *key, double d, double lo,
                     double hi)
{
    if (hi == INFINITY)
        rr_fail(rr, "field %s%s%s: %.15g is out of range (%g or more)", where, *where ? "." : "",
                key, d, lo);
    else
        rr_fail(rr, "field %s%s%s: %.15g is out of range (%g to %g)", where, *where ? "." : "", key,
                d, lo, hi);
}

/* A number member in [LO, HI] (every number of the schema has a lower
 * bound); FALLBACK when null or absent-and-allowed. */
static double rr_number_in(struct rr *rr, json_t *obj, const char *where, const char *key,
                           enum rr_presence presence, double fallback, double lo, double hi)
{
    json_t *v = rr_member(rr, obj, where, key, presence);
    double d;

    if (v == NULL)
        return fallback;
    if (!json_is_number(v)) {
        rr_wrong(rr, where, key, "a number", v);
        return fallback;
    }
    d = json_number_value(v);
    if (!(d >= lo && d <= hi)) {
        rr_range(rr, where, key, d, lo, hi);
        return fallback;
    }
    return d;
}

/* A number member >= 0, as the schema states for every figure. */
static double rr_number(struct rr *rr, json_t *obj, const char *where, const char *key,
                        enum rr_presence presence, double fallback)
{
    return rr_number_in(rr, obj, where, key, presence, fallback, 0, INFINITY);
}

/* A share member, in [0, 1]; its standard error is held to the same. */
static double rr_share(struct rr *rr, json_t *obj, const char *where, const char *key,
                       enum rr_presence presence, double fallback)
{
    return rr_number_in(rr, obj, where, key, presence, fallback, 0, 1);
}

/* A count member, a whole number in [LO, HI] (12.0 counts, as in JSON
 * Schema); FALLBACK when null or absent-and-allowed. */
static long long rr_count_in(struct rr *rr, json_t *obj, const char *where, const char *key,
                             enum rr_presence presence, long long fallback, double lo, double hi)
{
    json_t *v = rr_member(rr, obj, where, key, presence);
    double d;

    if (v == NULL)
        return fallback;
    if (!json_is_number(v) ||
        (json_is_real(v) && json_real_value(v) != floor(json_real_value(v)))) {
        rr_wrong(rr, where, key, "a whole number", v);
        return fallback;
    }
    d = json_number_value(v);
    /* an integer compared exactly: as a double, 2^53 + 1 would be 2^53 */
    if (json_is_integer(v) && json_integer_value(v) >= (json_int_t)lo &&
        json_integer_value(v) <= (json_int_t)fmin(hi, RR_COUNT_MAX))
        return (long long)json_integer_value(v);
    if (json_is_real(v) && d >= lo && d <= hi && d <= RR_COUNT_MAX)
        return (long long)d;
    if (hi >= RR_COUNT_MAX)
        rr_fail(rr, "field %s%s%s: %.15g is out of range (a whole number from %.15g to 2^53)",
                where, *where ? "." : "", key, d, lo);
    else
        rr_fail(rr, "field %s%s%s: %.15g is out of range (a whole number from %.15g to %.15g)",
                where, *where ? "." : "", key, d, lo, hi);
    return fallback;
}

/* A count member >= 0. */
static long long rr_count(struct rr *rr, json_t *obj, const char *where, const char *key,
                          enum rr_presence presence, long long fallback)
{
    return rr_count_in(rr, obj, where, key, presence, fallback, 0, RR_COUNT_MAX);
}

/* A count member >= 1: calls of a measured pass, trials, a sampling K. */
static long long rr_count1(struct rr *rr, json_t *obj, const char *where, const char *key,
                           enum rr_presence presence, long long fallback)
{
    return rr_count_in(rr, obj, where, key, presence, fallback, 1, RR_COUNT_MAX);
}

/* A length of the API: 1 byte to 1 GiB. */
static long long rr_size(struct rr *rr, json_t *obj, const char *where, const char *key,
                         enum rr_presence presence, long long fallback)
{
    return rr_count_in(rr, obj, where, key, presence, fallback, 1, 1 << 30);
}

/* A boolean member; false when null or absent-and-allowed. */
static bool rr_bool(struct rr *rr, json_t *obj, const char *where, const char *key,
                    enum rr_presence presence)
{
    json_t *v = rr_member(rr, obj, where, key, presence);

    if (v != NULL && !json_is_boolean(v)) {
        rr_wrong(rr, where, key, "true or false", v);
        return false;
    }
    return json_is_true(v);
}

/* A string member, copied; NULL when null, absent-and-allowed, or wrong. */
static char *rr_string(struct rr *rr, json_t *obj, const char *where, const char *key,
                       enum rr_presence presence)
{
    json_t *v = rr_member(rr, obj, where, key, presence);

    if (v == NULL)
        return NULL;
    if (!json_is_string(v)) {
        rr_wrong(rr, where, key, "a string", v);
        return NULL;
    }
    return strdup(json_string_value(v));
}

/* A string member that must be one of NAMES (N of them); its index, or 0
 * after a problem. */
static int rr_enum(struct rr *rr, json_t *obj, const char *where, const char *key,
                   const char *const *names, int n)
{
    json_t *v = rr_member(rr, obj, where, key, RR_REQUIRED);

    if (v == NULL)
        return 0;
    if (!json_is_string(v)) {
        rr_wrong(rr, where, key, "a string", v);
        return 0;
    }
    for (int i = 0; i < n; i++)
        if (strcmp(json_string_value(v), names[i]) == 0)
            return i;
    rr_fail(rr, "field %s%s%s: unknown value \"%s\"", where, *where ? "." : "", key,
            json_string_value(v));
    return 0;
}

/* The field path of element I of the array WHERE.KEY, into BUF. */
static const char *rr_element(char *buf, size_t size, const char *where, const char *key, size_t i)
{
    snprintf(buf, size, "%s%s%s[%zu]", where, *where ? "." : "", key, i);
    return buf;
}

/* Report an element O of an array, at field path WHERE, that is not an
 * object, as the elements of the record's arrays of records must be. */
static void rr_want_object(struct rr *rr, json_t *o, const char *where)
{
    if (!rr->failed && !json_is_object(o))
        rr_fail(rr, "field %s: expected an object, found %s", where, record_json_kind(o));
}

/* Check the declared schema and set the version; false (and the reason)
 * when the document is not a record this reader accepts. */
static bool rr_schema(struct rr *rr, json_t *root)
{
    static const char prefix[] = "iccsprof.profile/";
    json_t *schema = json_object_get(root, "schema");
    const char *s, *digits;
    char *end;
    long version;

    if (!json_is_string(schema)) {
        rr_fail(rr, "not an iccsprof profile (no \"schema\" string member)");
        return false;
    }
    s = json_string_value(schema);
    digits = s + strlen(prefix);
    if (strncmp(s, prefix, strlen(prefix)) != 0 || *digits < '1' || *digits > '9') {
        rr_fail(rr, "schema \"%s\" is not an iccsprof profile", s);
        return false;
    }
    errno = 0;
    version = strtol(digits, &end, 10);
    if (*end != '\0') {
        rr_fail(rr, "schema \"%s\" is not an iccsprof profile", s);
        return false;
    }
    if (version > REC_VERSION_MAX || errno == ERANGE) {
        rr_fail(rr, "schema \"%s\" is newer than this iccsprof reads (up to iccsprof.profile/%d)",
                s, REC_VERSION_MAX);
        return false;
    }
    rr->version = (int)version;
    return true;
}

/* Whether OP is an operation of a scheme of TYPE. */
static bool rec_op_of(enum rec_op op, enum rec_type type)
{
    switch (type) {
    case REC_SIG:
        return op == REC_KEYGEN || op == REC_SIGN || op == REC_VERIFY;
    case REC_KEM:
        return op == REC_KEYGEN || op == REC_ENC || op == REC_DEC;
    case REC_KEX:
        return op >= REC_INIT_A;
    }
    return false;
}

/* Identity: scheme, operation (which must belong to the scheme's type). */
static void rr_identity(struct rr *rr, json_t *root, struct rec *r)
{
    json_t *scheme = rr_object(rr, root, "", "scheme", RR_REQUIRED);

    r->scheme_id = rr_string(rr, scheme, "scheme", "id", RR_REQUIRED);
    r->algorithm = rr_string(rr, scheme, "scheme", "algorithm", RR_REQUIRED);
    r->instance = rr_string(rr, scheme, "scheme", "instance", RR_REQUIRED);
    r->type = (enum rec_type)rr_enum(rr, scheme, "scheme", "type", rec_type_names, 3);
    r->op = (enum rec_op)rr_enum(rr, root, "", "operation", rec_op_names, REC_NOPS);
    if (!rr->failed && !rec_op_of(r->op, r->type))
        rr_fail(rr, "field operation: \"%s\" is not an operation of a %s scheme",
                rec_op_names[r->op], rec_type_names[r->type]);
}

/* Build, host and date: what compare puts side by side, and the context
 * columns of the CSV/JSON rows. */
static void rr_build_host(struct rr *rr, json_t *root, struct rec *r)
{
    json_t *build = rr_object(rr, root, "", "build", RR_REQUIRED);
    json_t *host = rr_object(rr, root, "", "host", RR_REQUIRED);
    json_t *plain = rr_object(rr, build, "build", "plain", RR_NULLABLE);
    json_t *profiled = rr_object(rr, build, "build", "profiled", RR_NULLABLE);

    r->created = rr_string(rr, root, "", "created", RR_REQUIRED);
    r->compiler = rr_string(rr, build, "build", "compiler", RR_NULLABLE);
    r->cflags = rr_string(rr, build, "build", "cflags", RR_NULLABLE);
    r->fallback = rr_string(rr, build, "build", "fallback", RR_NULLABLE);
    r->sources_from = rr_string(rr, build, "build", "sources_from", RR_OPTIONAL);
    r->plain_sha256 = rr_string(rr, plain, "build.plain", "sha256", RR_REQUIRED);
    r->profiled_sha256 = rr_string(rr, profiled, "build.profiled", "sha256", RR_REQUIRED);
    r->plain_path = rr_string(rr, plain, "build.plain", "path", RR_REQUIRED);
    r->profiled_path = rr_string(rr, profiled, "build.profiled", "path", RR_REQUIRED);
    r->cpu_model = rr_string(rr, host, "host", "cpu_model", RR_REQUIRED);
    r->kernel = rr_string(rr, host, "host", "kernel", RR_REQUIRED);
    r->tick_source = rr_string(rr, host, "host", "tick_source", RR_REQUIRED);
    r->cycles_source = rr_string(rr, host, "host", "cycles_source", RR_REQUIRED);
    r->tick_hz = rr_number(rr, host, "host", "tick_hz", RR_NULLABLE, NAN);
    r->emulated = rr_bool(rr, host, "host", "emulated", RR_OPTIONAL);
    r->emulation = rr_string(rr, host, "host", "emulation", RR_OPTIONAL);
}

/* The inputs every operation of R was measured with. */
static void rr_inputs(struct rr *rr, json_t *root, struct rec *r)
{
    json_t *in = rr_object(rr, root, "", "inputs", RR_OPTIONAL);

    r->seed = rr_string(rr, in, "inputs", "seed", RR_REQUIRED);
    r->message_bytes = rr_count(rr, in, "inputs", "message_bytes", RR_REQUIRED, -1);
}

/* The highest core number a record names: the kernel's CPU_SETSIZE
 * less one, as the schema states it. */
#define RR_CPU_MAX 1023

/* Keep core C (WHERE) of the timing pass in R if it is the slowest or
 * the fastest so far. */
static void rr_timing_core(struct rr *rr, json_t *c, const char *where, struct rec *r)
{
    struct rec_core k;

    rr_want_object(rr, c, where);
    k.cpu = rr_count_in(rr, c, where, "cpu", RR_NULLABLE, -1, 0, RR_CPU_MAX);
    k.trials = rr_count1(rr, c, where, "trials", RR_REQUIRED, 0);
    k.mean_cycles = rr_number(rr, c, where, "mean_cycles", RR_REQUIRED, NAN);
    k.stderr = rr_number(rr, c, where, "mean_cycles_stderr", RR_REQUIRED, NAN);
    if (r->timing_cores == 0 || k.mean_cycles < r->core_low.mean_cycles)
        r->core_low = k;
    if (r->timing_cores == 0 || k.mean_cycles > r->core_high.mean_cycles)
        r->core_high = k;
    r->timing_cores++;
}

/* The cores the timing pass took in turn (timing.cores, from version 6):
 * how many, the slowest and the fastest, and how far apart. */
static void rr_timing_cores(struct rr *rr, json_t *t, struct rec *r)
{
    json_t *cores = rr_array(rr, t, "timing", "cores", RR_SINCE_V6), *c;
    char where[64];
    size_t i;

    r->timing_cores = 0;
    r->core_spread = rr_number(rr, t, "timing", "core_spread", RR_SINCE_V6, NAN);
    if (cores != NULL && json_array_size(cores) == 0)
        rr_fail(rr, "field timing.cores: expected at least one core, found none");
    json_array_foreach(cores, i, c)
    {
        rr_element(where, sizeof where, "timing", "cores", i);
        rr_timing_core(rr, c, where, r);
    }
}

/* The degrees of freedom of R's mean_cycles_stderr, given the error from
 * within its processes, WITHIN: a few processes' spread is known to few
 * degrees, and a 95 % interval from it needs Student's t of them, not
 * two standard errors. */
static void rr_stderr_df(struct rec *r, double within)
{
    double strata = r->timing_cores > 1 ? r->timing_cores : 1;

    if (isnan(r->mean_cycles_stderr))
        r->mean_cycles_stderr_df = NAN;
    else if (r->timing_processes > 1 && r->mean_cycles_stderr > within)
        r->mean_cycles_stderr_df = r->timing_processes - 1;
    else
        r->mean_cycles_stderr_df = fmax(1, (double)r->trials - strata);
}

/* Timing of the plain library. */
static void rr_timing(struct rr *rr, json_t *root, struct rec *r)
{
    json_t *t = rr_object(rr, root, "", "timing", RR_NULLABLE);
    json_t *trials = rr_array(rr, t, "timing", "trials", RR_REQUIRED);

    r->has_timing = t != NULL;
    r->calls_per_trial = rr_count1(rr, t, "timing", "calls_per_trial", RR_REQUIRED, -1);
    r->trials = trials != NULL ? (long long)json_array_size(trials) : -1;
    if (trials != NULL && json_array_size(trials) == 0)
        rr_fail(rr, "field timing.trials: expected at least one trial, found none");
    r->n = rr_count1(rr, t, "timing", "n", RR_REQUIRED, -1);
    r->mean_cycles = rr_number(rr, t, "timing", "mean_cycles", RR_REQUIRED, NAN);
    r->mean_seconds = rr_number(rr, t, "timing", "mean_seconds", RR_REQUIRED, NAN);
    r->ops_per_second = rr_number(rr, t, "timing", "ops_per_second", RR_REQUIRED, NAN);
    r->median_trial_seconds = rr_number(rr, t, "timing", "median_trial_seconds", RR_REQUIRED, NAN);
    r->median_trial_cycles = rr_number(rr, t, "timing", "median_trial_cycles", RR_REQUIRED, NAN);
    r->trial_spread = rr_number(rr, t, "timing", "trial_spread", RR_SINCE_V4, NAN);
    r->mean_cycles_stderr = rr_number(rr, t, "timing", "mean_cycles_stderr", RR_SINCE_V4, NAN);
    rr_timing_cores(rr, t, r);
    r->timing_processes = (int)json_array_size(json_object_get(t, "processes"));
    r->process_spread = rr_number(rr, t, "timing", "process_spread", RR_OPTIONAL, NAN);
    rr_stderr_df(r, rr_number(rr, t, "timing", "within_process_stderr", RR_OPTIONAL, NAN));
}

/* A number member KEY of OBJ above FLOOR, or NAN (null, absent: a record
 * before the stopping rule was recorded; the schema checks the type). */
static double rr_above(json_t *obj, const char *key, double floor)
{
    json_t *v = json_object_get(obj, key);

    return json_is_number(v) && json_number_value(v) > floor ? json_number_value(v) : NAN;
}

/* The timing pass's stopping rule and where it stopped, from the method
 * M and the passes of ROOT. */
static void rr_stopping(json_t *root, json_t *m, struct rec *r)
{
    json_t *t = json_object_get(json_object_get(root, "passes"), "timing");
    const char *stop = json_string_value(json_object_get(t, "stop"));

    r->precision_asked = rr_above(m, "precision", 0);
    r->max_seconds = rr_above(m, "max_seconds", 0);
    r->timing_precision = rr_above(t, "precision", -1);
    r->timing_cut = stop != NULL && strcmp(stop, "max-seconds") == 0;
}

/* A record made before its timing pass said the precision it reached
 * has it from its trials: Student's t times the standard error of the
 * mean cycles, relative to them, as the pass works it out. */
static void rr_precision_from_trials(struct rec *r)
{
    if (isnan(r->timing_precision) && r->trials >= 2 && r->mean_cycles > 0 &&
        isfinite(r->mean_cycles_stderr))
        r->timing_precision =
            method_t95((unsigned long long)r->trials - 1) * r->mean_cycles_stderr / r->mean_cycles;
}

/* The method's minimum number of operations and its stopping rule. */
static void rr_method(struct rr *rr, json_t *root, struct rec *r)
{
    json_t *m = rr_object(rr, root, "", "method", RR_REQUIRED);

    r->min_calls = rr_count(rr, m, "method", "min_calls", RR_REQUIRED, 1);
    rr_stopping(root, m, r);
}

/* Noise: whether the machine disturbed the measurement, and how. */
static void rr_noise(struct rr *rr, json_t *root, struct rec *r)
{
    json_t *n = rr_object(rr, root, "", "noise", RR_SINCE_V4), *reason;
    json_t *reasons = rr_array(rr, n, "noise", "reasons", RR_REQUIRED);
    char text[512] = "";
    size_t i;

    r->noisy = rr_bool(rr, n, "noise", "noisy", RR_REQUIRED);
    r->cpu_share = rr_share(rr, n, "noise", "cpu_share", RR_NULLABLE, NAN);
    json_array_foreach(reasons, i, reason) if (json_is_string(reason))
        snprintf(text + strlen(text), sizeof text - strlen(text), "%s%s", i ? "; " : "",
                 json_string_value(reason));
    r->noise_reasons = strdup(text);
}

/* The DRNG contexts: whether the seed reached the scheme's randomness
 * (-1 unknown), and the names seeded and not seeded. */
static void rr_drng(struct rr *rr, json_t *root, struct rec *r)
{
    json_t *d = rr_object(rr, root, "", "drng", RR_SINCE_V4), *c;
    json_t *contexts = rr_array(rr, d, "drng", "contexts", RR_REQUIRED);
    json_t *reached = d != NULL ? json_object_get(d, "seed_reached") : NULL;
    char seeded[256] = "", unseeded[256] = "";
    size_t i;

    r->has_drng = d != NULL;
    r->drng_global = rr_bool(rr, d, "drng", "global", RR_REQUIRED);
    r->drng_seed_reached = json_is_boolean(reached) ? json_is_true(reached) : -1;
    json_array_foreach(contexts, i, c)
    {
        const char *name = json_string_value(json_object_get(c, "symbol"));
        char *list = json_is_true(json_object_get(c, "seeded")) ? seeded : unseeded;

        snprintf(list + strlen(list), 256 - strlen(list), "%s%s", list[0] ? ", " : "",
                 name != NULL ? name : "a context on the stack or the heap");
    }
    r->drng_seeded = strdup(seeded);
    r->drng_unseeded = strdup(unseeded);
    r->drng_other_calls = rr_count(rr, d, "drng", "other_calls", RR_REQUIRED, 0);
    r->drng_table = rr_count_in(rr, d, "drng", "table", RR_NULLABLE_V5, -1, 1, RR_COUNT_MAX);
}

/* The candidates ASKED of a what-if record as "helper=candidate,...",
 * as the measuring process names them: for a run that failed before it
 * said how they were served. */
static char *rr_asked_names(struct rr *rr, json_t *asked)
{
    char names[512] = "";
    json_t *a;
    size_t i;

    json_array_foreach(asked, i, a)
    {
        char *helper = rr_string(rr, a, "substitution.asked[]", "helper", RR_REQUIRED);
        char *candidate = rr_string(rr, a, "substitution.asked[]", "candidate", RR_REQUIRED);

        if (helper != NULL && candidate != NULL)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s=%s",
                     names[0] ? "," : "", helper, candidate);
        free(helper);
        free(candidate);
    }
    return strdup(names);
}

/* The substitution of a what-if record (absent from a placeholder one):
 * the candidates as given, the works-check and the counts that differ.
 * A run that failed before the works-check ended holds only what was
 * asked. */
static void rr_substitution(struct rr *rr, json_t *root, struct rec *r)
{
    json_t *s = rr_object(rr, root, "", "substitution", RR_OPTIONAL);
    json_t *works = rr_object(rr, s, "substitution", "works", RR_OPTIONAL);
    json_t *counts = rr_object(rr, s, "substitution", "calls_per_op", RR_OPTIONAL), *c;
    char differs[512] = "", unverified[512] = "", a[FMT_CELL], b[FMT_CELL];
    const char *helper, *kat;
    size_t k;

    if (s == NULL)
        return;
    r->substitution = json_object_get(s, "as") != NULL
                          ? rr_string(rr, s, "substitution", "as", RR_REQUIRED)
                          : rr_asked_names(rr, json_object_get(s, "asked"));
    r->substitution_checked = works != NULL;
    if (works != NULL) {
        r->substitution_works = rr_bool(rr, works, "substitution.works", "passed", RR_REQUIRED);
        r->substitution_check = rr_string(rr, works, "substitution.works", "check", RR_NULLABLE);
    }
    json_object_foreach(counts, helper, c)
    {
        if (!json_is_true(json_object_get(c, "differs")))
            continue;
        snprintf(differs + strlen(differs), sizeof differs - strlen(differs),
                 "%s%s %s (placeholder %s)", differs[0] ? ", " : "", helper,
                 fmt_figure(a, sizeof a, json_number_value(json_object_get(c, "substituted"))),
                 fmt_figure(b, sizeof b, json_number_value(json_object_get(c, "placeholder"))));
    }
    r->substitution_differs = strdup(differs);
    json_array_foreach(json_object_get(s, "candidates"), k, c)
    {
        const char *name = json_string_value(json_object_get(c, "candidate"));

        kat = json_string_value(json_object_get(c, "kat"));
        if (name != NULL && kat != NULL && strncmp(kat, "unverified", 10) == 0 &&
            strstr(unverified, name) == NULL)
            snprintf(unverified + strlen(unverified), sizeof unverified - strlen(unverified),
                     "%s%s", unverified[0] ? ", " : "", name);
    }
    r->substitution_unverified = strdup(unverified);
}

/* The operations and events of each pass; a record before version 4 has
 * only the events' sums. */
static void rr_passes(struct rr *rr, json_t *events, struct rec *r)
{
    static const char *const names[REC_NPASSES] = {"setup", "timing", "profile"};
    json_t *passes = rr_object(rr, events, "events", "passes", RR_NULLABLE_V4);
    char where[64];

    for (int p = 0; p < REC_NPASSES; p++) {
        struct rec_pass *x = &r->pass[p];
        json_t *o = rr_object(rr, passes, "events.passes", names[p], RR_NULLABLE);

        snprintf(where, sizeof where, "events.passes.%s", names[p]);
        x->known = o != NULL;
        x->operations = rr_count(rr, o, where, "operations", RR_REQUIRED, 0);
        x->signatures = rr_count(rr, o, where, "signatures", RR_REQUIRED, 0);
        x->sign_failures_retried = rr_count(rr, o, where, "sign_failures_retried", RR_REQUIRED, 0);
        x->verifications = rr_count(rr, o, where, "verifications", RR_REQUIRED, 0);
        x->verify_rejections = rr_count(rr, o, where, "verify_rejections", RR_REQUIRED, 0);
        x->decapsulations = rr_count(rr, o, where, "decapsulations", RR_REQUIRED, 0);
        x->decaps_mismatches = rr_count(rr, o, where, "decaps_mismatches", RR_REQUIRED, 0);
    }
}

/* The sizes of a key exchange: the API's lengths, its passes, and the
 * messages of the exchange the driver ran (null when none ran). */
static void rr_kex_sizes(struct rr *rr, json_t *s, struct rec *r)
{
    json_t *messages = rr_array(rr, s, "sizes", "messages", RR_NULLABLE), *m;
    char where[64];
    size_t i;

    r->sta = rr_count(rr, s, "sizes", "sta", RR_REQUIRED, -1);
    r->stb = rr_count(rr, s, "sizes", "stb", RR_REQUIRED, -1);
    r->ss = rr_size(rr, s, "sizes", "ss", RR_REQUIRED, -1);
    r->msg_total = rr_size(rr, s, "sizes", "msg_total", RR_REQUIRED, -1);
    r->passes = rr_count(rr, s, "sizes", "passes", RR_REQUIRED, -1);
    if (!rr->failed && s != NULL && (r->passes < 1 || r->passes > REC_KEX_MAX_PASSES))
        rr_fail(rr, "field sizes.passes: expected 1 to %d passes, found %lld", REC_KEX_MAX_PASSES,
                r->passes);
    if (rr->failed || messages == NULL)
        return;
    if ((long long)json_array_size(messages) != r->passes) {
        rr_fail(rr, "field sizes.messages: expected one length per pass (%lld), found %zu",
                r->passes, json_array_size(messages));
        return;
    }
    json_array_foreach(messages, i, m)
    {
        double d = json_number_value(m);

        /* a count, as everywhere: 800.0 is one */
        if (!json_is_number(m) || d != floor(d) || d < 0 || d > RR_COUNT_MAX) {
            rr_fail(rr, "field %s: expected a whole number from 0 to 2^53, found %s",
                    rr_element(where, sizeof where, "sizes", "messages", i), record_json_kind(m));
            return;
        }
        r->messages[i] = (long long)d;
    }
    r->nmessages = json_array_size(messages);
}

/* Memory and sizes; the members of sizes depend on the type. */
static void rr_memory_sizes(struct rr *rr, json_t *root, struct rec *r)
{
    json_t *m = rr_object(rr, root, "", "memory", RR_REQUIRED);
    json_t *s = rr_object(rr, root, "", "sizes", RR_NULLABLE);
    bool sig = r->type == REC_SIG;

    r->static_image_bytes = rr_count(rr, m, "memory", "static_image_bytes", RR_NULLABLE, -1);
    r->baseline_rss_kib = rr_count(rr, m, "memory", "baseline_rss_kib", RR_NULLABLE, -1);
    r->peak_rss_kib = rr_count(rr, m, "memory", "peak_rss_kib", RR_NULLABLE, -1);
    r->has_sizes = s != NULL;
    if (r->type == REC_KEX) { /* a key exchange may have no long-term keys */
        r->pk = rr_count_in(rr, s, "sizes", "pk", RR_REQUIRED, -1, 0, 1 << 30);
        r->sk = rr_count_in(rr, s, "sizes", "sk", RR_REQUIRED, -1, 0, 1 << 30);
    } else {
        r->pk = rr_size(rr, s, "sizes", "pk", RR_REQUIRED, -1);
        r->sk = rr_size(rr, s, "sizes", "sk", RR_REQUIRED, -1);
    }
    r->sig = r->sig_observed_min = r->sig_observed_max = r->ct = r->ss = -1;
    r->sta = r->stb = r->msg_total = r->passes = -1;
    if (r->type == REC_KEX) {
        rr_kex_sizes(rr, s, r);
    } else if (sig) {
        r->sig = rr_size(rr, s, "sizes", "sig", RR_REQUIRED, -1);
        r->sig_observed_min = rr_count(rr, s, "sizes", "sig_observed_min", RR_NULLABLE, -1);
        r->sig_observed_max = rr_count(rr, s, "sizes", "sig_observed_max", RR_NULLABLE, -1);
    } else {
        r->ct = rr_size(rr, s, "sizes", "ct", RR_REQUIRED, -1);
        r->ss = rr_size(rr, s, "sizes", "ss", RR_REQUIRED, -1);
    }
}

/* profile.helpers: all four helpers.  A /1 record times every call and
 * gives no standard errors. */
static void rr_helpers(struct rr *rr, json_t *profile, struct rec *r)
{
    json_t *helpers = rr_object(rr, profile, "profile", "helpers", RR_REQUIRED);
    char where[64];

    for (int h = 0; h < ICCSPROF_NHELPERS; h++) {
        struct rec_helper *x = &r->helper[h];
        json_t *o;

        snprintf(where, sizeof where, "profile.helpers.%s", rec_helper_name[h]);
        o = rr_object(rr, helpers, "profile.helpers", rec_helper_name[h], RR_REQUIRED);
        x->calls = rr_count(rr, o, where, "calls", RR_REQUIRED, 0);
        x->calls_per_op = rr_number(rr, o, where, "calls_per_op", RR_REQUIRED, 0);
        x->timed_calls = rr_count(rr, o, where, "timed_calls", RR_SINCE_V2, x->calls);
        x->ticks = rr_number(rr, o, where, "ticks", RR_REQUIRED, 0);
        x->share_raw = rr_share(rr, o, where, "share_raw", RR_REQUIRED, 0);
        x->share = rr_share(rr, o, where, "share", RR_REQUIRED, 0);
        x->share_stderr = rr_share(rr, o, where, "share_stderr", RR_SINCE_V2, 0);
        x->nested_calls = rr_count(rr, o, where, "nested_calls", RR_REQUIRED, 0);
        x->calls_min = rr_count(rr, o, where, "calls_min", RR_SINCE_V4, -1);
        x->calls_max = rr_count(rr, o, where, "calls_max", RR_SINCE_V4, -1);
        x->calls_stddev = rr_number(rr, o, where, "calls_stddev", RR_NULLABLE_V4, NAN);
        x->calls_per_op_stderr =
            rr_number(rr, o, where, "calls_per_op_stderr", RR_NULLABLE_V4, NAN);
        x->grouped_calls = rr_count(rr, o, where, "grouped_calls", RR_SINCE_V5, 0);
    }
}

/* profile.shapes: one row per (helper, in bits, out bits). */
static void rr_shapes(struct rr *rr, json_t *profile, struct rec *r)
{
    json_t *shapes = rr_array(rr, profile, "profile", "shapes", RR_REQUIRED), *o;
    char where[64];
    size_t i;

    if (shapes == NULL || json_array_size(shapes) == 0)
        return;
    r->shapes = calloc(json_array_size(shapes), sizeof *r->shapes);
    json_array_foreach(shapes, i, o)
    {
        struct rec_shape *s = &r->shapes[i];
        rr_element(where, sizeof where, "profile", "shapes", i);
        rr_want_object(rr, o, where);
        s->helper = (enum iccsprof_helper)rr_enum(rr, o, where, "helper", rec_helper_name,
                                                  ICCSPROF_NHELPERS);
        s->in_bits = rr_count(rr, o, where, "in_bits", RR_REQUIRED, 0);
        s->out_bits = rr_count(rr, o, where, "out_bits", RR_REQUIRED, 0);
        s->grouped = rr_bool(rr, o, where, "grouped", RR_SINCE_V5);
        s->in_bits_max =
            rr->version < 5 ? s->in_bits : rr_count(rr, o, where, "in_bits_max", RR_NULLABLE, -1);
        s->out_bits_max =
            rr->version < 5 ? s->out_bits : rr_count(rr, o, where, "out_bits_max", RR_NULLABLE, -1);
        s->calls = rr_count1(rr, o, where, "calls", RR_REQUIRED, 0);
        s->timed_calls = rr_count(rr, o, where, "timed_calls", RR_SINCE_V2, s->calls);
        s->ticks = rr_number(rr, o, where, "ticks", RR_REQUIRED, 0);
        s->calls_min = rr_count(rr, o, where, "calls_min", RR_SINCE_V4, -1);
        s->calls_max = rr_count(rr, o, where, "calls_max", RR_SINCE_V4, -1);
        s->calls_per_op_stderr =
            rr_number(rr, o, where, "calls_per_op_stderr", RR_NULLABLE_V4, NAN);
        r->nshapes = i + 1;
    }
}

/* The cores of a played-back share (profile.replay.cores, absent before
 * protocol 8): how many, and the lowest and the highest share with their
 * cores, for the report to say when they disagree. */
static void rr_replay_cores(struct rr *rr, json_t *replay, struct rec *r)
{
    json_t *cores = rr_array(rr, replay, "profile.replay", "cores", RR_OPTIONAL), *c;
    char where[64];
    size_t i;

    r->replay_cores = 0;
    json_array_foreach(cores, i, c)
    {
        double share;
        long long cpu;

        rr_element(where, sizeof where, "profile.replay", "cores", i);
        rr_want_object(rr, c, where);
        share = rr_share(rr, c, where, "share", RR_REQUIRED, 0);
        cpu = rr_count_in(rr, c, where, "cpu", RR_NULLABLE, -1, 0, RR_CPU_MAX);
        if (r->replay_cores == 0 || share < r->replay_low) {
            r->replay_low = share;
            r->replay_low_cpu = (int)cpu;
        }
        if (r->replay_cores == 0 || share > r->replay_high) {
            r->replay_high = share;
            r->replay_high_cpu = (int)cpu;
        }
        r->replay_cores++;
    }
}

/* The processes the profile pass was made in (profile.processes, absent
 * for one): how many, and the lowest and the highest share one gave
 * alone (a process with none, null, is left out). */
static void rr_processes(struct rr *rr, json_t *p, struct rec *r)
{
    json_t *list = rr_array(rr, p, "profile", "processes", RR_OPTIONAL), *e;
    char where[64];
    size_t i;

    r->processes = list != NULL ? (int)json_array_size(list) : 1;
    r->process_low = r->process_high = NAN;
    json_array_foreach(list, i, e)
    {
        double share;

        rr_element(where, sizeof where, "profile", "processes", i);
        rr_want_object(rr, e, where);
        rr_count_in(rr, e, where, "operations", RR_REQUIRED, 0, 1, RR_COUNT_MAX);
        rr_share(rr, e, where, "share_stderr", RR_NULLABLE, 0);
        share = rr_share(rr, e, where, "share", RR_NULLABLE, NAN);
        if (!isnan(share) && (isnan(r->process_low) || share < r->process_low))
            r->process_low = share;
        if (!isnan(share) && (isnan(r->process_high) || share > r->process_high))
            r->process_high = share;
    }
}

/* The hash share as the record's played-back operations give it
 * (profile.replay, doc/guide/measuring.md, "Played back"), in place of
 * the timed one, which stays in R's hash_share_timed: the played-back
 * share holds no tick reads' fences, and reads hash-heavy operations 1
 * to 2 pp closer to their true share.  A record without one keeps the
 * timed share, and R's replay_fault says why, if the record does. */
static void rr_played(struct rr *rr, json_t *p, struct rec *r)
{
    json_t *replay = rr_object(rr, p, "profile", "replay", RR_OPTIONAL);

    r->hash_share_timed = r->hash_share;
    r->hash_share_played = false;
    r->hash_share_lower = r->hash_share_upper = NAN;
    if (replay == NULL)
        return;
    if (!json_is_number(json_object_get(replay, "share"))) {
        r->replay_fault = rr_string(rr, replay, "profile.replay", "fault", RR_REQUIRED);
        return;
    }
    r->hash_share = rr_share(rr, replay, "profile.replay", "share", RR_REQUIRED, NAN);
    r->hash_share_stderr = rr_share(rr, replay, "profile.replay", "share_stderr", RR_REQUIRED, 0);
    r->hash_share_uncertainty =
        rr_share(rr, replay, "profile.replay", "share_uncertainty", RR_REQUIRED, NAN);
    r->hash_share_lower = rr_share(rr, replay, "profile.replay", "share_lower", RR_SINCE_V6, NAN);
    r->hash_share_upper = rr_share(rr, replay, "profile.replay", "share_upper", RR_SINCE_V6, NAN);
    r->hash_share_played = true;
    rr_replay_cores(rr, replay, r);
}

/* The profile of the profiled library. */
static void rr_profile(struct rr *rr, json_t *root, struct rec *r)
{
    json_t *p = rr_object(rr, root, "", "profile", RR_NULLABLE);
    json_t *overhead = rr_object(rr, p, "profile", "overhead", RR_REQUIRED);
    json_t *overflow =
        rr->version < 5 ? rr_object(rr, p, "profile", "overflow", RR_REQUIRED) : NULL;
    json_t *grouped = rr_object(rr, p, "profile", "grouped", RR_SINCE_V5);
    json_t *sampling = rr_object(rr, p, "profile", "sampling", RR_SINCE_V2);
    json_t *comp = rr_object(rr, p, "profile", "compensation", RR_SINCE_V4);
    json_t *outliers = rr_object(rr, sampling, "profile.sampling", "outliers", RR_OPTIONAL);

    r->has_profile = p != NULL;
    r->profile_calls = rr_count1(rr, p, "profile", "calls", RR_REQUIRED, -1);
    r->profile_ticks = rr_number(rr, p, "profile", "ticks", RR_REQUIRED, NAN);
    /* an estimate, negative when noise makes the wrappers' added time
     * exceed the operations' (profiles/README.md) */
    r->baseline_ticks =
        rr_number_in(rr, p, "profile", "baseline_ticks", RR_SINCE_V2, NAN, -INFINITY, INFINITY);
    r->inner_ticks = rr_number(rr, overhead, "profile.overhead", "inner_ticks", RR_REQUIRED, 0);
    r->outer_ticks = rr_number(rr, overhead, "profile.overhead", "outer_ticks", RR_REQUIRED, 0);
    r->untimed_outer_ticks =
        rr_number(rr, overhead, "profile.overhead", "untimed_outer_ticks", RR_SINCE_V2, 0);
    r->callers_outer_ticks =
        rr_number(rr, overhead, "profile.overhead", "callers_outer_ticks", RR_SINCE_V2, 0);
    rr_helpers(rr, p, r);
    rr_shapes(rr, p, r);
    r->overflow_keys = rr_bool(rr, overflow, "profile.overflow", "keys", RR_REQUIRED);
    r->overflow_calls = rr_count(rr, overflow, "profile.overflow", "calls", RR_REQUIRED, 0);
    r->grouped_rows = rr_count(rr, grouped, "profile.grouped", "rows", RR_REQUIRED, 0);
    r->grouped_calls = rr_count(rr, grouped, "profile.grouped", "calls", RR_REQUIRED, 0);
    r->shape_table = rr_count_in(rr, grouped, "profile.grouped", "table_shapes", RR_REQUIRED, -1, 1,
                                 RR_COUNT_MAX);
    r->hash_share = rr_share(rr, p, "profile", "hash_share", RR_REQUIRED, NAN);
    r->hash_share_stderr = rr_share(rr, p, "profile", "hash_share_stderr", RR_SINCE_V2, 0);
    r->drng_share = rr_share(rr, p, "profile", "drng_share", RR_REQUIRED, NAN);
    r->drng_share_stderr = rr_share(rr, p, "profile", "drng_share_stderr", RR_SINCE_V2, 0);
    r->hash_share_uncertainty =
        rr_share(rr, p, "profile", "hash_share_uncertainty", RR_OPTIONAL, NAN);
    r->drng_share_uncertainty =
        rr_share(rr, p, "profile", "drng_share_uncertainty", RR_OPTIONAL, NAN);
    rr_played(rr, p, r);
    rr_processes(rr, p, r);
    r->sampling_k = rr_count1(rr, sampling, "profile.sampling", "k", RR_REQUIRED, 1);
    r->sampling_auto = rr_bool(rr, sampling, "profile.sampling", "auto", RR_REQUIRED);
    r->compensation_applied =
        comp == NULL || rr_bool(rr, comp, "profile.compensation", "applied", RR_REQUIRED);
    r->compensation_reason = rr_string(rr, comp, "profile.compensation", "reason", RR_NULLABLE);
    r->compensation_paired =
        comp == NULL || rr_bool(rr, comp, "profile.compensation", "paired", RR_REQUIRED);
    r->compensation_added = rr_number_in(rr, comp, "profile.compensation", "added_ticks",
                                         RR_REQUIRED, NAN, -INFINITY, INFINITY);
    r->outlier_calls =
        rr_count(rr, outliers, "profile.sampling.outliers", "calls", RR_REQUIRED, -1);
    r->outlier_shapes_marked =
        rr_count(rr, outliers, "profile.sampling.outliers", "shapes_marked", RR_REQUIRED, 0);
    r->outlier_max_fraction = rr_number_in(rr, outliers, "profile.sampling.outliers",
                                           "max_fraction", RR_REQUIRED, NAN, 0, 1);
}

/* One frame of a call site, at field path WHERE. */
static void rr_frame(struct rr *rr, json_t *o, const char *where, struct rec_frame *f)
{
    rr_want_object(rr, o, where);
    f->address = rr_string(rr, o, where, "address", RR_REQUIRED);
    f->object = rr_string(rr, o, where, "object", RR_NULLABLE);
    f->offset = rr_count(rr, o, where, "offset", RR_NULLABLE, -1);
    f->function = rr_string(rr, o, where, "function", RR_NULLABLE);
    f->function_offset = rr_count(rr, o, where, "function_offset", RR_NULLABLE, -1);
    f->file = rr_string(rr, o, where, "file", RR_NULLABLE);
    f->line = rr_count(rr, o, where, "line", RR_NULLABLE, -1);
}

/* The figures of one call site, or of calls beyond the call-site table,
 * at field path WHERE. */
static void rr_site_figures(struct rr *rr, json_t *o, const char *where, struct rec_site *s)
{
    rr_want_object(rr, o, where);
    s->helper =
        (enum iccsprof_helper)rr_enum(rr, o, where, "helper", rec_helper_name, ICCSPROF_NHELPERS);
    s->calls = rr_count1(rr, o, where, "calls", RR_REQUIRED, 0);
    s->calls_per_op = rr_number(rr, o, where, "calls_per_op", RR_REQUIRED, 0);
    s->ticks = rr_number(rr, o, where, "ticks", RR_REQUIRED, 0);
    s->share_of_helper = rr_share(rr, o, where, "share_of_helper", RR_REQUIRED, 0);
    s->share_of_op = rr_share(rr, o, where, "share_of_op", RR_REQUIRED, 0);
}

/* One call site, at field path WHERE. */
static void rr_site(struct rr *rr, json_t *o, const char *where, struct rec_site *s)
{
    json_t *frames, *f;
    char fwhere[96];
    size_t i;

    rr_site_figures(rr, o, where, s);
    frames = rr_array(rr, o, where, "frames", RR_REQUIRED);
    if (frames != NULL && json_array_size(frames) == 0)
        rr_fail(rr, "field %s.frames: expected at least one frame, found none", where);
    if (rr->failed || frames == NULL)
        return;
    s->frames = calloc(json_array_size(frames), sizeof *s->frames);
    json_array_foreach(frames, i, f)
    {
        rr_frame(rr, f, rr_element(fwhere, sizeof fwhere, where, "frames", i), &s->frames[i]);
        s->nframes = i + 1;
    }
}

/* callers.beyond (from version 5): per helper, the calls beyond the
 * call-site table. */
static void rr_beyond(struct rr *rr, json_t *c, struct rec *r)
{
    json_t *beyond = rr_array(rr, c, "callers", "beyond", RR_SINCE_V5), *o;
    char where[64];
    size_t i;

    if (rr->failed || beyond == NULL || json_array_size(beyond) == 0)
        return;
    r->beyond = calloc(json_array_size(beyond), sizeof *r->beyond);
    json_array_foreach(beyond, i, o)
    {
        rr_site_figures(rr, o, rr_element(where, sizeof where, "callers", "beyond", i),
                        &r->beyond[i]);
        r->nbeyond = i + 1;
    }
}

/* Call sites; a /1 record has none. */
static void rr_callers(struct rr *rr, json_t *root, struct rec *r)
{
    json_t *c = rr_object(rr, root, "", "callers", RR_NULLABLE_V2);
    json_t *overflow = rr_object(rr, c, "callers", "overflow", RR_REQUIRED);
    json_t *sites = rr_array(rr, c, "callers", "sites", RR_REQUIRED), *o;
    char where[64];
    size_t i;

    r->has_callers = c != NULL;
    r->callers_depth = rr_count_in(rr, c, "callers", "depth", RR_REQUIRED, 0, 1, 8);
    r->callers_overflow_calls = rr_count(rr, overflow, "callers.overflow", "calls", RR_REQUIRED, 0);
    r->callers_table = rr_count_in(rr, c, "callers", "table", RR_SINCE_V5, -1, 1, RR_COUNT_MAX);
    rr_beyond(rr, c, r);
    if (rr->failed || sites == NULL || json_array_size(sites) == 0)
        return;
    r->sites = calloc(json_array_size(sites), sizeof *r->sites);
    json_array_foreach(sites, i, o)
    {
        rr_site(rr, o, rr_element(where, sizeof where, "callers", "sites", i), &r->sites[i]);
        r->nsites = i + 1;
    }
}

/* Coverage: whether every helper call was visible to --wrap, and if not
 * which helpers and how many references were not. */
static void rr_coverage(struct rr *rr, json_t *root, struct rec *r)
{
    json_t *c = rr_object(rr, root, "", "coverage", RR_NULLABLE);
    json_t *internal = rr_array(rr, c, "coverage", "internal_calls", RR_REQUIRED), *o;
    bool seen[ICCSPROF_NHELPERS] = {false};
    char where[64], names[128] = "";
    long long refs;
    size_t i;

    r->has_coverage = c != NULL;
    r->coverage_complete = rr_bool(rr, c, "coverage", "complete", RR_REQUIRED);
    r->invisible_references = 0;
    if (internal == NULL)
        return;
    json_array_foreach(internal, i, o)
    {
        rr_element(where, sizeof where, "coverage", "internal_calls", i);
        rr_want_object(rr, o, where);
        seen[rr_enum(rr, o, where, "helper", rec_helper_name, ICCSPROF_NHELPERS)] = true;
        refs = rr_count(rr, o, where, "references", RR_REQUIRED, 0);
        if (__builtin_add_overflow(r->invisible_references, refs, &r->invisible_references))
            rr_fail(rr, "field %s.references: the references add up beyond %lld", where, LLONG_MAX);
    }
    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        if (seen[h])
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
                     names[0] ? ", " : "", rec_helper_name[h]);
    r->invisible_helpers = strdup(names);
}

/* The KAT gate's result: absent or null when the gate did not run. */
static void rr_kat(struct rr *rr, json_t *root, struct rec *r)
{
    static const char *const results[] = {"pass", "fail", "timeout", "not_available"};
    static const char *const profiled[] = {"identical", "differs", "timeout"};
    json_t *k = json_object_get(root, "kat"), *p;

    if (k == NULL || json_is_null(k))
        return;
    if (!json_is_object(k)) {
        rr_wrong(rr, "", "kat", "an object", k);
        return;
    }
    r->has_kat = true;
    r->kat = (enum rec_kat)rr_enum(rr, k, "kat", "result", results, 4);
    r->kat_detail = rr_string(rr, k, "kat", "detail", RR_REQUIRED);
    p = rr_member(rr, k, "kat", "profiled", RR_NULLABLE);
    r->kat_profiled =
        p == NULL ? REC_KAT_PROFILED_NOT_RUN
                  : (enum rec_kat_profiled)(1 + rr_enum(rr, k, "kat", "profiled", profiled, 3));
    r->kat_profiled_detail = rr_string(rr, k, "kat", "profiled_detail", RR_REQUIRED);
}

/* The value of the host check's item NAME, or NULL when the check lacks
 * it. */
static char *rr_host_item(struct rr *rr, json_t *items, const char *name)
{
    char where[96];

    snprintf(where, sizeof where, "host.check.items.%s", name);
    return rr_string(rr, rr_object(rr, items, "host.check.items", name, RR_OPTIONAL), where,
                     "value", RR_REQUIRED);
}

/* The batch systems a record's host.scheduler may name. */
static const char *const rr_scheduler_kinds[] = {"slurm"};

/* The archive SCHEME says the package came from (optional): its name,
 * SHA-256 and whether it is the official one, in words. */
static void rr_archive(struct rr *rr, json_t *scheme, struct rec *r)
{
    json_t *a = rr_object(rr, scheme, "scheme", "archive", RR_OPTIONAL);

    if (a == NULL)
        return;
    r->archive_name = rr_string(rr, a, "scheme.archive", "name", RR_REQUIRED);
    r->archive_sha256 = rr_string(rr, a, "scheme.archive", "sha256", RR_REQUIRED);
    r->archive_official = rr_bool(rr, a, "scheme.archive", "official", RR_REQUIRED);
    r->archive_verdict = rr_string(rr, a, "scheme.archive", "verdict", RR_REQUIRED);
}

/* What the page alone shows: the tool's version, the implementation, the
 * host check's facts, the batch job, the survey verdict and the KAT log; each optional,
 * added to version 4 after its first records. */
static void rr_page(struct rr *rr, json_t *root, struct rec *r)
{
    json_t *host = rr_object(rr, root, "", "host", RR_REQUIRED);
    json_t *check = rr_object(rr, host, "host", "check", RR_OPTIONAL);
    json_t *scheduler = rr_object(rr, host, "host", "scheduler", RR_OPTIONAL);
    json_t *items = rr_object(rr, check, "host.check", "items", RR_REQUIRED);
    json_t *coverage = rr_object(rr, root, "", "coverage", RR_NULLABLE);
    json_t *survey = rr_object(rr, coverage, "coverage", "survey", RR_OPTIONAL);
    json_t *kat = json_object_get(root, "kat");
    json_t *log = json_is_object(kat) ? rr_object(rr, kat, "kat", "log", RR_OPTIONAL) : NULL;
    json_t *not_ready = rr_array(rr, check, "host.check", "not_ready", RR_REQUIRED), *v;
    char names[512] = "";
    size_t i;

    r->tool_version =
        rr_string(rr, rr_object(rr, root, "", "tool", RR_OPTIONAL), "tool", "version", RR_REQUIRED);
    r->implementation = rr_string(rr, rr_object(rr, root, "", "scheme", RR_REQUIRED), "scheme",
                                  "implementation", RR_OPTIONAL);
    rr_archive(rr, rr_object(rr, root, "", "scheme", RR_REQUIRED), r);
    /* optional and nullable: a record says null when not pinned */
    r->host_cpu = json_is_integer(json_object_get(host, "cpu"))
                      ? rr_count(rr, host, "host", "cpu", RR_REQUIRED, -1)
                      : -1;
    rr_enum(rr, scheduler, "host.scheduler", "kind", rr_scheduler_kinds, 1);
    r->slurm_job = rr_count(rr, scheduler, "host.scheduler", "job", RR_REQUIRED, -1);
    r->slurm_task = rr_count(rr, scheduler, "host.scheduler", "task", RR_NULLABLE, -1);
    r->host_ready = check != NULL ? rr_bool(rr, check, "host.check", "ready", RR_REQUIRED) : -1;
    json_array_foreach(not_ready, i, v) if (json_is_string(v))
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", names[0] ? ", " : "",
                 json_string_value(v));
    r->host_not_ready = strdup(names);
    r->hostname = rr_host_item(rr, items, "hostname");
    r->machine = rr_host_item(rr, items, "machine");
    r->memory = rr_host_item(rr, items, "memory");
    r->os = rr_host_item(rr, items, "os");
    r->governor = rr_host_item(rr, items, "governor");
    r->frequency = rr_host_item(rr, items, "frequency");
    r->turbo = rr_host_item(rr, items, "turbo");
    r->smt = rr_host_item(rr, items, "smt");
    r->survey_text = rr_string(rr, survey, "coverage.survey", "text", RR_REQUIRED);
    r->kat_log = rr_string(rr, log, "kat.log", "path", RR_REQUIRED);
    r->kat_log_sha256 = rr_string(rr, log, "kat.log", "sha256", RR_REQUIRED);
}

/* Events and status. */
static void rr_events_status(struct rr *rr, json_t *root, struct rec *r)
{
    json_t *e = rr_object(rr, root, "", "events", RR_REQUIRED);
    json_t *s = rr_object(rr, root, "", "status", RR_REQUIRED);

    r->sign_failures_retried = rr_count(rr, e, "events", "sign_failures_retried", RR_REQUIRED, 0);
    r->verify_rejections = rr_count(rr, e, "events", "verify_rejections", RR_REQUIRED, 0);
    r->decaps_mismatches = rr_count(rr, e, "events", "decaps_mismatches", RR_REQUIRED, 0);
    r->kex_mismatches =
        r->type == REC_KEX ? rr_count(rr, e, "events", "kex_mismatches", RR_REQUIRED, 0) : 0;
    rr_passes(rr, e, r);
    r->state = (enum rec_state)rr_enum(rr, s, "status", "state", rec_state_names, 3);
    r->message = rr_string(rr, s, "status", "message", RR_REQUIRED);
    r->incomplete = rr_string(rr, s, "status", "incomplete", RR_OPTIONAL);
    if (r->incomplete != NULL && strcmp(r->incomplete, "timing") != 0 &&
        strcmp(r->incomplete, "profile") != 0)
        rr_fail(rr, "field status.incomplete is not timing or profile");
}

/* A record of the newest version checked whole against the schema: every
 * member, those the reports do not read included, as the schema says. */
static void rr_whole(struct rr *rr, json_t *root)
{
    char why[512];

    if (!rr->failed && rr->version == REC_VERSION_MAX &&
        record_schema_check(root, "", "", why, sizeof why) != 0)
        rr_fail(rr, "%s", why);
}

/* Parse PATH with jansson; NULL and the reason (with line and column when
 * the text is not JSON) in RR. */
static json_t *rr_parse(struct rr *rr)
{
    char why[256];
    FILE *f = regfile_fopen(rr->path, why, sizeof why);
    json_error_t e;
    json_t *root;

    if (f == NULL) {
        rr_fail(rr, "%s", why);
        return NULL;
    }
    root = json_loadf(f, JSON_REJECT_DUPLICATES, &e);
    if (root == NULL && ferror(f))
        rr_fail(rr, "%s", strerror(errno));
    else if (root == NULL && !rr->failed) {
        rr->failed = true;
        snprintf(rr->err, rr->err_size, "%s:%d:%d: not JSON: %s", rr->path, e.line, e.column,
                 e.text);
    }
    fclose(f);
    return root;
}

/* Load and check the record in PATH. */
struct rec *rec_load(const char *path, char *err, size_t err_size)
{
    struct rr rr = {.path = path, .err = err, .err_size = err_size};
    struct rec *r;
    json_t *root;

    if ((root = rr_parse(&rr)) == NULL)
        return NULL;
    if (!json_is_object(root)) {
        rr_fail(&rr, "not an iccsprof profile (the document is %s, not an object)",
                record_json_kind(root));
        json_decref(root);
        return NULL;
    }
    if (!rr_schema(&rr, root)) {
        json_decref(root);
        return NULL;
    }
    r = calloc(1, sizeof *r);
    r->path = strdup(path);
    r->version = rr.version;
    rr_identity(&rr, root, r);
    rr_build_host(&rr, root, r);
    rr_inputs(&rr, root, r);
    rr_timing(&rr, root, r);
    rr_method(&rr, root, r);
    rr_precision_from_trials(r);
    rr_noise(&rr, root, r);
    rr_drng(&rr, root, r);
    rr_substitution(&rr, root, r);
    rr_memory_sizes(&rr, root, r);
    rr_profile(&rr, root, r);
    rr_callers(&rr, root, r);
    rr_coverage(&rr, root, r);
    rr_kat(&rr, root, r);
    rr_page(&rr, root, r);
    rr_events_status(&rr, root, r);
    rr_whole(&rr, root);
    json_decref(root);
    if (rr.failed) {
        rec_free(r);
        return NULL;
    }
    return r;
}

/* Free the strings of one frame. */
static void rec_free_frame(struct rec_frame *f)
{
    free(f->address);
    free(f->object);
    free(f->function);
    free(f->file);
}

/* Free the call sites and shapes of R. */
static void rec_free_sites(struct rec *r)
{
    for (size_t i = 0; i < r->nsites; i++) {
        for (size_t j = 0; j < r->sites[i].nframes; j++)
            rec_free_frame(&r->sites[i].frames[j]);
        free(r->sites[i].frames);
    }
    free(r->beyond);
    free(r->sites);
    free(r->shapes);
}

/* Free what R says of its build and of the host it was made on. */
static void rec_free_build_host(struct rec *r)
{
    free(r->compiler);
    free(r->cflags);
    free(r->sources_from);
    free(r->fallback);
    free(r->plain_sha256);
    free(r->seed);
    free(r->profiled_sha256);
    free(r->plain_path);
    free(r->profiled_path);
    free(r->archive_name);
    free(r->archive_sha256);
    free(r->archive_verdict);
    free(r->cpu_model);
    free(r->kernel);
    free(r->tick_source);
    free(r->emulation);
    free(r->cycles_source);
    free(r->host_not_ready);
    free(r->hostname);
    free(r->machine);
    free(r->memory);
    free(r->os);
    free(r->governor);
    free(r->frequency);
    free(r->turbo);
    free(r->smt);
}

/* Free a record from rec_load (NULL is allowed). */
void rec_free(struct rec *r)
{
    if (r == NULL)
        return;
    rec_free_sites(r);
    rec_free_build_host(r);
    free(r->path);
    free(r->scheme_id);
    free(r->algorithm);
    free(r->instance);
    free(r->created);
    free(r->invisible_helpers);
    free(r->noise_reasons);
    free(r->drng_seeded);
    free(r->drng_unseeded);
    free(r->substitution);
    free(r->substitution_check);
    free(r->substitution_differs);
    free(r->substitution_unverified);
    free(r->compensation_reason);
    free(r->replay_fault);
    free(r->message);
    free(r->incomplete);
    free(r->kat_detail);
    free(r->kat_profiled_detail);
    free(r->tool_version);
    free(r->implementation);
    free(r->survey_text);
    free(r->kat_log);
    free(r->kat_log_sha256);
    free(r);
}

/* The half-width shown beside a share (record-read.h). */
double rec_share_halfwidth(const struct rec *r, bool drng)
{
    double u = drng ? r->drng_share_uncertainty : r->hash_share_uncertainty;
    double se = drng ? r->drng_share_stderr : r->hash_share_stderr;

    return r->has_profile ? fmt_share_halfwidth(u, se) : 0;
}

/* The distances from a share to the ends of its interval (record-read.h). */
void rec_share_interval(const struct rec *r, bool drng, double *below, double *above)
{
    double share = r->hash_share;

    *below = *above = rec_share_halfwidth(r, drng);
    if (!drng && r->has_profile && r->hash_share_played && !isnan(r->hash_share_lower) &&
        !isnan(r->hash_share_upper)) {
        *below = share - r->hash_share_lower;
        *above = r->hash_share_upper - share;
    }
}

/* Whether R's timing pass took its trials on cores that disagree: the
 * slowest's and the fastest's means apart by more than the 95 %
 * half-width of their difference. */
bool rec_cores_disagree(const struct rec *r)
{
    const struct rec_core *lo = &r->core_low, *hi = &r->core_high;

    return r->has_timing && r->timing_cores > 1 &&
           hi->mean_cycles - lo->mean_cycles > 1.96 * hypot(hi->stderr, lo->stderr);
}

/* Name of an operation as in the record. */
const char *rec_op_name(enum rec_op op)
{
    return rec_op_names[op];
}

/* Name of a type as in the record. */
const char *rec_type_name(enum rec_type type)
{
    return rec_type_names[type];
}

/* Name of a state as in the record. */
const char *rec_state_name(enum rec_state state)
{
    return rec_state_names[state];
}

/* Position of an operation in its type's API order. */
int rec_op_rank(enum rec_op op)
{
    if (op >= REC_INIT_A)
        return (int)op - REC_INIT_A;
    return op <= REC_VERIFY ? (int)op : (int)op - REC_ENC + 1;
}

/* Order of report rows: instance in natural order, then operation in API
 * order, then scheme id and path. */
int rec_cmp(const void *a, const void *b)
{
    const struct rec *x = *(const struct rec *const *)a, *y = *(const struct rec *const *)b;
    int c = fmt_natural_cmp(x->instance, y->instance);

    if (c == 0)
        c = rec_op_rank(x->op) - rec_op_rank(y->op);
    if (c == 0)
        c = strcmp(x->scheme_id, y->scheme_id);
    if (c == 0)
        c = strcmp(x->path, y->path);
    return c;
}
