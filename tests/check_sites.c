/* check_sites.c - call-site capture: per-site counts at depth 1 and 3, the
 * captured return addresses inside the functions that made the calls. */
#include "config.h"

#include <check.h>
#include <dlfcn.h>

#include "suites.h"
#include "wfix.h"

enum { DIRECT, LEAF, THROUGH, SITES, NFUNCS }; /* order of wsamp_functions */

static void *lib;
static const struct iccsprof_wrap_api *api;
static void (*run_sites)(unsigned, unsigned);
static const void *const *funcs;
static struct iccsprof_wrap_sites sites;
static struct iccsprof_wrap_snapshot snap;

static void setup(void)
{
    lib = wfix_open("libwsamp_prof.so");
    api = wfix_api(lib);
    *(void **)&run_sites = wfix_sym(lib, "wsamp_sites");
    funcs = wfix_sym(lib, "wsamp_functions");
}

static void teardown(void)
{
    api->set_callers(0);
    api->set_sampling(1, 64);
    dlclose(lib);
}

/* Which fixture function holds ADDR: the one starting nearest below it
 * (the functions are small); -1 when none is near. */
static int owner(uintptr_t addr)
{
    int best = -1;

    for (int f = 0; f < NFUNCS; f++) {
        uintptr_t start = (uintptr_t)funcs[f];

        if (start < addr && addr - start < 4096 && (best < 0 || start > (uintptr_t)funcs[best]))
            best = f;
    }
    return best;
}

/* The captured site with CALLS calls; fails the test when absent. */
static const struct iccsprof_wrap_site *site_with(uint64_t calls)
{
    for (size_t i = 0; i < sites.nsites; i++)
        if (sites.sites[i].calls == calls)
            return &sites.sites[i];
    ck_abort_msg("no site with %llu calls", (unsigned long long)calls);
    return NULL;
}

/* Five direct calls and three through the leaf, captured at DEPTH; checks
 * that the sites add up to the shape table. */
static void capture(uint32_t depth)
{
    uint64_t calls = 0, ticks = 0;

    ck_assert_int_eq(api->set_callers(depth), 0);
    api->enable();
    run_sites(5, 3);
    api->disable();
    ck_assert_int_eq(api->sites(&sites), 0);
    ck_assert_int_eq(api->snapshot(&snap), 0);
    ck_assert_uint_eq(sites.nsites, 2);
    ck_assert_uint_eq(sites.overflow[ICCSPROF_PSEUDOXOF].calls, 0);
    for (size_t i = 0; i < sites.nsites; i++) {
        ck_assert_uint_eq(sites.sites[i].helper, ICCSPROF_PSEUDOXOF);
        ck_assert_uint_eq(sites.sites[i].depth, depth);
        ck_assert_uint_eq(sites.sites[i].timed_calls, sites.sites[i].calls);
        calls += sites.sites[i].calls;
        ticks += sites.sites[i].ticks;
    }
    ck_assert_uint_eq(snap.total_calls, 8);
    ck_assert_uint_eq(calls, snap.total_calls);
    ck_assert_uint_eq(ticks, snap.shapes[0].ticks);
}

#ifdef HAVE_LIBUNWIND
START_TEST(depth_one_sites_are_the_calling_functions)
{
    capture(1);
    ck_assert_int_eq(owner(site_with(5)->frames[0]), DIRECT);
    ck_assert_int_eq(owner(site_with(3)->frames[0]), LEAF);
}
END_TEST

START_TEST(depth_three_chains_follow_the_callers)
{
    const struct iccsprof_wrap_site *direct, *through;

    capture(3);
    direct = site_with(5);
    through = site_with(3);
    ck_assert_int_eq(owner(direct->frames[0]), DIRECT);
    ck_assert_int_eq(owner(direct->frames[1]), SITES);
    ck_assert_int_eq(owner(through->frames[0]), LEAF);
    ck_assert_int_eq(owner(through->frames[1]), THROUGH);
    ck_assert_int_eq(owner(through->frames[2]), SITES);
}
END_TEST

/* A chain starts at the return address depth 1 records for the same
 * call: the unwinder's trace holds return addresses on x86-64 and the
 * byte below them on AArch64, and the two depths must name one site. */
START_TEST(chains_start_where_depth_one_sites_are)
{
    uintptr_t direct, through;

    capture(1);
    direct = site_with(5)->frames[0];
    through = site_with(3)->frames[0];
    api->reset();
    capture(3);
    ck_assert_uint_eq(site_with(5)->frames[0], direct);
    ck_assert_uint_eq(site_with(3)->frames[0], through);
}
END_TEST

START_TEST(mode_off_records_nothing)
{
    ck_assert_int_eq(api->set_callers(0), 0);
    api->enable();
    run_sites(5, 3);
    api->disable();
    ck_assert_int_eq(api->sites(&sites), 0);
    ck_assert_uint_eq(sites.nsites, 0);
    ck_assert_uint_eq(sites.overflow[ICCSPROF_PSEUDOXOF].calls, 0);
    ck_assert_int_eq(api->set_callers(9), -1);
    ck_assert_int_eq(api->set_callers(8), 0);
}
END_TEST

