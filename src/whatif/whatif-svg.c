/* whatif-svg.c - the heat map of a what-if matrix as one standalone SVG
 * document, laid out in points for a printed page (whatif-svg.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/format.h"
#include "util/markup.h"
#include "util/strlist.h"
#include "report/svg.h"
#include "record/whatif-doc.h"
#include "whatif/whatif-svg.h"

/* The page: one paper column (85 mm) in points at least, the type sizes
 * and the lines. */
#define WS_COLUMN 241.0
#define WS_MM_PER_PT (25.4 / 72)
#define WS_MARGIN 6.0
#define WS_FONT 9.0
#define WS_TITLE_FONT 10.5
#define WS_LEADING 11.5
#define WS_CELL_H 13.0
#define WS_GAP 6.0
#define WS_BOLD 1.1
#define WS_SIN45 0.7071
/* The colour scale: log2 of the ratio, saturating at 4 times cheaper or
 * dearer; its stops from cheapest to dearest (ColorBrewer RdBu, which
 * keeps its lightness symmetric about the pale middle). */
#define WS_SPAN 2.0
static const unsigned ws_stop[5] = {0x2166ac, 0x92c5de, 0xf7f7f7, 0xf4a582, 0xb2182b};
/* The marks of a cell. */
#define WS_APPROX "\xe2\x89\x88"
#define WS_FLAG "\xe2\x80\xa0"
/* The title, on the page and as the document's name. */
#define WS_TITLE "What if: each operation with another hash, as a ratio to the placeholder"

/* The matrix: its rows (scheme, instance, operation), its columns (the
 * candidates) and the document's row of each cell; then where things go. */
struct ws {
    json_t *doc;
    json_t **cand;
    size_t ncand;
    json_t **key; /* the first document row of each matrix row */
    size_t nkeys;
    json_t **cell; /* nkeys x ncand, NULL where the document has no row */
    bool any_measured, any_approx, any_flag, any_fail, any_none;
    double width, x_inst, x_op, x_grid, cell_w;
    bool slant;    /* the candidates' names set at 45 degrees */
    double head_h; /* the height they take above the heads' baseline */
};

/* Whether document rows A and B are of one scheme instance and operation. */
static bool ws_same_key(const json_t *a, const json_t *b)
{
    static const char *const k[] = {"scheme", "instance", "operation"};

    for (size_t i = 0; i < 3; i++)
        if (strcmp(whatif_str(a, k[i]), whatif_str(b, k[i])) != 0)
            return false;
    return true;
}

/* The ratio as written in a cell: two decimals, fewer from 10. */
static char *ws_ratio(char *buf, size_t size, double ratio)
{
    snprintf(buf, size, ratio < 9.995 ? "%.2f" : ratio < 99.95 ? "%.1f" : "%.0f", ratio);
    return buf;
}

/* The text of cell ROW: "fails", "n/a", or the ratio with its marks. */
static char *ws_cell_text(char *buf, size_t size, const json_t *row)
{
    const json_t *m = json_object_get(row, "measured");
    const json_t *p = json_object_get(row, "projected");
    char r[32];

    if (json_is_object(m) && !whatif_row_measured(row))
        snprintf(buf, size, "fails");
    else if (whatif_row_measured(row))
        snprintf(buf, size, "%s%s", ws_ratio(r, sizeof r, whatif_row_ratio(row)),
                 json_is_true(json_object_get(row, "flagged")) ? WS_FLAG : "");
    else if (!json_is_object(p))
        snprintf(buf, size, "n/a");
    else
        snprintf(buf, size, "%s%s",
                 json_is_true(json_object_get(p, "approximate")) ? WS_APPROX : "",
                 ws_ratio(r, sizeof r, whatif_row_ratio(row)));
    return buf;
}

/* Note which kinds of cell ROW is, for the legend. */
static void ws_note_kind(struct ws *w, const json_t *row)
{
    const json_t *m = json_object_get(row, "measured");
    const json_t *p = json_object_get(row, "projected");

    w->any_measured |= whatif_row_measured(row);
    w->any_fail |= json_is_object(m) && !whatif_row_measured(row);
    w->any_none |= !json_is_object(m) && !json_is_object(p);
    w->any_flag |= whatif_row_measured(row) && json_is_true(json_object_get(row, "flagged"));
    w->any_approx |= !json_is_object(m) && json_is_true(json_object_get(p, "approximate"));
}

