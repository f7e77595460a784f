/* check_run_timing.c - the record's timing section from the trials of
 * several measuring processes: each process's mean, their spread, the
 * standard error that holds it, and the precision the record states. */
#include "config.h"

#include <check.h>
#include <jansson.h>
#include <math.h>

#include "measure/rules.h"
#include "run/run-timing.h"
#include "suites.h"

/* A raw timing pass of two processes, each with two trials on each of
 * two cores: process 0 reads 1000 to 1003 ticks a call, process 1 a
 * hundred more. */
static json_t *two_processes(void)
{
    static const double ticks[2][4] = {{1000, 1001, 1002, 1003}, {1100, 1101, 1102, 1103}};
    json_t *trials = json_array();

    for (int p = 0; p < 2; p++)
        for (int k = 0; k < 4; k++)
            json_array_append_new(trials, json_pack("{s:i, s:f, s:f, s:i, s:i}", "calls", 100,
                                                    "seconds", 1e-3, "cycles", 100 * ticks[p][k],
                                                    "cpu", k % 2, "process", p));
    return json_pack("{s:i, s:o}", "calls_per_trial", 100, "trials", trials);
}

/* The processes' means, their spread, and a standard error from the
 * spread between them where it exceeds the one from within the cores. */
START_TEST(processes_set_the_error)
{
    json_t *raw = two_processes(), *t = run_timing(raw), *procs = json_object_get(t, "processes");
    double mean = json_number_value(json_object_get(t, "mean_cycles"));

    ck_assert_int_eq(json_array_size(procs), 2);
    ck_assert_double_eq(json_number_value(json_object_get(json_array_get(procs, 0), "mean_cycles")),
                        1001.5);
    ck_assert_double_eq(json_number_value(json_object_get(json_array_get(procs, 1), "mean_cycles")),
                        1101.5);
    ck_assert_double_eq(mean, 1051.5);
    ck_assert_double_eq_tol(json_number_value(json_object_get(t, "process_spread")), 100 / 1051.5,
                            1e-12);
    /* two means 100 apart: a standard deviation of 70.7, an error of 50 */
    ck_assert_double_eq_tol(json_number_value(json_object_get(t, "mean_cycles_stderr")), 50, 1e-9);
    ck_assert(json_number_value(json_object_get(t, "within_process_stderr")) < 50);
    json_decref(t);
    json_decref(raw);
}
END_TEST

/* The precision a record states widens to Student's t of one degree
 * (12.71) times the processes' error; a wider one, or none, stays. */
START_TEST(precision_holds_the_processes)
{
    json_t *raw = two_processes(), *t = run_timing(raw);
    json_t *pass = json_pack("{s:f}", "precision", 0.01);
    json_t *wide = json_pack("{s:f}", "precision", 0.9), *none = json_pack("{s:n}", "precision");

    run_timing_precision(t, pass);
    ck_assert_double_eq_tol(json_number_value(json_object_get(pass, "precision")),
                            method_t95(1) * 50 / 1051.5, 1e-12);
    ck_assert_double_eq_tol(method_t95(1), 12.706, 1e-3);
    run_timing_precision(t, wide);
    ck_assert_double_eq(json_number_value(json_object_get(wide, "precision")), 0.9);
    run_timing_precision(t, none);
    ck_assert(json_is_null(json_object_get(none, "precision")));
    json_decref(pass);
    json_decref(wide);
    json_decref(none);
    json_decref(t);
    json_decref(raw);
}
END_TEST

/* One process: no processes, and the precision stays the pass's own. */
START_TEST(one_process_keeps_its_precision)
{
    json_t *raw = two_processes(), *trials = json_object_get(raw, "trials"), *tr, *t, *pass;
    size_t i;

    json_array_foreach(trials, i, tr) json_object_del(tr, "process");
    t = run_timing(raw);
    pass = json_pack("{s:f}", "precision", 0.01);
    ck_assert_ptr_null(json_object_get(t, "processes"));
    run_timing_precision(t, pass);
    ck_assert_double_eq(json_number_value(json_object_get(pass, "precision")), 0.01);
    json_decref(pass);
    json_decref(t);
    json_decref(raw);
}
END_TEST

Suite *make_run_timing_suite(void)
{
    Suite *s = suite_create("run_timing");
    TCase *tc = tcase_create("processes");

    tcase_add_test(tc, processes_set_the_error);
    tcase_add_test(tc, precision_holds_the_processes);
    tcase_add_test(tc, one_process_keeps_its_precision);
    suite_add_tcase(s, tc);
    return s;
}
