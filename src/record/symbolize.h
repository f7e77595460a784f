/* symbolize.h - return addresses of call sites to function+offset and
 * file:line, read from the library files after the run with libdw: the
 * ELF symbol table names static functions too, and DWARF gives lines. */
#ifndef ICCSPROF_SYMBOLIZE_H
#define ICCSPROF_SYMBOLIZE_H

#include <jansson.h>
#include <stdint.h>

struct symbolizer;

/* A resolver that opens each object once. */
struct symbolizer *symbolizer_new(void);

/* Set "function", "function_offset", "file" and "line" of FRAME for the
 * return address at OFFSET in the file OBJECT (null when unknown). */
void symbolizer_resolve(struct symbolizer *sym, const char *object, uint64_t offset, json_t *frame);

/* Close every object. */
void symbolizer_free(struct symbolizer *sym);

#endif
