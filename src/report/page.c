/* page.c - a published page as a structure, and its Markdown. */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>

#include "report/page.h"
#include "util/strlist.h"

struct page {
    struct page_block *blocks;
    size_t n;
};

/* An empty page. */
struct page *page_new(void)
{
    struct page *p = xmalloc(sizeof *p);

    p->blocks = NULL;
    p->n = 0;
    return p;
}

/* FMT formatted with AP as one line of Markdown text (md_escape): a
 * record's text can neither start a line of its own nor open HTML or a
 * link. */
static char *page_line(const char *fmt, va_list ap)
{
    char *s = xvasprintf(fmt, ap), *line = md_escape(s, false);

    free(s);
    return line;
}

/* A new block of KIND at the end of P. */
static struct page_block *page_add(struct page *p, enum page_kind kind)
{
    struct page_block *b;

    p->blocks = realloc(p->blocks, (p->n + 1) * sizeof *p->blocks);
    if (p->blocks == NULL)
        abort();
    b = &p->blocks[p->n++];
    *b = (struct page_block){.kind = kind};
    return b;
}

/* Append the title. */
void page_title(struct page *p, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    page_add(p, PAGE_TITLE)->text = page_line(fmt, ap);
    va_end(ap);
}

/* Append a section heading. */
void page_heading(struct page *p, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    page_add(p, PAGE_HEADING)->text = page_line(fmt, ap);
    va_end(ap);
}

/* Append a paragraph. */
void page_text(struct page *p, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    page_add(p, PAGE_TEXT)->text = page_line(fmt, ap);
    va_end(ap);
}

/* Append a line to the list ending the page, or to a new one. */
void page_item(struct page *p, const char *fmt, ...)
{
    struct page_block *b = p->n > 0 && p->blocks[p->n - 1].kind == PAGE_LIST
                               ? &p->blocks[p->n - 1]
                               : page_add(p, PAGE_LIST);
    va_list ap;

    b->items = realloc(b->items, (b->nitems + 1) * sizeof *b->items);
    if (b->items == NULL)
        abort();
    va_start(ap, fmt);
    b->items[b->nitems++] = page_line(fmt, ap);
    va_end(ap);
}

/* Append table T, which the page now owns. */
void page_table(struct page *p, struct mdtable *t)
{
    page_add(p, PAGE_TABLE)->table = t;
}

/* How many blocks P has. */
size_t page_nblocks(const struct page *p)
{
    return p->n;
}

/* Block I of P. */
const struct page_block *page_block(const struct page *p, size_t i)
{
    return &p->blocks[i];
}

/* Print P as Markdown. */
void page_print_md(const struct page *p, FILE *out)
{
    for (size_t i = 0; i < p->n; i++) {
        const struct page_block *b = &p->blocks[i];

        switch (b->kind) {
        case PAGE_TITLE:
            fprintf(out, "# %s\n\n", b->text);
            break;
        case PAGE_HEADING:
            fprintf(out, "## %s\n\n", b->text);
            break;
        case PAGE_TEXT:
            fprintf(out, "%s\n\n", b->text);
            break;
        case PAGE_LIST:
            for (size_t k = 0; k < b->nitems; k++)
                fprintf(out, "- %s\n", b->items[k]);
            fputc('\n', out);
            break;
        case PAGE_TABLE:
            mdtable_print(b->table, out);
            break;
        }
    }
}

/* Free P. */
void page_free(struct page *p)
{
    if (p == NULL)
        return;
    for (size_t i = 0; i < p->n; i++) {
        free(p->blocks[i].text);
        for (size_t k = 0; k < p->blocks[i].nitems; k++)
            free(p->blocks[i].items[k]);
        free(p->blocks[i].items);
        mdtable_free(p->blocks[i].table);
    }
    free(p->blocks);
    free(p);
}
