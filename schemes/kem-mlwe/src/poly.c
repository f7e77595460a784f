/* poly.c - polynomials of the KEM: arithmetic, sampling from hash output,
 * compression and byte encodings.  Bit strings are packed least
 * significant bit first, value after value. */
#include "poly.h"
#include "zq.h"

/* r = a + b. */
void mlwe_poly_add(mlwe_poly *r, const mlwe_poly *a, const mlwe_poly *b)
{
    for (unsigned i = 0; i < MLWE_N; i++)
        r->c[i] = mlwe_zq_add(a->c[i], b->c[i]);
}

/* r = a - b. */
void mlwe_poly_sub(mlwe_poly *r, const mlwe_poly *a, const mlwe_poly *b)
{
    for (unsigned i = 0; i < MLWE_N; i++)
        r->c[i] = mlwe_zq_sub(a->c[i], b->c[i]);
}

/* Append the low d bits of each of count values to out. */
static void pack_bits(unsigned char *out, const uint16_t *v, unsigned count, unsigned d)
{
    uint32_t acc = 0;
    unsigned bits = 0;

    for (unsigned i = 0; i < count; i++) {
        acc |= (uint32_t)(v[i] & ((1u << d) - 1)) << bits;
        for (bits += d; bits >= 8; bits -= 8) {
            *out++ = (unsigned char)acc;
            acc >>= 8;
        }
    }
}

/* Read count values of d bits each from in. */
static void unpack_bits(uint16_t *v, const unsigned char *in, unsigned count, unsigned d)
{
    uint32_t acc = 0;
    unsigned bits = 0;

    for (unsigned i = 0; i < count; i++) {
        for (; bits < d; bits += 8)
            acc |= (uint32_t)*in++ << bits;
        v[i] = (uint16_t)(acc & ((1u << d) - 1));
        acc >>= d;
        bits -= d;
    }
}

/* Each 3 bytes give two 12-bit candidates; those below q are kept in
 * order.  The matrix is public, so the data-dependent loop leaks nothing. */
int mlwe_poly_uniform(mlwe_poly *r, const unsigned char *buf, size_t len)
{
    unsigned n = 0;

    for (size_t i = 0; i + 3 <= len && n < MLWE_N; i += 3) {
        uint16_t cand[2];

        unpack_bits(cand, buf + i, 2, 12);
        for (unsigned j = 0; j < 2 && n < MLWE_N; j++)
            if (cand[j] < MLWE_Q)
                r->c[n++] = cand[j];
    }
    return n == MLWE_N ? 0 : MLWE_ERR_SAMPLE;
}

/* Coefficient i is (sum of eta bits) - (sum of the next eta bits), taken
 * from bits 2 eta i onwards: small, centred noise. */
void mlwe_poly_cbd(mlwe_poly *r, const unsigned char *buf, unsigned eta)
{
    for (unsigned i = 0; i < MLWE_N; i++) {
        unsigned a = 0, b = 0, pos = 2 * eta * i;

        for (unsigned j = 0; j < eta; j++) {
            a += (buf[(pos + j) / 8] >> ((pos + j) % 8)) & 1;
            b += (buf[(pos + eta + j) / 8] >> ((pos + eta + j) % 8)) & 1;
        }
        r->c[i] = mlwe_zq_sub((uint16_t)a, (uint16_t)b);
    }
}

/* Compression drops the low bits that the noise makes useless anyway. */
void mlwe_poly_compress(unsigned char *out, const mlwe_poly *a, unsigned d)
{
    uint16_t v[MLWE_N];

    for (unsigned i = 0; i < MLWE_N; i++)
        v[i] = (uint16_t)((((uint32_t)a->c[i] << d) + MLWE_Q / 2) / MLWE_Q);
    pack_bits(out, v, MLWE_N, d);
}

/* Each d-bit value back to the nearest multiple of q / 2^d. */
void mlwe_poly_decompress(mlwe_poly *r, const unsigned char *in, unsigned d)
{
    uint16_t v[MLWE_N];

    unpack_bits(v, in, MLWE_N, d);
    for (unsigned i = 0; i < MLWE_N; i++)
        r->c[i] = (uint16_t)(((uint32_t)v[i] * MLWE_Q + (1u << (d - 1))) >> d);
}

/* Coefficients packed in 12 bits each. */
void mlwe_poly_encode(unsigned char *out, const mlwe_poly *a)
{
    pack_bits(out, a->c, MLWE_N, 12);
}

/* A key from outside may hold 12-bit values of q or more: refuse them so
 * that every coefficient stays a canonical representative. */
int mlwe_poly_decode(mlwe_poly *r, const unsigned char *in)
{
    unsigned bad = 0;

    unpack_bits(r->c, in, MLWE_N, 12);
    for (unsigned i = 0; i < MLWE_N; i++)
        bad |= r->c[i] >= MLWE_Q;
    return bad ? MLWE_ERR_INPUT : 0;
}
