/* mdtable.h - a Markdown section: a heading, a pipe table and note lines.
 *
 * The report and compare sections fill one of these cell by cell and print
 * it; the table owns copies of everything given to it. */
#ifndef ICCSPROF_MDTABLE_H
#define ICCSPROF_MDTABLE_H

#include <stddef.h>
#include <stdio.h>

struct mdtable;

/* A table titled TITLE (no heading when NULL) with NCOLS columns named by
 * HEADERS; ALIGN holds one letter per column, 'l' or 'r'. */
struct mdtable *mdtable_new(const char *title, size_t ncols, const char *const *headers,
                            const char *align);

/* Append a row of NCOLS cells; a '|' in a cell is escaped. */
void mdtable_row(struct mdtable *t, const char *const *cells);

/* Append a note line printed under the table (as a list item); line
 * breaks in it become spaces, so that a record's text cannot start a
 * line of Markdown of its own. */
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

/* TEXT as a Markdown code span into BUF: fenced by one backtick more
 * than its longest run of them, and padded when it starts or ends with
 * one, so that a name holding backticks cannot end the span early. */
char *md_code(char *buf, size_t size, const char *text);

/* Free the table (NULL is allowed). */
void mdtable_free(struct mdtable *t);

#endif
