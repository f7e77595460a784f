/* page.h - a published page as a structure: a title, section headings,
 * paragraphs, lists of "label: value" lines and tables, in order.
 *
 * The report fills one per scheme and prints it as Markdown; another
 * renderer (HTML) walks the same blocks.  The page owns copies of all
 * text given to it, and the tables handed to it. */
#ifndef ICCSPROF_PAGE_H
#define ICCSPROF_PAGE_H

#include <stddef.h>
#include <stdio.h>

#include "report/mdtable.h"

enum page_kind {
    PAGE_TITLE,   /* the page's one title */
    PAGE_HEADING, /* a section's heading */
    PAGE_TEXT,    /* a paragraph */
    PAGE_LIST,    /* lines, one item each */
    PAGE_TABLE,   /* a table with its notes (and its own heading, if titled) */
};

struct page_block {
    enum page_kind kind;
    char *text;            /* title, heading or paragraph; NULL for a list or table */
    char **items;          /* a list's lines */
    size_t nitems;         /* how many */
    struct mdtable *table; /* a table */
};

struct page;

/* An empty page. */
struct page *page_new(void);

/* Append the title, a section heading, a paragraph, or a line to the list
 * that ends the page (a new list when the last block is not one); the
 * text is escaped as md_escape does. */
void page_title(struct page *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void page_heading(struct page *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void page_text(struct page *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void page_item(struct page *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Append table T; the page frees it. */
void page_table(struct page *p, struct mdtable *t);

/* The blocks, in order. */
size_t page_nblocks(const struct page *p);
const struct page_block *page_block(const struct page *p, size_t i);

/* Print the page as Markdown: "# " title, "## " headings, paragraphs, "- "
 * lists and pipe tables, a blank line after each block. */
void page_print_md(const struct page *p, FILE *out);

/* Free the page (NULL is allowed). */
void page_free(struct page *p);

#endif
