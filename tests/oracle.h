/* oracle.h - independent references for the ICCS helper tests: OpenSSL's
 * SM3 and HMAC-SM3, and a spec-literal SM3 for bit strings. */
#ifndef ICCSPROF_TESTS_ORACLE_H
#define ICCSPROF_TESTS_ORACLE_H

#include <stddef.h>

/* SM3 of len bytes with OpenSSL's EVP_sm3. */
void oracle_sm3(const unsigned char *msg, size_t len, unsigned char out[32]);

/* HMAC-SM3 with OpenSSL. */
void oracle_hmac_sm3(const unsigned char *key, size_t key_len, const unsigned char *msg, size_t len,
                     unsigned char out[32]);

/* SM3 of a bit string by the textbook: pad by hand as a bit array, then a
 * plain compression; proven equal to OpenSSL on whole bytes by the tests. */
void oracle_sm3_bits(const unsigned char *msg, unsigned long long nbits, unsigned char out[32]);

#endif
