/* check_provenance.c - what made an output: the date (SOURCE_DATE_EPOCH),
 * the command line quoted as a shell needs it, ICCSPROF_COMMAND, and each
 * format's form of it. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "report/provenance.h"
#include "suites.h"

/* Fix the date and the command for each test. */
static void provenance_setup(void)
{
    char *argv[] = {
        "/usr/local/bin/iccsprof", "report", "--format", "md", "it's here", "a b", NULL};

    setenv("SOURCE_DATE_EPOCH", "1790000000", 1);
    unsetenv("ICCSPROF_COMMAND");
    provenance_set_command(6, argv);
}

START_TEST(date_from_source_date_epoch)
{
    ck_assert_str_eq(provenance_date(), "2026-09-21T14:13:20Z");
    setenv("SOURCE_DATE_EPOCH", "not a number", 1);
    ck_assert_int_eq(strlen(provenance_date()), strlen("2026-09-21T14:13:20Z"));
    ck_assert_str_ne(provenance_date(), "2026-09-21T14:13:20Z");
}

START_TEST(command_quoted_for_a_shell)
{
    ck_assert_str_eq(provenance_command(), "iccsprof report --format md 'it'\\''s here' 'a b'");
    ck_assert_str_eq(provenance_tool(), PACKAGE_NAME " " PACKAGE_VERSION);
}

START_TEST(command_of_the_command_above)
{
    provenance_export();
    ck_assert_str_eq(getenv("ICCSPROF_COMMAND"),
                     "iccsprof report --format md 'it'\\''s here' 'a b'");
    setenv("ICCSPROF_COMMAND", "iccsprof profile pkg", 1);
    /* a command above this one keeps its own */
    provenance_export();
    ck_assert_str_eq(provenance_command(), "iccsprof profile pkg");
    unsetenv("ICCSPROF_COMMAND");
}

START_TEST(line_in_markdown_and_plain)
{
    char *md = provenance_line(true), *plain = provenance_line(false), *want = NULL;

    ck_assert_int_gt(asprintf(&want,
                              "Made by %s on host %s, 2026-09-21T14:13:20Z: "
                              "`iccsprof report --format md 'it'\\''s here' 'a b'`",
                              provenance_tool(), provenance_host()),
                     0);
    ck_assert_str_eq(md, want);
    ck_assert_ptr_null(strchr(plain, '`'));
    free(md);
    free(plain);
    free(want);
}

START_TEST(json_and_csv_members)
{
    json_t *made = provenance_json(), *keys = json_array(), *row = json_object();

    ck_assert_str_eq(json_string_value(json_object_get(made, "date")), "2026-09-21T14:13:20Z");
    ck_assert_str_eq(json_string_value(json_object_get(made, "host")), provenance_host());
    ck_assert_str_eq(json_string_value(json_object_get(made, "command")), provenance_command());
    provenance_columns(keys);
    provenance_fields(row);
    ck_assert_uint_eq(json_array_size(keys), 4);
    ck_assert_str_eq(json_string_value(json_array_get(keys, 0)), "made_by");
    ck_assert_str_eq(json_string_value(json_object_get(row, "made_by")), provenance_tool());
    ck_assert_str_eq(json_string_value(json_object_get(row, "made_command")), provenance_command());
    json_decref(made);
    json_decref(keys);
    json_decref(row);
}

START_TEST(svg_metadata_inside_the_root)
{
    struct provenance_svg svg;
    char *text = NULL, *want = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len), *draw;

    setenv("ICCSPROF_COMMAND", "iccsprof report --format svg <a & b>", 1);
    draw = provenance_svg_open(&svg);
    fputs("<?xml version=\"1.0\"?>\n<svg width=\"10\">\n<rect/>\n</svg>\n", draw);
    provenance_svg_close(&svg, out);
    fclose(out);
    ck_assert_int_gt(
        asprintf(&want,
                 "<?xml version=\"1.0\"?>\n<svg width=\"10\">\n<metadata>Made by %s on "
                 "host %s, 2026-09-21T14:13:20Z: iccsprof report --format svg &lt;a "
                 "&amp; b&gt;</metadata>\n<rect/>\n</svg>\n",
                 provenance_tool(), provenance_host()),
        0);
    ck_assert_str_eq(text, want);
    unsetenv("ICCSPROF_COMMAND");
    free(want);
    free(text);
}

Suite *make_provenance_suite(void)
{
    Suite *s = suite_create("provenance");
    TCase *tc = tcase_create("provenance");

    tcase_add_checked_fixture(tc, provenance_setup, NULL);
    tcase_add_test(tc, date_from_source_date_epoch);
    tcase_add_test(tc, command_quoted_for_a_shell);
    tcase_add_test(tc, command_of_the_command_above);
    tcase_add_test(tc, line_in_markdown_and_plain);
    tcase_add_test(tc, json_and_csv_members);
    tcase_add_test(tc, svg_metadata_inside_the_root);
    suite_add_tcase(s, tc);
    return s;
}
