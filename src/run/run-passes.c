/* run-passes.c - an operation's passes, each in a measuring process of
 * its own, and their results merged (run-passes.h). */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/message.h"
#include "run/drng-find.h"
#include "util/hex.h"
#include "run/run-child.h"
#include "run/run-merge.h"
#include "run/run-passes.h"

/* The most processes auto makes the profile pass in: Student's t for
 * the spread of 4 is 3.2 (of 3, 4.3; of 2, 12.7), and past them the mean
 * gains less than each process costs, which sets up, warms and
 * calibrates the operation anew. */
#define RUN_AUTO_PROCESSES 4

/* Calls of the scheme a profiled operation's pair takes: the pair, the
 * rehearsal and the play of its helpers' outputs. */
#define RUN_PAIR_CALLS 4

/* The configuration of a measuring process. */
json_t *run_config(const struct run_options *o, const char *op, const char *pass)
{
    const char *plain = pass == NULL || strcmp(pass, "timing") == 0 ? o->plain : NULL;
    const char *profiled = pass == NULL || strcmp(pass, "profile") == 0 ? o->profiled : NULL;
    char seed[2 * RUN_MAX_SEED + 1];
    json_t *cfg;

    /* a what-if run times the profiled library, with its candidates */
    if (o->substitutes != NULL && op != NULL && pass != NULL) {
        plain = NULL;
        profiled = o->profiled;
    }
    hex_encode(o->seed, o->seed_len, seed);
    cfg = json_pack(
        "{s:b, s:o, s:o, s:s, s:s, s:I, s:i, s:i, s:i, s:i, s:i, s:o, s:f, s:f, s:f, s:f}", "probe",
        op == NULL, "plain", plain != NULL ? json_string(plain) : json_null(), "profiled",
        profiled != NULL ? json_string(profiled) : json_null(), "op", op != NULL ? op : "", "seed",
        seed, "message_bytes", (json_int_t)o->message_bytes, "trials", (int)o->trials, "min_calls",
        (int)o->min_calls, "max_sign_attempts", (int)o->max_sign_attempts, "first_n",
        (int)o->first_n, "callers", (int)o->callers, "sample",
        o->sample == 0 ? json_string("auto") : json_integer((json_int_t)o->sample),
        "target_seconds", o->target_seconds, "max_seconds", o->max_seconds, "profile_seconds",
        o->profile_seconds, "precision", o->precision);
    if (op != NULL && o->substitutes != NULL) {
        json_object_set(cfg, "substitute", o->substitutes);
        json_object_set_new(cfg, "substitute_pass", pass != NULL ? json_string(pass) : json_null());
    }
    if (op != NULL)
        json_object_set_new(
            cfg, "drng_private",
            json_pack("{s:o, s:o}", "plain",
                      plain != NULL ? drng_find_private(plain) : json_array(), "profiled",
                      profiled != NULL ? drng_find_private(profiled) : json_array()));
    return cfg;
}

/* Add the integer member KEY of FROM to that of INTO (both objects). */
static void passes_add(json_t *into, json_t *from, const char *key)
{
    json_t *a = json_object_get(into, key), *b = json_object_get(from, key);

    if (json_is_integer(a) && json_is_integer(b))
        json_object_set_new(into, key, json_integer(json_integer_value(a) + json_integer_value(b)));
}

/* The events of both processes: the sums, the setup pass of both, the
 * timing pass of T's and the profile pass of P's. */
static void passes_merge_events(json_t *t, json_t *p)
{
    static const char *const sums[] = {"sign_failures_retried", "verify_rejections",
                                       "decaps_mismatches", "kex_mismatches"};
    json_t *te = json_object_get(t, "events"), *pe = json_object_get(p, "events");
    json_t *tp = json_object_get(te, "passes"), *pp = json_object_get(pe, "passes");
    const char *key;
    json_t *v;

    for (size_t i = 0; i < sizeof sums / sizeof sums[0]; i++)
        passes_add(te, pe, sums[i]);
    json_object_foreach(json_object_get(pp, "setup"), key, v)
        passes_add(json_object_get(tp, "setup"), json_object_get(pp, "setup"), key);
    json_object_set(tp, "profile", json_object_get(pp, "profile"));
}

/* The smaller (SMALLER true) or larger of the integer members KEY of A and
 * B that are not null, into A. */
static void passes_extreme(json_t *a, json_t *b, const char *key, int smaller)
{
    json_t *x = json_object_get(a, key), *y = json_object_get(b, key);

    if (!json_is_integer(y))
        return;
    if (!json_is_integer(x) || (smaller ? json_integer_value(y) < json_integer_value(x)
                                        : json_integer_value(y) > json_integer_value(x)))
        json_object_set(a, key, y);
}

/* Merge the profile process's result P into the timing process's T: T
 * keeps its timing, memory and cycle counter; P gives the profile, the
 * call sites, the DRNG contexts and the tick counter its ticks are of. */
