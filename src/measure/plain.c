/* plain.c - timing the plain library: the published method's trials. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "measure/channel.h"
#include "measure/clock.h"
#include "measure/cores.h"
#include "measure/passes.h"
#include "measure/shift.h"

/* Calls at least this long have the budget checked before each of them;
 * a clock read is then nothing beside the call. */
#define PLAIN_CHECKED_CALL 1e-3

/* A figure of /proc/self/status in KiB (VmRSS, VmHWM); -1 if absent. */
static long pass_status_kib(const char *field)
{
    char line[256];
    size_t len = strlen(field);
    long kib = -1;
    FILE *f = fopen("/proc/self/status", "r");

    if (f == NULL)
        return -1;
    while (fgets(line, sizeof line, f) != NULL)
        if (strncmp(line, field, len) == 0 && line[len] == ':') {
            sscanf(line + len + 1, "%ld", &kib);
            break;
        }
    fclose(f);
    return kib;
}

/* A KiB figure as JSON: null when it could not be read. */
static json_t *pass_kib(long kib)
{
    return kib < 0 ? json_null() : json_integer(kib);
}

/* What a timing pass made: its trials' mean cycles and the index of the
 * core each ran on, and their sums; the cores the trials take in turn. */
struct plain_trials {
    json_t *list;
    double *means;
    int *core;
    size_t n, cap;
    unsigned long long calls;
    double seconds;
    struct cores cores;
};

/* A trial's calls and what they took, for shift_run. */
struct plain_trial_args {
    struct op_state *st;
    const struct pass_clock *c;
    unsigned long long calls, made;
    int checked;
    double est, seconds;
    uint64_t cycles;
};

/* The calls of the trial ARG (a struct plain_trial_args), timed. */
static void plain_trial_calls(void *arg)
{
    struct plain_trial_args *a = arg;
    double s0 = clock_seconds();
    uint64_t c0 = clock_cycles();

    for (a->made = 0; a->made < a->calls; a->made++) {
        if (a->checked && !pass_fits(a->c, a->est))
            break;
        op_call(a->st);
    }
    a->cycles = clock_cycles() - c0;
    a->seconds = clock_seconds() - s0;
}

/* Time one trial of up to CALLS calls, fewer when the budget C would not
 * hold the next one at EST seconds a call (a slow operation's budget is
 * checked before each call, a fast one's before the trial, so that no
 * clock is read between its calls); the calls made.  A trial of no call
 * is not kept.  The trials take T's cores in turn (cores.h), as the
 * profile pass's do: one core can run the operation at another pace than
 * the next, and the cycles are to be the machine's, not one core's.
 * Each trial runs at a stack position of its own (shift.h), each core the
 * same positions in the same order: where the stack lies in a page moves
 * an operation's time, and would otherwise stay where the process began. */
static unsigned long long plain_trial(struct op_state *st, struct plain_trials *t,
                                      unsigned long long calls, const struct pass_clock *c,
                                      double est)
{
    struct plain_trial_args a = {st, c, calls, 0, est >= PLAIN_CHECKED_CALL, est, 0, 0};
    unsigned long long fit = pass_calls_left(c, est);
    int k;

    if (!a.checked && a.calls > fit)
        a.calls = fit;
    k = cores_enter(&t->cores, (unsigned)t->n);
    shift_run((unsigned)t->n / (unsigned)t->cores.n, plain_trial_calls, &a);
    if (a.made == 0)
        return 0;
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 16;
        if ((t->means = realloc(t->means, t->cap * sizeof *t->means)) == NULL ||
            (t->core = realloc(t->core, t->cap * sizeof *t->core)) == NULL)
            channel_call_error("out of memory for %zu trials", t->cap);
    }
    t->core[t->n] = k;
    t->means[t->n++] = (double)a.cycles / (double)a.made;
    t->calls += a.made;
    t->seconds += a.seconds;
    json_array_append_new(
        t->list, json_pack("{s:I, s:f, s:f, s:o}", "calls", (json_int_t)a.made, "seconds",
                           a.seconds, "cycles", (double)a.cycles, "cpu",
                           t->cores.cpu[k] >= 0 ? json_integer(t->cores.cpu[k]) : json_null()));
    return a.made;
}

/* The precision of T's trials: the relative half-width of the mean of
 * its cores' means, from the spread within each core (method_strata). */
