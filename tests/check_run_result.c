/* check_run_result.c - the strict check of what the measuring process
 * sends back: a well-formed result passes, and each way a scheme writing
 * on the channel can get it wrong is named by the member's path. */
#include "config.h"

#include <check.h>
#include <jansson.h>
#include <stdlib.h>

#include "measure/protocol.h"
#include "run/run-result.h"
#include "suites.h"

/* One pass's events, all 0. */
#define PASS                                                                                       \
    "{\"operations\": 0, \"signatures\": 0, \"sign_failures_retried\": 0, "                        \
    "\"verifications\": 0, \"verify_rejections\": 0, \"decapsulations\": 0, "                      \
    "\"decaps_mismatches\": 0}"

/* A result of one operation with every member, as iccsprof-measure
 * sends it for a signature scheme's plain pass alone. */
static json_t *good_result(void)
{
    static const char text[] =
        "{\"stack_limit_bytes\": 8388608, \"tick_source\": \"rdtsc\", \"tick_hz\": 3e9,"
        " \"cycles_source\": \"ticks\","
        " \"timing\": {\"calibration_seconds\": 0.001, \"calls_per_trial\": 10,"
        "   \"trials\": [{\"calls\": 10, \"seconds\": 0.01, \"cycles\": 3e7, \"cpu\": 0}],\n"
        "   \"cpu_share\": 1.0},"
        " \"memory\": {\"baseline_rss_kib\": 1000, \"peak_rss_kib\": null},"
        " \"profile\": null, \"sites\": null, \"drng\": null,"
        " \"events\": {\"sign_failures_retried\": 0, \"verify_rejections\": 0,"
        "   \"decaps_mismatches\": 0, \"passes\": {"
        "     \"setup\": " PASS ", \"timing\": " PASS ", \"profile\": " PASS "}},"
        " \"involuntary_switches\": {\"timing\": 0, \"profile\": 0},"
        " \"kex_messages\": null, \"sig_observed_min\": 48, \"sig_observed_max\": 48,"
        " \"passes\": {\"timing\": {\"warmup_calls\": 3, \"calibration_seconds\": 0.001,"
        "   \"seconds\": 0.02, \"rule\": \"target-seconds\", \"minimum_calls\": 10,"
        "   \"calls\": 10, \"stop\": \"minimum\", \"precision\": null}, \"profile\": null}}";
    json_error_t e;
    json_t *r = json_loads(text, 0, &e);

    ck_assert_msg(r != NULL, "%s", e.text);
    return r;
}

/* A number macro's value as a string. */
#define CHECK_STR(x) CHECK_STR_(x)
#define CHECK_STR_(x) #x

/* The check's message for RESULT (consumed), or "ok". */
static void assert_check(json_t *result, enum result_kind kind, const char *want)
{
    char why[512] = "ok";

    if (result_check(result, kind, why, sizeof why) == 0)
        ck_assert_str_eq("ok", want);
    else
        ck_assert_str_eq(why, want);
    json_decref(result);
}

START_TEST(well_formed_results_pass)
{
    assert_check(good_result(), 0, "ok");
    assert_check(json_pack("{s:s, s:{s:i, s:i, s:i, s:i}}", "type", "sig", "sizes", "pk", 32, "sk",
                           96, "out", 96, "ss", 0),
                 1, "ok");
}
END_TEST

START_TEST(each_fault_named)
{
    json_t *r, *trials;

    assert_check(json_object(), 1, "field type is missing");
    assert_check(json_string("result"), 0, "the result is not an object");

    r = good_result();
    json_object_del(json_object_get(r, "timing"), "calls_per_trial");
    assert_check(r, 0, "field timing.calls_per_trial is missing");

    r = good_result();
    json_object_set_new(r, "tick_source", json_string("sundial"));
    assert_check(r, 0, "field tick_source: unknown value");

    r = good_result();
    json_object_set_new(json_array_get(json_object_get(json_object_get(r, "timing"), "trials"), 0),
                        "calls", json_integer(0));
    assert_check(r, 0, "field timing.trials[0].calls is out of range: 0");

    r = good_result();
    json_array_clear(json_object_get(json_object_get(r, "timing"), "trials"));
    assert_check(r, 0, "field timing.trials has fewer than 1 elements");

    /* four cores and the trials held to none are strata enough; a fifth core is not */
    r = good_result();
    trials = json_object_get(json_object_get(r, "timing"), "trials");
    for (int cpu = 1; cpu <= 4; cpu++) {
        json_t *t = json_copy(json_array_get(trials, 0));

        json_object_set_new(t, "cpu", cpu < 4 ? json_integer(cpu) : json_null());
        json_array_append_new(trials, t);
    }
    assert_check(json_incref(r), 0, "ok");
    json_array_append_new(trials, json_copy(json_array_get(trials, 0)));
    json_object_set_new(json_array_get(trials, 5), "cpu", json_integer(7));
    assert_check(r, 0, "field timing.trials names more than 4 cores");

    r = good_result();
    json_object_set_new(r, "events", json_string("none"));
    assert_check(r, 0, "field events is not an object");

    r = good_result();
    json_object_set_new(r, "tick_hz", json_null());
    assert_check(r, 0, "field tick_hz is null");

    r = good_result();
    json_object_set_new(r, "kex_messages", json_pack("[i, s]", 32, "x"));
    assert_check(r, 0, "field kex_messages[1] is not an integer from 0 to 1073741824");

    r = good_result();
    json_object_set_new(r, "payload", json_true());
    assert_check(r, 0, "field payload is not part of protocol " CHECK_STR(PROTOCOL_VERSION));

    r = good_result();
    json_object_set_new(json_object_get(json_object_get(r, "passes"), "timing"), "stop",
                        json_string("bored"));
    assert_check(r, 0, "field passes.timing.stop: unknown value");
}
END_TEST

