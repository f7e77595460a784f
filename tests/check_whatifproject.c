/* check_whatifproject.c - the arithmetic of a what-if projection, with
 * numbers worked by hand. */
#include "config.h"

#include <check.h>
#include <math.h>

#include "suites.h"
#include "whatif/whatif-project.h"

/* Two shapes: 1000 - (10 x (30 - 12) + 2.5 x (100 - 140)) = 1000 - 180 +
 * 100 = 920 ticks; ratio 0.92; 0.92 x 5000 cycles = 4600. */
START_TEST(projects_two_shapes)
{
    const struct wp_shape s[] = {{10, 30, 12}, {2.5, 100, 140}};
    struct wp_result r;

    ck_assert_int_eq(wp_project(1000, 5000, s, 2, &r), 0);
    ck_assert_double_eq_tol(r.ticks, 920, 1e-9);
    ck_assert_double_eq_tol(r.ratio, 0.92, 1e-12);
    ck_assert_double_eq_tol(r.cycles, 4600, 1e-9);
}
END_TEST

/* The placeholder against itself leaves the baseline: ratio exactly 1. */
START_TEST(control_is_the_baseline)
{
    const struct wp_shape s[] = {{98000, 41.5, 41.5}, {3, 900, 900}};
    struct wp_result r;

    ck_assert_int_eq(wp_project(7.5e6, 2.25e7, s, 2, &r), 0);
    ck_assert(r.ticks == 7.5e6);
    ck_assert(r.ratio == 1.0);
    ck_assert(r.cycles == 2.25e7);
}
END_TEST

/* A slower candidate raises the cost: 400 + 4 x (250 - 50) = 1200,
 * ratio 3. */
START_TEST(slower_candidate_raises)
{
    const struct wp_shape s[] = {{4, 50, 250}};
    struct wp_result r;

    ck_assert_int_eq(wp_project(400, 800, s, 1, &r), 0);
    ck_assert_double_eq_tol(r.ticks, 1200, 1e-9);
    ck_assert_double_eq_tol(r.ratio, 3, 1e-12);
    ck_assert_double_eq_tol(r.cycles, 2400, 1e-9);
}
END_TEST

/* Shapes timed at 5 % more than the whole operation: an operation that is
 * all helpers, the candidate's time over the placeholder's scaling the
 * baseline, 1000 x (10 x 21) / (10 x 105) = 200; the placeholder against
 * itself still exactly the baseline.  At 30 % more the two timings
 * disagree: no projection. */
START_TEST(all_helpers_when_the_shapes_take_the_whole)
{
    const struct wp_shape fast[] = {{10, 105, 21}}, self[] = {{10, 105, 105}};
    const struct wp_shape beyond[] = {{10, 130, 21}}, whole[] = {{10, 100, 21}};
    struct wp_result r;

    ck_assert_int_eq(wp_project(1000, 3000, fast, 1, &r), 0);
    ck_assert(r.all_helpers);
    ck_assert_double_eq_tol(r.ticks, 200, 1e-9);
    ck_assert_double_eq_tol(r.ratio, 0.2, 1e-12);
    ck_assert_double_eq_tol(r.cycles, 600, 1e-9);
    ck_assert_int_eq(wp_project(1000, 3000, self, 1, &r), 0);
    ck_assert(r.all_helpers && r.ratio == 1.0 && r.cycles == 3000);
    ck_assert_int_eq(wp_project(1000, 3000, beyond, 1, &r), -1);
    /* exactly the whole: the usual difference, 1000 - (1000 - 210) */
    ck_assert_int_eq(wp_project(1000, 3000, whole, 1, &r), 0);
    ck_assert(!r.all_helpers);
    ck_assert_double_eq_tol(r.ticks, 210, 1e-9);
}
END_TEST

/* No baseline, or shapes claiming all of it or more: no projection. */
START_TEST(refuses_what_cannot_be)
{
    const struct wp_shape all[] = {{10, 100, 0}}, none[] = {{0, 0, 0}};
    struct wp_result r;

    ck_assert_int_eq(wp_project(1000, 2000, all, 1, &r), -1);
    ck_assert_int_eq(wp_project(0, 2000, none, 1, &r), -1);
    ck_assert_int_eq(wp_project(1000, NAN, none, 1, &r), -1);
    ck_assert_int_eq(wp_project(1000, 2000, none, 0, &r), 0);
    ck_assert(r.ratio == 1.0);
}
END_TEST