/* Build the matrix of DOC: its rows in the order they first come. */
static void ws_matrix(struct ws *w, json_t *doc)
{
    json_t *cands = json_object_get(doc, "candidates"), *rows = json_object_get(doc, "rows");
    json_t *row;
    size_t i;

    w->doc = doc;
    w->ncand = json_array_size(cands);
    w->cand = xmalloc((w->ncand + 1) * sizeof *w->cand);
    for (i = 0; i < w->ncand; i++)
        w->cand[i] = json_array_get(cands, i);
    w->key = xmalloc((json_array_size(rows) + 1) * sizeof *w->key);
    w->cell = calloc((json_array_size(rows) + 1) * (w->ncand + 1), sizeof *w->cell);
    if (w->cell == NULL)
        abort();
    json_array_foreach(rows, i, row)
    {
        size_t k = 0, c = 0;

        while (k < w->nkeys && !ws_same_key(w->key[k], row))
            k++;
        if (k == w->nkeys)
            w->key[w->nkeys++] = row;
        while (strcmp(whatif_str(w->cand[c], "name"), whatif_str(row, "candidate")) != 0)
            c++;
        w->cell[k * w->ncand + c] = row;
        ws_note_kind(w, row);
    }
}

/* Lay out the matrix: the instance and operation labels, then the cells
 * as wide as their widest text, the candidates' names over them level
 * when they fit and slanted when not; the page one column wide at
 * least. */
static void ws_lay_out(struct ws *w)
{
    double inst = 0, op = 0, cell = svg_width("0.00", WS_FONT * WS_BOLD), name = 0;
    char text[64];

    for (size_t k = 0; k < w->nkeys; k++) {
        inst = fmax(inst, svg_width(whatif_str(w->key[k], "instance"), WS_FONT));
        op = fmax(op, svg_width(whatif_str(w->key[k], "operation"), WS_FONT));
        for (size_t c = 0; c < w->ncand; c++)
            if (w->cell[k * w->ncand + c] != NULL)
                cell =
                    fmax(cell, svg_width(ws_cell_text(text, sizeof text, w->cell[k * w->ncand + c]),
                                         WS_FONT * WS_BOLD));
    }
    for (size_t c = 0; c < w->ncand; c++)
        name = fmax(name, svg_width(whatif_str(w->cand[c], "name"), WS_FONT * WS_BOLD));
    w->x_inst = WS_MARGIN;
    w->x_op = w->x_inst + inst + WS_GAP;
    w->x_grid = w->x_op + op + WS_GAP;
    w->cell_w = cell + 6;
    /* names wider than the numbers are set slanted, so that they do not
     * widen the columns */
    w->slant = name > w->cell_w - 2;
    w->head_h = w->slant ? name * WS_SIN45 + 4 : 0;
    w->width = fmax(WS_COLUMN, w->x_grid + (double)w->ncand * w->cell_w + WS_MARGIN);
    if (w->slant)
        w->width = fmax(w->width, w->x_grid + ((double)w->ncand - 0.5) * w->cell_w +
                                      name * WS_SIN45 + WS_MARGIN);
}

/* The fill of a cell of RATIO: the scale's stops mixed linearly. */
static unsigned ws_fill(double ratio)
{
    double t = fmin(1, fmax(-1, log2(ratio) / WS_SPAN)) * 2 + 2, f;
    int i = (int)fmin(3, floor(t));
    unsigned rgb = 0;

    f = t - i;
    for (int shift = 16; shift >= 0; shift -= 8) {
        double a = (ws_stop[i] >> shift) & 0xff, b = (ws_stop[i + 1] >> shift) & 0xff;

        rgb |= (unsigned)lround(a + (b - a) * f) << shift;
    }
    return rgb;
}

/* Whether text on FILL is better white than black. */
static bool ws_dark(unsigned fill)
{
    return 0.299 * (fill >> 16) + 0.587 * ((fill >> 8) & 0xff) + 0.114 * (fill & 0xff) < 128;
}

