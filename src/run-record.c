/* run-record.c - the profile record of one operation. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hex.h"
#include "record-profile.h"
#include "run-record.h"

/* The schema id every record declares. */
#define RECORD_SCHEMA "iccsprof.profile/3"

/* A member of the build description, or null. */
static json_t *record_build_member(const struct run_facts *f, const char *key)
{
    json_t *v = f->build != NULL ? json_object_get(f->build, key) : NULL;

    return v != NULL ? json_incref(v) : json_null();
}

/* Order doubles, for medians. */
static int record_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

/* The median of N values (sorted in place). */
static double record_median(double *v, size_t n)
{
    qsort(v, n, sizeof v[0], record_cmp);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The timing section from the raw trials: means over every call, and the
 * median of the trials' means. */
static json_t *record_timing(json_t *raw)
{
    json_t *trials = json_object_get(raw, "trials"), *t;
    size_t n = json_array_size(trials), i;
    double *sec = calloc(n ? n : 1, sizeof *sec), *cyc = calloc(n ? n : 1, sizeof *cyc);
    double seconds = 0, cycles = 0, calls = 0, mean_s, med_s, med_c;

    json_array_foreach(trials, i, t)
    {
        double c = (double)json_integer_value(json_object_get(t, "calls"));

        calls += c;
        seconds += json_number_value(json_object_get(t, "seconds"));
        cycles += json_number_value(json_object_get(t, "cycles"));
        sec[i] = json_number_value(json_object_get(t, "seconds")) / c;
        cyc[i] = json_number_value(json_object_get(t, "cycles")) / c;
    }
    mean_s = seconds / calls;
    med_s = record_median(sec, n);
    med_c = record_median(cyc, n);
    free(sec);
    free(cyc);
    return json_pack("{s:O, s:O, s:I, s:f, s:f, s:f, s:f, s:f}", "calls_per_trial",
                     json_object_get(raw, "calls_per_trial"), "trials", trials, "n",
                     (json_int_t)calls, "mean_cycles", cycles / calls, "mean_seconds", mean_s,
                     "ops_per_second", mean_s > 0 ? 1 / mean_s : 0.0, "median_trial_seconds", med_s,
                     "median_trial_cycles", med_c);
}

/* The sizes section: the API's lengths under the type's names. */
static json_t *record_sizes(const struct run_facts *f, json_t *result)
{
    json_t *s = f->sizes;

    if (strcmp(f->type, "sig") == 0) {
        json_t *lo = json_object_get(result, "sig_observed_min");
        json_t *hi = json_object_get(result, "sig_observed_max");

        return json_pack("{s:O, s:O, s:O, s:O, s:O}", "pk", json_object_get(s, "pk"), "sk",
                         json_object_get(s, "sk"), "sig", json_object_get(s, "out"),
                         "sig_observed_min", lo != NULL ? lo : json_null(), "sig_observed_max",
                         hi != NULL ? hi : json_null());
    }
    if (strcmp(f->type, "kex") == 0) {
        json_t *messages = json_object_get(result, "kex_messages");

        return json_pack("{s:O, s:O, s:O, s:O, s:O, s:O, s:O, s:O}", "pk", json_object_get(s, "pk"),
                         "sk", json_object_get(s, "sk"), "sta", json_object_get(s, "sta"), "stb",
                         json_object_get(s, "stb"), "ss", json_object_get(s, "ss"), "msg_total",
                         json_object_get(s, "out"), "passes", json_object_get(s, "passes"),
                         "messages", messages != NULL ? messages : json_null());
    }
    return json_pack("{s:O, s:O, s:O, s:O}", "pk", json_object_get(s, "pk"), "sk",
                     json_object_get(s, "sk"), "ct", json_object_get(s, "out"), "ss",
                     json_object_get(s, "ss"));
}

/* The state and message of a measured record: partial when the scheme's
 * output was not validated or some helper calls were invisible. */
static json_t *record_status(json_t *events, json_t *coverage)
{
    char message[512] = "";
    uint64_t rejected = (uint64_t)json_integer_value(json_object_get(events, "verify_rejections"));
    uint64_t mismatched =
        (uint64_t)json_integer_value(json_object_get(events, "decaps_mismatches"));
    uint64_t disagreed = (uint64_t)json_integer_value(json_object_get(events, "kex_mismatches"));
    int partial_coverage = coverage != NULL && json_is_false(json_object_get(coverage, "complete"));
    size_t len = 0;

    if (rejected)
        len += (size_t)snprintf(message + len, sizeof message - len,
                                "%llu verifications rejected the honest signature: output not "
                                "validated",
                                (unsigned long long)rejected);
    if (mismatched)
        len += (size_t)snprintf(message + len, sizeof message - len,
                                "%s%llu decapsulations disagreed with the encapsulation: output "
                                "not validated",
                                len ? "; " : "", (unsigned long long)mismatched);
    if (disagreed)
        len += (size_t)snprintf(message + len, sizeof message - len,
                                "%s%llu exchanges derived two different shared secrets: output "
                                "not validated",
                                len ? "; " : "", (unsigned long long)disagreed);
    if (partial_coverage)
        snprintf(message + len, sizeof message - len,
                 "%shelper calls inside their defining objects are invisible to --wrap: "
                 "coverage partial",
                 len ? "; " : "");
    return json_pack("{s:s, s:s}", "state",
                     rejected || mismatched || disagreed || partial_coverage ? "partial"
                                                                             : "complete",
                     "message", message);
}

/* The current time as the record's created stamp. */
static json_t *record_created(void)
{
    char buf[32];
    time_t now = time(NULL);
    struct tm tm;

    strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&now, &tm));
    return json_string(buf);
}

