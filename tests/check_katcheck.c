/* check_katcheck.c - a candidate held to ICCS KAT response files: whole
 * messages (CRLF lines, lower-case hex, partial bytes), messages rebuilt
 * from their ends (all ones) and from a seed through the candidate's
 * DRNG, the 2^33-bit vectors and a seed without a DRNG skipped, and the
 * first differing vector named by file, line and length. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "measure/katcheck.h"
#include "suites.h"

/* The test hash: byte i of the digest is the sum of the message's bytes
 * (the unused bits of a partial last byte cleared) plus the bit length
 * plus i. */
static int kc_hash(int bits, const unsigned char *msg, unsigned long long msg_bits,
                   unsigned char *out)
{
    unsigned sum = (unsigned)msg_bits;

    for (unsigned long long k = 0; k < (msg_bits + 7) / 8; k++)
        sum += k == msg_bits / 8 ? msg[k] & (0xff00u >> (msg_bits % 8)) : msg[k];
    for (int i = 0; i < bits / 8; i++)
        out[i] = (unsigned char)(sum + (unsigned)i);
    return 0;
}

/* The test DRNG: the seed's first byte, then counting up. */
static int kc_init(void *ctx, const unsigned char *seed, unsigned long long len)
{
    *(unsigned char *)ctx = len > 0 ? seed[0] : 0;
    return 0;
}

static int kc_get(void *ctx, unsigned char *out, unsigned long long bits)
{
    unsigned char *x = ctx;

    for (unsigned long long k = 0; k < (bits + 7) / 8; k++)
        out[k] = (*x)++;
    return 0;
}

/* The 4-byte test digest of the BITS-bit message MSG, in hex. */
static void kc_dst(const unsigned char *msg, unsigned long long bits, char hex[9])
{
    unsigned char d[4];

    kc_hash(32, msg, bits, d);
    snprintf(hex, 9, "%02X%02X%02X%02X", d[0], d[1], d[2], d[3]);
}

/* A response file holding TEXT; its path, to be unlinked. */
static char *kc_file(const char *text)
{
    char *path = strdup("/tmp/check_katcheck.XXXXXX");
    int fd = mkstemp(path);

    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    return path;
}

/* Check LIB against the one file holding TEXT. */
static json_t *kc_check(const struct katcheck_lib *lib, const char *text)
{
    char *path = kc_file(text);
    json_t *files = json_pack("[s]", path), *r = katcheck_files(lib, files);

    unlink(path);
    free(path);
    json_decref(files);
    return r;
}

static const struct katcheck_lib kc_lib = {kc_hash, kc_init, kc_get};

START_TEST(test_whole_messages)
{
    static const unsigned char m1[] = {0xab, 0xc0};
    char d0[9], d1[9], text[512];
    json_t *r;

    kc_dst(NULL, 0, d0);
    kc_dst(m1, 10, d1);
    for (char *p = d1; *p; p++)
        *p = (char)(*p >= 'A' ? *p + 32 : *p); /* lower case */
    snprintf(text, sizeof text,
             "Msg_Len = 0\r\nMsg = \r\nDst_Len = 32\r\nDst = %s\r\n\r\n"
             "Msg_Len = 10\r\nMsg = abc0\r\nDst_Len = 32\r\nDst = %s\r\n",
             d0, d1);
    r = kc_check(&kc_lib, text);
    ck_assert_int_eq(json_integer_value(json_object_get(r, "vectors")), 2);
    ck_assert_int_eq(json_integer_value(json_object_get(r, "skipped")), 0);
    ck_assert(json_is_null(json_object_get(r, "differs")));
    json_decref(r);
}
END_TEST

START_TEST(test_rebuilt_and_skipped)
{
    unsigned char ones[1024], seeded[1024];
    char dones[9], dseed[9], text[1024];
    json_t *r;
    struct katcheck_lib no_drng = {kc_hash, NULL, NULL};

    memset(ones, 0xff, sizeof ones);
    for (int k = 0; k < 1024; k++)
        seeded[k] = (unsigned char)(0x4b + k);
    kc_dst(ones, 8192, dones);
    kc_dst(seeded, 8192, dseed);
    snprintf(text, sizeof text,
             "Msg_Len = 8192\nMsg_Seed = \nMsg_Exp = FFFFFFFFFFFFFFFF .... FFFFFFFFFFFFFFFF\n"
             "Dst_Len = 32\nDst = %s\n\n"
             "Msg_Len = 8192\nMsg_Seed = 4B41\nMsg_Exp = 4B4C4D4E4F505152 .... 434445464748"
             "494A\nDst_Len = 32\nDst = %s\n\n"
             "Msg_Len = 8589934592\nMsg_Seed = \nMsg_Exp = 0000000000000000 .... "
             "0000000000000000\nDst_Len = 32\nDst = 00000000\n",
             dones, dseed);
    r = kc_check(&kc_lib, text);
    ck_assert_int_eq(json_integer_value(json_object_get(r, "vectors")), 2);
    ck_assert_int_eq(json_integer_value(json_object_get(r, "skipped")), 1);
    ck_assert(json_is_null(json_object_get(r, "differs")));
    json_decref(r);
    r = kc_check(&no_drng, text);
    ck_assert_int_eq(json_integer_value(json_object_get(r, "vectors")), 1);
    ck_assert_int_eq(json_integer_value(json_object_get(r, "skipped")), 2);
    json_decref(r);
}
END_TEST

START_TEST(test_differs)
{
    char text[512], want[256], *path;
    json_t *files, *r;

    snprintf(text, sizeof text,
             "Msg_Len = 0\nMsg = \nDst_Len = 32\nDst = 00010203\n\n"
             "Msg_Len = 8\nMsg = 01\nDst_Len = 32\nDst = 00000000\n\n"
             "Msg_Len = 9\nMsg = 0100\nDst_Len = 32\nDst = 00000000\n");
    path = kc_file(text);
    files = json_pack("[s]", path);
    r = katcheck_files(&kc_lib, files);
    ck_assert_int_eq(json_integer_value(json_object_get(r, "vectors")), 1);
    snprintf(want, sizeof want, "%s: line 6: its digest of the 8-bit message differs from Dst",
             strrchr(path, '/') + 1);
    ck_assert_str_eq(json_string_value(json_object_get(r, "differs")), want);
    unlink(path);
    free(path);
    json_decref(files);
    json_decref(r);
}
END_TEST

START_TEST(test_wrong_ends)
{
    json_t *r = kc_check(&kc_lib, "Msg_Len = 8192\nMsg_Seed = 4B41\nMsg_Exp = 0000000000000000 "
                                  ".... 0000000000000000\nDst_Len = 32\nDst = 00000000\n");
    const char *why = json_string_value(json_object_get(r, "differs"));

    ck_assert_ptr_nonnull(why);
    ck_assert_str_eq(strchr(why, ':'),
                     ": line 1: the message rebuilt from Msg_Seed does not have Msg_Exp's ends");
    json_decref(r);
}
END_TEST

Suite *make_katcheck_suite(void)
{
    Suite *s = suite_create("katcheck");
    TCase *tc = tcase_create("katcheck");

    tcase_add_test(tc, test_whole_messages);
    tcase_add_test(tc, test_rebuilt_and_skipped);
    tcase_add_test(tc, test_differs);
    tcase_add_test(tc, test_wrong_ends);
    suite_add_tcase(s, tc);
    return s;
}
