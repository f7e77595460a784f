/* svg.h - the share chart: per record, a stacked bar of the time in the
 * hash helpers, in the DRNG and in the rest of the operation.
 *
 * A standalone SVG 1.1 document with no script and no external reference,
 * so that a browser opens it and a Markdown viewer shows it as an image. */
#ifndef ICCSPROF_SVG_H
#define ICCSPROF_SVG_H

#include <stddef.h>
#include <stdio.h>

#include "record-read.h"

/* One bar of the chart: the record it shows, and a short tag drawn before
 * the bar ("A", "B"; NULL for none). */
struct svg_bar {
    const struct rec *r;
    const char *tag;
};

/* A group of bars under one heading: an instance and operation. */
struct svg_group {
    const char *instance, *operation;
    struct svg_bar bars[2];
    size_t nbars;
};

/* Print the chart of the N groups GROUPS, titled TITLE with SUBTITLE (may
 * be NULL) under it, as one SVG document. */
void svg_print_shares(const char *title, const char *subtitle, const struct svg_group *groups,
                      size_t n, FILE *out);

#endif
