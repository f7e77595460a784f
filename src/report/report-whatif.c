/* report-whatif.c - the What if section: from the what-if documents beside
 * a scheme's records (whatif-doc.h), per instance, operation and
 * candidate hash, the cycles projected from the placeholder record's
 * shapes and their ratio to the placeholder, the cycles measured with the
 * candidate behind the helpers and their ratio, and the difference of the
 * two; marks for approximate projections, projections off their
 * measurement, and runs that failed the works-check, explained under the
 * table.  A scheme without a document has no such section. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/flat.h"
#include "util/format.h"
#include "report/report.h"
#include "record/whatif-doc.h"

/* The marks of a cell, as the heat map draws them. */
#define WHATIF_APPROX "\xe2\x89\x88"
#define WHATIF_FLAG "\xe2\x80\xa0"

/* What the rows of a scheme's table hold, for the notes under it. */
struct whatif_seen {
    bool approx, flag, fail, measured;
    double flag_percent;
};

/* The difference cell of ROW: "+0.96 %", marked when flagged. */
static char *whatif_diff_cell(char *buf, size_t size, const json_t *row)
{
    double d = whatif_num(row, "difference_percent");

    if (isnan(d))
        snprintf(buf, size, "%s", FMT_MISSING);
    else
        snprintf(buf, size, "%+.2f %%%s", d + 0.0,
                 json_is_true(json_object_get(row, "flagged")) ? " " WHATIF_FLAG : "");
    return buf;
}

/* Add ROW to table T, and note what it holds in SEEN. */
static void whatif_row(struct mdtable *t, const json_t *row, struct whatif_seen *seen)
{
    const json_t *p = json_object_get(row, "projected"), *m = json_object_get(row, "measured");
    bool approx = json_is_true(json_object_get(p, "approximate"));
    bool fails = json_is_object(m) && !whatif_row_measured(row);
    char c[8][REPORT_CELL], cyc[FMT_CELL];
    const char *cells[8];

    md_code(c[0], sizeof c[0], whatif_str(row, "instance"));
    snprintf(c[1], sizeof c[1], "%s", whatif_str(row, "operation"));
    md_code(c[2], sizeof c[2], whatif_str(row, "candidate"));
    snprintf(c[3], sizeof c[3], "%s%s", approx ? WHATIF_APPROX " " : "",
             fmt_cycles(cyc, sizeof cyc, whatif_num(p, "cycles")));
    fmt_ratio(c[4], sizeof c[4], whatif_num(p, "ratio"));
    if (fails)
        snprintf(c[5], sizeof c[5], "fails");
    else
        fmt_cycles(c[5], sizeof c[5], whatif_num(m, "cycles"));
    fmt_ratio(c[6], sizeof c[6], whatif_num(m, "ratio"));
    whatif_diff_cell(c[7], sizeof c[7], row);
    for (size_t i = 0; i < 8; i++)
        cells[i] = c[i];
    mdtable_row(t, cells);
    seen->approx |= approx;
    seen->flag |= json_is_true(json_object_get(row, "flagged"));
    seen->fail |= fails;
    seen->measured |= whatif_row_measured(row);
}

/* The note of ROW without a projection: why there is none. */
static void whatif_why(struct mdtable *t, const json_t *row)
{
    char inst[REPORT_CELL], cand[REPORT_CELL];

    if (!json_is_object(json_object_get(row, "projected")))
        mdtable_note(
            t, "%s %s with %s: no projection: %s",
            md_code(inst, sizeof inst, whatif_str(row, "instance")), whatif_str(row, "operation"),
            md_code(cand, sizeof cand, whatif_str(row, "candidate")), whatif_str(row, "why"));
}

/* A note on each hash package among DOC's candidates (its instance, digest
 * and KAT verdict) and on each refused one (why). */
