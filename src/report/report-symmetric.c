/* report-symmetric.c - the Symmetric primitives section: the share of each
 * operation spent in the three hash helpers together and in the DRNG, and
 * the calls per operation of each helper, in the published cell formats. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "report/flat.h"
#include "util/format.h"
#include "report/report.h"

/* The helpers in the byte order of their names in the calls cell (the
 * DRNG is "drng" there, which sorts first). */
static const struct {
    enum iccsprof_helper helper;
    const char *cell_name;
} symmetric_order[ICCSPROF_NHELPERS] = {
    {ICCSPROF_DRNG, "drng"},
    {ICCSPROF_PSEUDOXOF, "pseudoXOF"},
    {ICCSPROF_PSEUDOHASH, "pseudohash"},
    {ICCSPROF_SM3HASH, "sm3hash"},
};

static const char *const symmetric_helper_name[ICCSPROF_NHELPERS] = ICCSPROF_HELPER_NAMES;

/* The lower-bound mark of R's helper figures, or "". */
const char *report_bound_mark(const struct rec *r)
{
    return r->has_profile && r->overflow_calls > 0 ? "\xe2\x89\xa5" : "";
}

/* The hash share cell (DRNG false) or DRNG share cell of R, with its
 * bound mark and its uncertainty: one half-width ("56% \xc2\xb10.4%"), or
 * the distances up and down to a played-back share's two ends ("56%
 * +0.7%/\xe2\x88\x920.4%", rec_share_interval) where they differ as
 * shown. */
char *report_share_cell(char *buf, size_t size, const struct rec *r, bool drng)
{
    char cell[FMT_CELL], up[FMT_CELL], down[FMT_CELL];
    double share = drng ? r->drng_share : r->hash_share, below, above;

    rec_share_interval(r, drng, &below, &above);
    fmt_share(up, sizeof up, above);
    fmt_share(down, sizeof down, below);
    if (isnan(share) || below == above || !fmt_share_pm_shown(fmax(below, above)) ||
        strcmp(up, down) == 0) {
        snprintf(buf, size, "%s%s", isnan(share) ? "" : report_bound_mark(r),
                 fmt_share_pm(cell, sizeof cell, share, rec_share_halfwidth(r, drng)));
        return buf;
    }
    snprintf(buf, size, "%s%s +%s/\xe2\x88\x92%s", report_bound_mark(r),
             fmt_share(cell, sizeof cell, share), up, down);
    return buf;
}

/* The calls cell: "drng 1.03, pseudoXOF 2,290, pseudohash 1.03", the
 * helpers without calls left out (empty when none is called), each count
 * after the record's bound mark, and before its standard error when it
 * varies, or "±?" when one operation cannot tell. */
char *report_calls_cell(char *buf, size_t size, const struct rec *r)
{
    char num[FMT_CELL];

    buf[0] = '\0';
    if (!r->has_profile) {
        snprintf(buf, size, "%s", FMT_MISSING);
        return buf;
    }
    for (int i = 0; i < ICCSPROF_NHELPERS; i++) {
        const struct rec_helper *h = &r->helper[symmetric_order[i].helper];
        size_t len = strlen(buf);

        if (h->calls == 0)
            continue;
        snprintf(buf + len, size - len, "%s%s %s%s", len > 0 ? ", " : "",
                 symmetric_order[i].cell_name, report_bound_mark(r),
                 fmt_figure(num, sizeof num, h->calls_per_op));
        len = strlen(buf);
        if (report_count_unknown(r, h))
            snprintf(buf + len, size - len, " \xc2\xb1?");
        else if (report_count_varies(h->calls_min, h->calls_max))
            snprintf(buf + len, size - len, " \xc2\xb1%s",
                     fmt_g2(num, sizeof num, h->calls_per_op_stderr));
    }
    return buf;
}

/* Whether R's count H is from a single operation, which cannot tell
 * whether it varies: its record says so (no standard error, version 4
 * on), or R profiled one operation (a record written with 0). */
bool report_count_unknown(const struct rec *r, const struct rec_helper *h)
{
    return r->profile_calls == 1 || (h->calls_min >= 0 && isnan(h->calls_per_op_stderr));
}

/* Whether a count per operation with this minimum and maximum varies
 * from one operation to the next (a record before version 4 does not
 * say: -1). */
bool report_count_varies(long long min, long long max)
{
    return min >= 0 && max >= 0 && min != max;
}

/* Whether a share of R prints with its uncertainty. */
static bool symmetric_has_pm(const struct rec *r)
{
    return fmt_share_pm_shown(rec_share_halfwidth(r, false)) ||
           fmt_share_pm_shown(rec_share_halfwidth(r, true));
}

