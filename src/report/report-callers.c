/* report-callers.c - the Call sites section: per record that has them, the
 * top call sites by share of the operation, with calls per operation and
 * the chain of frames that made the calls; then, per helper, the calls of
 * sites beyond the wrappers' call-site table, in a row of their own that
 * says so in its frames cell. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "record/callsite.h"
#include "report/flat.h"
#include "util/format.h"
#include "report/report.h"

static const char *const callers_helper_name[ICCSPROF_NHELPERS] = ICCSPROF_HELPER_NAMES;

/* Order of sites: largest share of the operation first, then the order of
 * the record. */
static int callers_cmp(const void *a, const void *b)
{
    const struct rec_site *x = *(const struct rec_site *const *)a;
    const struct rec_site *y = *(const struct rec_site *const *)b;

    if (x->share_of_op != y->share_of_op)
        return x->share_of_op > y->share_of_op ? -1 : 1;
    return x < y ? -1 : x > y;
}

/* The sites of R, sorted; the caller frees the array. */
static const struct rec_site **callers_sorted(const struct rec *r)
{
    const struct rec_site **sites = calloc(r->nsites + 1, sizeof *sites);

    for (size_t i = 0; i < r->nsites; i++)
        sites[i] = &r->sites[i];
    qsort(sites, r->nsites, sizeof *sites, callers_cmp);
    return sites;
}

/* The frames cell of R's calls beyond the wrappers' call-site table. */
static char *callers_beyond_cell(char *buf, size_t size, const struct rec *r)
{
    snprintf(buf, size, "beyond the wrappers' table of %lld call sites: not attributed",
             r->callers_table);
    return buf;
}

/* Add the rows of R's calls beyond the call-site table to T. */
static void callers_beyond(struct mdtable *t, const struct rec *r)
{
    char c[6][REPORT_CELL];

    report_instance_cell(c[0], sizeof c[0], r);
    for (size_t i = 0; i < r->nbeyond; i++) {
        const struct rec_site *b = &r->beyond[i];
        const char *cells[6] = {c[0],
                                rec_op_name(r->op),
                                callers_helper_name[b->helper],
                                fmt_figure(c[3], sizeof c[3], b->calls_per_op),
                                fmt_share(c[4], sizeof c[4], b->share_of_op),
                                callers_beyond_cell(c[5], sizeof c[5], r)};

        mdtable_row(t, cells);
    }
}

/* Add the top sites of R to T, its calls beyond the call-site table, and
 * notes for the sites left out and, in a record before version 5, for
 * calls beyond the table. */
static void callers_record(struct mdtable *t, const struct rec *r, size_t top)
{
    const struct rec_site **sites = callers_sorted(r);
    size_t shown = r->nsites < top ? r->nsites : top;
    double rest = 0;
    char c[6][REPORT_CELL], instance[REPORT_CELL];

    report_instance_cell(c[0], sizeof c[0], r);
    for (size_t i = 0; i < shown; i++) {
        char *chain = callsite_chain(sites[i]);
        const char *cells[6] = {c[0],
                                rec_op_name(r->op),
                                callers_helper_name[sites[i]->helper],
                                fmt_figure(c[3], sizeof c[3], sites[i]->calls_per_op),
                                fmt_share(c[4], sizeof c[4], sites[i]->share_of_op),
                                chain};

        mdtable_row(t, cells);
        free(chain);
    }
    callers_beyond(t, r);
    for (size_t i = shown; i < r->nsites; i++)
        rest += sites[i]->share_of_op;
    report_instance_cell(instance, sizeof instance, r);
    if (shown < r->nsites)
        mdtable_note(t, "%s %s: %zu more call site%s, %s of the operation (--top shows more)",
                     instance, rec_op_name(r->op), r->nsites - shown,
                     r->nsites - shown == 1 ? "" : "s", fmt_share(c[5], sizeof c[5], rest));
    if (r->callers_overflow_calls > 0 && r->nbeyond == 0)
        mdtable_note(t, "%s %s: %lld call%s beyond the wrappers' call-site table", instance,
                     rec_op_name(r->op), r->callers_overflow_calls,
                     r->callers_overflow_calls == 1 ? "" : "s");
    free(sites);
}

