/* check_wrap.c - the --wrap shims and their accounting, on a stand-in
 * scheme built plain (libwfix) and profiled (libwfix_prof). */
#include "config.h"

#include <check.h>
#include <dlfcn.h>
#include <string.h>

#include "suites.h"
#include "wfix.h"

static void *plain, *prof;
static const struct iccsprof_wrap_api *api;
static struct iccsprof_wrap_snapshot snap;

static void setup(void)
{
    plain = wfix_open("libwfix.so");
    prof = wfix_open("libwfix_prof.so");
    api = wfix_api(prof);
}

static void teardown(void)
{
    dlclose(prof);
    dlclose(plain);
}

/* Find a shape in the snapshot; NULL when absent. */
static const struct iccsprof_wrap_shape *shape(unsigned helper, uint64_t in, uint64_t out)
{
    for (size_t i = 0; i < snap.nshapes; i++)
        if (snap.shapes[i].helper == helper && snap.shapes[i].in_bits == in &&
            snap.shapes[i].out_bits == out)
            return &snap.shapes[i];
    return NULL;
}

/* Run the fixture's known pattern in LIB, into out. */
static void run_pattern(void *lib, unsigned char out[32])
{
    void (*pattern)(unsigned char *);

    *(void **)&pattern = wfix_sym(lib, "wfix_pattern");
    pattern(out);
}

START_TEST(interface_is_versioned)
{
    ck_assert_uint_eq(api->abi, ICCSPROF_WRAP_ABI);
    ck_assert_str_eq(api->tick_source, ICCSPROF_TICK_SOURCE_NAME);
    ck_assert_ptr_null(dlsym(plain, "iccsprof_wrap_api"));
}
END_TEST

START_TEST(exact_calls_and_keys)
{
    unsigned char a[32], b[32];

    run_pattern(plain, a);
    api->enable();
    run_pattern(prof, b);
    api->disable();
    ck_assert_mem_eq(a, b, 32); /* outputs identical to the plain build */
    ck_assert_int_eq(api->snapshot(&snap), 0);
    ck_assert_uint_eq(snap.nshapes, 3);
    ck_assert_ptr_nonnull(shape(ICCSPROF_PSEUDOXOF, 256, 1024));
    ck_assert_uint_eq(shape(ICCSPROF_PSEUDOXOF, 256, 1024)->calls, 3);
    ck_assert_uint_eq(shape(ICCSPROF_PSEUDOXOF, 256, 1024)->timed_calls, 3);
    ck_assert_ptr_nonnull(shape(ICCSPROF_PSEUDOHASH, 256, 512));
    ck_assert_uint_eq(shape(ICCSPROF_PSEUDOHASH, 256, 512)->calls, 1);
    ck_assert_ptr_nonnull(shape(ICCSPROF_DRNG, 0, 256));
    ck_assert_uint_eq(shape(ICCSPROF_DRNG, 0, 256)->calls, 7);
    ck_assert_uint_eq(snap.total_calls, 11);
    ck_assert_uint_eq(snap.helpers[ICCSPROF_PSEUDOXOF].calls, 3);
    ck_assert_uint_eq(snap.helpers[ICCSPROF_PSEUDOXOF].timed_calls, 3);
    ck_assert_uint_eq(snap.helpers[ICCSPROF_PSEUDOXOF].ticks,
                      shape(ICCSPROF_PSEUDOXOF, 256, 1024)->ticks);
    ck_assert_uint_eq(snap.helpers[ICCSPROF_PSEUDOHASH].calls, 1);
    ck_assert_uint_eq(snap.helpers[ICCSPROF_SM3HASH].calls, 0);
    ck_assert_uint_eq(snap.helpers[ICCSPROF_DRNG].calls, 7);
    for (size_t i = 0; i < snap.nshapes; i++)
        ck_assert_uint_eq(snap.shapes[i].kind, ICCSPROF_SHAPE_EXACT);
}
END_TEST

START_TEST(disabled_by_default_and_reset_clears)
{
    unsigned char out[32];

    run_pattern(prof, out);
    api->snapshot(&snap);
    ck_assert_uint_eq(snap.total_calls, 0);
    ck_assert_uint_eq(snap.helpers[ICCSPROF_SM3HASH].nested, 0);
    api->enable();
    run_pattern(prof, out);
    api->disable();
    run_pattern(prof, out); /* not counted */
    api->snapshot(&snap);
    ck_assert_uint_eq(snap.total_calls, 11);
    api->reset();
    api->snapshot(&snap);
    ck_assert_uint_eq(snap.total_calls, 0);
    ck_assert_uint_eq(snap.nshapes, 0);
}
END_TEST

