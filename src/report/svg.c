/* svg.c - the share chart as one standalone SVG document, laid out in
 * points for a printed page. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/format.h"
#include "util/markup.h"
#include "report/report.h"
#include "util/strlist.h"
#include "report/svg.h"

/* The page: a journal's text width (120 mm) in points, which are the
 * document's user units, and the type sizes on it. */
#define SVG_PAGE 340.0
#define SVG_MM_PER_PT (25.4 / 72)
#define SVG_MARGIN 6.0
#define SVG_FONT 8.0
#define SVG_TITLE_FONT 10.0
/* The advance of a character in ems, by its shape, at most: DejaVu Sans
 * (what a renderer falls back to) is the widest of the usual sans fonts,
 * and bold adds a tenth. */
#define SVG_EM_NARROW 0.36
#define SVG_EM_WIDE 0.72
#define SVG_EM 0.62
#define SVG_EM_DIGIT 0.64
#define SVG_BOLD 1.1
/* A line of text, a bar, the row of a record and of a pair of records. */
#define SVG_LEADING 11.0
#define SVG_BAR 7.0
#define SVG_ROW 11.0
#define SVG_PAIR_BAR 6.0
#define SVG_PAIR_ROW 17.0
/* The narrowest bar worth drawing; a page too narrow for it grows. */
#define SVG_BAR_MIN 100.0
/* The title of the bars' axis, and a shorter one for a narrow bar. */
#define SVG_AXIS_LONG "share of the operation's time, % (full bar: 100 %)"
#define SVG_AXIS_SHORT "share of the time, % (full bar: 100 %)"
/* The difference panel of a comparison. */
#define SVG_DIFF_PANEL 50.0
#define SVG_GAP 6.0
/* How far an operation's label is set in under its instance's name. */
#define SVG_INDENT 8.0

/* The parts of a bar, in drawing order: the helpers in enum
 * iccsprof_helper's order, then the rest of the operation.  The fills
 * step down in lightness from pseudohash to the DRNG (viridis), so that
 * neighbours differ in greyscale too and a DRNG sliver is dark against
 * the unfilled rest. */
enum { PART_PSEUDOHASH, PART_PSEUDOXOF, PART_SM3HASH, PART_DRNG, PART_OTHER, NPARTS };
static const char *const svg_part_name[NPARTS] = {"pseudohash", "pseudoXOF", "sm3hash", "DRNG",
                                                  "other code"};
static const char *const svg_part_fill[NPARTS] = {"#fde725", "#35b779", "#31688e", "#440154",
                                                  "none"};

/* The marks of records whose figures need a caveat, and what they say. */
enum { MARK_EMULATED, MARK_NOISY, MARK_PARTIAL, MARK_BOUND, NMARKS };
static const char *const svg_mark[NMARKS] = {"\xe2\x80\xa1", "*", "\xe2\x80\xa0", "\xe2\x89\xa5"};
static const char *const svg_mark_note[NMARKS] = {
    "emulated: timings not meaningful (measured under an emulator such as qemu-user: its "
    "calls hold, its times and shares do not)",
    "noisy timing: the trials spread, or other processes took the CPU",
    "partial record: not every check passed (the report's notes say why)",
    "lower bounds: a record of an older iccsprof whose calls overflowed its shape table, "
    "in no helper: its shares and bars leave them out"};

/* Where things go, in points. */
struct svg_layout {
    bool pair;                  /* a comparison: two bars a row, and the difference */
    double width, height;       /* the page */
    double x_inst, x_op, x_tag; /* the labels */
    double x_bar, bar;          /* the bars: left edge and width (100 %) */
    double col[4];              /* right edges of the figure columns */
    double x_mark;              /* the marks */
    double y_axis, y_rows;      /* the axis labels' baseline; the first row's top */
};

/* The width of TEXT at SIZE points, at most: each character (not byte)
 * by its shape. */
double svg_width(const char *text, double size)
{
    double ems = 0;

    for (const unsigned char *p = (const unsigned char *)text; *p != '\0'; p++) {
        if ((*p & 0xc0) == 0x80)
            continue;
        if (strchr(" .,:;'!|()[]-/fijlrt", *p) != NULL)
            ems += SVG_EM_NARROW;
        else if ((*p >= 'A' && *p <= 'Z') || strchr("mw%*", *p) != NULL || *p >= 0x80)
            ems += SVG_EM_WIDE;
        else if (*p >= '0' && *p <= '9')
            ems += SVG_EM_DIGIT;
        else
            ems += SVG_EM;
    }
    return ems * size;
}

