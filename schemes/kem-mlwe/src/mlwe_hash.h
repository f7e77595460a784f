/* mlwe_hash.h - the KEM's symmetric functions, each one ICCS helper call of
 * a fixed shape (the call counts documented in README.md). */
#ifndef MLWE_HASH_H
#define MLWE_HASH_H

#include <stddef.h>

#include "mlwe.h"

/* G: 64 bytes of pseudohash-512 over in (keygen: d; FO: m || H(pk)). */
int mlwe_hash_g(unsigned char out[2 * MLWE_SYM_BYTES], const unsigned char *in, size_t len);

/* H: sm3hash over in (the public key, or a ciphertext). */
int mlwe_hash_h(unsigned char out[MLWE_SYM_BYTES], const unsigned char *in, size_t len);

/* KDF: sm3hash(key || H(c)), the shared secret. */
int mlwe_hash_kdf(unsigned char out[MLWE_SS_BYTES], const unsigned char key[MLWE_SYM_BYTES],
                  const unsigned char hc[MLWE_SYM_BYTES]);

/* XOF for matrix entry (i, j): MLWE_XOF_A_BYTES of pseudoXOF(rho || j || i). */
int mlwe_hash_xof_a(unsigned char out[MLWE_XOF_A_BYTES], const unsigned char rho[MLWE_SYM_BYTES],
                    unsigned i, unsigned j);

/* PRF: len bytes of pseudoXOF(seed || nonce). */
int mlwe_hash_prf(unsigned char *out, size_t len, const unsigned char seed[MLWE_SYM_BYTES],
                  unsigned nonce);

#endif
