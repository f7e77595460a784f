/* KAT_KEX.c - known-answer program: seeds the DRNG with bytes 00..2f, runs
 * one whole exchange, and prints the messages and both shared secrets as
 * hex in the layout of a KAT file.  Not part of the library. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "KEX_MLWE.h"

#define KAT_SEED_BYTES 48

/* One "name = hex" line. */
static void print_hex(const char *name, const unsigned char *p, unsigned long long len)
{
    printf("%s = ", name);
    for (unsigned long long i = 0; i < len; i++)
        printf("%02X", p[i]);
    printf("\n");
}

/* Seed, exchange, print; exit 0 when both parties derive the same secret. */
int main(void)
{
    unsigned char seed[KAT_SEED_BYTES], none[1];
    unsigned long long total = kex_get_total_msg_len_bytes(), ss_len = kex_get_ss_len_bytes();
    unsigned char *sta = malloc(kex_get_sta_len_bytes()), *stb = malloc(kex_get_stb_len_bytes());
    unsigned char *m1 = malloc(total), *m2 = malloc(total);
    unsigned char *ssa = malloc(ss_len), *ssb = malloc(ss_len);
    unsigned long long pka_len, ska_len, pkb_len, skb_len, sta_len, stb_len, m1_len, m2_len;
    unsigned long long ssa_len, ssb_len;
    int agree;

    if (sta == NULL || stb == NULL || m1 == NULL || m2 == NULL || ssa == NULL || ssb == NULL) {
        fprintf(stderr, "KAT_KEX: out of memory\n");
        return 2;
    }
    for (int i = 0; i < KAT_SEED_BYTES; i++)
        seed[i] = (unsigned char)i;
    sta_len = kex_get_sta_len_bytes();
    stb_len = kex_get_stb_len_bytes();
    if (init_random_number(&drng_algorithm, seed, sizeof seed) != 0 ||
        kex_init_a(none, &pka_len, none, &ska_len, sta, &sta_len) != 0 ||
        kex_init_b(none, &pkb_len, none, &skb_len, stb, &stb_len) != 0 ||
        kex_generate_pass1_msg_a(none, ska_len, none, pkb_len, sta, &sta_len, m1, &m1_len) != 0 ||
        kex_generate_pass2_msg_b(none, skb_len, none, pka_len, m1, m1_len, stb, &stb_len, m2,
                                 &m2_len) != 1 ||
        kex_derive_ss_a(none, ska_len, none, pkb_len, m2, m2_len, sta, sta_len, ssa, &ssa_len) !=
            0 ||
        kex_derive_ss_b(none, skb_len, none, pka_len, m1, m1_len, stb, stb_len, ssb, &ssb_len) !=
            0) {
        fprintf(stderr, "KAT_KEX: %s: a step of the exchange failed\n", ALGORITHM_INSTANCE);
        return 1;
    }
    agree = ssa_len == ssb_len && memcmp(ssa, ssb, ssa_len) == 0;
    printf("# %s\n\ncount = 0\n", ALGORITHM_INSTANCE);
    print_hex("seed", seed, sizeof seed);
    print_hex("m1", m1, m1_len);
    print_hex("m2", m2, m2_len);
    print_hex("ssa", ssa, ssa_len);
    print_hex("ssb", ssb, ssb_len);
    printf("derive = %s\n", agree ? "agrees" : "DIFFERS");
    free(sta);
    free(stb);
    free(m1);
    free(m2);
    free(ssa);
    free(ssb);
    return agree ? 0 : 1;
}
