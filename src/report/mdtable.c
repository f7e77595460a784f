/* mdtable.c - a Markdown section: a heading, a pipe table and note lines. */
#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/mdtable.h"
#include "util/strlist.h"
#include "util/terminal.h"

struct mdtable {
    char *title;
    size_t ncols;
    char **headers;
    char *align;
    char **cells; /* rows × ncols, row by row */
    size_t nrows, cap;
    char **notes;
    size_t nnotes;
};

/* The length of the run of backticks at S. */
static size_t md_ticks(const char *s)
{
    size_t n = 0;

    while (s[n] == '`')
        n++;
    return n;
}

/* Where the code span opened by the N backticks at OPEN ends (the next
 * run of exactly N, as Markdown reads it), or NULL when none closes it. */
static const char *md_code_end(const char *open, size_t n)
{
    for (const char *c = open + n; *c != '\0';) {
        size_t run = md_ticks(c);

        if (run == n)
            return c;
        c += run > 0 ? run : 1;
    }
    return NULL;
}

/* Whether [FROM, TO) is a link md_link made: "[text](target)", the text
 * with every Markdown character escaped, the target a page's name. */
static bool md_is_link(const char *from, const char *to)
{
    const char *mid;

    if (to - from < 4 || from[0] != '[' || to[-1] != ')')
        return false;
    for (mid = from + 1; mid < to && *mid != ']'; mid++)
        if (*mid == '\\' && mid + 1 < to && mid[1] != '\0')
            mid++;
        else if (strchr("[<>&`\x01\x02", *mid) != NULL || (unsigned char)*mid < 0x20)
            return false;
    if (mid + 1 >= to || mid[1] != '(')
        return false;
    for (const char *t = mid + 2; t < to - 1; t++)
        if (!isalnum((unsigned char)*t) && strchr("._-/#", *t) == NULL)
            return false;
    return mid + 2 < to - 1;
}

/* Append the N bytes at S to O, each '|' escaped when TABLE. */
static char *md_copy(char *o, const char *s, size_t n, bool table)
{
    for (size_t i = 0; i < n; i++) {
        unsigned code;
        size_t c = text_control(s + i, &code);

        if (c > 0) {
            o += sprintf(o, "\\x%02x", code);
            i += c - 1;
            continue;
        }
        if (table && s[i] == '|')
            *o++ = '\\';
        *o++ = s[i];
    }
    return o;
}

/* TEXT as Markdown inline text, malloc'd. */
char *md_escape(const char *text, bool table)
{
    char *out = xmalloc(4 * strlen(text) + 1), *o = out;

    for (const char *s = text; *s != '\0';) {
        unsigned code;
        size_t n;
        const char *end;

        if (*s == '\x01' && (end = strchr(s, '\x02')) != NULL && md_is_link(s + 1, end)) {
            o = md_copy(o, s + 1, (size_t)(end - s - 1), table);
            s = end + 1;
        } else if (*s == '`' && (end = md_code_end(s, md_ticks(s))) != NULL) {
            n = md_ticks(s);
            o = md_copy(o, s, (size_t)(end + n - s), table);
            s = end + n;
        } else if (*s == '\n' || *s == '\r') {
            *o++ = ' ';
            s++;
        } else if ((n = text_control(s, &code)) > 0) {
            o += sprintf(o, "\\x%02x", code);
            s += n;
        } else {
            if (strchr("\\<>&[]`", *s) != NULL || (table && *s == '|'))
                *o++ = '\\';
            *o++ = *s++;
        }
    }
    *o = '\0';
    return out;
}

/* A link to TARGET reading TEXT, marked for md_escape. */
char *md_link(const char *text, const char *target)
{
    char *label = md_escape(text, false), *link = xasprintf("\x01[%s](%s)\x02", label, target);

    free(label);
    return link;
}

/* A table titled TITLE with NCOLS columns named by HEADERS. */
struct mdtable *mdtable_new(const char *title, size_t ncols, const char *const *headers,
                            const char *align)
{
    struct mdtable *t = calloc(1, sizeof *t);

    t->title = title != NULL ? md_escape(title, false) : NULL;
    t->ncols = ncols;
    t->headers = calloc(ncols, sizeof *t->headers);
    for (size_t c = 0; c < ncols; c++)
        t->headers[c] = md_escape(headers[c], true);
    t->align = strdup(align);
    return t;
}

