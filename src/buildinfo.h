/* buildinfo.h - build.json of a scheme instance, from the build rules'
 * key/value description (the module behind `iccsprof buildinfo`). */
#ifndef ICCSPROF_BUILDINFO_H
#define ICCSPROF_BUILDINFO_H

#include <jansson.h>
#include <stdio.h>

/* Build the build.json document from the INFO stream (named NAME in
 * messages) and the COVERAGE object; NULL with a message on bad input. */
json_t *buildinfo_read(FILE *info, const char *name, json_t *coverage);

/* Write DOC to PATH through a temporary file in the same folder and a
 * rename, so a reader never sees half a file; -1 with a message. */
int buildinfo_write_atomic(json_t *doc, const char *path);

#endif
