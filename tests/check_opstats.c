/* check_opstats.c - successive readings of the wrappers' table
 * (src/measure/opstats.c): each operation's calls per row, and what its
 * timed calls took beyond their own row's mean, on tables made up so that
 * each figure is known exactly. */
#include "config.h"

#include <check.h>
#include <string.h>

#include "measure/opstats.h"
#include "suites.h"

static struct iccsprof_wrap_snapshot snap; /* too large for the stack */
static struct opstats stats;

/* Start from an empty table and no operation read. */
static void setup(void)
{
    memset(&snap, 0, sizeof snap);
    memset(&stats, 0, sizeof stats);
    opstats_init(&stats);
}

/* Free the rows the readings kept. */
static void teardown(void)
{
    opstats_init(&stats);
}

/* Row I of the table: pseudoXOF from 256 bits to OUT_BITS, with its
 * calls so far, the kept timed ones and their ticks, and the outliers. */
static void row(size_t i, uint64_t out_bits, uint64_t calls, uint64_t timed, uint64_t ticks,
                uint64_t outliers, uint64_t outlier_ticks)
{
    struct iccsprof_wrap_shape *s = &snap.shapes[i];

    s->helper = ICCSPROF_PSEUDOXOF;
    s->kind = ICCSPROF_SHAPE_EXACT;
    s->in_bits = 256;
    s->out_bits = out_bits;
    s->calls = calls;
    s->timed_calls = timed;
    s->ticks = ticks;
    s->outlier_calls = outliers;
    s->outlier_ticks = outlier_ticks;
    if (snap.nshapes <= i)
        snap.nshapes = i + 1;
}

/* Read the table as it stands after one more operation of OP_TICKS. */
static struct opstats_excess operation(double op_ticks)
{
    struct opstats_excess ex;

    opstats_read(&stats, &snap, &ex);
    opstats_add(&stats, op_ticks);
    return ex;
}

START_TEST(outlier_excess_is_beyond_its_own_rows_mean)
{
    struct opstats_excess ex;

    /* a short output (1000 ticks a call) and a long one (100000) of the
     * same helper, whose mean call is 50500 */
    row(0, 256, 2, 2, 2000, 0, 0);
    row(1, 25600, 2, 2, 200000, 0, 0);
    ex = operation(210000);
    ck_assert_double_eq(ex.outlier, 0);
    ck_assert_double_eq(ex.kept, 0);
    /* then a short call 30000 ticks late beside a kept one of each */
    row(0, 256, 4, 3, 3000, 1, 31000);
    row(1, 25600, 3, 3, 300000, 0, 0);
    ex = operation(140000);
    ck_assert_double_eq(ex.outlier, 30000);
    ck_assert_double_eq(ex.kept, 0);
}
END_TEST

START_TEST(kept_excess_is_signed_per_row)
{
    struct opstats_excess ex;

    row(0, 256, 3, 3, 3000, 0, 0);
    row(1, 25600, 1, 1, 100000, 0, 0);
    (void)operation(104000);
    /* a short call 3000 ticks slow (its row's mean becomes 1750) and a
     * long one 4000 fast (mean 98000): 2250 above and 2000 below */
    row(0, 256, 4, 4, 7000, 0, 0);
    row(1, 25600, 2, 2, 196000, 0, 0);
    ex = operation(100000);
    ck_assert_double_eq(ex.kept, 250);
    ck_assert_double_eq(ex.outlier, 0);
}
END_TEST

START_TEST(a_row_first_read_later_made_none_of_the_earlier_calls)
{
    struct opstats_excess ex;

    row(0, 256, 1, 1, 1000, 0, 0);
    (void)operation(2000);
    /* the new row comes first in the table: the rows are found by key */
    row(1, 256, 2, 2, 2000, 0, 0);
    row(0, 512, 2, 2, 4000, 0, 0);
    ex = operation(6000);
    ck_assert_double_eq(ex.kept, 0);
    ck_assert_uint_eq(stats.nshapes, 2);
    ck_assert_uint_eq(stats.shape[0].out_bits, 256);
    ck_assert_uint_eq(stats.shape[0].per_op.min, 1);
    ck_assert_uint_eq(stats.shape[0].per_op.max, 1);
    ck_assert_uint_eq(stats.shape[1].out_bits, 512);
    ck_assert_uint_eq(stats.shape[1].per_op.min, 0);
    ck_assert_uint_eq(stats.shape[1].per_op.max, 2);
    ck_assert_uint_eq(stats.ops, 2);
}
END_TEST

Suite *make_opstats_suite(void)
{
    Suite *s = suite_create("opstats");
    TCase *tc = tcase_create("core");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, outlier_excess_is_beyond_its_own_rows_mean);
    tcase_add_test(tc, kept_excess_is_signed_per_row);
    tcase_add_test(tc, a_row_first_read_later_made_none_of_the_earlier_calls);
    suite_add_tcase(s, tc);
    return s;
}
