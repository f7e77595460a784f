/* svg.c - the share chart as one standalone SVG document. */
#include "config.h"

#include <math.h>

#include "format.h"
#include "report.h"
#include "svg.h"

/* Geometry, in pixels: a label column, the bar (100 % wide), the figures. */
#define SVG_LABEL 250
#define SVG_TAG 22
#define SVG_BAR 400
#define SVG_FIGURES 180
#define SVG_WIDTH (SVG_LABEL + SVG_TAG + SVG_BAR + SVG_FIGURES)
#define SVG_HEAD 78
#define SVG_ROW 22
#define SVG_BAR_HEIGHT 15
#define SVG_GAP 8

/* The three parts of a bar, in drawing order, with colours that stay
 * apart for the common colour blindnesses. */
enum { PART_HASH, PART_DRNG, PART_REST, NPARTS };
static const char *const svg_part_name[NPARTS] = {"hash helpers", "DRNG", "rest"};
static const char *const svg_part_colour[NPARTS] = {"#0072b2", "#e69f00", "#d9d9d9"};

/* Print S with the characters XML gives meaning to escaped. */
static void svg_text(FILE *out, const char *s)
{
    for (; *s != '\0'; s++) {
        if (*s == '&')
            fputs("&amp;", out);
        else if (*s == '<')
            fputs("&lt;", out);
        else if (*s == '>')
            fputs("&gt;", out);
        else if (*s == '"')
            fputs("&quot;", out);
        else
            fputc(*s, out);
    }
}

/* The legend: a swatch and a name per part. */
static void svg_legend(FILE *out)
{
    double x = SVG_LABEL + SVG_TAG;

    for (int p = 0; p < NPARTS; p++) {
        fprintf(out,
                "<rect x=\"%.0f\" y=\"48\" width=\"12\" height=\"12\" fill=\"%s\"/>"
                "<text x=\"%.0f\" y=\"58\">%s</text>\n",
                x, svg_part_colour[p], x + 16, svg_part_name[p]);
        x += 130;
    }
}

/* One bar of R at height Y: the parts, then the two shares in the
 * reports' figures;
 * a record without a profile gets a line saying so instead. */
static void svg_bar(FILE *out, const struct svg_bar *b, double y)
{
    const struct rec *r = b->r;
    double share[NPARTS], x = SVG_LABEL + SVG_TAG;
    char hash[32], drng[32];

    if (b->tag != NULL) {
        fprintf(out, "<text x=\"%d\" y=\"%.0f\" class=\"tag\">", SVG_LABEL, y + 12);
        svg_text(out, b->tag);
        fputs("</text>\n", out);
    }
    if (!r->has_profile || isnan(r->hash_share) || isnan(r->drng_share)) {
        fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" class=\"none\">no profile (%s)</text>\n", x,
                y + 12, rec_state_name(r->state));
        return;
    }
    share[PART_HASH] = r->hash_share;
    share[PART_DRNG] = r->drng_share;
    share[PART_REST] = fmax(0, 1 - r->hash_share - r->drng_share);
    for (int p = 0; p < NPARTS; p++) {
        double w = SVG_BAR * fmin(1, share[p]);

        fprintf(out,
                "<rect x=\"%.2f\" y=\"%.0f\" width=\"%.2f\" height=\"%d\" fill=\"%s\">"
                "<title>%s: %.2f %%</title></rect>\n",
                x, y, w, SVG_BAR_HEIGHT, svg_part_colour[p], svg_part_name[p], 100 * share[p]);
        x += w;
    }
    fprintf(out, "<text x=\"%d\" y=\"%.0f\">hash %s%s, DRNG %s%s</text>\n",
            SVG_LABEL + SVG_TAG + SVG_BAR + 8, y + 12, report_bound_mark(r),
            fmt_share(hash, sizeof hash, share[PART_HASH]), report_bound_mark(r),
            fmt_share(drng, sizeof drng, share[PART_DRNG]));
}

/* Print the chart of the groups. */
void svg_print_shares(const char *title, const char *subtitle, const struct svg_group *groups,
                      size_t n, FILE *out)
{
    size_t rows = 0;
    double y = SVG_HEAD;

    for (size_t i = 0; i < n; i++)
        rows += groups[i].nbars;
    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" "
            "height=\"%.0f\" viewBox=\"0 0 %d %.0f\" font-family=\"sans-serif\" "
            "font-size=\"12\">\n"
            "<style>.title{font-size:16px;font-weight:bold}.tag{font-weight:bold}"
            ".none{fill:#777777;font-style:italic}</style>\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
            SVG_WIDTH, SVG_HEAD + rows * SVG_ROW + n * SVG_GAP + 10.0, SVG_WIDTH,
            SVG_HEAD + rows * SVG_ROW + n * SVG_GAP + 10.0);
    fputs("<text x=\"8\" y=\"22\" class=\"title\">", out);
    svg_text(out, title);
    fputs("</text>\n", out);
    if (subtitle != NULL) {
        fputs("<text x=\"8\" y=\"40\">", out);
        svg_text(out, subtitle);
        fputs("</text>\n", out);
    }
    svg_legend(out);
    for (size_t i = 0; i < n; i++) {
        fprintf(out, "<text x=\"8\" y=\"%.0f\">", y + 12);
        svg_text(out, groups[i].instance);
        fputc(' ', out);
        svg_text(out, groups[i].operation);
        fputs("</text>\n", out);
        for (size_t b = 0; b < groups[i].nbars; b++, y += SVG_ROW)
            svg_bar(out, &groups[i].bars[b], y);
        y += SVG_GAP;
    }
    fputs("</svg>\n", out);
}