static void whatif_packages(struct mdtable *t, const json_t *doc)
{
    char code[REPORT_CELL];
    const json_t *c;
    size_t i;

    json_array_foreach(json_object_get(doc, "candidates"), i, c)
    {
        if (json_object_get(c, "instance") != NULL && json_object_get(c, "kat") != NULL)
            mdtable_note(t, "%s: the package's instance %s, a %g-bit digest; KAT %s",
                         md_code(code, sizeof code, whatif_str(c, "name")),
                         whatif_str(c, "instance"), whatif_num(c, "digest_bits"),
                         whatif_str(c, "kat"));
    }
    json_array_foreach(json_object_get(doc, "refused"), i, c)
        mdtable_note(t, "%s refused: %s", md_code(code, sizeof code, whatif_str(c, "name")),
                     whatif_str(c, "reason"));
}

/* The notes under the table: how the document was made and projects, and
 * what its marks mean. */
static void whatif_notes(struct mdtable *t, const json_t *doc, const struct whatif_seen *seen,
                         const char *unit)
{
    const json_t *host = json_object_get(doc, "host"), *method = json_object_get(doc, "method");
    char code[REPORT_CELL], *measured;

    mdtable_note(t, "%s on host %s, %.10s, iccsprof %s",
                 md_code(code, sizeof code,
                         json_object_get(doc, "command") != NULL ? whatif_str(doc, "command")
                                                                 : "iccsprof whatif"),
                 whatif_str(host, "name"), whatif_str(doc, "created"),
                 whatif_str(json_object_get(doc, "tool"), "version"));
    mdtable_note(t,
                 "ratio: the operation's %s with the candidate \xc3\xb7 its %s with the "
                 "placeholder (`iccs`, the control); projected: %s",
                 unit, unit,
                 json_object_get(method, "projection") != NULL
                     ? whatif_str(method, "projection")
                     : "from the placeholder record's shapes and the candidate's cost at each");
    whatif_packages(t, doc);
    if (seen->measured)
        mdtable_note(t, "measured: a run with the candidate behind the helpers that passed its "
                        "works-check; difference: (projected \xe2\x88\x92 measured) \xc3\xb7 "
                        "measured");
    if ((measured = whatif_measured_note(doc, unit)) != NULL)
        mdtable_note(t, "%s", measured);
    free(measured);
    if (seen->approx)
        mdtable_note(t, WHATIF_APPROX " approximate projection: shapes grouped, or a fallback the "
                                      "method states");
    if (seen->flag)
        mdtable_note(t, WHATIF_FLAG " the projection misses the measurement by more than %g %%",
                     seen->flag_percent);
    if (seen->fail)
        mdtable_note(t, "fails: the scheme did not work with this hash (its works-check failed): "
                        "not timed");
}

/* Whether document row ROW is about scheme ID. */
static bool whatif_about(const json_t *row, const char *id)
{
    return strcmp(whatif_str(row, "scheme"), id) == 0;
}

/* The What if table of the scheme of RECS[N]: the rows of every document
 * about it; none when no document is. */
static void whatif_markdown(struct rec *const *recs, size_t n, const struct report_opts *opts,
                            struct page *pg)
{
    /* records timed by the tick counter hold ticks, as the Performance
     * table heads them */
    bool ticks = report_all_ticks(recs, n);
    const char *const headers[] = {
        "instance",        "operation",
        "candidate",       ticks ? "projected ticks" : "projected cycles",
        "projected ratio", ticks ? "measured ticks" : "measured cycles",
        "measured ratio",  "difference"};

    bool headed = false; /* one heading for the tables of every document */

