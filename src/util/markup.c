/* markup.c - text made safe for XML, SVG and HTML documents. */
#include "config.h"

#include "util/markup.h"

/* Print TEXT with &, <, > and " as references, so that it can stand as
 * an element's content or an attribute's value alike. */
void markup_escape(FILE *out, const char *text)
{
    for (const char *c = text; *c != '\0'; c++)
        switch (*c) {
        case '&':
            fputs("&amp;", out);
            break;
        case '<':
            fputs("&lt;", out);
            break;
        case '>':
            fputs("&gt;", out);
            break;
        case '"':
            fputs("&quot;", out);
            break;
        default:
            fputc(*c, out);
        }
}
