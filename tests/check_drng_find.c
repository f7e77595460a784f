/* check_drng_find.c - finding a scheme's own DRNG contexts in its DWARF,
 * on the run fixtures: a static context of its own, one on the heap, and
 * a library whose only context is drng_algorithm. */
#include "config.h"

#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/drng-find.h"
#include "suites.h"

/* The path of the run fixture library NAME. */
static const char *fixture(const char *name)
{
    static char path[4096];
    const char *top = getenv("top_builddir");

    ck_assert_msg(top != NULL, "top_builddir is not set (run through make check)");
    snprintf(path, sizeof path, "%s/tests/fixtures/run/.libs/%s", top, name);
    return path;
}

START_TEST(static_context_found)
{
    json_t *list = drng_find_private(fixture("librngfix.so"));
    json_t *c = json_array_get(list, 0);
    char *name;

    ck_assert_uint_eq(json_array_size(list), 1);
    ck_assert_str_eq(json_string_value(json_object_get(c, "name")), "rng_state");
    ck_assert_int_gt(json_integer_value(json_object_get(c, "vaddr")), 0);
    /* the symbol table names the same address */
    name = drng_symbol_at(fixture("librngfix.so"),
                          (uint64_t)json_integer_value(json_object_get(c, "vaddr")));
    ck_assert_ptr_nonnull(name);
    ck_assert_str_eq(name, "rng_state");
    free(name);
    json_decref(list);
}
END_TEST

START_TEST(heap_context_not_a_variable)
{
    json_t *list = drng_find_private(fixture("librngheap.so"));

    ck_assert_uint_eq(json_array_size(list), 0);
    json_decref(list);
}
END_TEST

START_TEST(drng_algorithm_left_to_the_global)
{
    json_t *list = drng_find_private(fixture("libsigfix.so"));

    ck_assert_uint_eq(json_array_size(list), 0);
    json_decref(list);
}
END_TEST

START_TEST(unreadable_files)
{
    json_t *list = drng_find_private("/nonexistent/lib.so");

    ck_assert_uint_eq(json_array_size(list), 0);
    json_decref(list);
    ck_assert_ptr_null(drng_symbol_at(NULL, 0));
    ck_assert_ptr_null(drng_symbol_at("/nonexistent/lib.so", 0));
}
END_TEST

Suite *make_drng_find_suite(void)
{
    Suite *s = suite_create("drng_find");
    TCase *tc = tcase_create("drng_find");

    tcase_add_test(tc, static_context_found);
    tcase_add_test(tc, heap_context_not_a_variable);
    tcase_add_test(tc, drng_algorithm_left_to_the_global);
    tcase_add_test(tc, unreadable_files);
    suite_add_tcase(s, tc);
    return s;
}