/* The seed as hex. */
static json_t *record_seed(const struct run_options *o)
{
    char hex[2 * RUN_MAX_SEED + 1];

    hex_encode(o->seed, o->seed_len, hex);
    return json_string(hex);
}

/* A positive figure or null. */
static json_t *record_or_null(long long v)
{
    return v < 0 ? json_null() : json_integer(v);
}

/* The build section: the scheme build's description and the libraries. */
static json_t *record_build(const struct run_facts *f)
{
    return json_pack("{s:o, s:o, s:o, s:o, s:O, s:O}", "compiler",
                     record_build_member(f, "compiler"), "cflags", record_build_member(f, "cflags"),
                     "fallback", record_build_member(f, "fallback"), "drng_global",
                     record_build_member(f, "drng_global"), "plain", f->plain_lib, "profiled",
                     f->profiled_lib);
}

/* The host section; R is the measuring process's result, or NULL. */
static json_t *record_host(const struct run_facts *f, json_t *r)
{
    const char *cycles = r != NULL ? json_string_value(json_object_get(r, "cycles_source")) : NULL;
    const char *ticks = r != NULL ? json_string_value(json_object_get(r, "tick_source")) : NULL;
    json_t *stack = r != NULL ? json_object_get(r, "stack_limit_bytes") : NULL;

    if (cycles == NULL)
        cycles = "ticks";
    return json_pack(
        "{s:s, s:s, s:s, s:o, s:s, s:b, s:o}", "cpu_model", f->cpu_model, "kernel", f->kernel,
        "tick_source", ticks != NULL ? ticks : ICCSPROF_TICK_SOURCE_NAME, "tick_hz",
        r != NULL ? json_real(json_number_value(json_object_get(r, "tick_hz"))) : json_null(),
        "cycles_source", cycles, "hardware_cycles", strcmp(cycles, "perf_event") == 0,
        "stack_limit_bytes", stack != NULL ? json_incref(stack) : json_null());
}

/* The method section: the options in force. */
static json_t *record_method(const struct run_facts *f, json_t *raw_profile)
{
    const struct run_options *o = f->options;

    return json_pack("{s:i, s:i, s:i, s:f, s:f, s:i, s:f, s:o}", "trials", (int)o->trials,
                     "warmup_calls", 3, "min_calls", (int)o->min_calls, "target_seconds",
                     o->target_seconds, "max_seconds", o->max_seconds, "max_sign_attempts",
                     (int)o->max_sign_attempts, "timeout_seconds", f->timeout, "profile_calls",
                     raw_profile != NULL ? json_incref(json_object_get(raw_profile, "calls"))
                                         : json_null());
}

