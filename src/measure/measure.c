/* measure.c - iccsprof-measure, the process iccsprof run measures an
 * operation in.  It is a program of its own, linked with little beyond
 * libc, so that the scheme it loads binds to its own symbols and not to
 * those of the tool's libraries; iccsprof run starts it with the stack
 * limit raised, its output captured, and two arguments: the channel's
 * descriptor and the configuration as a JSON object (protocol.h). */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "measure/channel.h"
#include "measure/clock.h"
#include "measure/costs.h"
#include "measure/katcheck.h"
#include "measure/passes.h"
#include "measure/replay.h"
#include "measure/whatif.h"

/* The tick rate is measured over at least this long. */
#define MEASURE_RATE_SECONDS 0.02

/* A member of the configuration that must be there. */
static json_t *measure_get(json_t *cfg, const char *key)
{
    json_t *v = json_object_get(cfg, key);

    if (v == NULL)
        channel_input_error("configuration lacks \"%s\"", key);
    return v;
}

/* An unsigned member of the configuration. */
static unsigned measure_uint(json_t *cfg, const char *key)
{
    return (unsigned)json_integer_value(measure_get(cfg, key));
}

/* A library path of the configuration, or NULL for null. */
static const char *measure_path(json_t *cfg, const char *key)
{
    return json_string_value(measure_get(cfg, key));
}

/* Decode the seed's hex into BUF; its length in bytes. */
static size_t measure_seed(const char *hex, unsigned char *buf, size_t cap)
{
    size_t n = 0;
    unsigned byte;

    while (n < cap && sscanf(hex + 2 * n, "%2x", &byte) == 1)
        buf[n++] = (unsigned char)byte;
    return n;
}

/* The API's lengths as JSON; a key exchange's also give its states and
 * its number of passes. */
static json_t *measure_sizes(const struct scheme *s)
{
    json_t *sizes =
        json_pack("{s:I, s:I, s:I, s:I}", "pk", (json_int_t)s->pk_len, "sk", (json_int_t)s->sk_len,
                  "out", (json_int_t)s->out_len, "ss", (json_int_t)s->ss_len);

    if (s->type == SCHEME_KEX) {
        json_object_set_new(sizes, "sta", json_integer((json_int_t)s->kex.sta_len));
        json_object_set_new(sizes, "stb", json_integer((json_int_t)s->kex.stb_len));
        json_object_set_new(sizes, "passes", json_integer((json_int_t)s->kex.passes));
    }
    return sizes;
}

/* The lengths of the messages of the setup exchange, or null when the
 * scheme is not a key exchange or no exchange ran. */
static json_t *measure_messages(const struct op_events *e)
{
    json_t *list;

    if (e->kex_passes == 0)
        return json_null();
    list = json_array();
    for (ull k = 1; k <= e->kex_passes; k++)
        json_array_append_new(list, json_integer((json_int_t)e->kex_msg_len[k]));
    return list;
}

/* The two builds must be the same scheme: same type and lengths. */
static void measure_same_scheme(const struct scheme *a, const struct scheme *b)
{
    if (a->type != b->type || a->pk_len != b->pk_len || a->sk_len != b->sk_len ||
        a->out_len != b->out_len || a->ss_len != b->ss_len || a->kex.passes != b->kex.passes ||
        a->kex.sta_len != b->kex.sta_len || a->kex.stb_len != b->kex.stb_len)
        channel_input_error("%s and %s are not builds of the same scheme instance (their API "
                            "types or lengths differ)",
                            a->path, b->path);
}

