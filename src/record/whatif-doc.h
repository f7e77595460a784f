/* whatif-doc.h - the what-if matrix document (schema iccsprof-whatif/2;
 * /1 is read too): each scheme instance and operation against each
 * candidate hash, the cycles projected (from the operation played back,
 * with a half-width, or from the record's shapes: the row's method; a
 * version 1 document gives no method) and, where a substituted run was
 * made, measured; and whether the calls per operation depend on the
 * hash.  `iccsprof whatif` writes it;
 * the heat map (whatif-svg.h) and the report's "What if" section read it.
 *
 * A document is checked once on loading; readers then take its members
 * as given.  Optional members are checked for their type when present. */
#ifndef ICCSPROF_WHATIF_DOC_H
#define ICCSPROF_WHATIF_DOC_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* How the document's schema id begins, the newest version read, and the
 * document's name beside the records. */
#define WHATIF_SCHEMA_PREFIX "iccsprof-whatif/"
#define WHATIF_SCHEMA_VERSION 2
#define WHATIF_FILE "whatif.json"

/* Check DOC against the contract; 0, or -1 with the first problem in WHY
 * ("field rows[2].projected.ratio: expected a number, found a string"). */
int whatif_doc_check(json_t *doc, char *why, size_t size);

/* Load and check the document in PATH; NULL with one line naming PATH
 * in ERR ("whatif.json:3:1: not JSON: ...", "whatif.json: schema ... is
 * newer than this iccsprof reads"). */
json_t *whatif_doc_load(const char *path, char *err, size_t size);

/* The candidate named NAME in document DOC, or NULL. */
const json_t *whatif_candidate(const json_t *doc, const char *name);

/* Load the documents of the N PATHS into *DOCS, a new array of N (NULL
 * when N is 0); 0, or -1 after a one-line error naming the first that
 * cannot be read (nothing then kept). */
int whatif_docs_load(char *const *paths, size_t n, json_t ***docs);

/* Free the N documents DOCS and the array (NULL is allowed). */
void whatif_docs_free(json_t **docs, size_t n);

/* Member KEY of object O as a number, NAN when null or absent. */
double whatif_num(const json_t *o, const char *key);

/* Member KEY of object O as a string, "" when absent. */
const char *whatif_str(const json_t *o, const char *key);

/* What the document's figures count: "ticks" when every row's placeholder
 * record was timed by the tick counter (no hardware cycle counter where
 * it was measured), "cycles" otherwise. */
const char *whatif_unit(const json_t *doc);

/* Whether the row's figure drawn in the heat map is a measurement (a
 * substituted run that worked), not a projection. */
bool whatif_row_measured(const json_t *row);

/* What the measured figures of DOC are, for the note under a table that
 * shows them, in UNIT (cycles or ticks): scaled to the record (a run's
 * ratio to the control run times the record's figure), the run's own, or
 * both; NULL when no row was measured on either basis.  Newly allocated. */
char *whatif_measured_note(const json_t *doc, const char *unit);

/* The row's ratio to the placeholder that the heat map and the report
 * give first: measured when measured, else projected; NAN when neither. */
double whatif_row_ratio(const json_t *row);

#endif