/* A text element at (X, Y), anchored ANCHOR (start, middle, end), of
 * class CLS (NULL for none), its content formatted. */
void svg_text(FILE *out, double x, double y, const char *anchor, const char *cls, const char *fmt,
              ...)
{
    char *text;
    va_list ap;

    va_start(ap, fmt);
    if (vasprintf(&text, fmt, ap) < 0)
        abort();
    va_end(ap);
    fprintf(out, "<text x=\"%.2f\" y=\"%.2f\"", x, y);
    if (strcmp(anchor, "start") != 0)
        fprintf(out, " text-anchor=\"%s\"", anchor);
    if (cls != NULL)
        fprintf(out, " class=\"%s\"", cls);
    fputc('>', out);
    markup_escape(out, text);
    fputs("</text>\n", out);
    free(text);
}

/* A line from (X1, Y1) to (X2, Y2) of class CLS. */
static void svg_line(FILE *out, double x1, double y1, double x2, double y2, const char *cls)
{
    fprintf(out, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" class=\"%s\"/>\n", x1, y1,
            x2, y2, cls);
}

/* The record of row R that names it (A's in a comparison). */
static const struct rec *svg_first(const struct svg_row *r)
{
    return r->bar[0] != NULL ? r->bar[0] : r->bar[1];
}

/* Whether record R has shares to draw. */
static bool svg_drawn(const struct rec *r)
{
    return r != NULL && r->has_profile && !isnan(r->hash_share) && !isnan(r->drng_share);
}

/* Whether R's helper figures are lower bounds (report_bound_mark). */
static bool svg_bound(const struct rec *r)
{
    return r != NULL && report_bound_mark(r)[0] != '\0';
}

/* The marks record R earns, as text ("", "*", "*†", "‡*†≥"), into BUF;
 * BOUND: the lower-bound mark too, for a row whose figures do not carry
 * it. */
static const char *svg_marks(const struct rec *r, bool bound, char *buf, size_t size)
{
    snprintf(buf, size, "%s%s%s%s", r != NULL && r->emulated ? svg_mark[MARK_EMULATED] : "",
             r != NULL && r->noisy ? svg_mark[MARK_NOISY] : "",
             r != NULL && r->state == REC_PARTIAL ? svg_mark[MARK_PARTIAL] : "",
             bound && svg_bound(r) ? svg_mark[MARK_BOUND] : "");
    return buf;
}

/* The order rows are drawn in: grouped by scheme, the schemes in the order
 * they first come, the rows of a scheme in the order given. */
static size_t *svg_order(const struct svg_chart *c)
{
    size_t *order = calloc(c->n + 1, sizeof *order), k = 0;
    bool *taken = calloc(c->n + 1, sizeof *taken);

    if (order == NULL || taken == NULL)
        abort();
    for (size_t i = 0; i < c->n; i++)
        for (size_t j = i; j < c->n && !taken[i]; j++)
            if (!taken[j] &&
                strcmp(svg_first(&c->rows[j])->scheme_id, svg_first(&c->rows[i])->scheme_id) == 0) {
                taken[j] = true;
                order[k++] = j;
            }
    free(taken);
    return order;
}

/* Whether row K of ORDER starts a scheme's group. */
static bool svg_new_group(const struct svg_chart *c, const size_t *order, size_t k)
{
    return k == 0 || strcmp(svg_first(&c->rows[order[k]])->scheme_id,
                            svg_first(&c->rows[order[k - 1]])->scheme_id) != 0;
}

/* Whether row K of ORDER starts an instance within its group. */
static bool svg_new_instance(const struct svg_chart *c, const size_t *order, size_t k)
{
    return svg_new_group(c, order, k) || strcmp(svg_first(&c->rows[order[k]])->instance,
                                                svg_first(&c->rows[order[k - 1]])->instance) != 0;
}

/* The figure columns' headings and the widest value each takes: a
 * report's shares and time; a comparison's time, difference panel and
 * difference. */
static const char *const svg_report_head[3] = {"hash", "DRNG", "time/op"};
static const char *const svg_report_widest[3] = {"100%", "4.7%", "999 ms"};
static const char *const svg_pair_head[3] = {"time/op", "", ""};
static const char *const svg_pair_widest[3] = {"999 ms", "", "+10.0"};

/* The figure beside a difference D with its margins LO below and HI
 * above, in points: "+0.4±1.1", or "+0.4+1.0/-1.1" where the two margins
 * part (print's minus sign in the margin). */
