/* report-perf.c - the Performance section: mean cycles, time, ops/s, the
 * median trial and n, as on the published pages. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "report/flat.h"
#include "util/format.h"
#include "report/report.h"

/* The n cell: "4,005 (5 × 801)", with the timing's retried signing
 * attempts after it as the pages print them ("360 (5 × 72); 15 failed
 * signing attempts retried"). */
static char *perf_n_cell(char *buf, size_t size, const struct rec *r)
{
    /* those of the timed signatures, when the record counts them apart */
    long long retried = r->pass[REC_TIMING].known ? r->pass[REC_TIMING].sign_failures_retried
                                                  : r->sign_failures_retried;
    char n[FMT_CELL], trials[FMT_CELL], calls[FMT_CELL];
    int len;

    if (!r->has_timing) {
        snprintf(buf, size, "%s", FMT_MISSING);
        return buf;
    }
    len = snprintf(buf, size, "%s (%s \xc3\x97 %s)", fmt_count(n, sizeof n, r->n),
                   fmt_count(trials, sizeof trials, r->trials),
                   fmt_count(calls, sizeof calls, r->calls_per_trial));
    if (retried > 0 && len > 0 && (size_t)len < size)
        snprintf(buf + len, size - (size_t)len, "; %lld failed signing attempt%s retried", retried,
                 retried == 1 ? "" : "s");
    return buf;
}

/* The mean time cell: "764 µs ±3.2%", the time and the
 * precision its timing pass reached (the 95 % half-width of the mean,
 * relative to it), where the record says it. */
static char *perf_time_cell(char *buf, size_t size, const struct rec *r)
{
    char pm[FMT_CELL];

    fmt_seconds(buf, size, r->mean_seconds);
    if (!isnan(r->timing_precision) && !isnan(r->mean_seconds))
        snprintf(buf + strlen(buf), size - strlen(buf), " \xc2\xb1%s%%",
                 fmt_g2(pm, sizeof pm, 100 * r->timing_precision));
    return buf;
}

/* Add the Performance table of RECS. */
static void perf_markdown(struct rec *const *recs, size_t n, const struct report_opts *opts,
                          struct page *pg)
{
    const char *headers[] = {"instance",
                             "operation",
                             report_all_ticks(recs, n) ? "mean ticks" : "mean cycles",
                             "mean time",
                             "ops/s",
                             "median trial",
                             "n (trials \xc3\x97 calls)"};
    struct mdtable *t = mdtable_new(NULL, 7, headers, "llrrrrr");

    (void)opts;
    report_heading(pg, &report_perf);
    for (size_t i = 0; i < n; i++) {
        const struct rec *r = recs[i];
        char c[7][REPORT_CELL];
        const char *cells[7] = {c[0], rec_op_name(r->op), c[2], c[3], c[4], c[5], c[6]};

        report_instance_cell(c[0], sizeof c[0], r);
        fmt_cycles(c[2], sizeof c[2], r->mean_cycles);
        perf_time_cell(c[3], sizeof c[3], r);
        fmt_figure(c[4], sizeof c[4], r->ops_per_second);
        fmt_seconds(c[5], sizeof c[5], r->median_trial_seconds);
        perf_n_cell(c[6], sizeof c[6], r);
        mdtable_row(t, cells);
    }
    report_notes(t, recs, n,
                 NOTE_FAILED | NOTE_PARTIAL | NOTE_REJECTIONS | NOTE_PRECISION | NOTE_NOISE |
                     NOTE_CORES | NOTE_EMULATED | NOTE_SUBSTITUTED);
    report_ticks_note(t, recs, n);
    page_table(pg, t);
}

/* The Performance columns of CSV/JSON. */
static void perf_columns(json_t *keys)
{
    static const char *const names[] = {"n",
                                        "trials",
                                        "calls_per_trial",
                                        "mean_cycles",
                                        "mean_seconds",
                                        "ops_per_second",
                                        "median_trial_seconds",
                                        "median_trial_cycles",
                                        "timing_cores",
                                        "core_spread",
                                        "cores_disagree"};

    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        json_array_append_new(keys, json_string(names[i]));
}

/* The Performance fields of R. */
static void perf_fields(const struct rec *r, json_t *row)
{
    json_object_set_new(row, "n", flat_count(r->n));
    json_object_set_new(row, "trials", flat_count(r->trials));
    json_object_set_new(row, "calls_per_trial", flat_count(r->calls_per_trial));
    json_object_set_new(row, "mean_cycles", flat_number(r->mean_cycles));
    json_object_set_new(row, "mean_seconds", flat_number(r->mean_seconds));
    json_object_set_new(row, "ops_per_second", flat_number(r->ops_per_second));
    json_object_set_new(row, "median_trial_seconds", flat_number(r->median_trial_seconds));
    json_object_set_new(row, "median_trial_cycles", flat_number(r->median_trial_cycles));
    /* the cores the trials took in turn (version 6): how many, how far
     * apart, whether beyond their errors */
    json_object_set_new(row, "timing_cores",
                        r->has_timing && r->timing_cores > 0 ? json_integer(r->timing_cores)
                                                             : json_null());
    json_object_set_new(row, "core_spread", flat_number(r->core_spread));
    json_object_set_new(row, "cores_disagree",
                        r->has_timing && r->timing_cores > 0 ? json_boolean(rec_cores_disagree(r))
                                                             : json_null());
}

const struct report_section report_perf = {
    .name = "perf",
    .number = 4,
    .title = "Performance",
    .markdown = perf_markdown,
    .columns = perf_columns,
    .fields = perf_fields,
};
