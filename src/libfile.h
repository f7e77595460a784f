/* libfile.h - facts about a library file: its SHA-256, and the size of
 * its loadable image. */
#ifndef ICCSPROF_LIBFILE_H
#define ICCSPROF_LIBFILE_H

/* The SHA-256 of the file at PATH in lower-case hex into HEX[65]; -1 with
 * errno set when it cannot be read. */
int libfile_sha256(const char *path, char hex[65]);

/* The sum of p_memsz over the PT_LOAD segments of the ELF file at PATH
 * (the published "static: ELF image" figure); -1 when it is not ELF. */
long long libfile_image_bytes(const char *path);

#endif