START_TEST(overhead_measurement_leaves_no_site)
{
    struct iccsprof_wrap_overhead o;

    ck_assert_int_eq(api->set_callers(3), 0);
    api->overhead(&o);
    ck_assert(o.callers_outer_ticks >= 0);
    ck_assert_int_eq(api->sites(&sites), 0);
    ck_assert_uint_eq(sites.nsites, 0);
    ck_assert_int_eq(api->snapshot(&snap), 0);
    ck_assert_uint_eq(snap.total_calls, 0);
    ck_assert_int_eq(api->set_callers(0), 0);
    api->overhead(&o);
    ck_assert(o.callers_outer_ticks == 0);
}
END_TEST

/* Under sampling every call is still captured at its site, the calls a
 * shim only counts included, and a site's timed calls are the sampled
 * ones made there. */
START_TEST(sampled_calls_are_each_captured)
{
    uint64_t timed = 0;

    ck_assert_int_eq(api->set_sampling(8, 0), 0);
    ck_assert_int_eq(api->set_callers(1), 0);
    api->enable();
    run_sites(400, 240);
    api->disable();
    ck_assert_int_eq(api->sites(&sites), 0);
    ck_assert_int_eq(api->snapshot(&snap), 0);
    ck_assert_uint_eq(sites.nsites, 2);
    ck_assert_int_eq(owner(site_with(400)->frames[0]), DIRECT);
    ck_assert_int_eq(owner(site_with(240)->frames[0]), LEAF);
    for (size_t i = 0; i < sites.nsites; i++)
        timed += sites.sites[i].timed_calls;
    ck_assert_uint_eq(snap.total_calls, 640);
    ck_assert_uint_eq(timed, snap.helpers[ICCSPROF_PSEUDOXOF].timed_calls);
    /* gaps average 8: far inside [half, twice] the expected 80 */
    ck_assert_uint_ge(timed, 40);
    ck_assert_uint_le(timed, 160);
}
END_TEST

START_TEST(sites_past_the_table_are_counted_per_helper)
{
    void (*many)(void);
    uint64_t calls = 0, beyond;

    *(void **)&many = wfix_sym(lib, "wsamp_many_sites");
    beyond = *(const unsigned *)wfix_sym(lib, "wsamp_many_sites_count") - ICCSPROF_WRAP_MAX_SITES;
    ck_assert_int_eq(api->set_callers(1), 0);
    api->enable();
    many();
    api->disable();
    ck_assert_int_eq(api->sites(&sites), 0);
    ck_assert_int_eq(api->snapshot(&snap), 0);
    ck_assert_uint_eq(sites.nsites, ICCSPROF_WRAP_MAX_SITES);
    for (size_t i = 0; i < sites.nsites; i++)
        calls += sites.sites[i].calls;
    ck_assert_uint_eq(calls, ICCSPROF_WRAP_MAX_SITES);
    /* the rest, one call of one tick each, counted whole under the helper */
    ck_assert_uint_eq(sites.overflow[ICCSPROF_PSEUDOXOF].helper, ICCSPROF_PSEUDOXOF);
    ck_assert_uint_eq(sites.overflow[ICCSPROF_PSEUDOXOF].calls, beyond);
    ck_assert_uint_eq(sites.overflow[ICCSPROF_PSEUDOXOF].timed_calls, beyond);
    ck_assert_uint_eq(sites.overflow[ICCSPROF_PSEUDOXOF].ticks, beyond);
    ck_assert_uint_eq(sites.overflow[ICCSPROF_DRNG].calls, 0);
    ck_assert_uint_eq(calls + sites.overflow[ICCSPROF_PSEUDOXOF].calls,
                      snap.helpers[ICCSPROF_PSEUDOXOF].calls);
}
END_TEST
#else
START_TEST(refused_without_libunwind)
{
    ck_assert_int_eq(api->set_callers(1), -1);
    ck_assert_int_eq(api->sites(&sites), -1);
}
END_TEST
#endif

Suite *make_sites_suite(void)
{
    Suite *s = suite_create("sites");
    TCase *tc = tcase_create("sites");

    tcase_add_checked_fixture(tc, setup, teardown);
#ifdef HAVE_LIBUNWIND
    tcase_add_test(tc, depth_one_sites_are_the_calling_functions);
    tcase_add_test(tc, depth_three_chains_follow_the_callers);
    tcase_add_test(tc, chains_start_where_depth_one_sites_are);
    tcase_add_test(tc, mode_off_records_nothing);
    tcase_add_test(tc, overhead_measurement_leaves_no_site);
    tcase_add_test(tc, sampled_calls_are_each_captured);
    tcase_add_test(tc, sites_past_the_table_are_counted_per_helper);
#else
    tcase_add_test(tc, refused_without_libunwind);
#endif
    suite_add_tcase(s, tc);
    return s;
}
