/* check_merge.c - the profile pass made in several processes: two
 * processes' results merged (src/run/run-merge.c) into the counts, the
 * shapes and the played-back part one process would have given, and
 * the record's shares and uncertainty made of them
 * (src/record/record-processes.c). */
#include "config.h"

#include <check.h>
#include <math.h>

#include "measure/rules.h"
#include "record/record-processes.h"
#include "record/record-profile.h"
#include "run/run-merge.h"
#include "suites.h"

/* A helper's totals: CALLS calls over OPS operations, every one timed,
 * TICKS in all, each operation making the same number. */
static json_t *total(long long calls, long long ops, double ticks)
{
    long long each = ops > 0 ? calls / ops : 0;

    return json_pack("{s:I, s:I, s:f, s:i, s:i, s:i, s:i, s:{s:I, s:I, s:f}}", "calls", calls,
                     "timed_calls", calls, "ticks", ticks, "outlier_calls", 0, "outlier_ticks", 0,
                     "nested", 0, "warm_calls", 0, "per_op", "min", each, "max", each, "stddev",
                     0.0);
}

/* A row of the shape table: HELPER's calls of 288 bits in, 256 out, EACH
 * an operation over OPS operations, of TICKS each. */
static json_t *shape(const char *helper, long long each, long long ops, double ticks)
{
    long long calls = each * ops;

    return json_pack("{s:s, s:s, s:i, s:i, s:I, s:I, s:f, s:f, s:i, s:i, s:f, s:{s:I, s:I, s:f}}",
                     "helper", helper, "kind", "exact", "in_bits", 288, "out_bits", 256, "calls",
                     calls, "timed_calls", calls, "ticks", ticks * (double)calls, "ticks_sq",
                     ticks * ticks * (double)calls, "outlier_calls", 0, "outlier_ticks", 0,
                     "min_ticks", ticks, "per_op", "min", each, "max", each, "stddev", 0.0);
}

/* The played-back part of a process on core CPU: its PAIRS, their twins'
 * OFF ticks, the REMOVED ticks with standard error SE, the trials'
 * half-width THW and the cost of serving the tape PLAYED. */
static json_t *replay(int cpu, long long pairs, double off, double removed, double se, double thw,
                      double played)
{
    return json_pack("{s:I, s:f, s:f, s:f, s:f, s:f, s:[{s:i, s:I, s:f, s:f, s:f}], s:n}", "pairs",
                     pairs, "off_ticks", off, "removed_ticks", removed, "removed_ticks_stderr", se,
                     "trials_half_width", thw, "played_ticks", played, "cores", "cpu", cpu, "pairs",
                     pairs, "off_ticks", off, "removed_ticks", removed, "removed_ticks_stderr", se,
                     "fault");
}

/* The raw profile of a process of OPS operations of 1000 ticks each
 * making 10 sm3hash calls of 10 ticks (and, with PSEUDO, one pseudohash
 * call of 50), the instrumentation adding ADDED ticks (standard error
 * ADDED_SE) to each, and its played-back part REPLAY (taken over). */
static json_t *raw_profile(long long ops, int pseudo, double added, double added_se, json_t *replay)
{
    json_t *shapes = json_pack("[o]", shape("sm3hash", 10, ops, 10));

    if (pseudo)
        json_array_append_new(shapes, shape("pseudohash", 1, ops, 50));
    return json_pack(
        "{s:I, s:I, s:f, s:{s:i, s:f}, s:{s:b, s:f, s:f}, s:{s:f, s:f, s:f, s:f}, s:{s:i, s:b, "
        "s:n, s:i, s:{s:i, s:i}}, s:{s:{s:o, s:o, s:o, s:o}, s:o, s:I, s:{s:i, s:i}}, "
        "s:[{s:I, s:f, s:f, s:f, s:f, s:f, s:f}], s:o}",
        "calls", ops, "ticks", 1000 * ops, "baseline_ticks", (1000 - added) * (double)ops,
        "preempted", "operations", 0, "ticks", 0.0, "compensation", "paired", 1, "added_ticks",
        added, "added_ticks_stderr", added_se, "overhead", "inner_ticks", 0.0, "outer_ticks", 0.0,
        "untimed_outer_ticks", 0.0, "callers_outer_ticks", 0.0, "sampling", "k", 1, "auto", 0,
        "estimate", "first_n", 64, "outliers", "multiple", 4, "margin_ticks", 0, "snapshot",
        "helpers", "pseudohash", total(pseudo ? ops : 0, ops, pseudo ? 50.0 * (double)ops : 0),
        "pseudoXOF", total(0, ops, 0), "sm3hash", total(10 * ops, ops, 100.0 * (double)ops),
        "get_random_number", total(0, ops, 0), "shapes", shapes, "total_calls",
        (pseudo ? 11 : 10) * ops, "table", "shapes", 64, "classes", 8, "trials", "pairs", ops,
        "ticks", 1000.0 * (double)ops, "added_ticks", added, "hash_ticks", 100.0 * (double)ops,
        "hash_calls", 10.0 * (double)ops, "drng_ticks", 0.0, "drng_calls", 0.0, "replay", replay);
}

