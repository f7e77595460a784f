/* report-shapes.c - the Shapes section: per record, the call shapes
 * (helper, input bits, output bits) by share of the operation's time, with
 * calls per operation and mean ticks per call.  A grouped row (keys met
 * once the wrappers' table was full, summed per power-of-two class of
 * their lengths, or per helper) says so in its cells: its helper cell
 * reads "pseudoXOF, grouped" and its bits cells the range it covers.
 *
 * A shape's time is estimated as the record does for helpers (mean ticks
 * of its timed calls × its calls), and its share and mean are compensated
 * for the instrumentation over the same denominator as the helper shares,
 * so the shapes of a helper add up to the helper's share. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "report/flat.h"
#include "util/format.h"
#include "report/report.h"

static const char *const shapes_helper_name[ICCSPROF_NHELPERS] = ICCSPROF_HELPER_NAMES;

/* A shape with the figures derived from it. */
struct shapes_row {
    const struct rec_shape *shape;
    double estimated_ticks; /* of all its calls; NAN when none was timed */
    double mean_ticks;      /* per call, compensated; NAN when none was timed */
    double share;           /* of the operation, compensated; NAN when unknown */
};

/* The denominator of R's compensated shares, derived from the helper
 * whose share is the least rounded (the largest strictly inside (0, 1)):
 * a share is (ticks - calls x inner) / denominator.  Records say how they
 * compensated only through their shares (version 1 was compensated from
 * the wrappers' overhead figures, version 2 from a measured baseline), so
 * this serves both.  NAN when no helper has such a share. */
static double shapes_denominator(const struct rec *r)
{
    const struct rec_helper *best = NULL;

    for (int h = 0; h < ICCSPROF_NHELPERS; h++) {
        const struct rec_helper *x = &r->helper[h];

        if (x->share > 0 && x->share < 1 && (best == NULL || x->share > best->share))
            best = x;
    }
    if (best == NULL)
        return NAN;
    return (best->ticks - (double)best->calls * r->inner_ticks) / best->share;
}

/* The figures of shape S of R. */
static struct shapes_row shapes_derive(const struct rec *r, const struct rec_shape *s)
{
    struct shapes_row row = {s, NAN, NAN, NAN};
    double denominator = shapes_denominator(r);

    if (s->timed_calls == 0)
        return row;
    row.estimated_ticks = s->ticks / (double)s->timed_calls * (double)s->calls;
    row.mean_ticks = fmax(0, s->ticks / (double)s->timed_calls - r->inner_ticks);
    if (!isnan(denominator) && denominator > 0)
        row.share = fmin(
            1, fmax(0, (row.estimated_ticks - (double)s->calls * r->inner_ticks) / denominator));
    return row;
}

/* Order of shapes: largest estimated time first, then helper and bits. */
static int shapes_cmp(const void *a, const void *b)
{
    const struct shapes_row *x = a, *y = b;
    double tx = isnan(x->estimated_ticks) ? -1 : x->estimated_ticks;
    double ty = isnan(y->estimated_ticks) ? -1 : y->estimated_ticks;

    if (tx != ty)
        return tx > ty ? -1 : 1;
    if (x->shape->helper != y->shape->helper)
        return x->shape->helper < y->shape->helper ? -1 : 1;
    if (x->shape->in_bits != y->shape->in_bits)
        return x->shape->in_bits < y->shape->in_bits ? -1 : 1;
    return (x->shape->out_bits > y->shape->out_bits) - (x->shape->out_bits < y->shape->out_bits);
}

/* The shapes of R with their figures, sorted; the caller frees them. */
static struct shapes_row *shapes_sorted(const struct rec *r)
{
    struct shapes_row *rows = calloc(r->nshapes + 1, sizeof *rows);

    for (size_t i = 0; i < r->nshapes; i++)
        rows[i] = shapes_derive(r, &r->shapes[i]);
    qsort(rows, r->nshapes, sizeof *rows, shapes_cmp);
    return rows;
}

