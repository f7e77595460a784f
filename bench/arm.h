/* arm.h - one configuration the bench's driver times an operation in: a
 * library loaded plain, or a profiled build with its wrappers enabled
 * around each operation at a sampling rate K; with what the wrappers
 * counted, summed over every block the arm ran. */
#ifndef BENCH_ARM_H
#define BENCH_ARM_H

#include <stdint.h>

#include "measure/ops.h"
#include "record/shares.h"

/* What a profiled arm's blocks counted, and their time. */
struct arm_sums {
    double ticks;          /* of the blocks, as timed around them */
    uint64_t ops;          /* operations in them */
    uint64_t calls, timed; /* outermost helper calls, and the timed ones */
    uint64_t helper_calls[ICCSPROF_NHELPERS];
    struct share_estimate hash, drng;
};

struct arm {
    const char *spec; /* as given: plain:PATH or prof:PATH:K */
    const char *path;
    char *owned_path; /* path, when it had to be cut out of spec */
    unsigned k;       /* 0: plain; else the sampling rate of the profiled build */
    struct scheme scheme;
    struct op_state st;
    struct op_events events;
    struct iccsprof_wrap_overhead overhead;
    struct arm_sums total, last; /* over every block, and of the last one */
};

/* Fill ARM from SPEC; -1 when SPEC is not plain:PATH or prof:PATH:K. */
int arm_parse(struct arm *arm, const char *spec);

/* Load the arm's library and set the operation OP (by name) up on it,
 * untimed, with the method's seed and message; then warm it up. */
void arm_setup(struct arm *arm, const char *op);

/* Run N operations on the arm and return the CPU seconds they took (the
 * shares are from their ticks); a profiled arm
 * counts them with the wrappers enabled around each one and adds what
 * they counted to its sums. */
double arm_block(struct arm *arm, uint64_t n);

/* Drop the arm's sums: what ran so far was warming up. */
void arm_forget(struct arm *arm);

/* The shares of SUMS over BASELINE, the ticks of as many operations
 * without the instrumentation, the inner cost of each timed call taken
 * off as iccsprof run does. */
void arm_shares(const struct arm *arm, const struct arm_sums *sums, double baseline, double *hash,
                double *hash_raw, double *drng);

/* Free the arm's buffers. */
void arm_free(struct arm *arm);

#endif
