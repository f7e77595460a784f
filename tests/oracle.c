/* oracle.c - independent references for the ICCS helper tests. */
#include "config.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "oracle.h"

/* SM3 of len bytes with OpenSSL's EVP_sm3. */
void oracle_sm3(const unsigned char *msg, size_t len, unsigned char out[32])
{
    unsigned int n = 32;

    if (!EVP_Digest(msg, len, out, &n, EVP_sm3(), NULL))
        abort();
}

/* HMAC-SM3 with OpenSSL. */
void oracle_hmac_sm3(const unsigned char *key, size_t key_len, const unsigned char *msg, size_t len,
                     unsigned char out[32])
{
    unsigned int n = 32;

    if (HMAC(EVP_sm3(), key, (int)key_len, msg, len, out, &n) == NULL)
        abort();
}

/* Left rotation written the obvious way, as GB/T 32905 states it. */
static uint32_t ref_rol(uint32_t x, int n)
{
    n %= 32;
    return n ? (x << n) | (x >> (32 - n)) : x;
}

/* One compression step, as GB/T 32905 section 5.3 writes it. */
static void ref_cf(uint32_t v[8], const unsigned char *b)
{
    uint32_t w[68], w1[64], r[8];

    for (int j = 0; j < 16; j++)
        w[j] = (uint32_t)b[4 * j] << 24 | (uint32_t)b[4 * j + 1] << 16 |
               (uint32_t)b[4 * j + 2] << 8 | b[4 * j + 3];
    for (int j = 16; j < 68; j++) {
        uint32_t x = w[j - 16] ^ w[j - 9] ^ ref_rol(w[j - 3], 15);
        w[j] = (x ^ ref_rol(x, 15) ^ ref_rol(x, 23)) ^ ref_rol(w[j - 13], 7) ^ w[j - 6];
    }
    for (int j = 0; j < 64; j++)
        w1[j] = w[j] ^ w[j + 4];
    memcpy(r, v, sizeof r);
    for (int j = 0; j < 64; j++) {
        uint32_t t = j <= 15 ? 0x79cc4519u : 0x7a879d8au;
        uint32_t ss1 = ref_rol(ref_rol(r[0], 12) + r[4] + ref_rol(t, j), 7);
        uint32_t ss2 = ss1 ^ ref_rol(r[0], 12);
        uint32_t ff = j <= 15 ? r[0] ^ r[1] ^ r[2] : (r[0] & r[1]) | (r[0] & r[2]) | (r[1] & r[2]);
        uint32_t gg = j <= 15 ? r[4] ^ r[5] ^ r[6] : (r[4] & r[5]) | (~r[4] & r[6]);
        uint32_t tt1 = ff + r[3] + ss2 + w1[j], tt2 = gg + r[7] + ss1 + w[j];

        r[3] = r[2], r[2] = ref_rol(r[1], 9), r[1] = r[0], r[0] = tt1;
        r[7] = r[6], r[6] = ref_rol(r[5], 19), r[5] = r[4];
        r[4] = tt2 ^ ref_rol(tt2, 9) ^ ref_rol(tt2, 17);
    }
    for (int i = 0; i < 8; i++)
        v[i] ^= r[i];
}

/* SM3 of a bit string: build the padded message bit by bit. */
void oracle_sm3_bits(const unsigned char *msg, unsigned long long nbits, unsigned char out[32])
{
    uint32_t v[8] = {0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600,
                     0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e};
    unsigned long long k = (448 + 512 - (nbits + 1) % 512) % 512;
    unsigned long long total = nbits + 1 + k + 64;
    unsigned char *p = calloc(total / 8, 1);

    if (p == NULL)
        abort();
    for (unsigned long long i = 0; i < nbits; i++)
        if (msg[i / 8] & (0x80 >> (i % 8)))
            p[i / 8] |= (unsigned char)(0x80 >> (i % 8));
    p[nbits / 8] |= (unsigned char)(0x80 >> (nbits % 8));
    for (int i = 0; i < 8; i++)
        p[total / 8 - 8 + i] = (unsigned char)(nbits >> (56 - 8 * i));
    for (unsigned long long off = 0; off < total / 8; off += 64)
        ref_cf(v, p + off);
    for (int i = 0; i < 32; i++)
        out[i] = (unsigned char)(v[i / 4] >> (24 - 8 * (i % 4)));
    free(p);
}