/* The bits cell of a row covering [LO, HI] (HI -1: no bound): "256" for
 * one length, "256–511" for a class, "any" for a rest. */
static char *shapes_bits(char *buf, size_t size, long long lo, long long hi)
{
    char a[FMT_CELL], b[FMT_CELL];

    if (hi < 0)
        snprintf(buf, size, "any");
    else if (hi == lo)
        fmt_count(buf, size, lo);
    else
        snprintf(buf, size, "%s\xe2\x80\x93%s", fmt_count(a, sizeof a, lo),
                 fmt_count(b, sizeof b, hi));
    return buf;
}

/* The cells helper, in bits and out bits of shape S. */
static void shapes_key_cells(const struct rec_shape *s, char c[8][REPORT_CELL])
{
    snprintf(c[2], REPORT_CELL, "%s%s", shapes_helper_name[s->helper],
             s->grouped ? ", grouped" : "");
    shapes_bits(c[3], REPORT_CELL, s->in_bits, s->in_bits_max);
    shapes_bits(c[4], REPORT_CELL, s->out_bits, s->out_bits_max);
}

/* The cells from the helper on of the row that sums the N shapes ROWS of
 * R left out: their calls per operation and share added, their mean
 * ticks per call weighted by calls; how many of them are grouped rows. */
static void shapes_other(const struct rec *r, const struct shapes_row *rows, size_t n,
                         char c[8][REPORT_CELL])
{
    double calls = 0, share = 0, ticks = 0, timed_calls = 0;
    size_t grouped = 0;

    for (size_t i = 0; i < n; i++) {
        grouped += rows[i].shape->grouped;
        calls += (double)rows[i].shape->calls;
        if (!isnan(rows[i].share))
            share += rows[i].share;
        if (!isnan(rows[i].mean_ticks)) {
            ticks += rows[i].mean_ticks * (double)rows[i].shape->calls;
            timed_calls += (double)rows[i].shape->calls;
        }
    }
    if (grouped > 0)
        snprintf(c[2], REPORT_CELL, "other (%zu row%s, %zu grouped)", n, n == 1 ? "" : "s",
                 grouped);
    else
        snprintf(c[2], REPORT_CELL, "other (%zu shape%s)", n, n == 1 ? "" : "s");
    snprintf(c[3], REPORT_CELL, "%s", "");
    snprintf(c[4], REPORT_CELL, "%s", "");
    fmt_figure(c[5], REPORT_CELL, calls / (double)r->profile_calls);
    fmt_share(c[6], REPORT_CELL, share);
    fmt_cycles(c[7], REPORT_CELL, timed_calls > 0 ? ticks / timed_calls : NAN);
}

/* Print the Shapes table of RECS: per record its OPTS->shapes_top
 * largest shapes, and one row summing the others. */
static void shapes_markdown(struct rec *const *recs, size_t n, const struct report_opts *opts,
                            struct page *pg)
{
    static const char *const headers[] = {"instance", "operation",          "helper",
                                          "in bits",  "out bits",           "calls per operation",
                                          "share",    "mean ticks per call"};
    struct mdtable *t = mdtable_new(NULL, 8, headers, "lllrrrrr");
    bool any_other = false, any_grouped = false;

    report_heading(pg, &report_shapes);

