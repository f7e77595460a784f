/* check_run_lines.c - the report channel's line reader: messages taken
 * as their lines complete, and a long line searched once, not again on
 * every read that adds to it. */
#include "config.h"

#include <check.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run/run-lines.h"
#include "suites.h"

/* The protocol version as the text of a message. */
#define PROTOCOL_TEXT_(x) #x
#define PROTOCOL_TEXT(x) PROTOCOL_TEXT_(x)
#define PROTOCOL_NUMBER PROTOCOL_TEXT(PROTOCOL_VERSION)

/* Write LEN bytes of BUF into the pipe P and read them into L, taking the
 * complete lines; how many bytes the taking searched. */
static size_t feed(int p[2], struct child_lines *l, const char *buf, size_t len)
{
    size_t searched = 0;

    ck_assert_int_eq(write(p[1], buf, len), (ssize_t)len);
    while (len > 0) {
        ssize_t n = child_lines_read(p[0], l);

        ck_assert_int_gt(n, 0);
        len -= (size_t)n;
        searched += child_lines_take(l, NULL, NULL);
    }
    return searched;
}

/* A line of 4 MiB arriving 4 KiB at a time: every byte searched once
 * (the reading rescanned the whole buffer on each read before: 2 GiB). */
START_TEST(long_line_linear)
{
    static char chunk[4096];
    struct child_lines l;
    size_t total = 0, searched = 0;
    int p[2];

    memset(&l, 0, sizeof l);
    memset(chunk, ' ', sizeof chunk);
    ck_assert_int_eq(pipe(p), 0);
    for (int i = 0; i < 1024; i++) {
        searched += feed(p, &l, chunk, sizeof chunk);
        total += sizeof chunk;
    }
    ck_assert_uint_eq(searched, total);
    ck_assert_uint_eq(l.len, total);
    ck_assert(!child_lines_done(&l));
    close(p[0]);
    close(p[1]);
    child_lines_free(&l);
}
END_TEST

/* Messages split across reads are taken when their line completes; a
 * phase, then the result, then nothing more is read. */
START_TEST(messages_across_reads)
{
    static const char a[] = "{\"protocol\":" PROTOCOL_NUMBER ",\"pha",
                      b[] = "se\":\"timing\"}\n{\"protocol\":" PROTOCOL_NUMBER ",",
                      c[] = "\"result\":{\"x\":1}}\n{\"junk\"";
    struct child_lines l;
    int p[2];

    memset(&l, 0, sizeof l);
    ck_assert_int_eq(pipe(p), 0);
    ck_assert_uint_eq(feed(p, &l, a, strlen(a)), strlen(a));
    ck_assert_str_eq(l.phase, "");
    feed(p, &l, b, strlen(b));
    ck_assert_str_eq(l.phase, "timing");
    ck_assert_ptr_null(l.result);
    feed(p, &l, c, strlen(c));
    ck_assert(child_lines_done(&l));
    ck_assert_int_eq(json_integer_value(json_object_get(l.result, "x")), 1);
    ck_assert_str_eq(l.bad, "");
    close(p[0]);
    close(p[1]);
    child_lines_free(&l);
}
END_TEST

Suite *make_run_lines_suite(void)
{
    Suite *s = suite_create("run_lines");
    TCase *tc = tcase_create("lines");

    tcase_add_test(tc, long_line_linear);
    tcase_add_test(tc, messages_across_reads);
    suite_add_tcase(s, tc);
    return s;
}
