/* check_runopts.c - the options of `iccsprof run`: defaults of the
 * published method, numbers parsed whole, combinations checked. */
#include "config.h"

#include <check.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/run-options.h"
#include "suites.h"

/* Parse a NULL-terminated argument list (after "run"). */
static int parse(struct run_options *o, const char **args)
{
    char *argv[64] = {(char *)"run"};
    int argc = 1;

    for (; *args != NULL; args++)
        argv[argc++] = (char *)*args;
    return run_options_parse(o, argc, argv);
}

#define BASE "--plain", "a.so", "--profiled", "a.prof.so", "--op", "all", "--out-dir", "."

START_TEST(defaults_are_the_published_method)
{
    struct run_options o;
    const char *args[] = {BASE, NULL};

    ck_assert_int_eq(parse(&o, args), EXIT_OK);
    ck_assert_uint_eq(o.trials, 5);
    ck_assert_uint_eq(o.min_calls, 25);
    ck_assert_double_eq(o.precision, 0.01);
    ck_assert_int_eq(o.resume, 0);
    ck_assert_uint_eq(o.within.count, 0);
    ck_assert_uint_eq(o.message_bytes, 64);
    ck_assert_uint_eq(o.sample, 1);
    ck_assert_uint_eq(o.callers, 0);
    ck_assert_double_eq(o.target_seconds, 2.0);
    ck_assert_uint_eq(o.seed_len, 48);
    for (size_t i = 0; i < o.seed_len; i++)
        ck_assert_uint_eq(o.seed[i], i);
    ck_assert_str_eq(o.plain, "a.so");
    ck_assert_str_eq(o.ops, "all");
}
END_TEST

START_TEST(values_are_parsed)
{
    struct run_options o;
    const char *args[] = {
        BASE,        "--trials",         "7",    "--seed",          "0aFF", "--sample", "auto",
        "--callers", "--target-seconds", "0.25", "--message-bytes", "0",    NULL};

    ck_assert_int_eq(parse(&o, args), EXIT_OK);
    ck_assert_uint_eq(o.trials, 7);
    ck_assert_uint_eq(o.seed_len, 2);
    ck_assert_uint_eq(o.seed[0], 0x0a);
    ck_assert_uint_eq(o.seed[1], 0xff);
    ck_assert_uint_eq(o.sample, 0);
    ck_assert_uint_eq(o.callers, 1);
    ck_assert_double_eq(o.target_seconds, 0.25);
    ck_assert_uint_eq(o.message_bytes, 0);
}
END_TEST

START_TEST(callers_takes_a_depth)
{
    struct run_options o;
    const char *args[] = {BASE, "--callers=4", "--sample", "16", NULL};

    ck_assert_int_eq(parse(&o, args), EXIT_OK);
    ck_assert_uint_eq(o.callers, 4);
    ck_assert_uint_eq(o.sample, 16);
}
END_TEST

START_TEST(bad_values_are_usage_errors)
{
    static const char *const bad[][2] = {
        {"--trials", "0"},         {"--trials", "-1"},        {"--trials", "5x"},
        {"--trials", ""},          {"--min-calls", "+3"},     {"--target-seconds", "0"},
        {"--max-seconds", "nan"},  {"--timeout", "inf"},      {"--seed", "abc"},
        {"--seed", "zz"},          {"--sample", "0"},         {"--sample", "often"},
        {"--message-bytes", "-1"}, {"--callers=0", NULL},     {"--callers=9", NULL},
        {"--precision", "often"},  {"--precision", "51%"},    {"--precision", "-1"},
        {"--precision", "1%%"},    {"--within", "3/2:0:0:0"}, {"--within", "1/2"},
        {"--within", "0/2:5:1:2"},
    };

    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct run_options o;
        const char *args[] = {BASE, bad[i][0], bad[i][1], NULL};

        ck_assert_msg(parse(&o, args) == EXIT_USAGE, "%s %s accepted", bad[i][0],
                      bad[i][1] ? bad[i][1] : "");
    }
}
END_TEST

