/* check_auxfunc.c - pseudoXOF and pseudohash against constructions computed
 * independently with OpenSSL's SM3 and HMAC-SM3. */
#include "config.h"

#include <check.h>
#include <string.h>

#include "auxfunc.h"
#include "oracle.h"
#include "suites.h"

/* Expected pseudoXOF block i of a byte message: OpenSSL SM3(M || be32(i)). */
static void xof_block(const unsigned char *m, size_t len, unsigned i, unsigned char out[32])
{
    unsigned char buf[128];

    memcpy(buf, m, len);
    buf[len] = (unsigned char)(i >> 24), buf[len + 1] = (unsigned char)(i >> 16);
    buf[len + 2] = (unsigned char)(i >> 8), buf[len + 3] = (unsigned char)i;
    oracle_sm3(buf, len + 4, out);
}

START_TEST(xof_blocks_are_sm3_of_message_and_counter)
{
    const unsigned char *m = (const unsigned char *)"iccsprof pseudoXOF";
    unsigned char got[32 * 5], want[32];

    ck_assert_int_eq(pseudoXOF(8 * sizeof got, m, 8 * 18, got), 0);
    for (unsigned i = 1; i <= 5; i++) {
        xof_block(m, 18, i, want);
        ck_assert_mem_eq(got + 32 * (i - 1), want, 32);
    }
}
END_TEST

START_TEST(xof_is_prefix_consistent)
{
    const unsigned char *m = (const unsigned char *)"prefix";
    unsigned char longer[100], shorter[101];

    ck_assert_int_eq(pseudoXOF(800, m, 48, longer), 0);
    for (unsigned long long n = 1; n < 800; n += 13) {
        memset(shorter, 0xa5, sizeof shorter);
        ck_assert_int_eq(pseudoXOF(n, m, 48, shorter), 0);
        ck_assert_mem_eq(shorter, longer, n / 8);
        if (n % 8) {
            unsigned char mask = (unsigned char)(0xff00u >> (n % 8));
            ck_assert_uint_eq(shorter[n / 8], longer[n / 8] & mask);
        }
        ck_assert_uint_eq(shorter[(n + 7) / 8], 0xa5); /* nothing written past the end */
    }
}
END_TEST

START_TEST(xof_block_boundaries)
{
    const unsigned char *m = (const unsigned char *)"edge";
    unsigned char out[40], b1[32], b2[32];

    xof_block(m, 4, 1, b1);
    xof_block(m, 4, 2, b2);
    ck_assert_int_eq(pseudoXOF(255, m, 32, out), 0);
    ck_assert_mem_eq(out, b1, 31);
    ck_assert_uint_eq(out[31], b1[31] & 0xfe);
    ck_assert_int_eq(pseudoXOF(256, m, 32, out), 0);
    ck_assert_mem_eq(out, b1, 32);
    ck_assert_int_eq(pseudoXOF(257, m, 32, out), 0);
    ck_assert_mem_eq(out, b1, 32);
    ck_assert_uint_eq(out[32], b2[0] & 0x80);
}
END_TEST

START_TEST(xof_counter_follows_a_partial_last_byte)
{
    /* M = 12 bits 0xabc; M || ct_1 is 44 bits, hashed by the bit oracle */
    const unsigned char m[2] = {0xab, 0xc0};
    const unsigned char joined[6] = {0xab, 0xc0, 0x00, 0x00, 0x00, 0x10};
    unsigned char got[32], want[32];

    ck_assert_int_eq(pseudoXOF(256, m, 12, got), 0);
    oracle_sm3_bits(joined, 44, want);
    ck_assert_mem_eq(got, want, 32);
}
END_TEST