/* The tooltip of cell ROW: its figures in full. */
static void ws_tooltip(FILE *out, const json_t *row)
{
    const json_t *m = json_object_get(row, "measured"), *p = json_object_get(row, "projected");
    const char *unit = strcmp(whatif_str(row, "cycles_source"), "ticks") == 0 ? "ticks" : "cycles";
    char a[FMT_CELL], b[FMT_CELL];
    char *tip;

    if (json_is_object(p))
        tip = xasprintf(
            "%s %s %s with %s: projected %s %s (%.3f)%s", whatif_str(row, "scheme"),
            whatif_str(row, "instance"), whatif_str(row, "operation"), whatif_str(row, "candidate"),
            fmt_cycles(a, sizeof a, whatif_num(p, "cycles")), unit, whatif_num(p, "ratio"),
            json_is_true(json_object_get(p, "approximate")) ? ", approximate" : "");
    else
        tip = xasprintf("%s %s %s with %s: no projection (%s)", whatif_str(row, "scheme"),
                        whatif_str(row, "instance"), whatif_str(row, "operation"),
                        whatif_str(row, "candidate"), whatif_str(row, "why"));
    fprintf(out, "<title>");
    markup_escape(out, tip);
    if (whatif_row_measured(row))
        fprintf(out, "; measured %s %s (%.3f), difference %+.2f %%",
                fmt_cycles(b, sizeof b, whatif_num(m, "cycles")), unit, whatif_num(m, "ratio"),
                whatif_num(row, "difference_percent"));
    else if (json_is_object(m))
        fputs("; the substituted run failed its works-check", out);
    fprintf(out, "</title>");
    free(tip);
}

/* Whether cell ROW has a ratio to colour: a measurement, or a projection
 * without a failed run. */
static bool ws_coloured(const json_t *row)
{
    return whatif_row_measured(row) || (!json_is_object(json_object_get(row, "measured")) &&
                                        json_is_object(json_object_get(row, "projected")));
}

/* Cell ROW with its top left corner at (X, Y). */
static void ws_cell(FILE *out, const struct ws *w, const json_t *row, double x, double y)
{
    bool measured = whatif_row_measured(row), shown = ws_coloured(row);
    unsigned fill = shown ? ws_fill(whatif_row_ratio(row)) : 0xffffff;
    char text[64];

    fprintf(out,
            "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"#%06x\" "
            "class=\"cell\">",
            x, y, w->cell_w, WS_CELL_H, fill);
    ws_tooltip(out, row);
    fputs("</rect>\n", out);
    if (!shown) /* an uncoloured cell keeps its place on the grid */
        fprintf(out,
                "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" class=\"blank\"/>\n",
                x + 1, y + 1, w->cell_w - 2, WS_CELL_H - 2);
    if (measured)
        fprintf(out,
                "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" class=\"measured\"/>\n",
                x + 0.6, y + 0.6, w->cell_w - 1.2, WS_CELL_H - 1.2);
    svg_text(out, x + w->cell_w / 2, y + WS_CELL_H - 3.5, "middle",
             !shown          ? "value none"
             : measured      ? (ws_dark(fill) ? "value measured inv" : "value measured")
             : ws_dark(fill) ? "value inv"
                             : "value",
             "%s", ws_cell_text(text, sizeof text, row));
}

/* TEXT in lines of the body's type (svg_wrap). */
static double ws_wrap(FILE *out, double x, double y, double width, const char *cls,
                      const char *text)
{
    return svg_wrap(out, x, y, width, WS_FONT, WS_LEADING, cls, text);
}

/* The title and the lines saying where, when and by what the matrix was
 * made; the baseline of the last. */
static double ws_head(FILE *out, const struct ws *w)
{
    const json_t *host = json_object_get(w->doc, "host");
    const char *cpu = whatif_str(host, "cpu");
    double y, text = w->width - 2 * WS_MARGIN;
    char *line;

    y = svg_wrap(out, WS_MARGIN, WS_MARGIN + WS_TITLE_FONT, text, WS_TITLE_FONT * WS_BOLD,
                 WS_TITLE_FONT + 2, "title", WS_TITLE);
    line = xasprintf("host %s%s%s%s%s", whatif_str(host, "name"), cpu[0] ? " (" : "", cpu,
                     cpu[0] ? ")" : "",
                     json_is_true(json_object_get(host, "emulated")) ? ", emulated" : "");
    y = ws_wrap(out, WS_MARGIN, y + WS_LEADING + 2, text, "meta", line);
    free(line);
    line = xasprintf("%.10s, iccsprof %s%s%s", whatif_str(w->doc, "created"),
                     whatif_str(json_object_get(w->doc, "tool"), "version"),
                     json_object_get(w->doc, "command") != NULL ? ": " : "",
                     whatif_str(w->doc, "command"));
    y = ws_wrap(out, WS_MARGIN, y + WS_LEADING, text, "meta", line);
    free(line);
    return y;
}

