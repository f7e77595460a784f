/* hostcheck.c - the host check: each fact a published measurement depends
 * on, read from /sys and /proc, judged, and given its fix.  An item is
 * ready, not_ready, unknown (the kernel does not say: a virtual machine,
 * a missing driver; reported, never failing) or info (reported only). */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/format.h"
#include "host/host.h"
#include "host/hostcheck-sys.h"
#include "host/hostcheck.h"
#include "util/strlist.h"
#include "tick.h"

#define CPU_DIR "/sys/devices/system/cpu"

/* Add item NAME to CHECK's items, and to not_ready when it fails. */
static void hostcheck_item(json_t *check, const char *name, const char *state, const char *value,
                           const char *needs, const char *fix)
{
    json_object_set_new(json_object_get(check, "items"), name,
                        json_pack("{s:s, s:s, s:s, s:s}", "state", state, "value", value, "needs",
                                  needs, "fix", fix));
    if (strcmp(state, "not_ready") == 0)
        json_array_append_new(json_object_get(check, "not_ready"), json_string(name));
}

/* The CPUs the per-core items look at: the pinned core, else every
 * allowed one. */
static void hostcheck_cores(const char *root, int cpu, cpu_set_t *cores)
{
    if (cpu >= 0) {
        CPU_ZERO(cores);
        CPU_SET(cpu, cores);
    } else if (hostcheck_allowed(root, cores) != 0) {
        CPU_ZERO(cores);
    }
}

/* The CPU model, and how many CPUs are online. */
static void hostcheck_cpus(json_t *check, const char *root)
{
    char model[256], online[1024], value[1100], allowed_list[1024];
    cpu_set_t set, allowed;

    host_cpu_model_under(root, model, sizeof model);
    hostcheck_item(check, "cpu_model", "info", model, "reported with the results", "");
    if (hostsys_read(root, online, sizeof online, CPU_DIR "/online") == 0 &&
        hostcheck_parse_cpulist(online, &set) == 0)
        snprintf(value, sizeof value, "%d online (%s)", CPU_COUNT(&set), online);
    else
        snprintf(value, sizeof value, "not known (%s%s/online unreadable)", root, CPU_DIR);
    hostcheck_item(check, "cpus", "info", value, "reported with the results", "");
    if (hostcheck_allowed(root, &allowed) == 0)
        hostcheck_format_cpulist(&allowed, allowed_list, sizeof allowed_list);
    else
        snprintf(allowed_list, sizeof allowed_list, "not known: %s", strerror(errno));
    hostcheck_item(check, "allowed", "info", allowed_list,
                   "the measuring core among the CPUs this process may run on", "");
}

/* Emulation: under an emulator (qemu-user) the program runs as code
 * translated for CPUs of another architecture, whose times say nothing
 * of the CPUs it was built for.  Not probed in a fixture tree: the
 * evidence is this process's own. */
static void hostcheck_emulation(json_t *check, const char *root)
{
    const char *arch = host_program_arch();
    char evidence[512], value[600], fix[128];
    int emulated;

    if (root[0] != '\0') {
        hostcheck_item(check, "emulation", "unknown", "not probed (a fixture tree)",
                       "native execution", "");
        return;
    }
    emulated = host_emulation(evidence, sizeof evidence);
    snprintf(fix, sizeof fix, "measure on %s CPUs", arch != NULL ? arch : "the program's own");
    if (emulated > 0)
        snprintf(value, sizeof value, "emulated: timings not meaningful (%s)", evidence);
    else if (emulated == 0)
        snprintf(value, sizeof value, "native (%s)", evidence);
    else
        snprintf(value, sizeof value, "not known (/proc/cpuinfo names no CPU family known here)");
    hostcheck_item(check, "emulation",
                   emulated > 0    ? "not_ready"
                   : emulated == 0 ? "ready"
                                   : "unknown",
                   value, "native execution", emulated > 0 ? fix : "");
}

/* The counter the shims time calls with, and its rate where the
 * architecture states it. */
