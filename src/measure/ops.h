/* ops.h - the operations of a loaded scheme: their setup, which is never
 * timed, and one call of the operation as it is measured, with the
 * published method's handling of failing signers and rejecting verifiers. */
#ifndef ICCSPROF_MEASURE_OPS_H
#define ICCSPROF_MEASURE_OPS_H

#include <stdint.h>

#include "scheme.h"

/* A key exchange's steps follow the signature's and the KEM's: pass k is
 * OP_PASS1 + k - 1. */
enum op {
    OP_KEYGEN,
    OP_SIGN,
    OP_VERIFY,
    OP_ENC,
    OP_DEC,
    OP_INIT_A,
    OP_INIT_B,
    OP_PASS1,
    OP_DERIVE_A = OP_PASS1 + KEX_MAX_PASSES,
    OP_DERIVE_B
};

/* The passes events are counted in: setup holds every untimed call of
 * both libraries (setup, warm-up, calibration), timing the plain trials,
 * profile the operations measured with the wrappers on. */
enum op_pass { PASS_SETUP, PASS_TIMING, PASS_PROFILE, PASS_COUNT };

/* What the calls of one pass did. */
struct op_counts {
    uint64_t operations; /* calls of the measured operation */
    uint64_t signatures, sign_failures_retried;
    uint64_t verifications, verify_rejections;
    uint64_t decapsulations, decaps_mismatches;
    uint64_t kex_mismatches; /* exchanges whose two shared secrets differed */
};

/* What the operations counted, per pass. */
struct op_events {
    struct op_counts pass[PASS_COUNT];
    ull kex_passes;                      /* passes of the setup exchange (key exchanges) */
    ull kex_msg_len[KEX_MAX_PASSES + 1]; /* its message k's length, from 1 */
    ull sig_min, sig_max; /* lengths of the signatures produced; sig_min > sig_max: none */
};

struct op_state {
    struct scheme *s;
    enum op op;
    unsigned max_sign_attempts;
    unsigned char *msg;
    ull msg_len;
    unsigned char *pk, *sk, *out, *ss, *ss_ref; /* out: signature or ciphertext */
    ull pk_used, sk_used, out_used, ss_used;
    struct op_events *events;
    struct kex_state *kex; /* key exchanges only */
    enum op_pass pass;
    struct op_counts *counts; /* the pass being counted; NULL: a twin call, not counted */
    const char *stage;        /* "setup", "warm-up", "calibration", "timing", "profile" */
    uint64_t calls;           /* calls of the operation made in this stage */
};

/* Parse an operation name for the scheme S; -1 when it is not one of its
 * (a key exchange's passes go up to its number of passes). */
int op_parse(const char *name, const struct scheme *s);

/* The operation's name as records spell it. */
const char *op_name(enum op op);

/* Allocate ST's buffers for S, seed the DRNG with SEED and make the
 * inputs OP needs (keys; a signature; a ciphertext), untimed. */
void op_setup(struct op_state *st, struct scheme *s, enum op op, const unsigned char *seed,
              size_t seed_len, ull msg_len, unsigned max_sign_attempts, struct op_events *events);

/* One call of the operation, as measured; a failing call that is not
 * handled by the method ends the process with a call error. */
void op_call(struct op_state *st);

/* Start a stage of PASS: its name goes into error messages, with the call
 * number counted from here. */
void op_stage(struct op_state *st, const char *stage, enum op_pass pass);

/* Whether the following calls count in their pass: the wrappers-off twin
 * of a profiled call repeats its work and is not counted again. */
void op_count(struct op_state *st, int counted);

/* Free ST's buffers. */
void op_free(struct op_state *st);

/* A zeroed buffer of LEN bytes, never NULL (a call error when memory
 * runs out). */
unsigned char *op_alloc(ull len);

/* Fail the process for a non-zero return of FN, naming the stage and call. */
void op_check_rc(const struct op_state *st, const char *fn, int rc);

/* Fail the process when FN reported USED bytes of WHAT, above CAP. */
void op_check_len(const struct op_state *st, const char *fn, const char *what, ull used, ull cap);

#endif