static double plain_precision(const struct plain_trials *t)
{
    return method_precision_strata(t->means, t->core, t->n, CORES_MAX);
}

/* The trials of the timing pass: the minimum SZ, then trials of the same
 * size while the precision asked is not reached, all within the budget
 * C; *STOP says why they ended.  The trials are as many as asked, as the
 * published harness's, whatever the cores: a core with fewer trials than
 * the next weighs as much in the mean (method_strata).  CALL_SECONDS is
 * the calibration's. */
static void plain_trials(struct op_state *st, const struct method *m, struct plain_trials *t,
                         const struct pass_size *sz, const struct pass_clock *c,
                         double call_seconds, enum method_stop *stop)
{
    int announced = 0;

    for (;;) {
        double est = t->calls > 0 ? t->seconds / (double)t->calls : call_seconds, prec;

        if (t->n >= sz->groups) {
            prec = plain_precision(t);
            if (m->precision <= 0 || prec <= m->precision) {
                *stop = t->n == sz->groups ? STOP_MINIMUM : STOP_PRECISION;
                return;
            }
            if (!announced && isfinite(prec)) { /* a core of one trial has none yet */
                method_plan_more("timing", est, est, t->calls, prec, m->precision, c, sz->rule);
                announced = 1;
            }
        }
        if (plain_trial(st, t, sz->per_group, c, est) < sz->per_group) {
            *stop = STOP_MAX_SECONDS;
            return;
        }
    }
}

/* Time the operation on the plain library. */
json_t *plain_pass(struct scheme *s, const struct method *m, struct op_events *events,
                   json_t **memory, json_t **facts)
{
    struct op_state st;
    struct plain_trials t = {.list = json_array()};
    struct pass_clock clock;
    struct pass_size sz;
    enum method_stop stop;
    double t0, calibration, call_seconds, fastest, cpu0, wall0, cpu_share;
    uint64_t cycles0;
    unsigned warm;
    long baseline;

    op_setup(&st, s, m->op, m->seed, m->seed_len, m->message_bytes, m->max_sign_attempts, events);
    baseline = pass_status_kib("VmRSS");
    pass_clock_start(&clock, m->max_seconds);
    warm = method_warm_up(&st, "warm-up", &clock, &fastest);
    op_stage(&st, "calibration", PASS_SETUP);
    t0 = clock_seconds();
    cycles0 = clock_cycles();
    op_call(&st);
    calibration = clock_seconds() - t0;
    call_seconds = method_call_seconds(calibration, fastest);
    cores_open(&t.cores);
    sz = method_size(m->target_seconds, call_seconds, m->trials, m->min_calls,
                     m->max_seconds - pass_elapsed(&clock));
    method_plan("timing", call_seconds, sz.groups * sz.per_group,
                (double)(sz.groups * sz.per_group) * call_seconds, sz.rule, -1);
    op_stage(&st, "timing", PASS_TIMING);
    cpu0 = clock_cpu_seconds();
    wall0 = clock_seconds();
    plain_trials(&st, m, &t, &sz, &clock, call_seconds, &stop);
    cores_close(&t.cores);
    /* the share of the trials' time the process had the CPU: below 1, the
     * machine took time that the tick counter still counted */
    cpu_share = t.n > 0 ? (clock_cpu_seconds() - cpu0) / (clock_seconds() - wall0) : 1;
    if (t.n == 0) /* not one timed call fitted: the calibration call is the measurement */
        json_array_append_new(t.list,
                              json_pack("{s:i, s:f, s:f, s:n}", "calls", 1, "seconds", calibration,
                                        "cycles", (double)(clock_cycles() - cycles0), "cpu"));
    *facts = method_facts(warm, call_seconds, &clock, &sz, t.n > 0 ? t.calls : 1, stop,
                          plain_precision(&t));
    *memory = json_pack("{s:o, s:o}", "baseline_rss_kib", pass_kib(baseline), "peak_rss_kib",
                        pass_kib(pass_status_kib("VmHWM")));
    op_free(&st);
    free(t.means);
    free(t.core);
    return json_pack("{s:f, s:I, s:o, s:f}", "calibration_seconds", calibration, "calls_per_trial",
                     (json_int_t)(t.n > 0 ? sz.per_group : 1), "trials", t.list, "cpu_share",
                     cpu_share > 1 ? 1.0 : cpu_share);
}
