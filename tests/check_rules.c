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
    tcase_add_test(tc, calls_a_precision_needs);
    suite_add_tcase(s, tc);
    return s;
}
