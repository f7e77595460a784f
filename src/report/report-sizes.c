/* report-sizes.c - the Sizes section: one row per instance with its key,
 * signature or ciphertext and shared-secret sizes in bytes.
 *
 * The sizes are the API's; a signature prints plain when every signature
 * the runs produced had exactly that size (fixed-size signatures), else as
 * "<size> (maximum)", the page's wording for a variable size. */
#include "config.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "report/flat.h"
#include "util/format.h"
#include "report/report.h"

/* The messages cell of a key exchange: each message's length in bytes as
 * the exchange made them, joined by " + " ("800 + 768"), or the API's
 * total as "<total> (maximum)" when no record ran an exchange. */
static char *sizes_messages_cell(char *buf, size_t size, const struct rec *r)
{
    size_t len = 0;
    char n[FMT_CELL];

    if (r->nmessages == 0) {
        snprintf(buf, size, "%s (maximum)", fmt_count(n, sizeof n, r->msg_total));
        return buf;
    }
    buf[0] = '\0';
    for (size_t i = 0; i < r->nmessages && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " + " : "",
                                fmt_count(n, sizeof n, r->messages[i]));
    return buf;
}

/* The sizes of one instance, merged over its records. */
struct sizes_row {
    const struct rec *first; /* the instance's first record, for its name */
    const struct rec *sized; /* first record with sizes, or NULL */
    long long observed_min, observed_max;
};

/* Whether records A and B are of the same scheme and instance. */
static bool sizes_same_instance(const struct rec *a, const struct rec *b)
{
    return strcmp(a->instance, b->instance) == 0 && strcmp(a->scheme_id, b->scheme_id) == 0;
}

/* Merge the records of RECS[i]'s instance (none of them before i). */
static struct sizes_row sizes_merge(struct rec *const *recs, size_t n, size_t i)
{
    struct sizes_row row = {recs[i], NULL, -1, -1};

    for (size_t j = i; j < n; j++) {
        const struct rec *r = recs[j];

        if (!sizes_same_instance(r, recs[i]) || !r->has_sizes)
            continue;
        if (row.sized == NULL || (row.sized->nmessages == 0 && r->nmessages > 0))
            row.sized = r;
        if (r->sig_observed_min >= 0 &&
            (row.observed_min < 0 || r->sig_observed_min < row.observed_min))
            row.observed_min = r->sig_observed_min;
        if (r->sig_observed_max > row.observed_max)
            row.observed_max = r->sig_observed_max;
    }
    return row;
}

/* The signature cell: plain when all observed signatures had the API size,
 * else "<size> (maximum)". */
static char *sizes_sig_cell(char *buf, size_t size, const struct sizes_row *row)
{
    long long sig = row->sized->sig;

    fmt_count(buf, size, sig);
    if (row->observed_min != sig || row->observed_max != sig)
        snprintf(buf + strlen(buf), size - strlen(buf), " (maximum)");
    return buf;
}

/* The table of the instances of type TYPE, or NULL when there are none. */
static struct mdtable *sizes_table(struct rec *const *recs, size_t n, enum rec_type type)
{
    static const char *const sig_headers[] = {"instance", "public key", "secret key", "signature"};
    static const char *const kem_headers[] = {"instance", "public key", "secret key", "ciphertext",
                                              "shared secret"};
    static const char *const kex_headers[] = {"instance", "public key", "secret key",
                                              "passes",   "messages",   "shared secret"};
    size_t ncols = type == REC_SIG ? 4 : type == REC_KEM ? 5 : 6;
    struct mdtable *t = mdtable_new(NULL, ncols,
                                    type == REC_SIG   ? sig_headers
                                    : type == REC_KEM ? kem_headers
                                                      : kex_headers,
                                    type == REC_SIG   ? "lrrr"
                                    : type == REC_KEM ? "lrrrr"
                                                      : "lrrrrr");

