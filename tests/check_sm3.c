/* check_sm3.c - SM3 against the standard's vectors, OpenSSL, and a
 * bit-string oracle. */
#include "config.h"

#include <check.h>
#include <string.h>

#include "auxfunc.h"
#include "oracle.h"
#include "sm3.h"
#include "suites.h"

/* A deterministic message long enough for every length tested. */
static void fill_message(unsigned char *m, size_t len)
{
    for (size_t i = 0; i < len; i++)
        m[i] = (unsigned char)(i * 131 + 64);
}

START_TEST(standard_vectors)
{
    static const unsigned char abc_digest[32] = {0x66, 0xc7, 0xf0, 0xf4, 0x62, 0xee, 0xed, 0xd9,
                                                 0xd1, 0xf2, 0xd4, 0x6b, 0xdc, 0x10, 0xe4, 0xe2,
                                                 0x41, 0x67, 0xc4, 0x87, 0x5c, 0xf2, 0xf7, 0xa2,
                                                 0x29, 0x7d, 0xa0, 0x2b, 0x8f, 0x4b, 0xa8, 0xe0};
    static const unsigned char abcd16_digest[32] = {0xde, 0xbe, 0x9f, 0xf9, 0x22, 0x75, 0xb8, 0xa1,
                                                    0x38, 0x60, 0x48, 0x89, 0xc1, 0x8e, 0x5a, 0x4d,
                                                    0x6f, 0xdb, 0x70, 0xe5, 0x38, 0x7e, 0x57, 0x65,
                                                    0x29, 0x3d, 0xcb, 0xa3, 0x9c, 0x0c, 0x57, 0x32};
    unsigned char msg[64], out[32];

    ck_assert_int_eq(sm3hash(256, (const unsigned char *)"abc", 24, out), 0);
    ck_assert_mem_eq(out, abc_digest, 32);
    for (int i = 0; i < 16; i++)
        memcpy(msg + 4 * i, "abcd", 4);
    ck_assert_int_eq(sm3hash(256, msg, 512, out), 0);
    ck_assert_mem_eq(out, abcd16_digest, 32);
}
END_TEST

START_TEST(whole_bytes_match_openssl)
{
    unsigned char msg[140], got[32], want[32], ref[32];

    fill_message(msg, sizeof msg);
    for (size_t len = 0; len * 8 <= 1100; len++) {
        ck_assert_int_eq(sm3hash(256, msg, 8 * len, got), 0);
        oracle_sm3(msg, len, want);
        ck_assert_msg(memcmp(got, want, 32) == 0, "SM3 differs from OpenSSL at %zu bytes", len);
        oracle_sm3_bits(msg, 8 * len, ref);
        ck_assert_msg(memcmp(ref, want, 32) == 0, "bit oracle differs from OpenSSL at %zu bytes",
                      len);
    }
}
END_TEST

START_TEST(every_bit_length_matches_oracle)
{
    unsigned char msg[140], got[32], want[32];

    fill_message(msg, sizeof msg);
    for (unsigned long long bits = 0; bits <= 1100; bits++) {
        ck_assert_int_eq(sm3hash(256, msg, bits, got), 0);
        oracle_sm3_bits(msg, bits, want);
        ck_assert_msg(memcmp(got, want, 32) == 0, "SM3 wrong at %llu bits", bits);
    }
}
END_TEST

START_TEST(bits_past_the_length_are_ignored)
{
    unsigned char a[3] = {0xab, 0xcd, 0xe0}, b[3] = {0xab, 0xcd, 0xff}, da[32], db[32];

    ck_assert_int_eq(sm3hash(256, a, 19, da), 0);
    ck_assert_int_eq(sm3hash(256, b, 19, db), 0);
    ck_assert_mem_eq(da, db, 32);
}
END_TEST

START_TEST(split_updates_at_odd_bits_agree)
{
    unsigned char msg[100], whole[32], parts[32], piece[100];

    fill_message(msg, sizeof msg);
    iccs_sm3(msg, 701, whole);
    for (unsigned cut = 1; cut < 701; cut += 37) {
        iccs_sm3_ctx ctx;
        unsigned long long rest = 701 - cut;

        iccs_sm3_init(&ctx);
        iccs_sm3_update(&ctx, msg, cut);
        /* the second part starts at bit `cut` of msg: realign it */
        memset(piece, 0, sizeof piece);
        for (unsigned long long i = 0; i < rest; i++)
            if (msg[(cut + i) / 8] & (0x80 >> ((cut + i) % 8)))
                piece[i / 8] |= (unsigned char)(0x80 >> (i % 8));
        iccs_sm3_update(&ctx, piece, rest);
        iccs_sm3_final(&ctx, parts);
        ck_assert_msg(memcmp(whole, parts, 32) == 0, "split at %u bits differs", cut);
    }
}
END_TEST

START_TEST(bad_arguments_are_errors)
{
    unsigned char out[32] = {0}, zero[32] = {0};

    ck_assert_int_eq(sm3hash(255, (const unsigned char *)"a", 8, out), ICCS_ERR_DIGEST_LEN);
    ck_assert_int_eq(sm3hash(512, (const unsigned char *)"a", 8, out), ICCS_ERR_DIGEST_LEN);
    ck_assert_mem_eq(out, zero, 32);
    ck_assert_int_eq(sm3hash(256, NULL, 8, out), ICCS_ERR_HASH);
    ck_assert_int_eq(sm3hash(256, (const unsigned char *)"a", 8, NULL), ICCS_ERR_HASH);
    ck_assert_int_eq(sm3hash(256, NULL, 0, out), ICCS_OK);
}
END_TEST

Suite *make_sm3_suite(void)
{
    Suite *s = suite_create("sm3");
    TCase *tc = tcase_create("digest");

    tcase_add_test(tc, standard_vectors);
    tcase_add_test(tc, whole_bytes_match_openssl);
    tcase_add_test(tc, every_bit_length_matches_oracle);
    tcase_add_test(tc, bits_past_the_length_are_ignored);
    tcase_add_test(tc, split_updates_at_odd_bits_agree);
    tcase_add_test(tc, bad_arguments_are_errors);
    suite_add_tcase(s, tc);
    return s;
}