static void svg_diff_label(char *buf, size_t size, double d, double lo, double hi)
{
    char up[16], down[16];

    snprintf(buf, size, "%+.1f", d);
    snprintf(up, sizeof up, "%.1f", hi);
    snprintf(down, sizeof down, "%.1f", lo);
    if (strcmp(up, down) == 0 && hi >= 0.05)
        snprintf(buf + strlen(buf), size - strlen(buf), "\xc2\xb1%s", up);
    else if (hi >= 0.05 || lo >= 0.05)
        snprintf(buf + strlen(buf), size - strlen(buf), " +%s/\xe2\x88\x92%s", up, down);
}

/* The widest figure beside C's differences, at least WIDEST's. */
static double svg_diff_width(const struct svg_chart *c, const char *widest)
{
    double w = svg_width(widest, SVG_FONT);
    char text[FMT_CELL];

    for (size_t k = 0; k < c->n; k++)
        if (c->rows[k].has_diff) {
            const struct svg_row *r = &c->rows[k];

            svg_diff_label(text, sizeof text, 100 * r->diff, 100 * r->diff_below,
                           100 * r->diff_above);
            w = fmax(w, svg_width(text, SVG_FONT));
        }
    return w;
}

/* Lay out chart C: the labels as wide as the longest operation's name
 * (instances and schemes have lines of their own), the figure columns as
 * their widest values, the bar what is left of the page (which grows when
 * that is too little). */
static void svg_lay_out(const struct svg_chart *c, size_t nmeta, struct svg_layout *l)
{
    const char *const *head = c->sides[0] != NULL ? svg_pair_head : svg_report_head;
    const char *const *widest = c->sides[0] != NULL ? svg_pair_widest : svg_report_widest;
    double op = 0, w[3], gap[3], x, marks;
    bool emulated = false;

    /* room for the marks a row can have: an emulated record's too when
     * there is one */
    for (size_t k = 0; k < c->n; k++)
        for (int b = 0; b < 2; b++)
            emulated |= c->rows[k].bar[b] != NULL && c->rows[k].bar[b]->emulated;
    marks = 1.5 + svg_width(emulated ? "\xe2\x80\xa1*\xe2\x80\xa0" : "*\xe2\x80\xa0",
                            SVG_FONT * SVG_BOLD);
    memset(l, 0, sizeof *l);
    l->pair = c->sides[0] != NULL;
    for (size_t k = 0; k < c->n; k++)
        op = fmax(op, svg_width(rec_op_name(svg_first(&c->rows[k])->op), SVG_FONT));
    for (int i = 0; i < 3; i++)
        w[i] = fmax(svg_width(head[i], SVG_FONT * SVG_BOLD), svg_width(widest[i], SVG_FONT));
    if (l->pair) {
        w[1] = SVG_DIFF_PANEL;
        w[2] = fmax(w[2], svg_diff_width(c, widest[2]));
    }
    l->x_inst = SVG_MARGIN;
    l->x_op = l->x_inst + SVG_INDENT;
    l->x_tag = l->x_op + op + 4;
    l->x_bar = l->x_tag + (l->pair ? svg_width("B", SVG_FONT * SVG_BOLD) + 3 : 0);
    /* the gaps before each column; the marks follow the time, which they
     * are about: the last column in a report, the first in a comparison */
    gap[0] = SVG_GAP;
    gap[1] = SVG_GAP + (l->pair ? marks : 0);
    gap[2] = l->pair ? 4 : SVG_GAP;
    x = gap[0] + w[0] + gap[1] + w[1] + gap[2] + w[2] + (l->pair ? 0 : marks) + SVG_MARGIN;
    l->bar = fmax(SVG_BAR_MIN, SVG_PAGE - l->x_bar - x);
    l->width = l->x_bar + l->bar + x;
    x = l->x_bar + l->bar;
    for (int i = 0; i < 3; i++) {
        x += gap[i] + w[i];
        l->col[i] = x;
    }
    l->x_mark = l->col[l->pair ? 0 : 2] + 1.5;
    /* title, meta lines, legend, the axis's title, then its labels */
    l->y_axis = SVG_MARGIN + SVG_TITLE_FONT + (double)nmeta * SVG_LEADING + 3 * SVG_LEADING + 6;
    l->y_rows = l->y_axis + 5;
}

/* The parts of record R's bar, as shares of its time. */
static void svg_parts(const struct rec *r, double *part)
{
    double sum = 0;

    for (int p = 0; p < PART_OTHER; p++) {
        part[p] = isnan(r->helper[p].share) ? 0 : fmax(0, r->helper[p].share);
        sum += part[p];
    }
    part[PART_OTHER] = fmax(0, 1 - sum);
}

