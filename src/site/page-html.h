/* page-html.h - a page (page.h) as HTML: the same blocks the report prints
 * as Markdown, for the published site.
 *
 * The title is the <h1>; each heading, and each table with a title of its
 * own, opens a <section> labelled by its <h2>; paragraphs and lists follow
 * as <p> and <ul>; a table is a <table> with a <caption>, its header cells
 * <th scope="col">, each row's first cell <th scope="row">, right-aligned
 * columns marked "num", inside a box that scrolls on its own when the
 * table is wider than the screen; its notes are a list under it.
 *
 * Text is the page's Markdown inline text: code spans become <code>, and
 * "\|" in a cell a bar.  A code span, or a Markdown link "[text](target)",
 * becomes a link only when the caller gives it an address: text that came
 * from a record can make no link of its own. */
#ifndef ICCSPROF_PAGE_HTML_H
#define ICCSPROF_PAGE_HTML_H

#include <stdio.h>

#include "report/page.h"

struct page_html {
    /* The address (already escaped for a URL) of a link to TARGET, the
     * text of a code span or the target of a Markdown link, or NULL when
     * it is not one; may be NULL itself: no links. */
    const char *(*href)(void *ctx, const char *target);
    /* Print on OUT what ends the section headed HEADING (a figure), or
     * nothing; may be NULL. */
    void (*section_end)(void *ctx, const char *heading, FILE *out);
    void *ctx;
};

/* Print P's blocks as HTML on OUT, links and section ends as HOW says. */
void page_print_html(const struct page *p, const struct page_html *how, FILE *out);

/* The id a section headed TEXT gets on the page, into BUF: "s-" and the
 * text in lower case, every run of other characters than letters and
 * digits one '-'. */
char *html_id(char *buf, size_t size, const char *text);

#endif
