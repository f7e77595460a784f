/* check_sampling.c - sampled timing: every call counted, the first calls
 * of a shape and then about one in k timed, without aliasing.  The
 * fixture's helper moves a clock of its own by a chosen number of ticks
 * (tests/fixtures/wrap/samp_helpers.c), so the true total of every
 * pattern is known exactly and the estimator's statistics are checked
 * without the machine's noise; accuracy in real time is `make bench`'s. */
#include "config.h"

#include <check.h>
#include <dlfcn.h>
#include <math.h>

#include "record/shares.h"
#include "suites.h"
#include "wfix.h"

#define SAMP_IN 16
#define SAMP_OUT 64
/* The outlier rule iccsprof run sets (4 times the fastest call plus
 * at most 50 us), its margin in ticks of a 1 GHz counter: every test runs under
 * it, and the patterns of a quiet machine must keep every call. */
#define SAMP_OUTLIER_MULTIPLE 4
#define SAMP_OUTLIER_MARGIN 50000
/* A preempted call: the most the fixture's helper can take, beyond the
 * limit of a 500-tick shape (4 x 500 + 50000). */
#define SAMP_PREEMPTED 65535

static void *lib;
static const struct iccsprof_wrap_api *api;
static void (*periodic)(unsigned, unsigned, unsigned, unsigned);
static void (*one_slow)(unsigned, unsigned, unsigned, unsigned);
static struct iccsprof_wrap_snapshot snap;

static void setup(void)
{
    lib = wfix_open("libwsamp_prof.so");
    api = wfix_api(lib);
    *(void **)&periodic = wfix_sym(lib, "wsamp_periodic");
    *(void **)&one_slow = wfix_sym(lib, "wsamp_one_slow");
    ck_assert_int_eq(api->set_outliers(SAMP_OUTLIER_MULTIPLE, SAMP_OUTLIER_MARGIN), 0);
}

static void teardown(void)
{
    api->set_sampling(1, 64);
    api->set_outliers(0, 0);
    dlclose(lib);
}

/* Check that the last run made one shape of N calls and return it. */
static const struct iccsprof_wrap_shape *one_shape(unsigned n)
{
    ck_assert_int_eq(api->snapshot(&snap), 0);
    ck_assert_uint_eq(snap.nshapes, 1);
    ck_assert_uint_eq(snap.shapes[0].helper, ICCSPROF_PSEUDOXOF);
    ck_assert_uint_eq(snap.shapes[0].in_bits, SAMP_IN);
    ck_assert_uint_eq(snap.shapes[0].out_bits, SAMP_OUT);
    ck_assert_uint_eq(snap.shapes[0].calls, n);
    return &snap.shapes[0];
}

/* Run wsamp_periodic with sampling (k, first_n) from a clean table and
 * return its one shape, none of whose calls may be an outlier: the
 * patterns are a quiet machine's. */
static const struct iccsprof_wrap_shape *sampled_run(uint32_t k, uint32_t first_n, unsigned n,
                                                     unsigned period, unsigned cheap, unsigned dear)
{
    ck_assert_int_eq(api->set_sampling(k, first_n), 0);
    api->reset();
    api->enable();
    periodic(n, period, cheap, dear);
    api->disable();
    one_shape(n);
    ck_assert_uint_eq(snap.shapes[0].outlier_calls, 0);
    ck_assert_uint_eq(snap.shapes[0].outlier_ticks, 0);
    if (snap.shapes[0].timed_calls != 0)
        ck_assert(snap.shapes[0].min_ticks == cheap || snap.shapes[0].min_ticks == dear);
    return &snap.shapes[0];
}

/* Run wsamp_one_slow with sampling (k, first_n) from a clean table and
 * return its one shape. */
static const struct iccsprof_wrap_shape *slow_run(uint32_t k, uint32_t first_n, unsigned n,
                                                  unsigned at)
{
    ck_assert_int_eq(api->set_sampling(k, first_n), 0);
    api->reset();
    api->enable();
    one_slow(n, 500, at, SAMP_PREEMPTED);
    api->disable();
    return one_shape(n);
}

