/* regfile.h - opening a file that must be a regular file.  Opening a FIFO
 * for reading blocks until a writer comes, and a device can be read
 * without end, so every input is opened without blocking and checked to
 * be a regular file before anything reads it. */
#ifndef ICCSPROF_REGFILE_H
#define ICCSPROF_REGFILE_H

#include <stddef.h>
#include <stdio.h>

/* Open PATH for reading when it is a regular file; its descriptor
 * (close-on-exec, blocking), or -1 with the reason in WHY[LEN]
 * (strerror, or "a FIFO, not a regular file"). */
int regfile_open(const char *path, char *why, size_t len);

/* regfile_open as a stdio stream. */
FILE *regfile_fopen(const char *path, char *why, size_t len);

#endif
