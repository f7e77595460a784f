/* KEM_MLWE.c - the ICCS KEM API over the CCA-secure KEM of mlwe_kem.c, and
 * the DRNG state the package draws its randomness from. */
#include "KEM_MLWE.h"
#include "mlwe_kem.h"

DRNG_ctx drng_algorithm;

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

/* A key pair, with its lengths. */
int kem_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk,
               unsigned long long *sk_len_bytes)
{
    int rc = mlwe_kem_keygen(pk, sk);

    if (rc != 0)
        return rc;
    *pk_len_bytes = MLWE_PK_BYTES;
    *sk_len_bytes = MLWE_SK_BYTES;
    return 0;
}

/* Encapsulate to a public key of the right length. */
int kem_enc(unsigned char *pk, unsigned long long pk_len_bytes, unsigned char *ss,
            unsigned long long *ss_len_bytes, unsigned char *ct, unsigned long long *ct_len_bytes)
{
    int rc;

    if (pk_len_bytes != MLWE_PK_BYTES)
        return MLWE_ERR_INPUT;
    if ((rc = mlwe_kem_enc(ss, ct, pk)) != 0)
        return rc;
    *ss_len_bytes = MLWE_SS_BYTES;
    *ct_len_bytes = MLWE_CT_BYTES;
    return 0;
}

/* Decapsulate a ciphertext of the right length with a secret key of the
 * right length; only wrong lengths return an error. */
int kem_dec(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *ct,
            unsigned long long ct_len_bytes, unsigned char *ss, unsigned long long *ss_len_bytes)
{
    int rc;

    if (sk_len_bytes != MLWE_SK_BYTES || ct_len_bytes != MLWE_CT_BYTES)
        return MLWE_ERR_INPUT;
    if ((rc = mlwe_kem_dec(ss, ct, sk)) != 0)
        return rc;
    *ss_len_bytes = MLWE_SS_BYTES;
    return 0;
}
