/* markup.h - text made safe for XML, SVG and HTML documents. */
#ifndef ICCSPROF_MARKUP_H
#define ICCSPROF_MARKUP_H

#include <stdio.h>

void markup_escape(FILE *out, const char *text);

#endif