    for (size_t i = 0; i < n; i++) {
        const struct rec *r = recs[i];
        struct shapes_row *rows = shapes_sorted(r);
        size_t shown =
            opts->shapes_top != 0 && opts->shapes_top < r->nshapes ? opts->shapes_top : r->nshapes;
        char c[8][REPORT_CELL];
        const char *cells[8] = {c[0], rec_op_name(r->op), c[2], c[3], c[4], c[5], c[6], c[7]};

        report_instance_cell(c[0], sizeof c[0], r);
        if (!r->has_profile || r->nshapes == 0) {
            for (int k = 2; k < 8; k++)
                snprintf(c[k], sizeof c[k], "%s", r->has_profile ? "" : FMT_MISSING);
            if (r->has_profile)
                snprintf(c[2], sizeof c[2], "no helper calls");
            mdtable_row(t, cells);
        }
        for (size_t s = 0; r->has_profile && s < shown; s++) {
            const struct rec_shape *shape = rows[s].shape;

            shapes_key_cells(shape, c);
            fmt_figure(c[5], sizeof c[5], (double)shape->calls / (double)r->profile_calls);
            fmt_share(c[6], sizeof c[6], rows[s].share);
            fmt_cycles(c[7], sizeof c[7], rows[s].mean_ticks);
            mdtable_row(t, cells);
        }
        if (r->has_profile && shown < r->nshapes) {
            shapes_other(r, rows + shown, r->nshapes - shown, c);
            mdtable_row(t, cells);
            any_other = true;
        }
        any_grouped |= r->has_profile && r->grouped_rows > 0;
        free(rows);
    }
    if (any_grouped)
        mdtable_note(t, "grouped: the keys met once the wrappers' table held its exact shapes, "
                        "summed per helper and power-of-two class of input and output bits "
                        "(any: every length, once the classes were full too); the row's calls, "
                        "share and mean are exact for the keys it holds, not for one key");
    if (any_other)
        mdtable_note(t,
                     "other: the shapes of a record beyond its --top largest (%zu), summed; "
                     "--section shapes without --top shows them all",
                     opts->shapes_top);
    report_notes(t, recs, n, NOTE_FAILED | NOTE_COVERAGE | NOTE_OVERFLOW);
    page_table(pg, t);
}

/* The Shapes columns of CSV/JSON (one row per shape). */
static void shapes_columns(json_t *keys)
{
    static const char *const names[] = {
        "helper",          "grouped",    "in_bits",      "in_bits_max", "out_bits",
        "out_bits_max",    "calls",      "calls_per_op", "timed_calls", "timed_ticks",
        "estimated_ticks", "mean_ticks", "share"};

    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        json_array_append_new(keys, json_string(names[i]));
}

/* One row per shape of R, largest first. */
static void shapes_rows(const struct rec *r, const struct report_opts *opts, json_t *out)
{
    struct shapes_row *rows;

    (void)opts;
    if (!r->has_profile)
        return;
    rows = shapes_sorted(r);
    for (size_t s = 0; s < r->nshapes; s++) {
        const struct rec_shape *shape = rows[s].shape;
        json_t *row = json_object();

        report_identity_fields(r, row);
        json_object_set_new(row, "helper", json_string(shapes_helper_name[shape->helper]));
        json_object_set_new(row, "grouped", json_boolean(shape->grouped));
        json_object_set_new(row, "in_bits", json_integer(shape->in_bits));
        json_object_set_new(row, "in_bits_max", flat_count(shape->in_bits_max));
        json_object_set_new(row, "out_bits", json_integer(shape->out_bits));
        json_object_set_new(row, "out_bits_max", flat_count(shape->out_bits_max));
        json_object_set_new(row, "calls", json_integer(shape->calls));
        json_object_set_new(row, "calls_per_op",
                            json_real((double)shape->calls / (double)r->profile_calls));
        json_object_set_new(row, "timed_calls", json_integer(shape->timed_calls));
        json_object_set_new(row, "timed_ticks", json_real(shape->ticks));
        json_object_set_new(row, "estimated_ticks", flat_number(rows[s].estimated_ticks));
        json_object_set_new(row, "mean_ticks", flat_number(rows[s].mean_ticks));
        json_object_set_new(row, "share", flat_number(rows[s].share));
        json_array_append_new(out, row);
    }
    free(rows);
}

const struct report_section report_shapes = {
    .name = "shapes",
    .title = "Shapes",
    .markdown = shapes_markdown,
    .columns = shapes_columns,
    .rows = shapes_rows,
};
