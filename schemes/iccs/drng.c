/* drng.c - the ICCS DRNG: Hash_DRBG (NIST SP 800-90A) with SM3, seedlen 440
 * bits, no nonce, personalization or additional input. */
#include <string.h>

#include "auxfunc.h"
#include "drng.h"
#include "sm3.h"

/* Hash_df: SM3(counter || 440 as 32 bits || a || b) for counters 1, 2,
 * truncated to the 55 bytes of seedlen. */
static void hash_df(const unsigned char *a, unsigned long long a_bits, const unsigned char *b,
                    unsigned long long b_bits, unsigned char out[ICCS_DRNG_SEEDLEN])
{
    unsigned char block[2 * ICCS_SM3_BYTES];
    unsigned char head[5] = {0, 0x00, 0x00, 0x01, 0xb8}; /* 440 = 0x1b8 */

    for (int i = 0; i < 2; i++) {
        iccs_sm3_ctx ctx;

        head[0] = (unsigned char)(i + 1);
        iccs_sm3_init(&ctx);
        iccs_sm3_update(&ctx, head, 40);
        iccs_sm3_update(&ctx, a, a_bits);
        iccs_sm3_update(&ctx, b, b_bits);
        iccs_sm3_final(&ctx, block + i * ICCS_SM3_BYTES);
    }
    memcpy(out, block, ICCS_DRNG_SEEDLEN);
}

/* acc += the big-endian number x of len bytes (len <= 55), mod 2^440. */
static void add_be(unsigned char acc[ICCS_DRNG_SEEDLEN], const unsigned char *x, size_t len)
{
    unsigned carry = 0;

    for (size_t i = 0; i < ICCS_DRNG_SEEDLEN; i++) {
        size_t ai = ICCS_DRNG_SEEDLEN - 1 - i;
        unsigned sum = acc[ai] + carry + (i < len ? x[len - 1 - i] : 0);

        acc[ai] = (unsigned char)sum;
        carry = sum >> 8;
    }
}

/* Instantiate: V = Hash_df(seed), C = Hash_df(0x00 || V), counter 1. */
int init_random_number(DRNG_ctx *drng, const unsigned char *seed, unsigned long long seed_len_bytes)
{
    static const unsigned char zero = 0;

    if (drng == NULL || (seed == NULL && seed_len_bytes != 0))
        return ICCS_ERR_HASH;
    if (seed_len_bytes > (~0ull >> 3))
        return ICCS_ERR_HASH;
    hash_df(seed, 8 * seed_len_bytes, NULL, 0, drng->V);
    hash_df(&zero, 8, drng->V, 8 * ICCS_DRNG_SEEDLEN, drng->C);
    drng->reseed_counter = 1;
    drng->seeded = 1;
    return ICCS_OK;
}

/* Generate: SM3(V) || SM3(V + 1) || ..., then V += SM3(0x03 || V) + C +
 * reseed_counter; a partial last byte keeps only its high bits. */
int get_random_number(DRNG_ctx *drng, unsigned char *random_number,
                      unsigned long long random_number_len_bits)
{
    static const unsigned char one = 1, three = 3;
    unsigned long long nbytes = (random_number_len_bits + 7) / 8;
    unsigned char data[ICCS_DRNG_SEEDLEN], h[ICCS_SM3_BYTES], rc[8];
    iccs_sm3_ctx ctx;

    if (drng == NULL || !drng->seeded || (random_number == NULL && random_number_len_bits != 0))
        return ICCS_ERR_HASH;
    memcpy(data, drng->V, sizeof data);
    for (unsigned long long done = 0; done < nbytes; done += ICCS_SM3_BYTES) {
        unsigned long long left = nbytes - done;

        iccs_sm3(data, 8 * ICCS_DRNG_SEEDLEN, h);
        memcpy(random_number + done, h, left < ICCS_SM3_BYTES ? left : ICCS_SM3_BYTES);
        add_be(data, &one, 1);
    }
    if (random_number_len_bits % 8 != 0)
        random_number[nbytes - 1] &= (unsigned char)(0xff00u >> (random_number_len_bits % 8));
    iccs_sm3_init(&ctx);
    iccs_sm3_update(&ctx, &three, 8);
    iccs_sm3_update(&ctx, drng->V, 8 * ICCS_DRNG_SEEDLEN);
    iccs_sm3_final(&ctx, h);
    for (int i = 0; i < 8; i++)
        rc[i] = (unsigned char)(drng->reseed_counter >> (56 - 8 * i));
    add_be(drng->V, h, sizeof h);
    add_be(drng->V, drng->C, ICCS_DRNG_SEEDLEN);
    add_be(drng->V, rc, sizeof rc);
    drng->reseed_counter++;
    return ICCS_OK;
}