/* Record R's bar at (X, Y), W wide and H high: the parts, each with a
 * tooltip, inside a frame that marks 100 %; a line instead when R has no
 * profile. */
static void svg_bar(FILE *out, const struct rec *r, double x, double y, double w, double h)
{
    double part[NPARTS], at = x;

    if (!svg_drawn(r)) {
        svg_text(out, x + 2, y + h - 0.5, "start", "none", "no profile (%s)",
                 r != NULL ? rec_state_name(r->state) : "no record");
        return;
    }
    svg_parts(r, part);
    for (int p = 0; p < NPARTS; p++) {
        double pw = w * fmin(part[p], fmax(0, 1 - (at - x) / w));

        fprintf(out,
                "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\">"
                "<title>%s: %.2f %%</title></rect>\n",
                at, y, pw, h, svg_part_fill[p], svg_part_name[p], 100 * part[p]);
        at += pw;
    }
    fprintf(out, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" class=\"frame\"/>\n",
            x, y, w, h);
}

/* The header: title, what was measured where and when, the legend, and
 * the axis with the columns' headings. */
static void svg_head(FILE *out, const struct svg_chart *c, const struct svg_layout *l,
                     char *const *meta, size_t nmeta)
{
    const char *const *head = l->pair ? svg_pair_head : svg_report_head;
    double y = SVG_MARGIN + SVG_TITLE_FONT, x = l->x_inst;

    svg_text(out, l->x_inst, y, "start", "title", "%s", c->title);
    for (size_t i = 0; i < nmeta; i++)
        svg_text(out, l->x_inst, y += SVG_LEADING, "start", "meta", "%s", meta[i]);
    /* the legend: the hash helpers, then the DRNG and the rest */
    y += SVG_LEADING + 4;
    svg_text(out, x, y, "start", NULL, "hash:");
    x += svg_width("hash:", SVG_FONT) + 3;
    for (int p = 0; p < NPARTS; p++) {
        if (p == PART_DRNG)
            x += 6;
        fprintf(out,
                "<rect x=\"%.2f\" y=\"%.2f\" width=\"8\" height=\"7\" fill=\"%s\" "
                "class=\"swatch\"/>\n",
                x, y - 6.5, svg_part_fill[p]);
        svg_text(out, x + 10.5, y, "start", NULL, "%s", svg_part_name[p]);
        x += 10.5 + svg_width(svg_part_name[p], SVG_FONT) + 5;
    }
    /* the axis: a full bar is the operation's whole time; its title over
     * the bar, or ending where the bar ends when it is wider */
    {
        const char *axis = svg_width(SVG_AXIS_LONG, SVG_FONT) <= l->bar + l->x_bar - l->x_inst
                               ? SVG_AXIS_LONG
                               : SVG_AXIS_SHORT;

        if (svg_width(axis, SVG_FONT) <= l->bar)
            svg_text(out, l->x_bar + l->bar / 2, l->y_axis - SVG_LEADING + 1, "middle", "axis",
                     "%s", axis);
        else
            svg_text(out, l->x_bar + l->bar, l->y_axis - SVG_LEADING + 1, "end", "axis", "%s",
                     axis);
    }
    for (int t = 0; t <= 4; t++)
        svg_text(out, l->x_bar + l->bar * t / 4, l->y_axis,
                 t == 0   ? "start"
                 : t == 4 ? "end"
                          : "middle",
                 "axis", "%d", 25 * t);
    for (int i = 0; i < 3; i++)
        if (head[i][0] != '\0')
            svg_text(out, l->col[i], l->y_axis, "end", "head", "%s", head[i]);
    if (l->pair)
        svg_text(out, l->col[1] - SVG_DIFF_PANEL / 2, l->y_axis - SVG_LEADING + 1, "middle", "head",
                 "\xce\x94 hash, pp");
}

/* The scale of the difference panels, SCALE percentage points either
 * side of zero, under their heading, and the zero line down to BOTTOM. */
static void svg_diff_axis(FILE *out, const struct svg_layout *l, double scale, double bottom)
{
    double mid = l->col[1] - SVG_DIFF_PANEL / 2;

    svg_text(out, mid - SVG_DIFF_PANEL / 2, l->y_axis, "start", "axis", "\xe2\x88\x92%g", scale);
    svg_text(out, mid, l->y_axis, "middle", "axis", "0");
    svg_text(out, mid + SVG_DIFF_PANEL / 2, l->y_axis, "end", "axis", "+%g", scale);
    svg_line(out, mid, l->y_rows + 2, mid, bottom, "zero");
}

