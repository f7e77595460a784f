/* kat-compare.c - the first difference of two response files. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kat/kat-compare.h"

/* Lines are shown up to this many characters. */
#define KAT_SHOW 48

/* A line for a message: without its newline, cut to KAT_SHOW characters
 * (with "..." when cut), "end of file" for none. */
static const char *kat_show(const char *line, char *buf, size_t size)
{
    size_t len;

    if (line == NULL)
        return "end of file";
    len = strcspn(line, "\r\n");
    if (len > KAT_SHOW)
        snprintf(buf, size, "\"%.*s...\"", KAT_SHOW, line);
    else
        snprintf(buf, size, "\"%.*s\"", (int)len, line);
    return buf;
}

/* The record a "count = N" line starts, into RECORD (unchanged otherwise). */
static void kat_record(const char *line, char *record, size_t size)
{
    const char *p = line + strspn(line, " \t");

    if (strncmp(p, "count", 5) == 0 && strchr(p, '=') != NULL)
        snprintf(record, size, "%.*s", (int)strcspn(p, "\r\n"), p);
}

/* Compare WANT with GOT line by line. */
int kat_compare(const char *want, const char *want_name, const char *got, const char *got_name,
                char *detail, size_t size)
{
    FILE *a = fopen(want, "r"), *b = fopen(got, "r");
    char *la = NULL, *lb = NULL, record[128] = "", sa[KAT_SHOW + 8], sb[KAT_SHOW + 8];
    size_t ca = 0, cb = 0;
    long line = 0;
    int rc = 0;

    if (a == NULL || b == NULL) {
        snprintf(detail, size, "%s: %s", a == NULL ? want_name : got_name, strerror(errno));
        rc = -1;
        goto out;
    }
    for (;;) {
        ssize_t na = getline(&la, &ca, a), nb = getline(&lb, &cb, b);

        line++;
        if (na < 0 && nb < 0)
            break;
        if (na >= 0)
            kat_record(la, record, sizeof record);
        if (na < 0 || nb < 0 || na != nb || memcmp(la, lb, (size_t)na) != 0) {
            snprintf(detail, size, "%s line %ld%s%s%s: %s has %s, %s has %s", want_name, line,
                     record[0] ? " (record " : "", record, record[0] ? ")" : "", want_name,
                     kat_show(na >= 0 ? la : NULL, sa, sizeof sa), got_name,
                     kat_show(nb >= 0 ? lb : NULL, sb, sizeof sb));
            rc = 1;
            break;
        }
    }
out:
    free(la);
    free(lb);
    if (a != NULL)
        fclose(a);
    if (b != NULL)
        fclose(b);
    return rc;
}
