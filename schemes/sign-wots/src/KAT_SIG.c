/* KAT_SIG.c - known-answer program: seeds the DRNG with bytes 00..2f,
 * generates a key, signs the 64-byte test message, verifies it, and prints
 * everything as hex in the layout of a KAT file.  Not part of the library. */
#include <stdio.h>
#include <stdlib.h>

#include "SIG_WOTS.h"

#define KAT_SEED_BYTES 48
#define KAT_MSG_BYTES 64

/* One "name = hex" line. */
static void print_hex(const char *name, const unsigned char *p, unsigned long long len)
{
    printf("%s = ", name);
    for (unsigned long long i = 0; i < len; i++)
        printf("%02X", p[i]);
    printf("\n");
}

/* Seed, generate, sign, verify, print; exit 0 when the signature verifies. */
int main(void)
{
    unsigned char seed[KAT_SEED_BYTES], msg[KAT_MSG_BYTES];
    unsigned char *pk = malloc(sig_get_pk_len_bytes()), *sk = malloc(sig_get_sk_len_bytes());
    unsigned char *sn = malloc(sig_get_sn_len_bytes());
    unsigned long long pk_len, sk_len, sn_len;
    int rc;

    if (pk == NULL || sk == NULL || sn == NULL) {
        fprintf(stderr, "KAT_SIG: out of memory\n");
        return 2;
    }
    for (int i = 0; i < KAT_SEED_BYTES; i++)
        seed[i] = (unsigned char)i;
    for (int i = 0; i < KAT_MSG_BYTES; i++)
        msg[i] = (unsigned char)((i * 131 + 64) % 256);
    if (init_random_number(&drng_algorithm, seed, sizeof seed) != 0 ||
        (rc = sig_keygen(pk, &pk_len, sk, &sk_len)) != 0 ||
        (rc = sig_sign(sk, sk_len, msg, sizeof msg, sn, &sn_len)) != 0) {
        fprintf(stderr, "KAT_SIG: %s: key generation or signing failed\n", ALGORITHM_INSTANCE);
        return 1;
    }
    rc = sig_verify(pk, pk_len, sn, sn_len, msg, sizeof msg);
    printf("# %s\n\ncount = 0\n", ALGORITHM_INSTANCE);
    print_hex("seed", seed, sizeof seed);
    printf("mlen = %d\n", KAT_MSG_BYTES);
    print_hex("msg", msg, sizeof msg);
    print_hex("pk", pk, pk_len);
    print_hex("sk", sk, sk_len);
    printf("snlen = %llu\n", sn_len);
    print_hex("sn", sn, sn_len);
    printf("verify = %d\n", rc);
    free(pk);
    free(sk);
    free(sn);
    return rc == 0 ? 0 : 1;
}
