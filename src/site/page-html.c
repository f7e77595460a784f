/* page-html.c - a published page as HTML: sections, tables with their
 * captions and header cells, and the page's inline text. */
#include "config.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util/markup.h"
#include "site/page-html.h"
#include "util/strlist.h"

/* What the walk over a page's blocks keeps. */
struct html_walk {
    const struct page_html *how;
    FILE *out;
    struct strlist ids; /* used on the page, each once */
    char *heading;      /* the open section's heading, NULL before the first */
    char *section_id;
    unsigned ntables; /* tables in the open section so far */
};

/* The id of a section headed TEXT. */
char *html_id(char *buf, size_t size, const char *text)
{
    size_t n = (size_t)snprintf(buf, size, "s-");
    bool dash = false;

    for (const char *c = text; *c != '\0' && n + 2 < size; c++) {
        if (isalnum((unsigned char)*c)) {
            if (dash && n > 2)
                buf[n++] = '-';
            buf[n++] = (char)tolower((unsigned char)*c);
            dash = false;
        } else {
            dash = true;
        }
    }
    buf[n] = '\0';
    return buf;
}

/* A new id on the page from TEXT: html_id's, "-2", "-3"... when taken. */
static char *html_new_id(struct html_walk *w, const char *text)
{
    char base[256], *id = xstrdup(html_id(base, sizeof base, text));

    for (unsigned k = 2; strlist_has(&w->ids, id); k++) {
        free(id);
        id = xasprintf("%s-%u", base, k);
    }
    strlist_add(&w->ids, id);
    return id;
}

/* The length of the run of backticks at S. */
static size_t html_ticks(const char *s)
{
    size_t n = 0;

    while (s[n] == '`')
        n++;
    return n;
}

/* Where the code span opened by the N backticks at OPEN ends (the closing
 * run of exactly N), or NULL when it is not closed. */
static const char *html_code_end(const char *open, size_t n)
{
    for (const char *c = open + n; *c != '\0';) {
        size_t run = html_ticks(c);

        if (run == n)
            return c;
        c += run > 0 ? run : 1;
    }
    return NULL;
}

/* Print the code span whose text is [FROM, TO): one space stripped at
 * each end when both have one (how Markdown pads a span that starts or
 * ends with a backtick), a link when the caller gives an address. */
static void html_code(const struct html_walk *w, const char *from, const char *to)
{
    char *text;
    const char *href = NULL;

    if (to - from >= 2 && from[0] == ' ' && to[-1] == ' ' &&
        strspn(from, " ") < (size_t)(to - from)) {
        from++;
        to--;
    }
    text = xasprintf("%.*s", (int)(to - from), from);
    if (w->how != NULL && w->how->href != NULL)
        href = w->how->href(w->how->ctx, text);
    if (href != NULL) {
        fputs("<a href=\"", w->out);
        markup_escape(w->out, href);
        fputs("\">", w->out);
    }
    fputs("<code>", w->out);
    markup_escape(w->out, text);
    fputs("</code>", w->out);
    if (href != NULL)
        fputs("</a>", w->out);
    free(text);
}

static void html_inline(const struct html_walk *w, const char *s, const char *end);

/* At S, a Markdown link "[text](target)" the caller gives an address to:
 * print it and return what follows it; else NULL, nothing printed. */
static const char *html_link(const struct html_walk *w, const char *s, const char *end)
{
    const char *mid = s, *close;
    const char *href = NULL;
    char *target;

    do
        mid = memchr(mid + 1, ']', (size_t)(end - mid - 1));
    while (mid != NULL && mid + 1 < end && mid[1] != '(');
    if (mid == NULL || mid + 1 >= end ||
        (close = memchr(mid + 2, ')', (size_t)(end - mid - 2))) == NULL)
        return NULL;
    target = xasprintf("%.*s", (int)(close - mid - 2), mid + 2);
    if (strpbrk(target, " \t") == NULL && w->how != NULL && w->how->href != NULL)
        href = w->how->href(w->how->ctx, target);
    if (href != NULL) {
        fputs("<a href=\"", w->out);
        markup_escape(w->out, href);
        fputs("\">", w->out);
        html_inline(w, s + 1, mid);
        fputs("</a>", w->out);
    }
    free(target);
    return href != NULL ? close + 1 : NULL;
}

/* Print the inline text [S, END): code spans, the links the caller
 * vouches for, a character that a backslash escapes (md_escape) as
 * itself, and everything else as it reads. */
static void html_inline(const struct html_walk *w, const char *s, const char *end)
{
    while (s < end) {
        const char *next;
        char c[2] = {*s, '\0'};

        if (*s == '\\' && s + 1 < end && ispunct((unsigned char)s[1])) {
            c[0] = s[1];
            markup_escape(w->out, c);
            s += 2;
            continue;
        }
        if (*s == '`') {
            size_t n = html_ticks(s);
            const char *close = html_code_end(s, n);

            if (close != NULL && close < end) {
                html_code(w, s + n, close);
                s = close + n;
            } else {
                fprintf(w->out, "%.*s", (int)n, s);
                s += n;
            }
            continue;
        }
        if (*s == '[' && (next = html_link(w, s, end)) != NULL) {
            s = next;
            continue;
        }
        markup_escape(w->out, c);
        s++;
    }
}

/* Print TEXT, a paragraph's or a list item's. */
static void html_text(const struct html_walk *w, const char *text)
{
    html_inline(w, text, text + strlen(text));
}

