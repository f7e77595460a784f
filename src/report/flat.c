/* flat.c - rows of named fields printed as CSV or as a JSON array. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "report/flat.h"
#include "report/provenance.h"

/* Print one CSV field, quoted when it holds a comma, a quote or a line
 * break (quotes doubled inside).  Text that a spreadsheet would read as a
 * formula (a first =, +, -, @, tab or carriage return) gets a leading ',
 * as spreadsheet-safe writers do; the tool's own numbers are never text. */
static void flat_csv_text(const char *s, FILE *out)
{
    const char *formula = *s != '\0' && strchr("=+-@\t\r", *s) != NULL ? "'" : "";

    if (strpbrk(s, ",\"\r\n") == NULL) {
        fprintf(out, "%s%s", formula, s);
        return;
    }
    fprintf(out, "\"%s", formula);
    for (; *s != '\0'; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

/* Print one JSON value as a CSV field. */
static void flat_csv_value(const json_t *v, FILE *out)
{
    switch (v == NULL ? JSON_NULL : json_typeof(v)) {
    case JSON_STRING:
        flat_csv_text(json_string_value(v), out);
        break;
    case JSON_INTEGER:
        fprintf(out, "%lld", (long long)json_integer_value(v));
        break;
    case JSON_REAL:
        fprintf(out, "%.15g", json_real_value(v));
        break;
    case JSON_TRUE:
        fputs("true", out);
        break;
    case JSON_FALSE:
        fputs("false", out);
        break;
    default:
        break;
    }
}

/* Print ROWS as CSV with a header row of KEYS. */
void flat_print_csv(const json_t *keys, const json_t *rows, FILE *out)
{
    size_t i, k;
    const json_t *row, *key;

    json_array_foreach(keys, k, key)
    {
        if (k > 0)
            fputc(',', out);
        flat_csv_text(json_string_value(key), out);
    }
    fputs("\r\n", out);
    json_array_foreach(rows, i, row)
    {
        json_array_foreach(keys, k, key)
        {
            if (k > 0)
                fputc(',', out);
            flat_csv_value(json_object_get(row, json_string_value(key)), out);
        }
        fputs("\r\n", out);
    }
}

/* A JSON output's head: its schema id, the tool that wrote it, and the
 * date, host and command line that made it. */
json_t *flat_document(const char *schema)
{
    return json_pack("{s:s, s:{s:s, s:s}, s:o}", "schema", schema, "tool", "name", PACKAGE_NAME,
                     "version", PACKAGE_VERSION, "made", provenance_json());
}

/* Print ROWS under SCHEMA's head, each object holding exactly KEYS. */
void flat_print_json(const char *schema, const json_t *keys, const json_t *rows, FILE *out)
{
    json_t *doc = flat_document(schema), *array = json_array(), *row, *key, *v;
    size_t i, k;

    json_array_foreach(rows, i, row)
    {
        json_t *ordered = json_object();

        json_array_foreach(keys, k, key)
        {
            v = json_object_get(row, json_string_value(key));
            json_object_set(ordered, json_string_value(key), v != NULL ? v : json_null());
        }
        json_array_append_new(array, ordered);
    }
    json_object_set_new(doc, "rows", array);
    flat_dump(doc, out);
    json_decref(doc);
}

/* A number for a row: null when NAN. */
json_t *flat_number(double v)
{
    return isnan(v) ? json_null() : json_real(v);
}

/* A count for a row: null when negative. */
json_t *flat_count(long long v)
{
    return v < 0 ? json_null() : json_integer(v);
}

/* A string for a row: null when NULL. */
json_t *flat_string(const char *s)
{
    return s == NULL ? json_null() : json_string(s);
}

/* Print a JSON document indented, reals with 15 significant digits. */
void flat_dump(const json_t *doc, FILE *out)
{
    json_dumpf(doc, out, JSON_INDENT(2) | JSON_REAL_PRECISION(15));
    fputc('\n', out);
}
