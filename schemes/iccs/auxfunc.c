/* auxfunc.c - the ICCS placeholder hashes sm3hash, pseudoXOF and pseudohash,
 * all built on SM3 over bit strings. */
#include <string.h>

#include "auxfunc.h"
#include "sm3.h"

/* Keep the high nbits % 8 bits of the last output byte, clear the rest. */
static void clear_tail_bits(unsigned char *out, unsigned long long nbits)
{
    if (nbits % 8 != 0)
        out[nbits / 8] &= (unsigned char)(0xff00u >> (nbits % 8));
}

/* SM3 (GB/T 32905-2016); digest_len_bits must be 256. */
int sm3hash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
            unsigned char *digest)
{
    if (digest_len_bits != 256)
        return ICCS_ERR_DIGEST_LEN;
    if (digest == NULL || (msg == NULL && msg_len_bits != 0))
        return ICCS_ERR_HASH;
    iccs_sm3(msg, msg_len_bits, digest);
    return ICCS_OK;
}

/* SM3(M || ct_1) || SM3(M || ct_2) || ... with 32-bit big-endian counters
 * from 1; the state after M is computed once and reused for every block. */
int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
              unsigned long long msg_len_bits, unsigned char *output)
{
    unsigned long long blocks = output_len_bits / 256 + (output_len_bits % 256 != 0);
    iccs_sm3_ctx after_msg;

    if ((output == NULL && output_len_bits != 0) || (msg == NULL && msg_len_bits != 0))
        return ICCS_ERR_HASH;
    if (blocks > 0xffffffffull)
        return ICCS_ERR_HASH; /* the counter would wrap */
    iccs_sm3_init(&after_msg);
    iccs_sm3_update(&after_msg, msg, msg_len_bits);
    for (unsigned long long i = 1; i <= blocks; i++) {
        unsigned char ct[4] = {(unsigned char)(i >> 24), (unsigned char)(i >> 16),
                               (unsigned char)(i >> 8), (unsigned char)i};
        unsigned char block[ICCS_SM3_BYTES];
        unsigned long long done = (i - 1) * ICCS_SM3_BYTES;
        unsigned long long want = (output_len_bits + 7) / 8 - done;
        iccs_sm3_ctx ctx = after_msg;

        iccs_sm3_update(&ctx, ct, 32);
        iccs_sm3_final(&ctx, block);
        memcpy(output + done, block, want < ICCS_SM3_BYTES ? want : ICCS_SM3_BYTES);
    }
    if (output_len_bits != 0)
        clear_tail_bits(output, output_len_bits);
    return ICCS_OK;
}

/* The fixed 64-byte key K = SM3("3.14159265358979") || SM3("2.71828182845904"). */
static void pseudohash_key(unsigned char key[64])
{
    static const char pi[] = "3.14159265358979", e[] = "2.71828182845904";

    iccs_sm3((const unsigned char *)pi, 8 * (sizeof pi - 1), key);
    iccs_sm3((const unsigned char *)e, 8 * (sizeof e - 1), key + ICCS_SM3_BYTES);
}

/* HMAC-SM3 under a key of exactly one block over prefix || msg (bits). */
static void hmac_sm3(const unsigned char key[64], const unsigned char *prefix,
                     unsigned long long prefix_bits, const unsigned char *msg,
                     unsigned long long msg_bits, unsigned char mac[ICCS_SM3_BYTES])
{
    unsigned char pad[64], inner[ICCS_SM3_BYTES];
    iccs_sm3_ctx ctx;

    for (int i = 0; i < 64; i++)
        pad[i] = key[i] ^ 0x36;
    iccs_sm3_init(&ctx);
    iccs_sm3_update(&ctx, pad, 512);
    iccs_sm3_update(&ctx, prefix, prefix_bits);
    iccs_sm3_update(&ctx, msg, msg_bits);
    iccs_sm3_final(&ctx, inner);
    for (int i = 0; i < 64; i++)
        pad[i] = key[i] ^ 0x5c;
    iccs_sm3_init(&ctx);
    iccs_sm3_update(&ctx, pad, 512);
    iccs_sm3_update(&ctx, inner, 8 * ICCS_SM3_BYTES);
    iccs_sm3_final(&ctx, mac);
}

/* SM3 of the concatenation of up to three 32-byte blocks. */
static void sm3_of_blocks(const unsigned char *a, const unsigned char *b, const unsigned char *c,
                          unsigned char out[ICCS_SM3_BYTES])
{
    iccs_sm3_ctx ctx;

    iccs_sm3_init(&ctx);
    iccs_sm3_update(&ctx, a, 256);
    iccs_sm3_update(&ctx, b, 256);
    if (c != NULL)
        iccs_sm3_update(&ctx, c, 256);
    iccs_sm3_final(&ctx, out);
}

/* The 512/768/1024-bit hash of iccs-api: h1 = SM3(M || T), then blocks
 * chained through HMAC-SM3 keyed with K, as the specification lays out. */
int pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
               unsigned char *digest)
{
    unsigned char key[64], t[2] = {0, 0}, k[5][ICCS_SM3_BYTES], h[5][ICCS_SM3_BYTES];
    iccs_sm3_ctx ctx;
    int width = digest_len_bits / 256;

    if (digest_len_bits != 512 && digest_len_bits != 768 && digest_len_bits != 1024)
        return ICCS_ERR_DIGEST_LEN;
    if (digest == NULL || (msg == NULL && msg_len_bits != 0))
        return ICCS_ERR_HASH;
    t[0] = (unsigned char)width;
    pseudohash_key(key);
    hmac_sm3(key, t, 16, msg, msg_len_bits, k[1]);
    iccs_sm3_init(&ctx);
    iccs_sm3_update(&ctx, msg, msg_len_bits);
    iccs_sm3_update(&ctx, t, 16);
    iccs_sm3_final(&ctx, h[1]);
    sm3_of_blocks(k[1], h[1], NULL, h[2]);
    if (width >= 3) {
        hmac_sm3(key, NULL, 0, h[1], 256, k[2]);
        sm3_of_blocks(h[2], k[2], NULL, h[3]);
    }
    if (width == 4) {
        hmac_sm3(key, NULL, 0, h[2], 256, k[3]);
        hmac_sm3(key, NULL, 0, h[3], 256, k[4]);
        sm3_of_blocks(k[3], h[3], k[4], h[4]);
    }
    for (int i = 1; i <= width; i++)
        memcpy(digest + (i - 1) * ICCS_SM3_BYTES, h[i], ICCS_SM3_BYTES);
    return ICCS_OK;
}
