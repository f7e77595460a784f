/* kex.h - the steps of a key exchange as measured operations.
 *
 * Setup runs one whole exchange (init_a, init_b, the passes in order,
 * derive_a, derive_b), untimed, keeping a copy of the state buffer of the
 * party that makes the measured step as it was just before that step.
 * Each measured call first restores that copy (a memcpy of the state and
 * its length, the only work of the call besides the step itself) and then
 * makes the step on the messages and keys of the setup exchange, so that
 * every call sees exactly what the step sees in a real exchange, however
 * the step changes its state.  Messages a measured pass writes go to a
 * scratch buffer and never replace the setup exchange's.  The two shared
 * secrets of the setup exchange are compared, and each measured derive
 * is compared with the other party's secret; every disagreement counts
 * as a kex mismatch. */
#ifndef ICCSPROF_MEASURE_KEX_H
#define ICCSPROF_MEASURE_KEX_H

#include "measure/opstate.h"

/* Allocate ST's exchange buffers and run the setup exchange for ST->op. */
void kex_setup(struct op_state *st);

/* One measured call of ST->op. */
void kex_call(struct op_state *st);

/* Free ST's exchange buffers (nothing for other types). */
void kex_free(struct op_state *st);

#endif