/* The exact ticks of wsamp_periodic's pattern. */
static double true_total(unsigned n, unsigned period, unsigned cheap, unsigned dear)
{
    unsigned dear_calls = (n + period - 1) / period;

    return (double)dear_calls * dear + (double)(n - dear_calls) * cheap;
}

/* The shape's estimated total, mean of the timed calls times the calls,
 * and the standard error of that estimate (sampling without replacement). */
static double estimate(const struct iccsprof_wrap_shape *s, double *se)
{
    double n = (double)s->timed_calls, big_n = (double)s->calls, mean = (double)s->ticks / n;
    double var = (s->ticks_sq - n * mean * mean) / (n - 1);

    *se = big_n * sqrt((var > 0 ? var : 0) / n * (1 - n / big_n));
    return mean * big_n;
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
    ck_assert_uint_eq(snap.helpers[ICCSPROF_SM3HASH].nested, 1);
    for (size_t i = 0; i < snap.nshapes; i++)
        ck_assert_uint_eq(snap.shapes[i].timed_calls, 0);
    fapi->set_sampling(1, 64);
    dlclose(fix);
}
END_TEST

/* Which of the last run's N calls went through the timed path (timed or
 * warming) into PATH, from the clock reads at each call's entry: the
 * reads between two entries are the end of the one call's region and the
 * start of the next's. */
static void timed_path(unsigned n, uint64_t before, uint64_t after, int *path)
{
    uint64_t *entry = wfix_sym(lib, "wsamp_entry_reads");
    unsigned *logged = wfix_sym(lib, "wsamp_logged");

    ck_assert_uint_eq(*logged, n);
    for (unsigned i = 0; i < n; i++) {
        uint64_t reads = entry[i] - (i == 0 ? before : entry[i - 1]);

        path[i] = (int)reads - (i == 0 ? 0 : path[i - 1]);
        ck_assert(path[i] == 0 || path[i] == 1);
    }
    ck_assert_uint_eq(after - entry[n - 1], (uint64_t)path[n - 1]);
}

START_TEST(sampled_call_follows_a_warming_call)
{
    const unsigned n = 4000;
    void (*log_start)(void);
    uint64_t (*reads)(void), before;
    static int path[4000];
    unsigned on_path = 0, timed = 0, sampled = 0;

    *(void **)&log_start = wfix_sym(lib, "wsamp_log_start");
    *(void **)&reads = wfix_sym(lib, "wsamp_reads");
    ck_assert_int_eq(api->set_sampling(8, 0), 0);
    api->reset();
    log_start();
    before = reads();
    api->enable();
    periodic(n, 1, 10, 10);
    api->disable();
    timed_path(n, before, reads(), path);
    one_shape(n);
    for (unsigned i = 0; i < n; i++) {
        on_path += (unsigned)path[i];
        /* a call on the timed path alone is a sampled call that found it
         * cold: only the first call can be one, with none before it */
        if (path[i] && i > 0 && !path[i - 1] && (i + 1 == n || !path[i + 1]))
            ck_abort_msg("call %u was timed with no warming call before it", i);
        /* a run of calls on the path ends with a sampled call */
        if (path[i] && (i + 1 == n || !path[i + 1]))
            sampled++;
    }
    timed = (unsigned)snap.helpers[ICCSPROF_PSEUDOXOF].timed_calls;
    ck_assert_uint_eq(snap.shapes[0].timed_calls, timed);
    ck_assert_uint_eq(on_path, timed + snap.helpers[ICCSPROF_PSEUDOXOF].warm_calls);
    ck_assert_uint_ge(sampled, n / 16);
    /* a gap of one call leaves no room for a warming call: 1 in 15 at k = 8 */
    ck_assert_uint_ge(snap.helpers[ICCSPROF_PSEUDOXOF].warm_calls, timed * 8 / 10);
    ck_assert_uint_lt(snap.helpers[ICCSPROF_PSEUDOXOF].warm_calls, timed);

    /* every call timed: none warms */
    sampled_run(1, 0, n, 1, 10, 10);
    ck_assert_uint_eq(snap.helpers[ICCSPROF_PSEUDOXOF].warm_calls, 0);
}
END_TEST

