/* works.h - the checks of a what-if run: that the scheme still works
 * with candidates behind its helpers, and how its calls per operation
 * compare with the placeholders'. */
#ifndef ICCSPROF_MEASURE_WORKS_H
#define ICCSPROF_MEASURE_WORKS_H

#include <jansson.h>

#include "measure/candidate.h"
#include "measure/passes.h"

/* Whole rounds of the scheme the works-check runs, each from its own seed. */
#define WORKS_ROUNDS 3

/* Run WORKS_ROUNDS whole rounds of S with the candidates C[N] on
 * (keygen, sign, verify; keygen, enc, dec; a whole key exchange), then
 * with the placeholders: the verdict, {"passed", "rounds", "failures",
 * "check", "same_outputs_as_placeholder"} (whether the rounds' keys,
 * signatures or ciphertexts and secrets were byte for byte the
 * placeholders'; null for a key exchange).  A failed check is not an
 * error here: the caller fails the run with it.  Leaves the candidates
 * on. */
json_t *works_check(struct scheme *s, const struct method *m, struct candidate *c, size_t n);

/* The calls per operation of each helper (the DRNG too) over WORKS_ROUNDS
 * operations, with the placeholders and with the candidates C[N]:
 * {helper: {"placeholder", "substituted", "differs"}}: data-dependent
 * counts may change with the hash.  Leaves the candidates on. */
json_t *works_counts(struct scheme *s, const struct method *m, struct candidate *c, size_t n);

#endif