static void passes_merge(json_t *t, json_t *p)
{
    static const char *const from_profile[] = {"tick_source", "tick_hz", "profile", "sites",
                                               "drng"};

    for (size_t i = 0; i < sizeof from_profile / sizeof from_profile[0]; i++)
        json_object_set(t, from_profile[i], json_object_get(p, from_profile[i]));
    passes_merge_events(t, p);
    json_object_set(json_object_get(t, "involuntary_switches"), "profile",
                    json_object_get(json_object_get(p, "involuntary_switches"), "profile"));
    json_object_set(json_object_get(t, "passes"), "profile",
                    json_object_get(json_object_get(p, "passes"), "profile"));
    passes_extreme(t, p, "sig_observed_min", 1);
    passes_extreme(t, p, "sig_observed_max", 0);
}

/* Take the end of pass PASS (its process's outcome C) into OUT; EXIT_OK
 * to go on, else the status to stop with (after a message). */
static int passes_take(const char *pass, struct child_outcome *c, struct run_outcome *out)
{
    out->log_bytes += c->log_bytes;
    if (c->status == CHILD_INTERRUPTED)
        return 128 + c->signal;
    if (c->status == CHILD_INPUT_ERROR) {
        cmd_error("%s", c->message);
        return EXIT_USAGE;
    }
    if (c->status == CHILD_FAILED) {
        if (out->failed_pass == NULL)
            snprintf(out->message, sizeof out->message, "%s", c->message);
        out->failed_pass = out->failed_pass == NULL ? pass : "both";
        return EXIT_OK;
    }
    if (out->result == NULL)
        out->result = c->result;
    else {
        passes_merge(out->result, c->result);
        json_decref(c->result);
    }
    return EXIT_OK;
}

/* Start pass PASS of OP in a measuring process with the configuration
 * CFG (taken over), its end into C; EXIT_OK, EXIT_FAIL when it could not
 * start or went over a limit (after a message), or -1 with errno when
 * the log could not be written. */
static int passes_child(const struct run_facts *f, const char *op, json_t *cfg, const char *pass,
                        int log_fd, struct run_progress *p, struct child_outcome *c)
{
    int rc;

    memset(c, 0, sizeof *c);
    run_progress_pass(p, pass);
    rc = child_run(child_measure_path(), cfg, f->timeout, log_fd, run_progress_update, p, c);
    json_decref(cfg);
    if (rc != 0) {
        cmd_error("%s: cannot start the measuring program: %s", child_measure_path(),
                  strerror(errno));
        return EXIT_FAIL;
    }
    if (c->log_errno != 0) {
        json_decref(c->result); /* a result without its log is not kept */
        errno = c->log_errno;
        return -1;
    }
    if (c->status == CHILD_OVER_LIMIT) {
        cmd_error("%s %s: %s", f->instance, op, c->message);
        return EXIT_FAIL;
    }
    return EXIT_OK;
}

/* The processes the profile pass is made in: --profile-processes, or
 * for auto as many as the timing pass's calibration (in TIMING, the
 * result so far; NULL: none) says can each make --min-calls operations
 * in their part of --profile-seconds, RUN_AUTO_PROCESSES at most. */
static unsigned passes_processes(const struct run_options *o, json_t *timing)
{
    json_t *facts = json_object_get(json_object_get(timing, "passes"), "timing");
    double call = json_number_value(json_object_get(facts, "calibration_seconds"));
    double pair = RUN_PAIR_CALLS * call * (double)(o->min_calls > 0 ? o->min_calls : 1), n;

    if (o->profile_processes > 0)
        return o->profile_processes;
    if (!(call > 0) || !(pair > 0))
        return 1;
    n = floor(o->profile_seconds / pair);
    return n < 1 ? 1 : n > RUN_AUTO_PROCESSES ? RUN_AUTO_PROCESSES : (unsigned)n;
}

/* The configuration of one of N processes of OP's profile pass: each
 * aims at its part of --profile-seconds, and goes on to --precision
 * times the root of N, which the mean of N reaches. */
static json_t *passes_profile_config(const struct run_options *o, const char *op, unsigned n)
{
    json_t *cfg = run_config(o, op, "profile");

    json_object_set_new(cfg, "profile_seconds", json_real(o->profile_seconds / n));
    json_object_set_new(cfg, "precision", json_real(o->precision * sqrt((double)n)));
    return cfg;
}

/* The configuration of one of N processes of OP's timing pass: each
 * aims at its part of --target-seconds and may take its part of
 * --max-seconds, and goes on to --precision times the root of N. */
static json_t *passes_timing_config(const struct run_options *o, const char *op, unsigned n)
{
    json_t *cfg = run_config(o, op, "timing");

    json_object_set_new(cfg, "target_seconds", json_real(o->target_seconds / n));
    json_object_set_new(cfg, "max_seconds", json_real(o->max_seconds / n));
    json_object_set_new(cfg, "precision", json_real(o->precision * sqrt((double)n)));
    return cfg;
}

/* The measuring processes of one pass of an operation, made one at a
 * time. */
struct passes_series {
    const char *pass; /* "timing" or "profile" */
    unsigned n, k;    /* the processes asked (0: none, or not known yet) and made */
    json_t **done;    /* the results of those made */
    bool over;        /* failed, or taken */
    bool timed_out;   /* the one that failed ran out of time */
};