/* Add to T the notes on the calls of RECS (N): what the standard error
 * beside a count that varies is, and what "±?" beside one from a single
 * operation says. */
static void symmetric_count_notes(struct mdtable *t, struct rec *const *recs, size_t n)
{
    bool varies = false, unknown = false;

    for (size_t i = 0; i < n; i++)
        for (int h = 0; h < ICCSPROF_NHELPERS; h++) {
            const struct rec_helper *x = &recs[i]->helper[h];

            if (!recs[i]->has_profile || x->calls == 0)
                continue;
            if (report_count_unknown(recs[i], x))
                unknown = true;
            else
                varies |= report_count_varies(x->calls_min, x->calls_max);
        }
    if (varies)
        mdtable_note(t, "\xc2\xb1 in the calls: a count that varies from operation to operation "
                        "(its minimum and maximum differ), with the standard error of its mean; "
                        "a count without it is the same in every operation");
    if (unknown)
        mdtable_note(t, "\xc2\xb1? in the calls: a count from a single profiled operation, "
                        "which cannot tell whether it varies from operation to operation, nor "
                        "by how much");
}

/* Add the Symmetric primitives section of RECS: the survey verdict, then
 * the table. */
static void symmetric_markdown(struct rec *const *recs, size_t n, const struct report_opts *opts,
                               struct page *pg)
{
    char code[1024];
    static const char *const headers[] = {"instance", "operation", "pseudohash/XOF/sm3", "DRNG",
                                          "calls per operation"};
    struct mdtable *t = mdtable_new(NULL, 5, headers, "llrrl");
    bool any_pm = false, any_played = false, any_ends = false;

    (void)opts;
    report_heading(pg, &report_symmetric);
    report_survey_line(pg, recs, n);
    page_text(pg, "Share of each operation spent in the ICCS placeholder hash functions and in "
                  "the ICCS DRNG (the profiled build, its helpers wrapped at link time, measured "
                  "in the same run as the plain one):");
    for (size_t i = 0; i < n; i++) {
        const struct rec *r = recs[i];
        char c[5][REPORT_CELL];
        const char *cells[5] = {c[0], rec_op_name(r->op), c[2], c[3], c[4]};

        report_instance_cell(c[0], sizeof c[0], r);
        report_share_cell(c[2], sizeof c[2], r, false);
        report_share_cell(c[3], sizeof c[3], r, true);
        report_calls_cell(c[4], sizeof c[4], r);
        mdtable_row(t, cells);
        any_pm |= symmetric_has_pm(r);
        any_played |= r->has_profile && r->hash_share_played;
        any_ends |= r->has_profile && r->hash_share_played && !isnan(r->hash_share_lower);
    }
    report_notes(t, recs, n, NOTE_ALL & ~(NOTE_NOISE | NOTE_PRECISION | NOTE_CORES));
    for (size_t i = 0; i < n; i++)
        if (recs[i]->has_profile && recs[i]->sampling_k > 1)
            mdtable_note(t, "%s %s: timing sampled, about one call in %lld timed%s",
                         md_code(code, sizeof code, recs[i]->instance), rec_op_name(recs[i]->op),
                         recs[i]->sampling_k,
                         recs[i]->sampling_auto ? " (chosen by --sample=auto)" : "");
    if (any_played)
        mdtable_note(t, "pseudohash/XOF/sm3: played back, the time the operation loses when its "
                        "hash calls are served from a recording of their outputs, with no call "
                        "timed; its \xc2\xb1 from the pairs, their trials and what serving the "
                        "recording costs (the DRNG's share and the helpers' own are timed)");
    if (any_ends)
        mdtable_note(t, "+/\xe2\x88\x92 in a played-back share: the distances up and down to the "
                        "ends of its 95 %% interval, which lies more above it than below: serving "
                        "the recording can only lower the share, by what it costs at most");
    if (any_pm)
        mdtable_note(t, "\xc2\xb1 in a share: the 95 %% half-width of its uncertainty as the "
                        "record states it (from the profile pass's trials: the pairs, the "
                        "compensation, the sampling), shown from 0.1 percentage point; a record "
                        "that states none shows 1.96 standard errors of its sampling");
    symmetric_count_notes(t, recs, n);
    page_table(pg, t);
}

/* The per-helper fields of CSV/JSON, after the helper's C name. */
static const char *const symmetric_helper_fields[] = {"calls",        "calls_per_op", "timed_calls",
                                                      "ticks",        "share_raw",    "share",
                                                      "share_stderr", "nested_calls"};
