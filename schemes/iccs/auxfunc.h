/* auxfunc.h - the ICCS placeholder hash helpers.
 *
 * Every length is in bits; a message may end in a partial byte, whose high
 * bits are used.  Return 0 on success, ICCS_ERR_* otherwise.
 */
#ifndef ICCS_AUXFUNC_H
#define ICCS_AUXFUNC_H

#define ICCS_OK 0
#define ICCS_ERR_ALLOC (-2)      /* allocation failure */
#define ICCS_ERR_HASH (-3)       /* internal hash failure, or bad arguments */
#define ICCS_ERR_DIGEST_LEN (-4) /* unsupported digest length */

/* SM3 (GB/T 32905-2016); digest_len_bits must be 256. */
int sm3hash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
            unsigned char *digest);

/* SM3-HMAC based hash of 512, 768 or 1024 bits. */
int pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
               unsigned char *digest);

/* The GB/T 32918.4 key-derivation function used as an extendable-output
 * function: SM3(M || 1) || SM3(M || 2) || ... truncated to output_len_bits. */
int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
              unsigned long long msg_len_bits, unsigned char *output);

#endif
