/* check_hostcheck.c - the host check's parsing and verdicts, read from
 * the fixture /sys and /proc trees of tests/fixtures/host/. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/host.h"
#include "host/hostcheck.h"
#include "suites.h"
#include "tick.h"

/* The fixture tree NAME under the source tree. */
static const char *fixture(const char *name)
{
    static char path[4096];
    const char *top = getenv("top_srcdir");

    ck_assert_msg(top != NULL, "top_srcdir is not set (run through make check)");
    snprintf(path, sizeof path, "%s/tests/fixtures/host/%s", top, name);
    return path;
}

/* A member of item NAME of CHECK. */
static const char *item(json_t *check, const char *name, const char *key)
{
    json_t *it = json_object_get(json_object_get(check, "items"), name);

    ck_assert_msg(it != NULL, "no item %s", name);
    return json_string_value(json_object_get(it, key));
}

/* CHECK's not_ready names joined by commas. */
static const char *not_ready(json_t *check)
{
    static char buf[512];
    json_t *v;
    size_t i, used = 0;

    buf[0] = '\0';
    json_array_foreach(json_object_get(check, "not_ready"), i, v) used +=
        (size_t)snprintf(buf + used, sizeof buf - used, "%s%s", i ? "," : "", json_string_value(v));
    return buf;
}

START_TEST(parses_cpu_lists)
{
    cpu_set_t set;
    char out[64];

    ck_assert_int_eq(hostcheck_parse_cpulist("0-3,5,7-8\n", &set), 0);
    ck_assert_int_eq(CPU_COUNT(&set), 7);
    ck_assert(CPU_ISSET(5, &set) && !CPU_ISSET(4, &set) && CPU_ISSET(8, &set));
    hostcheck_format_cpulist(&set, out, sizeof out);
    ck_assert_str_eq(out, "0-3,5,7-8");
    ck_assert_int_eq(hostcheck_parse_cpulist("\n", &set), 0);
    ck_assert_int_eq(CPU_COUNT(&set), 0);
    hostcheck_format_cpulist(&set, out, sizeof out);
    ck_assert_str_eq(out, "");
    ck_assert_int_eq(hostcheck_parse_cpulist("1", &set), 0);
    ck_assert(CPU_COUNT(&set) == 1 && CPU_ISSET(1, &set));
}
END_TEST

START_TEST(refuses_what_is_not_a_cpu_list)
{
    cpu_set_t set;

    ck_assert_int_eq(hostcheck_parse_cpulist("3-1", &set), -1);
    ck_assert_int_eq(hostcheck_parse_cpulist("0-", &set), -1);
    ck_assert_int_eq(hostcheck_parse_cpulist("a", &set), -1);
    ck_assert_int_eq(hostcheck_parse_cpulist("1,,2", &set), -1);
    ck_assert_int_eq(hostcheck_parse_cpulist("0-99999", &set), -1);
    ck_assert_int_eq(hostcheck_parse_cpulist("1 2", &set), -1);
}
END_TEST

START_TEST(reads_allowed_cpus_from_the_tree)
{
    cpu_set_t set;
    char out[64];

    ck_assert_int_eq(hostcheck_allowed(fixture("busy"), &set), 0);
    hostcheck_format_cpulist(&set, out, sizeof out);
    ck_assert_str_eq(out, "0-1,4");
}
END_TEST

START_TEST(a_prepared_host_pinned_to_its_isolated_core_is_ready)
{
    json_t *c = hostcheck_run(fixture("quiet"), 1);

    ck_assert(json_is_true(json_object_get(c, "ready")));
    ck_assert_int_eq(json_integer_value(json_object_get(c, "cpu")), 1);
    ck_assert_str_eq(not_ready(c), "");
    ck_assert_str_eq(item(c, "cpu_model", "value"), "Test CPU 9000 @ 2.10GHz");
    ck_assert_str_eq(item(c, "cpus", "value"), "2 online (0-1)");
    ck_assert_str_eq(item(c, "allowed", "value"), "0-1");
    ck_assert_str_eq(item(c, "pinning", "value"), "core 1");
    ck_assert_str_eq(item(c, "isolated", "state"), "ready");
    ck_assert_str_eq(item(c, "governor", "value"), "performance");
    ck_assert_str_eq(item(c, "frequency", "value"),
                     "cpu1 min 2.10 GHz, max 2.10 GHz (hardware max 4.70 GHz)");
    ck_assert_str_eq(item(c, "turbo", "value"), "off (intel_pstate no_turbo 1)");
    ck_assert_str_eq(item(c, "smt", "value"), "off (control off)");
    ck_assert_str_eq(item(c, "perf_event_paranoid", "state"), "ready");
    ck_assert_str_eq(item(c, "hardware_cycles", "state"), "unknown");
    ck_assert_str_eq(item(c, "load", "value"), "0.05");
    json_decref(c);
}
END_TEST

