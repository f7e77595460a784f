/* check_format.c - the number formats of the reports, on every example of
 * the published pages and the design, their rounding boundaries, and the
 * natural order of instance names. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "util/format.h"
#include "suites.h"

/* Assert that FN(buf, size, VALUE) writes WANT. */
#define CK_CELL(fn, value, want)                                                                   \
    do {                                                                                           \
        char cell_[FMT_CELL];                                                                      \
        ck_assert_str_eq(fn(cell_, sizeof cell_, (value)), (want));                                \
    } while (0)

START_TEST(cycles_as_published)
{
    CK_CELL(fmt_cycles, 272200, "272.2 k");
    CK_CELL(fmt_cycles, 2530000, "2.53 M");
    CK_CELL(fmt_cycles, 405850000, "405.85 M");
    CK_CELL(fmt_cycles, 62900000, "62.90 M");
    CK_CELL(fmt_cycles, 1510000000, "1.51 G");
    CK_CELL(fmt_cycles, 1710000, "1.71 M");
    CK_CELL(fmt_cycles, 20330000000.0, "20.33 G");
}
END_TEST

START_TEST(cycles_boundaries)
{
    CK_CELL(fmt_cycles, 950, "950");
    CK_CELL(fmt_cycles, 999.4, "999");
    CK_CELL(fmt_cycles, 999.6, "1.0 k"); /* would print "1000" */
    CK_CELL(fmt_cycles, 999940, "999.9 k");
    CK_CELL(fmt_cycles, 999960, "1.00 M");    /* would print "1000.0 k" */
    CK_CELL(fmt_cycles, 999996000, "1.00 G"); /* would print "1000.00 M" */
    CK_CELL(fmt_cycles, 1234560000000.0, "1234.56 G");
    CK_CELL(fmt_cycles, 0, "0");
    CK_CELL(fmt_cycles, NAN, FMT_MISSING);
}
END_TEST

START_TEST(times_as_published)
{
    CK_CELL(fmt_seconds, 0.000818, "818 \xc2\xb5s");
    CK_CELL(fmt_seconds, 0.00121, "1.21 ms");
    CK_CELL(fmt_seconds, 3.1, "3.1 s");
    CK_CELL(fmt_seconds, 0.030, "30 ms");
    CK_CELL(fmt_seconds, 9.48, "9.48 s");
    CK_CELL(fmt_seconds, 0.0124, "12.4 ms");
    CK_CELL(fmt_seconds, 0.643, "643 ms");
}
END_TEST

START_TEST(times_boundaries)
{
    CK_CELL(fmt_seconds, 0.0009994, "999 \xc2\xb5s");
    CK_CELL(fmt_seconds, 0.0009996, "1 ms"); /* would print "1e+03 µs" */
    CK_CELL(fmt_seconds, 0.9996, "1 s");
    CK_CELL(fmt_seconds, 5e-8, "50 ns");
    CK_CELL(fmt_seconds, 999.4, "999 s");
    CK_CELL(fmt_seconds, 1234.4, "1234 s"); /* never "1.23e+03 s" */
    CK_CELL(fmt_seconds, 0, "0 s");
    CK_CELL(fmt_seconds, NAN, FMT_MISSING);
}
END_TEST

/* Figures no measurement reaches still print as one short cell. */
START_TEST(huge_figures_stay_short)
{
    CK_CELL(fmt_cycles, 1e300, "1e+291 G");
    CK_CELL(fmt_cycles, 999999e9, "999999.00 G");
    CK_CELL(fmt_seconds, 1e300, "1e+300 s");
    CK_CELL(fmt_seconds, 123456, "123456 s");
}
END_TEST

