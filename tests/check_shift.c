/* check_shift.c - the stack positions the profile pass runs its trials at
 * (src/measure/shift.c): their order over a page, and the stack moved by
 * exactly as much. */
#include "config.h"

#include <check.h>
#include <stdint.h>

#include "measure/shift.h"
#include "suites.h"

START_TEST(successive_slots_halve_the_gaps)
{
    const unsigned first[] = {0, 2048, 1024, 3072, 512, 2560, 1536, 3584, 256};

    for (unsigned i = 0; i < sizeof first / sizeof first[0]; i++)
        ck_assert_uint_eq(shift_bytes(i), first[i]);
    ck_assert_uint_eq(shift_bytes(255), 4080);
    /* past the page's 256 positions the sequence starts again */
    ck_assert_uint_eq(shift_bytes(256), 0);
    ck_assert_uint_eq(shift_bytes(257), 2048);
}
END_TEST

START_TEST(every_position_of_the_page_once)
{
    unsigned char seen[SHIFT_SLOTS] = {0};

    for (unsigned slot = 0; slot < SHIFT_SLOTS; slot++) {
        unsigned b = shift_bytes(slot);

        ck_assert_uint_eq(b % SHIFT_STEP, 0);
        ck_assert_uint_lt(b, SHIFT_SLOTS * SHIFT_STEP);
        ck_assert_uint_eq(seen[b / SHIFT_STEP]++, 0);
    }
}
END_TEST

/* Where FN's frame lies: the address of a local, into *ARG. */
static void note_stack(void *arg)
{
    volatile char here = 0;

    *(uintptr_t *)arg = (uintptr_t)&here;
}

START_TEST(the_call_runs_lower_by_the_slots_bytes)
{
    uintptr_t at[5];

    for (unsigned slot = 0; slot < 5; slot++)
        shift_run(slot, note_stack, &at[slot]);
    for (unsigned slot = 1; slot < 5; slot++)
        ck_assert_uint_eq(at[0] - at[slot], shift_bytes(slot));
}
END_TEST

Suite *make_shift_suite(void)
{
    Suite *s = suite_create("shift");
    TCase *tc = tcase_create("positions");

    tcase_add_test(tc, successive_slots_halve_the_gaps);
    tcase_add_test(tc, every_position_of_the_page_once);
    tcase_add_test(tc, the_call_runs_lower_by_the_slots_bytes);
    suite_add_tcase(s, tc);
    return s;
}