/* A profile process's result around its raw profile PROFILE (taken
 * over), of OPS operations, the scheduler taking the CPU from it SWITCHES
 * times, its memory's peak 100 KiB a switch above its baseline. */
static json_t *result(json_t *profile, long long ops, int switches)
{
    return json_pack(
        "{s:o, s:n, s:{s:[], s:[], s:i, s:i}, s:{s:i, s:i, s:i, s:{s:{s:I}, s:n, s:{s:I}}}, "
        "s:{s:i, s:i}, s:{s:n, s:{s:i, s:f, s:f, s:s, s:I, s:I, s:s, s:f}}, s:{s:i, s:i}}",
        "profile", profile, "sites", "drng", "seeded", "contexts", "other_calls", 2, "table", 16,
        "events", "sign_failures_retried", 0, "verify_rejections", 0, "decaps_mismatches", 0,
        "passes", "setup", "operations", 3LL, "timing", "profile", "operations", ops,
        "involuntary_switches", "timing", 0, "profile", switches, "passes", "timing", "profile",
        "warmup_calls", 3, "calibration_seconds", 0.001, "seconds", 0.5, "rule", "target-seconds",
        "minimum_calls", ops, "calls", ops, "stop", "minimum", "precision", 0.01, "memory",
        "baseline_rss_kib", 1000, "peak_rss_kib", 1000 + 100 * switches);
}

/* A number member of OBJ. */
static double num(json_t *obj, const char *key)
{
    return json_number_value(json_object_get(obj, key));
}

/* Two processes: A of 4 operations on core 0, B of 6 on core 1 with a
 * pseudohash call a operation that A did not make. */
static void two(json_t *r[2])
{
    r[0] = result(raw_profile(4, 0, 100, 10, replay(0, 4, 1000, 400, 10, 0.01, 5)), 4, 1);
    r[1] = result(raw_profile(6, 1, 200, 20, replay(1, 6, 1100, 500, 20, 0.02, 15)), 6, 2);
}

START_TEST(counts_and_shapes_add)
{
    json_t *r[2], *p, *sm3, *pseudo, *d;

    two(r);
    run_merge_profiles(r, 2);
    p = json_object_get(r[0], "profile");
    ck_assert_int_eq(json_integer_value(json_object_get(p, "calls")), 10);
    ck_assert_int_eq(json_integer_value(json_object_get(p, "ticks")), 10000);
    ck_assert_double_eq_tol(num(p, "baseline_ticks"), 900.0 * 4 + 800.0 * 6, 1e-9);
    sm3 = json_array_get(json_object_get(json_object_get(p, "snapshot"), "shapes"), 0);
    ck_assert_int_eq(json_integer_value(json_object_get(sm3, "calls")), 100);
    ck_assert_double_eq_tol(num(sm3, "ticks"), 1000, 1e-9);
    ck_assert_double_eq_tol(num(sm3, "ticks_sq"), 10000, 1e-9);
    ck_assert_double_eq_tol(num(json_object_get(sm3, "per_op"), "stddev"), 0, 1e-12);
    /* B's pseudohash shape: 1 call in each of its 6 operations, none in
     * A's 4: 0 to 1 a operation, the sample deviation of six 1s and four 0s */
    pseudo = json_array_get(json_object_get(json_object_get(p, "snapshot"), "shapes"), 1);
    ck_assert_str_eq(json_string_value(json_object_get(pseudo, "helper")), "pseudohash");
    ck_assert_int_eq(json_integer_value(json_object_get(pseudo, "calls")), 6);
    d = json_object_get(pseudo, "per_op");
    ck_assert_int_eq(json_integer_value(json_object_get(d, "min")), 0);
    ck_assert_int_eq(json_integer_value(json_object_get(d, "max")), 1);
    ck_assert_double_eq_tol(num(d, "stddev"), sqrt((6 * 0.16 + 4 * 0.36) / 9), 1e-9);
    d = json_object_get(json_object_get(json_object_get(p, "snapshot"), "helpers"), "sm3hash");
    ck_assert_int_eq(json_integer_value(json_object_get(d, "calls")), 100);
    ck_assert_int_eq(
        json_integer_value(json_object_get(json_object_get(p, "snapshot"), "total_calls")), 106);
    ck_assert_int_eq(json_array_size(json_object_get(p, "trials")), 2);
    ck_assert_int_eq(json_array_size(json_object_get(p, "processes")), 2);
    /* what the instrumentation added, over the operations it stands for */
    d = json_object_get(p, "compensation");
    ck_assert_double_eq_tol(num(d, "added_ticks"), (4 * 100.0 + 6 * 200.0) / 10, 1e-9);
    ck_assert_double_eq_tol(num(d, "added_ticks_stderr"), hypot(4 * 10.0, 6 * 20.0) / 10, 1e-9);
    ck_assert_int_eq(
        json_integer_value(json_object_get(json_object_get(r[0], "drng"), "other_calls")), 4);
    ck_assert_int_eq(json_integer_value(
                         json_object_get(json_object_get(r[0], "involuntary_switches"), "profile")),
                     3);
    /* the first process's memory, with the highest peak */
    d = json_object_get(r[0], "memory");
    ck_assert_int_eq(json_integer_value(json_object_get(d, "baseline_rss_kib")), 1000);
    ck_assert_int_eq(json_integer_value(json_object_get(d, "peak_rss_kib")), 1200);
    d = json_object_get(json_object_get(r[0], "passes"), "profile");
    ck_assert_int_eq(json_integer_value(json_object_get(d, "calls")), 10);
    ck_assert_double_eq_tol(num(d, "seconds"), 1.0, 1e-12);
    json_decref(r[0]);
    json_decref(r[1]);
}
END_TEST

