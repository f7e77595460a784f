/* wots_hash.c - the scheme's hash functions on the ICCS helpers: the chain
 * function F, the expansion of chain starts and bitmasks, the public-key
 * compression and the message digest.  Every helper call of the scheme is
 * made here. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "auxfunc.h"
#include "wots_hash.h"

/* Domain bytes that keep the two pseudoXOF expansions apart. */
#define WOTS_DOMAIN_STARTS 0x00
#define WOTS_DOMAIN_MASKS 0x01

/* F as the chain step: the address binds each output to one chain position,
 * the bitmask makes the step a keyed permutation-like map (WOTS+). */
int wots_hash_f(unsigned char x[WOTS_N], const unsigned char pub_seed[WOTS_N], unsigned chain,
                unsigned pos, const unsigned char mask[WOTS_N])
{
    unsigned char in[2 * WOTS_N + WOTS_ADDR_BYTES], out[32];
    unsigned char *addr = in + WOTS_N, *masked = in + WOTS_N + WOTS_ADDR_BYTES;
    int rc;

    memcpy(in, pub_seed, WOTS_N);
    addr[0] = (unsigned char)(chain >> 8);
    addr[1] = (unsigned char)chain;
    addr[2] = (unsigned char)(pos >> 8);
    addr[3] = (unsigned char)pos;
    for (int i = 0; i < WOTS_N; i++)
        masked[i] = x[i] ^ mask[i];
    rc = sm3hash(256, in, 8ull * sizeof in, out);
    if (rc == 0)
        memcpy(x, out, WOTS_N);
    return rc;
}

/* One pseudoXOF call gives every chain start, so the secret key stays two
 * seeds however long the chains are. */
int wots_hash_starts(unsigned char starts[WOTS_SIG_BYTES], const unsigned char sk_seed[WOTS_N],
                     const unsigned char pub_seed[WOTS_N])
{
    unsigned char in[2 * WOTS_N + 1];

    memcpy(in, sk_seed, WOTS_N);
    memcpy(in + WOTS_N, pub_seed, WOTS_N);
    in[2 * WOTS_N] = WOTS_DOMAIN_STARTS;
    return pseudoXOF(8ull * WOTS_SIG_BYTES, in, 8ull * sizeof in, starts);
}

/* The bitmasks r_1 .. r_{w-1} are public and shared by all chains, as in
 * the original WOTS+: one call gives them all. */
int wots_hash_masks(unsigned char masks[WOTS_MASK_BYTES], const unsigned char pub_seed[WOTS_N])
{
    unsigned char in[WOTS_N + 1];

    memcpy(in, pub_seed, WOTS_N);
    in[WOTS_N] = WOTS_DOMAIN_MASKS;
    return pseudoXOF(8ull * WOTS_MASK_BYTES, in, 8ull * sizeof in, masks);
}

/* Compressing the len chain ends to n bytes keeps the public key small; the
 * verifier recomputes the same value from a signature. */
int wots_hash_root(unsigned char root[WOTS_N], const unsigned char pub_seed[WOTS_N],
                   const unsigned char ends[WOTS_SIG_BYTES])
{
    unsigned char in[WOTS_N + WOTS_SIG_BYTES], out[32];
    int rc;

    memcpy(in, pub_seed, WOTS_N);
    memcpy(in + WOTS_N, ends, WOTS_SIG_BYTES);
    rc = sm3hash(256, in, 8ull * sizeof in, out);
    if (rc == 0)
        memcpy(root, out, WOTS_N);
    return rc;
}

/* Hashing the public key with the message binds a signature to its key;
 * only the first n bytes of the 512-bit digest become digits. */
int wots_hash_digest(unsigned char digest[WOTS_N], const unsigned char pk[WOTS_PK_BYTES],
                     const unsigned char *m, unsigned long long m_len)
{
    unsigned char out[64], *in;
    int rc;

    if (m_len > SIZE_MAX - WOTS_PK_BYTES || m_len > ULLONG_MAX / 8 - WOTS_PK_BYTES)
        return WOTS_ERR_INPUT;
    in = malloc(WOTS_PK_BYTES + (size_t)m_len);
    if (in == NULL)
        return ICCS_ERR_ALLOC;
    memcpy(in, pk, WOTS_PK_BYTES);
    if (m_len != 0)
        memcpy(in + WOTS_PK_BYTES, m, (size_t)m_len);
    rc = pseudohash(512, in, 8 * (WOTS_PK_BYTES + m_len), out);
    free(in);
    if (rc == 0)
        memcpy(digest, out, WOTS_N);
    return rc;
}
