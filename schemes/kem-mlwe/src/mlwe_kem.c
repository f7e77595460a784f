/* mlwe_kem.c - the Fujisaki-Okamoto transform with implicit rejection over
 * the CPA encryption (mlwe_kem.h). */
#include <string.h>

#include "mlwe_hash.h"
#include "mlwe_kem.h"
#include "pke.h"

/* Where each part of the secret key sits. */
#define SK_PK (MLWE_PKE_SK_BYTES)
#define SK_HPK (SK_PK + MLWE_PK_BYTES)
#define SK_Z (SK_HPK + MLWE_SYM_BYTES)

/* d and z from the DRNG; H(pk) is stored so that decapsulation need not
 * hash the public key again. */
int mlwe_kem_keygen(unsigned char pk[MLWE_PK_BYTES], unsigned char sk[MLWE_SK_BYTES])
{
    unsigned char d[MLWE_SYM_BYTES];
    int rc;

    if ((rc = get_random_number(&drng_algorithm, d, 8 * MLWE_SYM_BYTES)) != 0 ||
        (rc = get_random_number(&drng_algorithm, sk + SK_Z, 8 * MLWE_SYM_BYTES)) != 0 ||
        (rc = mlwe_pke_keygen(pk, sk, d)) != 0 ||
        (rc = mlwe_hash_h(sk + SK_HPK, pk, MLWE_PK_BYTES)) != 0)
        return rc;
    memcpy(sk + SK_PK, pk, MLWE_PK_BYTES);
    return 0;
}

/* (K', coins) = G(m || H(pk)) for a random m; the key is KDF(K' || H(c)). */
int mlwe_kem_enc(unsigned char ss[MLWE_SS_BYTES], unsigned char ct[MLWE_CT_BYTES],
                 const unsigned char pk[MLWE_PK_BYTES])
{
    unsigned char m_hpk[2 * MLWE_SYM_BYTES], kc[2 * MLWE_SYM_BYTES], hc[MLWE_SYM_BYTES];
    int rc;

    if ((rc = get_random_number(&drng_algorithm, m_hpk, 8 * MLWE_SYM_BYTES)) != 0 ||
        (rc = mlwe_hash_h(m_hpk + MLWE_SYM_BYTES, pk, MLWE_PK_BYTES)) != 0 ||
        (rc = mlwe_hash_g(kc, m_hpk, sizeof m_hpk)) != 0 ||
        (rc = mlwe_pke_enc(ct, pk, m_hpk, kc + MLWE_SYM_BYTES)) != 0 ||
        (rc = mlwe_hash_h(hc, ct, MLWE_CT_BYTES)) != 0)
        return rc;
    return mlwe_hash_kdf(ss, kc, hc);
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
int mlwe_kem_dec(unsigned char ss[MLWE_SS_BYTES], const unsigned char ct[MLWE_CT_BYTES],
                 const unsigned char sk[MLWE_SK_BYTES])
{
    unsigned char m_hpk[2 * MLWE_SYM_BYTES], kc[2 * MLWE_SYM_BYTES], hc[MLWE_SYM_BYTES];
    unsigned char again[MLWE_CT_BYTES], reject;
    const unsigned char *pk = sk + SK_PK, *z = sk + SK_Z;
    int rc;

    memcpy(m_hpk + MLWE_SYM_BYTES, sk + SK_HPK, MLWE_SYM_BYTES);
    if ((rc = mlwe_pke_dec(m_hpk, sk, ct)) != 0 ||
        (rc = mlwe_hash_g(kc, m_hpk, sizeof m_hpk)) != 0 ||
        (rc = mlwe_pke_enc(again, pk, m_hpk, kc + MLWE_SYM_BYTES)) != 0 ||
        (rc = mlwe_hash_h(hc, ct, MLWE_CT_BYTES)) != 0)
        return rc;
    reject = differ_mask(ct, again, MLWE_CT_BYTES);
    for (size_t i = 0; i < MLWE_SYM_BYTES; i++)
        kc[i] = (unsigned char)((kc[i] & ~reject) | (z[i] & reject));
    return mlwe_hash_kdf(ss, kc, hc);
}
