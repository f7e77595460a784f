/* check_pairs.c - the differences of the profile pass's pairs
 * (src/measure/pairs.c): what the instrumentation added, the pairs'
 * spread, and the excursions taken out of the operations' time, on
 * differences made up so that each figure is known exactly. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "measure/pairs.h"
#include "suites.h"

/* The standard error pairs_median_stderr gives N values of median
 * absolute deviation MAD. */
static double median_stderr(double mad, double n)
{
    return 1.2533 * 1.4826 * mad / sqrt(n);
}

START_TEST(added_is_the_mean_of_the_two_orders_medians)
{
    /* even-numbered pairs (off first) 10, 12, 14; odd ones 20, 22 and
     * one the scheduler interrupted, which the median ignores */
    int64_t diff[] = {10, 20, 12, 22, 14, 100000};
    double se, added = pairs_added(diff, 6, &se);

    ck_assert_double_eq_tol(added, 17, 1e-12);
    ck_assert_double_eq_tol(se, sqrt(2) * median_stderr(2, 3) / 2, 1e-12);
}
END_TEST

START_TEST(spread_is_the_larger_orders)
{
    int64_t diff[18];

    /* even: 0, 10, ..., 80 (median 40, MAD 20); odd: 0, 20, ..., 160
     * (median 80, MAD 40) */
    for (int i = 0; i < 9; i++) {
        diff[2 * i] = 10 * i;
        diff[2 * i + 1] = 20 * i;
    }
    ck_assert_double_eq_tol(pairs_spread(diff, 18), 1.4826 * 40, 1e-9);
    /* seven pairs of an order are too few */
    ck_assert_double_eq(pairs_spread(diff, 14), -1);
}
END_TEST

START_TEST(excursions_leave_what_no_kept_call_holds)
{
    /* medians 1000 (even) and 2000 (odd), no spread: the margin, 10000
     * ticks, is the limit */
    int64_t diff[20];
    double kept[20] = {0}, cum[21];
    unsigned char counted[20] = {0};
    unsigned long long count;

    for (int i = 0; i < 20; i++)
        diff[i] = i % 2 ? 2000 : 1000;
    diff[4] += 50000; /* an excursion between calls: all taken */
    diff[7] += 30000; /* inside a kept timed call: stays */
    kept[7] = 30000;
    diff[9] += 40000; /* partly inside one; its operation already counted */
    kept[9] = 15000;
    counted[9] = 1;
    diff[12] += 5000;  /* within the margin */
    diff[14] -= 50000; /* the operation with the wrappers off lost time */
    diff[18] += 20000; /* calls that took less than their mean: all taken */
    kept[18] = -3000;
    ck_assert_double_eq(pairs_excursions(diff, kept, counted, 20, 10000, cum, &count), 95000);
    ck_assert_uint_eq(count, 2);
    ck_assert_double_eq(cum[0], 0);
    ck_assert_double_eq(cum[4], 0);
    ck_assert_double_eq(cum[5], 50000);
    ck_assert_double_eq(cum[9], 50000);
    ck_assert_double_eq(cum[10], 75000);
    ck_assert_double_eq(cum[18], 75000);
    ck_assert_double_eq(cum[20], 95000);
}
END_TEST

START_TEST(each_orders_spread_sets_its_limit)
{
    /* even: 1000 + {-200, -100, -100, 0, 0, 0, 100, 700, 800}, MAD 100,
     * so the limit is 5 x 148.26 = 741.3 beyond 1000; odd: 2000 but one
     * 2700, no spread, so the margin of 10 ticks is its limit */
    const int64_t even[] = {-200, -100, -100, 0, 0, 0, 100, 700, 800};
    int64_t diff[18];
    double kept[18] = {0}, cum[19];
    unsigned char counted[18] = {0};
    unsigned long long count;

    for (int i = 0; i < 9; i++) {
        diff[2 * i] = 1000 + even[i];
        diff[2 * i + 1] = i == 4 ? 2700 : 2000;
    }
    ck_assert_double_eq(pairs_excursions(diff, kept, counted, 18, 10, cum, &count), 1500);
    ck_assert_uint_eq(count, 2);
    ck_assert_double_eq(cum[9], 0);     /* odd pair 9 comes before */
    ck_assert_double_eq(cum[10], 700);  /* 2700: beyond the margin */
    ck_assert_double_eq(cum[15], 700);  /* even +700: within the spread */
    ck_assert_double_eq(cum[17], 1500); /* even +800: beyond it */
}
END_TEST

