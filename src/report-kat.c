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

#include "flat.h"
#include "format.h"
#include "report.h"

static const char *const kat_words[] = {"PASS", "CRYPTOFAIL", "TIMEOUT", "NOT AVAILABLE"};
static const char *const kat_names[] = {"pass", "fail", "timeout", "not_available"};
static const char *const kat_profiled_names[] = {NULL, "identical", "differs", "timeout"};

/* Whether A and B are records of one scheme instance. */
static bool kat_same_instance(const struct rec *a, const struct rec *b)
{
    return strcmp(a->instance, b->instance) == 0 && strcmp(a->scheme_id, b->scheme_id) == 0;
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

/* Print the section: a line on the method, the table, the notes. */
static void kat_markdown(struct rec *const *recs, size_t n, const struct report_opts *opts,
                         FILE *out)
{
    static const char *const headers[] = {"instance", "build flags", "KAT"};
    struct mdtable *t = mdtable_new(NULL, 3, headers, "lll");
    int note = 0;

    (void)opts;
    for (size_t i = 0; i < n; i++) {
        const struct rec *r;
        char c[3][REPORT_CELL];
        const char *cells[3] = {c[0], c[1], c[2]};
        bool seen = false;

        for (size_t j = 0; j < i && !seen; j++)
            seen = kat_same_instance(recs[j], recs[i]);
        if (seen)
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
    if (mdtable_rows(t) > 0) {
        fprintf(out,
                "## %s\n\nEach library was checked against the package's KAT responses "
                "before timing, and the profiled library's output against the plain "
                "one's.\n\n",
                report_kat.title);
        mdtable_print(t, out);
    }
    mdtable_free(t);
}

/* The section's CSV/JSON columns. */
static void kat_columns(json_t *keys)
{
    json_array_append_new(keys, json_string("kat"));
    json_array_append_new(keys, json_string("kat_detail"));
    json_array_append_new(keys, json_string("kat_profiled"));
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
}

const struct report_section report_kat = {
    .name = "kat",
    .title = "Functional testing (KAT)",
    .markdown = kat_markdown,
    .columns = kat_columns,
    .fields = kat_fields,
};
