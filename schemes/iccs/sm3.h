/* sm3.h - SM3 (GB/T 32905-2016) over messages of any bit length, with an
 * incremental interface so HMAC and the DRBG can hash concatenations. */
#ifndef ICCS_SM3_H
#define ICCS_SM3_H

#include <stdint.h>

#define ICCS_SM3_DIGEST_BYTES 32
#define ICCS_SM3_BLOCK_BYTES 64

typedef struct {
    uint32_t state[8];
    unsigned char block[ICCS_SM3_BLOCK_BYTES];
    uint64_t nbits; /* message bits absorbed so far */
} iccs_sm3_ctx;

/* Start a new hash. */
void iccs_sm3_init(iccs_sm3_ctx *ctx);

/* Absorb the first nbits bits of data; a trailing partial byte contributes
 * its high bits.  Updates may start mid-byte. */
void iccs_sm3_update_bits(iccs_sm3_ctx *ctx, const unsigned char *data, uint64_t nbits);

/* Absorb len whole bytes. */
void iccs_sm3_update(iccs_sm3_ctx *ctx, const unsigned char *data, uint64_t len);

/* Pad, finish and write the 32-byte digest. */
void iccs_sm3_final(iccs_sm3_ctx *ctx, unsigned char digest[ICCS_SM3_DIGEST_BYTES]);

/* One-shot SM3 of the first nbits bits of data. */
void iccs_sm3(const unsigned char *data, uint64_t nbits,
              unsigned char digest[ICCS_SM3_DIGEST_BYTES]);

#endif