/* The difference panel of row R at Y (the row's middle): B's hash share
 * minus A's as a bar from zero, on a scale of plus or minus SCALE, with
 * whiskers at its 95 % margins below and above (apart where a played-back
 * share's ends are); grey when the margin towards zero reaches it. */
static void svg_diff(FILE *out, const struct svg_layout *l, const struct svg_row *r, double y,
                     double scale)
{
    double mid = l->col[1] - SVG_DIFF_PANEL / 2;
    double unit = SVG_DIFF_PANEL / 2 / scale, d = 100 * r->diff;
    double lo = 100 * r->diff_below, hi = 100 * r->diff_above;
    bool noise = d >= 0 ? d <= lo : -d <= hi;
    char text[FMT_CELL];

    if (!r->has_diff)
        return;
    fprintf(out,
            "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"5\" class=\"%s\">"
            "<title>hash share B - A: %+.2f pp (-%.2f/+%.2f pp, 95 %%)</title></rect>\n",
            fmin(mid, mid + d * unit), y - 2.5, fabs(d) * unit, noise ? "diffnoise" : "diff", d, lo,
            hi);
    /* whiskers shorter than half a point would read as a blot */
    if ((lo + hi) * unit >= 1) {
        svg_line(out, mid + (d - lo) * unit, y, mid + (d + hi) * unit, y, "whisker");
        svg_line(out, mid + (d - lo) * unit, y - 2, mid + (d - lo) * unit, y + 2, "whisker");
        svg_line(out, mid + (d + hi) * unit, y - 2, mid + (d + hi) * unit, y + 2, "whisker");
    }
    svg_diff_label(text, sizeof text, d, lo, hi);
    /* a true minus sign, as print sets it */
    svg_text(out, l->col[1] + 4, y + 2.8, "start", noise ? "within" : "fig", "%s%s",
             d < 0 ? "\xe2\x88\x92" : "", text + (d < 0));
}

/* The scale of the difference panels: the largest difference with its
 * margin, rounded up to 1, 2 or 5 times a power of ten (1 pp at least). */
static double svg_diff_scale(const struct svg_chart *c)
{
    double top = 0, step;

    for (size_t i = 0; i < c->n; i++)
        if (c->rows[i].has_diff)
            top = fmax(top, 100 * fmax(fabs(c->rows[i].diff - c->rows[i].diff_below),
                                       fabs(c->rows[i].diff + c->rows[i].diff_above)));
    if (top <= 1)
        return 1;
    step = pow(10, floor(log10(top)));
    return top <= step ? step : top <= 2 * step ? 2 * step : top <= 5 * step ? 5 * step : 10 * step;
}

/* Row R of a report at Y: its bar and its hash share, DRNG share and
 * mean time, with its marks. */
static void svg_report_row(FILE *out, const struct svg_layout *l, const struct svg_row *row,
                           double y)
{
    const struct rec *r = row->bar[0];
    char hash[FMT_CELL], drng[FMT_CELL], time[FMT_CELL], marks[16];
    double base = y + SVG_BAR - 0.6;

    svg_bar(out, r, l->x_bar, y, l->bar, SVG_BAR);
    if (svg_drawn(r)) {
        svg_text(out, l->col[0], base, "end", "fig", "%s%s", report_bound_mark(r),
                 fmt_share(hash, sizeof hash, r->hash_share));
        svg_text(out, l->col[1], base, "end", "fig", "%s%s", report_bound_mark(r),
                 fmt_share(drng, sizeof drng, r->drng_share));
    }
    if (r->has_timing && !isnan(r->mean_seconds))
        svg_text(out, l->col[2], base, "end", "fig", "%s",
                 fmt_seconds(time, sizeof time, r->mean_seconds));
    if (svg_marks(r, false, marks, sizeof marks)[0] != '\0')
        svg_text(out, l->x_mark, base, "start", "mark", "%s", marks);
}

/* Row R of a comparison at Y: A's and B's bars, each with its mean time,
 * the difference of their hash shares, and the marks of either. */