START_TEST(the_same_host_unpinned_is_not_ready)
{
    json_t *c = hostcheck_run(fixture("quiet"), -1);
    char line[1024];

    ck_assert(json_is_false(json_object_get(c, "ready")));
    ck_assert(json_is_null(json_object_get(c, "cpu")));
    ck_assert_str_eq(not_ready(c), "pinning,isolated");
    hostcheck_failures(c, line, sizeof line);
    ck_assert_str_eq(line, "pinning not pinned (needs the measuring process pinned to one core); "
                           "isolated 1 (needs the measuring core isolated from the scheduler)");
    json_decref(c);
}
END_TEST

START_TEST(an_unprepared_host_fails_every_item_with_its_fix)
{
    json_t *c = hostcheck_run(fixture("busy"), 0);

    ck_assert_str_eq(not_ready(c), "isolated,governor,turbo,smt,perf_event_paranoid,load");
    ck_assert_str_eq(item(c, "isolated", "value"), "none");
    ck_assert_str_eq(item(c, "governor", "value"), "powersave");
    ck_assert_str_eq(item(c, "governor", "fix"), "cpupower -c 0 frequency-set -g performance");
    ck_assert_str_eq(item(c, "frequency", "value"), "cpu0 min 800 MHz, max 3.50 GHz");
    ck_assert_str_eq(item(c, "turbo", "value"), "on (cpufreq boost 1)");
    ck_assert_str_eq(item(c, "turbo", "fix"), "echo 0 > /sys/devices/system/cpu/cpufreq/boost");
    ck_assert_str_eq(item(c, "smt", "value"), "on (control on)");
    ck_assert_str_eq(item(c, "perf_event_paranoid", "value"), "3");
    ck_assert_str_eq(item(c, "perf_event_paranoid", "fix"),
                     "sysctl -w kernel.perf_event_paranoid=2");
    ck_assert_str_eq(item(c, "load", "value"), "9.50");
    ck_assert_str_eq(item(c, "load", "needs"), "1-minute load below the 8 CPUs online");
    json_decref(c);
}
END_TEST

START_TEST(unpinned_governors_are_read_on_every_allowed_core)
{
    json_t *c = hostcheck_run(fixture("busy"), -1);

    ck_assert_str_eq(item(c, "governor", "value"),
                     "cpu0 powersave, cpu1 performance, cpu4 schedutil");
    ck_assert_str_eq(item(c, "governor", "fix"), "cpupower -c 0-1,4 frequency-set -g performance");
    json_decref(c);
}
END_TEST

START_TEST(what_the_kernel_does_not_say_is_unknown_and_does_not_fail)
{
    json_t *c = hostcheck_run(fixture("bare"), 1);
    const char *names[] = {"isolated",       "governor", "turbo", "smt", "perf_event_paranoid",
                           "hardware_cycles"};

    ck_assert(json_is_true(json_object_get(c, "ready")));
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        ck_assert_msg(strcmp(item(c, names[i], "state"), "unknown") == 0, "%s is %s", names[i],
                      item(c, names[i], "state"));
    ck_assert_str_eq(item(c, "frequency", "value"), "not known (no cpufreq)");
    json_decref(c);
}
END_TEST

