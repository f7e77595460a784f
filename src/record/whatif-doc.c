/* whatif-doc.c - the what-if matrix document checked and read
 * (whatif-doc.h). */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/message.h"
#include "record/record-schema.h"
#include "util/regfile.h"
#include "record/whatif-doc.h"
#include "util/problem.h"
#include "util/strlist.h"

/* Member KEY of O at field path WHERE, checked to be of KIND ("an
 * object", "a string", "a number", "a boolean"); NULL when it is absent
 * (a problem unless OPTIONAL) or null (a problem unless NULLABLE).  "a
 * number" is finite and not negative, "a signed number" finite. */
static json_t *wc_get(struct problem *c, json_t *o, const char *where, const char *key,
                      const char *kind, bool optional, bool nullable)
{
    json_t *x = json_object_get(o, key);
    bool ok;

    if (x == NULL) {
        if (!optional)
            problem_set(c, "field %s%s%s is missing", where, where[0] ? "." : "", key);
        return NULL;
    }
    if (json_is_null(x) && nullable)
        return NULL;
    if (strcmp(kind, "an object") == 0)
        ok = json_is_object(x);
    else if (strcmp(kind, "an array") == 0)
        ok = json_is_array(x);
    else if (strcmp(kind, "a string") == 0)
        ok = json_is_string(x);
    else if (strcmp(kind, "a boolean") == 0)
        ok = json_is_boolean(x);
    else if (strcmp(kind, "a signed number") == 0)
        ok = json_is_number(x) && isfinite(json_number_value(x));
    else
        ok = json_is_number(x) && isfinite(json_number_value(x)) && json_number_value(x) >= 0;
    if (!ok) {
        problem_set(c, "field %s%s%s: expected %s, found %s", where, where[0] ? "." : "", key,
                    strcmp(kind, "a number") == 0 ? "a number from 0" : kind,
                    json_is_number(x) && strstr(kind, "number") != NULL ? "a negative number"
                                                                        : record_json_kind(x));
        return NULL;
    }
    return x;
}

/* The schema member: this version or an older one of the what-if
 * document. */
static void wc_schema(struct problem *c, json_t *doc)
{
    json_t *s = wc_get(c, doc, "", "schema", "a string", false, false);
    const char *id = s != NULL ? json_string_value(s) : "";
    size_t n = strlen(WHATIF_SCHEMA_PREFIX);
    char *end;
    long v;

    if (s == NULL)
        return;
    v = strncmp(id, WHATIF_SCHEMA_PREFIX, n) == 0 ? strtol(id + n, &end, 10) : 0;
    if (v < 1 || end == id + n || *end != '\0')
        problem_set(c, "schema \"%s\" is not an iccsprof what-if document", id);
    else if (v > WHATIF_SCHEMA_VERSION)
        problem_set(c, "schema \"%s\" is newer than this iccsprof reads (up to %s%d)", id,
                    WHATIF_SCHEMA_PREFIX, WHATIF_SCHEMA_VERSION);
}

/* The version of DOC's schema, which wc_schema has checked. */
static long wc_version(const json_t *doc)
{
    return strtol(whatif_str(doc, "schema") + strlen(WHATIF_SCHEMA_PREFIX), NULL, 10);
}

/* Row I's projection PROJ at WHERE (its field path), by METHOD
 * ("replay": with a half-width). */
static void wc_projected(struct problem *c, json_t *proj, const char *where, const char *method)
{
    wc_get(c, proj, where, "cycles", "a number", false, false);
    wc_get(c, proj, where, "ratio", "a number", false, false);
    wc_get(c, proj, where, "approximate", "a boolean", false, false);
    wc_get(c, proj, where, "as_all_helpers", "a boolean", true, false);
    wc_get(c, proj, where, "half_width", "a number", strcmp(method, "replay") != 0, false);
}

/* Row I's method (from version 2: "replay" or "microbenchmark") and
 * whether its calls depend on the hash, with why when they do; its
 * method, "" in a version 1 document. */
static const char *wc_method(struct problem *c, json_t *row, const char *where, const json_t *doc)
{
    bool v2 = wc_version(doc) >= 2;
    json_t *m = wc_get(c, row, where, "method", "a string", !v2, false);
    json_t *dep = wc_get(c, row, where, "calls_depend_on_hash", "a boolean", !v2, false);

    if (m != NULL && strcmp(json_string_value(m), "replay") != 0 &&
        strcmp(json_string_value(m), "microbenchmark") != 0)
        problem_set(c, "field %s.method: \"%s\" is neither replay nor microbenchmark", where,
                    json_string_value(m));
    wc_get(c, row, where, "calls_why", "a string", !json_is_true(dep), false);
    return m != NULL ? json_string_value(m) : "";
}

