/* check_run_merge.c - a profile pass's parts from several processes,
 * merged into one result. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <jansson.h>

#include "run-merge.h"
#include "suites.h"

/* A result of 100 profiled operations: two shapes, two call sites, a
 * DRNG context. */
static const char first[] =
    "{\"profile\": {\"calls\": 100, \"ticks\": 1000000, \"baseline_ticks\": 900000.0,"
    " \"preempted\": {\"operations\": 1, \"ticks\": 50.0},"
    " \"compensation\": {\"paired\": true, \"added_ticks\": 1000.0, \"added_ticks_stderr\": 10.0},"
    " \"overhead\": {\"inner_ticks\": 40.0, \"outer_ticks\": 80.0, \"untimed_outer_ticks\": 8.0,"
    "  \"callers_outer_ticks\": 0.0},"
    " \"sampling\": {\"k\": 8, \"auto\": true, \"estimate\": 7.5, \"first_n\": 64},"
    " \"snapshot\": {\"helpers\": {\"sm3hash\": {\"calls\": 400, \"timed_calls\": 400,"
    "  \"ticks\": 400000, \"outlier_calls\": 0, \"outlier_ticks\": 0, \"nested\": 0,"
    "  \"per_op\": {\"min\": 4, \"max\": 4, \"stddev\": 0.0}}},"
    "  \"shapes\": [{\"helper\": \"sm3hash\", \"kind\": \"exact\", \"in_bits\": 256,"
    "   \"out_bits\": 256, \"calls\": 300, \"timed_calls\": 300, \"ticks\": 300000,"
    "   \"ticks_sq\": 3e8, \"outlier_calls\": 0, \"outlier_ticks\": 0, \"min_ticks\": 900,"
    "   \"per_op\": {\"min\": 3, \"max\": 3, \"stddev\": 0.0}},"
    "  {\"helper\": \"sm3hash\", \"kind\": \"exact\", \"in_bits\": 512, \"out_bits\": 256,"
    "   \"calls\": 100, \"timed_calls\": 100, \"ticks\": 100000, \"ticks_sq\": 1e8,"
    "   \"outlier_calls\": 0, \"outlier_ticks\": 0, \"min_ticks\": 950,"
    "   \"per_op\": {\"min\": 1, \"max\": 1, \"stddev\": 0.0}}],"
    "  \"total_calls\": 400, \"table\": {\"shapes\": 64, \"classes\": 16}},"
    " \"trials\": [{\"process\": 0, \"pairs\": 100}], \"split\": true},"
    " \"sites\": {\"depth\": 1, \"table\": 2,"
    "  \"overflow\": {\"sm3hash\": {\"calls\": 0, \"timed_calls\": 0, \"ticks\": 0}},"
    "  \"sites\": [{\"helper\": \"sm3hash\", \"calls\": 300, \"timed_calls\": 300,"
    "   \"ticks\": 300000, \"frames\": [{\"address\": \"0x1040\", \"object\": \"/l/x.so\","
    "   \"offset\": 64}]},"
    "  {\"helper\": \"sm3hash\", \"calls\": 100, \"timed_calls\": 100, \"ticks\": 100000,"
    "   \"frames\": [{\"address\": \"0x1080\", \"object\": \"/l/x.so\", \"offset\": 128}]}]},"
    " \"drng\": {\"contexts\": [{\"address\": \"0x5000\", \"object\": \"/l/x.so\","
    "  \"offset\": 4096, \"calls\": 5, \"seeded_as\": \"ctx\"}], \"other_calls\": 0,"
    "  \"table\": 8},"
    " \"events\": {\"sign_failures_retried\": 1, \"verify_rejections\": 0,"
    "  \"decaps_mismatches\": 0, \"passes\": {\"setup\": {\"operations\": 3},"
    "  \"timing\": {\"operations\": 50}, \"profile\": {\"operations\": 200}}},"
    " \"passes\": {\"timing\": null, \"profile\": {\"warmup_calls\": 3, \"seconds\": 0.1,"
    "  \"rule\": \"target-seconds\", \"minimum_calls\": 100, \"calls\": 100,"
    "  \"stop\": \"minimum\", \"precision\": 0.03}},"
    " \"involuntary_switches\": {\"timing\": 5, \"profile\": 2},"
    " \"sig_observed_min\": 10, \"sig_observed_max\": 20}";

/* Another process's part: 300 operations, at other addresses; one shape
 * and one call site of its own, one shape of the first's missing. */