START_TEST(rates_and_calls)
{
    CK_CELL(fmt_g3, 1220, "1.22e+03");
    CK_CELL(fmt_g3, 0.00677, "0.00677");
    CK_CELL(fmt_g3, 829, "829");
    CK_CELL(fmt_g3, 4000, "4e+03");
    CK_CELL(fmt_g3, 98000, "9.8e+04");
    CK_CELL(fmt_g3, 1.03, "1.03");
    CK_CELL(fmt_g3, 6, "6");
    CK_CELL(fmt_g3, NAN, FMT_MISSING);
    /* counts whole and separated, estimates to three digits, never an exponent */
    CK_CELL(fmt_figure, 1006, "1,006");
    CK_CELL(fmt_figure, 1005.6, "1,006");
    CK_CELL(fmt_figure, 2552.3, "2,552");
    CK_CELL(fmt_figure, 52500, "52,500");
    CK_CELL(fmt_figure, 829, "829");
    CK_CELL(fmt_figure, 1.03, "1.03");
    CK_CELL(fmt_figure, 1.5, "1.5");
    CK_CELL(fmt_figure, 52.34, "52.3");
    CK_CELL(fmt_figure, 0.00677, "0.00677");
    CK_CELL(fmt_figure, 0.000012345, "0.0000123");
    CK_CELL(fmt_figure, 99.96, "100");
    CK_CELL(fmt_figure, 6, "6");
    CK_CELL(fmt_figure, 0, "0");
    CK_CELL(fmt_figure, 1234567, "1,234,567");
    CK_CELL(fmt_figure, NAN, FMT_MISSING);
    CK_CELL(fmt_figure, INFINITY, FMT_MISSING);
    /* a precision in percent: never "1e+02" */
    CK_CELL(fmt_g2, 100, "100");
    CK_CELL(fmt_g2, 150.4, "150");
    CK_CELL(fmt_g2, 2.34, "2.3");
    CK_CELL(fmt_g2, 0.47, "0.47");
    CK_CELL(fmt_g2, 0.0234, "0.023");
    CK_CELL(fmt_g2, 0, "0.0");
    CK_CELL(fmt_g2, NAN, FMT_MISSING);
}
END_TEST

START_TEST(shares_as_published)
{
    CK_CELL(fmt_share, 0.047, "4.7%");
    CK_CELL(fmt_share, 0.98, "98%");
    CK_CELL(fmt_share, 0.0002, "0.0%");
    CK_CELL(fmt_share, 0.002, "0.2%");
    CK_CELL(fmt_share, 0.28, "28%");
    CK_CELL(fmt_share, 1.0, "100%");
    CK_CELL(fmt_share, 0, "0.0%");
    CK_CELL(fmt_share, NAN, FMT_MISSING);
}
END_TEST

/* The boundary: decided on the value rounded to one decimal. */
START_TEST(share_boundary)
{
    CK_CELL(fmt_share, 0.0995, "10%");
    CK_CELL(fmt_share, 0.09949, "9.9%");
    CK_CELL(fmt_share, 0.0994, "9.9%");
    CK_CELL(fmt_share, 0.09951, "10%");
    CK_CELL(fmt_share, 0.1, "10%");
    CK_CELL(fmt_share, 0.1049, "10%");
    CK_CELL(fmt_share, 0.1051, "11%");
    /* the whole number is rounded from the value, not from 11.5 */
    CK_CELL(fmt_share, 0.1146, "11%");
    CK_CELL(fmt_share, 0.9996, "100%");
}
END_TEST

START_TEST(share_with_half_width)
{
    char cell[FMT_CELL];

    ck_assert_str_eq(fmt_share_pm(cell, sizeof cell, 0.25, 0.0012), "25% \xc2\xb1"
                                                                    "0.1%");
    ck_assert_str_eq(fmt_share_pm(cell, sizeof cell, 0.047, 0.0042), "4.7% \xc2\xb1"
                                                                     "0.4%");
    ck_assert_str_eq(fmt_share_pm(cell, sizeof cell, 0.84, 0.013), "84% \xc2\xb1"
                                                                   "1.3%");
    /* from 0.1 percentage point: below it, no ± */
    ck_assert_str_eq(fmt_share_pm(cell, sizeof cell, 0.25, 0.001), "25% \xc2\xb1"
                                                                   "0.1%");
    ck_assert_str_eq(fmt_share_pm(cell, sizeof cell, 0.25, 0.0009), "25%");
    ck_assert_str_eq(fmt_share_pm(cell, sizeof cell, 0.25, 0), "25%");
    ck_assert_str_eq(fmt_share_pm(cell, sizeof cell, 0.25, NAN), "25%");
    ck_assert_str_eq(fmt_share_pm(cell, sizeof cell, NAN, 0.01), FMT_MISSING);
    /* the stated uncertainty, else 1.96 sampling standard errors */
    ck_assert_double_eq(fmt_share_halfwidth(0.013, 0.002), 0.013);
    ck_assert_double_eq_tol(fmt_share_halfwidth(NAN, 0.002), 0.00392, 1e-15);
    ck_assert_double_eq(fmt_share_halfwidth(NAN, 0), 0);
}
END_TEST