/* The memory section: the image size from the file, RSS from the run. */
static json_t *record_memory(const struct run_facts *f, json_t *memory)
{
    int have = memory != NULL && json_is_object(memory);

    return json_pack(
        "{s:o, s:o, s:o}", "static_image_bytes", record_or_null(f->image_bytes), "baseline_rss_kib",
        have ? json_incref(json_object_get(memory, "baseline_rss_kib")) : json_null(),
        "peak_rss_kib", have ? json_incref(json_object_get(memory, "peak_rss_kib")) : json_null());
}

/* A member of R that is not null, or NULL. */
static json_t *record_measured(json_t *r, const char *key)
{
    json_t *v = r != NULL ? json_object_get(r, key) : NULL;

    return v != NULL && !json_is_null(v) ? v : NULL;
}

/* The record of operation OP from OUTCOME. */
json_t *run_record(const struct run_facts *f, const char *op, const struct child_outcome *outcome,
                   const char *log_name)
{
    json_t *r = outcome->status == CHILD_OK ? outcome->result : NULL;
    json_t *raw_profile = record_measured(r, "profile"), *raw_timing = record_measured(r, "timing");
    json_t *raw_sites = record_measured(r, "sites");
    json_t *coverage = f->build != NULL ? json_object_get(f->build, "coverage") : NULL;
    json_t *events = r != NULL ? json_incref(json_object_get(r, "events"))
                               : json_pack("{s:i, s:i, s:i}", "sign_failures_retried", 0,
                                           "verify_rejections", 0, "decaps_mismatches", 0);
    json_t *rec = json_object();

    if (r == NULL && strcmp(f->type, "kex") == 0)
        json_object_set_new(events, "kex_mismatches", json_integer(0));
    json_object_set_new(rec, "schema", json_string(RECORD_SCHEMA));
    json_object_set_new(rec, "tool",
                        json_pack("{s:s, s:s}", "name", PACKAGE_NAME, "version", PACKAGE_VERSION));
    json_object_set_new(rec, "created", record_created());
    json_object_set_new(rec, "scheme",
                        json_pack("{s:s, s:s, s:s, s:s}", "id", f->scheme_id, "algorithm",
                                  f->algorithm, "instance", f->instance, "type", f->type));
    json_object_set_new(rec, "operation", json_string(op));
    json_object_set_new(rec, "build", record_build(f));
    json_object_set_new(rec, "host", record_host(f, r));
    json_object_set_new(rec, "inputs",
                        json_pack("{s:o, s:I}", "seed", record_seed(f->options), "message_bytes",
                                  (json_int_t)f->options->message_bytes));
    json_object_set_new(rec, "method", record_method(f, raw_profile));
    json_object_set_new(rec, "timing", raw_timing ? record_timing(raw_timing) : json_null());
    json_object_set_new(rec, "memory",
                        record_memory(f, r != NULL ? json_object_get(r, "memory") : NULL));
    json_object_set_new(rec, "sizes", record_sizes(f, r));
    json_object_set_new(rec, "profile", raw_profile ? record_profile(raw_profile) : json_null());
    json_object_set_new(rec, "callers",
                        raw_profile && raw_sites ? record_callers(raw_sites, raw_profile,
                                                                  json_object_get(rec, "profile"))
                                                 : json_null());
    json_object_set_new(rec, "coverage", coverage != NULL ? json_incref(coverage) : json_null());
    json_object_set_new(rec, "events", events);
    json_object_set_new(
        rec, "log",
        json_pack("{s:o, s:I, s:b}", "path", log_name != NULL ? json_string(log_name) : json_null(),
                  "bytes", (json_int_t)outcome->log_bytes, "truncated", outcome->log_truncated));
    json_object_set_new(
        rec, "status",
        r != NULL ? record_status(events, coverage)
                  : json_pack("{s:s, s:s}", "state", "failed", "message", outcome->message));
    return rec;
}
