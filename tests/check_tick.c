/* check_tick.c - the tick counter the shims time calls with: it moves
 * forward, and where the architecture states its rate (AArch64:
 * cntfrq_el0 for cntvct_el0) the counter keeps that rate against
 * CLOCK_MONOTONIC, so that records can give the stated rate. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <time.h>

#include "suites.h"
#include "tick.h"

/* Seconds of CLOCK_MONOTONIC. */
static double monotonic(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

START_TEST(ticks_move_forward)
{
    struct timespec pause = {0, 2 * 1000 * 1000};
    uint64_t before = wrap_tick();

    nanosleep(&pause, NULL);
    ck_assert_uint_gt(wrap_tick(), before);
}
END_TEST

#if defined(ICCSPROF_TICK_CNTVCT)
/* The counter and the clock read together: the clock between two counter
 * reads less than WIDTH ticks apart (nothing preempted the reading), the
 * counter taken halfway. */
static void read_together(uint64_t width, uint64_t *ticks, double *seconds)
{
    for (int tries = 0;; tries++) {
        uint64_t a = wrap_tick();
        double s = monotonic();
        uint64_t b = wrap_tick();

        if (b - a < width || tries == 1000) {
            *ticks = a + (b - a) / 2;
            *seconds = s;
            return;
        }
    }
}

START_TEST(cntvct_el0_counts_at_the_rate_cntfrq_el0_states)
{
    struct timespec pause = {0, 200 * 1000 * 1000};
    double hz = (double)wrap_cntfrq(), s0, s1, rate;
    uint64_t t0, t1, width;

    ck_assert_msg(hz > 0, "cntfrq_el0 is 0: the firmware did not set it");
    width = (uint64_t)(hz / 10000) + 1; /* 100 us: 0.05% of the span */
    read_together(width, &t0, &s0);
    nanosleep(&pause, NULL);
    read_together(width, &t1, &s1);
    rate = (double)(t1 - t0) / (s1 - s0);
    ck_assert_msg(fabs(rate / hz - 1) < 0.02, "cntvct_el0 counted %.0f Hz, cntfrq_el0 says %.0f",
                  rate, hz);
}
END_TEST
#endif

Suite *make_tick_suite(void)
{
    Suite *s = suite_create("tick");
    TCase *tc = tcase_create("tick");

    tcase_add_test(tc, ticks_move_forward);
#if defined(ICCSPROF_TICK_CNTVCT)
    tcase_add_test(tc, cntvct_el0_counts_at_the_rate_cntfrq_el0_states);
#endif
    suite_add_tcase(s, tc);
    return s;
}
