/* flat.h - rows of named fields printed as CSV or as a JSON array.
 *
 * The machine-readable outputs of report and compare: one flat object per
 * row, every row with the same fields in the same order. */
#ifndef ICCSPROF_FLAT_H
#define ICCSPROF_FLAT_H

#include <jansson.h>
#include <stdio.h>

/* Print ROWS (an array of objects) as CSV: a header row of KEYS (an array
 * of strings), then one line per row with the value of each key (absent or
 * null: empty), quoted as RFC 4180 says, lines ended by CRLF; text that
 * starts with =, +, -, @, a tab or a carriage return starts with a ' so that
 * no spreadsheet reads it as a formula. */
void flat_print_csv(const json_t *keys, const json_t *rows, FILE *out);

/* The schema ids of the JSON outputs: a consumer checks the id and the
 * number after the slash, which changes when a member changes meaning. */
#define FLAT_REPORT_SCHEMA "iccsprof.report/1"
#define FLAT_COMPARE_SCHEMA "iccsprof.compare/2"

/* A JSON output's head: {"schema": SCHEMA, "tool": {"name", "version"},
 * "made": {"date", "host", "command"}} (provenance.h); the caller adds the
 * body. */
json_t *flat_document(const char *schema);

/* Print ROWS as {"schema": SCHEMA, "tool": ..., "made": ..., "rows":
 * [objects holding exactly KEYS, in order]}. */
void flat_print_json(const char *schema, const json_t *keys, const json_t *rows, FILE *out);

/* A number for a row: null when NAN (not measured). */
json_t *flat_number(double v);

/* A count for a row: null when negative (not measured). */
json_t *flat_count(long long v);

/* A string for a row: null when NULL. */
json_t *flat_string(const char *s);

/* Print JSON document DOC as the outputs do: indented, numbers with at most
 * 15 significant digits (so 0.047 stays 0.047), ended by a newline. */
void flat_dump(const json_t *doc, FILE *out);

#endif
