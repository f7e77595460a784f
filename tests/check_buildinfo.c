/* check_buildinfo.c - build.json from the build rules' key/value lines:
 * field order, null for absent optional keys, rejected input, and the
 * atomic write. */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buildinfo.h"
#include "suites.h"

static const char full_info[] = "scheme\tsign-x\n"
                                "algorithm\tX \"quoted\" \\ name\n"
                                "instance\tX-1\n"
                                "implementation\treference\n"
                                "source_dir\t/p/\xc3\xa9t\xc3\xa9/X-1\n"
                                "compiler\tgcc 12\n"
                                "cflags\t-O2 -DNAME=\"a b\"\n"
                                "drng_global\tsupplied\n"
                                "source\tb.c\n"
                                "source\tsrc/a.c\n"
                                "\n"
                                "excluded\tKAT_SIG.c\tdefines main\n";

/* buildinfo_read on TEXT with a small coverage object. */
static json_t *read_text(const char *text)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    json_t *coverage = json_pack("{s:b}", "complete", 1), *doc;

    ck_assert_ptr_nonnull(f);
    doc = buildinfo_read(f, "info", coverage);
    fclose(f);
    json_decref(coverage);
    return doc;
}

START_TEST(full_info_gives_every_field_in_order)
{
    json_t *doc = read_text(full_info);
    char *text;

    ck_assert_ptr_nonnull(doc);
    text = json_dumps(doc, JSON_COMPACT);
    ck_assert_str_eq(text, "{\"scheme\":\"sign-x\",\"algorithm\":\"X \\\"quoted\\\" \\\\ name\","
                           "\"instance\":\"X-1\",\"implementation\":\"reference\","
                           "\"source_dir\":\"/p/\xc3\xa9t\xc3\xa9/X-1\",\"compiler\":\"gcc 12\","
                           "\"cflags\":\"-O2 -DNAME=\\\"a b\\\"\",\"fallback\":null,"
                           "\"drng_global\":\"supplied\",\"sources\":[\"b.c\",\"src/a.c\"],"
                           "\"excluded\":[{\"file\":\"KAT_SIG.c\",\"reason\":\"defines main\"}],"
                           "\"coverage\":{\"complete\":true}}");
    free(text);
    json_decref(doc);
}
END_TEST

START_TEST(absent_optional_keys_are_null)
{
    json_t *doc = read_text("scheme\ts\nalgorithm\ta\ninstance\ti\nimplementation\treference\n"
                            "source_dir\t/d\ncompiler\tc\ncflags\t-O2\nfallback\t-std=gnu99\n");

    ck_assert_ptr_nonnull(doc);
    ck_assert(json_is_null(json_object_get(doc, "drng_global")));
    ck_assert_str_eq(json_string_value(json_object_get(doc, "fallback")), "-std=gnu99");
    ck_assert_int_eq(json_array_size(json_object_get(doc, "sources")), 0);
    json_decref(doc);
}
END_TEST

START_TEST(bad_input_is_refused)
{
    static const char *const bad[] = {
        "scheme\ts\n",             /* required keys missing */
        "scheme\ts\nscheme\tt\n",  /* a key twice */
        "colour\tblue\n",          /* unknown key */
        "scheme s\n",              /* no tab */
        "excluded\tKAT_SIG.c\n",   /* no reason */
        "drng_global\tborrowed\n", /* not package or supplied */
        "source\t\xff\xfe.c\n",    /* not UTF-8 */
    };

    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(read_text(bad[i]) == NULL, "accepted: %s", bad[i]);
}
END_TEST

START_TEST(coverage_must_be_an_object)
{
    FILE *f = fmemopen((void *)full_info, strlen(full_info), "r");
    json_t *coverage = json_array();

    ck_assert_ptr_null(buildinfo_read(f, "info", coverage));
    fclose(f);
    json_decref(coverage);
}
END_TEST

START_TEST(write_is_atomic_and_complete)
{
    char dir[] = "/tmp/check_buildinfo.XXXXXX", path[64], missing[80];
    json_t *doc = json_pack("{s:s}", "scheme", "s"), *back;
    json_error_t err;
    struct dirent *e;
    DIR *d;
    int entries = 0;

    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/build.json", dir);
    ck_assert_int_eq(buildinfo_write_atomic(doc, path), 0);
    back = json_load_file(path, 0, &err);
    ck_assert_ptr_nonnull(back);
    ck_assert(json_equal(doc, back));
    d = opendir(dir);
    while ((e = readdir(d)) != NULL)
        entries += e->d_name[0] != '.';
    closedir(d);
    ck_assert_int_eq(entries, 1); /* no temporary file left */
    snprintf(missing, sizeof missing, "%s/no/such/build.json", dir);
    ck_assert_int_eq(buildinfo_write_atomic(doc, missing), -1);
    unlink(path);
    rmdir(dir);
    json_decref(back);
    json_decref(doc);
}
END_TEST

Suite *make_buildinfo_suite(void)
{
    Suite *s = suite_create("buildinfo");
    TCase *tc = tcase_create("buildinfo");

    tcase_add_test(tc, full_info_gives_every_field_in_order);
    tcase_add_test(tc, absent_optional_keys_are_null);
    tcase_add_test(tc, bad_input_is_refused);
    tcase_add_test(tc, coverage_must_be_an_object);
    tcase_add_test(tc, write_is_atomic_and_complete);
    suite_add_tcase(s, tc);
    return s;
}
