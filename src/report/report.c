/* report.c - print the chosen sections of a report in one format. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <stdio.h>

#include "report/flat.h"
#include "util/format.h"
#include "report/mdtable.h"
#include "report/provenance.h"
#include "report/report.h"
#include "util/strlist.h"

const struct report_section *const report_sections[REPORT_NSECTIONS + 1] = {
    &report_basic,   &report_environment, &report_kat,       &report_perf,
    &report_memory,  &report_sizes,       &report_symmetric, &report_shapes,
    &report_callers, &report_whatif,      &report_evidence,  NULL,
};

/* The sections printed when none is chosen. */
size_t report_default_sections(const struct report_section **sel, enum report_format format,
                               struct rec *const *recs, size_t n)
{
    bool any_callers = false, any_kat = false;
    size_t nsel = 0;

    for (size_t i = 0; i < n; i++) {
        any_callers |= recs[i]->has_callers;
        any_kat |= recs[i]->has_kat;
    }
    for (size_t s = 0; report_sections[s] != NULL; s++) {
        const struct report_section *sec = report_sections[s];
        bool chosen;

        if (format == REPORT_MD)
            chosen = sec != &report_callers || any_callers;
        else
            chosen = sec->fields != NULL && (sec != &report_kat || any_kat);
        if (chosen)
            sel[nsel++] = sec;
    }
    return nsel;
}

/* The identity columns leading every CSV/JSON row. */
void report_identity_columns(json_t *keys)
{
    static const char *const names[] = {"scheme",
                                        "algorithm",
                                        "instance",
                                        "operation",
                                        "type",
                                        "status",
                                        "sign_failures_retried",
                                        "verify_rejections",
                                        "decaps_mismatches",
                                        "file"};

    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        json_array_append_new(keys, json_string(names[i]));
}

/* The values of the identity columns of R. */
void report_identity_fields(const struct rec *r, json_t *row)
{
    json_object_set_new(row, "scheme", json_string(r->scheme_id));
    json_object_set_new(row, "algorithm", json_string(r->algorithm));
    json_object_set_new(row, "instance", json_string(r->instance));
    json_object_set_new(row, "operation", json_string(rec_op_name(r->op)));
    json_object_set_new(row, "type", json_string(rec_type_name(r->type)));
    json_object_set_new(row, "status", json_string(rec_state_name(r->state)));
    json_object_set_new(row, "sign_failures_retried", json_integer(r->sign_failures_retried));
    json_object_set_new(row, "verify_rejections", json_integer(r->verify_rejections));
    json_object_set_new(row, "decaps_mismatches", json_integer(r->decaps_mismatches));
    json_object_set_new(row, "file", json_string(r->path));
}

/* Whether every record of RECS (N of them) counts its cycles with the
 * tick counter (no hardware cycle counter where it was measured). */
bool report_all_ticks(struct rec *const *recs, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(recs[i]->cycles_source, "ticks") != 0)
            return false;
    return n > 0;
}

/* KEY with its "_cycles" suffix made "_ticks" into BUF; NULL when it has
 * no such suffix. */
static const char *report_ticks_name(char *buf, size_t size, const char *key)
{
    static const char suffix[] = "_cycles";
    size_t n = strlen(key), k = sizeof suffix - 1;

    if (n <= k || strcmp(key + n - k, suffix) != 0 || n - k + sizeof "_ticks" > size)
        return NULL;
    snprintf(buf, size, "%.*s_ticks", (int)(n - k), key);
    return buf;
}

/* Rename the cycles columns of KEYS and ROWS (every "_cycles" name) to the
 * ticks they hold. */
static void report_ticks_columns(json_t *keys, json_t *rows)
{
    char to[REPORT_CELL];
    json_t *row, *v;
    size_t i, r;

    for (i = 0; i < json_array_size(keys); i++) {
        const char *key = json_string_value(json_array_get(keys, i));

        if (report_ticks_name(to, sizeof to, key) == NULL)
            continue;
        json_array_foreach(rows, r, row) if ((v = json_object_get(row, key)) != NULL)
        {
            json_object_set(row, to, v);
            json_object_del(row, key);
        }
        json_array_set_new(keys, i, json_string(to));
    }
}

