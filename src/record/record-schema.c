/* record-schema.c - a record checked against the schema (record-schema.h). */
#include "config.h"

#include <math.h>
#include <regex.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/record-schema.h"

/* profiles/profile.schema.json, as a string literal made at build time. */
static const char schema_text[] =
#include "profile-schema.h"
    ;

/* One check: the whole schema (for $ref), and the first problem. */
struct sv {
    json_t *root;
    char why[512];
    size_t depth; /* how many members and items deep the problem lies */
    bool failed;
};

/* Record the first problem, at field PATH: "field PATH" then TAIL. */
static void sv_fail(struct sv *v, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void sv_fail(struct sv *v, const char *path, const char *fmt, ...)
{
    va_list ap;
    int n;

    if (v->failed)
        return;
    v->failed = true;
    v->depth = 0;
    for (const char *p = path; *p != '\0'; p++)
        v->depth += *p == '.' || *p == '[';
    n = snprintf(v->why, sizeof v->why, path[0] ? "field %s" : "the record", path);
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < sizeof v->why)
        vsnprintf(v->why + n, sizeof v->why - (size_t)n, fmt, ap);
    va_end(ap);
}

/* How a JSON value is named in messages. */
const char *record_json_kind(const json_t *x)
{
    switch (json_typeof(x)) {
    case JSON_OBJECT:
        return "an object";
    case JSON_ARRAY:
        return "an array";
    case JSON_STRING:
        return "a string";
    case JSON_INTEGER:
        return "an integer";
    case JSON_REAL:
        return "a number with a fraction";
    case JSON_TRUE:
    case JSON_FALSE:
        return "a boolean";
    default:
        return "null";
    }
}

/* Whether X is of the schema's type T (a whole real counts as an
 * integer, as in JSON Schema). */
static bool sv_is_type(const json_t *x, const char *t)
{
    if (strcmp(t, "object") == 0)
        return json_is_object(x);
    if (strcmp(t, "array") == 0)
        return json_is_array(x);
    if (strcmp(t, "string") == 0)
        return json_is_string(x);
    if (strcmp(t, "number") == 0)
        return json_is_number(x);
    if (strcmp(t, "integer") == 0)
        return json_is_integer(x) ||
               (json_is_real(x) && json_real_value(x) == floor(json_real_value(x)));
    if (strcmp(t, "boolean") == 0)
        return json_is_boolean(x);
    return strcmp(t, "null") == 0 && json_is_null(x);
}

/* How the schema's type T is named in messages. */
static const char *sv_type_name(const char *t)
{
    static const char *const names[][2] = {
        {"object", "an object"}, {"array", "an array"},         {"string", "a string"},
        {"number", "a number"},  {"integer", "a whole number"}, {"boolean", "true or false"},
    };

    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(t, names[i][0]) == 0)
            return names[i][1];
    return t;
}

/* The type keyword: one type or a list of them. */
static void sv_type(struct sv *v, const json_t *type, const json_t *x, const char *path)
{
    char wanted[128] = "";
    size_t i;
    json_t *t;

    if (json_is_string(type)) {
        if (!sv_is_type(x, json_string_value(type)))
            sv_fail(v, path, ": expected %s, found %s", sv_type_name(json_string_value(type)),
                    record_json_kind(x));
        return;
    }
    json_array_foreach(type, i, t)
    {
        if (sv_is_type(x, json_string_value(t)))
            return;
        snprintf(wanted + strlen(wanted), sizeof wanted - strlen(wanted), "%s%s",
                 i == 0 ? "" : " or ", sv_type_name(json_string_value(t)));
    }
    sv_fail(v, path, ": expected %s, found %s", wanted, record_json_kind(x));
}

/* Equality as JSON Schema has it: 1 and 1.0 are equal. */
static bool sv_equal(const json_t *a, const json_t *b)
{
    if (json_is_number(a) && json_is_number(b))
        return json_number_value(a) == json_number_value(b);
    return json_equal((json_t *)a, (json_t *)b);
}

/* The const and enum keywords. */
static void sv_enum(struct sv *v, const json_t *allowed, bool one, const json_t *x,
                    const char *path)
{
    size_t i;
    json_t *a;

    if (one && sv_equal(allowed, x))
        return;
    if (!one)
        json_array_foreach(allowed, i, a) if (sv_equal(a, x)) return;
    if (json_is_string(x))
        sv_fail(v, path, ": unknown value \"%s\"", json_string_value(x));
    else
        sv_fail(v, path, ": %s is none of the values allowed", record_json_kind(x));
}

/* The order of the numbers A and B: two integers compared exactly (as
 * doubles, 2^53 + 1 would equal 2^53). */
static int sv_compare(const json_t *a, const json_t *b)
{
    double x, y;

    if (json_is_integer(a) && json_is_integer(b))
        return (json_integer_value(a) > json_integer_value(b)) -
               (json_integer_value(a) < json_integer_value(b));
    x = json_number_value(a);
    y = json_number_value(b);
    return (x > y) - (x < y);
}

