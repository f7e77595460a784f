/* ntt.h - the number-theoretic transform of Z_q[X]/(X^256 + 1) into 128
 * quadratic factors, and multiplication in that domain. */
#ifndef MLWE_NTT_H
#define MLWE_NTT_H

#include "mlwe.h"

/* In place: coefficients to the 128 residues mod X^2 - gamma_i. */
void mlwe_ntt(mlwe_poly *a);

/* In place: the inverse, scaling included. */
void mlwe_invntt(mlwe_poly *a);

/* r = a * b for a, b in the NTT domain (r may alias neither). */
void mlwe_basemul(mlwe_poly *r, const mlwe_poly *a, const mlwe_poly *b);

#endif