/* Whether series S has a process still to make. */
static bool passes_left(const struct passes_series *s)
{
    return !s->over && s->k < s->n;
}

/* Make the next process of series S for OP: its result kept, or, when it
 * failed, the failure taken into OUT (the pass failed: its other
 * processes are not made) and S marked when it ran out of time.  As
 * passes_take. */
static int passes_step(const struct run_facts *f, const char *op, struct passes_series *s,
                       int log_fd, struct run_progress *p, struct run_outcome *out)
{
    json_t *cfg = strcmp(s->pass, "timing") == 0 ? passes_timing_config(f->options, op, s->n)
                                                 : passes_profile_config(f->options, op, s->n);
    struct child_outcome c;
    int rc;

    if (s->done == NULL && (s->done = calloc(s->n, sizeof *s->done)) == NULL)
        abort();
    run_progress_process(p, s->k + 1, s->n);
    if ((rc = passes_child(f, op, cfg, s->pass, log_fd, p, &c)) != EXIT_OK)
        return rc;
    if (c.status != CHILD_OK) {
        s->timed_out = c.timed_out != 0;
        s->over = true;
        return passes_take(s->pass, &c, out);
    }
    out->log_bytes += c.log_bytes;
    s->done[s->k++] = c.result;
    return EXIT_OK;
}

/* Take series S into OUT when every process of it was made: their
 * results merged (run-merge.h; one timing process's stands as it is).
 * As passes_take. */
static int passes_finish(struct passes_series *s, struct run_outcome *out)
{
    struct child_outcome c;

    if (!(s->n > 0 && s->k == s->n && !s->over))
        return EXIT_OK;
    if (strcmp(s->pass, "profile") == 0)
        run_merge_profiles(s->done, s->n);
    else if (s->n > 1)
        run_merge_timings(s->done, s->n);
    memset(&c, 0, sizeof c);
    c.status = CHILD_OK;
    c.result = s->done[0];
    s->done[0] = NULL; /* OUT's now */
    s->over = true;
    return passes_take(s->pass, &c, out);
}

/* Say in OUT that series S was left unfinished after the other pass's
 * time-out: not tried, or not finished. */
static void passes_left_after(const struct passes_series *s, struct run_outcome *out)
{
    size_t len = strlen(out->message);

    if (passes_left(s))
        snprintf(out->message + len, sizeof out->message - len, "; the %s pass was not %s after it",
                 s->pass, s->k == 0 ? "tried" : "finished");
}

/* Free what series S holds. */
static void passes_series_free(struct passes_series *s)
{
    for (unsigned j = 0; j < s->k; j++)
        json_decref(s->done[j]);
    free(s->done);
}

/* Measure OP's passes.  The processes of the two take turns (a timing
 * process, then a profile process, and so on while both have some left),
 * so that each pass's processes stand apart in time over the whole
 * operation's measurement and their spread holds how the machine's pace
 * moves over it, as a record measured at another time would meet it; the
 * profile pass's number of processes comes from the first timing
 * process's calibration.  After the timing pass ran out of time no
 * profile process is made (the profiled build would most likely hang
 * the same way); after the profile pass did, the timing goes on. */
int run_passes(const struct run_facts *f, const char *op, int log_fd, struct run_progress *p,
               struct run_outcome *out)
{
    const struct run_options *o = f->options;
    struct passes_series timing = {"timing", 0, 0, NULL, false, false};
    struct passes_series profile = {"profile", 0, 0, NULL, false, false};
    int rc = EXIT_OK;

    memset(out, 0, sizeof *out);
    if (o->plain != NULL)
        timing.n = o->timing_processes > 1 ? o->timing_processes : 1;
    else if (o->profiled != NULL)
        profile.n = passes_processes(o, NULL);
    while (rc == EXIT_OK && !timing.timed_out && (passes_left(&timing) || passes_left(&profile))) {
        if (passes_left(&timing))
            rc = passes_step(f, op, &timing, log_fd, p, out);
        if (o->profiled != NULL && profile.n == 0 && (timing.k > 0 || timing.over))
            profile.n = passes_processes(o, timing.k > 0 ? timing.done[0] : NULL);
        if (rc == EXIT_OK && !timing.timed_out && passes_left(&profile))
            rc = passes_step(f, op, &profile, log_fd, p, out);
    }
    if (rc == EXIT_OK && timing.timed_out)
        passes_left_after(&profile, out);
    if (rc == EXIT_OK)
        rc = passes_finish(&timing, out);
    if (rc == EXIT_OK)
        rc = passes_finish(&profile, out);
    passes_series_free(&timing);
    passes_series_free(&profile);
    if (rc == EXIT_OK && out->log_bytes > CHILD_LOG_LIMIT) {
        out->log_truncated = 1;
        if (ftruncate(log_fd, CHILD_LOG_LIMIT) != 0)
            rc = -1;
    }
    if (rc == EXIT_OK && out->failed_pass != NULL && out->result == NULL)
        out->failed_pass = NULL; /* no pass finished: a failed record */
    if (rc != EXIT_OK) {
        json_decref(out->result);
        out->result = NULL;
    }
    return rc;
}