/* The numeric bounds of schema S, for a number X. */
static void sv_bounds(struct sv *v, json_t *s, const json_t *x, const char *path)
{
    json_t *lo = json_object_get(s, "minimum"), *hi = json_object_get(s, "maximum");
    json_t *above = json_object_get(s, "exclusiveMinimum");
    double d = json_number_value(x);
    char range[96];

    if (!json_is_number(x) ||
        ((lo == NULL || sv_compare(x, lo) >= 0) && (hi == NULL || sv_compare(x, hi) <= 0) &&
         (above == NULL || sv_compare(x, above) > 0)))
        return;
    if (above != NULL)
        snprintf(range, sizeof range, "more than %.15g", json_number_value(above));
    else if (lo != NULL && hi != NULL)
        snprintf(range, sizeof range, "%.15g to %.15g", json_number_value(lo),
                 json_number_value(hi));
    else if (lo != NULL)
        snprintf(range, sizeof range, "%.15g or more", json_number_value(lo));
    else
        snprintf(range, sizeof range, "%.15g or less", json_number_value(hi));
    if (above != NULL && hi != NULL)
        snprintf(range + strlen(range), sizeof range - strlen(range), ", at most %.15g",
                 json_number_value(hi));
    sv_fail(v, path, ": %.15g is out of range (%s)", d, range);
}

/* The string keywords of schema S, for a string X. */
static void sv_string(struct sv *v, json_t *s, const json_t *x, const char *path)
{
    json_t *min = json_object_get(s, "minLength"), *pattern = json_object_get(s, "pattern");
    const char *text = json_string_value(x);
    size_t chars = 0;
    regex_t re;

    if (!json_is_string(x))
        return;
    for (const char *p = text; *p != '\0'; p++)
        chars += ((unsigned char)*p & 0xc0) != 0x80; /* UTF-8: one lead byte a character */
    if (min != NULL && (json_int_t)chars < json_integer_value(min)) {
        sv_fail(v, path, ": expected at least %lld characters, found %zu",
                (long long)json_integer_value(min), chars);
        return;
    }
    if (pattern == NULL)
        return;
    if (regcomp(&re, json_string_value(pattern), REG_EXTENDED | REG_NOSUB) != 0) {
        sv_fail(v, path, ": the schema's pattern %s is not a POSIX regular expression",
                json_string_value(pattern));
        return;
    }
    /* a NUL inside the string would end it for regexec: none is allowed */
    if (strlen(text) != json_string_length(x) || regexec(&re, text, 0, NULL, 0) != 0)
        sv_fail(v, path, ": \"%.64s\" is not of the form %s", text, json_string_value(pattern));
    regfree(&re);
}

/* The array keywords of schema S, for an array X. */
static int sv_check(struct sv *v, json_t *s, json_t *x, const char *path);
static void sv_array(struct sv *v, json_t *s, json_t *x, const char *path)
{
    json_t *min = json_object_get(s, "minItems"), *max = json_object_get(s, "maxItems");
    json_t *items = json_object_get(s, "items"), *e;
    char where[512];
    size_t i, n = json_array_size(x);

    if (!json_is_array(x))
        return;
    if (min != NULL && (json_int_t)n < json_integer_value(min))
        sv_fail(v, path, ": expected at least %lld items, found %zu",
                (long long)json_integer_value(min), n);
    if (max != NULL && (json_int_t)n > json_integer_value(max))
        sv_fail(v, path, ": expected at most %lld items, found %zu",
                (long long)json_integer_value(max), n);
    json_array_foreach(x, i, e) if (items != NULL && !v->failed)
    {
        snprintf(where, sizeof where, "%s[%zu]", path, i);
        sv_check(v, items, e, where);
    }
}

/* The object keywords of schema S, for an object X. */
static void sv_object(struct sv *v, json_t *s, json_t *x, const char *path)
{
    json_t *required = json_object_get(s, "required"), *props = json_object_get(s, "properties");
    json_t *extra = json_object_get(s, "additionalProperties"), *r, *m;
    const char *key;
    char where[512];
    size_t i;

    if (!json_is_object(x))
        return;
    json_array_foreach(required, i, r)
    {
        snprintf(where, sizeof where, "%s%s%s", path, path[0] ? "." : "", json_string_value(r));
        if (json_object_get(x, json_string_value(r)) == NULL)
            sv_fail(v, where, " is missing");
    }
    json_object_foreach(x, key, m)
    {
        json_t *sub = json_object_get(props, key);

        if (v->failed)
            break;
        snprintf(where, sizeof where, "%s%s%s", path, path[0] ? "." : "", key);
        if (sub != NULL)
            sv_check(v, sub, m, where);
        else if (json_is_false(extra))
            sv_fail(v, where, ": not a member this schema knows");
        else if (json_is_object(extra))
            sv_check(v, extra, m, where);
    }
}

/* Whether X passes schema S, leaving V untouched; the problem in TRIAL. */
static bool sv_try(struct sv *v, json_t *s, json_t *x, const char *path, struct sv *trial)
{
    memset(trial, 0, sizeof *trial);
    trial->root = v->root;
    return sv_check(trial, s, x, path) == 0;
}

