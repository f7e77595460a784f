/* host.c - the CPU model and kernel of the measuring machine. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

#include "host.h"

/* The value of the first ROOT/proc/cpuinfo line whose key is KEY, or 0. */
static int host_cpuinfo(const char *root, const char *key, char *buf, size_t len)
{
    char line[512], path[4096];
    size_t klen = strlen(key);
    int found = 0;
    FILE *f;

    snprintf(path, sizeof path, "%s/proc/cpuinfo", root);
    f = fopen(path, "r");

    if (f == NULL)
        return 0;
    while (!found && fgets(line, sizeof line, f) != NULL) {
        char *colon = strchr(line, ':'), *value;

        if (colon == NULL || strncmp(line, key, klen) != 0 ||
            strspn(line + klen, " \t") != (size_t)(colon - line) - klen)
            continue;
        value = colon + 1 + strspn(colon + 1, " \t");
        value[strcspn(value, "\n")] = '\0';
        snprintf(buf, len, "%s", value);
        found = value[0] != '\0';
    }
    fclose(f);
    return found;
}

/* The CPU's model name, else the machine type. */
void host_cpu_model(char *buf, size_t len)
{
    host_cpu_model_under("", buf, len);
}

/* The CPU's model name from ROOT/proc/cpuinfo, else the machine type. */
void host_cpu_model_under(const char *root, char *buf, size_t len)
{
    struct utsname u;

    if (host_cpuinfo(root, "model name", buf, len) || host_cpuinfo(root, "Model", buf, len) ||
        host_cpuinfo(root, "cpu model", buf, len))
        return;
    snprintf(buf, len, "%s", uname(&u) == 0 ? u.machine : "unknown");
}

/* The kernel as `uname -sr` prints it. */
void host_kernel(char *buf, size_t len)
{
    struct utsname u;

    if (uname(&u) == 0)
        snprintf(buf, len, "%s %s", u.sysname, u.release);
    else
        snprintf(buf, len, "unknown");
}
