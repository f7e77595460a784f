/* wots.c - WOTS+ (w = 16): chains, base-w digits with checksum, and the
 * key generation, signing and verification built from them. */
#include <string.h>

#include "wots.h"
#include "wots_hash.h"

/* The len digits signed for a digest: its 2n nibbles, high nibble first,
 * then the checksum sum(w - 1 - d_i) in three nibbles.  Raising a message
 * digit lowers the checksum, so no digit vector dominates another. */
static void digits_of(unsigned digits[WOTS_LEN], const unsigned char digest[WOTS_N])
{
    unsigned checksum = 0;

    for (int i = 0; i < WOTS_N; i++) {
        digits[2 * i] = digest[i] >> 4;
        digits[2 * i + 1] = digest[i] & 0x0f;
    }
    for (int i = 0; i < WOTS_LEN1; i++)
        checksum += WOTS_W - 1 - digits[i];
    digits[WOTS_LEN1] = (checksum >> 8) & 0x0f;
    digits[WOTS_LEN1 + 1] = (checksum >> 4) & 0x0f;
    digits[WOTS_LEN1 + 2] = checksum & 0x0f;
}

/* Walk chain `chain` in place from position `from` for `steps` steps; the
 * step from position j to j + 1 uses bitmask r_{j+1} (masks + j * n). */
static int walk(unsigned char x[WOTS_N], const unsigned char pub_seed[WOTS_N],
                const unsigned char masks[WOTS_MASK_BYTES], unsigned chain, unsigned from,
                unsigned steps)
{
    for (unsigned j = from; j < from + steps; j++) {
        int rc = wots_hash_f(x, pub_seed, chain, j, masks + j * WOTS_N);

        if (rc != 0)
            return rc;
    }
    return WOTS_OK;
}

/* Key generation walks every chain to its end (position w - 1). */
int wots_keygen_root(unsigned char root[WOTS_N], const unsigned char sk_seed[WOTS_N],
                     const unsigned char pub_seed[WOTS_N])
{
    unsigned char chains[WOTS_SIG_BYTES], masks[WOTS_MASK_BYTES];
    int rc;

    if ((rc = wots_hash_starts(chains, sk_seed, pub_seed)) != 0 ||
        (rc = wots_hash_masks(masks, pub_seed)) != 0)
        return rc;
    for (unsigned i = 0; i < WOTS_LEN; i++)
        if ((rc = walk(chains + i * WOTS_N, pub_seed, masks, i, 0, WOTS_W - 1)) != 0)
            return rc;
    return wots_hash_root(root, pub_seed, chains);
}

/* Signing reveals chain i at position d_i. */
int wots_sign(unsigned char sig[WOTS_SIG_BYTES], const unsigned char sk[WOTS_SK_BYTES],
              const unsigned char *m, unsigned long long m_len)
{
    const unsigned char *sk_seed = sk, *pk = sk + WOTS_N, *pub_seed = pk;
    unsigned char digest[WOTS_N], masks[WOTS_MASK_BYTES];
    unsigned digits[WOTS_LEN];
    int rc;

    if ((rc = wots_hash_digest(digest, pk, m, m_len)) != 0 ||
        (rc = wots_hash_starts(sig, sk_seed, pub_seed)) != 0 ||
        (rc = wots_hash_masks(masks, pub_seed)) != 0)
        return rc;
    digits_of(digits, digest);
    for (unsigned i = 0; i < WOTS_LEN; i++)
        if ((rc = walk(sig + i * WOTS_N, pub_seed, masks, i, 0, digits[i])) != 0)
            return rc;
    return WOTS_OK;
}

/* Verification completes each chain from position d_i to its end and
 * compares the compressed ends with the root of the public key. */
int wots_verify(const unsigned char pk[WOTS_PK_BYTES], const unsigned char sig[WOTS_SIG_BYTES],
                const unsigned char *m, unsigned long long m_len)
{
    const unsigned char *pub_seed = pk, *root = pk + WOTS_N;
    unsigned char digest[WOTS_N], masks[WOTS_MASK_BYTES], ends[WOTS_SIG_BYTES], got[WOTS_N];
    unsigned digits[WOTS_LEN];
    int rc;

    if ((rc = wots_hash_digest(digest, pk, m, m_len)) != 0 ||
        (rc = wots_hash_masks(masks, pub_seed)) != 0)
        return rc;
    digits_of(digits, digest);
    memcpy(ends, sig, WOTS_SIG_BYTES);
    for (unsigned i = 0; i < WOTS_LEN; i++) {
        rc = walk(ends + i * WOTS_N, pub_seed, masks, i, digits[i], WOTS_W - 1 - digits[i]);
        if (rc != 0)
            return rc;
    }
    if ((rc = wots_hash_root(got, pub_seed, ends)) != 0)
        return rc;
    return memcmp(got, root, WOTS_N) == 0 ? WOTS_OK : WOTS_REJECT;
}