    for (size_t d = 0; n > 0 && d < opts->nwhatif; d++) {
        const json_t *doc = opts->whatif[d], *row;
        struct mdtable *t = NULL;
        struct whatif_seen seen = {.flag_percent =
                                       whatif_num(json_object_get(doc, "method"), "flag_percent")};
        size_t i;

        json_array_foreach(json_object_get(doc, "rows"), i, row)
        {
            if (!whatif_about(row, recs[0]->scheme_id))
                continue;
            if (t == NULL && !headed)
                report_heading(pg, &report_whatif);
            if (t == NULL)
                t = mdtable_new(NULL, 8, headers, "lllrrrrr");
            headed = true;
            whatif_row(t, row, &seen);
        }
        if (t == NULL)
            continue;
        whatif_notes(t, doc, &seen, ticks ? "ticks" : "cycles");
        json_array_foreach(json_object_get(doc, "rows"), i, row)
        {
            if (whatif_about(row, recs[0]->scheme_id))
                whatif_why(t, row);
        }
        page_table(pg, t);
    }
}

/* The What if columns of CSV/JSON (one row per candidate of a record). */
static void whatif_columns(json_t *keys)
{
    static const char *const names[] = {
        "candidate",          "candidate_kind",  "placeholder_cycles",
        "projected_cycles",   "projected_ratio", "approximate",
        "measured_cycles",    "measured_ratio",  "works",
        "difference_percent", "flagged",         "why"};

    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        json_array_append_new(keys, json_string(names[i]));
}

/* Member KEY of O as a JSON number, null when it has none. */
static json_t *whatif_number(const json_t *o, const char *key)
{
    double x = whatif_num(o, key);

    return isnan(x) ? json_null() : json_real(x);
}

/* The CSV/JSON row of document row ROW of DOC about record R. */
static json_t *whatif_flat_row(const struct rec *r, const json_t *doc, const json_t *row)
{
    const json_t *p = json_object_get(row, "projected"), *m = json_object_get(row, "measured");
    json_t *out = json_object();

    report_identity_fields(r, out);
    json_object_set_new(out, "candidate", json_string(whatif_str(row, "candidate")));
    json_object_set_new(
        out, "candidate_kind",
        json_string(whatif_str(whatif_candidate(doc, whatif_str(row, "candidate")), "kind")));
    json_object_set_new(out, "placeholder_cycles", whatif_number(row, "placeholder_cycles"));
    json_object_set_new(out, "projected_cycles", whatif_number(p, "cycles"));
    json_object_set_new(out, "projected_ratio", whatif_number(p, "ratio"));
    json_object_set_new(out, "approximate",
                        json_is_object(p)
                            ? json_boolean(json_is_true(json_object_get(p, "approximate")))
                            : json_null());
    json_object_set_new(out, "measured_cycles", whatif_number(m, "cycles"));
    json_object_set_new(out, "measured_ratio", whatif_number(m, "ratio"));
    json_object_set_new(out, "works",
                        json_is_object(m) ? json_boolean(whatif_row_measured(row)) : json_null());
    json_object_set_new(out, "difference_percent", whatif_number(row, "difference_percent"));
    json_object_set_new(out, "flagged",
                        json_boolean(json_is_true(json_object_get(row, "flagged"))));
    json_object_set_new(out, "why", flat_string(json_is_object(p) ? NULL : whatif_str(row, "why")));
    return out;
}

/* One row per candidate of every document row about R's scheme instance
 * and operation. */
static void whatif_rows(const struct rec *r, const struct report_opts *opts, json_t *rows)
{
    for (size_t d = 0; d < opts->nwhatif; d++) {
        const json_t *row;
        size_t i;

        json_array_foreach(json_object_get(opts->whatif[d], "rows"), i, row)
        {
            if (strcmp(whatif_str(row, "scheme"), r->scheme_id) == 0 &&
                strcmp(whatif_str(row, "instance"), r->instance) == 0 &&
                strcmp(whatif_str(row, "operation"), rec_op_name(r->op)) == 0)
                json_array_append_new(rows, whatif_flat_row(r, opts->whatif[d], row));
        }
    }
}

const struct report_section report_whatif = {
    .name = "whatif",
    .title = "What if: another hash behind the helpers",
    .markdown = whatif_markdown,
    .columns = whatif_columns,
    .rows = whatif_rows,
};