/* The soft stack limit in force, null when unlimited. */
static json_t *measure_stack_limit(void)
{
    struct rlimit rl;

    if (getrlimit(RLIMIT_STACK, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
        return json_null();
    return json_integer((json_int_t)rl.rlim_cur);
}

/* Ticks per second of the counter TICKS since (T0, S0), spinning until
 * the span is long enough to give a rate worth recording. */
static double measure_tick_hz(uint64_t (*ticks)(void), uint64_t t0, double s0)
{
    double s1;

    while ((s1 = clock_seconds()) - s0 < MEASURE_RATE_SECONDS)
        ;
    return (double)(ticks() - t0) / (s1 - s0);
}

/* The rate of the counter the record's ticks come from: the one the
 * architecture states, else ours measured over the whole run since
 * (T0, S0), unless the profiled library's wrappers read
 * another counter (a build of another configuration), which is then
 * timed on its own. */
static double measure_rate(const struct scheme *profiled, uint64_t t0, double s0)
{
    double stated =
        clock_stated_hz(profiled != NULL ? profiled->wrap->tick_source : ICCSPROF_TICK_SOURCE_NAME);

    if (stated > 0)
        return stated;
    if (profiled != NULL && strcmp(profiled->wrap->tick_source, ICCSPROF_TICK_SOURCE_NAME) != 0)
        return measure_tick_hz(profiled->wrap->ticks, profiled->wrap->ticks(), clock_seconds());
    return measure_tick_hz(clock_ticks, t0, s0);
}

/* Load both builds, check they agree and report type and lengths. */
static __attribute__((noreturn)) void measure_probe(json_t *cfg)
{
    const char *plain = measure_path(cfg, "plain"), *profiled = measure_path(cfg, "profiled");
    struct scheme a, b;

    if (plain != NULL)
        scheme_load(&a, plain, 0, NULL);
    if (profiled != NULL) {
        scheme_load(&b, profiled, 1, NULL);
        scheme_set_callers(&b, measure_uint(cfg, "callers"));
        scheme_set_callers(&b, 0);
    }
    if (plain != NULL && profiled != NULL)
        measure_same_scheme(&a, &b);
    channel_result(json_pack("{s:s, s:o}", "type", scheme_type_name(plain ? a.type : b.type),
                             "sizes", measure_sizes(plain ? &a : &b)));
}

/* Time the configuration's candidates at its shapes, with the profiled
 * library's counter when a library is named (its iccs candidate is its
 * own placeholder), else ours. */
static __attribute__((noreturn)) void measure_costs(json_t *cfg)
{
    const char *profiled = measure_path(cfg, "profiled");
    uint64_t t0 = clock_ticks();
    double s0 = clock_seconds();
    struct scheme b;
    json_t *costs;

    if (profiled != NULL)
        scheme_load(&b, profiled, 1, NULL);
    costs = costs_measure(cfg, profiled != NULL ? &b : NULL,
                          profiled != NULL ? b.wrap->ticks : clock_ticks);
    channel_result(json_pack("{s:s, s:f, s:o}", "tick_source",
                             profiled != NULL ? b.wrap->tick_source : ICCSPROF_TICK_SOURCE_NAME,
                             "tick_hz", measure_rate(profiled != NULL ? &b : NULL, t0, s0), "costs",
                             costs));
}

/* The events of one pass as JSON; a key exchange's also count the
 * exchanges whose secrets disagreed. */
static json_t *measure_counts(const struct op_counts *c, enum scheme_type type)
{
    json_t *counts = json_pack(
        "{s:I, s:I, s:I, s:I, s:I, s:I, s:I}", "operations", (json_int_t)c->operations,
        "signatures", (json_int_t)c->signatures, "sign_failures_retried",
        (json_int_t)c->sign_failures_retried, "verifications", (json_int_t)c->verifications,
        "verify_rejections", (json_int_t)c->verify_rejections, "decapsulations",
        (json_int_t)c->decapsulations, "decaps_mismatches", (json_int_t)c->decaps_mismatches);

    if (type == SCHEME_KEX)
        json_object_set_new(counts, "kex_mismatches", json_integer((json_int_t)c->kex_mismatches));
    return counts;
}

/* The events counted, as the record gives them: their sums over the
 * passes, and each pass's. */
static json_t *measure_events(const struct op_events *e, enum scheme_type type)
{
    struct op_counts sum = {0};
    json_t *events;

    for (int p = 0; p < PASS_COUNT; p++) {
        sum.sign_failures_retried += e->pass[p].sign_failures_retried;
        sum.verify_rejections += e->pass[p].verify_rejections;
        sum.decaps_mismatches += e->pass[p].decaps_mismatches;
        sum.kex_mismatches += e->pass[p].kex_mismatches;
    }
    events = json_pack("{s:I, s:I, s:I, s:{s:o, s:o, s:o}}", "sign_failures_retried",
                       (json_int_t)sum.sign_failures_retried, "verify_rejections",
                       (json_int_t)sum.verify_rejections, "decaps_mismatches",
                       (json_int_t)sum.decaps_mismatches, "passes", "setup",
                       measure_counts(&e->pass[PASS_SETUP], type), "timing",
                       measure_counts(&e->pass[PASS_TIMING], type), "profile",
                       measure_counts(&e->pass[PASS_PROFILE], type));
    if (type == SCHEME_KEX)
        json_object_set_new(events, "kex_mismatches", json_integer((json_int_t)sum.kex_mismatches));
    return events;
}

/* The context switches the scheduler forced on this process so far. */
static long measure_preempted(void)
{
    struct rusage ru;

    return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_nivcsw : 0;
}

/* The DRNG contexts the driver seeded in S, by name. */
static json_t *measure_seeded(const struct scheme *s)
{
    json_t *names = json_array();

    if (s->drng != NULL)
        json_array_append_new(names, json_pack("{s:s}", "name", "drng_algorithm"));
    for (size_t i = 0; i < s->nprivate; i++)
        json_array_append_new(names, json_pack("{s:s}", "name", s->private_ctx[i].name));
    return names;
}

/* What the passes of one operation gave, for its result (json null where
 * a pass did not run). */
struct measure_result {
    json_t *timing, *memory, *timing_facts;         /* the timing pass's */
    json_t *profile, *sites, *drng, *profile_facts; /* the profile pass's */
    json_t *seeded;                                 /* the DRNG contexts seeded, alone */
    json_t *substitution;                           /* what if: the candidates' counters */
    long preempted[2]; /* the involuntary switches of the timing and profile passes */
};

/* The method of the configuration into M, its seed decoded into SEED (CAP
 * bytes at most). */
static void measure_method(json_t *cfg, struct method *m, unsigned char *seed, size_t cap)
{
    const char *sample = json_string_value(json_object_get(cfg, "sample"));

    memset(m, 0, sizeof *m);
    m->seed = seed;
    m->seed_len = measure_seed(json_string_value(measure_get(cfg, "seed")), seed, cap);
    m->message_bytes = measure_uint(cfg, "message_bytes");
    m->trials = measure_uint(cfg, "trials");
    m->min_calls = measure_uint(cfg, "min_calls");
    m->max_sign_attempts = measure_uint(cfg, "max_sign_attempts");
    m->first_n = measure_uint(cfg, "first_n");
    m->callers = measure_uint(cfg, "callers");
    m->sample = sample != NULL ? 0 : measure_uint(cfg, "sample");
    m->target_seconds = json_number_value(measure_get(cfg, "target_seconds"));
    m->max_seconds = json_number_value(measure_get(cfg, "max_seconds"));
    m->profile_seconds = json_number_value(measure_get(cfg, "profile_seconds"));
    m->precision = json_number_value(measure_get(cfg, "precision"));
}

/* Load the build PATH into S (PROFILED: with its wrappers), with the
 * private DRNG contexts the configuration names for it, and set M's
 * operation to the configuration's, which the build must have. */
static void measure_load(json_t *cfg, struct scheme *s, const char *path, int profiled,
                         struct method *m)
{
    json_t *private_ctx = json_object_get(cfg, "drng_private");
    int op;

    scheme_load(s, path, profiled, json_object_get(private_ctx, profiled ? "profiled" : "plain"));
    if ((op = op_parse(json_string_value(measure_get(cfg, "op")), s)) < 0)
        channel_input_error("%s: no operation %s", path, json_string_value(measure_get(cfg, "op")));
    m->op = (enum op)op;
}

/* The timing pass on S into R, with the involuntary switches it took. */
static void measure_timing(struct scheme *s, const struct method *m, struct op_events *events,
                           struct measure_result *r)
{
    r->preempted[0] = measure_preempted();
    r->timing = plain_pass(s, m, events, &r->memory, &r->timing_facts);
    r->preempted[0] = measure_preempted() - r->preempted[0];
}

/* The passes on the profiled build B at PATH into R: with candidates
 * serving its helpers when the configuration asks what if, the timing pass
 * when it runs there, and the profile pass, whose DRNG section then holds
 * what was seeded (else that stands alone). */
static void measure_profiled(json_t *cfg, struct scheme *b, const char *path, struct method *m,
                             struct op_events *events, struct measure_result *r)
{
    measure_load(cfg, b, path, 1, m);
    if (whatif_wanted(cfg)) {
        r->substitution = whatif_start(cfg, b, m);
        m->substituted = 1;
    }
    if (whatif_runs(cfg, "timing"))
        measure_timing(b, m, events, r);
    if (whatif_runs(cfg, "profile")) {
        r->preempted[1] = measure_preempted();
        r->profile = profile_pass(b, m, events, &r->sites, &r->drng, &r->profile_facts);
        r->preempted[1] = measure_preempted() - r->preempted[1];
        json_object_set_new(r->drng, "seeded", measure_seeded(b));
    } else {
        r->seeded = measure_seeded(b);
    }
    if (json_is_object(r->substitution))
        whatif_end(r->substitution);
    if (whatif_runs(cfg, "profile")) {
        json_decref(r->seeded);
        r->seeded = json_null();
    }
}

/* The result of one operation as JSON: what its passes gave (R, EVENTS,
 * of a scheme of TYPE) with the counter the ticks come from, that of the
 * PROFILED build's wrappers (NULL: ours) timed since (T0, S0). */
static json_t *measure_result_json(struct measure_result *r, const struct op_events *events,
                                   enum scheme_type type, const struct scheme *profiled,
                                   uint64_t t0, double s0)
{
    /* the profile's ticks are the wrappers' counter's, which a library
     * built by another configuration may read differently from ours */
    if (json_is_array(r->seeded)) /* no profile pass: what was seeded is all we know */
        r->drng = json_pack("{s:o}", "seeded", r->seeded);
    return json_pack(
        "{s:o, s:s, s:f, s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:{s:I, s:I}, s:o, s:o, "
        "s:{s:o, s:o}, s:o}",
        "stack_limit_bytes", measure_stack_limit(), "tick_source",
        profiled != NULL ? profiled->wrap->tick_source : ICCSPROF_TICK_SOURCE_NAME, "tick_hz",
        measure_rate(profiled, t0, s0), "cycles_source", clock_cycles_source(), "timing", r->timing,
        "memory", r->memory, "profile", r->profile, "sites", r->sites, "drng", r->drng, "events",
        measure_events(events, type), "kex_messages", measure_messages(events),
        "involuntary_switches", "timing", (json_int_t)r->preempted[0], "profile",
        (json_int_t)r->preempted[1], "sig_observed_min",
        events->sig_min <= events->sig_max ? json_integer((json_int_t)events->sig_min)
                                           : json_null(),
        "sig_observed_max",
        events->sig_min <= events->sig_max ? json_integer((json_int_t)events->sig_max)
                                           : json_null(),
        "passes", "timing", r->timing_facts, "profile", r->profile_facts, "substitution",
        r->substitution);
}

/* Price the configuration's candidates in its operation played back on
 * its profiled library (replay.h), with that library's counter. */
static __attribute__((noreturn)) void measure_replay(json_t *cfg)
{
    const char *profiled = measure_path(cfg, "profiled");
    json_t *cands = measure_get(cfg, "candidates"), *result;
    unsigned char seed[256];
    uint64_t t0 = clock_ticks();
    double s0 = clock_seconds();
    struct method m;
    struct scheme b;

    if (profiled == NULL)
        channel_input_error("configuration: a replay without a profiled library");
    if (!json_is_array(cands) || json_array_size(cands) == 0 ||
        json_array_size(cands) > REPLAY_MAX_CANDIDATES)
        channel_input_error("configuration: \"candidates\" is not 1 to %d candidates",
                            REPLAY_MAX_CANDIDATES);
    measure_method(cfg, &m, seed, sizeof seed);
    measure_load(cfg, &b, profiled, 1, &m);
    result = replay_measure(&b, &m, cands, json_number_value(measure_get(cfg, "replay_seconds")));
    json_object_set_new(result, "tick_source", json_string(b.wrap->tick_source));
    json_object_set_new(result, "tick_hz", json_real(measure_rate(&b, t0, s0)));
    channel_result(result);
}

/* Measure one operation: the plain pass, then the profile pass (iccsprof
 * run gives one library, for one pass, to each measuring process, so
 * that a pass that fails or hangs does not take the other with it). */
static __attribute__((noreturn)) void measure_op(json_t *cfg)
{
    const char *plain = measure_path(cfg, "plain"), *profiled = measure_path(cfg, "profiled");
    unsigned char seed[256];
    struct op_events events = {.sig_min = ~0ull};
    struct method m;
    struct scheme a, b;
    struct measure_result r = {json_null(), json_null(), json_null(), json_null(), json_null(),
                               json_null(), json_null(), json_null(), json_null(), {0, 0}};
    uint64_t t0 = clock_ticks();
    double s0 = clock_seconds();

    measure_method(cfg, &m, seed, sizeof seed);
    clock_cycles_open();
    if (whatif_wanted(cfg)) /* the profiled library is timed, with its candidates */
        plain = NULL;
    if (plain != NULL) {
        measure_load(cfg, &a, plain, 0, &m);
        measure_timing(&a, &m, &events, &r);
        r.seeded = measure_seeded(&a);
    }
    if (profiled != NULL)
        measure_profiled(cfg, &b, profiled, &m, &events, &r);
    channel_result(measure_result_json(&r, &events, plain != NULL ? a.type : b.type,
                                       profiled != NULL ? &b : NULL, t0, s0));
}

int main(int argc, char **argv)
{
    json_error_t err;
    json_t *cfg, *version, *request;

    if (argc != 3 || channel_open(argv[1]) != 0) {
        fprintf(stderr, "iccsprof-measure: started by iccsprof run, not by hand\n");
        return 2;
    }
    /* the scheme's last lines before a crash reach the log: stdout is a
     * pipe, which stdio would otherwise buffer by blocks */
    setvbuf(stdout, NULL, _IOLBF, 0);
    cfg = json_loads(argv[2], 0, &err);
    if (cfg == NULL)
        channel_input_error("bad configuration: %s", err.text);
    version = json_object_get(cfg, PROTOCOL_KEY_VERSION);
    if (!json_is_integer(version) || json_integer_value(version) != PROTOCOL_VERSION)
        channel_input_error("the measuring program speaks protocol %d, and iccsprof run another",
                            PROTOCOL_VERSION);
    request = json_object_get(cfg, PROTOCOL_KEY_REQUEST);
    if (json_is_true(json_object_get(cfg, "probe")))
        measure_probe(cfg);
    if (request != NULL) {
        if (json_is_string(request) &&
            strcmp(json_string_value(request), PROTOCOL_REQUEST_COSTS) == 0)
            measure_costs(cfg);
        if (json_is_string(request) &&
            strcmp(json_string_value(request), PROTOCOL_REQUEST_KAT) == 0)
            channel_result(katcheck_run(cfg));
        if (json_is_string(request) &&
            strcmp(json_string_value(request), PROTOCOL_REQUEST_REPLAY) == 0)
            measure_replay(cfg);
        channel_input_error("configuration: a request this measuring program does not know");
    }
    measure_op(cfg);
}