static void hostcheck_ticks(json_t *check)
{
    char value[128];

#if defined(ICCSPROF_TICK_CNTVCT)
    snprintf(value, sizeof value, "cntvct_el0 at %llu Hz (cntfrq_el0)",
             (unsigned long long)wrap_cntfrq());
#else
    snprintf(value, sizeof value, "%s (its rate is measured in each run)",
             ICCSPROF_TICK_SOURCE_NAME);
#endif
    hostcheck_item(check, "ticks", "info", value, "reported with the results", "");
}

/* Pinning, and whether the measuring core is isolated from the scheduler. */
static void hostcheck_isolation(json_t *check, const char *root, int cpu)
{
    char value[1100], list[1024], fix[256];
    cpu_set_t isolated;
    int known = hostsys_read(root, list, sizeof list, CPU_DIR "/isolated") == 0 &&
                hostcheck_parse_cpulist(list, &isolated) == 0;

    if (cpu >= 0)
        snprintf(value, sizeof value, "core %d", cpu);
    hostcheck_item(check, "pinning", cpu >= 0 ? "ready" : "not_ready",
                   cpu >= 0 ? value : "not pinned", "the measuring process pinned to one core",
                   "give --cpu N (an isolated core)");
    snprintf(value, sizeof value, "%s", !known ? "not known" : list[0] ? list : "none");
    if (cpu >= 0)
        snprintf(fix, sizeof fix,
                 "boot with isolcpus=%d nohz_full=%d (or reserve the core with a cpuset)", cpu,
                 cpu);
    else
        snprintf(fix, sizeof fix,
                 "boot with isolcpus=N nohz_full=N (or reserve a core with a cpuset), then pin "
                 "to it with --cpu N");
    hostcheck_item(check, "isolated",
                   !known                                  ? "unknown"
                   : cpu >= 0 && CPU_ISSET(cpu, &isolated) ? "ready"
                                                           : "not_ready",
                   value, "the measuring core isolated from the scheduler", fix);
}

/* The frequency governor of every core measured on. */
static void hostcheck_governor(json_t *check, const char *root, const cpu_set_t *cores,
                               const char *list)
{
    char value[1024] = "", gov[64], first[64] = "", fix[1200];
    size_t used = 0;
    int read = 0, all_performance = 1, same = 1;

    for (int c = 0; c < CPU_SETSIZE; c++) {
        if (!CPU_ISSET(c, cores) ||
            hostsys_read(root, gov, sizeof gov, CPU_DIR "/cpu%d/cpufreq/scaling_governor", c) != 0)
            continue;
        if (read++ == 0)
            snprintf(first, sizeof first, "%s", gov);
        same &= strcmp(first, gov) == 0;
        all_performance &= strcmp(gov, "performance") == 0;
        if (used < sizeof value)
            used += (size_t)snprintf(value + used, sizeof value - used, "%scpu%d %s",
                                     used ? ", " : "", c, gov);
    }
    if (read == 0)
        snprintf(value, sizeof value, "no cpufreq (the kernel does not control the frequency)");
    else if (same)
        snprintf(value, sizeof value, "%s", first);
    snprintf(fix, sizeof fix, "cpupower -c %s frequency-set -g performance", list);
    hostcheck_item(check, "governor",
                   read == 0         ? "unknown"
                   : all_performance ? "ready"
                                     : "not_ready",
                   value, "performance", fix);
}

/* A frequency in kHz, as the pages print it. */
static void hostcheck_khz(const char *khz, char *buf, size_t len)
{
    fmt_hz(buf, len, strtod(khz, NULL) * 1e3);
}

