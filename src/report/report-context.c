/* report-context.c - the context columns closing every CSV/JSON row of a
 * report: the host, the build and its survey verdict, the date and the
 * folder of the record, so that rows gathered from two machines or two
 * flag sets can be told apart once they sit in one spreadsheet. */
#include "config.h"

#include <string.h>

#include "report/flat.h"
#include "report/report.h"

static const char *const context_names[] = {
    "hostname", "cpu_model", "kernel",     "cycles_source", "tick_source",
    "tick_hz",  "compiler",  "cflags",     "fallback",      "implementation",
    "survey",   "created",   "record_dir",
};

/* Append the context column names to KEYS. */
void report_context_columns(json_t *keys)
{
    for (size_t i = 0; i < sizeof context_names / sizeof context_names[0]; i++)
        json_array_append_new(keys, json_string(context_names[i]));
}

/* The folder of the record's file, as the file was named ("." when the
 * name has no folder). */
static json_t *context_dir(const char *path)
{
    const char *slash = strrchr(path, '/');

    if (slash == NULL)
        return json_string(".");
    if (slash == path)
        return json_string("/");
    return json_stringn(path, (size_t)(slash - path));
}

/* Set the context fields of R in ROW. */
void report_context_fields(const struct rec *r, json_t *row)
{
    json_object_set_new(row, "hostname", flat_string(r->hostname));
    json_object_set_new(row, "cpu_model", flat_string(r->cpu_model));
    json_object_set_new(row, "kernel", flat_string(r->kernel));
    json_object_set_new(row, "cycles_source", flat_string(r->cycles_source));
    json_object_set_new(row, "tick_source", flat_string(r->tick_source));
    json_object_set_new(row, "tick_hz", flat_number(r->tick_hz));
    json_object_set_new(row, "compiler", flat_string(r->compiler));
    json_object_set_new(row, "cflags", flat_string(r->cflags));
    json_object_set_new(row, "fallback", flat_string(r->fallback));
    json_object_set_new(row, "implementation", flat_string(r->implementation));
    json_object_set_new(row, "survey", flat_string(r->survey_text));
    json_object_set_new(row, "created", flat_string(r->created));
    json_object_set_new(row, "record_dir", context_dir(r->path));
}