START_TEST(an_arm_server_is_read_from_its_midr_fields_and_topology)
{
    json_t *c = hostcheck_run(fixture("arm"), 3);

    ck_assert_str_eq(not_ready(c), "");
    ck_assert(json_is_true(json_object_get(c, "ready")));
    ck_assert_str_eq(item(c, "cpu_model", "value"), "ARM Neoverse-N1 r3p1");
    ck_assert_str_eq(item(c, "cpus", "value"), "4 online (0-3)");
    ck_assert_str_eq(item(c, "isolated", "state"), "ready");
    ck_assert_str_eq(item(c, "governor", "value"), "performance");
    ck_assert_str_eq(item(c, "frequency", "value"),
                     "cpu3 min 3.00 GHz, max 3.00 GHz (hardware max 3.00 GHz)");
    ck_assert_str_eq(item(c, "turbo", "state"), "unknown");
    ck_assert_str_eq(item(c, "smt", "state"), "ready");
    ck_assert_str_eq(item(c, "smt", "value"), "off (one thread per core: topology)");
    json_decref(c);
}
END_TEST

START_TEST(sibling_threads_without_smt_control_are_found_in_the_topology)
{
    json_t *c = hostcheck_run(fixture("arm-smt"), 2);

    ck_assert_str_eq(item(c, "cpu_model", "value"), "Cavium part 0x0af r1p2");
    ck_assert_str_eq(item(c, "smt", "state"), "not_ready");
    ck_assert_str_eq(item(c, "smt", "value"), "on (cpu2 shares its core with cpu 3: topology)");
    ck_assert_str_eq(item(c, "smt", "fix"), "take the sibling threads offline: echo 0 > "
                                            "/sys/devices/system/cpu/cpuN/online for N in 3");
    json_decref(c);
    c = hostcheck_run(fixture("arm-smt"), -1);
    ck_assert_str_eq(item(c, "smt", "value"), "on (cpu0 shares its core with cpu 1: topology)");
    json_decref(c);
}
END_TEST

START_TEST(emulation_is_a_program_on_cpus_of_another_architecture)
{
    char why[256];

    ck_assert_int_eq(host_emulation_under(fixture("quiet"), "x86-64", why, sizeof why), 0);
    ck_assert_str_eq(why, "an x86-64 program on x86 CPUs");
    ck_assert_int_eq(host_emulation_under(fixture("arm"), "aarch64", why, sizeof why), 0);
    ck_assert_str_eq(why, "an aarch64 program on Arm CPUs");
    ck_assert_int_eq(host_emulation_under(fixture("quiet"), "aarch64", why, sizeof why), 1);
    ck_assert_str_eq(why, "an aarch64 program on the x86 CPUs of /proc/cpuinfo");
    ck_assert_int_eq(host_emulation_under(fixture("arm"), "x86-64", why, sizeof why), 1);
    ck_assert_str_eq(why, "an x86-64 program on the Arm CPUs of /proc/cpuinfo");
}
END_TEST

START_TEST(qemus_own_cpu_is_emulation_on_any_host)
{
    char why[256], model[64];

    ck_assert_int_eq(host_emulation_under(fixture("qemu-max"), "aarch64", why, sizeof why), 1);
    ck_assert_str_eq(why, "/proc/cpuinfo shows QEMU's 'max' CPU");
    host_cpu_model_under(fixture("qemu-max"), model, sizeof model);
    ck_assert_str_eq(model, "QEMU 'max' (emulated)");
}
END_TEST

START_TEST(emulation_is_not_known_without_a_cpu_family)
{
    char why[256];

    ck_assert_int_eq(host_emulation_under(fixture("bare"), "x86-64", why, sizeof why), -1);
    ck_assert_str_eq(why, "");
    ck_assert_int_eq(host_emulation_under(fixture("quiet"), "riscv64", why, sizeof why), -1);
    ck_assert_str_eq(why, "");
    ck_assert_int_eq(host_emulation_under(fixture("none"), "x86-64", why, sizeof why), -1);
}
END_TEST

START_TEST(a_fixture_tree_is_not_probed_for_emulation)
{
    json_t *c = hostcheck_run(fixture("quiet"), 1);

    ck_assert_str_eq(item(c, "emulation", "state"), "unknown");
    ck_assert_str_eq(item(c, "emulation", "value"), "not probed (a fixture tree)");
    json_decref(c);
}
END_TEST

