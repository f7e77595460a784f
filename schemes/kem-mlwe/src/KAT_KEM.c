/* KAT_KEM.c - known-answer program: seeds the DRNG with bytes 00..2f,
 * generates a key pair, encapsulates, decapsulates, and prints everything
 * as hex in the layout of a KAT file.  Not part of the library. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "KEM_MLWE.h"

#define KAT_SEED_BYTES 48

/* One "name = hex" line. */
static void print_hex(const char *name, const unsigned char *p, unsigned long long len)
{
    printf("%s = ", name);
    for (unsigned long long i = 0; i < len; i++)
        printf("%02X", p[i]);
    printf("\n");
}

/* Seed, generate, encapsulate, decapsulate, print; exit 0 when both agree. */
int main(void)
{
    unsigned char seed[KAT_SEED_BYTES];
    unsigned char *pk = malloc(kem_get_pk_len_bytes()), *sk = malloc(kem_get_sk_len_bytes());
    unsigned char *ct = malloc(kem_get_ct_len_bytes());
    unsigned char *ss = malloc(kem_get_ss_len_bytes()), *ss2 = malloc(kem_get_ss_len_bytes());
    unsigned long long pk_len, sk_len, ct_len, ss_len, ss2_len;
    int agree;

    if (pk == NULL || sk == NULL || ct == NULL || ss == NULL || ss2 == NULL) {
        fprintf(stderr, "KAT_KEM: out of memory\n");
        return 2;
    }
    for (int i = 0; i < KAT_SEED_BYTES; i++)
        seed[i] = (unsigned char)i;
    if (init_random_number(&drng_algorithm, seed, sizeof seed) != 0 ||
        kem_keygen(pk, &pk_len, sk, &sk_len) != 0 ||
        kem_enc(pk, pk_len, ss, &ss_len, ct, &ct_len) != 0 ||
        kem_dec(sk, sk_len, ct, ct_len, ss2, &ss2_len) != 0) {
        fprintf(stderr, "KAT_KEM: %s: an operation failed\n", ALGORITHM_INSTANCE);
        return 1;
    }
    agree = ss_len == ss2_len && memcmp(ss, ss2, ss_len) == 0;
    printf("# %s\n\ncount = 0\n", ALGORITHM_INSTANCE);
    print_hex("seed", seed, sizeof seed);
    print_hex("pk", pk, pk_len);
    print_hex("sk", sk, sk_len);
    print_hex("ct", ct, ct_len);
    print_hex("ss", ss, ss_len);
    printf("dec = %s\n", agree ? "agrees" : "DIFFERS");
    free(pk);
    free(sk);
    free(ct);
    free(ss);
    free(ss2);
    return agree ? 0 : 1;
}
