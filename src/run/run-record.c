/* run-record.c - the profile record of one operation. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/evp.h>

#include "run/drng-find.h"
#include "util/hex.h"
#include "host/host.h"
#include "record/record-processes.h"
#include "record/record-profile.h"
#include "run/run-passes.h"
#include "run/run-record.h"
#include "run/run-timing.h"

/* A member of the build description, or null. */
static json_t *record_build_member(const struct run_facts *f, const char *key)
{
    json_t *v = f->build != NULL ? json_object_get(f->build, key) : NULL;

    return v != NULL ? json_incref(v) : json_null();
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
 * output was not validated or some helper calls were invisible.  The
 * counts are in the events, pass by pass. */
static json_t *record_status(json_t *events, json_t *coverage)
{
    static const struct {
        const char *key, *what;
    } kinds[] = {
        {"verify_rejections", "verifications rejected the honest signature"},
        {"decaps_mismatches", "decapsulations disagreed with the encapsulation"},
        {"kex_mismatches", "exchanges derived two different shared secrets"},
    };
    int partial_coverage = coverage != NULL && json_is_false(json_object_get(coverage, "complete"));
    char message[512] = "";
    size_t len = 0;

    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        if (json_integer_value(json_object_get(events, kinds[k].key)) != 0)
            len += (size_t)snprintf(message + len, sizeof message - len,
                                    "%s%s: output not validated", len ? "; " : "", kinds[k].what);
    if (partial_coverage)
        len += (size_t)snprintf(message + len, sizeof message - len,
                                "%shelper calls inside their defining objects are invisible to "
                                "--wrap: coverage partial",
                                len ? "; " : "");
    return json_pack("{s:s, s:s}", "state", len ? "partial" : "complete", "message", message);
}

/* Records with a trial spread above this are noisy: the trials of a quiet
 * machine agree within a few percent. */
#define RECORD_NOISY_SPREAD 0.05
/* ...and so are those whose measuring process had the CPU for less than
 * this share of the trials' time: the rest, another process's time, is in
 * the cycles of a tick counter. */
#define RECORD_NOISY_CPU_SHARE 0.98

/* The noise section: the trials' spread, the involuntary context switches
 * of each pass, and whether either says the machine was busy. */
static json_t *record_noise(json_t *r, json_t *timing)
{
    json_t *sw = r != NULL ? json_object_get(r, "involuntary_switches") : NULL;
    json_t *spread = timing != NULL ? json_object_get(timing, "trial_spread") : NULL;
    json_t *cpu = r != NULL ? json_object_get(json_object_get(r, "timing"), "cpu_share") : NULL;
    double s = spread != NULL ? json_number_value(spread) : 0;
    json_t *reasons = json_array();
    char text[128];

    if (s > RECORD_NOISY_SPREAD) {
        snprintf(text, sizeof text,
                 "the trials' mean cycles spread %.0f%% on one core (above %.0f%%)", 100 * s,
                 100 * RECORD_NOISY_SPREAD);
        json_array_append_new(reasons, json_string(text));
    }
    if (cpu != NULL && json_number_value(cpu) < RECORD_NOISY_CPU_SHARE) {
        snprintf(text, sizeof text,
                 "the timing had the CPU %.0f%% of its time (below %.0f%%): other processes ran",
                 100 * json_number_value(cpu), 100 * RECORD_NOISY_CPU_SHARE);
        json_array_append_new(reasons, json_string(text));
    }
    return json_pack("{s:o, s:o, s:{s:O, s:O}, s:b, s:o}", "trial_spread",
                     spread != NULL ? json_incref(spread) : json_null(), "cpu_share",
                     cpu != NULL ? json_incref(cpu) : json_null(), "involuntary_switches", "timing",
                     sw != NULL ? json_object_get(sw, "timing") : json_null(), "profile",
                     sw != NULL ? json_object_get(sw, "profile") : json_null(), "noisy",
                     json_array_size(reasons) > 0, "reasons", reasons);
}

/* Whether the seed reached every context of the DRNG section's CONTEXTS:
 * null when there was no draw, false when a context drew from was not
 * seeded, null too when the only doubt is OTHER calls on contexts beyond
 * the wrappers' table, which are not identified. */
static json_t *record_seed_reached(json_t *contexts, json_int_t other)
{
    json_t *c;
    size_t i;

    json_array_foreach(contexts, i,
                       c) if (!json_is_true(json_object_get(c, "seeded"))) return json_false();
    return json_array_size(contexts) == 0 || other != 0 ? json_null() : json_true();
}

/* The DRNG section: what the driver seeded, the contexts the profiled
 * operations drew from (named from the library's symbols), and whether
 * the seed reached them all: null when there is no profile or no draw. */
static json_t *record_drng(json_t *raw)
{
    json_t *seeded = raw != NULL ? json_object_get(raw, "seeded") : NULL;
    json_t *raw_ctx = raw != NULL ? json_object_get(raw, "contexts") : NULL;
    json_t *contexts = json_array(), *c, *names = json_array(), *n;
    json_int_t other = json_integer_value(json_object_get(raw, "other_calls"));
    size_t i;

    json_array_foreach(raw_ctx, i, c)
    {
        const char *object = json_string_value(json_object_get(c, "object"));
        json_t *as = json_object_get(c, "seeded_as");
        char *name = json_is_string(as) ? strdup(json_string_value(as))
                                        : drng_symbol_at(object, (uint64_t)json_integer_value(
                                                                     json_object_get(c, "offset")));
        const char *base =
            object != NULL && strrchr(object, '/') ? strrchr(object, '/') + 1 : object;

        json_array_append_new(contexts,
                              json_pack("{s:o, s:o, s:O, s:O, s:b}", "symbol",
                                        name != NULL ? json_string(name) : json_null(), "object",
                                        base != NULL ? json_string(base) : json_null(), "offset",
                                        json_object_get(c, "offset"), "calls",
                                        json_object_get(c, "calls"), "seeded", json_is_string(as)));
        free(name);
    }
    json_array_foreach(seeded, i, n) json_array_append(names, json_object_get(n, "name"));
    return json_pack(
        "{s:b, s:o, s:o, s:I, s:o, s:o}", "global",
        json_array_size(names) > 0 &&
            strcmp(json_string_value(json_array_get(names, 0)), "drng_algorithm") == 0,
        "seeded", names, "contexts", contexts, "other_calls", other, "table",
        json_object_get(raw, "table") != NULL ? json_incref(json_object_get(raw, "table"))
                                              : json_null(),
        "seed_reached", raw_ctx == NULL ? json_null() : record_seed_reached(contexts, other));
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

/* The build section: the scheme build's description (where its sources
 * came from, when the build says) and the libraries. */
static json_t *record_build(const struct run_facts *f)
{
    json_t *described = f->build != NULL ? json_object_get(f->build, "described") : NULL,
           *b = json_pack("{s:o, s:o, s:o, s:o, s:O, s:O}", "compiler",
                          record_build_member(f, "compiler"), "cflags",
                          record_build_member(f, "cflags"), "fallback",
                          record_build_member(f, "fallback"), "drng_global",
                          record_build_member(f, "drng_global"), "plain", f->plain_lib, "profiled",
                          f->profiled_lib);

    if (json_is_string(described))
        json_object_set(b, "sources_from", described);
    return b;
}

/* The host section; R is the measuring process's result, or NULL. */
static json_t *record_host(const struct run_facts *f, json_t *r)
{
    const char *cycles = r != NULL ? json_string_value(json_object_get(r, "cycles_source")) : NULL;
    const char *ticks = r != NULL ? json_string_value(json_object_get(r, "tick_source")) : NULL;
    json_t *stack = r != NULL ? json_object_get(r, "stack_limit_bytes") : NULL, *host, *scheduler;

    if (cycles == NULL)
        cycles = "ticks";
    host = json_pack(
        "{s:s, s:s, s:s, s:o, s:s, s:b, s:o, s:o, s:O}", "cpu_model", f->cpu_model, "kernel",
        f->kernel, "tick_source", ticks != NULL ? ticks : ICCSPROF_TICK_SOURCE_NAME, "tick_hz",
        r != NULL ? json_real(json_number_value(json_object_get(r, "tick_hz"))) : json_null(),
        "cycles_source", cycles, "hardware_cycles", strcmp(cycles, "perf_event") == 0,
        "stack_limit_bytes", stack != NULL ? json_incref(stack) : json_null(), "cpu",
        f->options->cpu >= 0 ? json_integer(f->options->cpu) : json_null(), "check", f->host_check);
    json_object_set_new(host, "emulated", json_boolean(f->emulation[0] != '\0'));
    if (f->emulation[0] != '\0')
        json_object_set_new(host, "emulation", json_string(f->emulation));
    if ((scheduler = host_scheduler()) != NULL)
        json_object_set_new(host, "scheduler", scheduler);
    return host;
}

/* The method section: the options in force, and the key of the settings
 * (KEY) the record was made under. */
static json_t *record_method(const struct run_facts *f, json_t *raw_profile, const char *key)
{
    const struct run_options *o = f->options;

    return json_pack(
        "{s:i, s:i, s:i, s:f, s:f, s:i, s:f, s:o, s:f, s:o, s:s}", "trials", (int)o->trials,
        "warmup_calls", 3, "min_calls", (int)o->min_calls, "target_seconds", o->target_seconds,
        "max_seconds", o->max_seconds, "max_sign_attempts", (int)o->max_sign_attempts,
        "timeout_seconds", f->timeout, "profile_calls",
        raw_profile != NULL ? json_incref(json_object_get(raw_profile, "calls")) : json_null(),
        "profile_seconds", o->profile_seconds, "precision",
        o->precision > 0 ? json_real(o->precision) : json_null(), "settings_sha256", key);
}

/* The KAT result as it identifies a record: what the gate found, not how
 * long its driver took this time (the gate runs again before every
 * profile, and a record it kept must still match). */
static json_t *record_kat_key(const struct run_facts *f)
{
    json_t *kat;

    if (f->kat == NULL)
        return json_null();
    kat = json_copy(f->kat);
    json_object_del(kat, "seconds");
    return kat;
}

/* The key of the settings a record of OP depends on. */
void run_settings_key(const struct run_facts *f, const char *op, char key[65])
{
    json_t *all = json_pack(
        "{s:s, s:o, s:O, s:O, s:O, s:o, s:s, s:s, s:s}", "version", PACKAGE_VERSION, "config",
        run_config(f->options, op, NULL), "plain", f->plain_lib, "profiled", f->profiled_lib,
        "build", f->build != NULL ? f->build : json_null(), "kat", record_kat_key(f), "scheme",
        f->scheme_id, "algorithm", f->algorithm, "instance", f->instance);
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned mdlen = 0;
    char *text;

    /* a record of several processes is not one of a single one */
    if (f->options->profile_processes != 1)
        json_object_set_new(all, "profile_processes",
                            json_integer((json_int_t)f->options->profile_processes));
    if (f->options->timing_processes > 1)
        json_object_set_new(all, "timing_processes",
                            json_integer((json_int_t)f->options->timing_processes));
    text = json_dumps(all, JSON_COMPACT | JSON_SORT_KEYS);

    if (text == NULL || EVP_Digest(text, strlen(text), md, &mdlen, EVP_sha256(), NULL) != 1)
        mdlen = 0;
    hex_encode(md, mdlen, key);
    free(text);
    json_decref(all);
}

/* The passes section: how each pass that finished ran (measure/method.h),
 * null for one that did not run or did not finish. */
static json_t *record_passes(json_t *r)
{
    json_t *raw = r != NULL ? json_object_get(r, "passes") : NULL;
    json_t *t = json_object_get(raw, "timing"), *p = json_object_get(raw, "profile");

    return json_pack("{s:o, s:o}", "timing", t != NULL ? json_deep_copy(t) : json_null(), "profile",
                     p != NULL ? json_deep_copy(p) : json_null());
}

/* The status of a record of which the pass FAILED did not finish while
 * the other did: partial, incomplete, with why, after STATUS's own. */
static json_t *record_incomplete(json_t *status, const char *failed, const char *why)
{
    const char *before = json_string_value(json_object_get(status, "message"));
    char message[1536];

    snprintf(message, sizeof message, "the %s pass failed (%s): no %s%s%s", failed, why, failed,
             before[0] != '\0' ? "; " : "", before);
    json_object_set_new(status, "state", json_string("partial"));
    json_object_set_new(status, "message", json_string(message));
    json_object_set_new(status, "incomplete", json_string(failed));
    return status;
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

/* The record's status: failed when no pass finished, else as
 * record_status says, and incomplete when a pass did not finish. */
static json_t *record_state(const struct run_outcome *outcome, json_t *events, json_t *coverage)
{
    json_t *status;

    if (outcome->result == NULL)
        return json_pack("{s:s, s:s}", "state", "failed", "message", outcome->message);
    status = record_status(events, coverage);
    if (outcome->failed_pass != NULL)
        return record_incomplete(status, outcome->failed_pass, outcome->message);
    return status;
}

/* Set SCHEME's implementation ("reference", "optimized") and the archive
 * it was unpacked from from the build description BUILD, when it names
 * them. */
static void record_implementation(json_t *scheme, json_t *build)
{
    json_t *impl = build != NULL ? json_object_get(build, "implementation") : NULL;

    json_t *archive = build != NULL ? json_object_get(build, "archive") : NULL;

    if (json_is_string(impl) && json_string_length(impl) > 0)
        json_object_set(scheme, "implementation", impl);
    /* the archive the package came from, and whether it is the official one */
    if (json_is_object(archive))
        json_object_set(scheme, "archive", archive);
}

/* What stood behind the helpers in a what-if run: the measuring process's
 * account, or for a run that failed only what was asked. */
static json_t *record_substitution(const struct run_facts *f, json_t *r)
{
    json_t *s = r != NULL ? json_object_get(r, "substitution") : NULL;

    s = json_is_object(s) ? json_deep_copy(s) : json_object();
    json_object_set(s, "asked", f->options->substitutes);
    return s;
}

/* The events of the measuring process's result R, or zeros when it sent
 * none (a scheme of TYPE "kex" also counts exchanges); a pass that did not
 * run (no RAW_TIMING or RAW_PROFILE) has no counts, not zeros. */
static json_t *record_events(json_t *r, const char *type, json_t *raw_timing, json_t *raw_profile)
{
    json_t *events = r != NULL
                         ? json_incref(json_object_get(r, "events"))
                         : json_pack("{s:i, s:i, s:i, s:n}", "sign_failures_retried", 0,
                                     "verify_rejections", 0, "decaps_mismatches", 0, "passes");
    json_t *passes = json_object_get(events, "passes");

    if (r == NULL && strcmp(type, "kex") == 0)
        json_object_set_new(events, "kex_mismatches", json_integer(0));
    if (json_is_object(passes) && raw_timing == NULL)
        json_object_set_new(passes, "timing", json_null());
    if (json_is_object(passes) && raw_profile == NULL)
        json_object_set_new(passes, "profile", json_null());
    return events;
}

/* Set what REC is a record of, and by what: its schema, the tool, when it
 * was made, the scheme instance of F and the operation OP. */
static void record_identity(json_t *rec, const struct run_facts *f, const char *op)
{
    json_object_set_new(rec, "schema", json_string(RECORD_SCHEMA));
    json_object_set_new(rec, "tool",
                        json_pack("{s:s, s:s}", "name", PACKAGE_NAME, "version", PACKAGE_VERSION));
    json_object_set_new(rec, "created", record_created());
    json_object_set_new(rec, "scheme",
                        json_pack("{s:s, s:s, s:s, s:s}", "id", f->scheme_id, "algorithm",
                                  f->algorithm, "instance", f->instance, "type", f->type));
    record_implementation(json_object_get(rec, "scheme"), f->build);
    json_object_set_new(rec, "operation", json_string(op));
}

/* The record of operation OP from OUTCOME. */
json_t *run_record(const struct run_facts *f, const char *op, const struct run_outcome *outcome,
                   const char *log_name)
{
    json_t *r = outcome->result;
    char key[65];
    json_t *raw_profile = record_measured(r, "profile"), *raw_timing = record_measured(r, "timing");
    json_t *raw_sites = record_measured(r, "sites");
    json_t *coverage = f->build != NULL ? json_object_get(f->build, "coverage") : NULL;
    json_t *events = record_events(r, f->type, raw_timing, raw_profile);
    json_t *rec = json_object();

    record_identity(rec, f, op);
    json_object_set_new(rec, "build", record_build(f));
    json_object_set_new(rec, "host", record_host(f, r));
    json_object_set_new(rec, "inputs",
                        json_pack("{s:o, s:I}", "seed", record_seed(f->options), "message_bytes",
                                  (json_int_t)f->options->message_bytes));
    run_settings_key(f, op, key);
    json_object_set_new(rec, "method", record_method(f, raw_profile, key));
    json_object_set_new(rec, "passes", record_passes(r));
    json_object_set_new(rec, "timing", raw_timing ? run_timing(raw_timing) : json_null());
    run_timing_precision(json_object_get(rec, "timing"),
                         json_object_get(json_object_get(rec, "passes"), "timing"));
    json_object_set_new(rec, "noise",
                        record_noise(r, raw_timing ? json_object_get(rec, "timing") : NULL));
    json_object_set_new(rec, "memory",
                        record_memory(f, r != NULL ? json_object_get(r, "memory") : NULL));
    json_object_set_new(rec, "sizes", record_sizes(f, r));
    json_object_set_new(rec, "profile", raw_profile ? record_profile(raw_profile) : json_null());
    if (raw_profile != NULL)
        record_processes(json_object_get(rec, "profile"),
                         json_object_get(raw_profile, "processes"));
    json_object_set_new(rec, "callers",
                        raw_profile && raw_sites ? record_callers(raw_sites, raw_profile,
                                                                  json_object_get(rec, "profile"))
                                                 : json_null());
    json_object_set_new(rec, "drng", record_drng(r != NULL ? json_object_get(r, "drng") : NULL));
    json_object_set_new(rec, "coverage", coverage != NULL ? json_incref(coverage) : json_null());
    json_object_set_new(rec, "kat", f->kat != NULL ? json_incref(f->kat) : json_null());
    json_object_set_new(rec, "events", events);
    if (f->options->substitutes != NULL)
        json_object_set_new(rec, "substitution", record_substitution(f, r));
    json_object_set_new(
        rec, "log",
        json_pack("{s:o, s:I, s:b}", "path", log_name != NULL ? json_string(log_name) : json_null(),
                  "bytes", (json_int_t)outcome->log_bytes, "truncated", outcome->log_truncated));
    json_object_set_new(rec, "status", record_state(outcome, events, coverage));
    return rec;
}