START_TEST(replay_parts_averaged)
{
    json_t *r[2], *x, *cores;

    two(r);
    run_merge_profiles(r, 2);
    x = json_object_get(json_object_get(r[0], "profile"), "replay");
    ck_assert_int_eq(json_integer_value(json_object_get(x, "pairs")), 10);
    ck_assert_double_eq_tol(num(x, "off_ticks"), 1050, 1e-9);
    ck_assert_double_eq_tol(num(x, "removed_ticks"), 450, 1e-9);
    ck_assert_double_eq_tol(num(x, "played_ticks"), 10, 1e-9);
    ck_assert_double_eq_tol(num(x, "removed_ticks_stderr"), hypot(10, 20) / 2, 1e-9);
    ck_assert_double_eq_tol(num(x, "trials_half_width"), hypot(0.01, 0.02) / 2, 1e-12);
    cores = json_object_get(x, "cores");
    ck_assert_int_eq(json_array_size(cores), 2);
    ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(cores, 1), "cpu")), 1);
    ck_assert_double_eq_tol(num(json_array_get(cores, 1), "removed_ticks"), 500, 1e-9);
    json_decref(r[0]);
    json_decref(r[1]);
}
END_TEST

START_TEST(record_share_is_the_processes_mean)
{
    json_t *r[2], *raw, *profile, *x, *list;
    double a = 0.4, b = 500.0 / 1100, se_a = 0.01, se_b = 20.0 / 1100;
    double spread = fabs(a - b) / 2; /* the standard deviation of two, over root 2 */
    double half = method_t95(1) * spread, cost = (5.0 / 1000 + 15.0 / 1100) / 2;

    two(r);
    run_merge_profiles(r, 2);
    raw = json_object_get(r[0], "profile");
    profile = record_profile(raw);
    record_processes(profile, json_object_get(raw, "processes"));
    list = json_object_get(profile, "processes");
    ck_assert_int_eq(json_array_size(list), 2);
    ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(list, 1), "operations")), 6);
    ck_assert_double_eq_tol(num(json_array_get(list, 0), "share"), a, 1e-12);
    ck_assert_double_eq_tol(num(json_array_get(list, 1), "share"), b, 1e-12);
    ck_assert_double_eq_tol(num(json_array_get(list, 1), "share_stderr"), se_b, 1e-12);
    x = json_object_get(profile, "replay");
    ck_assert_double_eq_tol(num(x, "share"), (a + b) / 2, 1e-12);
    /* the processes stand further apart than their own errors say */
    ck_assert(spread > hypot(se_a, se_b) / 2);
    ck_assert_double_eq_tol(num(x, "share_stderr"), spread, 1e-12);
    ck_assert_double_eq_tol(num(x, "share_uncertainty"), hypot(half, cost), 1e-12);
    /* the timed share of the merged tables: 100 ticks of each operation's
     * 1000 (10 x 10 ticks), over the baseline the mean added leaves */
    ck_assert_double_eq_tol(num(profile, "hash_share"), (1000.0 + 300) / (3600 + 4800), 1e-9);
    json_decref(profile);
    json_decref(r[0]);
    json_decref(r[1]);
}
END_TEST

