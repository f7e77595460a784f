/* check_build_files.c - dependency files as -MMD -MP writes them,
 * content-compared writes, and the up-to-date test of an object. */
#include "config.h"

#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/build-files.h"
#include "plan/builddesc.h"
#include "suites.h"

START_TEST(parses_continuations_escapes_and_phony_targets)
{
    struct strlist deps = {0};

    deps_parse("/b/obj/x.o: /p/src/x.c /p/include/a\\ b.h \\\n /p/include/c.h\n"
               "/p/include/a\\ b.h:\n/p/include/c.h:\n",
               &deps);
    ck_assert_uint_eq(deps.n, 3);
    ck_assert_str_eq(deps.v[0], "/p/src/x.c");
    ck_assert_str_eq(deps.v[1], "/p/include/a b.h");
    ck_assert_str_eq(deps.v[2], "/p/include/c.h");
    strlist_free(&deps);
}
END_TEST

START_TEST(an_object_is_out_of_date_when_anything_it_was_made_from_changes)
{
    char dir[] = "/tmp/check-build-files.XXXXXX", *obj, *src, *dfile, *stamp, *text;
    struct timespec old[2] = {{1000, 0}, {1000, 0}};

    ck_assert_ptr_nonnull(mkdtemp(dir));
    obj = xasprintf("%s/x.o", dir);
    src = xasprintf("%s/x.c", dir);
    dfile = xasprintf("%s/x.d", dir);
    stamp = xasprintf("%s/x.o.cmd", dir);
    ck_assert(!deps_up_to_date(obj, "cc -c x.c", dir));
    ck_assert_int_eq(file_replace(src, "int x;\n"), 0);
    utimensat(AT_FDCWD, src, old, 0);
    ck_assert_int_eq(file_replace(obj, "object"), 0);
    text = xasprintf("%s: x.c\n", obj);
    ck_assert_int_eq(file_replace(dfile, text), 0);
    free(text);
    ck_assert_int_eq(file_replace(stamp, "cc -c x.c"), 0);
    ck_assert(deps_up_to_date(obj, "cc -c x.c", dir));
    ck_assert(!deps_up_to_date(obj, "cc -O2 -c x.c", dir));
    /* the same content is not written again: the time stays */
    utimensat(AT_FDCWD, stamp, old, 0);
    ck_assert_int_eq(file_replace(stamp, "cc -c x.c"), 0);
    {
        struct timespec t;

        ck_assert(file_mtime(stamp, &t));
        ck_assert_int_eq(t.tv_sec, 1000);
    }
    unlink(src);
    ck_assert(!deps_up_to_date(obj, "cc -c x.c", dir));
    unlink(obj);
    unlink(dfile);
    unlink(stamp);
    rmdir(dir);
    free(obj);
    free(src);
    free(dfile);
    free(stamp);
}
END_TEST

/* A dry run's compiler lines read as a shell would split them: folders
 * entered by recursive makes and by cd, quotes, continuations, sources
 * above the folder, and lines that run no C compiler left alone. */
START_TEST(reads_the_compiler_lines_of_a_dry_run)
{
    const char *out = "make: Entering directory '/s/tree'\n"
                      "echo gcc -DNOT=1 -c not.c\n"
                      "make[1]: Entering directory '/s/tree/api_pkc'\n"
                      "ccache gcc -O2 -I. -I ../include -DLEVEL_128 -D'MSG=\"a b\"' \\\n"
                      "  -std=c99 -c ../src/core.c -o ../src/core.o\n"
                      "cd sub && cc -include cfg.h -c x.c\n"
                      "gcc -o prog core.o x.o -lm\n"
                      "make[1]: Leaving directory '/s/tree/api_pkc'\n"
                      "gcc -Iinclude a.c b.c -o both\n";
    struct bd_target t = {0};

    bd_parse_dry_run(out, "/s/tree", "/s/tree", &t);
    ck_assert_uint_eq(t.n, 4);
    ck_assert_str_eq(t.cmds[0].source, "src/core.c");
    ck_assert_uint_eq(t.cmds[0].flags.n, 4);
    ck_assert_str_eq(t.cmds[0].flags.v[0], "-Iapi_pkc");
    ck_assert_str_eq(t.cmds[0].flags.v[1], "-Iinclude");
    ck_assert_str_eq(t.cmds[0].flags.v[2], "-DLEVEL_128");
    ck_assert_str_eq(t.cmds[0].flags.v[3], "-DMSG=\"a b\"");
    ck_assert_str_eq(t.cmds[0].std, "-std=c99");
    ck_assert_str_eq(t.cmds[1].source, "api_pkc/sub/x.c");
    ck_assert_str_eq(t.cmds[1].flags.v[0], "-include=api_pkc/sub/cfg.h");
    ck_assert_str_eq(t.cmds[2].source, "a.c");
    ck_assert_str_eq(t.cmds[3].source, "b.c");
    ck_assert_str_eq(t.cmds[3].flags.v[0], "-Iinclude");
    bd_target_free(&t);
}
END_TEST

/* Paths resolved by their text alone, above the root too. */
START_TEST(normal_paths)
{
    char *p = bd_normal_path("a/./b/../c"), *q = bd_normal_path("../x/../../y"),
         *r = bd_normal_path("/a/../../b");

    ck_assert_str_eq(p, "a/c");
    ck_assert_str_eq(q, "../../y");
    ck_assert_str_eq(r, "/b");
    free(p);
    free(q);
    free(r);
}
END_TEST

Suite *make_build_files_suite(void)
{
    Suite *s = suite_create("build_files");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, parses_continuations_escapes_and_phony_targets);
    tcase_add_test(tc, an_object_is_out_of_date_when_anything_it_was_made_from_changes);
    tcase_add_test(tc, reads_the_compiler_lines_of_a_dry_run);
    tcase_add_test(tc, normal_paths);
    suite_add_tcase(s, tc);
    return s;
}
