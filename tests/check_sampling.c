/* check_sampling.c - sampled timing: every call counted, the first calls
 * of a shape and then about one in k timed, without aliasing. */
#include "config.h"

#include <check.h>
#include <dlfcn.h>
#include <math.h>

#include "suites.h"
#include "wfix.h"

#define SAMP_IN 16
#define SAMP_OUT 64

static void *lib;
static const struct iccsprof_wrap_api *api;
static void (*periodic)(unsigned, unsigned, unsigned, unsigned);
static struct iccsprof_wrap_snapshot snap;

static void setup(void)
{
    lib = wfix_open("libwsamp_prof.so");
    api = wfix_api(lib);
    *(void **)&periodic = wfix_sym(lib, "wsamp_periodic");
}

static void teardown(void)
{
    api->set_sampling(1, 64);
    dlclose(lib);
}

/* Run wsamp_periodic with sampling (k, first_n) from a clean table and
 * return its one shape. */
static const struct iccsprof_wrap_shape *sampled_run(uint32_t k, uint32_t first_n, unsigned n,
                                                     unsigned period, unsigned cheap, unsigned dear)
{
    ck_assert_int_eq(api->set_sampling(k, first_n), 0);
    api->reset();
    api->enable();
    periodic(n, period, cheap, dear);
    api->disable();
    ck_assert_int_eq(api->snapshot(&snap), 0);
    ck_assert_uint_eq(snap.nshapes, 1);
    ck_assert_uint_eq(snap.shapes[0].helper, ICCSPROF_PSEUDOXOF);
    ck_assert_uint_eq(snap.shapes[0].in_bits, SAMP_IN);
    ck_assert_uint_eq(snap.shapes[0].out_bits, SAMP_OUT);
    ck_assert_uint_eq(snap.shapes[0].calls, n);
    return &snap.shapes[0];
}

/* The timed calls of several runs, pooled. */
struct pool {
    double n, sum, sum_sq;
};

/* Add a run's timed calls to a pool. */
static void pool_add(struct pool *p, const struct iccsprof_wrap_shape *s)
{
    p->n += (double)s->timed_calls;
    p->sum += (double)s->ticks;
    p->sum_sq += s->ticks_sq;
}

/* The mean ticks of a pool's calls and its standard error. */
static double pool_mean(const struct pool *p, double *se)
{
    double m = p->sum / p->n, var = p->sum_sq / p->n - m * m;

    *se = sqrt((var > 0 ? var : 0) / p->n);
    return m;
}

START_TEST(every_call_counted_at_any_rate)
{
    const unsigned n = 4000, first = 64;
    const uint32_t rates[] = {1, 7, 64};

    for (size_t i = 0; i < sizeof rates / sizeof rates[0]; i++) {
        uint32_t k = rates[i];
        const struct iccsprof_wrap_shape *s = sampled_run(k, first, n, 1, 1, 1);

        if (k == 1) {
            ck_assert_uint_eq(s->timed_calls, n);
        } else {
            /* gaps average k: far inside [half, twice] the expected count */
            ck_assert_uint_ge(s->timed_calls, first + (n - first) / (2 * k));
            ck_assert_uint_le(s->timed_calls, first + 2 * (n - first) / k);
        }
        ck_assert_uint_eq(snap.total_calls, n);
    }
}
END_TEST

START_TEST(first_calls_of_a_shape_are_timed)
{
    const struct iccsprof_wrap_shape *s = sampled_run(1u << 30, 64, 4000, 1, 1, 1);

    ck_assert_uint_eq(s->timed_calls, 64);
    ck_assert_int_eq(api->set_sampling(0, 64), -1);
}
END_TEST

START_TEST(unsampled_outer_call_still_counts_its_nested_calls)
{
    void *fix = wfix_open("libwfix_prof.so");
    const struct iccsprof_wrap_api *fapi = wfix_api(fix);
    void (*pattern)(unsigned char *);
    unsigned char out[32];

    *(void **)&pattern = wfix_sym(fix, "wfix_pattern");
    ck_assert_int_eq(fapi->set_sampling(1u << 30, 0), 0);
    fapi->enable();
    pattern(out);
    fapi->disable();
    fapi->snapshot(&snap);
    ck_assert_uint_eq(snap.total_calls, 11);
    ck_assert_uint_eq(snap.nested[ICCSPROF_SM3HASH], 1);
    for (size_t i = 0; i < snap.nshapes; i++)
        ck_assert_uint_eq(snap.shapes[i].timed_calls, 0);
    fapi->set_sampling(1, 64);
    dlclose(fix);
}
END_TEST

/* Pool ROUNDS alternating runs of N calls fully timed and sampled one in
 * K: alternating puts any drift of the machine (the test shares its cores)
 * into both pools alike.  Then the sampled mean must agree with the full
 * one within LIMIT combined standard errors. */
static void assert_unbiased(uint32_t k, unsigned n, unsigned period, unsigned cheap, unsigned dear,
                            double limit)
{
    struct pool full = {0}, sampled = {0};
    double full_se, est_se, full_mean, est;

    for (int round = 0; round < 8; round++) {
        pool_add(&full, sampled_run(1, 0, n / 8, period, cheap, dear));
        pool_add(&sampled, sampled_run(k, 0, n, period, cheap, dear));
    }
    full_mean = pool_mean(&full, &full_se);
    est = pool_mean(&sampled, &est_se);
    ck_assert_msg(fabs(est - full_mean) <= limit * sqrt(est_se * est_se + full_se * full_se),
                  "sampled mean %.1f +- %.1f, full %.1f +- %.1f", est, est_se, full_mean, full_se);
}

START_TEST(periodic_pattern_is_not_aliased)
{
    /* a stride of 8 would see only dear calls or only cheap ones */
    for (int seed = 0; seed < 3; seed++)
        assert_unbiased(8, 2000, 8, 1, 2000, 4);
}
END_TEST

START_TEST(fixed_cost_estimate_matches_full_timing)
{
    for (int seed = 0; seed < 3; seed++)
        assert_unbiased(16, 2000, 1, 500, 500, 3);
}
END_TEST

Suite *make_sampling_suite(void)
{
    Suite *s = suite_create("sampling");
    TCase *tc = tcase_create("sampling");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, every_call_counted_at_any_rate);
    tcase_add_test(tc, first_calls_of_a_shape_are_timed);
    tcase_add_test(tc, unsampled_outer_call_still_counts_its_nested_calls);
    tcase_add_test(tc, periodic_pattern_is_not_aliased);
    tcase_add_test(tc, fixed_cost_estimate_matches_full_timing);
    suite_add_tcase(s, tc);
    return s;
}