/* What made the document: the tool, the date, the command, the host and
 * the method. */
static void wc_context(struct problem *c, json_t *doc)
{
    json_t *tool = wc_get(c, doc, "", "tool", "an object", false, false);
    json_t *host = wc_get(c, doc, "", "host", "an object", false, false);
    json_t *method = wc_get(c, doc, "", "method", "an object", false, false);

    wc_get(c, doc, "", "created", "a string", false, false);
    wc_get(c, doc, "", "command", "a string", true, false);
    if (c->failed)
        return;
    wc_get(c, tool, "tool", "version", "a string", false, false);
    wc_get(c, host, "host", "name", "a string", false, false);
    wc_get(c, host, "host", "cpu", "a string", true, false);
    wc_get(c, host, "host", "emulated", "a boolean", true, false);
    wc_get(c, method, "method", "projection", "a string", true, false);
    wc_get(c, method, "method", "flag_percent", "a number", false, false);
}

/* The candidates: each named once, of a kind. */
static void wc_candidates(struct problem *c, json_t *list)
{
    char where[64];
    json_t *cand;
    size_t i;

    json_array_foreach(list, i, cand)
    {
        snprintf(where, sizeof where, "candidates[%zu]", i);
        if (!json_is_object(cand)) {
            problem_set(c, "field %s: expected an object, found %s", where, record_json_kind(cand));
            return;
        }
        wc_get(c, cand, where, "name", "a string", false, false);
        wc_get(c, cand, where, "kind", "a string", false, false);
        for (size_t j = 0; !c->failed && j < i; j++)
            if (strcmp(whatif_str(json_array_get(list, j), "name"), whatif_str(cand, "name")) == 0)
                problem_set(c, "field %s.name: \"%s\" names another candidate too", where,
                            whatif_str(cand, "name"));
    }
}

/* Row I: its cell of the matrix, the projection and the measurement. */
static void wc_row(struct problem *c, json_t *row, size_t i, const json_t *doc)
{
    static const char *const names[] = {"scheme", "instance", "operation", "candidate"};
    char where[64], sub[80];
    json_t *proj, *meas, *name = NULL;
    const char *method;

    snprintf(where, sizeof where, "rows[%zu]", i);
    if (!json_is_object(row)) {
        problem_set(c, "field %s: expected an object, found %s", where, record_json_kind(row));
        return;
    }
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        name = wc_get(c, row, where, names[k], "a string", false, false);
    if (name != NULL && whatif_candidate(doc, json_string_value(name)) == NULL)
        problem_set(c, "field %s.candidate: \"%s\" is not among the candidates", where,
                    json_string_value(name));
    method = wc_method(c, row, where, doc);
    wc_get(c, row, where, "placeholder_cycles", "a number", false, false);
    proj = wc_get(c, row, where, "projected", "an object", false, true);
    snprintf(sub, sizeof sub, "%s.projected", where);
    if (proj != NULL && !c->failed)
        wc_projected(c, proj, sub, method);
    wc_get(c, row, where, "why", "a string", proj != NULL, false);
    meas = wc_get(c, row, where, "measured", "an object", false, true);
    snprintf(sub, sizeof sub, "%s.measured", where);
    /* a run that failed the works-check is not timed */
    if (meas != NULL && wc_get(c, meas, sub, "works", "a boolean", false, false) != NULL) {
        bool works = json_is_true(json_object_get(meas, "works"));

        wc_get(c, meas, sub, "cycles", "a number", false, !works);
        wc_get(c, meas, sub, "ratio", "a number", false, !works);
    }
    wc_get(c, row, where, "difference_percent", "a signed number", false, true);
    wc_get(c, row, where, "flagged", "a boolean", false, false);
    wc_get(c, row, where, "cycles_source", "a string", true, false);
}

/* Check DOC against the contract. */
int whatif_doc_check(json_t *doc, char *why, size_t size)
{
    struct problem c = {.why = why, .size = size};
    json_t *candidates, *rows, *row;
    size_t i;

    if (!json_is_object(doc)) {
        snprintf(why, size, "not an iccsprof what-if document (the document is %s, not an object)",
                 record_json_kind(doc));
        return -1;
    }
    wc_schema(&c, doc);
    wc_context(&c, doc);
    candidates = wc_get(&c, doc, "", "candidates", "an array", false, false);
    rows = wc_get(&c, doc, "", "rows", "an array", false, false);
    if (!c.failed)
        wc_candidates(&c, candidates);
    json_array_foreach(rows, i, row)
    {
        if (c.failed)
            break;
        wc_row(&c, row, i, doc);
    }
    return c.failed ? -1 : 0;
}

