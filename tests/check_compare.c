/* check_compare.c - how compare judges the mean cycles of a matched pair:
 * the degrees of freedom of the difference and Student's t of its 95 %
 * interval, and the reasons past it, on the records of
 * tests/report/compare-machine. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "compare/compare.h"
#include "measure/rules.h"
#include "record/record-read.h"
#include "suites.h"

/* Side SIDE ("a" or "b") of instance INST's keygen in compare-machine. */
static struct rec *machine_rec(const char *side, const char *inst)
{
    const char *top = getenv("top_srcdir");
    char *path, err[1024] = "";
    struct rec *r;

    ck_assert_msg(top != NULL, "top_srcdir is not set (run through make check)");
    ck_assert_int_ge(asprintf(&path, "%s/tests/report/compare-machine/input/%s/%s__keygen.json",
                              top, side, inst),
                     0);
    r = rec_load(path, err, sizeof err);
    ck_assert_msg(r != NULL, "%s", err);
    free(path);
    return r;
}

/* Three timing processes give A's error two degrees of freedom: B 3 %
 * above lies within t = 4.30 of the combined errors; the same errors
 * known to many degrees would put it beyond them, within the spread of
 * A's processes only. */
START_TEST(few_processes_widen_the_interval)
{
    struct rec *a = machine_rec("a", "Proc-1"), *b = machine_rec("b", "Proc-1");
    struct cmp_pair p = {a, b, 0};
    double ea = a->mean_cycles_stderr / a->mean_cycles, eb = b->mean_cycles_stderr / b->mean_cycles;
    double df = cmp_cycles_df(&p);

    ck_assert_double_eq(a->mean_cycles_stderr_df, 2);
    ck_assert_double_eq(b->mean_cycles_stderr_df, 4); /* six trials on two cores */
    /* A's error is 13 times B's: the difference has about A's degrees */
    ck_assert_msg(df > 2 && df < 2.03, "df %g", df);
    ck_assert_int_eq(cmp_cycles_compare(&p), CMP_CYCLES_WITHIN_INTERVAL);
    ck_assert_double_eq_tol(cmp_cycles_ratio_halfwidth(&p),
                            method_t95(2) * cmp_cycles_ratio(&p) * sqrt(ea * ea + eb * eb), 1e-12);
    a->mean_cycles_stderr_df = 1000;
    b->mean_cycles_stderr_df = 1000;
    ck_assert_int_eq(cmp_cycles_compare(&p), CMP_CYCLES_WITHIN_PROCESSES);
    rec_free(a);
    rec_free(b);
}
END_TEST

/* Six processes 4.3 % apart: B 1.7 % above is beyond t = 2.57 of the
 * errors but within A's processes' spread. */
START_TEST(beyond_the_interval_within_the_processes)
{
    struct rec *a = machine_rec("a", "Proc-2"), *b = machine_rec("b", "Proc-2");
    struct cmp_pair p = {a, b, 0};

    ck_assert_double_eq(a->mean_cycles_stderr_df, 5);
    ck_assert_int_eq((int)floor(cmp_cycles_df(&p)), 5);
    ck_assert_int_eq(cmp_cycles_compare(&p), CMP_CYCLES_WITHIN_PROCESSES);
    ck_assert_int_eq(cmp_cycles_processes_side(&p), 'A');
    rec_free(a);
    rec_free(b);
}
END_TEST

/* Two records of six trials on two cores each, of about equal errors:
 * the difference has their degrees added, eight, and one 2 % apart
 * differs beyond them; below the 1 % noise threshold a smaller one is
 * the machine's. */
START_TEST(equal_errors_add_their_degrees)
{
    struct rec *a = machine_rec("a", "Code-1"), *b = machine_rec("b", "Code-1");
    struct rec *drift = machine_rec("b", "Drift-1");
    struct cmp_pair p = {a, b, 0.01}, q = {a, drift, 0.01};

    ck_assert_double_eq_tol(cmp_cycles_df(&p), 8, 0.01);
    ck_assert_int_eq(cmp_cycles_compare(&p), CMP_CYCLES_DIFFER);
    ck_assert(cmp_cycles_beyond_noise(&p));
    ck_assert_int_eq(cmp_cycles_compare(&q), CMP_CYCLES_WITHIN_THRESHOLD);
    q.noise_threshold = 0;
    ck_assert_int_eq(cmp_cycles_compare(&q), CMP_CYCLES_DIFFER);
    rec_free(a);
    rec_free(b);
    rec_free(drift);
}
END_TEST

/* The same library bytes timed on the same inputs 3 % apart, beyond
 * every error: the machine's; another seed, another message length or
 * a substituted hash makes it the code's again. */
START_TEST(the_same_code_is_the_machine)
{
    struct rec *a = machine_rec("a", "Same-1"), *b = machine_rec("b", "Same-1");
    struct cmp_pair p = {a, b, 0.01};
    char *seed = b->seed;

    ck_assert_str_eq(a->plain_sha256, b->plain_sha256);
    ck_assert(cmp_cycles_same_code(&p));
    ck_assert_int_eq(cmp_cycles_compare(&p), CMP_CYCLES_SAME_CODE);
    ck_assert(!cmp_cycles_beyond_noise(&p));
    b->seed = "00";
    ck_assert_int_eq(cmp_cycles_compare(&p), CMP_CYCLES_DIFFER);
    b->seed = seed;
    b->message_bytes++;
    ck_assert_int_eq(cmp_cycles_compare(&p), CMP_CYCLES_DIFFER);
    b->message_bytes--;
    b->substitution = "pseudohash=sm3";
    ck_assert_int_eq(cmp_cycles_compare(&p), CMP_CYCLES_DIFFER);
    b->substitution = NULL;
    rec_free(a);
    rec_free(b);
}
END_TEST

/* Another build (other plain library bytes) 2 % apart differs. */
START_TEST(another_build_differs)
{
    struct rec *a = machine_rec("a", "Code-1"), *b = machine_rec("b", "Code-1");
    struct cmp_pair p = {a, b, 0.01};

    ck_assert_str_ne(a->plain_sha256, b->plain_sha256);
    ck_assert(!cmp_cycles_same_code(&p));
    ck_assert_int_eq(cmp_cycles_compare(&p), CMP_CYCLES_DIFFER);
    rec_free(a);
    rec_free(b);
}
END_TEST

Suite *make_compare_suite(void)
{
    Suite *s = suite_create("compare");
    TCase *tc = tcase_create("cycles");

    tcase_add_test(tc, few_processes_widen_the_interval);
    tcase_add_test(tc, beyond_the_interval_within_the_processes);
    tcase_add_test(tc, equal_errors_add_their_degrees);
    tcase_add_test(tc, the_same_code_is_the_machine);
    tcase_add_test(tc, another_build_differs);
    suite_add_tcase(s, tc);
    return s;
}
