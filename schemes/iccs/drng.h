/* drng.h - the ICCS deterministic random number generator: Hash_DRBG of
 * NIST SP 800-90A with SM3 (seedlen 440 bits). */
#ifndef ICCS_DRNG_H
#define ICCS_DRNG_H

#define ICCS_DRNG_SEEDLEN 55 /* bytes: 440 bits */

typedef struct {
    unsigned char V[ICCS_DRNG_SEEDLEN];
    unsigned char C[ICCS_DRNG_SEEDLEN];
    unsigned long long reseed_counter;
    int seeded;
} DRNG_ctx;

/* Instantiate DRNG from seed_len_bytes of seed material. */
int init_random_number(DRNG_ctx *drng, const unsigned char *seed,
                       unsigned long long seed_len_bytes);

/* Write random_number_len_bits bits; a partial last byte keeps its high
 * bits and has the rest cleared. */
int get_random_number(DRNG_ctx *drng, unsigned char *random_number,
                      unsigned long long random_number_len_bits);

#endif