/* The column heads and the rows under them, from baseline Y; the bottom
 * of the grid. */
static double ws_grid(FILE *out, const struct ws *w, double y)
{
    y += w->slant ? w->head_h + 2 : WS_LEADING + 6;
    for (size_t c = 0; c < w->ncand; c++) {
        double x = w->x_grid + ((double)c + 0.5) * w->cell_w;

        if (!w->slant) {
            svg_text(out, x, y, "middle", "head", "%s", whatif_str(w->cand[c], "name"));
            continue;
        }
        fprintf(out,
                "<text x=\"%.2f\" y=\"%.2f\" transform=\"rotate(-45 %.2f %.2f)\" class=\"head\">",
                x - 2, y, x - 2, y);
        markup_escape(out, whatif_str(w->cand[c], "name"));
        fputs("</text>\n", out);
    }
    y += 3;
    for (size_t k = 0; k < w->nkeys; k++) {
        const json_t *key = w->key[k];

        const json_t *prev = k > 0 ? w->key[k - 1] : NULL;
        bool scheme =
            prev == NULL || strcmp(whatif_str(key, "scheme"), whatif_str(prev, "scheme")) != 0;

        if (scheme) {
            svg_text(out, w->x_inst, y + WS_CELL_H - 3.5, "start", "group", "%s",
                     whatif_str(key, "scheme"));
            y += WS_CELL_H;
        }
        if (scheme || strcmp(whatif_str(key, "instance"), whatif_str(prev, "instance")) != 0)
            svg_text(out, w->x_inst, y + WS_CELL_H - 3.5, "start", "instance", "%s",
                     whatif_str(key, "instance"));
        svg_text(out, w->x_op, y + WS_CELL_H - 3.5, "start", NULL, "%s",
                 whatif_str(key, "operation"));
        for (size_t c = 0; c < w->ncand; c++)
            if (w->cell[k * w->ncand + c] != NULL)
                ws_cell(out, w, w->cell[k * w->ncand + c], w->x_grid + (double)c * w->cell_w, y);
        y += WS_CELL_H;
    }
    return y;
}

/* The colour scale from baseline Y: what a cell's number is, then a bar
 * of the scale with its ticks; the last baseline. */
static double ws_scale(FILE *out, const struct ws *w, double y)
{
    static const double ticks[] = {0.25, 0.5, 1, 2, 4};
    double x = WS_MARGIN, bar = fmin(200, w->width - 2 * WS_MARGIN - 8), steps = 24;
    char *legend;

    y = ws_wrap(out, x, y, w->width - 2 * WS_MARGIN, "legend",
                "Rows: scheme (bold), instance (italic), operation. Columns: candidate hashes; "
                "iccs is the placeholder itself, the control.");
    legend = xasprintf("Each cell: the operation's %s with the candidate \xc3\xb7 its %s with the "
                       "placeholder.",
                       whatif_unit(w->doc), whatif_unit(w->doc));
    y = ws_wrap(out, x, y + WS_LEADING, w->width - 2 * WS_MARGIN, "legend", legend);
    free(legend);
    y = ws_wrap(
        out, x, y + WS_LEADING, w->width - 2 * WS_MARGIN, "legend",
        "1.00: as costly as the placeholder; below 1 cheaper (blue), above 1 dearer (red).");
    y += 4;
    for (int i = 0; i < steps; i++)
        fprintf(out,
                "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"7\" fill=\"#%06x\" "
                "class=\"step\"/>\n",
                x + bar * i / steps, y, bar / steps + 0.05,
                ws_fill(exp2(WS_SPAN * (2 * (i + 0.5) / steps - 1))));
    fprintf(out, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"7\" class=\"frame\"/>\n", x,
            y, bar);
    for (size_t t = 0; t < sizeof ticks / sizeof ticks[0]; t++) {
        double tx = x + bar * (log2(ticks[t]) / WS_SPAN + 1) / 2;

        fprintf(out, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" class=\"rule\"/>\n", tx,
                y + 7, tx, y + 9.5);
        svg_text(out, tx, y + 9.5 + WS_FONT,
                 t == 0   ? "start"
                 : t == 4 ? "end"
                          : "middle",
                 NULL, "%s%g",
                 t == 0   ? "\xe2\x89\xa4"
                 : t == 4 ? "\xe2\x89\xa5"
                          : "",
                 ticks[t]);
    }
    return y + 9.5 + WS_FONT;
}