    for (size_t i = 0; i < n; i++) {
        struct sizes_row row;
        char c[6][REPORT_CELL];
        const char *cells[6] = {c[0], c[1], c[2], c[3], c[4], c[5]};

        if (!report_instance_first(recs, i) || recs[i]->type != type)
            continue;
        row = sizes_merge(recs, n, i);
        report_instance_cell(c[0], sizeof c[0], row.first);
        for (size_t k = 1; k < ncols; k++)
            snprintf(c[k], sizeof c[k], "%s", FMT_MISSING);
        if (row.sized != NULL) {
            fmt_count(c[1], sizeof c[1], row.sized->pk);
            fmt_count(c[2], sizeof c[2], row.sized->sk);
            if (type == REC_SIG) {
                sizes_sig_cell(c[3], sizeof c[3], &row);
            } else if (type == REC_KEX) {
                fmt_count(c[3], sizeof c[3], row.sized->passes);
                sizes_messages_cell(c[4], sizeof c[4], row.sized);
                fmt_count(c[5], sizeof c[5], row.sized->ss);
            } else {
                fmt_count(c[3], sizeof c[3], row.sized->ct);
                fmt_count(c[4], sizeof c[4], row.sized->ss);
            }
        }
        mdtable_row(t, cells);
    }
    if (mdtable_rows(t) == 0) {
        mdtable_free(t);
        return NULL;
    }
    return t;
}

/* Add the Sizes tables of RECS: signature schemes, KEMs, then key
 * exchanges, under one heading; the notes are those of every record
 * shown. */
static void sizes_markdown(struct rec *const *recs, size_t n, const struct report_opts *opts,
                           struct page *pg)
{
    struct mdtable *t[3] = {NULL, NULL, NULL}, *last = NULL;

    (void)opts;
    for (int type = REC_SIG; type <= REC_KEX; type++)
        if ((t[type] = sizes_table(recs, n, (enum rec_type)type)) != NULL)
            last = t[type];
    report_heading(pg, &report_sizes);
    page_text(pg, "Bytes, as the API's length functions give them; a signature size is "
                  "marked the maximum unless every signature the runs produced had exactly "
                  "that size.");
    if (last == NULL)
        return;
    report_notes(last, recs, n, NOTE_FAILED);
    for (int type = REC_SIG; type <= REC_KEX; type++)
        if (t[type] != NULL)
            page_table(pg, t[type]);
}

/* The Sizes columns of CSV/JSON (signature or KEM members, the others
 * empty). */
static void sizes_columns(json_t *keys)
{
    static const char *const names[] = {
        "pk", "sk",  "sig", "sig_observed_min", "sig_observed_max", "ct",
        "ss", "sta", "stb", "passes",           "msg_total",        "messages"};

    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        json_array_append_new(keys, json_string(names[i]));
}

/* The Sizes fields of R. */
static void sizes_fields(const struct rec *r, json_t *row)
{
    char cell[REPORT_CELL];

    json_object_set_new(row, "pk", flat_count(r->pk));
    json_object_set_new(row, "sk", flat_count(r->sk));
    json_object_set_new(row, "sig", flat_count(r->sig));
    json_object_set_new(row, "sig_observed_min", flat_count(r->sig_observed_min));
    json_object_set_new(row, "sig_observed_max", flat_count(r->sig_observed_max));
    json_object_set_new(row, "ct", flat_count(r->ct));
    json_object_set_new(row, "ss", flat_count(r->ss));
    json_object_set_new(row, "sta", flat_count(r->sta));
    json_object_set_new(row, "stb", flat_count(r->stb));
    json_object_set_new(row, "passes", flat_count(r->passes));
    json_object_set_new(row, "msg_total", flat_count(r->msg_total));
    json_object_set_new(row, "messages",
                        r->nmessages > 0 ? json_string(sizes_messages_cell(cell, sizeof cell, r))
                                         : json_null());
}

const struct report_section report_sizes = {
    .name = "sizes",
    .number = 6,
    .title = "Transmission and storage overhead",
    .markdown = sizes_markdown,
    .columns = sizes_columns,
    .fields = sizes_fields,
};
