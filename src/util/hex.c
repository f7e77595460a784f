/* hex.c - bytes to hex and back. */
#include "config.h"

#include <string.h>

#include "util/hex.h"

/* Write the N bytes of IN as hex digits into OUT. */
void hex_encode(const unsigned char *in, size_t n, char *out)
{
    static const char digit[] = "0123456789abcdef";

    for (size_t i = 0; i < n; i++) {
        out[2 * i] = digit[in[i] >> 4];
        out[2 * i + 1] = digit[in[i] & 15];
    }
    out[2 * n] = '\0';
}

/* The value of one hex digit, or -1. */
static int hex_value(char c)
{
    const char *p = c != '\0' ? strchr("0123456789abcdef", c | 0x20) : NULL;

    return p != NULL ? (int)(p - "0123456789abcdef") : -1;
}

/* Read the hex digits of IN into OUT. */
long hex_decode(const char *in, unsigned char *out, size_t cap)
{
    size_t len = strlen(in);

    if (len == 0 || len % 2 != 0 || len / 2 > cap)
        return -1;
    for (size_t i = 0; i < len / 2; i++) {
        int hi = hex_value(in[2 * i]), lo = hex_value(in[2 * i + 1]);

        if (hi < 0 || lo < 0)
            return -1;
        out[i] = (unsigned char)(hi << 4 | lo);
    }
    return (long)(len / 2);
}
