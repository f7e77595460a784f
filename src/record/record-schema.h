/* record-schema.h - checking a record against profiles/profile.schema.json,
 * the schema the tool is built with, so that the reader refuses exactly
 * what the schema forbids.
 *
 * The checker understands the part of JSON Schema (draft 2020-12) the
 * schema uses: type, const, enum, required, properties,
 * additionalProperties, items, minItems, maxItems, minimum, maximum,
 * exclusiveMinimum, minLength, pattern (POSIX extended), oneOf, allOf,
 * if/then and local $ref; a keyword it does not know refuses the record
 * rather than being passed over. */
#ifndef ICCSPROF_RECORD_SCHEMA_H
#define ICCSPROF_RECORD_SCHEMA_H

#include <jansson.h>
#include <stddef.h>

/* Check VALUE against the part of the record schema at the JSON pointer
 * POINTER ("" for a whole record, "/properties/kat" for a KAT result); 0,
 * or -1 with the first problem in WHY ("field timing.trials[1]: expected
 * an object, found a string"), fields named from PREFIX (the field path
 * of VALUE, "" for a record). */
int record_schema_check(json_t *value, const char *pointer, const char *prefix, char *why,
                        size_t size);

/* How the JSON value X is named in messages: "an object", "a string",
 * "a number with a fraction", "null", ... */
const char *record_json_kind(const json_t *x);

#endif
