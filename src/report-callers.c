/* report-callers.c - the Call sites section: per record that has them, the
 * top call sites by share of the operation, with calls per operation and
 * the chain of frames that made the calls. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "callsite.h"
#include "flat.h"
#include "format.h"
#include "report.h"

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

/* Add the top sites of R to T, and notes for those left out and for
 * sites beyond the wrappers' table. */
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
                                fmt_g3(c[3], sizeof c[3], sites[i]->calls_per_op),
                                fmt_share(c[4], sizeof c[4], sites[i]->share_of_op),
                                chain};

        mdtable_row(t, cells);
        free(chain);
    }
    for (size_t i = shown; i < r->nsites; i++)
        rest += sites[i]->share_of_op;
    report_instance_cell(instance, sizeof instance, r);
    if (shown < r->nsites)
        mdtable_note(t, "%s %s: %zu more call site%s, %s of the operation (--top shows more)",
                     instance, rec_op_name(r->op), r->nsites - shown,
                     r->nsites - shown == 1 ? "" : "s", fmt_share(c[5], sizeof c[5], rest));
    if (r->callers_overflow_calls > 0)
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
    struct mdtable *t = mdtable_new(report_callers.title, 6, headers, "lllrrl");
    char *without = NULL;
    size_t len = 0;
    FILE *list = open_memstream(&without, &len);

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
    static const char *const names[] = {"rank",         "helper", "calls",
                                        "calls_per_op", "ticks",  "share_of_helper",
                                        "share_of_op",  "depth",  "frames"};

    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        json_array_append_new(keys, json_string(names[i]));
}

/* One row per site of R among the top ones, largest share first. */
static void callers_rows(const struct rec *r, const struct report_opts *opts, json_t *out)
{
    const struct rec_site **sites;

    if (!r->has_callers)
        return;
    sites = callers_sorted(r);
    for (size_t i = 0; i < r->nsites && i < opts->top; i++) {
        json_t *row = json_object();
        char *chain = callsite_chain(sites[i]);

        report_identity_fields(r, row);
        json_object_set_new(row, "rank", json_integer((json_int_t)i + 1));
        json_object_set_new(row, "helper", json_string(callers_helper_name[sites[i]->helper]));
        json_object_set_new(row, "calls", json_integer(sites[i]->calls));
        json_object_set_new(row, "calls_per_op", json_real(sites[i]->calls_per_op));
        json_object_set_new(row, "ticks", json_real(sites[i]->ticks));
        json_object_set_new(row, "share_of_helper", json_real(sites[i]->share_of_helper));
        json_object_set_new(row, "share_of_op", json_real(sites[i]->share_of_op));
        json_object_set_new(row, "depth", json_integer(r->callers_depth));
        json_object_set_new(row, "frames", json_string(chain));
        json_array_append_new(out, row);
        free(chain);
    }
    free(sites);
}

const struct report_section report_callers = {
    .name = "callers",
    .title = "Call sites",
    .markdown = callers_markdown,
    .columns = callers_columns,
    .rows = callers_rows,
};