START_TEST(full_timing_is_exact)
{
    const struct iccsprof_wrap_shape *s = sampled_run(1, 0, 4000, 8, 10, 2000);

    ck_assert_uint_eq(s->timed_calls, 4000);
    ck_assert_uint_eq(s->ticks, (uint64_t)true_total(4000, 8, 10, 2000));
}
END_TEST

START_TEST(constant_cost_is_estimated_exactly)
{
    double se;

    for (int seed = 0; seed < 3; seed++) {
        const struct iccsprof_wrap_shape *s = sampled_run(16, 0, 4000, 1, 500, 500);

        ck_assert_double_eq(estimate(s, &se), true_total(4000, 1, 500, 500));
        ck_assert_double_eq(se, 0);
    }
}
END_TEST

/* In every one of several sampling streams both kinds of call are among
 * the timed ones (a stride that lines up with the pattern would time one
 * kind only), and the streams' mean estimate of a pattern of known cost
 * lies within 3 standard errors of its true total.  The streams are
 * pooled because the mean of a skewed pattern (rare dear calls) has a
 * skewed error in one stream: a single stream falls outside 3 standard
 * errors far more often than the normal 0.3 %. */
static void assert_unbiased(uint32_t k, unsigned n, unsigned period, unsigned cheap, unsigned dear)
{
    const int streams = 5;
    double truth = true_total(n, period, cheap, dear), sum = 0, var = 0, se, mean, pooled;

    for (int stream = 0; stream < streams; stream++) {
        const struct iccsprof_wrap_shape *s = sampled_run(k, 0, n, period, cheap, dear);

        ck_assert_msg(s->ticks > s->timed_calls * cheap && s->ticks < s->timed_calls * dear,
                      "stream %d timed one kind of call only: %llu ticks in %llu calls", stream,
                      (unsigned long long)s->ticks, (unsigned long long)s->timed_calls);
        sum += estimate(s, &se);
        var += se * se;
    }
    mean = sum / streams;
    pooled = sqrt(var) / streams;
    ck_assert_msg(pooled > 0 && fabs(mean - truth) <= 3 * pooled, "%.0f +- %.0f, true %.0f", mean,
                  pooled, truth);
}

START_TEST(periodic_pattern_is_not_aliased)
{
    /* a stride of exactly 8 would time only dear calls or only cheap ones */
    assert_unbiased(8, 4000, 8, 10, 2000);
}
END_TEST

START_TEST(mixed_costs_estimate_within_three_errors)
{
    assert_unbiased(16, 8000, 7, 300, 700);
}
END_TEST

/* A preempted call among the first, timed ones: set apart exactly, and
 * the shape's estimate is the true total of its undisturbed calls. */
START_TEST(preempted_call_is_set_apart_exactly)
{
    const unsigned n = 4000;
    double se;

    for (uint32_t k = 1; k <= 16; k *= 16) {
        const struct iccsprof_wrap_shape *s = slow_run(k, 64, n, 10);

        ck_assert_uint_eq(s->outlier_calls, 1);
        ck_assert_uint_eq(s->outlier_ticks, SAMP_PREEMPTED);
        ck_assert_uint_eq(s->ticks, 500 * s->timed_calls);
        ck_assert_uint_eq(s->min_ticks, 500);
        ck_assert_double_eq(estimate(s, &se), 500.0 * n);
        if (k == 1)
            ck_assert_uint_eq(s->timed_calls, n - 1);
    }
}
END_TEST

/* A shape's very first call preempted: it first sets the reference, and
 * is set apart as soon as an undisturbed call shows the true cost. */
