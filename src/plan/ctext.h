/* ctext.h - what the text of a C file says, read before (or without)
 * compiling it: whether it defines main, or one of the entry points of
 * an API.  A program that does not compile is known by its text, and a
 * package's build file is chosen by the files it compiles. */
#ifndef ICCSPROF_CTEXT_H
#define ICCSPROF_CTEXT_H

#include <stdbool.h>

/* Whether the C text at PATH defines a function main. */
bool ctext_defines_main(const char *path);

/* The first of ENTRIES (NULL-ended function names) that the C text at
 * PATH defines (a definition, not a declaration or a call), or NULL. */
const char *ctext_defines_entry(const char *path, const char *const *entries);

#endif