static void svg_pair_row(FILE *out, const struct svg_layout *l, const struct svg_row *row, double y,
                         double scale)
{
    char time[FMT_CELL], ma[16], mb[16];
    double mid = y + SVG_PAIR_ROW / 2 - 1.5;

    for (int s = 0; s < 2; s++) {
        const struct rec *r = row->bar[s];
        double top = y + s * (SVG_PAIR_BAR + 1.5), base = top + SVG_PAIR_BAR - 0.3;

        svg_text(out, l->x_tag, base, "start", "tag", "%c", 'A' + s);
        svg_bar(out, r, l->x_bar, top, l->bar, SVG_PAIR_BAR);
        if (r != NULL && r->has_timing && !isnan(r->mean_seconds))
            svg_text(out, l->col[0], base, "end", "fig", "%s",
                     fmt_seconds(time, sizeof time, r->mean_seconds));
    }
    svg_diff(out, l, row, mid, scale);
    svg_marks(row->bar[0], true, ma, sizeof ma);
    svg_marks(row->bar[1], true, mb, sizeof mb);
    if (ma[0] != '\0')
        svg_text(out, l->x_mark, y + SVG_PAIR_BAR - 0.3, "start", "mark", "%s", ma);
    if (mb[0] != '\0')
        svg_text(out, l->x_mark, y + 2 * SVG_PAIR_BAR + 1.2, "start", "mark", "%s", mb);
}

/* The heading of a scheme's group at (X, Y): its id, and its algorithm
 * when that says more. */
static void svg_group(FILE *out, double x, double y, const struct rec *r)
{
    fprintf(out, "<text x=\"%.2f\" y=\"%.2f\" xml:space=\"preserve\"><tspan class=\"group\">", x,
            y);
    markup_escape(out, r->scheme_id);
    fputs("</tspan>", out);
    if (strcmp(r->algorithm, r->scheme_id) != 0) {
        fputs("<tspan class=\"meta\"> (", out);
        markup_escape(out, r->algorithm);
        fputs(")</tspan>", out);
    }
    fputs("</text>\n", out);
}

/* The height of the lines of row K of ORDER: its scheme's heading and
 * its instance's name when it starts them, and its bars. */
static double svg_row_height(const struct svg_chart *c, const size_t *order, size_t k, bool pair)
{
    return (svg_new_group(c, order, k) ? SVG_LEADING + 3 : 0) +
           (svg_new_instance(c, order, k) ? SVG_LEADING : 0) + (pair ? SVG_PAIR_ROW : SVG_ROW);
}

/* The rows of C, a group per scheme under a rule and its name, an
 * instance's operations under its name; the axis's grid behind the bars.
 * The bottom of the last row. */
static double svg_rows(FILE *out, const struct svg_chart *c, const size_t *order,
                       const struct svg_layout *l)
{
    double y = l->y_rows, bottom = l->y_rows, scale = l->pair ? svg_diff_scale(c) : 0;

    for (size_t k = 0; k < c->n; k++)
        bottom += svg_row_height(c, order, k, l->pair);
    for (int t = 1; t <= 3; t++)
        svg_line(out, l->x_bar + l->bar * t / 4, l->y_rows + 2, l->x_bar + l->bar * t / 4, bottom,
                 "grid");
    if (l->pair)
        svg_diff_axis(out, l, scale, bottom);
    for (size_t k = 0; k < c->n; k++) {
        const struct svg_row *row = &c->rows[order[k]];
        const struct rec *r = svg_first(row);

        if (svg_new_group(c, order, k)) {
            svg_line(out, l->x_inst, y + 1, l->width - SVG_MARGIN, y + 1, "rule");
            svg_group(out, l->x_inst, y + SVG_LEADING, r);
            y += SVG_LEADING + 3;
        }
        if (svg_new_instance(c, order, k)) {
            svg_text(out, l->x_inst, y + SVG_LEADING - 2.5, "start", "instance", "%s", r->instance);
            y += SVG_LEADING;
        }
        svg_text(out, l->x_op, y + (l->pair ? SVG_PAIR_ROW / 2 + 1.3 : SVG_BAR - 0.6), "start",
                 NULL, "%s", rec_op_name(r->op));
        if (l->pair)
            svg_pair_row(out, l, row, y, scale);
        else
            svg_report_row(out, l, row, y);
        y += l->pair ? SVG_PAIR_ROW : SVG_ROW;
    }
    return y;
}

/* How many bytes of WORD's beginning fit WIDTH points at SIZE: whole
 * characters, one at least. */
static size_t svg_fitting(const char *word, double width, double size)
{
    size_t n = 0, next;
    char *part;

    for (;;) {
        next = n + 1;
        while (word[next] != '\0' && (word[next] & 0xc0) == 0x80)
            next++;
        part = xasprintf("%.*s", (int)next, word);
        if (n > 0 && svg_width(part, size) > width) {
            free(part);
            return n;
        }
        free(part);
        n = next;
    }
}

