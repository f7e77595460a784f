/* check_drng.c - the SM3 Hash_DRBG behind init_random_number and
 * get_random_number, against the SP 800-90A steps redone with OpenSSL. */
#include "config.h"

#include <check.h>
#include <string.h>

#include "auxfunc.h"
#include "drng.h"
#include "oracle.h"
#include "suites.h"

/* The seed iccsprof uses: bytes 00 01 ... 2f. */
static void kat_seed(unsigned char seed[48])
{
    for (int i = 0; i < 48; i++)
        seed[i] = (unsigned char)i;
}

/* Hash_df of SP 800-90A with OpenSSL SM3, for 440 bits of output. */
static void ref_hash_df(const unsigned char *in, size_t len, unsigned char out[55])
{
    unsigned char buf[128], blocks[64];

    for (int i = 0; i < 2; i++) {
        buf[0] = (unsigned char)(i + 1);
        buf[1] = 0, buf[2] = 0, buf[3] = 0x01, buf[4] = 0xb8;
        memcpy(buf + 5, in, len);
        oracle_sm3(buf, len + 5, blocks + 32 * i);
    }
    memcpy(out, blocks, 55);
}

/* x += y (big-endian, y of ylen bytes) modulo 2^440. */
static void ref_add(unsigned char x[55], const unsigned char *y, size_t ylen)
{
    int carry = 0;

    for (int i = 54, j = (int)ylen - 1; i >= 0; i--, j--) {
        int s = x[i] + carry + (j >= 0 ? y[j] : 0);
        x[i] = (unsigned char)s;
        carry = s >> 8;
    }
}

START_TEST(matches_sp800_90a_steps)
{
    unsigned char seed[48], v[55], c[55], buf[64], data[55], h[32], got[80], want[80];
    unsigned char one = 1, rc[8] = {0};
    DRNG_ctx drng;

    kat_seed(seed);
    ck_assert_int_eq(init_random_number(&drng, seed, 48), 0);
    ref_hash_df(seed, 48, v);
    buf[0] = 0;
    memcpy(buf + 1, v, 55);
    ref_hash_df(buf, 56, c);
    for (unsigned long long counter = 1; counter <= 3; counter++) {
        ck_assert_int_eq(get_random_number(&drng, got, 8 * 70), 0);
        memcpy(data, v, 55);
        for (int off = 0; off < 70; off += 32) {
            oracle_sm3(data, 55, h);
            memcpy(want + off, h, off + 32 <= 70 ? 32 : (size_t)(70 - off));
            ref_add(data, &one, 1);
        }
        ck_assert_mem_eq(got, want, 70);
        buf[0] = 3;
        memcpy(buf + 1, v, 55);
        oracle_sm3(buf, 56, h);
        rc[7] = (unsigned char)counter;
        ref_add(v, h, 32);
        ref_add(v, c, 55);
        ref_add(v, rc, 8);
    }
}
END_TEST

/* A generator seeded with bytes 00..2f, the last one XORed with tweak. */
static void seeded(DRNG_ctx *drng, unsigned char tweak)
{
    unsigned char seed[48];

    kat_seed(seed);
    seed[47] ^= tweak;
    ck_assert_int_eq(init_random_number(drng, seed, 48), 0);
}

START_TEST(same_seed_same_stream)
{
    unsigned char a[64], b[64];
    DRNG_ctx x, y;

    seeded(&x, 0);
    seeded(&y, 0);
    ck_assert_int_eq(get_random_number(&x, a, 512), 0);
    ck_assert_int_eq(get_random_number(&y, b, 512), 0);
    ck_assert_mem_eq(a, b, 64);
}
END_TEST

START_TEST(different_seeds_differ)
{
    unsigned char a[32], b[32];
    DRNG_ctx x, y;

    seeded(&x, 0);
    seeded(&y, 1);
    ck_assert_int_eq(get_random_number(&x, a, 256), 0);
    ck_assert_int_eq(get_random_number(&y, b, 256), 0);
    ck_assert(memcmp(a, b, 32) != 0);
}
END_TEST

START_TEST(partial_byte_keeps_high_bits)
{
    unsigned char full[2], part[2];
    DRNG_ctx x, y;

    seeded(&x, 0);
    seeded(&y, 0);
    ck_assert_int_eq(get_random_number(&x, full, 16), 0);
    ck_assert_int_eq(get_random_number(&y, part, 13), 0);
    ck_assert_uint_eq(part[0], full[0]);
    ck_assert_uint_eq(part[1], full[1] & 0xf8);
}
END_TEST

START_TEST(successive_requests_continue)
{
    unsigned char first[32], second[32];
    DRNG_ctx x;

    seeded(&x, 0);
    ck_assert_int_eq(get_random_number(&x, first, 256), 0);
    ck_assert_int_eq(get_random_number(&x, second, 256), 0);
    ck_assert(memcmp(first, second, 32) != 0);
}
END_TEST

START_TEST(bad_arguments_are_errors)
{
    unsigned char seed[48] = {0}, out[8];
    DRNG_ctx x;

    memset(&x, 0, sizeof x);
    ck_assert_int_eq(get_random_number(&x, out, 64), ICCS_ERR_HASH); /* not seeded */
    ck_assert_int_eq(init_random_number(NULL, seed, 48), ICCS_ERR_HASH);
    ck_assert_int_eq(init_random_number(&x, NULL, 48), ICCS_ERR_HASH);
    ck_assert_int_eq(init_random_number(&x, seed, 48), ICCS_OK);
    ck_assert_int_eq(get_random_number(NULL, out, 64), ICCS_ERR_HASH);
    ck_assert_int_eq(get_random_number(&x, NULL, 64), ICCS_ERR_HASH);
    ck_assert_int_eq(get_random_number(&x, NULL, 0), ICCS_OK);
}
END_TEST

Suite *make_drng_suite(void)
{
    Suite *s = suite_create("drng");
    TCase *tc = tcase_create("hash_drbg");

    tcase_add_test(tc, matches_sp800_90a_steps);
    tcase_add_test(tc, same_seed_same_stream);
    tcase_add_test(tc, different_seeds_differ);
    tcase_add_test(tc, partial_byte_keeps_high_bits);
    tcase_add_test(tc, successive_requests_continue);
    tcase_add_test(tc, bad_arguments_are_errors);
    suite_add_tcase(s, tc);
    return s;
}