START_TEST(nested_call_counted_apart_and_timed_with_outer)
{
    unsigned char out[32];
    const struct iccsprof_wrap_shape *ph;

    api->enable();
    run_pattern(prof, out);
    api->disable();
    api->snapshot(&snap);
    /* pseudohash calls sm3hash from another object: nested, not outer */
    ck_assert_uint_eq(snap.helpers[ICCSPROF_SM3HASH].nested, 1);
    ck_assert_uint_eq(snap.helpers[ICCSPROF_SM3HASH].calls, 0);
    ck_assert_ptr_null(shape(ICCSPROF_SM3HASH, 256, 256));
    ph = shape(ICCSPROF_PSEUDOHASH, 256, 512);
    /* the inner sm3hash loops 200 x 32 steps: the outer time holds it */
    ck_assert_uint_gt(ph->ticks, shape(ICCSPROF_PSEUDOXOF, 256, 1024)->ticks / 3);
}
END_TEST

START_TEST(two_threads_lose_nothing)
{
    int (*threads)(int, int);

    *(void **)&threads = wfix_sym(prof, "wfix_threads");
    api->enable();
    ck_assert_int_eq(threads(2, 100000), 0);
    api->disable();
    api->snapshot(&snap);
    ck_assert_ptr_nonnull(shape(ICCSPROF_SM3HASH, 64, 256));
    ck_assert_uint_eq(shape(ICCSPROF_SM3HASH, 64, 256)->calls, 200000);
    ck_assert_uint_eq(snap.total_calls, 200000);
}
END_TEST

/* Find a grouped row of the snapshot; NULL when absent. */
static const struct iccsprof_wrap_shape *group(unsigned kind, unsigned helper, uint64_t in,
                                               uint64_t out)
{
    for (size_t i = 0; i < snap.nshapes; i++)
        if (snap.shapes[i].kind == kind && snap.shapes[i].helper == helper &&
            snap.shapes[i].in_bits == in && snap.shapes[i].out_bits == out)
            return &snap.shapes[i];
    return NULL;
}

/* The sums of the snapshot's rows of HELPER: calls, timed calls, ticks;
 * and how many rows of each kind. */
static void row_sums(unsigned helper, uint64_t sum[3], size_t kinds[3])
{
    memset(sum, 0, 3 * sizeof sum[0]);
    memset(kinds, 0, 3 * sizeof kinds[0]);
    for (size_t i = 0; i < snap.nshapes; i++)
        if (snap.shapes[i].helper == helper) {
            sum[0] += snap.shapes[i].calls;
            sum[1] += snap.shapes[i].timed_calls;
            sum[2] += snap.shapes[i].ticks;
            kinds[snap.shapes[i].kind]++;
        }
}

/* Run wfix_many_keys(KEYS) enabled, then snapshot. */
static void run_many_keys(int keys)
{
    void (*many)(int);

    *(void **)&many = wfix_sym(prof, "wfix_many_keys");
    api->enable();
    many(keys);
    api->disable();
    ck_assert_int_eq(api->snapshot(&snap), 0);
}

