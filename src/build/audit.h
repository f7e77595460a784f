/* audit.h - which ICCS helper calls --wrap cannot see in a set of
 * objects: the module behind `iccsprof audit`, also run by the scheme
 * build for the coverage of build.json. */
#ifndef ICCSPROF_AUDIT_H
#define ICCSPROF_AUDIT_H

#include <jansson.h>
#include <stddef.h>

/* The coverage object (as `iccsprof audit --json` prints it) of the
 * objects NAMES[N] in folder DIR, named as given, with the survey verdict
 * naming each object by the source SOURCES[k] it was built from; NULL
 * with a message when one cannot be read. */
json_t *audit_coverage_of(const char *dir, char *const *names, char *const *sources, size_t n);

#endif
