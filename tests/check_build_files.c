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

#include "build-files.h"
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

Suite *make_build_files_suite(void)
{
    Suite *s = suite_create("build_files");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, parses_continuations_escapes_and_phony_targets);
    tcase_add_test(tc, an_object_is_out_of_date_when_anything_it_was_made_from_changes);
    suite_add_tcase(s, tc);
    return s;
}