static const char second[] =
    "{\"profile\": {\"calls\": 300, \"ticks\": 3000000, \"baseline_ticks\": 2700000.0,"
    " \"preempted\": {\"operations\": 2, \"ticks\": 25.0},"
    " \"compensation\": {\"paired\": true, \"added_ticks\": 2000.0, \"added_ticks_stderr\": 20.0},"
    " \"overhead\": {\"inner_ticks\": 44.0, \"outer_ticks\": 84.0, \"untimed_outer_ticks\": 8.0,"
    "  \"callers_outer_ticks\": 0.0},"
    " \"sampling\": {\"k\": 8, \"auto\": false, \"estimate\": null, \"first_n\": 64},"
    " \"snapshot\": {\"helpers\": {\"sm3hash\": {\"calls\": 1200, \"timed_calls\": 1200,"
    "  \"ticks\": 1410000, \"outlier_calls\": 1, \"outlier_ticks\": 9000, \"nested\": 0,"
    "  \"per_op\": {\"min\": 4, \"max\": 4, \"stddev\": 0.0}}},"
    "  \"shapes\": [{\"helper\": \"sm3hash\", \"kind\": \"exact\", \"in_bits\": 256,"
    "   \"out_bits\": 256, \"calls\": 900, \"timed_calls\": 900, \"ticks\": 810000,"
    "   \"ticks_sq\": 7.29e8, \"outlier_calls\": 1, \"outlier_ticks\": 9000, \"min_ticks\": 850,"
    "   \"per_op\": {\"min\": 3, \"max\": 3, \"stddev\": 0.0}},"
    "  {\"helper\": \"sm3hash\", \"kind\": \"exact\", \"in_bits\": 1024, \"out_bits\": 256,"
    "   \"calls\": 300, \"timed_calls\": 300, \"ticks\": 600000, \"ticks_sq\": 1.2e9,"
    "   \"outlier_calls\": 0, \"outlier_ticks\": 0, \"min_ticks\": 2000,"
    "   \"per_op\": {\"min\": 1, \"max\": 1, \"stddev\": 0.0}}],"
    "  \"total_calls\": 1200, \"table\": {\"shapes\": 64, \"classes\": 16}},"
    " \"trials\": [{\"process\": 1, \"pairs\": 150}, {\"process\": 1, \"pairs\": 150}],"
    " \"split\": true},"
    " \"sites\": {\"depth\": 1, \"table\": 2,"
    "  \"overflow\": {\"sm3hash\": {\"calls\": 0, \"timed_calls\": 0, \"ticks\": 0}},"
    "  \"sites\": [{\"helper\": \"sm3hash\", \"calls\": 900, \"timed_calls\": 900,"
    "   \"ticks\": 810000, \"frames\": [{\"address\": \"0x9040\", \"object\": \"/l/x.so\","
    "   \"offset\": 64}]},"
    "  {\"helper\": \"sm3hash\", \"calls\": 300, \"timed_calls\": 300, \"ticks\": 600000,"
    "   \"frames\": [{\"address\": \"0x9100\", \"object\": \"/l/x.so\", \"offset\": 256}]}]},"
    " \"drng\": {\"contexts\": [{\"address\": \"0xd000\", \"object\": \"/l/x.so\","
    "  \"offset\": 4096, \"calls\": 7, \"seeded_as\": \"ctx\"}], \"other_calls\": 1,"
    "  \"table\": 8},"
    " \"events\": {\"sign_failures_retried\": 2, \"verify_rejections\": 0,"
    "  \"decaps_mismatches\": 0, \"passes\": {\"setup\": {\"operations\": 4},"
    "  \"timing\": {\"operations\": 0}, \"profile\": {\"operations\": 600}}},"
    " \"passes\": {\"timing\": null, \"profile\": {\"warmup_calls\": 3, \"seconds\": 0.2,"
    "  \"rule\": \"target-seconds\", \"minimum_calls\": 300, \"calls\": 300,"
    "  \"stop\": \"max-seconds\", \"precision\": 0.04}},"
    " \"involuntary_switches\": {\"timing\": 0, \"profile\": 3},"
    " \"sig_observed_min\": 8, \"sig_observed_max\": 30}";

static json_t *a, *b;

/* The two parts, parsed, and the second merged into the first. */
static void merged(void)
{
    json_error_t err;

    a = json_loads(first, 0, &err);
    ck_assert_msg(a != NULL, "first: %s", err.text);
    b = json_loads(second, 0, &err);
    ck_assert_msg(b != NULL, "second: %s", err.text);
    ck_assert_int_eq(run_merge_profile(a, b), 0);
}

static void done(void)
{
    json_decref(a);
    json_decref(b);
}