/* The oneOf keyword: exactly one of the forms; when none, the problem of
 * the form that went deepest into X is the one told. */
static void sv_one_of(struct sv *v, json_t *forms, json_t *x, const char *path)
{
    struct sv trial, best;
    size_t i, passed = 0;
    json_t *f;

    memset(&best, 0, sizeof best);
    json_array_foreach(forms, i, f)
    {
        if (sv_try(v, f, x, path, &trial))
            passed++;
        else if (!best.failed || trial.depth > best.depth)
            best = trial;
    }
    if (passed == 0 && best.failed) {
        v->failed = true;
        v->depth = best.depth;
        snprintf(v->why, sizeof v->why, "%s", best.why);
    } else if (passed > 1) {
        sv_fail(v, path, ": matches more than one of the forms the schema allows");
    }
}

/* The keywords that only annotate. */
static bool sv_annotation(const char *key)
{
    static const char *const names[] = {"$schema",     "$id",     "$defs",    "$comment", "title",
                                        "description", "default", "examples", NULL};

    for (size_t i = 0; names[i] != NULL; i++)
        if (strcmp(key, names[i]) == 0)
            return true;
    return false;
}

/* The keywords read by sv_object, sv_array, sv_string and sv_bounds. */
static bool sv_grouped(const char *key)
{
    static const char *const names[] = {
        "required", "properties", "additionalProperties", "items",     "minItems", "maxItems",
        "minimum",  "maximum",    "exclusiveMinimum",     "minLength", "pattern",  "then",
        "else",     NULL};

    for (size_t i = 0; names[i] != NULL; i++)
        if (strcmp(key, names[i]) == 0)
            return true;
    return false;
}

/* The schema at JSON pointer P ("#/$defs/size", or "/properties/kat")
 * below ROOT; NULL when there is none. */
static json_t *sv_resolve(json_t *root, const char *p)
{
    char *copy = strdup(p[0] == '#' ? p + 1 : p), *save = NULL;

    for (char *t = strtok_r(copy, "/", &save); t != NULL && root != NULL;
         t = strtok_r(NULL, "/", &save))
        root = json_is_array(root) ? json_array_get(root, strtoul(t, NULL, 10))
                                   : json_object_get(root, t);
    free(copy);
    return root;
}

/* Check X, at field PATH, against schema S; 0, or -1 after the problem. */
static int sv_check(struct sv *v, json_t *s, json_t *x, const char *path)
{
    json_t *sub, *target;
    const char *key;
    struct sv trial;

    if ((sub = json_object_get(s, "type")) != NULL)
        sv_type(v, sub, x, path);
    json_object_foreach(s, key, sub)
    {
        if (v->failed)
            break;
        if (strcmp(key, "type") == 0 || sv_annotation(key) || sv_grouped(key))
            continue;
        if (strcmp(key, "$ref") == 0) {
            if ((target = sv_resolve(v->root, json_string_value(sub))) == NULL)
                sv_fail(v, path, ": the schema's $ref %s leads nowhere", json_string_value(sub));
            else
                sv_check(v, target, x, path);
        } else if (strcmp(key, "const") == 0 || strcmp(key, "enum") == 0) {
            sv_enum(v, sub, key[0] == 'c', x, path);
        } else if (strcmp(key, "oneOf") == 0) {
            sv_one_of(v, sub, x, path);
        } else if (strcmp(key, "allOf") == 0) {
            size_t i;
            json_t *each;

            json_array_foreach(sub, i, each) if (!v->failed) sv_check(v, each, x, path);
        } else if (strcmp(key, "if") == 0) {
            json_t *next = json_object_get(s, sv_try(v, sub, x, path, &trial) ? "then" : "else");

            if (next != NULL)
                sv_check(v, next, x, path);
        } else {
            sv_fail(v, path, ": the schema's keyword %s is not one this reader knows", key);
        }
    }
    if (!v->failed) {
        sv_object(v, s, x, path);
        sv_array(v, s, x, path);
        sv_string(v, s, x, path);
        sv_bounds(v, s, x, path);
    }
    return v->failed ? -1 : 0;
}

/* Check VALUE against the schema at POINTER. */
int record_schema_check(json_t *value, const char *pointer, const char *prefix, char *why,
                        size_t size)
{
    static json_t *root;
    json_error_t err;
    json_t *s;
    struct sv v;

    if (root == NULL && (root = json_loads(schema_text, 0, &err)) == NULL) {
        snprintf(why, size, "the built-in record schema is not JSON: %s", err.text);
        return -1;
    }
    if ((s = sv_resolve(root, pointer)) == NULL) {
        snprintf(why, size, "the record schema has nothing at %s", pointer);
        return -1;
    }
    memset(&v, 0, sizeof v);
    v.root = root;
    if (sv_check(&v, s, value, prefix) == 0)
        return 0;
    snprintf(why, size, "%s", v.why);
    return -1;
}
