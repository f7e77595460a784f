/* host.h - facts about the machine a record was measured on. */
#ifndef ICCSPROF_HOST_H
#define ICCSPROF_HOST_H

#include <stddef.h>

#include <jansson.h>

/* QEMU's 'max' CPU in MIDR_EL1: implementer 0 (software), part 'Q'. */
#define HOST_QEMU_IMPLEMENTER 0x00
#define HOST_QEMU_PART 0x051

/* The CPU's model name from /proc/cpuinfo, else the machine type. */
void host_cpu_model(char *buf, size_t len);

/* The same from ROOT/proc/cpuinfo: ROOT is "" for the live system, or a
 * fixture tree.  Arm CPUs are named from their MIDR_EL1 fields
 * ("ARM Neoverse-N1 r3p1"). */
void host_cpu_model_under(const char *root, char *buf, size_t len);

/* The value of the first line of ROOT/proc/cpuinfo whose key is KEY into
 * BUF; 1, or 0 when there is none. */
int host_cpuinfo(const char *root, const char *key, char *buf, size_t len);

/* The same as a number (0x for hexadecimal); -1 when there is none. */
long host_cpuinfo_number(const char *root, const char *key);

/* The kernel as `uname -sr` prints it. */
void host_kernel(char *buf, size_t len);

/* The architecture this program was built for ("aarch64", "x86-64",
 * ...), or NULL. */
const char *host_program_arch(void);

/* Whether a program of ARCH runs emulated on the machine ROOT/proc/cpuinfo
 * describes: 1 (the evidence in BUF), 0 (native: what runs on what in
 * BUF), -1 (not known: BUF empty). */
int host_emulation_under(const char *root, const char *arch, char *buf, size_t len);

/* Whether this program runs emulated here, from /proc/cpuinfo and, on
 * AArch64, MIDR_EL1; the same values and BUF. */
int host_emulation(char *buf, size_t len);

/* The batch job this process runs as, from the environment Slurm sets
 * (SLURM_ARRAY_JOB_ID and SLURM_ARRAY_TASK_ID, else SLURM_JOB_ID):
 * {"kind": "slurm", "job": N, "task": N or null}; NULL outside one. */
json_t *host_scheduler(void);

#endif