START_TEST(preempted_first_call_is_set_apart)
{
    const struct iccsprof_wrap_shape *s = slow_run(1, 64, 1000, 0);
    double se;

    ck_assert_uint_eq(s->outlier_calls, 1);
    ck_assert_uint_eq(s->outlier_ticks, SAMP_PREEMPTED);
    ck_assert_uint_eq(s->timed_calls, 999);
    ck_assert_double_eq(estimate(s, &se), 500.0 * 1000);
}
END_TEST

/* With the rule off (multiple 0, the library's default) every timed call
 * is kept, however slow. */
START_TEST(outliers_off_keeps_every_call)
{
    const struct iccsprof_wrap_shape *s;

    api->set_outliers(0, 0);
    s = slow_run(1, 64, 1000, 10);
    ck_assert_uint_eq(s->outlier_calls, 0);
    ck_assert_uint_eq(s->timed_calls, 1000);
    ck_assert_uint_eq(s->ticks, 999 * 500 + SAMP_PREEMPTED);
}
END_TEST

/* What the snapshot's pseudoXOF rows add up to: calls, timed calls,
 * ticks and outliers; rows of each kind; the helper's estimated total
 * (each row's mean of timed calls times its calls) and its variance. */
struct rows {
    uint64_t calls, timed, ticks, outliers;
    size_t kinds[3];
    struct share_estimate total;
};

/* Sum the rows of the last snapshot, and check that they sum to the
 * helper's totals. */
static struct rows rows_summed(void)
{
    const struct iccsprof_wrap_total *t = &snap.helpers[ICCSPROF_PSEUDOXOF];
    struct rows r = {0, 0, 0, 0, {0, 0, 0}, {0, 0}};

    for (size_t i = 0; i < snap.nshapes; i++) {
        const struct iccsprof_wrap_shape *s = &snap.shapes[i];
        struct share_sums sums = {s->calls, s->timed_calls, (double)s->ticks, s->ticks_sq};
        struct share_estimate e = share_estimate(&sums);

        ck_assert_uint_eq(s->helper, ICCSPROF_PSEUDOXOF);
        r.calls += s->calls;
        r.timed += s->timed_calls;
        r.ticks += s->ticks;
        r.outliers += s->outlier_calls;
        r.kinds[s->kind]++;
        share_add(&r.total, &e);
    }
    ck_assert_uint_eq(r.calls, t->calls);
    ck_assert_uint_eq(r.timed, t->timed_calls);
    ck_assert_uint_eq(r.ticks, t->ticks);
    ck_assert_uint_eq(r.outliers, t->outlier_calls);
    ck_assert_uint_eq(snap.total_calls, t->calls);
    return r;
}

/* Run wsamp_grid(41, 13, 3) with sampling (K, 64): 533 keys, of which
 * 256 are kept exact, the next 256 as classes of their own (every key a
 * power of two) and the last 21 in the rest. */
static struct rows grid_run(uint32_t k)
{
    void (*grid)(unsigned, unsigned, unsigned);

    *(void **)&grid = wfix_sym(lib, "wsamp_grid");
    ck_assert_int_eq(api->set_sampling(k, 64), 0);
    api->reset();
    api->enable();
    grid(41, 13, 3);
    api->disable();
    ck_assert_int_eq(api->snapshot(&snap), 0);
    return rows_summed();
}

/* The true ticks of grid_run: 3 x 41 x (100 + 200 + ... + 1300). */
#define GRID_TRUE_TICKS (3.0 * 41 * 100 * 91)