/* Append a row of NCOLS cells. */
void mdtable_row(struct mdtable *t, const char *const *cells)
{
    if (t->nrows == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 16;
        t->cells = realloc(t->cells, t->cap * t->ncols * sizeof *t->cells);
    }
    for (size_t c = 0; c < t->ncols; c++)
        t->cells[t->nrows * t->ncols + c] = md_escape(cells[c], true);
    t->nrows++;
}

/* Append a note line printed under the table. */
void mdtable_note(struct mdtable *t, const char *fmt, ...)
{
    va_list ap;
    char *note;

    va_start(ap, fmt);
    if (vasprintf(&note, fmt, ap) < 0)
        note = NULL;
    va_end(ap);
    if (note == NULL)
        return;
    t->notes = realloc(t->notes, (t->nnotes + 1) * sizeof *t->notes);
    t->notes[t->nnotes++] = md_escape(note, false);
    free(note);
}

/* Number of rows so far. */
size_t mdtable_rows(const struct mdtable *t)
{
    return t->nrows;
}

/* The title, or NULL. */
const char *mdtable_title(const struct mdtable *t)
{
    return t->title;
}

/* The number of columns. */
size_t mdtable_ncols(const struct mdtable *t)
{
    return t->ncols;
}

/* Column C's header. */
const char *mdtable_header(const struct mdtable *t, size_t c)
{
    return t->headers[c];
}

/* Column C's alignment. */
char mdtable_align(const struct mdtable *t, size_t c)
{
    return t->align[c];
}

/* The cell of row R, column C. */
const char *mdtable_cell_at(const struct mdtable *t, size_t r, size_t c)
{
    return t->cells[r * t->ncols + c];
}

/* The number of notes. */
size_t mdtable_nnotes(const struct mdtable *t)
{
    return t->nnotes;
}

/* Note N. */
const char *mdtable_note_at(const struct mdtable *t, size_t n)
{
    return t->notes[n];
}

/* Print one table line from NCOLS cells. */
static void mdtable_line(FILE *out, char *const *cells, size_t ncols)
{
    for (size_t c = 0; c < ncols; c++)
        fprintf(out, "| %s ", cells[c]);
    fputs("|\n", out);
}

/* Print the heading, the table (when it has rows) and the notes. */
void mdtable_print(const struct mdtable *t, FILE *out)
{
    if (t->title != NULL)
        fprintf(out, "## %s\n\n", t->title);
    if (t->nrows > 0) {
        mdtable_line(out, t->headers, t->ncols);
        for (size_t c = 0; c < t->ncols; c++)
            fputs(t->align[c] == 'r' ? "|---:" : "|---", out);
        fputs("|\n", out);
        for (size_t r = 0; r < t->nrows; r++)
            mdtable_line(out, t->cells + r * t->ncols, t->ncols);
        fputc('\n', out);
    }
    for (size_t n = 0; n < t->nnotes; n++)
        fprintf(out, "- %s\n", t->notes[n]);
    if (t->nnotes > 0)
        fputc('\n', out);
}

/* TEXT as a Markdown code span into BUF. */
char *md_code(char *buf, size_t size, const char *text)
{
    size_t run = 0, longest = 0, len = strlen(text);
    char fence[16];
    const char *pad;

    for (const char *c = text; *c != '\0'; c++) {
        run = *c == '`' ? run + 1 : 0;
        longest = run > longest ? run : longest;
    }
    if (longest + 1 >= sizeof fence)
        longest = sizeof fence - 2;
    memset(fence, '`', longest + 1);
    fence[longest + 1] = '\0';
    pad = longest > 0 && (text[0] == '`' || text[len - 1] == '`' || text[0] == ' ') ? " " : "";
    snprintf(buf, size, "%s%s%s%s%s", fence, pad, text, pad, fence);
    return buf;
}

/* Free the table. */
void mdtable_free(struct mdtable *t)
{
    if (t == NULL)
        return;
    for (size_t i = 0; i < t->nrows * t->ncols; i++)
        free(t->cells[i]);
    for (size_t c = 0; c < t->ncols; c++)
        free(t->headers[c]);
    for (size_t n = 0; n < t->nnotes; n++)
        free(t->notes[n]);
    free(t->cells);
    free(t->headers);
    free(t->notes);
    free(t->align);
    free(t->title);
    free(t);
}