/* Member PATH of ROOT, each step an object key or an array index. */
static json_t *at(json_t *root, const char *const *path)
{
    for (; *path != NULL && root != NULL; path++)
        root = json_is_array(root) ? json_array_get(root, (size_t)(**path - '0'))
                                   : json_object_get(root, *path);
    ck_assert_msg(root != NULL, "no member %s", path[-1]);
    return root;
}

#define AT(...) at(a, (const char *const[]){__VA_ARGS__, NULL})
#define INT(...) json_integer_value(AT(__VA_ARGS__))
#define NUM(...) json_number_value(AT(__VA_ARGS__))

START_TEST(sums_add_up)
{
    ck_assert_int_eq(INT("profile", "calls"), 400);
    ck_assert_int_eq(INT("profile", "ticks"), 4000000);
    ck_assert_double_eq(NUM("profile", "baseline_ticks"), 3600000);
    ck_assert_int_eq(INT("profile", "preempted", "operations"), 3);
    ck_assert_double_eq(NUM("profile", "preempted", "ticks"), 75);
    ck_assert_int_eq(INT("profile", "snapshot", "total_calls"), 1600);
    ck_assert_int_eq(INT("profile", "snapshot", "helpers", "sm3hash", "calls"), 1600);
    ck_assert_int_eq(INT("profile", "snapshot", "helpers", "sm3hash", "outlier_ticks"), 9000);
    ck_assert_int_eq(INT("profile", "processes"), 2);
}
END_TEST

START_TEST(costs_are_weighed_by_operations)
{
    /* (100 x 1000 + 300 x 2000) / 400; sqrt((100 x 10)^2 + (300 x 20)^2) / 400 */
    ck_assert_double_eq(NUM("profile", "compensation", "added_ticks"), 1750);
    ck_assert_double_eq_tol(NUM("profile", "compensation", "added_ticks_stderr"),
                            6082.762530298219 / 400, 1e-9);
    ck_assert_double_eq(NUM("profile", "overhead", "inner_ticks"), 43);
    ck_assert(json_is_true(AT("profile", "compensation", "paired")));
    /* the first part's sampling stands for the pass: auto chose its K */
    ck_assert(json_is_true(AT("profile", "sampling", "auto")));
    ck_assert_double_eq(NUM("profile", "sampling", "estimate"), 7.5);
}
END_TEST

START_TEST(shapes_match_by_key)
{
    json_t *shapes = AT("profile", "snapshot", "shapes");

    ck_assert_int_eq(json_array_size(shapes), 3);
    ck_assert_int_eq(INT("profile", "snapshot", "shapes", "0", "calls"), 1200);
    ck_assert_int_eq(INT("profile", "snapshot", "shapes", "0", "ticks"), 1110000);
    ck_assert_int_eq(INT("profile", "snapshot", "shapes", "0", "in_bits"), 256);
    ck_assert_int_eq(INT("profile", "snapshot", "shapes", "0", "min_ticks"), 850);
    ck_assert_double_eq(NUM("profile", "snapshot", "shapes", "0", "ticks_sq"), 1.029e9);
    ck_assert_int_eq(INT("profile", "snapshot", "shapes", "0", "per_op", "min"), 3);
    ck_assert_double_eq(NUM("profile", "snapshot", "shapes", "0", "per_op", "stddev"), 0);
}
END_TEST

START_TEST(a_shape_one_part_lacks_had_no_calls_there)
{
    /* 512 bits: once in each of the first's 100 operations, never in the
     * second's 300: mean 0.25, variance (100 x 0.75^2 + 300 x 0.25^2) / 399 */
    ck_assert_int_eq(INT("profile", "snapshot", "shapes", "1", "in_bits"), 512);
    ck_assert_int_eq(INT("profile", "snapshot", "shapes", "1", "calls"), 100);
    ck_assert_int_eq(INT("profile", "snapshot", "shapes", "1", "per_op", "min"), 0);
    ck_assert_int_eq(INT("profile", "snapshot", "shapes", "1", "per_op", "max"), 1);
    ck_assert_double_eq_tol(NUM("profile", "snapshot", "shapes", "1", "per_op", "stddev"),
                            sqrt(75.0 / 399), 1e-12);
    /* 1024 bits: the second's alone, joined at the end, alike */
    ck_assert_int_eq(INT("profile", "snapshot", "shapes", "2", "in_bits"), 1024);
    ck_assert_int_eq(INT("profile", "snapshot", "shapes", "2", "calls"), 300);
    ck_assert_int_eq(INT("profile", "snapshot", "shapes", "2", "min_ticks"), 2000);
    ck_assert_int_eq(INT("profile", "snapshot", "shapes", "2", "per_op", "min"), 0);
    ck_assert_double_eq_tol(NUM("profile", "snapshot", "shapes", "2", "per_op", "stddev"),
                            sqrt(75.0 / 399), 1e-12);
}
END_TEST