/* Three played-back trials: (1000 - 600 + 300) / 1000 = 0.70,
 * (1000 - 620 + 300) / 1000 = 0.68, (2000 - 1200 + 680) / 2000 = 0.74;
 * mean 0.70667, standard deviation 0.030551, half-width t(2) = 4.303
 * times 0.030551 / sqrt(3) = 0.075898. */
START_TEST(replay_projects_the_trials)
{
    const struct wp_trial t[] = {{1000, 600, 300}, {1000, 620, 300}, {2000, 1200, 680}};
    struct wp_estimate e;

    ck_assert_int_eq(wp_replay(t, 3, &e), 0);
    ck_assert_double_eq_tol(e.ratio, 0.7066666666666667, 1e-12);
    ck_assert_double_eq_tol(e.half_width, 0.0758977859434, 1e-9);
}
END_TEST

/* The placeholder priced against itself in every trial: ratio exactly 1,
 * no spread; a candidate that costs the same more in every trial
 * likewise has no spread. */
START_TEST(replay_control_and_no_spread)
{
    const struct wp_trial same[] = {{5000, 4000, 4000}, {5200, 4100, 4100}};
    const struct wp_trial dearer[] = {{1000, 500, 750}, {2000, 1000, 1500}, {4000, 100, 1100}};
    struct wp_estimate e;

    ck_assert_int_eq(wp_replay(same, 2, &e), 0);
    ck_assert(e.ratio == 1.0 && e.half_width == 0.0);
    ck_assert_int_eq(wp_replay(dearer, 3, &e), 0);
    ck_assert_double_eq_tol(e.ratio, 1.25, 1e-12);
    ck_assert_double_eq_tol(e.half_width, 0, 1e-12);
}
END_TEST

/* Fewer than two trials, an operation of no ticks or a projection of
 * none: no projection. */
START_TEST(replay_refuses_what_cannot_be)
{
    const struct wp_trial one[] = {{1000, 500, 400}};
    const struct wp_trial no_op[] = {{1000, 500, 400}, {0, 0, 0}};
    const struct wp_trial none[] = {{1000, 500, 400}, {1000, 1000, 0}};
    struct wp_estimate e;

    ck_assert_int_eq(wp_replay(one, 1, &e), -1);
    ck_assert_int_eq(wp_replay(no_op, 2, &e), -1);
    ck_assert_int_eq(wp_replay(none, 2, &e), -1);
}
END_TEST

/* A grouped class is costed at its midpoint in whole bytes. */
START_TEST(representative_lengths)
{
    ck_assert_int_eq(wp_representative(512, 1024), 768);
    ck_assert_int_eq(wp_representative(8, 30), 16);     /* 19 down to 16 */
    ck_assert_int_eq(wp_representative(260, 270), 264); /* 265 down to 264 */
    ck_assert_int_eq(wp_representative(300, -1), 300);
    ck_assert_int_eq(wp_representative(3, 5), 3);
}
END_TEST

/* The difference is relative to the measurement; the flag is strict. */
START_TEST(difference_and_flag)
{
    ck_assert_double_eq_tol(wp_difference(2100000, 2080000), 0.9615384615384616, 1e-12);
    ck_assert_double_eq_tol(wp_difference(98, 100), -2, 1e-12);
    ck_assert(!wp_flagged(-2, 2));
    ck_assert(wp_flagged(-2.0001, 2));
    ck_assert(wp_flagged(3, 2));
}
END_TEST

Suite *make_whatifproject_suite(void)
{
    Suite *s = suite_create("whatifproject");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, projects_two_shapes);
    tcase_add_test(tc, control_is_the_baseline);
    tcase_add_test(tc, slower_candidate_raises);
    tcase_add_test(tc, all_helpers_when_the_shapes_take_the_whole);
    tcase_add_test(tc, refuses_what_cannot_be);
    tcase_add_test(tc, replay_projects_the_trials);
    tcase_add_test(tc, replay_control_and_no_spread);
    tcase_add_test(tc, replay_refuses_what_cannot_be);
    tcase_add_test(tc, representative_lengths);
    tcase_add_test(tc, difference_and_flag);
    suite_add_tcase(s, tc);
    return s;
}