/* Text wrapped to a width (svg.h). */
double svg_wrap(FILE *out, double x, double y, double width, double size, double lead,
                const char *cls, const char *text)
{
    struct strlist line = {0};
    char *copy = xstrdup(text), *save = NULL;

    for (char *word = strtok_r(copy, " ", &save); word != NULL; word = strtok_r(NULL, " ", &save)) {
        char *now = strlist_join(&line, " "), *with = xasprintf("%s %s", now, word);

        if (line.n > 0 && svg_width(with, size) > width) {
            svg_text(out, x, y, "start", cls, "%s", now);
            y += lead;
            strlist_free(&line);
        }
        /* a word wider than a line (a long path) is cut where it fills one */
        while (svg_width(word, size) > width) {
            size_t n = svg_fitting(word, width, size);

            svg_text(out, x, y, "start", cls, "%.*s", (int)n, word);
            y += lead;
            word += n;
        }
        strlist_add(&line, word);
        free(now);
        free(with);
    }
    if (line.n > 0) {
        char *now = strlist_join(&line, " ");

        svg_text(out, x, y, "start", cls, "%s", now);
        free(now);
    }
    strlist_free(&line);
    free(copy);
    return y;
}

/* TEXT under the line at Y, wrapped at blanks to the page's width; the
 * last baseline. */
static double svg_note(FILE *out, const struct svg_layout *l, double y, const char *text)
{
    return svg_wrap(out, l->x_inst, y + SVG_LEADING, l->width - 2 * SVG_MARGIN, SVG_FONT,
                    SVG_LEADING, "note", text);
}

/* The notes under the rows: what the marks say, and how to read a
 * comparison's difference; the last baseline. */
static double svg_notes(FILE *out, const struct svg_chart *c, const struct svg_layout *l, double y)
{
    bool used[NMARKS] = {false};

    for (size_t i = 0; i < c->n; i++)
        for (int s = 0; s < 2; s++) {
            const struct rec *r = c->rows[i].bar[s];

            used[MARK_EMULATED] |= r != NULL && r->emulated;
            used[MARK_NOISY] |= r != NULL && r->noisy;
            used[MARK_PARTIAL] |= r != NULL && r->state == REC_PARTIAL;
            used[MARK_BOUND] |= svg_bound(r);
        }
    y += 3;
    y = svg_note(out, l, y,
                 "time/op: the mean time of one operation of the library built without "
                 "the wrappers.");
    if (l->pair)
        y = svg_note(out, l, y,
                     "\xce\x94 hash: B's hash share minus A's, in percentage points; "
                     "whiskers: its 95 % margins below and above, both shares' "
                     "uncertainties together (a played-back share's ends apart); "
                     "grey: within them, no difference.");
    for (int m = 0; m < NMARKS; m++)
        if (used[m]) {
            char *note = xasprintf("%s %s", svg_mark[m], svg_mark_note[m]);

            y = svg_note(out, l, y, note);
            free(note);
        }
    return y;
}

/* Add VALUE to the distinct values LIST (N of them, room for MAX). */
static void svg_distinct(const char **list, size_t *n, size_t max, const char *value)
{
    if (value == NULL)
        return;
    for (size_t i = 0; i < *n; i++)
        if (strcmp(list[i], value) == 0)
            return;
    if (*n < max)
        list[(*n)++] = value;
}

/* Join the N values of LIST with ", ", or say how many there are when
 * that is longer than WIDTH points; newly allocated. */
static char *svg_join(const char **list, size_t n, const char *what, double width)
{
    char *text = xstrdup("");

    for (size_t i = 0; i < n; i++) {
        char *next = xasprintf("%s%s%s", text, i > 0 ? ", " : "", list[i]);

        free(text);
        text = next;
    }
    if (svg_width(text, SVG_FONT) > width) {
        free(text);
        text = xasprintf("%zu %s", n, what);
    }
    return text;
}

/* PATH shortened from the left with an ellipsis to fit WIDTH points;
 * newly allocated. */
static char *svg_fit_path(const char *path, double width)
{
    const char *p = path;

    while (svg_width(p, SVG_FONT) > width && strchr(p + 1, '/') != NULL)
        p = strchr(p + 1, '/');
    return p == path ? xstrdup(path) : xasprintf("\xe2\x80\xa6%s", p);
}

/* The lines under the title, into META (room for 4), each fitting WIDTH
 * points: a comparison's inputs; the schemes, the dates of the records
 * and the version that drew them; the hosts.  Their number. */
