/* hostcheck-sys.c - reading the host check's facts: small /sys and /proc
 * files under a root, CPU lists, the allowed CPUs and the cycle counter. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/hostcheck-sys.h"
#include "host/perf-cycles.h"

/* The folder the check reads under: $ICCSPROF_HOST_ROOT, else the live
 * system. */
const char *hostcheck_root(void)
{
    const char *root = getenv("ICCSPROF_HOST_ROOT");

    return root != NULL ? root : "";
}

/* Read the first line of ROOT/PATH (PATH formatted) into BUF without its
 * newline; 0, or -1 when the file cannot be read. */
int hostsys_read(const char *root, char *buf, size_t len, const char *fmt, ...)
{
    char rel[512], path[4096];
    va_list ap;
    FILE *f;
    int ok;

    va_start(ap, fmt);
    vsnprintf(rel, sizeof rel, fmt, ap);
    va_end(ap);
    snprintf(path, sizeof path, "%s%s", root, rel);
    if ((f = fopen(path, "r")) == NULL)
        return -1;
    ok = fgets(buf, (int)len, f) != NULL;
    if (!ok && !ferror(f)) {
        buf[0] = '\0'; /* an empty file is an empty value (no isolated CPUs) */
        ok = 1;
    }
    fclose(f);
    if (!ok)
        return -1;
    buf[strcspn(buf, "\n")] = '\0';
    return 0;
}

/* Parse a kernel CPU list into SET; 0, or -1 when it is not one. */
int hostcheck_parse_cpulist(const char *text, cpu_set_t *set)
{
    const char *p = text;

    CPU_ZERO(set);
    p += strspn(p, " \t");
    if (*p == '\0' || *p == '\n')
        return 0;
    for (;;) {
        char *end;
        unsigned long lo, hi;

        if (*p < '0' || *p > '9')
            return -1;
        lo = hi = strtoul(p, &end, 10);
        if (*end == '-') {
            if (end[1] < '0' || end[1] > '9')
                return -1;
            hi = strtoul(end + 1, &end, 10);
        }
        if (lo > hi || hi >= CPU_SETSIZE)
            return -1;
        for (unsigned long c = lo; c <= hi; c++)
            CPU_SET(c, set);
        p = end;
        if (*p == ',') {
            p++;
            continue;
        }
        return *p == '\0' || (*p == '\n' && p[1] == '\0') ? 0 : -1;
    }
}

/* Write SET as a kernel CPU list into BUF. */
void hostcheck_format_cpulist(const cpu_set_t *set, char *buf, size_t len)
{
    size_t used = 0;

    buf[0] = '\0';
    for (int c = 0; c < CPU_SETSIZE; c++) {
        int hi = c;

        if (!CPU_ISSET(c, set))
            continue;
        while (hi + 1 < CPU_SETSIZE && CPU_ISSET(hi + 1, set))
            hi++;
        if (used < len)
            used += (size_t)(hi == c ? snprintf(buf + used, len - used, "%s%d", used ? "," : "", c)
                                     : snprintf(buf + used, len - used, "%s%d-%d", used ? "," : "",
                                                c, hi));
        c = hi;
    }
}

/* The CPUs this process may run on. */
int hostcheck_allowed(const char *root, cpu_set_t *set)
{
    char line[4096], path[4096];
    FILE *f;
    int found = 0;

    if (root[0] == '\0')
        return sched_getaffinity(0, sizeof *set, set);
    snprintf(path, sizeof path, "%s/proc/self/status", root);
    if ((f = fopen(path, "r")) == NULL)
        return -1;
    while (!found && fgets(line, sizeof line, f) != NULL)
        if (strncmp(line, "Cpus_allowed_list:", 18) == 0)
            found = hostcheck_parse_cpulist(line + 18, set) == 0;
    fclose(f);
    if (!found)
        errno = EINVAL;
    return found ? 0 : -1;
}

/* Whether user-mode hardware cycles of this process can be read: 0, or
 * an errno value saying why not. */
int hostsys_cycles_readable(void)
{
    int fd, err = perf_cycles_open(&fd);

    if (err == 0)
        close(fd);
    return err;
}
