/* ops.h - the operations of a loaded scheme: their setup, which is never
 * timed, and one call of the operation as it is measured, with the
 * published method's handling of failing signers and rejecting verifiers. */
#ifndef ICCSPROF_MEASURE_OPS_H
#define ICCSPROF_MEASURE_OPS_H

#include "measure/opstate.h"

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

#endif
