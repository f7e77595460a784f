/* hex.h - bytes to lower-case hex and back, for seeds and digests. */
#ifndef ICCSPROF_HEX_H
#define ICCSPROF_HEX_H

#include <stddef.h>

/* Write the N bytes of IN as 2N hex digits and a NUL into OUT. */
void hex_encode(const unsigned char *in, size_t n, char *out);

/* Read the hex digits of IN (two per byte, either case) into OUT, which
 * holds CAP bytes; the byte count, or -1 when IN is empty, odd, longer
 * than CAP bytes or not all hex digits. */
long hex_decode(const char *in, unsigned char *out, size_t cap);

#endif