/* The ticks item names this build's counter, and on AArch64 the rate
 * cntfrq_el0 states for it. */
START_TEST(the_ticks_item_names_the_counter_and_its_stated_rate)
{
    json_t *c = hostcheck_run(fixture("quiet"), 1);
    char want[128];

#if defined(ICCSPROF_TICK_CNTVCT)
    snprintf(want, sizeof want, "cntvct_el0 at %llu Hz (cntfrq_el0)",
             (unsigned long long)wrap_cntfrq());
#else
    snprintf(want, sizeof want, "%s (its rate is measured in each run)", ICCSPROF_TICK_SOURCE_NAME);
#endif
    ck_assert_str_eq(item(c, "ticks", "value"), want);
    ck_assert_str_eq(item(c, "ticks", "state"), "info");
    json_decref(c);
}
END_TEST

/* The text of host_scheduler() in the environment set so far (compact,
 * keys sorted), or "none"; the caller frees it. */
static char *scheduler_text(void)
{
    json_t *s = host_scheduler();
    char *text = s != NULL ? json_dumps(s, JSON_COMPACT | JSON_SORT_KEYS) : strdup("none");

    json_decref(s);
    return text;
}

/* Assert that the scheduler read from the environment is WANT. */
static void assert_scheduler(const char *want)
{
    char *got = scheduler_text();

    ck_assert_str_eq(got, want);
    free(got);
}

START_TEST(the_slurm_job_and_array_task_come_from_the_environment)
{
    unsetenv("SLURM_JOB_ID");
    unsetenv("SLURM_ARRAY_JOB_ID");
    unsetenv("SLURM_ARRAY_TASK_ID");
    assert_scheduler("none");
    /* a job outside an array: its own id, no task */
    setenv("SLURM_JOB_ID", "4127", 1);
    assert_scheduler("{\"job\":4127,\"kind\":\"slurm\",\"task\":null}");
    /* an array task: the array's id, which names all its tasks */
    setenv("SLURM_ARRAY_JOB_ID", "4120", 1);
    setenv("SLURM_ARRAY_TASK_ID", "7", 1);
    assert_scheduler("{\"job\":4120,\"kind\":\"slurm\",\"task\":7}");
    /* what is not a number is not taken for one */
    setenv("SLURM_ARRAY_TASK_ID", "7x", 1);
    assert_scheduler("{\"job\":4127,\"kind\":\"slurm\",\"task\":null}");
    setenv("SLURM_JOB_ID", "-1", 1);
    assert_scheduler("none");
}
END_TEST

Suite *make_hostcheck_suite(void)
{
    Suite *s = suite_create("hostcheck");
    TCase *tc = tcase_create("hostcheck");

    tcase_add_test(tc, parses_cpu_lists);
    tcase_add_test(tc, refuses_what_is_not_a_cpu_list);
    tcase_add_test(tc, reads_allowed_cpus_from_the_tree);
    tcase_add_test(tc, a_prepared_host_pinned_to_its_isolated_core_is_ready);
    tcase_add_test(tc, the_same_host_unpinned_is_not_ready);
    tcase_add_test(tc, an_unprepared_host_fails_every_item_with_its_fix);
    tcase_add_test(tc, unpinned_governors_are_read_on_every_allowed_core);
    tcase_add_test(tc, what_the_kernel_does_not_say_is_unknown_and_does_not_fail);
    tcase_add_test(tc, an_arm_server_is_read_from_its_midr_fields_and_topology);
    tcase_add_test(tc, sibling_threads_without_smt_control_are_found_in_the_topology);
    tcase_add_test(tc, emulation_is_a_program_on_cpus_of_another_architecture);
    tcase_add_test(tc, qemus_own_cpu_is_emulation_on_any_host);
    tcase_add_test(tc, emulation_is_not_known_without_a_cpu_family);
    tcase_add_test(tc, a_fixture_tree_is_not_probed_for_emulation);
    tcase_add_test(tc, the_slurm_job_and_array_task_come_from_the_environment);
    tcase_add_test(tc, the_ticks_item_names_the_counter_and_its_stated_rate);
    suite_add_tcase(s, tc);
    return s;
}
