/* pke.h - the CPA-secure module-LWE public-key encryption under the KEM. */
#ifndef MLWE_PKE_H
#define MLWE_PKE_H

#include "mlwe.h"

/* Key pair from the 32-byte seed d: pk = t || rho, sk = s. */
int mlwe_pke_keygen(unsigned char pk[MLWE_PK_BYTES], unsigned char sk[MLWE_PKE_SK_BYTES],
                    const unsigned char d[MLWE_SYM_BYTES]);

/* Encrypt the 32-byte message m with the 32-byte coins, deterministically. */
int mlwe_pke_enc(unsigned char ct[MLWE_CT_BYTES], const unsigned char pk[MLWE_PK_BYTES],
                 const unsigned char m[MLWE_SYM_BYTES], const unsigned char coins[MLWE_SYM_BYTES]);

/* Decrypt ct into the 32-byte message m. */
int mlwe_pke_dec(unsigned char m[MLWE_SYM_BYTES], const unsigned char sk[MLWE_PKE_SK_BYTES],
                 const unsigned char ct[MLWE_CT_BYTES]);

#endif
