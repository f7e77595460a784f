/* build-files.h - the files of an incremental build: content written only
 * when it changes (so that file times mean something), command stamps,
 * and the -MMD dependency files that say when an object is out of date. */
#ifndef ICCSPROF_BUILD_FILES_H
#define ICCSPROF_BUILD_FILES_H

#include <stdbool.h>
#include <sys/types.h>
#include <time.h>

#include "util/strlist.h"

/* The whole content of PATH, newly allocated, or NULL. */
char *file_read(const char *path);

/* The last non-empty line of PATH, newly allocated ("" when it has none
 * or cannot be read): the one line of an error a log ends with. */
char *file_last_line(const char *path);

/* The last non-empty line of TEXT (may be NULL), newly allocated ("" when
 * it has none). */
char *text_last_line(const char *text);

/* Write CONTENT to PATH unless it holds exactly that already, through a
 * temporary file and a rename; 0, or -1 with errno set. */
int file_replace(const char *path, const char *content);

/* As file_replace, the file made with MODE. */
int file_replace_mode(const char *path, const char *content, mode_t mode);

/* As file_replace, the file made 0600: a log of compiler output, which
 * quotes the files the compiler read. */
int file_replace_private(const char *path, const char *content);

/* Make DIR and its parents; 0, or -1 with errno set. */
int file_mkdirs(const char *dir);

/* Remove DIR and everything below it, as far as it can be (its folders
 * are first opened to their owner). */
void file_remove_tree(const char *dir);

/* The modification time of PATH; false when it does not exist. */
bool file_mtime(const char *path, struct timespec *t);

/* Whether A is later than B. */
bool file_time_after(const struct timespec *a, const struct timespec *b);

/* The prerequisites a make dependency file TEXT names (as written by
 * -MMD: "target: a.c b.h \" lines, blanks in names escaped). */
void deps_parse(const char *text, struct strlist *out);

/* Whether OBJ is up to date: it exists, OBJ.cmd holds KEY (the command
 * and everything else it was made from), and no prerequisite in OBJ.d
 * (relative names against DIR) is newer or missing. */
bool deps_up_to_date(const char *obj, const char *key, const char *dir);

#endif
