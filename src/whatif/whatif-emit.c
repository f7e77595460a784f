/* whatif-emit.c - the what-if matrix printed: a Markdown table and CSV,
 * a line per figure (projected, and measured where it was), and the
 * document itself as JSON. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/flat.h"
#include "util/format.h"
#include "report/mdtable.h"
#include "report/provenance.h"
#include "record/whatif-doc.h"
#include "whatif/whatif.h"

/* The columns of the table and the CSV. */
static const char *const wi_columns[] = {"scheme", "instance", "operation", "candidate",
                                         "cycles", "ratio",    "source",    "difference_percent",
                                         "flag"};
#define WI_NCOLUMNS (sizeof wi_columns / sizeof wi_columns[0])

/* What the flag column says of ROW's projection into BUF: its
 * half-width (played back) or its method, and how it is approximate. */
static void wi_flag_projected(const json_t *row, char *buf, size_t len)
{
    const json_t *p = json_object_get(row, "projected");
    const char *cost = json_string_value(json_object_get(row, "placeholder_cost"));

    if (!json_is_object(p))
        snprintf(buf, len, "not projected: %s", json_string_value(json_object_get(row, "why")));
    else if (json_is_number(json_object_get(p, "half_width")))
        snprintf(buf, len, "±%.2f%%", 100 * json_number_value(json_object_get(p, "half_width")));
    else if (json_is_true(json_object_get(p, "approximate")))
        snprintf(buf, len, "microbenchmark, approximate%s%s",
                 cost != NULL && strcmp(cost, "in-situ") == 0 ? " (placeholder in situ)" : "",
                 json_is_true(json_object_get(p, "as_all_helpers")) ? " (as all helpers)" : "");
    else
        snprintf(buf, len, "microbenchmark");
}

/* What the flag column says of ROW's figure of SOURCE into BUF: for the
 * projection (wi_flag_projected) also that the calls depend on the hash,
 * which the projection cannot foresee and a measurement can. */
static const char *wi_flag(const json_t *row, const char *source, char *buf, size_t len)
{
    const json_t *m = json_object_get(row, "measured");

    buf[0] = '\0';
    if (strcmp(source, "projected") == 0) {
        wi_flag_projected(row, buf, len);
        if (json_is_true(json_object_get(row, "calls_depend_on_hash")))
            snprintf(buf + strlen(buf), len - strlen(buf), "; calls depend on the hash: measure");
    } else if (!json_is_true(json_object_get(m, "works")))
        snprintf(buf, len, "works-check failed: not timed");
    else if (json_is_true(json_object_get(row, "flagged")))
        snprintf(buf, len, "over %g %%%s", WHATIF_FLAG_PERCENT,
                 json_is_true(json_object_get(m, "calls_differ"))
                     ? "; calls per operation differ from the placeholder's"
                     : "");
    else if (json_is_true(json_object_get(m, "calls_differ")))
        snprintf(buf, len, "calls per operation differ from the placeholder's");
    return buf;
}

/* The flat rows of DOC: one per figure, SOURCE "projected" or "measured";
 * the figure under the name of what it counts (whatif_unit). */
static json_t *wi_flat(const json_t *doc)
{
    json_t *flat = json_array(), *row;
    const char *unit = whatif_unit(doc);
    size_t i;

    json_array_foreach(json_object_get(doc, "rows"), i, row)
    {
        for (int m = 0; m < 2; m++) {
            const char *source = m ? "measured" : "projected";
            json_t *fig = json_object_get(row, source), *o;
            char flag[512];

            if (m && !json_is_object(fig))
                continue;
            o = json_pack("{s:O, s:O, s:O, s:O}", "scheme", json_object_get(row, "scheme"),
                          "instance", json_object_get(row, "instance"), "operation",
                          json_object_get(row, "operation"), "candidate",
                          json_object_get(row, "candidate"));
            json_object_set_new(o, unit, json_deep_copy(json_object_get(fig, "cycles")));
            json_object_set_new(o, "ratio", json_deep_copy(json_object_get(fig, "ratio")));
            json_object_set_new(o, "source", json_string(source));
            json_object_set(o, "difference_percent",
                            m ? json_object_get(row, "difference_percent") : json_null());
            json_object_set_new(o, "flag", json_string(wi_flag(row, source, flag, sizeof flag)));
            json_array_append_new(flat, o);
        }
    }
    return flat;
}