/* pseudohash of a byte message, rebuilt from OpenSSL primitives. */
static void pseudohash_reference(int bits, const unsigned char *m, size_t len, unsigned char *out)
{
    unsigned char key[64], buf[160], k[5][32], h[5][32];
    int w = bits / 256;

    oracle_sm3((const unsigned char *)"3.14159265358979", 16, key);
    oracle_sm3((const unsigned char *)"2.71828182845904", 16, key + 32);
    buf[0] = (unsigned char)w, buf[1] = 0;
    memcpy(buf + 2, m, len);
    oracle_hmac_sm3(key, 64, buf, len + 2, k[1]);
    memcpy(buf, m, len);
    buf[len] = (unsigned char)w, buf[len + 1] = 0;
    oracle_sm3(buf, len + 2, h[1]);
    memcpy(buf, k[1], 32), memcpy(buf + 32, h[1], 32);
    oracle_sm3(buf, 64, h[2]);
    if (w >= 3) {
        oracle_hmac_sm3(key, 64, h[1], 32, k[2]);
        memcpy(buf, h[2], 32), memcpy(buf + 32, k[2], 32);
        oracle_sm3(buf, 64, h[3]);
    }
    if (w == 4) {
        oracle_hmac_sm3(key, 64, h[2], 32, k[3]);
        oracle_hmac_sm3(key, 64, h[3], 32, k[4]);
        memcpy(buf, k[3], 32), memcpy(buf + 32, h[3], 32), memcpy(buf + 64, k[4], 32);
        oracle_sm3(buf, 96, h[4]);
    }
    for (int i = 1; i <= w; i++)
        memcpy(out + 32 * (i - 1), h[i], 32);
}

START_TEST(pseudohash_matches_construction)
{
    static const int widths[] = {512, 768, 1024};
    unsigned char m[100], got[128], want[128];

    for (size_t i = 0; i < sizeof m; i++)
        m[i] = (unsigned char)(7 * i + 1);
    for (int wi = 0; wi < 3; wi++)
        for (size_t len = 0; len <= 100; len += 33) {
            ck_assert_int_eq(pseudohash(widths[wi], m, 8 * len, got), 0);
            pseudohash_reference(widths[wi], m, len, want);
            ck_assert_msg(memcmp(got, want, (size_t)widths[wi] / 8) == 0,
                          "pseudohash-%d wrong for %zu bytes", widths[wi], len);
        }
}
END_TEST

START_TEST(pseudohash_rejects_other_widths)
{
    static const int bad[] = {0, 256, 513, -512, 2048};
    unsigned char out[256], untouched[256];

    memset(out, 0x5a, sizeof out);
    memcpy(untouched, out, sizeof out);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_int_eq(pseudohash(bad[i], (const unsigned char *)"x", 8, out),
                         ICCS_ERR_DIGEST_LEN);
        ck_assert_mem_eq(out, untouched, sizeof out);
    }
}
END_TEST

START_TEST(null_pointers_are_errors)
{
    unsigned char out[128];

    ck_assert_int_eq(pseudohash(512, NULL, 8, out), ICCS_ERR_HASH);
    ck_assert_int_eq(pseudohash(512, (const unsigned char *)"x", 8, NULL), ICCS_ERR_HASH);
    ck_assert_int_eq(pseudoXOF(256, NULL, 8, out), ICCS_ERR_HASH);
    ck_assert_int_eq(pseudoXOF(256, (const unsigned char *)"x", 8, NULL), ICCS_ERR_HASH);
    ck_assert_int_eq(pseudoXOF(0, (const unsigned char *)"x", 8, NULL), ICCS_OK);
    ck_assert_int_eq(pseudoXOF(~0ull, (const unsigned char *)"x", 8, out), ICCS_ERR_HASH);
}
END_TEST

Suite *make_auxfunc_suite(void)
{
    Suite *s = suite_create("auxfunc");
    TCase *xof = tcase_create("pseudoXOF"), *ph = tcase_create("pseudohash");

    tcase_add_test(xof, xof_blocks_are_sm3_of_message_and_counter);
    tcase_add_test(xof, xof_is_prefix_consistent);
    tcase_add_test(xof, xof_block_boundaries);
    tcase_add_test(xof, xof_counter_follows_a_partial_last_byte);
    tcase_add_test(ph, pseudohash_matches_construction);
    tcase_add_test(ph, pseudohash_rejects_other_widths);
    tcase_add_test(ph, null_pointers_are_errors);
    suite_add_tcase(s, xof);
    suite_add_tcase(s, ph);
    return s;
}
