/* check_rules.c - when a pass stops (src/measure/rules.c): the rule that
 * sets its minimum, at the boundaries between them; Student's t and the
 * precision of a mean; the calls a precision needs. */
#include "config.h"

#include <check.h>
#include <math.h>

#include "measure/rules.h"
#include "suites.h"

/* Assert the minimum SZ: GROUPS groups of PER calls, by RULE. */
static void assert_size(struct pass_size sz, unsigned long long groups, unsigned long long per,
                        enum method_rule rule)
{
    ck_assert_uint_eq(sz.groups, groups);
    ck_assert_uint_eq(sz.per_group, per);
    ck_assert_int_eq(sz.rule, rule);
}

START_TEST(the_first_rule_that_holds_sets_the_minimum)
{
    /* a fast operation: 1 ms calls, 5 trials for 2 s: 400 a trial */
    assert_size(method_size(2, 1e-3, 5, 25, 120), 5, 400, RULE_TARGET);
    /* 0.72 s calls: the target wants 1 a trial, --min-calls 25 (5 a trial) fit */
    assert_size(method_size(2, 0.72, 5, 25, 120), 5, 5, RULE_MIN_CALLS);
    /* --min-calls 100 at 0.72 s: 72 s fit in 120 s */
    assert_size(method_size(2, 0.72, 5, 100, 120), 5, 20, RULE_MIN_CALLS);
    /* at 3.1 s they do not: the harness's 5 trials of 5 */
    assert_size(method_size(2, 3.1, 5, 100, 120), 5, 5, RULE_FLOOR);
    /* 9.5 s: 25 calls do not fit either; the floor, which the budget cuts */
    assert_size(method_size(2, 9.5, 5, 25, 120), 5, 5, RULE_FLOOR);
    /* a --min-calls below the floor is kept as it is */
    assert_size(method_size(0.01, 1, 2, 3, 1), 2, 2, RULE_FLOOR);
    /* the profile pass: operations in one group */
    assert_size(method_size(0.5, 2 * 0.72, 1, 25, 100), 1, 25, RULE_MIN_CALLS);
    assert_size(method_size(0.5, 2 * 9.5, 1, 25, 100), 1, 5, RULE_FLOOR);
    /* never none */
    assert_size(method_size(0.001, 10, 1, 0, 1), 1, 1, RULE_TARGET);
    ck_assert_str_eq(method_rule_name(RULE_FLOOR), "slow-operation");
    ck_assert_str_eq(method_stop_name(STOP_MAX_SECONDS), "max-seconds");
}
END_TEST

START_TEST(precision_of_a_mean)
{
    const double same[] = {7, 7, 7}, two[] = {9, 11}, five[] = {98, 99, 100, 101, 102};

    ck_assert_double_eq_tol(method_t95(1), 12.706, 1e-9);
    ck_assert_double_eq_tol(method_t95(4), 2.776, 1e-9);
    ck_assert_double_eq_tol(method_t95(30), 2.042, 1e-9);
    /* beyond the table, the expansion joins it and tends to the normal's */
    ck_assert_double_eq_tol(method_t95(31), 2.040, 1e-3);
    ck_assert_double_eq_tol(method_t95(120), 1.980, 1e-3);
    ck_assert_double_eq_tol(method_t95(1000000), 1.960, 1e-3);
    ck_assert(isinf(method_t95(0)));
    ck_assert_double_eq(method_precision(same, 3), 0);
    /* sd sqrt(2), mean 10, n 2: 12.706 * sqrt(2) / sqrt(2) / 10 */
    ck_assert_double_eq_tol(method_precision(two, 2), 1.2706, 1e-9);
    /* sd sqrt(2.5), n 5: 2.776 * sqrt(2.5 / 5) / 100 */
    ck_assert_double_eq_tol(method_precision(five, 5), 2.776 * sqrt(0.5) / 100, 1e-12);
    ck_assert(isinf(method_precision(two, 1)));
}
END_TEST

START_TEST(a_mean_over_cores)
{
    const double x[] = {100, 102, 98, 110, 112, 108}, five[] = {98, 99, 100, 101, 102};
    const double lone[] = {100, 102, 98, 120};
    const int by_core[] = {0, 0, 0, 1, 1, 1}, one_core[] = {0, 0, 0, 0, 0}, last[] = {0, 0, 0, 1};
    struct method_stratum each[2];
    struct method_strata r = method_strata(x, by_core, 6, 2, each);

    /* each core's mean, and the error of each from its own spread (sd 2) */
    ck_assert_uint_eq(each[0].n, 3);
    ck_assert_double_eq_tol(each[0].mean, 100, 1e-12);
    ck_assert_double_eq_tol(each[1].mean, 110, 1e-12);
    ck_assert_double_eq_tol(each[1].stderr, sqrt(4.0 / 3), 1e-12);
    /* the mean of the cores' means; their difference is no part of the error */
    ck_assert_int_eq(r.strata, 2);
    ck_assert_double_eq_tol(r.mean, 105, 1e-12);
    ck_assert_double_eq_tol(r.stderr, sqrt(8.0 / 3) / 2, 1e-12);
    ck_assert_uint_eq(r.df, 4);
    ck_assert_double_eq_tol(method_precision_strata(x, by_core, 6, 2),
                            2.776 * sqrt(8.0 / 3) / 2 / 105, 1e-12);
    /* pooled over the cores as one, the 10 cycles between them swamp it */
    ck_assert(method_precision(x, 6) > 2.5 * method_precision_strata(x, by_core, 6, 2));
    /* one core: the plain rule */
    ck_assert_double_eq_tol(method_precision_strata(five, one_core, 5, 1),
                            method_precision(five, 5), 1e-15);
    /* a core of one trial takes the others' pooled spread (sd 2) */
    r = method_strata(lone, last, 4, 2, each);
    ck_assert_double_eq_tol(each[1].stderr, 2, 1e-12);
    ck_assert_double_eq_tol(r.mean, 110, 1e-12);
    ck_assert_double_eq_tol(r.stderr, sqrt(4.0 / 3 + 4) / 2, 1e-12);
    ck_assert_uint_eq(r.df, 2);
    /* ... but a pass is not judged by it: one core's spread need not be
     * the other's */
    ck_assert(isinf(method_precision_strata(lone, last, 4, 2)));
    /* one trial on each core: no degree of freedom, no precision; an
     * empty stratum counts for nothing */
    ck_assert(isinf(method_precision_strata(x + 2, by_core + 2, 2, 2)));
    ck_assert_int_eq(method_strata(x, by_core, 3, 4, NULL).strata, 1);
}
END_TEST

START_TEST(calls_a_precision_needs)
{
    /* the half-width goes as one over the root of the calls */
    ck_assert_uint_eq(method_calls_for(25, 0.02, 0.01), 100);
    ck_assert_uint_eq(method_calls_for(25, 0.01, 0.01), 25);
    ck_assert_uint_eq(method_calls_for(10, 0.015, 0.01), 23);
    /* an unknown precision asks for much more, not for infinitely many */
    ck_assert_uint_eq(method_calls_for(3, INFINITY, 0.01), 300000000);
}
END_TEST

Suite *make_rules_suite(void)
{
    Suite *s = suite_create("rules");
    TCase *tc = tcase_create("rules");

    tcase_add_test(tc, the_first_rule_that_holds_sets_the_minimum);
    tcase_add_test(tc, precision_of_a_mean);
    tcase_add_test(tc, a_mean_over_cores);
    tcase_add_test(tc, calls_a_precision_needs);
    suite_add_tcase(s, tc);
    return s;
}
