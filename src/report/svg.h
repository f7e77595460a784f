/* svg.h - the share chart of report and compare, drawn for a paper.
 *
 * Per record, a bar of the operation's mean time split into pseudohash,
 * pseudoXOF, sm3hash, the DRNG and the other code, on an axis where a
 * full bar is 100 %; beside it the hash and DRNG shares and the mean time
 * of the operation; rows grouped per scheme, noisy and partial records
 * marked.  The chart of a comparison draws A's and B's bars and the
 * difference of the hash shares with its uncertainty.
 *
 * The document is sized for the text width of a journal page (120 mm):
 * one user unit is one point there, so the smallest text is 8 pt when the
 * chart is printed at that width.  Colours differ in lightness as well as
 * hue, so that they stay apart for colour-blind readers and in greyscale.
 * It is a standalone SVG 1.1 document with no script and no external
 * reference, so that a browser opens it and a Markdown viewer shows it. */
#ifndef ICCSPROF_SVG_H
#define ICCSPROF_SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "record/record-read.h"

/* One row of a chart: one operation of an instance, with one record (a
 * report) or A's and B's (a comparison, then with their difference). */
struct svg_row {
    const struct rec *bar[2]; /* bar[1] is NULL in a report's chart */
    bool has_diff;            /* the difference below is known */
    double diff;              /* B's hash share minus A's */
    double diff_below;        /* its 95 % margin below it (struct cmp_share); 0: none */
    double diff_above;        /* and above it: a played-back share's ends are not symmetric */
};

struct svg_chart {
    const char *title;
    const char *sides[2]; /* a comparison's inputs, A and B; NULL in a report */
    const struct svg_row *rows;
    size_t n;
};

/* The width of TEXT at SIZE points, at most: each character (not byte)
 * by its shape, in the widest of the usual sans fonts. */
double svg_width(const char *text, double size);

/* TEXT in lines of class CLS at X filling WIDTH points at SIZE, words kept
 * whole but for a word wider than a line (a long path), which is cut where
 * it fills one; the first baseline at Y, lines LEAD apart; the last
 * baseline. */
double svg_wrap(FILE *out, double x, double y, double width, double size, double lead,
                const char *cls, const char *text);

/* A text element at (X, Y), anchored ANCHOR (start, middle, end), of
 * class CLS (NULL for none), its content formatted and escaped. */
void svg_text(FILE *out, double x, double y, const char *anchor, const char *cls, const char *fmt,
              ...) __attribute__((format(printf, 6, 7)));

/* Print chart C as one SVG document on OUT. */
void svg_print_chart(const struct svg_chart *c, FILE *out);

#endif
