/* poly.h - polynomials of the KEM: arithmetic, sampling from hash output,
 * compression and byte encodings. */
#ifndef MLWE_POLY_H
#define MLWE_POLY_H

#include <stddef.h>

#include "mlwe.h"

/* r = a + b. */
void mlwe_poly_add(mlwe_poly *r, const mlwe_poly *a, const mlwe_poly *b);
/* r = a - b. */
void mlwe_poly_sub(mlwe_poly *r, const mlwe_poly *a, const mlwe_poly *b);

/* Uniform coefficients by rejection from len bytes of XOF output: 0, or
 * MLWE_ERR_SAMPLE when fewer than 256 candidates were below q. */
int mlwe_poly_uniform(mlwe_poly *r, const unsigned char *buf, size_t len);

/* Centred binomial coefficients with parameter eta from
 * MLWE_PRF_BYTES(eta) bytes of PRF output. */
void mlwe_poly_cbd(mlwe_poly *r, const unsigned char *buf, unsigned eta);

/* Coefficients to d bits each, round(2^d x / q) mod 2^d, packed. */
void mlwe_poly_compress(unsigned char *out, const mlwe_poly *a, unsigned d);
/* The inverse up to rounding: round(q y / 2^d). */
void mlwe_poly_decompress(mlwe_poly *r, const unsigned char *in, unsigned d);

/* Coefficients packed in 12 bits each (MLWE_POLY_BYTES). */
void mlwe_poly_encode(unsigned char *out, const mlwe_poly *a);
/* The inverse: 0, or MLWE_ERR_INPUT when a value is not below q. */
int mlwe_poly_decode(mlwe_poly *r, const unsigned char *in);

#endif
