/* sm3.h - SM3 (GB/T 32905-2016) over messages of any bit length. */
#ifndef ICCS_SM3_H
#define ICCS_SM3_H

#include <stdint.h>

#define ICCS_SM3_BYTES 32

typedef struct {
    uint32_t h[8];
    unsigned char buf[65];    /* one block plus room for a straddling byte */
    unsigned int nbits;       /* bits buffered, below 512 between calls */
    unsigned long long total; /* message bits hashed so far */
} iccs_sm3_ctx;

/* Start a hash. */
void iccs_sm3_init(iccs_sm3_ctx *ctx);

/* Append the first nbits bits of msg (high bits of a partial last byte),
 * wherever the previous input ended, even in the middle of a byte. */
void iccs_sm3_update(iccs_sm3_ctx *ctx, const unsigned char *msg, unsigned long long nbits);

/* Pad, finish and write the 32-byte digest. */
void iccs_sm3_final(iccs_sm3_ctx *ctx, unsigned char digest[ICCS_SM3_BYTES]);

/* One-shot digest of a bit string. */
void iccs_sm3(const unsigned char *msg, unsigned long long nbits,
              unsigned char digest[ICCS_SM3_BYTES]);

#endif
