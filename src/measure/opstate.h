/* opstate.h - the state of a measured operation and the checks of its
 * calls, shared by the operations of every type of scheme (ops.c) and the
 * steps of a key exchange (kex.c), which ops.c dispatches to. */
#ifndef ICCSPROF_MEASURE_OPSTATE_H
#define ICCSPROF_MEASURE_OPSTATE_H

#include <stdint.h>

#include "measure/scheme.h"

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

/* A zeroed buffer of LEN bytes, never NULL (a call error when memory
 * runs out). */
unsigned char *op_alloc(ull len);

/* Fail the process for a non-zero return of FN, naming the stage and call. */
void op_check_rc(const struct op_state *st, const char *fn, int rc);

/* Fail the process when FN reported USED bytes of WHAT, above CAP. */
void op_check_len(const struct op_state *st, const char *fn, const char *what, ull used, ull cap);

#endif