/* Print the Call sites table of RECS: the records with call sites, then a
 * note naming those profiled without them. */
static void callers_markdown(struct rec *const *recs, size_t n, const struct report_opts *opts,
                             struct page *pg)
{
    char code[1024];
    static const char *const headers[] = {"instance",
                                          "operation",
                                          "helper",
                                          "calls per operation",
                                          "share of operation",
                                          "frames (callee \xe2\x86\x90 caller)"};
    struct mdtable *t = mdtable_new(NULL, 6, headers, "lllrrl");
    char *without = NULL;
    size_t len = 0;
    FILE *list = open_memstream(&without, &len);

    report_heading(pg, &report_callers);

    for (size_t i = 0; i < n; i++) {
        if (recs[i]->has_callers)
            callers_record(t, recs[i], opts->top);
        else if (recs[i]->state != REC_FAILED)
            fprintf(list, "%s%s %s", ftell(list) > 0 ? ", " : "",
                    md_code(code, sizeof code, recs[i]->instance), rec_op_name(recs[i]->op));
    }
    fclose(list);
    if (len > 0)
        mdtable_note(t, "no call sites recorded (profile with --callers): %s", without);
    free(without);
    report_notes(t, recs, n, NOTE_FAILED | NOTE_COVERAGE);
    page_table(pg, t);
}

/* The Call sites columns of CSV/JSON (one row per site shown). */
static void callers_columns(json_t *keys)
{
    static const char *const names[] = {"rank",   "helper",          "calls",       "calls_per_op",
                                        "ticks",  "share_of_helper", "share_of_op", "depth",
                                        "frames", "beyond_table"};

    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        json_array_append_new(keys, json_string(names[i]));
}

/* The CSV/JSON row of site S of R: RANK from 1, or 0 for the calls
 * beyond the call-site table (rank, depth and frames then null). */
static json_t *callers_row(const struct rec *r, const struct rec_site *s, size_t rank)
{
    json_t *row = json_object();
    char *chain = rank > 0 ? callsite_chain(s) : NULL;

    report_identity_fields(r, row);
    json_object_set_new(row, "rank", rank > 0 ? json_integer((json_int_t)rank) : json_null());
    json_object_set_new(row, "helper", json_string(callers_helper_name[s->helper]));
    json_object_set_new(row, "calls", json_integer(s->calls));
    json_object_set_new(row, "calls_per_op", json_real(s->calls_per_op));
    json_object_set_new(row, "ticks", json_real(s->ticks));
    json_object_set_new(row, "share_of_helper", json_real(s->share_of_helper));
    json_object_set_new(row, "share_of_op", json_real(s->share_of_op));
    json_object_set_new(row, "depth", rank > 0 ? json_integer(r->callers_depth) : json_null());
    json_object_set_new(row, "frames", flat_string(chain));
    json_object_set_new(row, "beyond_table", json_boolean(rank == 0));
    free(chain);
    return row;
}

/* One row per site of R among the top ones, largest share first, then
 * one per helper with calls beyond the call-site table. */
static void callers_rows(const struct rec *r, const struct report_opts *opts, json_t *out)
{
    const struct rec_site **sites;

    if (!r->has_callers)
        return;
    sites = callers_sorted(r);
    for (size_t i = 0; i < r->nsites && i < opts->top; i++)
        json_array_append_new(out, callers_row(r, sites[i], i + 1));
    for (size_t i = 0; i < r->nbeyond; i++)
        json_array_append_new(out, callers_row(r, &r->beyond[i], 0));
    free(sites);
}

const struct report_section report_callers = {
    .name = "callers",
    .title = "Call sites",
    .markdown = callers_markdown,
    .columns = callers_columns,
    .rows = callers_rows,
};
