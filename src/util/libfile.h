/* libfile.h - facts about a library file: its SHA-256, and the size of
 * its loadable image. */
#ifndef ICCSPROF_LIBFILE_H
#define ICCSPROF_LIBFILE_H

#include <stddef.h>

/* Whether the file at PATH is a regular file holding an ELF shared object
 * of this machine's class and architecture (read from the ELF header, so
 * that a library of another machine is named as such rather than by the
 * loader's "No such file or directory"); 0, or -1 with the reason in
 * WHY[LEN]. */
int libfile_check(const char *path, char *why, size_t len);

/* The SHA-256 of the file at PATH in lower-case hex into HEX[65]; -1 with
 * errno set when it cannot be read. */
int libfile_sha256(const char *path, char hex[65]);

/* The sum of p_memsz over the PT_LOAD segments of the ELF file at PATH
 * (the published "static: ELF image" figure); -1 when it is not ELF. */
long long libfile_image_bytes(const char *path);

#endif