#define SYMMETRIC_NFIELDS (sizeof symmetric_helper_fields / sizeof symmetric_helper_fields[0])

/* The Symmetric primitives columns of CSV/JSON. */
static void symmetric_columns(json_t *keys)
{
    static const char *const names[] = {"profile_calls",
                                        "profile_ticks",
                                        "profile_baseline_ticks",
                                        "inner_ticks",
                                        "outer_ticks",
                                        "untimed_outer_ticks",
                                        "callers_outer_ticks",
                                        "hash_share",
                                        "hash_share_stderr",
                                        "drng_share",
                                        "drng_share_stderr",
                                        "hash_share_uncertainty",
                                        "drng_share_uncertainty",
                                        "hash_share_lower",
                                        "hash_share_upper",
                                        "hash_share_method",
                                        "hash_share_timed",
                                        "sampling_k",
                                        "calls_in_no_helper"};
    char key[64];

    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        json_array_append_new(keys, json_string(names[i]));
    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        for (size_t f = 0; f < SYMMETRIC_NFIELDS; f++) {
            snprintf(key, sizeof key, "%s_%s", symmetric_helper_name[h],
                     symmetric_helper_fields[f]);
            json_array_append_new(keys, json_string(key));
        }
}

/* The Symmetric primitives fields of R (all null without a profile). */
static void symmetric_fields(const struct rec *r, json_t *row)
{
    char key[64];

    json_object_set_new(row, "profile_calls", flat_count(r->profile_calls));
    json_object_set_new(row, "profile_ticks", flat_number(r->profile_ticks));
    json_object_set_new(row, "profile_baseline_ticks", flat_number(r->baseline_ticks));
    json_object_set_new(row, "inner_ticks",
                        r->has_profile ? json_real(r->inner_ticks) : json_null());
    json_object_set_new(row, "outer_ticks",
                        r->has_profile ? json_real(r->outer_ticks) : json_null());
    json_object_set_new(row, "untimed_outer_ticks",
                        r->has_profile ? json_real(r->untimed_outer_ticks) : json_null());
    json_object_set_new(row, "callers_outer_ticks",
                        r->has_profile ? json_real(r->callers_outer_ticks) : json_null());
    json_object_set_new(row, "hash_share", flat_number(r->hash_share));
    json_object_set_new(row, "hash_share_stderr",
                        r->has_profile ? json_real(r->hash_share_stderr) : json_null());
    json_object_set_new(row, "drng_share", flat_number(r->drng_share));
    json_object_set_new(row, "drng_share_stderr",
                        r->has_profile ? json_real(r->drng_share_stderr) : json_null());
    json_object_set_new(row, "hash_share_uncertainty", flat_number(r->hash_share_uncertainty));
    json_object_set_new(row, "drng_share_uncertainty", flat_number(r->drng_share_uncertainty));
    json_object_set_new(row, "hash_share_lower", flat_number(r->hash_share_lower));
    json_object_set_new(row, "hash_share_upper", flat_number(r->hash_share_upper));
    /* which estimate hash_share is (doc/guide/measuring.md, "Played back"), and the timed one */
    json_object_set_new(row, "hash_share_method",
                        !r->has_profile        ? json_null()
                        : r->hash_share_played ? json_string("played back")
                                               : json_string("timed"));
    json_object_set_new(row, "hash_share_timed", flat_number(r->hash_share_timed));
    json_object_set_new(row, "sampling_k",
                        r->has_profile ? json_integer(r->sampling_k) : json_null());
    json_object_set_new(row, "calls_in_no_helper",
                        r->has_profile ? json_integer(r->overflow_calls) : json_null());
    for (int h = 0; h < ICCSPROF_NHELPERS; h++) {
        const struct rec_helper *x = &r->helper[h];
        json_t *v[SYMMETRIC_NFIELDS] = {
            json_integer(x->calls),     json_real(x->calls_per_op),   json_integer(x->timed_calls),
            json_real(x->ticks),        json_real(x->share_raw),      json_real(x->share),
            json_real(x->share_stderr), json_integer(x->nested_calls)};

        for (size_t f = 0; f < SYMMETRIC_NFIELDS; f++) {
            snprintf(key, sizeof key, "%s_%s", symmetric_helper_name[h],
                     symmetric_helper_fields[f]);
            json_object_set_new(row, key, r->has_profile ? v[f] : json_null());
            if (!r->has_profile)
                json_decref(v[f]);
        }
    }
}

const struct report_section report_symmetric = {
    .name = "symmetric",
    .title = "Symmetric primitives",
    .markdown = symmetric_markdown,
    .columns = symmetric_columns,
    .fields = symmetric_fields,
};