/* A number cell: FMT of V, or "n/a" for null. */
static const char *wi_cell(char *buf, size_t len, const json_t *v,
                           char *(*fmt)(char *, size_t, double))
{
    if (!json_is_number(v))
        return "n/a";
    return fmt(buf, len, json_number_value(v));
}

/* A difference in per cent with a sign and two decimals. */
static char *wi_percent(char *buf, size_t len, double v)
{
    snprintf(buf, len, "%+.2f %%", v);
    return buf;
}

/* The matrix as a Markdown table (whatif.h); its columns are the CSV's,
 * the difference headed for a reader rather than by its field name. */
void wi_print_md(const json_t *doc, FILE *out)
{
    const char *headers[WI_NCOLUMNS];
    struct mdtable *t;

    memcpy(headers, wi_columns, sizeof headers);
    headers[4] = whatif_unit(doc);
    headers[7] = "difference";
    t = mdtable_new("What if: the operations with another hash behind the helpers", WI_NCOLUMNS,
                    headers, "llllrrlrl");
    json_t *flat = wi_flat(doc), *o;
    char *made = provenance_line(true), *measured;
    size_t i;

    json_array_foreach(flat, i, o)
    {
        char cycles[FMT_CELL], ratio[FMT_CELL], diff[FMT_CELL];
        const char *cells[WI_NCOLUMNS] = {
            json_string_value(json_object_get(o, "scheme")),
            json_string_value(json_object_get(o, "instance")),
            json_string_value(json_object_get(o, "operation")),
            json_string_value(json_object_get(o, "candidate")),
            wi_cell(cycles, sizeof cycles, json_object_get(o, headers[4]), fmt_cycles),
            wi_cell(ratio, sizeof ratio, json_object_get(o, "ratio"), fmt_ratio),
            json_string_value(json_object_get(o, "source")),
            json_is_number(json_object_get(o, "difference_percent"))
                ? wi_cell(diff, sizeof diff, json_object_get(o, "difference_percent"), wi_percent)
                : "",
            json_string_value(json_object_get(o, "flag"))};

        mdtable_row(t, cells);
    }
    json_array_foreach(json_object_get(doc, "refused"), i, o)
        mdtable_note(t, "Refused: %s (%s): %s.", json_string_value(json_object_get(o, "name")),
                     json_string_value(json_object_get(o, "path")),
                     json_string_value(json_object_get(o, "reason")));
    if (strcmp(headers[4], "ticks") == 0)
        mdtable_note(t, "ticks, not cycles: no hardware cycle counter where the records were "
                        "measured");
    mdtable_note(t, "Method: %s.",
                 json_string_value(json_object_get(json_object_get(doc, "method"), "projection")));
    if ((measured = whatif_measured_note(doc, headers[4])) != NULL)
        mdtable_note(t, "%s", measured);
    free(measured);
    mdtable_note(t, "%s", made);
    mdtable_print(t, out);
    mdtable_free(t);
    json_decref(flat);
    free(made);
}

/* The matrix as CSV, a line per figure (whatif.h). */
void wi_print_csv(const json_t *doc, FILE *out)
{
    json_t *keys = json_array(), *flat = wi_flat(doc), *o;
    size_t i;

    for (size_t c = 0; c < WI_NCOLUMNS; c++)
        json_array_append_new(keys, json_string(c == 4 ? whatif_unit(doc) : wi_columns[c]));
    provenance_columns(keys);
    json_array_foreach(flat, i, o) provenance_fields(o);
    flat_print_csv(keys, flat, out);
    json_decref(keys);
    json_decref(flat);
}

/* The document as JSON (whatif.h). */
void wi_print_json(const json_t *doc, FILE *out)
{
    flat_dump(doc, out);
}