/* The frequency limits of the first core measured on. */
static void hostcheck_limits(json_t *check, const char *root, const cpu_set_t *cores)
{
    char lo[32], hi[32], top[32], a[32], b[32], c[32], value[128];
    int core = 0;

    while (core < CPU_SETSIZE && !CPU_ISSET(core, cores))
        core++;
    if (core < CPU_SETSIZE &&
        hostsys_read(root, lo, sizeof lo, CPU_DIR "/cpu%d/cpufreq/scaling_min_freq", core) == 0 &&
        hostsys_read(root, hi, sizeof hi, CPU_DIR "/cpu%d/cpufreq/scaling_max_freq", core) == 0) {
        hostcheck_khz(lo, a, sizeof a);
        hostcheck_khz(hi, b, sizeof b);
        if (hostsys_read(root, top, sizeof top, CPU_DIR "/cpu%d/cpufreq/cpuinfo_max_freq", core) ==
            0) {
            hostcheck_khz(top, c, sizeof c);
            snprintf(value, sizeof value, "cpu%d min %s, max %s (hardware max %s)", core, a, b, c);
        } else {
            snprintf(value, sizeof value, "cpu%d min %s, max %s", core, a, b);
        }
    } else {
        snprintf(value, sizeof value, "not known (no cpufreq)");
    }
    hostcheck_item(check, "frequency", "info", value, "reported with the results", "");
}

/* Turbo or boost: intel_pstate's no_turbo, else cpufreq's boost. */
static void hostcheck_turbo(json_t *check, const char *root)
{
    char v[32];

    if (hostsys_read(root, v, sizeof v, CPU_DIR "/intel_pstate/no_turbo") == 0)
        hostcheck_item(check, "turbo", strcmp(v, "1") == 0 ? "ready" : "not_ready",
                       strcmp(v, "1") == 0 ? "off (intel_pstate no_turbo 1)"
                                           : "on (intel_pstate no_turbo 0)",
                       "off", "echo 1 > " CPU_DIR "/intel_pstate/no_turbo");
    else if (hostsys_read(root, v, sizeof v, CPU_DIR "/cpufreq/boost") == 0)
        hostcheck_item(check, "turbo", strcmp(v, "0") == 0 ? "ready" : "not_ready",
                       strcmp(v, "0") == 0 ? "off (cpufreq boost 0)" : "on (cpufreq boost 1)",
                       "off", "echo 0 > " CPU_DIR "/cpufreq/boost");
    else
        hostcheck_item(check, "turbo", "unknown", "not known (neither intel_pstate nor boost)",
                       "off", "");
}

/* SMT from the topology of the cores measured on, where the kernel has
 * no smt control (arm64 kernels before 6.6): 1 with the value and fix
 * when one shares its core with another thread, 0 when none does, -1
 * when the topology is not there either. */
static int hostcheck_siblings(const char *root, const cpu_set_t *cores, char *value, size_t len,
                              char *fix, size_t fix_len)
{
    char list[128];
    cpu_set_t threads;
    int read = 0;

    for (int c = 0; c < CPU_SETSIZE; c++) {
        if (!CPU_ISSET(c, cores) ||
            hostsys_read(root, list, sizeof list, CPU_DIR "/cpu%d/topology/thread_siblings_list",
                         c) != 0 ||
            hostcheck_parse_cpulist(list, &threads) != 0)
            continue;
        read++;
        if (CPU_COUNT(&threads) < 2)
            continue;
        CPU_CLR(c, &threads);
        hostcheck_format_cpulist(&threads, list, sizeof list);
        snprintf(value, len, "on (cpu%d shares its core with cpu %s: topology)", c, list);
        snprintf(fix, fix_len,
                 "take the sibling threads offline: echo 0 > " CPU_DIR "/cpuN/online for N in %s",
                 list);
        return 1;
    }
    if (read == 0)
        return -1;
    snprintf(value, len, "off (one thread per core: topology)");
    return 0;
}

/* Simultaneous multithreading: a sibling thread shares the core's units.
 * The kernel's smt control says it for the machine, else the topology
 * for the cores measured on. */
