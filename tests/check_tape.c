/* check_tape.c - the hash helpers' outputs recorded and played back
 * (src/measure/tape.c), through a stand-in for the wrappers' seam: the
 * helpers count their calls, so a played call is seen not to reach them. */
#include "config.h"

#include <check.h>
#include <pthread.h>
#include <string.h>

#include "measure/tape.h"
#include "suites.h"

static struct tape tape;
static iccsprof_candidate_fn *served[ICCSPROF_DRNG];
static void *served_ctx[ICCSPROF_DRNG];
static unsigned helper_calls;

/* The seam: HELPER served by FN from now on (NULL: by itself). */
static int seam(unsigned helper, iccsprof_candidate_fn *fn, void *ctx)
{
    if (helper >= ICCSPROF_DRNG)
        return -1;
    served[helper] = fn;
    served_ctx[helper] = ctx;
    return 0;
}

/* A helper's own function: each output byte its message's first byte
 * plus its place and the calls so far, so that no two calls agree. */
static int own(unsigned long long out_bits, const unsigned char *msg, unsigned char *out)
{
    helper_calls++;
    for (size_t i = 0; i < (out_bits + 7) / 8; i++)
        out[i] = (unsigned char)(msg[0] + i + 16 * helper_calls);
    return 0;
}

static int own_sm3hash(int out_bits, const unsigned char *msg, unsigned long long msg_bits,
                       unsigned char *out)
{
    (void)msg_bits;
    return own((unsigned long long)out_bits, msg, out);
}

static int own_xof(unsigned long long out_bits, const unsigned char *msg,
                   unsigned long long msg_bits, unsigned char *out)
{
    (void)msg_bits;
    return own(out_bits, msg, out);
}

/* A call through the shim of HELPER: its server, or its own function. */
static int shim(unsigned helper, unsigned long long out_bits, const unsigned char *msg,
                unsigned long long msg_bits, unsigned char *out)
{
    if (served[helper] != NULL)
        return served[helper](served_ctx[helper], out_bits, msg, msg_bits, out);
    if (helper == ICCSPROF_PSEUDOXOF)
        return own_xof(out_bits, msg, msg_bits, out);
    if (helper == ICCSPROF_SM3HASH)
        return own_sm3hash((int)out_bits, msg, msg_bits, out);
    return -4;
}

/* pseudohash over two SM3 calls made through the shims, as the ICCS
 * library's own is. */
static int own_pseudohash(int out_bits, const unsigned char *msg, unsigned long long msg_bits,
                          unsigned char *out)
{
    if (shim(ICCSPROF_SM3HASH, 256, msg, msg_bits, out) != 0 ||
        shim(ICCSPROF_SM3HASH, 256, msg, msg_bits, out + 32) != 0)
        return -3;
    (void)out_bits;
    return 0;
}

/* N sm3hash calls of the 32-bit message M through the shim. */
static void hash_calls(unsigned n, const unsigned char *m)
{
    unsigned char out[32];

    while (n-- > 0)
        ck_assert_int_eq(shim(ICCSPROF_SM3HASH, 256, m, 32, out), 0);
}

/* Record N sm3hash calls of M, a recording that stands. */
static void record(unsigned n, const unsigned char *m)
{
    tape_record(&tape);
    hash_calls(n, m);
    ck_assert_ptr_null(tape_stop(&tape));
}

/* Play N sm3hash calls of M back: why the play does not stand. */
static const char *play(unsigned n, const unsigned char *m)
{
    tape_play(&tape);
    hash_calls(n, m);
    return tape_stop(&tape);
}

/* Open the tape over the three stand-ins. */
static void setup(void)
{
    void *real[ICCSPROF_DRNG] = {(void *)own_pseudohash, (void *)own_xof, (void *)own_sm3hash};

    memset(served, 0, sizeof served);
    helper_calls = 0;
    tape_open(&tape, seam, real);
}

static void teardown(void)
{
    tape_close(&tape);
}

START_TEST(a_played_call_gets_the_recorded_output_without_the_helper)
{
    unsigned char m1[4] = {1, 2, 3, 4}, m2[2] = {9, 0}, rec[3][32], out[3][32];

    tape_record(&tape);
    ck_assert_int_eq(shim(ICCSPROF_SM3HASH, 256, m1, 32, rec[0]), 0);
    ck_assert_int_eq(shim(ICCSPROF_PSEUDOXOF, 100, m2, 16, rec[1]), 0);
    ck_assert_int_eq(shim(ICCSPROF_SM3HASH, 256, m2, 16, rec[2]), 0);
    ck_assert_ptr_null(tape_stop(&tape));
    ck_assert_uint_eq(helper_calls, 3);
    ck_assert_uint_eq(tape.ncalls, 3);
    ck_assert_uint_eq(tape.nbytes, 32 + 13 + 32);

    tape_play(&tape);
    ck_assert_int_eq(shim(ICCSPROF_SM3HASH, 256, m1, 32, out[0]), 0);
    ck_assert_int_eq(shim(ICCSPROF_PSEUDOXOF, 100, m2, 16, out[1]), 0);
    ck_assert_int_eq(shim(ICCSPROF_SM3HASH, 256, m2, 16, out[2]), 0);
    ck_assert_ptr_null(tape_stop(&tape));
    ck_assert_uint_eq(helper_calls, 3);
    ck_assert_mem_eq(out[0], rec[0], 32);
    ck_assert_mem_eq(out[1], rec[1], 13);
    ck_assert_mem_eq(out[2], rec[2], 32);
    ck_assert_ptr_null(served[ICCSPROF_SM3HASH]);
    ck_assert_ptr_null(served[ICCSPROF_PSEUDOXOF]);
}
END_TEST

