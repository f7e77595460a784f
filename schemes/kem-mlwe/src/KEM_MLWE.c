/* KEM_MLWE.c - the ICCS KEM API: the CPA encryption made CCA-secure by the
 * Fujisaki-Okamoto transform with implicit rejection, and the DRNG state
 * the package draws its randomness from. */
#include <string.h>

#include "KEM_MLWE.h"
#include "mlwe_hash.h"
#include "pke.h"

DRNG_ctx drng_algorithm;

/* Where each part of the secret key sits. */
#define SK_PK (MLWE_PKE_SK_BYTES)
#define SK_HPK (SK_PK + MLWE_PK_BYTES)
#define SK_Z (SK_HPK + MLWE_SYM_BYTES)

/* Public key: t (k polynomials, NTT domain, 12 bits each) || rho. */
unsigned long long kem_get_pk_len_bytes(void)
{
    return MLWE_PK_BYTES;
}

/* Secret key: s || pk || H(pk) || z. */
unsigned long long kem_get_sk_len_bytes(void)
{
    return MLWE_SK_BYTES;
}

/* Shared secret: one SM3 digest. */
unsigned long long kem_get_ss_len_bytes(void)
{
    return MLWE_SS_BYTES;
}

/* Ciphertext: u compressed to du bits, v to dv bits. */
unsigned long long kem_get_ct_len_bytes(void)
{
    return MLWE_CT_BYTES;
}

/* d and z from the DRNG; H(pk) is stored so that decapsulation need not
 * hash the public key again. */
int kem_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk,
               unsigned long long *sk_len_bytes)
{
    unsigned char d[MLWE_SYM_BYTES];
    int rc;

    if ((rc = get_random_number(&drng_algorithm, d, 8 * MLWE_SYM_BYTES)) != 0 ||
        (rc = get_random_number(&drng_algorithm, sk + SK_Z, 8 * MLWE_SYM_BYTES)) != 0 ||
        (rc = mlwe_pke_keygen(pk, sk, d)) != 0 ||
        (rc = mlwe_hash_h(sk + SK_HPK, pk, MLWE_PK_BYTES)) != 0)
        return rc;
    memcpy(sk + SK_PK, pk, MLWE_PK_BYTES);
    *pk_len_bytes = MLWE_PK_BYTES;
    *sk_len_bytes = MLWE_SK_BYTES;
    return 0;
}

/* (K', coins) = G(m || H(pk)) for a random m; the key is KDF(K' || H(c)). */
int kem_enc(unsigned char *pk, unsigned long long pk_len_bytes, unsigned char *ss,
            unsigned long long *ss_len_bytes, unsigned char *ct, unsigned long long *ct_len_bytes)
{
    unsigned char m_hpk[2 * MLWE_SYM_BYTES], kc[2 * MLWE_SYM_BYTES], hc[MLWE_SYM_BYTES];
    int rc;

    if (pk_len_bytes != MLWE_PK_BYTES)
        return MLWE_ERR_INPUT;
    if ((rc = get_random_number(&drng_algorithm, m_hpk, 8 * MLWE_SYM_BYTES)) != 0 ||
        (rc = mlwe_hash_h(m_hpk + MLWE_SYM_BYTES, pk, MLWE_PK_BYTES)) != 0 ||
        (rc = mlwe_hash_g(kc, m_hpk, sizeof m_hpk)) != 0 ||
        (rc = mlwe_pke_enc(ct, pk, m_hpk, kc + MLWE_SYM_BYTES)) != 0 ||
        (rc = mlwe_hash_h(hc, ct, MLWE_CT_BYTES)) != 0 || (rc = mlwe_hash_kdf(ss, kc, hc)) != 0)
        return rc;
    *ss_len_bytes = MLWE_SS_BYTES;
    *ct_len_bytes = MLWE_CT_BYTES;
    return 0;
}

/* Non-zero (all ones) when a and b differ, in time independent of where. */
static unsigned char differ_mask(const unsigned char *a, const unsigned char *b, size_t len)
{
    unsigned diff = 0;

    for (size_t i = 0; i < len; i++)
        diff |= a[i] ^ b[i];
    return (unsigned char)(0u - ((0u - diff) >> 31)); /* 0 - 1 when diff != 0 */
}

/* Decrypt, re-encrypt, and compare: a ciphertext that is not exactly the
 * re-encryption yields KDF(z || H(c)) instead, with no error and no branch,
 * so a forger learns nothing from the result. */
int kem_dec(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *ct,
            unsigned long long ct_len_bytes, unsigned char *ss, unsigned long long *ss_len_bytes)
{
    unsigned char m_hpk[2 * MLWE_SYM_BYTES], kc[2 * MLWE_SYM_BYTES], hc[MLWE_SYM_BYTES];
    unsigned char again[MLWE_CT_BYTES], reject;
    const unsigned char *pk = sk + SK_PK, *z = sk + SK_Z;
    int rc;

    if (sk_len_bytes != MLWE_SK_BYTES || ct_len_bytes != MLWE_CT_BYTES)
        return MLWE_ERR_INPUT;
    memcpy(m_hpk + MLWE_SYM_BYTES, sk + SK_HPK, MLWE_SYM_BYTES);
    if ((rc = mlwe_pke_dec(m_hpk, sk, ct)) != 0 ||
        (rc = mlwe_hash_g(kc, m_hpk, sizeof m_hpk)) != 0 ||
        (rc = mlwe_pke_enc(again, pk, m_hpk, kc + MLWE_SYM_BYTES)) != 0 ||
        (rc = mlwe_hash_h(hc, ct, MLWE_CT_BYTES)) != 0)
        return rc;
    reject = differ_mask(ct, again, MLWE_CT_BYTES);
    for (size_t i = 0; i < MLWE_SYM_BYTES; i++)
        kc[i] = (unsigned char)((kc[i] & ~reject) | (z[i] & reject));
    if ((rc = mlwe_hash_kdf(ss, kc, hc)) != 0)
        return rc;
    *ss_len_bytes = MLWE_SS_BYTES;
    return 0;
}