static void hostcheck_smt(json_t *check, const char *root, const cpu_set_t *cores)
{
    char active[16], control[32], value[320], fix[320];
    int have_control = hostsys_read(root, control, sizeof control, CPU_DIR "/smt/control") == 0;
    int shared;

    if (hostsys_read(root, active, sizeof active, CPU_DIR "/smt/active") != 0) {
        shared = hostcheck_siblings(root, cores, value, sizeof value, fix, sizeof fix);
        if (shared < 0)
            hostcheck_item(check, "smt", "unknown", "not known (no smt control, no topology)",
                           "off", "boot with nosmt");
        else
            hostcheck_item(check, "smt", shared ? "not_ready" : "ready", value, "off",
                           shared ? fix : "");
        return;
    }
    snprintf(value, sizeof value, "%s (control %s)", strcmp(active, "0") == 0 ? "off" : "on",
             have_control ? control : "not known");
    hostcheck_item(check, "smt", strcmp(active, "0") == 0 ? "ready" : "not_ready", value, "off",
                   "echo off > " CPU_DIR "/smt/control (or boot with nosmt)");
}

/* Counter access: perf_event_paranoid, and whether cycles can be read. */
static void hostcheck_counters(json_t *check, const char *root)
{
    char v[32], value[128];
    int err;

    if (hostsys_read(root, v, sizeof v, "/proc/sys/kernel/perf_event_paranoid") == 0)
        hostcheck_item(check, "perf_event_paranoid", atoi(v) <= 2 ? "ready" : "not_ready", v,
                       "2 or less (user-mode counters of one's own process)",
                       "sysctl -w kernel.perf_event_paranoid=2");
    else
        hostcheck_item(check, "perf_event_paranoid", "unknown", "not known (no perf_event)",
                       "2 or less (user-mode counters of one's own process)", "");
    if (root[0] != '\0') {
        hostcheck_item(check, "hardware_cycles", "unknown", "not probed (a fixture tree)",
                       "readable", "");
        return;
    }
    err = hostsys_cycles_readable();
    if (err == ENODATA)
        snprintf(value, sizeof value, "not readable: the counter opens but does not count");
    else if (err == ENOENT)
        snprintf(value, sizeof value, "not readable: no hardware cycle event on this machine");
    else if (err == ENOSYS)
        snprintf(value, sizeof value,
                 "not readable: no perf_event_open system call (an emulator, or a kernel "
                 "without perf events)");
    else if (err != 0)
        snprintf(value, sizeof value, "not readable: %s", strerror(err));
    hostcheck_item(check, "hardware_cycles", err == 0 ? "ready" : "not_ready",
                   err == 0 ? "readable" : value, "readable",
                   "lower perf_event_paranoid, or measure on bare metal or a virtual machine "
                   "given the PMU");
}

/* The load average against the CPUs online: other work competes for the
 * caches and memory even when it leaves the measuring core alone. */
static void hostcheck_load(json_t *check, const char *root)
{
    char v[128], online[1024], needs[96];
    cpu_set_t set;
    int n = hostsys_read(root, online, sizeof online, CPU_DIR "/online") == 0 &&
                    hostcheck_parse_cpulist(online, &set) == 0
                ? CPU_COUNT(&set)
                : 1;
    double load1;

    snprintf(needs, sizeof needs, "1-minute load below the %d CPU%s online", n, n == 1 ? "" : "s");
    if (hostsys_read(root, v, sizeof v, "/proc/loadavg") != 0 || sscanf(v, "%lf", &load1) != 1) {
        hostcheck_item(check, "load", "unknown", "not known (/proc/loadavg unreadable)", needs, "");
        return;
    }
    v[strcspn(v, " ")] = '\0';
    hostcheck_item(check, "load", load1 < n ? "ready" : "not_ready", v, needs,
                   "stop other work on the machine (and leave a core free of campaign jobs)");
}

/* PRETTY_NAME of ROOT's os-release (/etc, else /usr/lib) into BUF, its
 * quotes removed; false when neither says. */