static size_t svg_meta(const struct svg_chart *c, double width, char **meta)
{
    const char *schemes[16], *hosts[16], *first = NULL, *last = NULL;
    size_t nschemes = 0, nhosts = 0, n = 0;
    char *s, *h, *when;

    for (size_t i = 0; i < c->n; i++)
        for (int b = 0; b < 2; b++) {
            const struct rec *r = c->rows[i].bar[b];

            if (r == NULL)
                continue;
            svg_distinct(schemes, &nschemes, 16, r->scheme_id);
            svg_distinct(hosts, &nhosts, 16, r->cpu_model);
            if (r->created != NULL && (first == NULL || strcmp(r->created, first) < 0))
                first = r->created;
            if (r->created != NULL && (last == NULL || strcmp(r->created, last) > 0))
                last = r->created;
        }
    for (int b = 0; b < 2 && c->sides[0] != NULL; b++) {
        char *fit = svg_fit_path(c->sides[b], width - svg_width("A: ", SVG_FONT));

        meta[n++] = xasprintf("%c: %s", 'A' + b, fit);
        free(fit);
    }
    /* the dates and the version first: the schemes take what they leave */
    if (first == NULL)
        when = xasprintf("; drawn by iccsprof %s", PACKAGE_VERSION);
    else if (strncmp(first, last, 10) == 0)
        when = xasprintf("; measured %.10s; drawn by iccsprof %s", first, PACKAGE_VERSION);
    else
        when = xasprintf("; measured %.10s to %.10s; drawn by iccsprof %s", first, last,
                         PACKAGE_VERSION);
    s = svg_join(schemes, nschemes, "schemes", width - svg_width(when, SVG_FONT));
    h = svg_join(hosts, nhosts, "hosts", width - svg_width("host: ", SVG_FONT));
    meta[n++] = xasprintf("%s%s", s, when);
    meta[n++] = xasprintf("host: %s", nhosts > 0 ? h : "not recorded");
    free(when);
    free(s);
    free(h);
    return n;
}

/* Print chart C. */
void svg_print_chart(const struct svg_chart *c, FILE *out)
{
    size_t *order = svg_order(c), nmeta;
    struct svg_layout l;
    char *meta[4];
    double bottom;

    nmeta = svg_meta(c, SVG_PAGE - 2 * SVG_MARGIN, meta);
    svg_lay_out(c, nmeta, &l);
    /* the height is known once the rows and notes are laid: draw into a
     * buffer first */
    {
        char *body = NULL;
        size_t size = 0;
        FILE *f = open_memstream(&body, &size);

        if (f == NULL)
            abort();
        svg_head(f, c, &l, meta, nmeta);
        bottom = svg_notes(f, c, &l, svg_rows(f, c, order, &l)) + SVG_MARGIN;
        fclose(f);
        fprintf(out,
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%.1fmm\" "
                "height=\"%.1fmm\" viewBox=\"0 0 %.2f %.2f\" "
                "font-family=\"Helvetica, Arial, 'DejaVu Sans', sans-serif\" font-size=\"%g\">\n",
                l.width * SVG_MM_PER_PT, bottom * SVG_MM_PER_PT, l.width, bottom, SVG_FONT);
        fputs("<title>", out);
        markup_escape(out, c->title);
        fputs("</title>\n"
              "<style>.title{font-size:10px;font-weight:bold}.meta{fill:#333333}"
              ".group{font-weight:bold}.instance{font-style:italic}.axis,.head{fill:#333333}.head{"
              "font-weight:bold}"
              ".tag{font-weight:bold}.none,.within{fill:#666666;font-style:italic}"
              ".note{fill:#333333}.mark{font-weight:bold}"
              ".frame{fill:none;stroke:#333333;stroke-width:0.4}"
              ".swatch{stroke:#333333;stroke-width:0.4}"
              ".grid{stroke:#bbbbbb;stroke-width:0.4;stroke-dasharray:1.5,1.5}"
              ".rule{stroke:#333333;stroke-width:0.5}.zero{stroke:#333333;stroke-width:0.5}"
              ".diff{fill:#31688e}.diffnoise{fill:#bbbbbb}"
              ".whisker{stroke:#000000;stroke-width:0.6}</style>\n"
              "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n",
              out);
        fwrite(body, 1, size, out);
        free(body);
    }
    fputs("</svg>\n", out);
    for (size_t i = 0; i < nmeta; i++)
        free(meta[i]);
    free(order);
}