/* Load and check the document in PATH. */
json_t *whatif_doc_load(const char *path, char *err, size_t size)
{
    char why[512];
    FILE *f = regfile_fopen(path, why, sizeof why);
    json_error_t e;
    json_t *doc;

    if (f == NULL) {
        snprintf(err, size, "%s", why);
        return NULL;
    }
    doc = json_loadf(f, JSON_REJECT_DUPLICATES, &e);
    if (doc == NULL && ferror(f))
        snprintf(err, size, "%s: %s", path, strerror(errno));
    else if (doc == NULL)
        snprintf(err, size, "%s:%d:%d: not JSON: %s", path, e.line, e.column, e.text);
    fclose(f);
    if (doc != NULL && whatif_doc_check(doc, why, sizeof why) != 0) {
        snprintf(err, size, "%s: %s", path, why);
        json_decref(doc);
        return NULL;
    }
    return doc;
}

/* Load the documents of PATHS. */
int whatif_docs_load(char *const *paths, size_t n, json_t ***docs)
{
    char err[1024];

    *docs = n > 0 ? calloc(n, sizeof **docs) : NULL;
    for (size_t i = 0; i < n; i++)
        if (((*docs)[i] = whatif_doc_load(paths[i], err, sizeof err)) == NULL) {
            cmd_error("%s", err);
            whatif_docs_free(*docs, i);
            *docs = NULL;
            return -1;
        }
    return 0;
}

/* Free the documents. */
void whatif_docs_free(json_t **docs, size_t n)
{
    for (size_t i = 0; docs != NULL && i < n; i++)
        json_decref(docs[i]);
    free(docs);
}

/* The candidate named NAME in DOC. */
const json_t *whatif_candidate(const json_t *doc, const char *name)
{
    const json_t *list = json_object_get(doc, "candidates");

    for (size_t i = 0; i < json_array_size(list); i++)
        if (strcmp(whatif_str(json_array_get(list, i), "name"), name) == 0)
            return json_array_get(list, i);
    return NULL;
}

/* Member KEY of O as a number. */
double whatif_num(const json_t *o, const char *key)
{
    const json_t *x = json_object_get(o, key);

    return json_is_number(x) ? json_number_value(x) : NAN;
}

/* Member KEY of O as a string. */
const char *whatif_str(const json_t *o, const char *key)
{
    const char *s = json_string_value(json_object_get(o, key));

    return s != NULL ? s : "";
}

/* What DOC's figures count: ticks when every row says so. */
const char *whatif_unit(const json_t *doc)
{
    const json_t *rows = json_object_get(doc, "rows"), *row;
    size_t i;

    json_array_foreach(rows, i, row) if (strcmp(whatif_str(row, "cycles_source"), "ticks") !=
                                         0) return "cycles";
    return json_array_size(rows) > 0 ? "ticks" : "cycles";
}

/* Whether the row's drawn figure is a measurement. */
bool whatif_row_measured(const json_t *row)
{
    const json_t *m = json_object_get(row, "measured");

    return json_is_true(json_object_get(m, "works"));
}

/* The row's first ratio: measured, else projected. */
double whatif_row_ratio(const json_t *row)
{
    if (whatif_row_measured(row))
        return whatif_num(json_object_get(row, "measured"), "ratio");
    return whatif_num(json_object_get(row, "projected"), "ratio");
}

/* What the measured figures of DOC are (whatif-doc.h). */
char *whatif_measured_note(const json_t *doc, const char *unit)
{
    bool control = false, record = false;
    const json_t *row;
    size_t i;

    json_array_foreach(json_object_get(doc, "rows"), i, row)
    {
        const char *basis = whatif_str(json_object_get(row, "measured"), "basis");

        control |= whatif_row_measured(row) && strcmp(basis, "control") == 0;
        record |= whatif_row_measured(row) && strcmp(basis, "record") == 0;
    }
    if (control && record)
        return xasprintf("measured %s: the run's ratio to the control run (`iccs`, measured "
                         "alike) times the record's %s: scaled to the record; where no control run "
                         "was timed, the run's own %s",
                         unit, unit, unit);
    if (control)
        return xasprintf("measured %s: the run's ratio to the control run (`iccs`, measured "
                         "alike) times the record's %s: scaled to the record",
                         unit, unit);
    if (record)
        return xasprintf("measured %s: the run's own (no control run was timed to scale them by)",
                         unit);
    return NULL;
}
