/* terminal.c - text made safe for a terminal. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/terminal.h"
#include "util/strlist.h"

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

/* Print ARGV as a trace line, its control characters escaped. */
void text_show_command(FILE *f, const char *dir, char *const argv[], size_t n)
{
    char *shown;

    fputc('+', f);
    if (dir != NULL) {
        shown = text_for_terminal(dir, "");
        fprintf(f, " (in %s)", shown);
        free(shown);
    }
    for (size_t i = 0; i < n; i++) {
        shown = text_for_terminal(argv[i], "");
        fprintf(f, " %s", shown);
        free(shown);
    }
    fputc('\n', f);
}

/* A terminal's stream: its descriptor, and the bytes of a sequence that
 * the next write may complete. */
struct text_tty {
    int fd;
    char pend[4];
    size_t npend;
};

/* Write the N bytes at S to FD whole; 0, or -1 with errno set. */
static int text_write_all(int fd, const char *s, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, s, n);

        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0)
            return -1;
        s += w;
        n -= (size_t)w;
    }
    return 0;
}

/* How many bytes at S (N of them) a terminal may get as they are: a line
 * break, a tab, a CR that ends a line (CSV) or starts the progress line's
 * erase ("\r\033[K"), or no control at all; 0 for a control to escape; -1
 * when the N bytes may be the start of either (the rest to come). */
static int text_tty_keep(const char *s, size_t n)
{
    static const char erase[] = "\r\033[K";
    unsigned code;

    if (*s == '\n' || *s == '\t')
        return 1;
    if (*s == '\r') {
        if (n >= 2 && s[1] == '\n')
            return 2;
        if (n < sizeof erase - 1 && memcmp(s, erase, n) == 0)
            return -1;
        return n >= sizeof erase - 1 && memcmp(s, erase, sizeof erase - 1) == 0
                   ? (int)sizeof erase - 1
                   : 0;
    }
    if (n == 1 && (unsigned char)*s == 0xc2)
        return -1;
    return text_control(s, &code) == 0 ? 1 : 0;
}

/* The stream's write: what it may show as it is, the rest as \xNN. */
static ssize_t text_tty_write(void *cookie, const char *buf, size_t size)
{
    struct text_tty *t = cookie;
    char *in = xmalloc(t->npend + size), *out = xmalloc(4 * (t->npend + size)), *o = out;
    size_t n = t->npend + size, i = 0;
    int rc;

    memcpy(in, t->pend, t->npend);
    memcpy(in + t->npend, buf, size);
    t->npend = 0;
    while (i < n) {
        int keep = text_tty_keep(in + i, n - i);
        unsigned code;

        if (keep < 0) {
            memcpy(t->pend, in + i, n - i);
            t->npend = n - i;
            break;
        }
        if (keep > 0) {
            memcpy(o, in + i, (size_t)keep);
            o += keep;
            i += (size_t)keep;
            continue;
        }
        i += text_control(in + i, &code);
        o += sprintf(o, "\\x%02x", code);
    }
    rc = text_write_all(t->fd, out, (size_t)(o - out));
    free(in);
    free(out);
    return rc == 0 ? (ssize_t)size : -1;
}

/* The stream's close: a sequence left unfinished is shown escaped. */
static int text_tty_close(void *cookie)
{
    struct text_tty *t = cookie;
    char out[4 * sizeof t->pend], *o = out;
    int rc = 0;

    for (size_t i = 0; i < t->npend; i++)
        o += sprintf(o, "\\x%02x", (unsigned char)t->pend[i]);
    if (o > out)
        rc = text_write_all(t->fd, out, (size_t)(o - out));
    t->npend = 0;
    return rc;
}

/* The streams text_guard_terminal made for stdout and stderr (terminals,
 * whose fileno is -1), and their states. */
static FILE *text_guarded[2];
static struct text_tty text_ttys[2];

/* Whether F writes to a terminal. */
bool text_is_terminal(FILE *f)
{
    if (f != NULL && (f == text_guarded[0] || f == text_guarded[1]))
        return true;
    return f != NULL && fileno(f) >= 0 && isatty(fileno(f));
}

/* Put the terminal filter before *STREAM when it is a terminal. */
void text_guard_terminal(FILE **stream)
{
    static const cookie_io_functions_t io = {.write = text_tty_write, .close = text_tty_close};
    int fd = fileno(*stream), which = *stream == stderr;
    FILE *f;

    if (fd < 0 || !isatty(fd))
        return;
    fflush(*stream);
    text_ttys[which] = (struct text_tty){.fd = fd};
    if ((f = fopencookie(&text_ttys[which], "w", io)) == NULL)
        return;
    setvbuf(f, NULL, which ? _IONBF : _IOLBF, 0);
    text_guarded[which] = f;
    *stream = f;
}
