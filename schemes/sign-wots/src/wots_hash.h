/* wots_hash.h - the scheme's four hash functions, each a fixed call pattern
 * on the ICCS helpers (the call counts documented in README.md). */
#ifndef WOTS_HASH_H
#define WOTS_HASH_H

#include "wots.h"

/* One chain step in place: x = first n bytes of
 * sm3hash(pub_seed || chain || pos || (x XOR mask)). */
int wots_hash_f(unsigned char x[WOTS_N], const unsigned char pub_seed[WOTS_N], unsigned chain,
                unsigned pos, const unsigned char mask[WOTS_N]);

/* The secret chain starts: pseudoXOF(sk_seed || pub_seed || 0x00). */
int wots_hash_starts(unsigned char starts[WOTS_SIG_BYTES], const unsigned char sk_seed[WOTS_N],
                     const unsigned char pub_seed[WOTS_N]);

/* The w - 1 bitmasks: pseudoXOF(pub_seed || 0x01). */
int wots_hash_masks(unsigned char masks[WOTS_MASK_BYTES], const unsigned char pub_seed[WOTS_N]);

/* The root: first n bytes of sm3hash(pub_seed || chain ends). */
int wots_hash_root(unsigned char root[WOTS_N], const unsigned char pub_seed[WOTS_N],
                   const unsigned char ends[WOTS_SIG_BYTES]);

/* The message digest: first n bytes of pseudohash-512(pub_seed || root || m). */
int wots_hash_digest(unsigned char digest[WOTS_N], const unsigned char pk[WOTS_PK_BYTES],
                     const unsigned char *m, unsigned long long m_len);

#endif
