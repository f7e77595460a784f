/* wots.h - WOTS+ with w = 16 on the ICCS helpers: derived parameters, byte
 * layouts and the operations the signature API is built from. */
#ifndef WOTS_H
#define WOTS_H

#include "params.h"

#if WOTS_W != 16
#error "only w = 16 is implemented: the digits are the nibbles of the digest"
#endif

/* len1 message digits of 4 bits cover the n-byte digest; the checksum
 * sum(w - 1 - d_i) < 16^3 needs len2 = 3 digits for 9 <= n <= 136. */
#define WOTS_LEN1 (2 * WOTS_N)
#define WOTS_LEN2 3
#define WOTS_LEN (WOTS_LEN1 + WOTS_LEN2)
#if WOTS_LEN1 * (WOTS_W - 1) < 256 || WOTS_LEN1 * (WOTS_W - 1) >= 4096
#error "len2 = 3 holds only for 9 <= WOTS_N <= 136"
#endif

#define WOTS_ADDR_BYTES 4                  /* chain index and position, 16 bits each */
#define WOTS_PK_BYTES (2 * WOTS_N)         /* pub_seed || root */
#define WOTS_SK_BYTES (3 * WOTS_N)         /* sk_seed || pub_seed || root */
#define WOTS_SIG_BYTES (WOTS_LEN * WOTS_N) /* one chain element per digit */
#define WOTS_MASK_BYTES ((WOTS_W - 1) * WOTS_N)

/* Return codes beside the helpers' own negative ones. */
#define WOTS_OK 0
#define WOTS_REJECT 1       /* the signature does not verify */
#define WOTS_ERR_INPUT (-1) /* a length that does not match the instance */

/* The root of the public key for the given seeds: every chain walked to its
 * end, then compressed. */
int wots_keygen_root(unsigned char root[WOTS_N], const unsigned char sk_seed[WOTS_N],
                     const unsigned char pub_seed[WOTS_N]);

/* The signature of m under sk (WOTS_SK_BYTES); deterministic. */
int wots_sign(unsigned char sig[WOTS_SIG_BYTES], const unsigned char sk[WOTS_SK_BYTES],
              const unsigned char *m, unsigned long long m_len);

/* WOTS_OK when sig is a signature of m under pk, WOTS_REJECT when not, a
 * negative helper error otherwise. */
int wots_verify(const unsigned char pk[WOTS_PK_BYTES], const unsigned char sig[WOTS_SIG_BYTES],
                const unsigned char *m, unsigned long long m_len);

#endif
