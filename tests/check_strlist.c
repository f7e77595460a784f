/* check_strlist.c - lists of owned strings: words split at blanks and
 * nothing else (values are data), joins, sorting, membership. */
#include "config.h"

#include <check.h>
#include <stdlib.h>

#include "util/strlist.h"
#include "suites.h"

START_TEST(words_are_split_at_blanks_only)
{
    struct strlist l = {0};

    strlist_add_words(&l, "  -DX=$(touch p)\t'-O2'  ; -I\"a b\" ");
    ck_assert_uint_eq(l.n, 6);
    ck_assert_str_eq(l.v[0], "-DX=$(touch");
    ck_assert_str_eq(l.v[1], "p)");
    ck_assert_str_eq(l.v[2], "'-O2'");
    ck_assert_str_eq(l.v[3], ";");
    ck_assert_str_eq(l.v[4], "-I\"a");
    ck_assert_str_eq(l.v[5], "b\"");
    ck_assert_ptr_null(l.v[l.n]);
    strlist_free(&l);
    strlist_add_words(&l, " \t ");
    ck_assert_uint_eq(l.n, 0);
}
END_TEST

START_TEST(join_sort_and_has)
{
    struct strlist l = {0};
    char *s;

    strlist_add(&l, "b");
    strlist_addf(&l, "%s%d", "a", 1);
    strlist_add(&l, "B");
    strlist_sort(&l);
    s = strlist_join(&l, ", ");
    ck_assert_str_eq(s, "B, a1, b");
    free(s);
    ck_assert(strlist_has(&l, "a1"));
    ck_assert(!strlist_has(&l, "a"));
    strlist_free(&l);
    s = strlist_join(&l, " ");
    ck_assert_str_eq(s, "");
    free(s);
}
END_TEST

Suite *make_strlist_suite(void)
{
    Suite *s = suite_create("strlist");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, words_are_split_at_blanks_only);
    tcase_add_test(tc, join_sort_and_has);
    suite_add_tcase(s, tc);
    return s;
}