START_TEST(combinations_are_checked)
{
    struct run_options o;
    const char *both_off[] = {"--no-plain", "--no-profile", "--op", "all", "--out-dir", ".", NULL};
    const char *no_output[] = {"--plain", "a.so", "--profiled", "b.so", "--op", "all", NULL};
    const char *two_outputs[] = {BASE, "--out", "x.json", NULL};
    const char *out_many[] = {"--plain",     "a",     "--profiled", "b", "--op",
                              "sign,verify", "--out", "x.json",     NULL};
    const char *no_profiled[] = {"--plain", "a.so", "--op", "all", "--out-dir", ".", NULL};
    const char *callers_alone[] = {"--no-profile", "--plain", "a.so",      "--op", "all",
                                   "--out-dir",    ".",       "--callers", NULL};
    const char *plain_only[] = {"--no-profile", "--plain", "a.so",   "--op",
                                "sign",         "--out",   "x.json", NULL};

    ck_assert_int_eq(parse(&o, both_off), EXIT_USAGE);
    ck_assert_int_eq(parse(&o, no_output), EXIT_USAGE);
    ck_assert_int_eq(parse(&o, two_outputs), EXIT_USAGE);
    ck_assert_int_eq(parse(&o, out_many), EXIT_USAGE);
    ck_assert_int_eq(parse(&o, no_profiled), EXIT_USAGE);
    ck_assert_int_eq(parse(&o, callers_alone), EXIT_USAGE);
    ck_assert_int_eq(parse(&o, plain_only), EXIT_OK);
    ck_assert_ptr_null(o.profiled);
}
END_TEST

START_TEST(default_timeout_covers_a_pass_and_its_setup)
{
    struct run_options o;
    const char *args[] = {BASE, "--max-seconds", "10", NULL};

    ck_assert_int_eq(parse(&o, args), EXIT_OK);
    ck_assert_double_eq(run_default_timeout(&o), 140);
}
END_TEST

START_TEST(precision_and_place_parsed)
{
    static const struct {
        const char *arg;
        double want;
    } given[] = {{"2%", 0.02}, {"0.5", 0.005}, {"off", 0}, {"0", 0}, {"50%", 0.5}};
    struct run_options o;

    for (size_t i = 0; i < sizeof given / sizeof given[0]; i++) {
        const char *args[] = {BASE, "--precision", given[i].arg, NULL};

        ck_assert_int_eq(parse(&o, args), EXIT_OK);
        ck_assert_double_eq_tol(o.precision, given[i].want, 1e-12);
    }
    {
        const char *args[] = {BASE, "--within", "2/4:1234.5:6:78.25", "--resume", NULL};

        ck_assert_int_eq(parse(&o, args), EXIT_OK);
        ck_assert_uint_eq(o.within.index, 2);
        ck_assert_uint_eq(o.within.count, 4);
        ck_assert_double_eq(o.within.start, 1234.5);
        ck_assert_uint_eq(o.within.ops, 6);
        ck_assert_double_eq(o.within.seconds, 78.25);
        ck_assert_int_eq(o.resume, 1);
    }
}
END_TEST

Suite *make_runopts_suite(void)
{
    Suite *s = suite_create("runopts");
    TCase *tc = tcase_create("runopts");

    tcase_add_test(tc, defaults_are_the_published_method);
    tcase_add_test(tc, values_are_parsed);
    tcase_add_test(tc, callers_takes_a_depth);
    tcase_add_test(tc, bad_values_are_usage_errors);
    tcase_add_test(tc, combinations_are_checked);
    tcase_add_test(tc, default_timeout_covers_a_pass_and_its_setup);
    tcase_add_test(tc, precision_and_place_parsed);
    suite_add_tcase(s, tc);
    return s;
}
