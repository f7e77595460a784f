/* mlwe.h - the module-LWE KEM: ring, sizes and byte layouts derived from
 * the instance's params.h, and the polynomial types. */
#ifndef MLWE_H
#define MLWE_H

#include <stdint.h>

#include "params.h"

#define MLWE_N 256  /* degree of X^n + 1 */
#define MLWE_Q 3329 /* prime with q = 1 mod 256: the NTT splits X^n + 1 into quadratics */
#define MLWE_SYM_BYTES 32

#define MLWE_POLY_BYTES (12 * MLWE_N / 8) /* a coefficient mod q in 12 bits */
#define MLWE_POLYVEC_BYTES (MLWE_K * MLWE_POLY_BYTES)
#define MLWE_PK_BYTES (MLWE_POLYVEC_BYTES + MLWE_SYM_BYTES) /* t (NTT domain) || rho */
#define MLWE_PKE_SK_BYTES MLWE_POLYVEC_BYTES                /* s (NTT domain) */
#define MLWE_U_BYTES (MLWE_K * MLWE_DU * MLWE_N / 8)
#define MLWE_V_BYTES (MLWE_DV * MLWE_N / 8)
#define MLWE_CT_BYTES (MLWE_U_BYTES + MLWE_V_BYTES)
/* s || pk || H(pk) || z */
#define MLWE_SK_BYTES (MLWE_PKE_SK_BYTES + MLWE_PK_BYTES + 2 * MLWE_SYM_BYTES)
#define MLWE_SS_BYTES 32

/* Bytes drawn per matrix entry: 448 candidates of 12 bits, each accepted
 * with probability q / 4096; fewer than 256 accepted has probability below
 * 2^-105, and is reported as MLWE_ERR_SAMPLE rather than retried. */
#define MLWE_XOF_A_BYTES 672
/* Bytes of PRF output for one centred binomial polynomial with parameter eta. */
#define MLWE_PRF_BYTES(eta) (2 * (eta)*MLWE_N / 8)
#define MLWE_ETA_MAX 3

#if MLWE_ETA1 > MLWE_ETA_MAX || MLWE_ETA2 > MLWE_ETA_MAX
#error "eta above 3 is not supported"
#endif

/* Return codes beside the helpers' own negative ones. */
#define MLWE_ERR_INPUT (-1)  /* a wrong length, or a key coefficient not below q */
#define MLWE_ERR_SAMPLE (-5) /* the matrix expansion ran out of candidates */

/* A polynomial with coefficients in [0, q). */
typedef struct {
    uint16_t c[MLWE_N];
} mlwe_poly;

/* A vector of k polynomials. */
typedef struct {
    mlwe_poly p[MLWE_K];
} mlwe_polyvec;

#endif