/* The key to the cells' marks, those the matrix has, from baseline Y;
 * the last baseline. */
static double ws_key(FILE *out, const struct ws *w, double y)
{
    double width = w->width - 2 * WS_MARGIN;
    char *line;

    if (w->any_measured)
        y = ws_wrap(out, WS_MARGIN, y + WS_LEADING, width, "legend measured-key",
                    "Bold in a frame: measured (a run with the candidate behind the helpers, "
                    "which passed its works-check); plain: projected from the placeholder "
                    "record's shapes.");
    else
        y = ws_wrap(out, WS_MARGIN, y + WS_LEADING, width, "legend",
                    "Every cell is projected from the placeholder record's shapes; none measured.");
    if (w->any_approx)
        y = ws_wrap(out, WS_MARGIN, y + WS_LEADING, width, "legend",
                    WS_APPROX " approximate projection: shapes grouped, or a fallback the "
                              "method states.");
    if (w->any_flag) {
        line =
            xasprintf(WS_FLAG " the projection misses the measurement by more than %g\xc2\xa0%%.",
                      whatif_num(json_object_get(w->doc, "method"), "flag_percent"));
        y = ws_wrap(out, WS_MARGIN, y + WS_LEADING, width, "legend", line);
        free(line);
    }
    if (w->any_fail)
        y = ws_wrap(out, WS_MARGIN, y + WS_LEADING, width, "legend",
                    "fails: the scheme did not work with this hash (not timed).");
    if (w->any_none)
        y = ws_wrap(out, WS_MARGIN, y + WS_LEADING, width, "legend",
                    "n/a: no projection possible (the report says why).");
    return y;
}

/* Print the heat map of DOC. */
void whatif_svg_print(json_t *doc, FILE *out)
{
    struct ws w = {0};
    char *body = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&body, &size);
    double bottom;

    if (f == NULL)
        abort();
    ws_matrix(&w, doc);
    ws_lay_out(&w);
    /* the height is known once everything is laid: draw into a buffer */
    bottom = ws_key(f, &w, ws_scale(f, &w, ws_grid(f, &w, ws_head(f, &w)) + WS_LEADING)) + 5;
    fclose(f);
    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%.1fmm\" "
            "height=\"%.1fmm\" viewBox=\"0 0 %.2f %.2f\" "
            "font-family=\"Helvetica, Arial, 'DejaVu Sans', sans-serif\" font-size=\"%g\">\n"
            "<title>" WS_TITLE "</title>\n"
            "<style>.title{font-size:%gpx;font-weight:bold}.meta,.legend{fill:#333333}"
            ".head,.group{font-weight:bold}.instance{font-style:italic}"
            ".measured{font-weight:bold}.inv{fill:#ffffff}.none{fill:#666666;font-style:italic}"
            "rect.measured{fill:none;stroke:#000000;stroke-width:1.2}"
            ".cell{stroke:#ffffff;stroke-width:0.6}"
            ".blank{fill:none;stroke:#888888;stroke-width:0.5;stroke-dasharray:1.5,1.5}"
            ".frame{fill:none;stroke:#333333;stroke-width:0.4}"
            ".rule{stroke:#333333;stroke-width:0.5}</style>\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
            w.width * WS_MM_PER_PT, bottom * WS_MM_PER_PT, w.width, bottom, WS_FONT, WS_TITLE_FONT);
    fwrite(body, 1, size, out);
    fputs("</svg>\n", out);
    free(body);
    free(w.cand);
    free(w.key);
    free(w.cell);
}