static bool hostcheck_os_name(const char *root, char *buf, size_t len)
{
    static const char *const files[] = {"/etc/os-release", "/usr/lib/os-release"};
    char line[512];

    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char *path = xasprintf("%s%s", root, files[i]);
        FILE *f = fopen(path, "r");

        free(path);
        if (f == NULL)
            continue;
        while (fgets(line, sizeof line, f) != NULL) {
            char *v = line + strlen("PRETTY_NAME=");

            if (strncmp(line, "PRETTY_NAME=", strlen("PRETTY_NAME=")) != 0)
                continue;
            v[strcspn(v, "\n")] = '\0';
            if (v[0] == '"' || v[0] == '\'') {
                v++;
                v[strcspn(v, "\"'")] = '\0';
            }
            snprintf(buf, len, "%s", v);
            fclose(f);
            return buf[0] != '\0';
        }
        fclose(f);
    }
    return false;
}

/* MemTotal of ROOT/proc/meminfo in MiB into BUF; false when unreadable. */
static bool hostcheck_memory(const char *root, char *buf, size_t len)
{
    char *path = xasprintf("%s/proc/meminfo", root), line[256];
    FILE *f = fopen(path, "r");
    unsigned long long kib = 0;
    bool found = false;

    free(path);
    while (f != NULL && !found && fgets(line, sizeof line, f) != NULL)
        found = sscanf(line, "MemTotal: %llu kB", &kib) == 1;
    if (f != NULL)
        fclose(f);
    if (found)
        snprintf(buf, len, "%llu MiB", kib / 1024);
    return found;
}

/* The facts a page names the machine by: host name, architecture,
 * operating system and memory. */
static void hostcheck_system(json_t *check, const char *root)
{
    char v[512];
    const char *needs = "reported with the results";

    if (hostsys_read(root, v, sizeof v, "/proc/sys/kernel/hostname") != 0)
        snprintf(v, sizeof v, "not known");
    hostcheck_item(check, "hostname", "info", v, needs, "");
    if (hostsys_read(root, v, sizeof v, "/proc/sys/kernel/arch") != 0)
        snprintf(v, sizeof v, "not known");
    hostcheck_item(check, "machine", "info", v, needs, "");
    if (!hostcheck_os_name(root, v, sizeof v))
        snprintf(v, sizeof v, "not known");
    hostcheck_item(check, "os", "info", v, needs, "");
    if (!hostcheck_memory(root, v, sizeof v))
        snprintf(v, sizeof v, "not known");
    hostcheck_item(check, "memory", "info", v, needs, "");
}

/* Check the host under ROOT for a measurement on core CPU. */
json_t *hostcheck_run(const char *root, int cpu)
{
    json_t *check = json_pack("{s:b, s:o, s:[], s:{}}", "ready", 0, "cpu",
                              cpu >= 0 ? json_integer(cpu) : json_null(), "not_ready", "items");
    cpu_set_t cores;
    char list[1024];

    hostcheck_cores(root, cpu, &cores);
    hostcheck_format_cpulist(&cores, list, sizeof list);
    hostcheck_system(check, root);
    hostcheck_cpus(check, root);
    hostcheck_emulation(check, root);
    hostcheck_ticks(check);
    hostcheck_isolation(check, root, cpu);
    hostcheck_governor(check, root, &cores, list[0] ? list : "N");
    hostcheck_limits(check, root, &cores);
    hostcheck_turbo(check, root);
    hostcheck_smt(check, root, &cores);
    hostcheck_counters(check, root);
    hostcheck_load(check, root);
    json_object_set_new(check, "ready",
                        json_boolean(json_array_size(json_object_get(check, "not_ready")) == 0));
    return check;
}

/* One line naming every item of CHECK that is not ready. */
void hostcheck_failures(json_t *check, char *buf, size_t len)
{
    json_t *items = json_object_get(check, "items"), *name;
    size_t used = 0, i;

    buf[0] = '\0';
    json_array_foreach(json_object_get(check, "not_ready"), i, name)
    {
        json_t *item = json_object_get(items, json_string_value(name));

        if (used < len)
            used += (size_t)snprintf(buf + used, len - used, "%s%s %s (needs %s)", i ? "; " : "",
                                     json_string_value(name),
                                     json_string_value(json_object_get(item, "value")),
                                     json_string_value(json_object_get(item, "needs")));
    }
}
