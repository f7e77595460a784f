/* mlwe_hash.c - the KEM's symmetric functions on the ICCS helpers: G on
 * pseudohash, H and the key derivation on sm3hash, the matrix XOF and the
 * noise PRF on pseudoXOF.  Every helper call of the scheme is made here. */
#include <string.h>

#include "auxfunc.h"
#include "mlwe_hash.h"

/* G splits into two independent 32-byte values, so it needs 512 bits. */
int mlwe_hash_g(unsigned char out[2 * MLWE_SYM_BYTES], const unsigned char *in, size_t len)
{
    return pseudohash(512, in, 8ull * len, out);
}

/* H is plain SM3. */
int mlwe_hash_h(unsigned char out[MLWE_SYM_BYTES], const unsigned char *in, size_t len)
{
    return sm3hash(256, in, 8ull * len, out);
}

/* Hashing the ciphertext into the key ties the secret to the exact
 * ciphertext, the re-encryption check's partner. */
int mlwe_hash_kdf(unsigned char out[MLWE_SS_BYTES], const unsigned char key[MLWE_SYM_BYTES],
                  const unsigned char hc[MLWE_SYM_BYTES])
{
    unsigned char in[2 * MLWE_SYM_BYTES];

    memcpy(in, key, MLWE_SYM_BYTES);
    memcpy(in + MLWE_SYM_BYTES, hc, MLWE_SYM_BYTES);
    return sm3hash(256, in, 8ull * sizeof in, out);
}

/* One call per entry, long enough that rejection never needs more. */
int mlwe_hash_xof_a(unsigned char out[MLWE_XOF_A_BYTES], const unsigned char rho[MLWE_SYM_BYTES],
                    unsigned i, unsigned j)
{
    unsigned char in[MLWE_SYM_BYTES + 2];

    memcpy(in, rho, MLWE_SYM_BYTES);
    in[MLWE_SYM_BYTES] = (unsigned char)j;
    in[MLWE_SYM_BYTES + 1] = (unsigned char)i;
    return pseudoXOF(8ull * MLWE_XOF_A_BYTES, in, 8ull * sizeof in, out);
}

/* A distinct nonce per noise polynomial makes them independent. */
int mlwe_hash_prf(unsigned char *out, size_t len, const unsigned char seed[MLWE_SYM_BYTES],
                  unsigned nonce)
{
    unsigned char in[MLWE_SYM_BYTES + 1];

    memcpy(in, seed, MLWE_SYM_BYTES);
    in[MLWE_SYM_BYTES] = (unsigned char)nonce;
    return pseudoXOF(8ull * len, in, 8ull * sizeof in, out);
}
