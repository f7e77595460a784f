/* check_shares.c - estimates, variances and compensated shares. */
#include "config.h"

#include <check.h>
#include <math.h>

#include "record/shares.h"
#include "suites.h"

START_TEST(fully_timed_shape_is_exact)
{
    struct share_sums s = {7, 7, 700, 70000};
    struct share_estimate e = share_estimate(&s);

    ck_assert_double_eq(e.ticks, 700);
    ck_assert_double_eq(e.variance, 0);
}
END_TEST

START_TEST(sampled_shape_is_scaled_with_its_variance)
{
    /* timed calls of 10, 20, 30 and 40 ticks out of 100 calls: mean 25,
     * sample variance 500/3; N^2 s^2 / n (1 - n/N) = 400000 */
    struct share_sums s = {100, 4, 100, 100 + 400 + 900 + 1600};
    struct share_estimate e = share_estimate(&s);

    ck_assert_double_eq_tol(e.ticks, 2500, 1e-9);
    ck_assert_double_eq_tol(e.variance, 400000, 1e-6);
}
END_TEST

START_TEST(untimed_shape_estimates_nothing)
{
    struct share_sums s = {50, 0, 0, 0};
    struct share_estimate e = share_estimate(&s);

    ck_assert_double_eq(e.ticks, 0);
    ck_assert_double_eq(e.variance, 0);
}
END_TEST

START_TEST(estimates_add)
{
    struct share_estimate a = {10, 4}, b = {5, 5};

    share_add(&a, &b);
    ck_assert_double_eq(a.ticks, 15);
    ck_assert_double_eq(a.variance, 9);
}
END_TEST

START_TEST(shares_are_taken_of_the_baseline)
{
    /* 10 calls of 1000 ticks in all, 5 of each an empty timed region:
     * (1000 - 50) / 9500 of operations that took 9500 ticks unwrapped */
    struct share_basis b = share_basis(10000, 9500, 5);
    struct share_estimate e = {1000, 9500.0 * 9500.0 * 1e-4};

    ck_assert_double_eq_tol(share_of(&b, &e, 10), 0.1, 1e-12);
    ck_assert_double_eq_tol(share_raw(&b, &e), 0.1, 1e-12);
    ck_assert_double_eq_tol(share_stderr(&b, &e), 0.01, 1e-12);
}
END_TEST

START_TEST(shares_are_clamped)
{
    struct share_basis b = share_basis(1000, 1000, 50);
    struct share_estimate small = {100, 0}, big = {5000, 0};

    ck_assert_double_eq(share_of(&b, &small, 10), 0); /* (100 - 500) / 1000 */
    ck_assert_double_eq(share_of(&b, &big, 10), 1);
    ck_assert_double_eq(share_raw(&b, &big), 1);
}
END_TEST

START_TEST(no_baseline_gives_no_share)
{
    struct share_basis b = share_basis(1000, 0, 0);
    struct share_estimate e = {500, 100};

    ck_assert_double_eq(share_of(&b, &e, 10), 0);
    ck_assert_double_eq(share_stderr(&b, &e), 0);
    ck_assert_double_eq_tol(share_raw(&b, &e), 0.5, 1e-12);
}
END_TEST

START_TEST(compensation_doubted)
{
    ck_assert_str_eq(share_doubt(-3, 9000, 4000), "negative");
    /* within two of its standard errors of zero, a cost is still taken
     * off: its error goes into the share's uncertainty */
    ck_assert_ptr_null(share_doubt(20, 9000, 4000));
    ck_assert_ptr_null(share_doubt(0, 9000, 4000));
    /* a few pairs on a busy machine: a median cost per operation above
     * the operations' own mean ticks leaves a baseline below zero */
    ck_assert_str_eq(share_doubt(1350, -150, 4000), "larger than the operation");
    ck_assert_str_eq(share_doubt(1350, 0, 4000), "larger than the operation");
    /* a tiny baseline: the helpers would take 4000 of 1000 ticks, a share
     * of 400 % that would be cut to 100 % */
    ck_assert_str_eq(share_doubt(8000, 1000, 4000), "larger than the operation less the helpers");
    /* an operation that is all hashing, measured 5 % over: still trusted */
    ck_assert_ptr_null(share_doubt(8000, 1000, 1050));
    ck_assert_str_eq(share_doubt(8000, 1000, 1051), "larger than the operation less the helpers");
}
END_TEST

