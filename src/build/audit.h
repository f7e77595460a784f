/* audit.h - which ICCS helper calls --wrap cannot see in a set of
 * objects: the module behind `iccsprof audit`, also run by the scheme
 * build for the coverage of build.json. */
#ifndef ICCSPROF_AUDIT_H
#define ICCSPROF_AUDIT_H

#include <jansson.h>
#include <stddef.h>

#include "iccsprof/wrap.h"

/* The names of the ICCS helpers, in the wrappers' order. */
extern const char *const audit_helper[ICCSPROF_NHELPERS];

/* What the objects audited so far say: where each helper is defined, and
 * the calls --wrap cannot see. */
struct audit_result {
    json_t *defined_by[ICCSPROF_NHELPERS]; /* arrays of object names */
    json_t *internal;                      /* {helper, object, references} */
};

/* Audit the object file at PATH, named NAME in the result, into R; -1
 * with a message when it is unreadable. */
int audit_object(const char *path, const char *name, struct audit_result *r);

/* The coverage object of a profile record from R, with the SURVEY of the
 * same objects (its reference taken). */
json_t *audit_coverage(const struct audit_result *r, json_t *survey);

/* The coverage object (as `iccsprof audit --json` prints it) of the
 * objects NAMES[N] in folder DIR, named as given, with the survey verdict
 * naming each object by the source SOURCES[k] it was built from; NULL
 * with a message when one cannot be read. */
json_t *audit_coverage_of(const char *dir, char *const *names, char *const *sources, size_t n);

#endif
