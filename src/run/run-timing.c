/* run-timing.c - the record's timing section (run-timing.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "measure/rules.h"
#include "run/run-timing.h"

/* The trials of one core: its number (-1: the process was held to none),
 * its calls and cycles, and its trials' means with their spread. */
struct timing_core {
    long long cpu;
    double calls, cycles, lo, hi;
};

/* Order doubles, for medians. */
static int timing_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

/* The median of N values (sorted in place). */
static double timing_median(double *v, size_t n)
{
    qsort(v, n, sizeof v[0], timing_cmp);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The index in CORE (NCORE of them so far) of trial T's core, added when
 * new; the run's check let no more cores through than METHOD_STRATA_MAX. */
static int timing_core_of(json_t *t, struct timing_core *core, int *ncore)
{
    json_t *cpu = json_object_get(t, "cpu");
    long long n = json_is_integer(cpu) ? json_integer_value(cpu) : -1;
    int k = 0;

    while (k < *ncore && core[k].cpu != n)
        k++;
    if (k == *ncore && k < METHOD_STRATA_MAX)
        core[(*ncore)++] = (struct timing_core){n, 0, 0, INFINITY, -INFINITY};
    return k < METHOD_STRATA_MAX ? k : METHOD_STRATA_MAX - 1;
}

/* Each core's entry of the record: the mean over its calls, with the
 * standard error of its trials' means (S). */
static json_t *timing_cores(const struct timing_core *core, int ncore,
                            const struct method_stratum *s, double *means)
{
    json_t *list = json_array();

    for (int k = 0; k < ncore; k++) {
        means[k] = core[k].cycles / core[k].calls;
        json_array_append_new(
            list, json_pack("{s:o, s:I, s:f, s:f, s:f}", "cpu",
                            core[k].cpu >= 0 ? json_integer(core[k].cpu) : json_null(), "trials",
                            (json_int_t)s[k].n, "calls", core[k].calls, "mean_cycles", means[k],
                            "mean_cycles_stderr", s[k].stderr));
    }
    return list;
}

/* The widest spread of one core's trials, (largest - smallest mean) over
 * the core's mean: the cores' difference is not the trials' noise. */
static double timing_trial_spread(const struct timing_core *core, int ncore, const double *means)
{
    double widest = 0;

    for (int k = 0; k < ncore; k++)
        if (means[k] > 0 && (core[k].hi - core[k].lo) / means[k] > widest)
            widest = (core[k].hi - core[k].lo) / means[k];
    return widest;
}

/* How far the cores' means stand apart, (highest - lowest) over MEAN. */
static double timing_core_spread(const double *means, int ncore, double mean)
{
    double lo = means[0], hi = means[0];

    for (int k = 1; k < ncore; k++) {
        lo = fmin(lo, means[k]);
        hi = fmax(hi, means[k]);
    }
    return mean > 0 ? (hi - lo) / mean : 0;
}

/* The processes of TRIALS (N of them, numbered by "process" from 0 by
 * run_merge_timings; none numbered: one), each with its trials, calls
 * and mean cycles over its calls, and their spread apart, (highest -
 * lowest) over MEAN, into *SPREAD; with the standard error of the mean
 * of their means into *SE.  NULL, *SPREAD and *SE 0, for one process. */
static json_t *timing_processes(json_t *trials, double mean, double *spread, double *se)
{
    size_t i, np = 0;
    json_t *t, *list;
    double *calls, *cycles, lo = INFINITY, hi = -INFINITY, sum = 0, sq = 0;
    long long *count;

    *spread = *se = 0;
    json_array_foreach(trials, i, t)
    {
        json_int_t k = json_integer_value(json_object_get(t, "process"));

        if ((size_t)k + 1 > np)
            np = (size_t)k + 1;
    }
    if (np < 2)
        return NULL;
    calls = calloc(np, sizeof *calls);
    cycles = calloc(np, sizeof *cycles);
    count = calloc(np, sizeof *count);
    if (calls == NULL || cycles == NULL || count == NULL)
        abort();
    json_array_foreach(trials, i, t)
    {
        size_t k = (size_t)json_integer_value(json_object_get(t, "process"));

        calls[k] += (double)json_integer_value(json_object_get(t, "calls"));
        cycles[k] += json_number_value(json_object_get(t, "cycles"));
        count[k]++;
    }
    list = json_array();
    for (size_t k = 0; k < np; k++) {
        double m = calls[k] > 0 ? cycles[k] / calls[k] : 0;

        json_array_append_new(list,
                              json_pack("{s:I, s:I, s:f, s:f}", "process", (json_int_t)k, "trials",
                                        (json_int_t)count[k], "calls", calls[k], "mean_cycles", m));
        lo = fmin(lo, m);
        hi = fmax(hi, m);
        sum += m;
        sq += m * m;
    }
    *spread = mean > 0 ? (hi - lo) / mean : 0;
    *se = sqrt(fmax(0, (sq - sum * sum / (double)np) / (double)(np - 1)) / (double)np);
    free(calls);
    free(cycles);
    free(count);
    return list;
}

/* The timing section (run-timing.h). */
json_t *run_timing(json_t *raw)
{
    json_t *trials = json_object_get(raw, "trials"), *t;
    size_t n = json_array_size(trials), i;
    double *sec = calloc(n + 1, sizeof *sec), *cyc = calloc(n + 1, sizeof *cyc);
    int *stratum = calloc(n + 1, sizeof *stratum), ncore = 0;
    double seconds = 0, calls = 0, means[METHOD_STRATA_MAX], mean = 0, mean_s, spread, se;
    struct timing_core core[METHOD_STRATA_MAX];
    struct method_stratum each[METHOD_STRATA_MAX];
    struct method_strata strata;
    json_t *cores, *processes;

    if (sec == NULL || cyc == NULL || stratum == NULL)
        abort();
    json_array_foreach(trials, i, t)
    {
        double c = (double)json_integer_value(json_object_get(t, "calls"));
        double cycles = json_number_value(json_object_get(t, "cycles"));
        struct timing_core *k = &core[stratum[i] = timing_core_of(t, core, &ncore)];

        calls += c;
        seconds += json_number_value(json_object_get(t, "seconds"));
        k->calls += c;
        k->cycles += cycles;
        sec[i] = json_number_value(json_object_get(t, "seconds")) / c;
        cyc[i] = cycles / c;
        k->lo = fmin(k->lo, cyc[i]);
        k->hi = fmax(k->hi, cyc[i]);
    }
    strata = method_strata(cyc, stratum, n, ncore, each);
    cores = timing_cores(core, ncore, each, means);
    for (int k = 0; k < ncore; k++)
        mean += means[k] / ncore;
    mean_s = seconds / calls;
    processes = timing_processes(trials, mean, &spread, &se);
    t = json_pack("{s:O, s:O, s:I, s:f, s:f, s:f, s:f, s:f, s:f, s:f, s:o, s:f}", "calls_per_trial",
                  json_object_get(raw, "calls_per_trial"), "trials", trials, "n", (json_int_t)calls,
                  "mean_cycles", mean, "mean_seconds", mean_s, "ops_per_second",
                  mean_s > 0 ? 1 / mean_s : 0.0, "median_trial_seconds", timing_median(sec, n),
                  "median_trial_cycles", timing_median(cyc, n), "trial_spread",
                  timing_trial_spread(core, ncore, means), "mean_cycles_stderr",
                  fmax(strata.stderr, se), "cores", cores, "core_spread",
                  timing_core_spread(means, ncore, mean));
    if (processes != NULL) {
        json_object_set_new(t, "processes", processes);
        json_object_set_new(t, "process_spread", json_real(spread));
        json_object_set_new(t, "within_process_stderr", json_real(strata.stderr));
    }
    free(sec);
    free(cyc);
    free(stratum);
    return t;
}

/* The timing pass's precision (run-timing.h). */
void run_timing_precision(json_t *timing, json_t *pass)
{
    json_t *processes = json_object_get(timing, "processes");
    json_t *had = json_object_get(pass, "precision");
    double mean = json_number_value(json_object_get(timing, "mean_cycles"));
    double se = json_number_value(json_object_get(timing, "mean_cycles_stderr"));
    double within = json_number_value(json_object_get(timing, "within_process_stderr"));
    size_t np = json_array_size(processes);
    double p;

    if (np < 2 || !json_is_number(had) || !(se > within) || !(mean > 0))
        return;
    p = method_t95(np - 1) * se / mean;
    if (p > json_number_value(had))
        json_object_set_new(pass, "precision", json_real(p));
}