START_TEST(compensation_error_in_share)
{
    struct share_basis b = share_basis(1200, 1000, 5);

    /* 10 operations, each compensated with an error of 4 ticks: the
     * baseline is uncertain by 40 of 1000 ticks, a share of 0.5 by 0.02 */
    ck_assert_double_eq_tol(share_compensation_stderr(&b, 0.5, 10, 4), 0.02, 1e-15);
    b.baseline_ticks = 0;
    ck_assert_double_eq(share_compensation_stderr(&b, 0.5, 10, 4), 0);
}
END_TEST

START_TEST(trial_share_compensated_or_raw)
{
    /* 4 pairs of 1000 ticks each with the wrappers on, 50 added to each:
     * a baseline of 3800; 20 calls of 2000 ticks less 5 inner each */
    struct share_trial t = {4, 4000, 50, 2000, 20};

    ck_assert_double_eq_tol(share_of_trial(&t, 5), 1900.0 / 3800.0, 1e-15);
    ck_assert_double_eq_tol(share_of_trial(&t, -1), 0.5, 1e-15);
    t.added = 1000; /* nothing left of the operations */
    ck_assert_double_eq(share_of_trial(&t, 5), 0);
}
END_TEST

START_TEST(uncertainty_from_trials)
{
    const double trial[] = {0.50, 0.52, 0.48, 0.50};
    const double flat[] = {0.30, 0.30, 0.30};
    const double apart[] = {0.0, 1.0};
    /* the trials' mean has a standard error of sqrt(0.0008 / 3 / 4); with
     * the sampling's 0.01 beside it, times t(3) = 3.182 */
    double expect = 3.182 * sqrt(0.0008 / 3 / 4 + 0.0001);

    ck_assert_double_eq_tol(share_uncertainty(trial, 4, 0.01, 0.5), expect, 1e-12);
    /* trials that agree leave the sampling's error alone, with t(2) */
    ck_assert_double_eq_tol(share_uncertainty(flat, 3, 0.002, 0), 4.303 * 0.002, 1e-12);
    ck_assert_double_eq(share_uncertainty(flat, 3, 0, 0), 0);
    /* trials that disagree completely say no more than the whole range */
    ck_assert_double_eq(share_uncertainty(apart, 2, 0, 0), 1);
}
END_TEST

START_TEST(uncertainty_of_one_trial)
{
    const double trial[] = {0.4};

    /* no spread to see: the normal quantile over the sampling's and the
     * compensation's standard errors, sqrt(0.003^2 + 0.004^2) = 0.005 */
    ck_assert_double_eq_tol(share_uncertainty(trial, 1, 0.003, 0.004), 1.959964 * 0.005, 1e-9);
    ck_assert_double_eq_tol(share_uncertainty(NULL, 0, 0.003, 0.004), 1.959964 * 0.005, 1e-9);
}
END_TEST

Suite *make_shares_suite(void)
{
    Suite *s = suite_create("shares");
    TCase *tc = tcase_create("shares");

    tcase_add_test(tc, fully_timed_shape_is_exact);
    tcase_add_test(tc, sampled_shape_is_scaled_with_its_variance);
    tcase_add_test(tc, untimed_shape_estimates_nothing);
    tcase_add_test(tc, estimates_add);
    tcase_add_test(tc, shares_are_taken_of_the_baseline);
    tcase_add_test(tc, shares_are_clamped);
    tcase_add_test(tc, no_baseline_gives_no_share);
    tcase_add_test(tc, compensation_doubted);
    tcase_add_test(tc, compensation_error_in_share);
    tcase_add_test(tc, trial_share_compensated_or_raw);
    tcase_add_test(tc, uncertainty_from_trials);
    tcase_add_test(tc, uncertainty_of_one_trial);
    suite_add_tcase(s, tc);
    return s;
}
