/* sm3.c - SM3 (GB/T 32905-2016) over messages of any bit length. */
#include <string.h>

#include "sm3.h"

static const uint32_t sm3_iv[8] = {0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600,
                                   0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e};

/* Rotate left by n (0..31) without undefined behaviour at n = 0. */
static uint32_t rol(uint32_t x, unsigned n)
{
    n &= 31;
    return n == 0 ? x : (x << n) | (x >> (32 - n));
}

/* The permutation P0 of the compression function. */
static uint32_t p0(uint32_t x)
{
    return x ^ rol(x, 9) ^ rol(x, 17);
}

/* The permutation P1 of the message expansion. */
static uint32_t p1(uint32_t x)
{
    return x ^ rol(x, 15) ^ rol(x, 23);
}

/* Read a big-endian 32-bit word. */
static uint32_t load_be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The compression function CF: fold one 512-bit block into the state. */
static void sm3_compress(uint32_t v[8], const unsigned char block[64])
{
    uint32_t w[68], a = v[0], b = v[1], c = v[2], d = v[3];
    uint32_t e = v[4], f = v[5], g = v[6], h = v[7];

    for (int j = 0; j < 16; j++)
        w[j] = load_be32(block + 4 * j);
    for (int j = 16; j < 68; j++)
        w[j] = p1(w[j - 16] ^ w[j - 9] ^ rol(w[j - 3], 15)) ^ rol(w[j - 13], 7) ^ w[j - 6];
    for (int j = 0; j < 64; j++) {
        uint32_t t = j < 16 ? 0x79cc4519 : 0x7a879d8a;
        uint32_t ss1 = rol(rol(a, 12) + e + rol(t, (unsigned)j), 7);
        uint32_t ss2 = ss1 ^ rol(a, 12);
        uint32_t ff = j < 16 ? a ^ b ^ c : (a & b) | (a & c) | (b & c);
        uint32_t gg = j < 16 ? e ^ f ^ g : (e & f) | (~e & g);
        uint32_t tt1 = ff + d + ss2 + (w[j] ^ w[j + 4]);
        uint32_t tt2 = gg + h + ss1 + w[j];

        d = c;
        c = rol(b, 9);
        b = a;
        a = tt1;
        h = g;
        g = rol(f, 19);
        f = e;
        e = p0(tt2);
    }
    v[0] ^= a, v[1] ^= b, v[2] ^= c, v[3] ^= d;
    v[4] ^= e, v[5] ^= f, v[6] ^= g, v[7] ^= h;
}

/* Start a hash. */
void iccs_sm3_init(iccs_sm3_ctx *ctx)
{
    memcpy(ctx->h, sm3_iv, sizeof ctx->h);
    memset(ctx->buf, 0, sizeof ctx->buf);
    ctx->nbits = 0;
    ctx->total = 0;
}

/* Compress a full buffer and carry the bits that straddled past it. */
static void sm3_flush_if_full(iccs_sm3_ctx *ctx)
{
    if (ctx->nbits < 512)
        return;
    sm3_compress(ctx->h, ctx->buf);
    ctx->buf[0] = ctx->buf[64];
    memset(ctx->buf + 1, 0, sizeof ctx->buf - 1);
    ctx->nbits -= 512;
}

/* Append the k (1..8) high bits of b, which has its other bits clear. */
static void sm3_append_bits(iccs_sm3_ctx *ctx, unsigned char b, unsigned k)
{
    unsigned off = ctx->nbits & 7, idx = ctx->nbits >> 3;

    if (off == 0) {
        ctx->buf[idx] = b;
    } else {
        ctx->buf[idx] |= (unsigned char)(b >> off);
        if (off + k > 8)
            ctx->buf[idx + 1] = (unsigned char)(b << (8 - off));
    }
    ctx->nbits += k;
    ctx->total += k;
    sm3_flush_if_full(ctx);
}

/* Append nbits bits of msg; whole bytes are copied directly when the
 * buffer is byte-aligned, which is the common case. */
void iccs_sm3_update(iccs_sm3_ctx *ctx, const unsigned char *msg, unsigned long long nbits)
{
    unsigned long long nbytes = nbits >> 3;
    unsigned tail = (unsigned)(nbits & 7);

    while (nbytes > 0) {
        if ((ctx->nbits & 7) == 0) {
            unsigned room = 64 - (ctx->nbits >> 3);
            unsigned n = nbytes < room ? (unsigned)nbytes : room;

            memcpy(ctx->buf + (ctx->nbits >> 3), msg, n);
            ctx->nbits += 8 * n;
            ctx->total += 8ull * n;
            msg += n;
            nbytes -= n;
            sm3_flush_if_full(ctx);
        } else {
            sm3_append_bits(ctx, *msg++, 8);
            nbytes--;
        }
    }
    if (tail != 0)
        sm3_append_bits(ctx, (unsigned char)(*msg & (0xff00u >> tail)), tail);
}

/* Pad, finish and write the 32-byte digest. */
void iccs_sm3_final(iccs_sm3_ctx *ctx, unsigned char digest[ICCS_SM3_BYTES])
{
    unsigned long long len = ctx->total;

    sm3_append_bits(ctx, 0x80, 1);
    if (ctx->nbits > 448) {
        sm3_compress(ctx->h, ctx->buf);
        memset(ctx->buf, 0, sizeof ctx->buf);
    }
    for (int i = 0; i < 8; i++)
        ctx->buf[56 + i] = (unsigned char)(len >> (56 - 8 * i));
    sm3_compress(ctx->h, ctx->buf);
    for (int i = 0; i < 8; i++) {
        digest[4 * i] = (unsigned char)(ctx->h[i] >> 24);
        digest[4 * i + 1] = (unsigned char)(ctx->h[i] >> 16);
        digest[4 * i + 2] = (unsigned char)(ctx->h[i] >> 8);
        digest[4 * i + 3] = (unsigned char)ctx->h[i];
    }
}

/* One-shot digest of a bit string. */
void iccs_sm3(const unsigned char *msg, unsigned long long nbits,
              unsigned char digest[ICCS_SM3_BYTES])
{
    iccs_sm3_ctx ctx;

    iccs_sm3_init(&ctx);
    iccs_sm3_update(&ctx, msg, nbits);
    iccs_sm3_final(&ctx, digest);
}
