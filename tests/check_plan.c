/* check_plan.c - plans of fixture packages: instances, names, sources,
 * include folders, the shared ICCS files taken from Common/, the level
 * macros read from the package's build files, and the selection. */
#include "config.h"

#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/build-jobs.h"
#include "plan/plan-stages.h"
#include "plan/plan.h"
#include "suites.h"

/* A copy of the fixture packages, their links followed (iccsprof follows
 * no link out of a package, and the fixtures share files by links). */
static char plan_copy[] = "/tmp/iccsprof-check-plan.XXXXXX";

/* Make the copy of the fixture packages (once for the test case). */
static void plan_fixtures_copy(void)
{
    const char *top = getenv("top_srcdir");
    char *cmd;

    ck_assert_msg(top != NULL, "top_srcdir is not set (run through make check)");
    ck_assert_ptr_nonnull(mkdtemp(plan_copy));
    cmd = xasprintf("cp -RL '%s/tests/fixtures/packages/.' '%s'", top, plan_copy);
    ck_assert_int_eq(system(cmd), 0);
    free(cmd);
}

/* Remove the copy of the fixture packages. */
static void plan_fixtures_remove(void)
{
    char *cmd = xasprintf("rm -rf '%s'", plan_copy);

    ck_assert_int_eq(system(cmd), 0);
    free(cmd);
}

/* The plan of fixture package PKG with INSTANCES; plan_make's result. */
static int plan_of(const char *pkg, const char *instances, struct plan *p)
{
    char *dir;
    struct plan_options o = {.impl = "reference",
                             .instances = instances,
                             .cflags = "-O2",
                             .builddir = "/nonexistent/build"};
    int rc;

    dir = xasprintf("%s/%s", plan_copy, pkg);
    o.package = dir;
    rc = plan_make(&o, p);
    free(dir);
    return rc;
}

START_TEST(awkward_layout)
{
    struct plan p;
    const struct plan_instance *i;

    ck_assert_int_eq(plan_of("awkward", NULL, &p), 0);
    ck_assert_str_eq(p.scheme, "awkward");
    ck_assert_uint_eq(p.n, 1);
    i = &p.inst[0];
    ck_assert_str_eq(i->name, "Awk-128");
    ck_assert_str_eq(i->named, "ALGORITHM_INSTANCE in include/SIG_Awk.h");
    ck_assert_str_eq(i->algorithm, "Awk");
    ck_assert_str_eq(i->build, "/nonexistent/build/awkward/Awk-128");
    ck_assert_uint_eq(i->set.nsources, 9);
    ck_assert_str_eq(i->set.sources[0].name, "KAT_SIG.c");
    ck_assert_str_eq(i->set.sources[1].obj, "src/auxfunc.o");
    ck_assert_str_eq(i->set.sources[1].path,
                     "/nonexistent/build/awkward/Awk-128/src/src/auxfunc.c");
    ck_assert_uint_eq(i->set.incdirs.n, 1);
    ck_assert_str_eq(i->set.incdirs.v[0], "include");
    ck_assert_uint_eq(p.notes.n, 1);
    plan_free(&p);
}
END_TEST

START_TEST(shared_files_from_common)
{
    struct plan p;
    const struct plan_instance *i;

    ck_assert_int_eq(plan_of("common", NULL, &p), 0);
    ck_assert_uint_eq(p.n, 1);
    i = &p.inst[0];
    ck_assert_str_eq(i->name, "Cm-1");
    ck_assert_str_eq(i->set.sources[i->set.nsources - 1].name,
                     "Cm/Implementations/Reference_Implementation/Common/auxfunc.c");
    ck_assert_str_eq(i->set.sources[i->set.nsources - 1].obj,
                     "+shared/Cm/Implementations/Reference_Implementation/Common/auxfunc.o");
    ck_assert_uint_eq(i->set.shared_incdirs.n, 1);
    ck_assert_uint_eq(i->set.notes.n, 4);
    ck_assert_str_eq(p.notes.v[0], "skipped Cm/Implementations/Reference_Implementation/Common: "
                                   "only shared ICCS files (for instances that lack them)");
    plan_free(&p);
}
END_TEST

