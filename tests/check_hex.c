/* check_hex.c - bytes to hex and back. */
#include "config.h"

#include <check.h>

#include "util/hex.h"
#include "suites.h"

START_TEST(encodes_lower_case)
{
    const unsigned char in[] = {0x00, 0x0f, 0xa5, 0xff};
    char out[9];

    hex_encode(in, sizeof in, out);
    ck_assert_str_eq(out, "000fa5ff");
    hex_encode(in, 0, out);
    ck_assert_str_eq(out, "");
}
END_TEST

START_TEST(decodes_either_case)
{
    unsigned char out[4];

    ck_assert_int_eq(hex_decode("00Fa5f", out, sizeof out), 3);
    ck_assert_uint_eq(out[0], 0x00);
    ck_assert_uint_eq(out[1], 0xfa);
    ck_assert_uint_eq(out[2], 0x5f);
}
END_TEST

START_TEST(refuses_what_is_not_hex)
{
    unsigned char out[2];

    ck_assert_int_eq(hex_decode("", out, sizeof out), -1);
    ck_assert_int_eq(hex_decode("abc", out, sizeof out), -1);
    ck_assert_int_eq(hex_decode("zz", out, sizeof out), -1);
    ck_assert_int_eq(hex_decode("0g", out, sizeof out), -1);
    ck_assert_int_eq(hex_decode("000000", out, sizeof out), -1); /* longer than the room */
    ck_assert_int_eq(hex_decode("0000", out, sizeof out), 2);
}
END_TEST

Suite *make_hex_suite(void)
{
    Suite *s = suite_create("hex");
    TCase *tc = tcase_create("hex");

    tcase_add_test(tc, encodes_lower_case);
    tcase_add_test(tc, decodes_either_case);
    tcase_add_test(tc, refuses_what_is_not_hex);
    suite_add_tcase(s, tc);
    return s;
}
