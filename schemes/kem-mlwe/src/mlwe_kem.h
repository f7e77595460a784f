/* mlwe_kem.h - the CCA-secure KEM (the CPA encryption under the
 * Fujisaki-Okamoto transform with implicit rejection) on fixed-size
 * buffers, shared by the ICCS KEM API (KEM_MLWE.c) and the key exchange
 * built on it (schemes/kex-mlwe).  Its randomness comes from the package's
 * DRNG. */
#ifndef MLWE_KEM_H
#define MLWE_KEM_H

#include "drng.h"
#include "mlwe.h"

/* The package's DRNG, defined by the file of its ICCS API. */
extern DRNG_ctx drng_algorithm;

/* A key pair: sk = s || pk || H(pk) || z, d and z from the DRNG. */
int mlwe_kem_keygen(unsigned char pk[MLWE_PK_BYTES], unsigned char sk[MLWE_SK_BYTES]);

/* Encapsulate to pk: a random m, the ciphertext and the shared secret. */
int mlwe_kem_enc(unsigned char ss[MLWE_SS_BYTES], unsigned char ct[MLWE_CT_BYTES],
                 const unsigned char pk[MLWE_PK_BYTES]);

/* Decapsulate; a ciphertext that fails the re-encryption check yields the
 * implicit-rejection secret and still returns 0. */
int mlwe_kem_dec(unsigned char ss[MLWE_SS_BYTES], const unsigned char ct[MLWE_CT_BYTES],
                 const unsigned char sk[MLWE_SK_BYTES]);

#endif
