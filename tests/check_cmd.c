/* check_cmd.c - the subcommand table and its lookup. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "suites.h"

START_TEST(finds_known_commands)
{
    const struct cmd_entry *entry = cmd_find("help");

    ck_assert_ptr_nonnull(entry);
    ck_assert_str_eq(entry->name, "help");
    ck_assert_ptr_eq(cmd_find("version"), &cmd_version_entry);
}
END_TEST

START_TEST(unknown_command_is_rejected)
{
    ck_assert_ptr_null(cmd_find("frobnicate"));
    ck_assert_ptr_null(cmd_find(""));
    ck_assert_ptr_null(cmd_find("hel"));
}
END_TEST

START_TEST(usage_error_returns_usage_status)
{
    ck_assert_int_eq(cmd_usage_error(&cmd_help_entry, "test %d", 1), EXIT_USAGE);
}
END_TEST

Suite *make_cmd_suite(void)
{
    Suite *s = suite_create("cmd");
    TCase *tc = tcase_create("lookup");

    tcase_add_test(tc, finds_known_commands);
    tcase_add_test(tc, unknown_command_is_rejected);
    tcase_add_test(tc, usage_error_returns_usage_status);
    suite_add_tcase(s, tc);
    return s;
}
