/* KEM_MLWE.h - the ICCS KEM API of the instance in params.h, and the DRNG
 * state every random draw of the package uses. */
#ifndef KEM_MLWE_H
#define KEM_MLWE_H

#include "drng.h"
#include "params.h" /* ALGORITHM_INSTANCE and the parameters */

/* The package's DRNG; a KAT or benchmark driver seeds it with
 * init_random_number() before key generation. */
extern DRNG_ctx drng_algorithm;

unsigned long long kem_get_pk_len_bytes(void);
unsigned long long kem_get_sk_len_bytes(void);
unsigned long long kem_get_ss_len_bytes(void);
unsigned long long kem_get_ct_len_bytes(void);
int kem_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk,
               unsigned long long *sk_len_bytes);
int kem_enc(unsigned char *pk, unsigned long long pk_len_bytes, unsigned char *ss,
            unsigned long long *ss_len_bytes, unsigned char *ct, unsigned long long *ct_len_bytes);
/* A ciphertext that fails the re-encryption check still returns 0, with the
 * implicit-rejection key in ss. */
int kem_dec(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *ct,
            unsigned long long ct_len_bytes, unsigned char *ss, unsigned long long *ss_len_bytes);

#endif
