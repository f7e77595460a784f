/* atomic-file.h - files that appear whole or not at all: written under a
 * temporary name in their own folder, then renamed over the target. */
#ifndef ICCSPROF_ATOMIC_FILE_H
#define ICCSPROF_ATOMIC_FILE_H

#include <jansson.h>
#include <stddef.h>

/* Whether DIR is a folder a file can be created in; 0, or -1 with errno
 * set (ENOTDIR when it is something else). */
int atomic_dir_writable(const char *dir);

/* Create a temporary file beside PATH; its descriptor, with its name in
 * TMP[TMPLEN]; -1 with errno set. */
int atomic_open(const char *path, char *tmp, size_t tmplen);

/* Write JSON to PATH atomically, indented, keys in insertion order, with
 * a final newline; 0, or -1 with errno set and nothing left behind. */
int atomic_write_json(const char *path, json_t *json);

#endif
