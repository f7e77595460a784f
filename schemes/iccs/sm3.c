/* sm3.c - SM3 hash (GB/T 32905-2016) over bit-length messages. */
#include "sm3.h"

#include <string.h>

static const uint32_t sm3_iv[8] = {0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600,
                                   0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e};

/* Rotate left; the mask keeps a zero rotation defined. */
static uint32_t sm3_rotl(uint32_t x, unsigned n)
{
    n &= 31;
    return (x << n) | (x >> ((32 - n) & 31));
}

/* Permutation P0 of the compression function. */
static uint32_t sm3_p0(uint32_t x)
{
    return x ^ sm3_rotl(x, 9) ^ sm3_rotl(x, 17);
}

/* Permutation P1 of the message expansion. */
static uint32_t sm3_p1(uint32_t x)
{
    return x ^ sm3_rotl(x, 15) ^ sm3_rotl(x, 23);
}

/* Read a big-endian 32-bit word. */
static uint32_t sm3_load32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/* Compress one 64-byte block into the chaining state. */
static void sm3_compress(uint32_t v[8], const unsigned char *block)
{
    uint32_t w[68], a = v[0], b = v[1], c = v[2], d = v[3];
    uint32_t e = v[4], f = v[5], g = v[6], h = v[7];
    unsigned j;

    for (j = 0; j < 16; j++)
        w[j] = sm3_load32(block + 4 * j);
    for (j = 16; j < 68; j++)
        w[j] = sm3_p1(w[j - 16] ^ w[j - 9] ^ sm3_rotl(w[j - 3], 15)) ^ sm3_rotl(w[j - 13], 7) ^
               w[j - 6];
    for (j = 0; j < 64; j++) {
        uint32_t t = j < 16 ? 0x79cc4519 : 0x7a879d8a;
        uint32_t ff = j < 16 ? a ^ b ^ c : (a & b) | (a & c) | (b & c);
        uint32_t gg = j < 16 ? e ^ f ^ g : (e & f) | (~e & g);
        uint32_t ss1 = sm3_rotl(sm3_rotl(a, 12) + e + sm3_rotl(t, j), 7);
        uint32_t ss2 = ss1 ^ sm3_rotl(a, 12);
        uint32_t tt1 = ff + d + ss2 + (w[j] ^ w[j + 4]);
        uint32_t tt2 = gg + h + ss1 + w[j];
        d = c;
        c = sm3_rotl(b, 9);
        b = a;
        a = tt1;
        h = g;
        g = sm3_rotl(f, 19);
        f = e;
        e = sm3_p0(tt2);
    }
    v[0] ^= a;
    v[1] ^= b;
    v[2] ^= c;
    v[3] ^= d;
    v[4] ^= e;
    v[5] ^= f;
    v[6] ^= g;
    v[7] ^= h;
}

void iccs_sm3_init(iccs_sm3_ctx *ctx)
{
    memcpy(ctx->state, sm3_iv, sizeof sm3_iv);
    memset(ctx->block, 0, sizeof ctx->block);
    ctx->nbits = 0;
}

/* Append the high n bits (1..8) of b, whose other bits are zero; this is
 * what lets a message end, and the next part start, mid-byte. */
static void sm3_put_bits(iccs_sm3_ctx *ctx, unsigned char b, unsigned n)
{
    unsigned shift = (unsigned)(ctx->nbits % 8);
    unsigned take = 8 - shift < n ? 8 - shift : n;
    unsigned idx = (unsigned)(ctx->nbits % 512) / 8;

    if (shift == 0)
        ctx->block[idx] = 0;
    ctx->block[idx] |= (unsigned char)(b >> shift);
    ctx->nbits += take;
    if (ctx->nbits % 512 == 0)
        sm3_compress(ctx->state, ctx->block);
    if (n > take) {
        ctx->block[(ctx->nbits % 512) / 8] = (unsigned char)(b << take);
        ctx->nbits += n - take;
    }
}

void iccs_sm3_update_bits(iccs_sm3_ctx *ctx, const unsigned char *data, uint64_t nbits)
{
    uint64_t whole = nbits / 8;
    unsigned rest = (unsigned)(nbits % 8);

    if (ctx->nbits % 8 != 0) {
        for (uint64_t i = 0; i < whole; i++)
            sm3_put_bits(ctx, data[i], 8);
    } else {
        const unsigned char *p = data;
        uint64_t left = whole;
        while (left > 0) {
            unsigned fill = (unsigned)(ctx->nbits % 512) / 8;
            uint64_t n = ICCS_SM3_BLOCK_BYTES - fill < left ? ICCS_SM3_BLOCK_BYTES - fill : left;
            memcpy(ctx->block + fill, p, (size_t)n);
            ctx->nbits += 8 * n;
            p += n;
            left -= n;
            if (ctx->nbits % 512 == 0)
                sm3_compress(ctx->state, ctx->block);
        }
    }
    if (rest != 0)
        sm3_put_bits(ctx, (unsigned char)(data[whole] & (0xff << (8 - rest))), rest);
}

void iccs_sm3_update(iccs_sm3_ctx *ctx, const unsigned char *data, uint64_t len)
{
    iccs_sm3_update_bits(ctx, data, 8 * len);
}

void iccs_sm3_final(iccs_sm3_ctx *ctx, unsigned char digest[ICCS_SM3_DIGEST_BYTES])
{
    uint64_t len = ctx->nbits;
    unsigned char tail[8];
    unsigned i;

    sm3_put_bits(ctx, 0x80, 1);
    if (ctx->nbits % 8 != 0)
        sm3_put_bits(ctx, 0, 8 - (unsigned)(ctx->nbits % 8));
    while (ctx->nbits % 512 != 448)
        sm3_put_bits(ctx, 0, 8);
    for (i = 0; i < 8; i++)
        tail[i] = (unsigned char)(len >> (56 - 8 * i));
    iccs_sm3_update(ctx, tail, sizeof tail);
    for (i = 0; i < 8; i++) {
        digest[4 * i] = (unsigned char)(ctx->state[i] >> 24);
        digest[4 * i + 1] = (unsigned char)(ctx->state[i] >> 16);
        digest[4 * i + 2] = (unsigned char)(ctx->state[i] >> 8);
        digest[4 * i + 3] = (unsigned char)ctx->state[i];
    }
}

void iccs_sm3(const unsigned char *data, uint64_t nbits,
              unsigned char digest[ICCS_SM3_DIGEST_BYTES])
{
    iccs_sm3_ctx ctx;

    iccs_sm3_init(&ctx);
    iccs_sm3_update_bits(&ctx, data, nbits);
    iccs_sm3_final(&ctx, digest);
}
