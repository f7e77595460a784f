/* check_record_profile.c - the record's profile section made from what the
 * measuring process sends: when the compensation is applied, and a
 * record that always satisfies the schema's bounds. */
#include "config.h"

#include <check.h>
#include <jansson.h>

#include "record-profile.h"
#include "suites.h"

/* A raw profile of 4 operations of 40 ticks in all, one sm3hash call
 * each (20 ticks), whose instrumentation added ADDED ticks per operation
 * (standard error 1). */
static json_t *raw_profile(double added)
{
    json_error_t err;
    json_t *raw = json_pack_ex(
        &err, 0,
        "{s:i, s:f, s:f, s:{s:i, s:f}, s:{s:b, s:f, s:f}, s:{s:f, s:f, s:f, s:f}, "
        "s:{s:i, s:b, s:n, s:i, s:{s:i, s:i}}, s:{s:[{s:s, s:i, s:i, s:i, s:i, s:i, s:i, s:i, "
        "s:i, s:i}], s:{s:b, s:i, s:i, s:i}, s:{}}}",
        "calls", 4, "ticks", 40.0, "baseline_ticks", 40.0 - 4 * added, "preempted", "operations", 0,
        "ticks", 0.0, "compensation", "paired", 1, "added_ticks", added, "added_ticks_stderr", 1.0,
        "overhead", "inner_ticks", 0.0, "outer_ticks", 0.0, "untimed_outer_ticks", 0.0,
        "callers_outer_ticks", 0.0, "sampling", "k", 1, "auto", 0, "estimate", "first_n", 0,
        "outliers", "multiple", 4, "margin_ticks", 1000, "snapshot", "shapes", "helper", "sm3hash",
        "in_bits", 256, "out_bits", 256, "calls", 4, "timed_calls", 4, "ticks", 20, "ticks_sq", 100,
        "outlier_calls", 0, "outlier_ticks", 0, "min_ticks", 5, "overflow", "keys", 0, "calls", 0,
        "ticks", 0, "timed_calls", 0, "nested");

    ck_assert_msg(raw != NULL, "%s", err.text);
    return raw;
}

/* Member PATH (two keys) of OBJ. */
static json_t *at(json_t *obj, const char *a, const char *b)
{
    return json_object_get(json_object_get(obj, a), b);
}

START_TEST(a_compensation_below_the_operations_is_applied)
{
    json_t *raw = raw_profile(2.5), *p = record_profile(raw);

    ck_assert(json_is_true(at(p, "compensation", "applied")));
    ck_assert(json_is_null(at(p, "compensation", "reason")));
    ck_assert_double_eq(json_number_value(json_object_get(p, "baseline_ticks")), 30.0);
    ck_assert_double_eq(json_number_value(json_object_get(p, "hash_share")), 20.0 / 30.0);
    json_decref(p);
    json_decref(raw);
}
END_TEST

/* A coarse counter can time the operations below what the instrumentation
 * added to each (the median of the pairs' differences): the baseline is
 * then not positive, the shares stay raw, and the record keeps within the
 * schema (baseline_ticks 0 or more). */
START_TEST(a_compensation_as_large_as_the_operations_is_not_applied)
{
    json_t *raw = raw_profile(12.0), *p = record_profile(raw);

    ck_assert(json_is_false(at(p, "compensation", "applied")));
    ck_assert_str_eq(json_string_value(at(p, "compensation", "reason")),
                     "larger than the operations");
    ck_assert_double_eq(json_number_value(json_object_get(p, "baseline_ticks")), 0.0);
    ck_assert_double_eq(json_number_value(json_object_get(p, "hash_share")), 0.5);
    ck_assert_double_eq(json_number_value(json_object_get(p, "hash_share_raw")), 0.5);
    json_decref(p);
    json_decref(raw);
}
END_TEST

Suite *make_record_profile_suite(void)
{
    Suite *s = suite_create("record_profile");
    TCase *tc = tcase_create("record_profile");

    tcase_add_test(tc, a_compensation_below_the_operations_is_applied);
    tcase_add_test(tc, a_compensation_as_large_as_the_operations_is_not_applied);
    suite_add_tcase(s, tc);
    return s;
}
