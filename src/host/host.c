/* host.c - the CPU model and kernel of the measuring machine. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "host/host.h"

/* The value of the first ROOT/proc/cpuinfo line whose key is KEY, or 0. */
int host_cpuinfo(const char *root, const char *key, char *buf, size_t len)
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

/* A number of ROOT/proc/cpuinfo (hexadecimal with 0x, else decimal);
 * -1 when absent. */
long host_cpuinfo_number(const char *root, const char *key)
{
    char v[64], *end;
    long n;

    if (!host_cpuinfo(root, key, v, sizeof v))
        return -1;
    n = strtol(v, &end, 0);
    return end != v && n >= 0 ? n : -1;
}

/* The designers of Arm cores, by the implementer code of MIDR_EL1, and
 * the cores whose part numbers are worth a name (the common server and
 * board cores); the rest are printed as numbers. */
static const struct host_arm_name {
    long implementer, part; /* part -1: the implementer's name */
    const char *name;
} host_arm_names[] = {
    {0x41, -1, "ARM"},
    {0x41, 0xd03, "Cortex-A53"},
    {0x41, 0xd04, "Cortex-A35"},
    {0x41, 0xd05, "Cortex-A55"},
    {0x41, 0xd07, "Cortex-A57"},
    {0x41, 0xd08, "Cortex-A72"},
    {0x41, 0xd09, "Cortex-A73"},
    {0x41, 0xd0a, "Cortex-A75"},
    {0x41, 0xd0b, "Cortex-A76"},
    {0x41, 0xd0c, "Neoverse-N1"},
    {0x41, 0xd0d, "Cortex-A77"},
    {0x41, 0xd40, "Neoverse-V1"},
    {0x41, 0xd41, "Cortex-A78"},
    {0x41, 0xd44, "Cortex-X1"},
    {0x41, 0xd46, "Cortex-A510"},
    {0x41, 0xd47, "Cortex-A710"},
    {0x41, 0xd48, "Cortex-X2"},
    {0x41, 0xd49, "Neoverse-N2"},
    {0x41, 0xd4a, "Neoverse-E1"},
    {0x41, 0xd4f, "Neoverse-V2"},
    {0x42, -1, "Broadcom"},
    {0x43, -1, "Cavium"},
    {0x46, -1, "Fujitsu"},
    {0x48, -1, "HiSilicon"},
    {0x48, 0xd01, "Kunpeng-920"},
    {0x4e, -1, "NVIDIA"},
    {0x50, -1, "APM"},
    {0x51, -1, "Qualcomm"},
    {0x61, -1, "Apple"},
    {0x70, -1, "Phytium"},
    {0xc0, -1, "Ampere"},
};

/* The name of (IMPLEMENTER, PART) in the table, or NULL. */
static const char *host_arm_name(long implementer, long part)
{
    for (size_t i = 0; i < sizeof host_arm_names / sizeof host_arm_names[0]; i++)
        if (host_arm_names[i].implementer == implementer && host_arm_names[i].part == part)
            return host_arm_names[i].name;
    return NULL;
}

/* An Arm CPU from the MIDR_EL1 fields an arm64 kernel prints in ROOT's
 * /proc/cpuinfo, as "ARM Neoverse-N1 r3p1" (designer, core, variant and
 * revision); 0 when they are not there. */
static int host_arm_model(const char *root, char *buf, size_t len)
{
    long implementer = host_cpuinfo_number(root, "CPU implementer");
    long part = host_cpuinfo_number(root, "CPU part");
    long variant = host_cpuinfo_number(root, "CPU variant");
    long revision = host_cpuinfo_number(root, "CPU revision");
    const char *designer = host_arm_name(implementer, -1), *core = host_arm_name(implementer, part);
    char who[32], what[32];

    if (implementer < 0 || part < 0)
        return 0;
    if (implementer == HOST_QEMU_IMPLEMENTER && part == HOST_QEMU_PART) {
        snprintf(buf, len, "QEMU 'max' (emulated)");
        return 1;
    }
    snprintf(who, sizeof who, "implementer 0x%02lx", implementer);
    snprintf(what, sizeof what, "part 0x%03lx", part);
    snprintf(buf, len, "%s %s r%ldp%ld", designer != NULL ? designer : who,
             core != NULL ? core : what, variant < 0 ? 0 : variant, revision < 0 ? 0 : revision);
    return 1;
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
        host_arm_model(root, buf, len) || host_cpuinfo(root, "cpu model", buf, len))
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
