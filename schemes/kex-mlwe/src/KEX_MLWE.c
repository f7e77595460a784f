/* KEX_MLWE.c - the ICCS key-exchange API: a two-pass exchange on the MLWE
 * KEM with a transcript hash.  A sends an ephemeral encapsulation key, B
 * encapsulates to it and sends the ciphertext with a nonce of its own, and
 * both derive the secret from the KEM's key and the hash of everything
 * sent.  Neither party has a long-term key: the exchange is
 * unauthenticated, as an ephemeral KEM exchange is. */
#include <string.h>

#include "KEX_MLWE.h"
#include "auxfunc.h"
#include "mlwe_kem.h"

DRNG_ctx drng_algorithm;

/* B's nonce, sent after the ciphertext in message 2. */
#define KEX_NONCE_BYTES MLWE_SYM_BYTES
#define KEX_M1_BYTES MLWE_PK_BYTES
#define KEX_M2_BYTES (MLWE_CT_BYTES + KEX_NONCE_BYTES)
/* A's state: the ephemeral secret key, then (after pass 1) H(m1). */
#define KEX_STA_INIT MLWE_SK_BYTES
#define KEX_STA_BYTES (MLWE_SK_BYTES + MLWE_SYM_BYTES)
/* B's state: its nonce; after pass 2 the KEM key K and the transcript
 * hash H(H(m1) || m2). */
#define KEX_STB_INIT KEX_NONCE_BYTES
#define KEX_STB_BYTES (2 * MLWE_SYM_BYTES)
/* Where the ephemeral public key sits in A's secret key (mlwe_kem.c). */
#define KEX_SK_PK MLWE_PKE_SK_BYTES

unsigned long long kex_get_passes_num(void)
{
    return 2;
}

/* No long-term keys. */
unsigned long long kex_get_pk_len_bytes(void)
{
    return 0;
}

unsigned long long kex_get_sk_len_bytes(void)
{
    return 0;
}

unsigned long long kex_get_sta_len_bytes(void)
{
    return KEX_STA_BYTES;
}

unsigned long long kex_get_stb_len_bytes(void)
{
    return KEX_STB_BYTES;
}

/* One SM3 digest's worth of pseudoXOF output. */
unsigned long long kex_get_ss_len_bytes(void)
{
    return MLWE_SS_BYTES;
}

unsigned long long kex_get_total_msg_len_bytes(void)
{
    return KEX_M1_BYTES + KEX_M2_BYTES;
}

/* The transcript hash H(H(m1) || m2), into out. */
static int kex_transcript(unsigned char out[MLWE_SYM_BYTES], const unsigned char h1[MLWE_SYM_BYTES],
                          const unsigned char m2[KEX_M2_BYTES])
{
    unsigned char both[MLWE_SYM_BYTES + KEX_M2_BYTES];

    memcpy(both, h1, MLWE_SYM_BYTES);
    memcpy(both + MLWE_SYM_BYTES, m2, KEX_M2_BYTES);
    return sm3hash(256, both, 8ull * sizeof both, out);
}

/* The shared secret: 256 bits of pseudoXOF(K || transcript hash). */
static int kex_secret(unsigned char ss[MLWE_SS_BYTES], const unsigned char k[MLWE_SYM_BYTES],
                      const unsigned char th[MLWE_SYM_BYTES])
{
    unsigned char both[2 * MLWE_SYM_BYTES];

    memcpy(both, k, MLWE_SYM_BYTES);
    memcpy(both + MLWE_SYM_BYTES, th, MLWE_SYM_BYTES);
    return pseudoXOF(8 * MLWE_SS_BYTES, both, 8ull * sizeof both, ss);
}

/* A's ephemeral KEM key pair, kept in its state. */
int kex_init_a(unsigned char *pka, unsigned long long *pka_len_bytes, unsigned char *ska,
               unsigned long long *ska_len_bytes, unsigned char *sta,
               unsigned long long *sta_len_bytes)
{
    unsigned char pk[MLWE_PK_BYTES];
    int rc;

    (void)pka;
    (void)ska;
    if ((rc = mlwe_kem_keygen(pk, sta)) != 0)
        return rc;
    *pka_len_bytes = 0;
    *ska_len_bytes = 0;
    *sta_len_bytes = KEX_STA_INIT;
    return 0;
}

/* B's nonce, kept in its state. */
int kex_init_b(unsigned char *pkb, unsigned long long *pkb_len_bytes, unsigned char *skb,
               unsigned long long *skb_len_bytes, unsigned char *stb,
               unsigned long long *stb_len_bytes)
{
    int rc;

    (void)pkb;
    (void)skb;
    if ((rc = get_random_number(&drng_algorithm, stb, 8 * KEX_NONCE_BYTES)) != 0)
        return rc;
    *pkb_len_bytes = 0;
    *skb_len_bytes = 0;
    *stb_len_bytes = KEX_STB_INIT;
    return 0;
}