START_TEST(trials_keep_their_process)
{
    ck_assert_int_eq(json_array_size(AT("profile", "trials")), 3);
    ck_assert_int_eq(INT("profile", "trials", "0", "process"), 0);
    ck_assert_int_eq(INT("profile", "trials", "2", "process"), 1);
}
END_TEST

START_TEST(sites_match_by_place_not_address)
{
    ck_assert_int_eq(json_array_size(AT("sites", "sites")), 2);
    ck_assert_int_eq(INT("sites", "sites", "0", "calls"), 1200);
    ck_assert_int_eq(INT("sites", "sites", "0", "ticks"), 1110000);
    ck_assert_str_eq(json_string_value(AT("sites", "sites", "0", "frames", "0", "address")),
                     "0x1040");
    ck_assert_int_eq(INT("sites", "sites", "1", "calls"), 100);
    /* the second's site at offset 256 finds the table of 2 full */
    ck_assert_int_eq(INT("sites", "overflow", "sm3hash", "calls"), 300);
    ck_assert_int_eq(INT("sites", "overflow", "sm3hash", "ticks"), 600000);
}
END_TEST

START_TEST(drng_contexts_match_by_place)
{
    ck_assert_int_eq(json_array_size(AT("drng", "contexts")), 1);
    ck_assert_int_eq(INT("drng", "contexts", "0", "calls"), 12);
    ck_assert_int_eq(INT("drng", "contexts", "0", "offset"), 4096);
    ck_assert_int_eq(INT("drng", "other_calls"), 1);
}
END_TEST

START_TEST(events_and_facts_add_up)
{
    ck_assert_int_eq(INT("events", "sign_failures_retried"), 3);
    ck_assert_int_eq(INT("events", "passes", "setup", "operations"), 7);
    ck_assert_int_eq(INT("events", "passes", "timing", "operations"), 50);
    ck_assert_int_eq(INT("events", "passes", "profile", "operations"), 800);
    ck_assert_int_eq(INT("passes", "profile", "calls"), 400);
    ck_assert_int_eq(INT("passes", "profile", "warmup_calls"), 6);
    ck_assert_double_eq_tol(NUM("passes", "profile", "seconds"), 0.3, 1e-12);
    /* 0.03 and 0.04 together: 0.03 x 0.04 / sqrt(0.03^2 + 0.04^2) */
    ck_assert_double_eq_tol(NUM("passes", "profile", "precision"), 0.024, 1e-12);
    ck_assert_str_eq(json_string_value(AT("passes", "profile", "stop")), "max-seconds");
    ck_assert_int_eq(INT("involuntary_switches", "profile"), 5);
    ck_assert_int_eq(INT("involuntary_switches", "timing"), 5);
    ck_assert_int_eq(INT("sig_observed_min"), 8);
    ck_assert_int_eq(INT("sig_observed_max"), 30);
}
END_TEST

START_TEST(a_third_part_counts_three)
{
    json_t *c = json_loads(second, 0, NULL);

    ck_assert_int_eq(run_merge_profile(a, c), 0);
    ck_assert_int_eq(INT("profile", "processes"), 3);
    ck_assert_int_eq(INT("profile", "calls"), 700);
    json_decref(c);
}
END_TEST

START_TEST(a_result_without_a_profile_is_refused)
{
    json_t *timing = json_pack("{s:n}", "profile");

    ck_assert_int_eq(run_merge_profile(a, timing), -1);
    ck_assert_int_eq(run_merge_profile(timing, a), -1);
    ck_assert_int_eq(INT("profile", "calls"), 400);
    json_decref(timing);
}
END_TEST

Suite *make_run_merge_suite(void)
{
    Suite *s = suite_create("run_merge");
    TCase *tc = tcase_create("merge");

    tcase_add_checked_fixture(tc, merged, done);
    tcase_add_test(tc, sums_add_up);
    tcase_add_test(tc, costs_are_weighed_by_operations);
    tcase_add_test(tc, shapes_match_by_key);
    tcase_add_test(tc, a_shape_one_part_lacks_had_no_calls_there);
    tcase_add_test(tc, trials_keep_their_process);
    tcase_add_test(tc, sites_match_by_place_not_address);
    tcase_add_test(tc, drng_contexts_match_by_place);
    tcase_add_test(tc, events_and_facts_add_up);
    tcase_add_test(tc, a_third_part_counts_three);
    tcase_add_test(tc, a_result_without_a_profile_is_refused);
    suite_add_tcase(s, tc);
    return s;
}