/* The check's message for the plan PLAN (consumed), or "ok". */
static void assert_plan(json_t *plan, const char *want)
{
    char why[512] = "ok";

    if (result_check_plan(plan, why, sizeof why) == 0)
        ck_assert_str_eq("ok", want);
    else
        ck_assert_str_eq(why, want);
    json_decref(plan);
}

/* A plan as a pass announces it once calibrated. */
static json_t *good_plan(void)
{
    return json_pack("{s:s, s:f, s:i, s:f, s:s, s:n}", "pass", "timing", "call_seconds", 0.72,
                     "calls", 25, "seconds", 18.0, "rule", "min-calls", "precision");
}

/* A costs request's result: its rate, and each cost's indices and ticks. */
START_TEST(costs_checked)
{
    assert_check(json_pack("{s:s, s:f, s:[{s:i, s:i, s:f}]}", "tick_source", "rdtsc", "tick_hz",
                           2.1e9, "costs", "candidate", 0, "shape", 3, "ticks", 512.5),
                 RESULT_COSTS, "ok");
    assert_check(json_pack("{s:s, s:f, s:[]}", "tick_source", "rdtsc", "tick_hz", 2.1e9, "costs"),
                 RESULT_COSTS, "field costs has fewer than 1 elements");
    assert_check(json_pack("{s:s, s:f, s:[{s:i, s:i, s:f}]}", "tick_source", "rdtsc", "tick_hz",
                           2.1e9, "costs", "candidate", 64, "shape", 0, "ticks", 1.0),
                 RESULT_COSTS, "field costs[0].candidate is out of range: 64");
    assert_check(json_pack("{s:s, s:f, s:[{s:i, s:i}]}", "tick_source", "rdtsc", "tick_hz", 2.1e9,
                           "costs", "candidate", 0, "shape", 0),
                 RESULT_COSTS, "field costs[0].ticks is missing");
}
END_TEST

START_TEST(plans_checked)
{
    json_t *p;

    assert_plan(good_plan(), "ok");
    p = good_plan();
    json_object_set_new(p, "precision", json_real(0.023));
    assert_plan(p, "ok");
    assert_plan(json_integer(3), "the plan is not an object");
    p = good_plan();
    json_object_set_new(p, "pass", json_string("warm-up"));
    assert_plan(p, "field pass: unknown value");
    p = good_plan();
    json_object_set_new(p, "calls", json_integer(0));
    assert_plan(p, "field calls is out of range: 0");
    p = good_plan();
    json_object_del(p, "seconds");
    assert_plan(p, "field seconds is missing");
}
END_TEST

/* A what-if run's substitution section as the measuring process sends it. */
static json_t *good_substitution(void)
{
    json_t *counts = json_object();
    const char *helpers[] = {"pseudohash", "pseudoXOF", "sm3hash", "get_random_number"};

    for (int h = 0; h < 4; h++)
        json_object_set_new(
            counts, helpers[h],
            json_pack("{s:f, s:f, s:b}", "placeholder", 2.0, "substituted", 2.0, "differs", 0));
    return json_pack("{s:s, s:[{s:s, s:s, s:n, s:s, s:i, s:i}], s:{s:b, s:i, s:i, s:s, s:b}, s:o}",
                     "as", "pseudoXOF=shake128", "candidates", "helper", "pseudoXOF", "candidate",
                     "shake128", "digest_bits", "method", "the candidate's own XOF",
                     "counter_mode_calls", 0, "truncated_calls", 0, "works", "passed", 1, "rounds",
                     3, "failures", 0, "check", "signatures verify", "same_outputs_as_placeholder",
                     0, "calls_per_op", counts);
}

/* The substitution section: optional, null, or checked member by member. */
START_TEST(substitution_checked)
{
    json_t *r, *sub;

    r = good_result();
    json_object_set_new(r, "substitution", json_null());
    assert_check(r, 0, "ok");

    r = good_result();
    json_object_set_new(r, "substitution", good_substitution());
    assert_check(r, 0, "ok");

    r = good_result();
    json_object_set_new(r, "substitution", sub = good_substitution());
    json_object_del(json_object_get(sub, "works"), "passed");
    assert_check(r, 0, "field substitution.works.passed is missing");

    r = good_result();
    json_object_set_new(r, "substitution", sub = good_substitution());
    json_object_set_new(json_array_get(json_object_get(sub, "candidates"), 0), "helper",
                        json_string("get_random_number"));
    assert_check(r, 0, "field substitution.candidates[0].helper: unknown value");
}
END_TEST

Suite *make_run_result_suite(void)
{
    Suite *s = suite_create("run_result");
    TCase *tc = tcase_create("run_result");

    tcase_add_test(tc, well_formed_results_pass);
    tcase_add_test(tc, each_fault_named);
    tcase_add_test(tc, substitution_checked);
    tcase_add_test(tc, plans_checked);
    tcase_add_test(tc, costs_checked);
    suite_add_tcase(s, tc);
    return s;
}