START_TEST(a_process_that_played_nothing_back_is_left_out)
{
    json_t *r[3], *raw, *profile, *x, *list;

    two(r);
    r[2] = result(
        raw_profile(4, 0, 100, 10,
                    json_pack("{s:i, s:s}", "pairs", 4, "fault", "too few pairs were measured")),
        4, 0);
    run_merge_profiles(r, 3);
    raw = json_object_get(r[0], "profile");
    x = json_object_get(raw, "replay");
    ck_assert_int_eq(json_integer_value(json_object_get(x, "pairs")), 10);
    ck_assert(json_is_null(json_object_get(x, "fault")));
    profile = record_profile(raw);
    record_processes(profile, json_object_get(raw, "processes"));
    list = json_object_get(profile, "processes");
    ck_assert_int_eq(json_array_size(list), 3);
    ck_assert(json_is_null(json_object_get(json_array_get(list, 2), "share")));
    ck_assert(json_is_null(json_object_get(json_array_get(list, 2), "share_stderr")));
    ck_assert_double_eq_tol(num(json_object_get(profile, "replay"), "share"),
                            (0.4 + 500.0 / 1100) / 2, 1e-12);
    /* its operations still count in the merged tables */
    ck_assert_int_eq(json_integer_value(json_object_get(profile, "calls")), 14);
    json_decref(profile);
    for (int i = 0; i < 3; i++)
        json_decref(r[i]);
}
END_TEST

START_TEST(none_played_back_keeps_the_first_fault)
{
    json_t *r[2], *raw, *profile, *list;

    for (int i = 0; i < 2; i++)
        r[i] = result(
            raw_profile(4, 0, 100, 10, json_pack("{s:s}", "fault", "it wraps no hash helper")), 4,
            0);
    run_merge_profiles(r, 2);
    raw = json_object_get(r[0], "profile");
    ck_assert_str_eq(json_string_value(json_object_get(json_object_get(raw, "replay"), "fault")),
                     "it wraps no hash helper");
    profile = record_profile(raw);
    record_processes(profile, json_object_get(raw, "processes"));
    ck_assert(json_is_null(json_object_get(json_object_get(profile, "replay"), "share")));
    /* each process's share is then its timed one: 10 x 10 ticks of 900 */
    list = json_object_get(profile, "processes");
    ck_assert_double_eq_tol(num(json_array_get(list, 1), "share"), 100.0 / 900, 1e-9);
    json_decref(profile);
    json_decref(r[0]);
    json_decref(r[1]);
}
END_TEST

START_TEST(agreeing_processes_keep_their_errors)
{
    const double x[] = {0.3, 0.3, 0.3}, se[] = {0.01, 0.01, 0.01}, half[] = {0.02, 0.02, 0.02};
    struct record_mean m = record_processes_mean(x, se, half, 3);

    ck_assert_double_eq_tol(m.mean, 0.3, 1e-15);
    ck_assert_double_eq_tol(m.se, sqrt(3 * 0.0001) / 3, 1e-15);
    ck_assert_double_eq_tol(m.half, sqrt(3 * 0.0004) / 3, 1e-15);
    m = record_processes_mean(x, se, half, 1);
    ck_assert_double_eq_tol(m.se, 0.01, 1e-15);
    ck_assert_double_eq_tol(m.half, 0.02, 1e-15);
}
END_TEST

START_TEST(one_process_adds_nothing)
{
    json_t *r[1], *profile, *raw;

    r[0] = result(raw_profile(4, 0, 100, 10, replay(0, 4, 1000, 400, 10, 0.01, 5)), 4, 1);
    run_merge_profiles(r, 1);
    raw = json_object_get(r[0], "profile");
    ck_assert_ptr_null(json_object_get(raw, "processes"));
    profile = record_profile(raw);
    record_processes(profile, json_object_get(raw, "processes"));
    ck_assert_ptr_null(json_object_get(profile, "processes"));
    ck_assert_double_eq_tol(num(json_object_get(profile, "replay"), "share"), 0.4, 1e-12);
    json_decref(profile);
    json_decref(r[0]);
}
END_TEST

Suite *make_merge_suite(void)
{
    Suite *s = suite_create("merge");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, counts_and_shapes_add);
    tcase_add_test(tc, replay_parts_averaged);
    tcase_add_test(tc, record_share_is_the_processes_mean);
    tcase_add_test(tc, a_process_that_played_nothing_back_is_left_out);
    tcase_add_test(tc, none_played_back_keeps_the_first_fault);
    tcase_add_test(tc, agreeing_processes_keep_their_errors);
    tcase_add_test(tc, one_process_adds_nothing);
    suite_add_tcase(s, tc);
    return s;
}