/* The CSV/JSON table of the sections SEL: one row per record of the
 * record-level sections, or the rows of the one section that has its own. */
static bool report_flat(const struct report_section *const *sel, size_t nsel,
                        struct rec *const *recs, size_t n, enum report_format format,
                        const struct report_opts *opts, FILE *out)
{
    json_t *keys = json_array(), *rows = json_array();
    bool own_rows = false;

    for (size_t s = 0; s < nsel; s++)
        own_rows |= sel[s]->rows != NULL;
    if (own_rows && nsel > 1) {
        json_decref(keys);
        json_decref(rows);
        return false;
    }
    report_identity_columns(keys);
    for (size_t s = 0; s < nsel; s++)
        if (sel[s]->columns != NULL)
            sel[s]->columns(keys);
    report_context_columns(keys);
    if (format == REPORT_CSV)
        provenance_columns(keys);
    for (size_t i = 0; i < n; i++) {
        size_t first = json_array_size(rows);
        json_t *row;

        if (own_rows) {
            sel[0]->rows(recs[i], opts, rows);
        } else {
            row = json_object();
            report_identity_fields(recs[i], row);
            for (size_t s = 0; s < nsel; s++)
                if (sel[s]->fields != NULL)
                    sel[s]->fields(recs[i], row);
            json_array_append_new(rows, row);
        }
        for (size_t k = first; k < json_array_size(rows); k++) {
            report_context_fields(recs[i], json_array_get(rows, k));
            if (format == REPORT_CSV)
                provenance_fields(json_array_get(rows, k));
        }
    }
    if (report_all_ticks(recs, n))
        report_ticks_columns(keys, rows);
    if (format == REPORT_CSV)
        flat_print_csv(keys, rows, out);
    else
        flat_print_json(FLAT_REPORT_SCHEMA, keys, rows, out);
    json_decref(keys);
    json_decref(rows);
    return true;
}

/* Order scheme ids naturally (qsort comparator of char *). */
static int report_id_cmp(const void *a, const void *b)
{
    return fmt_natural_cmp(*(char *const *)a, *(char *const *)b);
}

/* Print the page of each scheme of the sorted records RECS[N], schemes
 * in natural order of their ids, each page's records in the order given. */
static void report_pages(const struct report_section *const *sel, size_t nsel,
                         struct rec *const *recs, size_t n, const struct report_opts *opts,
                         FILE *out)
{
    struct strlist ids = {0};
    struct rec **mine = xmalloc((n > 0 ? n : 1) * sizeof *mine);

    for (size_t i = 0; i < n; i++)
        if (!strlist_has(&ids, recs[i]->scheme_id))
            strlist_add(&ids, recs[i]->scheme_id);
    qsort(ids.v, ids.n, sizeof *ids.v, report_id_cmp);
    for (size_t k = 0; k < ids.n; k++) {
        struct page *pg;
        size_t m = 0;

        for (size_t i = 0; i < n; i++)
            if (strcmp(recs[i]->scheme_id, ids.v[k]) == 0)
                mine[m++] = recs[i];
        pg = report_page(sel, nsel, mine, m, opts);
        page_print_md(pg, out);
        page_free(pg);
    }
    free(mine);
    strlist_free(&ids);
}

/* Print the sections SEL for the records RECS in FORMAT. */
bool report_print(const struct report_section *const *sel, size_t nsel, struct rec *const *recs,
                  size_t n, enum report_format format, const struct report_opts *opts, FILE *out)
{
    if (format != REPORT_MD)
        return report_flat(sel, nsel, recs, n, format, opts, out);
    report_pages(sel, nsel, recs, n, opts, out);
    return true;
}
