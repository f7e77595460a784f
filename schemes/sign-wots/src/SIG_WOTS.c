/* SIG_WOTS.c - the ICCS signature API of WOTS+ on SM3, and the DRNG state
 * the package draws its randomness from. */
#include <string.h>

#include "SIG_WOTS.h"
#include "wots.h"

DRNG_ctx drng_algorithm;

/* Public key: pub_seed || root. */
unsigned long long sig_get_pk_len_bytes(void)
{
    return WOTS_PK_BYTES;
}

/* Secret key: sk_seed || pub_seed || root. */
unsigned long long sig_get_sk_len_bytes(void)
{
    return WOTS_SK_BYTES;
}

/* Signature: one n-byte chain element per digit; always this size. */
unsigned long long sig_get_sn_len_bytes(void)
{
    return WOTS_SIG_BYTES;
}

/* Draw both seeds from the DRNG, then derive the root of the public key. */
int sig_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk,
               unsigned long long *sk_len_bytes)
{
    unsigned char sk_seed[WOTS_N], pub_seed[WOTS_N], root[WOTS_N];
    int rc;

    if ((rc = get_random_number(&drng_algorithm, sk_seed, 8 * WOTS_N)) != 0 ||
        (rc = get_random_number(&drng_algorithm, pub_seed, 8 * WOTS_N)) != 0 ||
        (rc = wots_keygen_root(root, sk_seed, pub_seed)) != 0)
        return rc;
    memcpy(pk, pub_seed, WOTS_N);
    memcpy(pk + WOTS_N, root, WOTS_N);
    memcpy(sk, sk_seed, WOTS_N);
    memcpy(sk + WOTS_N, pk, WOTS_PK_BYTES);
    *pk_len_bytes = WOTS_PK_BYTES;
    *sk_len_bytes = WOTS_SK_BYTES;
    return 0;
}

/* Deterministic: the same key and message give the same signature.  Nothing
 * stops a second message being signed with the same key, which a real use
 * of this one-time scheme must never do. */
int sig_sign(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *m,
             unsigned long long m_len_bytes, unsigned char *sn, unsigned long long *sn_len_bytes)
{
    int rc;

    if (sk_len_bytes != WOTS_SK_BYTES)
        return WOTS_ERR_INPUT;
    if ((rc = wots_sign(sn, sk, m, m_len_bytes)) != 0)
        return rc;
    *sn_len_bytes = WOTS_SIG_BYTES;
    return 0;
}

/* 0 when sn is a valid signature of m under pk; WOTS_REJECT (1) when it is
 * not, WOTS_ERR_INPUT (-1) for a key or signature of the wrong length. */
int sig_verify(unsigned char *pk, unsigned long long pk_len_bytes, unsigned char *sn,
               unsigned long long sn_len_bytes, unsigned char *m, unsigned long long m_len_bytes)
{
    if (pk_len_bytes != WOTS_PK_BYTES || sn_len_bytes != WOTS_SIG_BYTES)
        return WOTS_ERR_INPUT;
    return wots_verify(pk, sn, m, m_len_bytes);
}
