/* atomic-file.h - files that appear whole or not at all: written under a
 * temporary name in their own folder, then renamed over the target.  Only
 * a regular file (or nothing) is ever replaced: a rename would turn a
 * device, a symbolic link or a folder's entry into a plain file. */
#ifndef ICCSPROF_ATOMIC_FILE_H
#define ICCSPROF_ATOMIC_FILE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* Whether DIR is a folder a file can be created in; 0, or -1 with errno
 * set (ENOTDIR when it is something else). */
int atomic_dir_writable(const char *dir);

/* Whether DIR is a folder a file can be created in, or a folder that can
 * be made: its nearest existing ancestor is a folder that takes new
 * entries; 0, or -1 with errno set (ENOTDIR when an ancestor is something
 * else).  Nothing is left behind. */
int atomic_dir_creatable(const char *dir);

/* Why PATH may not be replaced ("a directory, not a regular file: refusing
 * to replace it", or the system's error), or NULL when it is missing or a
 * regular file. */
const char *atomic_refusal(const char *path);

/* Whether A and B name the same existing file (device and inode). */
bool atomic_same_file(const char *a, const char *b);

/* Create a temporary file beside PATH; its descriptor, with its name in
 * TMP[TMPLEN] (.iccsprof-HOST-PID-XXXXXX); -1 with errno set.  The
 * temporaries that processes of this host left in that folder when they
 * died (a SIGKILL) are removed first. */
int atomic_open(const char *path, char *tmp, size_t tmplen);

/* Write JSON, indented, keys in insertion order, with a final newline, to
 * a temporary file beside PATH, flushed to the disk, named in TMP[TMPLEN];
 * 0, or -1 with errno set and nothing left behind. */
int atomic_prepare_json(const char *path, json_t *json, char *tmp, size_t tmplen);

/* Give the temporary TMP the mode a new file gets under the umask and
 * rename it over PATH, unless PATH is something other than a regular
 * file (EEXIST); 0, or -1 with errno set and TMP removed. */
int atomic_commit(const char *tmp, const char *path);

/* atomic_prepare_json then atomic_commit. */
int atomic_write_json(const char *path, json_t *json);

#endif
