/* audit.c - the helper calls --wrap cannot see in a set of objects, and
 * the coverage object of build.json and `iccsprof audit --json`.
 *
 * --wrap rewrites only undefined references, so a call from inside the
 * object that defines a helper (or to a static copy of one) is never
 * wrapped.  For every helper this finds the objects that define it, and in
 * those the relocations that reference it: each is an invisible call site. */
#include "config.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "build/audit.h"
#include "build/objects.h"
#include "build/survey.h"
#include "util/message.h"
#include "util/strlist.h"

const char *const audit_helper[ICCSPROF_NHELPERS] = ICCSPROF_HELPER_NAMES;

/* Index of the helper a symbol names, or -1.  A local symbol may carry a
 * compiler clone suffix (sm3hash.constprop.0, .isra.0, .part.0): it is
 * still a private copy of the helper, callable from its object.  A .cold
 * part is not: it is the helper's own out-of-line error path, entered
 * only from the helper itself. */
static int audit_helper_index(const char *name, int local)
{
    const char *dot = local ? strchr(name, '.') : NULL;
    size_t len = dot != NULL ? (size_t)(dot - name) : strlen(name);

    if (dot != NULL && strncmp(dot, ".cold", 5) == 0)
        return -1;

    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        if (strlen(audit_helper[h]) == len && strncmp(name, audit_helper[h], len) == 0)
            return h;
    return -1;
}

/* Audit the object file at PATH, named NAME in the result, into R; -1
 * with a message when it is unreadable. */
int audit_object(const char *path, const char *name, struct audit_result *r)
{
    struct obj_file obj;
    char err[256];

    if (obj_read(path, &obj, err, sizeof err) != 0) {
        cmd_error("%s: %s", path, err);
        return -1;
    }
    for (size_t i = 0; i < obj.n; i++) {
        const struct obj_symbol *sym = &obj.syms[i];
        int h;

        if (sym->storage == OBJ_UNDEFINED || (h = audit_helper_index(sym->name, sym->local)) < 0)
            continue;
        if (!sym->local)
            json_array_append_new(r->defined_by[h], json_string(name));
        /* a static copy is invisible even without a reference to it here */
        if (sym->references > 0 || sym->local)
            json_array_append_new(r->internal,
                                  json_pack("{s:s, s:s, s:I, s:b}", "helper", audit_helper[h],
                                            "object", name, "references",
                                            (json_int_t)sym->references, "static", sym->local));
    }
    obj_free(&obj);
    return 0;
}

/* The coverage object of a profile record, with the SURVEY of the same
 * objects (its reference taken). */
json_t *audit_coverage(const struct audit_result *r, json_t *survey)
{
    json_t *wrapped = json_array(), *undefined = json_array();

    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        json_array_append_new(json_array_size(r->defined_by[h]) ? wrapped : undefined,
                              json_string(audit_helper[h]));
    return json_pack("{s:b, s:o, s:o, s:O, s:o}", "complete", json_array_size(r->internal) == 0,
                     "wrapped", wrapped, "undefined", undefined, "internal_calls", r->internal,
                     "survey", survey);
}

/* The coverage of the objects NAMES[N] in folder DIR, built from
 * SOURCES[N]. */
json_t *audit_coverage_of(const char *dir, char *const *names, char *const *sources, size_t n)
{
    struct audit_result r;
    json_t *coverage = NULL, *survey;
    size_t i;

    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        r.defined_by[h] = json_array();
    r.internal = json_array();
    for (i = 0; i < n; i++) {
        char *path = xasprintf("%s/%s", dir, names[i]);
        int bad = audit_object(path, names[i], &r);

        free(path);
        if (bad != 0)
            break;
    }
    if (i == n && (survey = survey_of(dir, names, sources, n)) != NULL)
        coverage = audit_coverage(&r, survey);
    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        json_decref(r.defined_by[h]);
    json_decref(r.internal);
    return coverage;
}