START_TEST(differences_ratios_counts)
{
    CK_CELL(fmt_pp, 0.02, "+2.0 pp");
    CK_CELL(fmt_pp, -0.013, "-1.3 pp");
    CK_CELL(fmt_pp, -0.0004, "+0.0 pp"); /* no "-0.0" */
    CK_CELL(fmt_pp, 0, "+0.0 pp");
    CK_CELL(fmt_pp, NAN, FMT_MISSING);
    CK_CELL(fmt_ratio, 1.08, "1.080");
    CK_CELL(fmt_ratio, 0.9876, "0.988");
    CK_CELL(fmt_ratio, INFINITY, FMT_MISSING);
    CK_CELL(fmt_count, 41989, "41,989");
    CK_CELL(fmt_count, 81408662, "81,408,662");
    CK_CELL(fmt_count, 999, "999");
    CK_CELL(fmt_count, 1000, "1,000");
    CK_CELL(fmt_count, 0, "0");
    CK_CELL(fmt_count, -1, FMT_MISSING);
    CK_CELL(fmt_kib, 1732, "1,732 KiB");
    CK_CELL(fmt_kib, 213952, "213,952 KiB");
    CK_CELL(fmt_kib, -1, FMT_MISSING);
}
END_TEST

/* Counter rates: rdtsc in GHz, cntvct_el0 (tens of MHz) in MHz. */
START_TEST(frequencies)
{
    CK_CELL(fmt_hz, 2.6e9, "2.60 GHz");
    CK_CELL(fmt_hz, 1e9, "1.00 GHz");
    CK_CELL(fmt_hz, 62.5e6, "62.5 MHz");
    CK_CELL(fmt_hz, 25e6, "25 MHz");
    CK_CELL(fmt_hz, 8e8, "800 MHz");
    CK_CELL(fmt_hz, 0, FMT_MISSING);
    CK_CELL(fmt_hz, NAN, FMT_MISSING);
}
END_TEST

/* qsort comparator over an array of names. */
static int natural_qsort(const void *a, const void *b)
{
    return fmt_natural_cmp(*(const char *const *)a, *(const char *const *)b);
}

START_TEST(natural_order)
{
    const char *names[] = {"Origami-1024", "Tins512", "Origami-256", "Tins128",
                           "Origami-128",  "Tins256", "Origami-384", "Kyb-512"};
    const char *sorted[] = {"Kyb-512",      "Origami-128", "Origami-256", "Origami-384",
                            "Origami-1024", "Tins128",     "Tins256",     "Tins512"};

    qsort(names, 8, sizeof names[0], natural_qsort);
    for (int i = 0; i < 8; i++)
        ck_assert_str_eq(names[i], sorted[i]);
    ck_assert_int_lt(fmt_natural_cmp("x2", "x10"), 0);
    ck_assert_int_gt(fmt_natural_cmp("v1.10", "v1.9"), 0);
    ck_assert_int_lt(fmt_natural_cmp("abc", "abcd"), 0);
    ck_assert_int_lt(fmt_natural_cmp("A-1", "a-1"), 0);
    ck_assert_int_eq(fmt_natural_cmp("Demo-128", "Demo-128"), 0);
    /* equal by value, told apart by bytes, in both directions */
    ck_assert_int_lt(fmt_natural_cmp("x02", "x2"), 0);
    ck_assert_int_gt(fmt_natural_cmp("x2", "x02"), 0);
    ck_assert_int_lt(fmt_natural_cmp("x007y", "x7z"), 0);
}
END_TEST

Suite *make_format_suite(void)
{
    Suite *s = suite_create("format");
    TCase *tc = tcase_create("cells");

    tcase_add_test(tc, cycles_as_published);
    tcase_add_test(tc, cycles_boundaries);
    tcase_add_test(tc, times_as_published);
    tcase_add_test(tc, times_boundaries);
    tcase_add_test(tc, huge_figures_stay_short);
    tcase_add_test(tc, rates_and_calls);
    tcase_add_test(tc, shares_as_published);
    tcase_add_test(tc, share_boundary);
    tcase_add_test(tc, share_with_half_width);
    tcase_add_test(tc, differences_ratios_counts);
    tcase_add_test(tc, frequencies);
    tcase_add_test(tc, natural_order);
    suite_add_tcase(s, tc);
    return s;
}