START_TEST(a_call_that_differs_is_the_helpers_own_and_the_play_does_not_stand)
{
    unsigned char m[4] = {1, 2, 3, 4}, other[4] = {1, 2, 3, 5}, out[32];
    const char *differ = "its helper calls differ from one run to the next";

    record(2, m);
    tape_play(&tape);
    hash_calls(1, m);
    ck_assert_uint_eq(helper_calls, 2);
    shim(ICCSPROF_SM3HASH, 256, other, 32, out);
    ck_assert_uint_eq(helper_calls, 3);
    ck_assert_uint_eq(out[0], (unsigned char)(1 + 16 * 3));
    ck_assert_str_eq(tape_stop(&tape), differ);

    /* nor does a play that ends a call short, nor one that makes none */
    record(2, m);
    ck_assert_str_eq(play(1, m), differ);
    record(1, m);
    ck_assert_str_eq(play(0, m), differ);
}
END_TEST

START_TEST(a_call_inside_another_is_part_of_the_outer_calls_output)
{
    unsigned char m[8] = {7}, rec[64], out[64];

    tape_record(&tape);
    ck_assert_int_eq(shim(ICCSPROF_PSEUDOHASH, 512, m, 64, rec), 0);
    ck_assert_ptr_null(tape_stop(&tape));
    ck_assert_uint_eq(tape.ncalls, 1);
    ck_assert_uint_eq(helper_calls, 2);

    tape_play(&tape);
    ck_assert_int_eq(shim(ICCSPROF_PSEUDOHASH, 512, m, 64, out), 0);
    ck_assert_ptr_null(tape_stop(&tape));
    ck_assert_uint_eq(helper_calls, 2);
    ck_assert_mem_eq(out, rec, 64);
}
END_TEST

START_TEST(the_unused_bits_of_a_partial_byte_do_not_tell_calls_apart)
{
    unsigned char m[2] = {0xab, 0xc5}, same[2] = {0xab, 0xcf}, other[2] = {0xab, 0xd5}, out[32];

    tape_record(&tape);
    shim(ICCSPROF_SM3HASH, 256, m, 12, out);
    shim(ICCSPROF_SM3HASH, 256, m, 12, out);
    ck_assert_ptr_null(tape_stop(&tape));
    tape_play(&tape);
    shim(ICCSPROF_SM3HASH, 256, same, 12, out);
    ck_assert_ptr_null(tape.fault);
    shim(ICCSPROF_SM3HASH, 256, other, 12, out);
    ck_assert_str_eq(tape_stop(&tape), "its helper calls differ from one run to the next");
}
END_TEST

/* One sm3hash call through the shim, from a thread of its own. */
static void *hash_in_thread(void *arg)
{
    unsigned char m[4] = {1}, out[32];

    (void)arg;
    shim(ICCSPROF_SM3HASH, 256, m, 32, out);
    return NULL;
}

START_TEST(a_call_from_another_thread_is_a_fault_of_the_recording)
{
    pthread_t thread;

    tape_record(&tape);
    ck_assert_int_eq(pthread_create(&thread, NULL, hash_in_thread, NULL), 0);
    ck_assert_int_eq(pthread_join(thread, NULL), 0);
    ck_assert_str_eq(tape_stop(&tape), "its helper calls came from more than one thread");
    ck_assert_uint_eq(tape.ncalls, 0);
    ck_assert_uint_eq(helper_calls, 1);
}
END_TEST

/* A counter that moves by one a read. */
static uint64_t counted_ticks(void)
{
    static uint64_t now;

    return now++;
}

START_TEST(serving_costs_the_least_of_its_repeats)
{
    unsigned char m[4] = {1};

    ck_assert_double_eq(tape_cost(&tape, counted_ticks, 3), 0);
    record(1, m);
    /* two reads a repeat, around the served calls */
    ck_assert_double_eq(tape_cost(&tape, counted_ticks, 3), 1);
    ck_assert_uint_eq(helper_calls, 1);
}
END_TEST

Suite *make_tape_suite(void)
{
    Suite *s = suite_create("tape");
    TCase *tc = tcase_create("core");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, a_played_call_gets_the_recorded_output_without_the_helper);
    tcase_add_test(tc, a_call_that_differs_is_the_helpers_own_and_the_play_does_not_stand);
    tcase_add_test(tc, a_call_inside_another_is_part_of_the_outer_calls_output);
    tcase_add_test(tc, the_unused_bits_of_a_partial_byte_do_not_tell_calls_apart);
    tcase_add_test(tc, a_call_from_another_thread_is_a_fault_of_the_recording);
    tcase_add_test(tc, serving_costs_the_least_of_its_repeats);
    suite_add_tcase(s, tc);
    return s;
}