/* m1 = A's ephemeral public key; H(m1) joins A's state. */
int kex_generate_pass1_msg_a(unsigned char *ska, unsigned long long ska_len_bytes,
                             unsigned char *pkb, unsigned long long pkb_len_bytes,
                             unsigned char *sta, unsigned long long *sta_len_bytes,
                             unsigned char *m1, unsigned long long *m1_len_bytes)
{
    int rc;

    (void)ska;
    (void)ska_len_bytes;
    (void)pkb;
    (void)pkb_len_bytes;
    if (*sta_len_bytes < KEX_STA_INIT)
        return MLWE_ERR_INPUT;
    memcpy(m1, sta + KEX_SK_PK, KEX_M1_BYTES);
    if ((rc = sm3hash(256, m1, 8ull * KEX_M1_BYTES, sta + MLWE_SK_BYTES)) != 0)
        return rc;
    *sta_len_bytes = KEX_STA_BYTES;
    *m1_len_bytes = KEX_M1_BYTES;
    return 0;
}

/* Encapsulate to m1: m2 = ciphertext || nonce; B keeps the KEM key and
 * the transcript hash. */
int kex_generate_pass2_msg_b(unsigned char *skb, unsigned long long skb_len_bytes,
                             unsigned char *pka, unsigned long long pka_len_bytes,
                             unsigned char *m1, unsigned long long m1_len_bytes, unsigned char *stb,
                             unsigned long long *stb_len_bytes, unsigned char *m2,
                             unsigned long long *m2_len_bytes)
{
    unsigned char h1[MLWE_SYM_BYTES];
    int rc;

    (void)skb;
    (void)skb_len_bytes;
    (void)pka;
    (void)pka_len_bytes;
    if (m1_len_bytes != KEX_M1_BYTES || *stb_len_bytes < KEX_STB_INIT)
        return MLWE_ERR_INPUT;
    memcpy(m2 + MLWE_CT_BYTES, stb, KEX_NONCE_BYTES);
    if ((rc = mlwe_kem_enc(stb, m2, m1)) != 0 ||
        (rc = sm3hash(256, m1, 8ull * KEX_M1_BYTES, h1)) != 0 ||
        (rc = kex_transcript(stb + MLWE_SYM_BYTES, h1, m2)) != 0)
        return rc;
    *stb_len_bytes = KEX_STB_BYTES;
    *m2_len_bytes = KEX_M2_BYTES;
    return 1;
}

/* Decapsulate m2's ciphertext, hash the transcript, derive; A's state,
 * its ephemeral secret key among it, is wiped. */
int kex_derive_ss_a(unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
                    unsigned long long pkb_len_bytes, unsigned char *mb,
                    unsigned long long mb_len_bytes, unsigned char *sta,
                    unsigned long long sta_len_bytes, unsigned char *ssa,
                    unsigned long long *ssa_len_bytes)
{
    unsigned char k[MLWE_SYM_BYTES], th[MLWE_SYM_BYTES];
    int rc;

    (void)ska;
    (void)ska_len_bytes;
    (void)pkb;
    (void)pkb_len_bytes;
    if (mb_len_bytes != KEX_M2_BYTES || sta_len_bytes != KEX_STA_BYTES)
        return MLWE_ERR_INPUT;
    if ((rc = mlwe_kem_dec(k, mb, sta)) != 0 ||
        (rc = kex_transcript(th, sta + MLWE_SK_BYTES, mb)) != 0 ||
        (rc = kex_secret(ssa, k, th)) != 0)
        return rc;
    memset(sta, 0, KEX_STA_BYTES);
    *ssa_len_bytes = MLWE_SS_BYTES;
    return 0;
}

/* Derive from the KEM key and the transcript hash B kept; B's state is
 * wiped. */
int kex_derive_ss_b(unsigned char *skb, unsigned long long skb_len_bytes, unsigned char *pka,
                    unsigned long long pka_len_bytes, unsigned char *ma,
                    unsigned long long ma_len_bytes, unsigned char *stb,
                    unsigned long long stb_len_bytes, unsigned char *ssb,
                    unsigned long long *ssb_len_bytes)
{
    int rc;

    (void)skb;
    (void)skb_len_bytes;
    (void)pka;
    (void)pka_len_bytes;
    (void)ma;
    if (ma_len_bytes != KEX_M1_BYTES || stb_len_bytes != KEX_STB_BYTES)
        return MLWE_ERR_INPUT;
    if ((rc = kex_secret(ssb, stb, stb + MLWE_SYM_BYTES)) != 0)
        return rc;
    memset(stb, 0, KEX_STB_BYTES);
    *ssb_len_bytes = MLWE_SS_BYTES;
    return 0;
}
