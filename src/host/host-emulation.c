/* host-emulation.c - whether this program runs under emulation, where its
 * times say nothing about the machine it was built for.
 *
 * User-mode emulators (qemu-user through binfmt_misc) run a program of one
 * architecture on the kernel of another and leave /proc/cpuinfo as the
 * host kernel writes it: an aarch64 program that finds x86 CPUs there is
 * emulated.  QEMU's own CPU model, 'max', has its MIDR_EL1 signature
 * (implementer 0, software; part 0x051, 'Q'), which a system emulator's
 * kernel prints in /proc/cpuinfo and which qemu-user returns when the
 * program reads the register. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#if defined(__aarch64__)
#include <asm/hwcap.h>
#include <sys/auxv.h>
#endif

#include "host/host.h"

/* The architecture this program was built for. */
const char *host_program_arch(void)
{
#if defined(__aarch64__)
    return "aarch64";
#elif defined(__arm__)
    return "arm";
#elif defined(__x86_64__)
    return "x86-64";
#elif defined(__i386__)
    return "i386";
#else
    return NULL;
#endif
}

/* The family of CPUs that runs programs of ARCH natively, or NULL. */
static const char *host_arch_family(const char *arch)
{
    if (arch == NULL)
        return NULL;
    if (strcmp(arch, "aarch64") == 0 || strcmp(arch, "arm") == 0)
        return "Arm";
    if (strcmp(arch, "x86-64") == 0 || strcmp(arch, "i386") == 0)
        return "x86";
    return NULL;
}

/* The family of the CPUs ROOT/proc/cpuinfo describes, from the keys each
 * kernel writes (arm64: "CPU implementer"; x86: "vendor_id" and "flags"),
 * or NULL. */
static const char *host_cpuinfo_family(const char *root)
{
    char v[64];

    if (host_cpuinfo(root, "CPU implementer", v, sizeof v))
        return "Arm";
    if (host_cpuinfo(root, "vendor_id", v, sizeof v) && host_cpuinfo(root, "flags", v, sizeof v))
        return "x86";
    return NULL;
}

/* Append "; " (unless first) and TEXT to BUF. */
static void host_say(char *buf, size_t len, const char *text)
{
    size_t used = strlen(buf);

    if (used < len)
        snprintf(buf + used, len - used, "%s%s", used ? "; " : "", text);
}

/* Whether a program of ARCH runs emulated on the machine ROOT describes:
 * 1 with the evidence in BUF, 0 with what runs on what, -1 (BUF empty)
 * when the CPUs or ARCH are of no family known here. */
int host_emulation_under(const char *root, const char *arch, char *buf, size_t len)
{
    const char *ours = host_arch_family(arch), *theirs = host_cpuinfo_family(root);
    char text[256];
    int emulated = 0;

    buf[0] = '\0';
    if (ours != NULL && theirs != NULL && strcmp(ours, theirs) != 0) {
        snprintf(text, sizeof text, "an %s program on the %s CPUs of /proc/cpuinfo", arch, theirs);
        host_say(buf, len, text);
        emulated = 1;
    }
    if (host_cpuinfo_number(root, "CPU implementer") == HOST_QEMU_IMPLEMENTER &&
        host_cpuinfo_number(root, "CPU part") == HOST_QEMU_PART) {
        host_say(buf, len, "/proc/cpuinfo shows QEMU's 'max' CPU");
        emulated = 1;
    }
    if (emulated)
        return 1;
    if (ours == NULL || theirs == NULL)
        return -1;
    snprintf(buf, len, "an %s program on %s CPUs", arch, theirs);
    return 0;
}

/* This program's MIDR_EL1 says QEMU's 'max' CPU: the kernel (or
 * qemu-user in its place) lets a program read it when HWCAP_CPUID says
 * so. */
static int host_qemu_midr(void)
{
#if defined(__aarch64__)
    unsigned long midr;

    if ((getauxval(AT_HWCAP) & HWCAP_CPUID) == 0)
        return 0;
    __asm__ volatile("mrs %0, midr_el1" : "=r"(midr));
    return ((midr >> 24) & 0xff) == HOST_QEMU_IMPLEMENTER &&
           ((midr >> 4) & 0xfff) == HOST_QEMU_PART;
#else
    return 0;
#endif
}

/* Whether this program runs emulated on this machine. */
int host_emulation(char *buf, size_t len)
{
    int emulated = host_emulation_under("", host_program_arch(), buf, len);

    if (host_qemu_midr()) {
        if (emulated != 1)
            buf[0] = '\0'; /* what ran on what is no evidence */
        host_say(buf, len, "MIDR_EL1 is QEMU's 'max' CPU");
        emulated = 1;
    }
    return emulated;
}