/* Print CELL, a table's, whose bars are escaped as "\|". */
static void html_cell_text(const struct html_walk *w, const char *cell)
{
    char *plain = xmalloc(strlen(cell) + 1), *p = plain;

    for (const char *c = cell; *c != '\0'; c++)
        if (!(c[0] == '\\' && c[1] == '|'))
            *p++ = *c;
    *p = '\0';
    html_text(w, plain);
    free(plain);
}

/* Close the open section, with what its caller ends it with. */
static void html_close_section(struct html_walk *w)
{
    if (w->heading == NULL)
        return;
    if (w->how != NULL && w->how->section_end != NULL)
        w->how->section_end(w->how->ctx, w->heading, w->out);
    fputs("</section>\n", w->out);
    free(w->heading);
    free(w->section_id);
    w->heading = w->section_id = NULL;
}

/* Open a section headed TEXT. */
static void html_open_section(struct html_walk *w, const char *text)
{
    html_close_section(w);
    w->heading = xstrdup(text);
    w->section_id = html_new_id(w, text);
    w->ntables = 0;
    fprintf(w->out, "<section aria-labelledby=\"%s\">\n<h2 id=\"%s\">", w->section_id,
            w->section_id);
    html_text(w, text);
    fputs("</h2>\n", w->out);
}

/* Print T's caption: its section's heading, a second table's numbered;
 * read out, not shown, since the heading above says it. */
static void html_caption(struct html_walk *w, const char *id)
{
    fprintf(w->out, "<caption id=\"%s\" class=\"vh\">", id);
    html_text(w, w->heading != NULL ? w->heading : "Table");
    if (w->ntables > 1)
        fprintf(w->out, " (table %u)", w->ntables);
    fputs("</caption>\n", w->out);
}

/* Print row R of T, its first cell the row's header. */
static void html_row(const struct html_walk *w, const struct mdtable *t, size_t r)
{
    fputs("<tr>", w->out);
    for (size_t c = 0; c < mdtable_ncols(t); c++) {
        const char *tag = c == 0 ? "th" : "td";

        fprintf(w->out, "<%s%s%s>", tag, c == 0 ? " scope=\"row\"" : "",
                mdtable_align(t, c) == 'r' ? " class=\"num\"" : "");
        html_cell_text(w, mdtable_cell_at(t, r, c));
        fprintf(w->out, "</%s>", tag);
    }
    fputs("</tr>\n", w->out);
}

/* Print table T and its notes: a titled table opens a section of its
 * own; tables of two rows or more may be sorted by the page's script. */
static void html_table(struct html_walk *w, const struct mdtable *t)
{
    size_t rows = mdtable_rows(t);
    char *id;

    if (mdtable_title(t) != NULL)
        html_open_section(w, mdtable_title(t));
    w->ntables++;
    if (rows > 0) {
        id = html_new_id(w, w->heading != NULL ? w->heading : "table");
        fprintf(w->out,
                "<div class=\"tbl\" role=\"region\" aria-labelledby=\"%s\" tabindex=\"0\">\n", id);
        fprintf(w->out, "<table%s>\n", rows > 1 ? " class=\"sortable\"" : "");
        html_caption(w, id);
        fputs("<thead><tr>", w->out);
        for (size_t c = 0; c < mdtable_ncols(t); c++) {
            fprintf(w->out, "<th scope=\"col\"%s>",
                    mdtable_align(t, c) == 'r' ? " class=\"num\"" : "");
            html_cell_text(w, mdtable_header(t, c));
            fputs("</th>", w->out);
        }
        fputs("</tr></thead>\n<tbody>\n", w->out);
        for (size_t r = 0; r < rows; r++)
            html_row(w, t, r);
        fputs("</tbody>\n</table>\n</div>\n", w->out);
        free(id);
    }
    if (mdtable_nnotes(t) > 0) {
        fputs("<ul class=\"notes\">\n", w->out);
        for (size_t n = 0; n < mdtable_nnotes(t); n++) {
            fputs("<li>", w->out);
            html_text(w, mdtable_note_at(t, n));
            fputs("</li>\n", w->out);
        }
        fputs("</ul>\n", w->out);
    }
}

/* Print block B. */
static void html_block(struct html_walk *w, const struct page_block *b)
{
    switch (b->kind) {
    case PAGE_TITLE:
        fputs("<h1>", w->out);
        html_text(w, b->text);
        fputs("</h1>\n", w->out);
        break;
    case PAGE_HEADING:
        html_open_section(w, b->text);
        break;
    case PAGE_TEXT:
        fputs("<p>", w->out);
        html_text(w, b->text);
        fputs("</p>\n", w->out);
        break;
    case PAGE_LIST:
        fputs("<ul>\n", w->out);
        for (size_t k = 0; k < b->nitems; k++) {
            fputs("<li>", w->out);
            html_text(w, b->items[k]);
            fputs("</li>\n", w->out);
        }
        fputs("</ul>\n", w->out);
        break;
    case PAGE_TABLE:
        html_table(w, b->table);
        break;
    }
}

/* Print P as HTML. */
void page_print_html(const struct page *p, const struct page_html *how, FILE *out)
{
    struct html_walk w = {.how = how, .out = out};

    for (size_t i = 0; i < page_nblocks(p); i++)
        html_block(&w, page_block(p, i));
    html_close_section(&w);
    strlist_free(&w.ids);
}
