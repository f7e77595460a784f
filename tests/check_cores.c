/* check_cores.c - the cores the profile pass's trials take in turn
 * (src/measure/cores.c): which are picked, the process held to each in
 * its turn, and its own mask put back. */
#include "config.h"

#include <check.h>
#include <sched.h>

#include "measure/cores.h"
#include "suites.h"

START_TEST(at_most_four_spread_evenly)
{
    const int eight[] = {0, 1, 2, 3, 4, 5, 6, 7}, gaps[] = {2, 5, 9};
    int picked[CORES_MAX];

    ck_assert_int_eq(cores_pick(eight, 8, picked), 4);
    ck_assert_int_eq(picked[0], 0);
    ck_assert_int_eq(picked[1], 2);
    ck_assert_int_eq(picked[2], 4);
    ck_assert_int_eq(picked[3], 6);
    ck_assert_int_eq(cores_pick(gaps, 3, picked), 3);
    ck_assert_int_eq(picked[0], 2);
    ck_assert_int_eq(picked[1], 5);
    ck_assert_int_eq(picked[2], 9);
    ck_assert_int_eq(cores_pick(gaps + 1, 1, picked), 1);
    ck_assert_int_eq(picked[0], 5);
}
END_TEST

/* The CPUs this process may run on, into ALL; how many. */
static int allowed(int *all, cpu_set_t *mask)
{
    int count = 0;

    ck_assert_int_eq(sched_getaffinity(0, sizeof *mask, mask), 0);
    for (int i = 0; i < CPU_SETSIZE; i++)
        if (CPU_ISSET(i, mask))
            all[count++] = i;
    return count;
}

START_TEST(pinned_to_one_the_pass_stays)
{
    int all[CPU_SETSIZE];
    cpu_set_t mask, one;
    struct cores c;

    (void)allowed(all, &mask);
    CPU_ZERO(&one);
    CPU_SET(all[0], &one);
    ck_assert_int_eq(sched_setaffinity(0, sizeof one, &one), 0);
    cores_open(&c);
    ck_assert_int_eq(c.n, 1);
    ck_assert_int_eq(c.cpu[0], all[0]);
    ck_assert_int_eq(cores_enter(&c, 0), 0);
    ck_assert_int_eq(cores_enter(&c, 7), 0);
    cores_close(&c);
    ck_assert_int_eq(sched_getaffinity(0, sizeof mask, &mask), 0);
    ck_assert(CPU_EQUAL(&mask, &one));
}
END_TEST

START_TEST(each_trial_on_its_core_then_the_mask_back)
{
    int all[CPU_SETSIZE], count;
    cpu_set_t mask, now;
    struct cores c;

    count = allowed(all, &mask);
    cores_open(&c);
    ck_assert_int_eq(c.n, count < CORES_MAX ? count : CORES_MAX);
    for (unsigned trial = 0; trial < 2 * (unsigned)c.n; trial++) {
        int k = cores_enter(&c, trial);

        ck_assert_int_eq(k, (int)(trial % (unsigned)c.n));
        if (c.n > 1) { /* held to that core alone */
            ck_assert_int_eq(sched_getaffinity(0, sizeof now, &now), 0);
            ck_assert_int_eq(CPU_COUNT(&now), 1);
            ck_assert(CPU_ISSET(c.cpu[k], &now));
            ck_assert_int_eq(sched_getcpu(), c.cpu[k]);
        }
    }
    cores_close(&c);
    ck_assert_int_eq(sched_getaffinity(0, sizeof now, &now), 0);
    ck_assert(CPU_EQUAL(&now, &mask));
}
END_TEST

Suite *make_cores_suite(void)
{
    Suite *s = suite_create("cores");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, at_most_four_spread_evenly);
    tcase_add_test(tc, pinned_to_one_the_pass_stays);
    tcase_add_test(tc, each_trial_on_its_core_then_the_mask_back);
    suite_add_tcase(s, tc);
    return s;
}
