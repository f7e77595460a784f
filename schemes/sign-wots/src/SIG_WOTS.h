/* SIG_WOTS.h - the ICCS signature API of the instance in params.h, and the
 * DRNG state every random draw of the package uses. */
#ifndef SIG_WOTS_H
#define SIG_WOTS_H

#include "drng.h"
#include "params.h" /* ALGORITHM_INSTANCE and the parameters */

/* The package's DRNG; a KAT or benchmark driver seeds it with
 * init_random_number() before key generation. */
extern DRNG_ctx drng_algorithm;

unsigned long long sig_get_pk_len_bytes(void);
unsigned long long sig_get_sk_len_bytes(void);
unsigned long long sig_get_sn_len_bytes(void);
int sig_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk,
               unsigned long long *sk_len_bytes);
int sig_sign(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *m,
             unsigned long long m_len_bytes, unsigned char *sn, unsigned long long *sn_len_bytes);
/* 0 = valid; non-zero = rejected. */
int sig_verify(unsigned char *pk, unsigned long long pk_len_bytes, unsigned char *sn,
               unsigned long long sn_len_bytes, unsigned char *m, unsigned long long m_len_bytes);

#endif
