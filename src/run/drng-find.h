/* drng-find.h - the DRNG contexts a scheme keeps of its own.  Some
 * packages never use the drng_algorithm global the driver seeds, and draw
 * from a DRNG_ctx of their own (a static in their rng.c): the library's
 * DWARF names every variable of type DRNG_ctx, so the driver can seed
 * those the way it seeds drng_algorithm, and name the contexts the
 * wrappers saw the scheme draw from. */
#ifndef ICCSPROF_DRNG_FIND_H
#define ICCSPROF_DRNG_FIND_H

#include <jansson.h>
#include <stdint.h>

/* The variables of type DRNG_ctx that the library at PATH defines, other
 * than drng_algorithm, as [{name, vaddr}] (link-time addresses); an empty
 * array when there are none or the file has no debugging information. */
json_t *drng_find_private(const char *path);

/* The name of the data symbol of the file OBJECT that holds OFFSET, or
 * NULL (a NULL OBJECT, a stripped file, no symbol there); freed by the
 * caller. */
char *drng_symbol_at(const char *object, uint64_t offset);

#endif