START_TEST(totals_exact_past_the_table)
{
    int keys = ICCSPROF_WRAP_MAX_SHAPES + 44;
    const struct iccsprof_wrap_shape *g;
    uint64_t sum[3];
    size_t kinds[3];

    run_many_keys(keys);
    ck_assert_uint_eq(snap.helpers[ICCSPROF_PSEUDOXOF].calls, (uint64_t)keys);
    ck_assert_uint_eq(snap.helpers[ICCSPROF_PSEUDOXOF].timed_calls, (uint64_t)keys);
    ck_assert_uint_eq(snap.total_calls, (uint64_t)keys);
    /* out bits 8k: k = 1..256 kept exact; k = 257..300 (2056 to 2400
     * bits) share the class [2048, 4095] of in bits [8, 15] */
    ck_assert_uint_eq(snap.nshapes, ICCSPROF_WRAP_MAX_SHAPES + 1);
    ck_assert_ptr_nonnull(shape(ICCSPROF_PSEUDOXOF, 8, 8 * ICCSPROF_WRAP_MAX_SHAPES));
    ck_assert_ptr_null(shape(ICCSPROF_PSEUDOXOF, 8, 8 * (ICCSPROF_WRAP_MAX_SHAPES + 1)));
    g = group(ICCSPROF_SHAPE_CLASS, ICCSPROF_PSEUDOXOF, 8, 2048);
    ck_assert_ptr_nonnull(g);
    ck_assert_uint_eq(g->calls, 44);
    ck_assert_uint_eq(g->timed_calls, 44);
    row_sums(ICCSPROF_PSEUDOXOF, sum, kinds);
    ck_assert_uint_eq(sum[0], snap.helpers[ICCSPROF_PSEUDOXOF].calls);
    ck_assert_uint_eq(sum[1], snap.helpers[ICCSPROF_PSEUDOXOF].timed_calls);
    ck_assert_uint_eq(sum[2], snap.helpers[ICCSPROF_PSEUDOXOF].ticks);
    ck_assert_uint_eq(kinds[ICCSPROF_SHAPE_EXACT], ICCSPROF_WRAP_MAX_SHAPES);
    ck_assert_uint_eq(kinds[ICCSPROF_SHAPE_CLASS], 1);
    ck_assert_uint_eq(kinds[ICCSPROF_SHAPE_REST], 0);
}
END_TEST

START_TEST(five_thousand_lengths_in_power_of_two_classes)
{
    /* out bits 8 to 40000: beyond the 256 exact, the classes from 2048 */
    static const uint64_t cls[] = {2048, 4096, 8192, 16384, 32768};
    static const uint64_t calls[] = {255, 512, 1024, 2048, 905};
    uint64_t sum[3];
    size_t kinds[3];

    run_many_keys(5000);
    ck_assert_uint_eq(snap.helpers[ICCSPROF_PSEUDOXOF].calls, 5000);
    ck_assert_uint_eq(snap.nshapes, ICCSPROF_WRAP_MAX_SHAPES + 5);
    for (int i = 0; i < 5; i++) {
        const struct iccsprof_wrap_shape *g =
            group(ICCSPROF_SHAPE_CLASS, ICCSPROF_PSEUDOXOF, 8, cls[i]);

        ck_assert_ptr_nonnull(g);
        ck_assert_uint_eq(g->calls, calls[i]);
    }
    row_sums(ICCSPROF_PSEUDOXOF, sum, kinds);
    ck_assert_uint_eq(sum[0], 5000);
    ck_assert_uint_eq(sum[2], snap.helpers[ICCSPROF_PSEUDOXOF].ticks);
    /* a second run repeats the keys: they land in the same rows */
    run_many_keys(5000);
    ck_assert_uint_eq(snap.helpers[ICCSPROF_PSEUDOXOF].calls, 10000);
    ck_assert_uint_eq(snap.nshapes, ICCSPROF_WRAP_MAX_SHAPES + 5);
    ck_assert_uint_eq(group(ICCSPROF_SHAPE_CLASS, ICCSPROF_PSEUDOXOF, 8, 32768)->calls, 1810);
}
END_TEST

START_TEST(threads_past_the_table_merge_into_classes)
{
    int (*threads)(int, int);
    uint64_t sum[3];
    size_t kinds[3];

    /* each thread keeps 256 exact keys of its own: the merged table keeps
     * one thread's, groups the other's, and the totals stay exact */
    *(void **)&threads = wfix_sym(prof, "wfix_threads_many_keys");
    api->enable();
    ck_assert_int_eq(threads(2, 300), 0);
    api->disable();
    ck_assert_int_eq(api->snapshot(&snap), 0);
    ck_assert_uint_eq(snap.helpers[ICCSPROF_PSEUDOXOF].calls, 600);
    row_sums(ICCSPROF_PSEUDOXOF, sum, kinds);
    ck_assert_uint_eq(sum[0], 600);
    ck_assert_uint_eq(sum[2], snap.helpers[ICCSPROF_PSEUDOXOF].ticks);
    ck_assert_uint_eq(kinds[ICCSPROF_SHAPE_EXACT], ICCSPROF_WRAP_MAX_SHAPES);
    ck_assert_uint_ge(kinds[ICCSPROF_SHAPE_CLASS], 1);
}
END_TEST