START_TEST(rows_past_both_tables_sum_to_the_totals)
{
    const uint32_t rates[] = {1, 7};

    for (size_t i = 0; i < sizeof rates / sizeof rates[0]; i++) {
        struct rows r = grid_run(rates[i]);

        ck_assert_uint_eq(r.calls, 3 * 41 * 13);
        ck_assert_uint_eq(r.kinds[ICCSPROF_SHAPE_EXACT], ICCSPROF_WRAP_MAX_SHAPES);
        ck_assert_uint_eq(r.kinds[ICCSPROF_SHAPE_CLASS], ICCSPROF_WRAP_MAX_CLASSES);
        ck_assert_uint_eq(r.kinds[ICCSPROF_SHAPE_REST], 1);
        ck_assert_uint_eq(r.outliers, 0);
        if (rates[i] == 1) {
            ck_assert_uint_eq(r.timed, r.calls);
            ck_assert_double_eq(r.total.ticks, GRID_TRUE_TICKS);
        }
    }
    for (size_t i = 0; i < snap.nshapes; i++)
        if (snap.shapes[i].kind == ICCSPROF_SHAPE_REST)
            ck_assert_uint_eq(snap.shapes[i].calls, 3 * 21);
}
END_TEST

/* A rest row holds keys of any cost (here 100 to 1300 ticks): the outlier
 * rule, even one without a margin, sets none of its calls apart. */
START_TEST(rest_row_sets_no_call_apart)
{
    struct rows r;

    api->set_outliers(SAMP_OUTLIER_MULTIPLE, 0);
    r = grid_run(1);
    ck_assert_uint_eq(r.outliers, 0);
    ck_assert_double_eq(r.total.ticks, GRID_TRUE_TICKS);
}
END_TEST

/* 5000 out lengths, 4 calls each, of scattered costs: the estimate over
 * exact rows and classes, sampled one call in 8 past the first 64 of
 * each row, lies within 3 pooled standard errors of the true total, and
 * the calls are exact at any rate. */
START_TEST(sampled_estimate_over_classes_within_three_errors)
{
    const int streams = 5;
    void (*lengths)(unsigned, unsigned);
    unsigned (*cost)(unsigned);
    double truth = 0, sum = 0, var = 0, pooled;

    *(void **)&lengths = wfix_sym(lib, "wsamp_lengths");
    *(void **)&cost = wfix_sym(lib, "wsamp_length_cost");
    for (unsigned k = 1; k <= 5000; k++)
        truth += 4.0 * cost(k);
    for (int stream = 0; stream < streams; stream++) {
        struct rows r;

        ck_assert_int_eq(api->set_sampling(8, 64), 0);
        api->reset();
        api->enable();
        lengths(5000, 4);
        api->disable();
        ck_assert_int_eq(api->snapshot(&snap), 0);
        r = rows_summed();
        ck_assert_uint_eq(r.calls, 20000);
        ck_assert_uint_eq(r.kinds[ICCSPROF_SHAPE_CLASS], 5);
        ck_assert_uint_lt(r.timed, r.calls / 2);
        sum += r.total.ticks;
        var += r.total.variance;
    }
    pooled = sqrt(var) / streams;
    ck_assert_msg(pooled > 0 && fabs(sum / streams - truth) <= 3 * pooled,
                  "%.0f +- %.0f, true %.0f", sum / streams, pooled, truth);
}
END_TEST

Suite *make_sampling_suite(void)
{
    Suite *s = suite_create("sampling");
    TCase *tc = tcase_create("sampling");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, every_call_counted_at_any_rate);
    tcase_add_test(tc, first_calls_of_a_shape_are_timed);
    tcase_add_test(tc, unsampled_outer_call_still_counts_its_nested_calls);
    tcase_add_test(tc, sampled_call_follows_a_warming_call);
    tcase_add_test(tc, full_timing_is_exact);
    tcase_add_test(tc, constant_cost_is_estimated_exactly);
    tcase_add_test(tc, periodic_pattern_is_not_aliased);
    tcase_add_test(tc, mixed_costs_estimate_within_three_errors);
    tcase_add_test(tc, preempted_call_is_set_apart_exactly);
    tcase_add_test(tc, preempted_first_call_is_set_apart);
    tcase_add_test(tc, outliers_off_keeps_every_call);
    tcase_add_test(tc, rows_past_both_tables_sum_to_the_totals);
    tcase_add_test(tc, rest_row_sets_no_call_apart);
    tcase_add_test(tc, sampled_estimate_over_classes_within_three_errors);
    suite_add_tcase(s, tc);
    return s;
}