START_TEST(level_macros_from_the_build_files)
{
    struct plan p;

    ck_assert_int_eq(plan_of("levelcmake", NULL, &p), 0);
    ck_assert_uint_eq(p.inst[0].levels.n, 1);
    ck_assert_str_eq(p.inst[0].levels.v[0], "VD_128");
    ck_assert_str_eq(p.inst[0].level_from.v[0],
                     "Vd/Implementations/Reference_Implementation/CMakeLists.txt");
    plan_free(&p);
    ck_assert_int_eq(plan_of("levelmake", NULL, &p), 0);
    ck_assert_uint_eq(p.inst[0].levels.n, 2);
    ck_assert_str_eq(p.inst[0].levels.v[0], "LVL_SEC128");
    ck_assert_str_eq(p.inst[0].level_from.v[0], "Makefile");
    ck_assert_str_eq(p.inst[0].levels.v[1], "LVL_128");
    ck_assert_str_eq(p.inst[0].level_from.v[1], "the instance name");
    plan_free(&p);
}
END_TEST

START_TEST(an_empty_selection_is_an_error)
{
    struct plan p;

    ck_assert_int_eq(plan_of("two", ",", &p), -1);
    plan_free(&p);
    ck_assert_int_eq(plan_of("two", "Good,,Good", &p), 0);
    ck_assert_uint_eq(p.n, 1);
    ck_assert_str_eq(p.inst[0].name, "Good");
    ck_assert_str_eq(p.notes.v[0], "not selected by --instances: Broken");
    plan_free(&p);
}
END_TEST

/* An interrupt while the package is walked stops the plan: the walk
 * looks for SIGINT and SIGTERM, which the build takes synchronously. */
START_TEST(a_pending_interrupt_stops_the_plan)
{
    struct plan p;

    jobs_catch_signals();
    raise(SIGINT);
    ck_assert_int_eq(plan_of("awkward", NULL, &p), -1);
    ck_assert_int_eq(jobs_interrupted(), SIGINT);
}
END_TEST

/* The algorithm is named after its own folder, not after a container of
 * the package's parts between it and Implementations, as published
 * packages have. */
START_TEST(the_algorithm_above_a_container)
{
    static const struct {
        const char *dir, *alg, *from;
    } cases[] = {
        {"/p/Origami/Implementations and Test_Vectors/Implementations/Reference_Implementation/O-1",
         "Origami", "the folder above Implementations and Test_Vectors"},
        {"/p/Juzi/Implementations/Implementation/Reference_Implementation/J-512", "Juzi",
         "the folder above Implementations"},
        {"/p/Implementations/Reference_Implementation/A-1", "p",
         "the folder above Implementations"},
        {"/p/KAT/Submission_Package/Implementations/Reference_Implementation/A-1", "p",
         "the folder above KAT"},
        {"/p/Reference_Implementation/A-1", "id", "the scheme id"},
    };

    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char *alg, *from;

        plan_algorithm("/p", cases[k].dir, "id", &alg, &from);
        ck_assert_str_eq(alg, cases[k].alg);
        ck_assert_str_eq(from, cases[k].from);
        free(alg);
        free(from);
    }
}
END_TEST

Suite *make_plan_suite(void)
{
    Suite *s = suite_create("plan");
    TCase *tc = tcase_create("core");

    tcase_add_unchecked_fixture(tc, plan_fixtures_copy, plan_fixtures_remove);
    tcase_add_test(tc, awkward_layout);
    tcase_add_test(tc, shared_files_from_common);
    tcase_add_test(tc, level_macros_from_the_build_files);
    tcase_add_test(tc, an_empty_selection_is_an_error);
    tcase_add_test(tc, a_pending_interrupt_stops_the_plan);
    tcase_add_test(tc, the_algorithm_above_a_container);
    suite_add_tcase(s, tc);
    return s;
}
