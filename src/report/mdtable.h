/* mdtable.h - a Markdown section: a heading, a pipe table and note lines.
 *
 * The report and compare sections fill one of these cell by cell and print
 * it; the table owns copies of everything given to it. */
#ifndef ICCSPROF_MDTABLE_H
#define ICCSPROF_MDTABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct mdtable;

/* A table titled TITLE (no heading when NULL) with NCOLS columns named by
 * HEADERS; ALIGN holds one letter per column, 'l' or 'r'.  Title and
 * headers are escaped as md_escape does. */
struct mdtable *mdtable_new(const char *title, size_t ncols, const char *const *headers,
                            const char *align);

/* Append a row of NCOLS cells, each escaped as md_escape does for a table. */
void mdtable_row(struct mdtable *t, const char *const *cells);

/* Append a note line printed under the table (as a list item), escaped
 * as md_escape does. */
void mdtable_note(struct mdtable *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Number of rows so far. */
size_t mdtable_rows(const struct mdtable *t);

/* What another renderer reads: the title (NULL when none), the number of
 * columns, column C's header and alignment ('l' or 'r'), the cell of row R
 * and column C, and note N (of mdtable_nnotes); text as Markdown inline
 * text, '|' escaped in headers and cells. */
const char *mdtable_title(const struct mdtable *t);
size_t mdtable_ncols(const struct mdtable *t);
const char *mdtable_header(const struct mdtable *t, size_t c);
char mdtable_align(const struct mdtable *t, size_t c);
const char *mdtable_cell_at(const struct mdtable *t, size_t r, size_t c);
size_t mdtable_nnotes(const struct mdtable *t);
const char *mdtable_note_at(const struct mdtable *t, size_t n);

/* Print the heading, the table (when it has rows) and the notes; a blank
 * line separates the parts and ends the section. */
void mdtable_print(const struct mdtable *t, FILE *out);

/* TEXT, which may hold code spans (md_code) and links (md_link), as
 * Markdown inline text that shows every other character as it is, so that
 * a record's string can neither open HTML nor a link nor end a span:
 * \, <, >, &, [, ], a backtick that opens no span and, in a table cell
 * (TABLE), | escaped by a backslash (| inside code spans too); line breaks
 * as spaces, so that no line of Markdown of its own starts; control
 * characters as \xNN (util/terminal.h), in code spans too.  Malloc'd.  The
 * tables and pages apply it to all their text. */
char *md_escape(const char *text, bool table);

/* A link to TARGET (a page's name: letters, digits and "._-/#") reading
 * TEXT (escaped), marked so that md_escape keeps it a link; malloc'd. */
char *md_link(const char *text, const char *target);

/* TEXT as a Markdown code span into BUF: fenced by one backtick more
 * than its longest run of them, and padded when it starts or ends with
 * one, so that a name holding backticks cannot end the span early. */
char *md_code(char *buf, size_t size, const char *text);

/* Free the table (NULL is allowed). */
void mdtable_free(struct mdtable *t);

#endif