START_TEST(drng_contexts_past_the_table)
{
    void (*contexts)(int);

    *(void **)&contexts = wfix_sym(prof, "wfix_contexts");
    api->enable();
    contexts(ICCSPROF_WRAP_MAX_CONTEXTS + 5);
    api->disable();
    ck_assert_int_eq(api->snapshot(&snap), 0);
    ck_assert_uint_eq(snap.helpers[ICCSPROF_DRNG].calls, ICCSPROF_WRAP_MAX_CONTEXTS + 5);
    ck_assert_uint_eq(snap.ncontexts, ICCSPROF_WRAP_MAX_CONTEXTS);
    for (size_t i = 0; i < snap.ncontexts; i++)
        ck_assert_uint_eq(snap.contexts[i].calls, 1);
    ck_assert_uint_eq(snap.other_context_calls, 5);
}
END_TEST

/* Under sampling, the DRNG calls a shim only counts are counted under
 * their context too: five runs of 300 calls on two contexts in turn, the
 * first context's calls being the ones the shim's common path takes. */
START_TEST(sampled_drng_calls_keep_their_contexts)
{
    void (*runs)(int, int);

    *(void **)&runs = wfix_sym(prof, "wfix_context_runs");
    ck_assert_int_eq(api->set_sampling(8, 0), 0);
    api->enable();
    runs(5, 300);
    api->disable();
    ck_assert_int_eq(api->set_sampling(1, 64), 0);
    ck_assert_int_eq(api->snapshot(&snap), 0);
    ck_assert_uint_eq(snap.helpers[ICCSPROF_DRNG].calls, 1500);
    ck_assert_uint_eq(snap.ncontexts, 2);
    ck_assert_uint_eq(snap.contexts[0].calls, 900);
    ck_assert_uint_eq(snap.contexts[1].calls, 600);
    ck_assert_uint_eq(snap.other_context_calls, 0);
    /* gaps average 8: far inside [half, twice] the expected 187 */
    ck_assert_uint_ge(snap.helpers[ICCSPROF_DRNG].timed_calls, 1500 / 16);
    ck_assert_uint_le(snap.helpers[ICCSPROF_DRNG].timed_calls, 1500 / 4);
}
END_TEST

START_TEST(single_helper_library_links_alone)
{
    void *lib = wfix_open("libwxof_prof.so");
    const struct iccsprof_wrap_api *(*entry)(void);
    const struct iccsprof_wrap_api *x;
    void (*op)(void);

    *(void **)&entry = wfix_sym(lib, "iccsprof_wrap_api");
    *(void **)&op = wfix_sym(lib, "wfix_xof_only");
    ck_assert_ptr_null(dlsym(lib, "__wrap_sm3hash"));
    x = entry();
    x->enable();
    op();
    x->disable();
    x->snapshot(&snap);
    ck_assert_uint_eq(snap.nshapes, 1);
    ck_assert_uint_eq(shape(ICCSPROF_PSEUDOXOF, 32, 512)->calls, 5);
    dlclose(lib);
}
END_TEST

START_TEST(overhead_is_measured_and_leaves_no_trace)
{
    struct iccsprof_wrap_overhead o;

    api->overhead(&o);
    ck_assert(o.inner_ticks > 0);
    ck_assert(o.outer_ticks >= 0);
    api->snapshot(&snap);
    ck_assert_uint_eq(snap.total_calls, 0);
}
END_TEST

Suite *make_wrap_suite(void)
{
    Suite *s = suite_create("wrap");
    TCase *tc = tcase_create("accounting");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, interface_is_versioned);
    tcase_add_test(tc, exact_calls_and_keys);
    tcase_add_test(tc, disabled_by_default_and_reset_clears);
    tcase_add_test(tc, nested_call_counted_apart_and_timed_with_outer);
    tcase_add_test(tc, two_threads_lose_nothing);
    tcase_add_test(tc, totals_exact_past_the_table);
    tcase_add_test(tc, five_thousand_lengths_in_power_of_two_classes);
    tcase_add_test(tc, threads_past_the_table_merge_into_classes);
    tcase_add_test(tc, drng_contexts_past_the_table);
    tcase_add_test(tc, sampled_drng_calls_keep_their_contexts);
    tcase_add_test(tc, single_helper_library_links_alone);
    tcase_add_test(tc, overhead_is_measured_and_leaves_no_trace);
    suite_add_tcase(s, tc);
    return s;
}