START_TEST(too_few_pairs_take_nothing)
{
    int64_t diff[14];
    double kept[14] = {0}, cum[15];
    unsigned char counted[14] = {0};
    unsigned long long count = 7;

    for (int i = 0; i < 14; i++)
        diff[i] = i == 4 ? 900000 : 1000;
    ck_assert_double_eq(pairs_excursions(diff, kept, counted, 14, 10, cum, &count), 0);
    ck_assert_uint_eq(count, 0);
    for (int i = 0; i <= 14; i++)
        ck_assert_double_eq(cum[i], 0);
}
END_TEST

START_TEST(trials_half_width_is_students_t_over_the_trials_ratios)
{
    /* three trials of two pairs, the last taking the one left over: their
     * ratios of medians 0.5, 0.6 and 0.7 (the outlier 90 is no median) */
    int64_t num[] = {5, 5, 6, 6, 7, 7, 90}, den[] = {10, 10, 10, 10, 10, 10, 10};
    int64_t keep[7];

    memcpy(keep, num, sizeof keep);
    ck_assert_double_eq_tol(pairs_trials_half_width(num, den, 7, 2, 1), 4.303 * 0.1 / sqrt(3),
                            1e-9);
    ck_assert_mem_eq(num, keep, sizeof keep);
    ck_assert_double_eq(pairs_trials_half_width(num, den, 7, 4, 1), 0);
    ck_assert_double_eq(pairs_trials_half_width(num, den, 7, 0, 1), 0);
    /* two strata of fewer than two trials each are one */
    ck_assert_double_eq_tol(pairs_trials_half_width(num, den, 7, 2, 2), 4.303 * 0.1 / sqrt(3),
                            1e-9);
}
END_TEST

START_TEST(trials_on_cores_in_turn_are_strata)
{
    /* six trials of one pair taking two cores in turn: ratios 0.30, 0.50,
     * 0.32, 0.52, 0.34, 0.54, the second core's 0.2 above the first's */
    int64_t num[] = {30, 50, 32, 52, 34, 54}, den[] = {100, 100, 100, 100, 100, 100};
    /* each core's trials spread by 0.02 (variance 0.0004 over 3 trials
     * each); their means' mean has variance (0.0004 / 3 + 0.0004 / 3) / 4
     * on 4 degrees of freedom */
    double strata = 2.776 * sqrt((0.0004 / 3 + 0.0004 / 3) / 4);
    double mean = 0.42, one = 0;

    for (int i = 0; i < 6; i++)
        one += ((double)num[i] / 100 - mean) * ((double)num[i] / 100 - mean);
    ck_assert_double_eq_tol(pairs_trials_half_width(num, den, 6, 1, 2), strata, 1e-9);
    /* taken as one stratum, the cores' difference is in the spread */
    ck_assert_double_eq_tol(pairs_trials_half_width(num, den, 6, 1, 1), 2.571 * sqrt(one / 5 / 6),
                            1e-9);
    /* three strata of two trials each: 0.30/0.52, 0.50/0.34, 0.32/0.54 */
    ck_assert_double_eq_tol(pairs_trials_half_width(num, den, 6, 1, 3),
                            3.182 * sqrt((0.0242 + 0.0128 + 0.0242) / 2 / 9), 1e-9);
}
END_TEST

Suite *make_pairs_suite(void)
{
    Suite *s = suite_create("pairs");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, added_is_the_mean_of_the_two_orders_medians);
    tcase_add_test(tc, spread_is_the_larger_orders);
    tcase_add_test(tc, excursions_leave_what_no_kept_call_holds);
    tcase_add_test(tc, each_orders_spread_sets_its_limit);
    tcase_add_test(tc, too_few_pairs_take_nothing);
    tcase_add_test(tc, trials_half_width_is_students_t_over_the_trials_ratios);
    tcase_add_test(tc, trials_on_cores_in_turn_are_strata);
    suite_add_tcase(s, tc);
    return s;
}
