/* report-kat.c - the Functional testing (KAT) section: section 3 of the
 * published pages, one row per instance with its build flags and the KAT
 * gate's verdict (PASS, CRYPTOFAIL, TIMEOUT, or NOT AVAILABLE), each
 * verdict that is not a plain pass pointing to a numbered note with the
 * cause, as the pages' "[1]" notes do.  A profiled build whose output
 * differs from the plain one's gets a note too. */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "report/flat.h"
#include "util/format.h"
#include "report/report.h"

static const char *const kat_words[] = {"PASS", "CRYPTOFAIL", "TIMEOUT", "NOT AVAILABLE"};
static const char *const kat_names[] = {"pass", "fail", "timeout", "not_available"};
static const char *const kat_profiled_names[] = {NULL, "identical", "differs", "timeout"};

/* Whether A and B are records of one scheme instance. */
static bool kat_same_instance(const struct rec *a, const struct rec *b)
{
    return strcmp(a->instance, b->instance) == 0 && strcmp(a->scheme_id, b->scheme_id) == 0;
}

/* Whether any record of RECS[N] carries a KAT result. */
static bool kat_any(struct rec *const *recs, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (recs[i]->has_kat)
            return true;
    return false;
}

/* The first record of RECS[i]'s instance that carries a KAT result, or
 * RECS[i] when none does. */
static const struct rec *kat_of_instance(struct rec *const *recs, size_t n, size_t i)
{
    for (size_t j = i; j < n; j++)
        if (kat_same_instance(recs[j], recs[i]) && recs[j]->has_kat)
            return recs[j];
    return recs[i];
}

/* Add the section: a line on the method, the table, the notes. */
static void kat_markdown(struct rec *const *recs, size_t n, const struct report_opts *opts,
                         struct page *pg)
{
    static const char *const headers[] = {"instance", "build flags", "KAT"};
    struct mdtable *t = mdtable_new(NULL, 3, headers, "lll");
    int note = 0;

    (void)opts;
    report_heading(pg, &report_kat);
    if (kat_any(recs, n))
        page_text(pg, "Each library was checked against the package's KAT responses before "
                      "timing, and the profiled library's output against the plain one's.");
    else
        page_text(pg, "No KAT gate ran for these records (`iccsprof profile --kat off`, or "
                      "records of `iccsprof run` alone).");
    for (size_t i = 0; i < n; i++) {
        const struct rec *r;
        char c[3][REPORT_CELL];
        const char *cells[3] = {c[0], c[1], c[2]};

        if (!report_instance_first(recs, i))
            continue;
        r = kat_of_instance(recs, n, i);
        report_instance_cell(c[0], sizeof c[0], r);
        snprintf(c[1], sizeof c[1], "%s", r->fallback != NULL ? "lenient" : "guide");
        if (!r->has_kat) {
            snprintf(c[2], sizeof c[2], "not checked");
        } else if (r->kat == REC_KAT_PASS && r->kat_profiled != REC_KAT_DIFFERS &&
                   r->kat_profiled != REC_KAT_PROFILED_TIMEOUT) {
            snprintf(c[2], sizeof c[2], "PASS");
        } else {
            snprintf(c[2], sizeof c[2], "%s [%d]", kat_words[r->kat], ++note);
            if (r->kat != REC_KAT_PASS)
                mdtable_note(t, "[%d] %s: %s", note, kat_words[r->kat], r->kat_detail);
            if (r->kat_profiled == REC_KAT_DIFFERS)
                mdtable_note(t, "[%d] the profiled build's output differs from the plain one's: %s",
                             note, r->kat_profiled_detail);
            else if (r->kat_profiled == REC_KAT_PROFILED_TIMEOUT)
                mdtable_note(t, "[%d] %s", note, r->kat_profiled_detail);
        }
        mdtable_row(t, cells);
    }
    page_table(pg, t);
}

/* The section's CSV/JSON columns. */
static void kat_columns(json_t *keys)
{
    static const char *const names[] = {"kat", "kat_detail", "kat_profiled", "kat_log",
                                        "kat_log_sha256"};

    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        json_array_append_new(keys, json_string(names[i]));
}

/* The KAT fields of R (empty when the record has none). */
static void kat_fields(const struct rec *r, json_t *row)
{
    json_object_set_new(row, "kat", r->has_kat ? json_string(kat_names[r->kat]) : json_null());
    json_object_set_new(row, "kat_detail", r->has_kat ? json_string(r->kat_detail) : json_null());
    json_object_set_new(row, "kat_profiled",
                        r->has_kat && r->kat_profiled != REC_KAT_PROFILED_NOT_RUN
                            ? json_string(kat_profiled_names[r->kat_profiled])
                            : json_null());
    json_object_set_new(row, "kat_log", flat_string(r->kat_log));
    json_object_set_new(row, "kat_log_sha256", flat_string(r->kat_log_sha256));
}

const struct report_section report_kat = {
    .name = "kat",
    .number = 3,
    .title = "Functional testing (KAT)",
    .markdown = kat_markdown,
    .columns = kat_columns,
    .fields = kat_fields,
};
