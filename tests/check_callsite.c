/* check_callsite.c - how call sites are written: frames joined callee to
 * caller, in one pass however long the chain. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "record/callsite.h"
#include "suites.h"

/* A chain of three frames: a function with a line, a function without,
 * an object offset. */
START_TEST(chain_and_names)
{
    struct rec_frame f[3] = {
        {"0x1", "libx.so", "expand", "src/x.c", 0x40, 0x1a, 42},
        {"0x2", "libx.so", "keygen", NULL, 0x80, 0x3, -1},
        {"0x3", "/lib/libc.so.6", NULL, NULL, 0x1f40, -1, -1},
    };
    struct rec_site s = {.nframes = 3, .frames = f};
    char *chain = callsite_chain(&s), *names = callsite_names(&s);

    ck_assert_str_eq(chain, "expand+0x1a (x.c:42) \xe2\x86\x90 keygen+0x3 \xe2\x86\x90 "
                            "libc.so.6+0x1f40");
    ck_assert_str_eq(names, "expand \xe2\x86\x90 keygen \xe2\x86\x90 libc.so.6+0x1f40");
    free(chain);
    free(names);
}
END_TEST

/* A chain of 200,000 frames is joined whole; joining by repeated strcat
 * took time quadratic in the frames (minutes here), past the suite's
 * time-out. */
START_TEST(long_chain_whole)
{
    enum { N = 200000 };
    struct rec_frame *f = calloc(N, sizeof *f);
    struct rec_site s = {.nframes = N, .frames = f};
    char *chain;

    for (size_t i = 0; i < N; i++)
        f[i] = (struct rec_frame){"0x1", NULL, "f", NULL, -1, 0x1, -1};
    chain = callsite_chain(&s);
    ck_assert_uint_eq(strlen(chain), N * strlen("f+0x1") + (N - 1) * strlen(" \xe2\x86\x90 "));
    ck_assert_str_eq(chain + strlen(chain) - strlen("f+0x1 \xe2\x86\x90 f+0x1"),
                     "f+0x1 \xe2\x86\x90 f+0x1");
    free(chain);
    free(f);
}
END_TEST

Suite *make_callsite_suite(void)
{
    Suite *s = suite_create("callsite");
    TCase *tc = tcase_create("callsite");

    tcase_add_test(tc, chain_and_names);
    tcase_add_test(tc, long_chain_whole);
    suite_add_tcase(s, tc);
    return s;
}
