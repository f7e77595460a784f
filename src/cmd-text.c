/* cmd-text.c - text made safe for a terminal. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd-text.h"
#include "strlist.h"

/* The control character at S, if any: C0 and DEL as bytes, C1 as UTF-8
 * encodes them (0xc2 0x80 to 0xc2 0x9f), which a terminal acts on too. */
size_t text_control(const char *s, unsigned *code)
{
    const unsigned char *u = (const unsigned char *)s;

    if ((u[0] < 0x20 && u[0] != '\0') || u[0] == 0x7f) {
        *code = u[0];
        return 1;
    }
    if (u[0] == 0xc2 && u[1] >= 0x80 && u[1] <= 0x9f) {
        *code = u[1];
        return 2;
    }
    return 0;
}

/* TEXT with the control characters not in KEEP as \xNN. */
char *text_for_terminal(const char *text, const char *keep)
{
    char *out = xmalloc(4 * strlen(text) + 1), *o = out;

    for (const char *s = text; *s != '\0';) {
        unsigned code;
        size_t n = text_control(s, &code);

        if (n == 0 || (n == 1 && strchr(keep, *s) != NULL)) {
            *o++ = *s++;
            continue;
        }
        o += sprintf(o, "\\x%02x", code);
        s += n;
    }
    *o = '\0';
    return out;
}
