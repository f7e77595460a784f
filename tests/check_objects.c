/* check_objects.c - the object reader: where each symbol lives, and only
 * real references count as uses (an extern nothing uses leaves none). */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build/objects.h"
#include "paths.h"
#include "util/strlist.h"
#include "suites.h"

static const char objects_source[] = "extern int drng_algorithm; /* declared, never used */\n"
                                     "extern int used_global;\n"
                                     "int zero_global;\n"
                                     "int init_global = 1;\n"
                                     "__attribute__((weak)) int weak_fn(void) { return 0; }\n"
                                     "static int local_fn(void) { return used_global; }\n"
                                     "int main(void) { return local_fn() + zero_global; }\n";

/* Compile the test source with FLAGS into a fresh object; its path. */
static char *compile(const char *dir, const char *flags)
{
    char *src = xasprintf("%s/t.c", dir), *obj = xasprintf("%s/t%zu.o", dir, strlen(flags)),
         *cmd = xasprintf("%s %s -c %s -o %s", ICCSPROF_CC, flags, src, obj);
    FILE *f = fopen(src, "w");

    ck_assert_ptr_nonnull(f);
    fputs(objects_source, f);
    fclose(f);
    ck_assert_int_eq(system(cmd), 0);
    unlink(src);
    free(src);
    free(cmd);
    return obj;
}

/* The symbol NAME of OBJ, defined or not, or NULL. */
static const struct obj_symbol *find(const struct obj_file *obj, const char *name)
{
    for (size_t i = 0; i < obj->n; i++)
        if (strcmp(obj->syms[i].name, name) == 0)
            return &obj->syms[i];
    return NULL;
}

START_TEST(storage_and_real_references)
{
    char dir[] = "/tmp/check-objects.XXXXXX", err[256], *path;
    struct obj_file obj;

    ck_assert_ptr_nonnull(mkdtemp(dir));
    path = compile(dir, "-O0 -fno-common");
    ck_assert_int_eq(obj_read(path, &obj, err, sizeof err), 0);
    ck_assert_int_eq(obj_defines(&obj, "main")->storage, OBJ_CODE);
    ck_assert_int_eq(obj_defines(&obj, "zero_global")->storage, OBJ_ZERO);
    ck_assert_int_eq(obj_defines(&obj, "init_global")->storage, OBJ_DATA);
    ck_assert(obj_defines(&obj, "weak_fn")->weak);
    ck_assert_ptr_null(obj_defines(&obj, "local_fn"));
    ck_assert(find(&obj, "local_fn")->local);
    ck_assert(obj_uses(&obj, "used_global"));
    ck_assert(!obj_uses(&obj, "drng_algorithm"));
    ck_assert(!obj_uses(&obj, "main"));
    obj_free(&obj);
    unlink(path);
    free(path);
    path = compile(dir, "-O0 -fcommon");
    ck_assert_int_eq(obj_read(path, &obj, err, sizeof err), 0);
    ck_assert_int_eq(obj_defines(&obj, "zero_global")->storage, OBJ_COMMON);
    obj_free(&obj);
    unlink(path);
    free(path);
    rmdir(dir);
}
END_TEST

START_TEST(refuses_what_is_not_an_object)
{
    char err[256];
    struct obj_file obj;

    ck_assert_int_eq(obj_read("/nonexistent/x.o", &obj, err, sizeof err), -1);
    ck_assert_str_eq(err, "No such file or directory");
    ck_assert_int_eq(obj_read("/dev/null", &obj, err, sizeof err), -1);
}
END_TEST

Suite *make_objects_suite(void)
{
    Suite *s = suite_create("objects");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, storage_and_real_references);
    tcase_add_test(tc, refuses_what_is_not_an_object);
    suite_add_tcase(s, tc);
    return s;
}
