/* check_cmd.c - the subcommand table, its lookup, the one option parser,
 * and the help printed from the option tables. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd.h"
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

START_TEST(slips_get_a_suggestion)
{
    ck_assert_ptr_eq(cmd_suggest("reprot"), &cmd_report_entry);
    ck_assert_ptr_eq(cmd_suggest("comapre"), &cmd_compare_entry);
    ck_assert_ptr_eq(cmd_suggest("rn"), &cmd_run_entry);
    ck_assert_ptr_eq(cmd_suggest("audits"), &cmd_audit_entry);
    ck_assert_ptr_null(cmd_suggest("frobnicate"));
    ck_assert_ptr_null(cmd_suggest("xyz"));
    /* the build rules' command is not offered to people */
    ck_assert_ptr_null(cmd_suggest("buildinf"));
}
END_TEST

START_TEST(slipped_options_get_a_suggestion)
{
    static const char *const names[] = {"trials", "target-seconds", "callers", "cpu"};

    ck_assert_str_eq(cmd_closest("trails", names, 4), "trials");
    ck_assert_str_eq(cmd_closest("target-second", names, 4), "target-seconds");
    ck_assert_str_eq(cmd_closest("caller", names, 4), "callers");
    ck_assert_str_eq(cmd_closest("cp", names, 4), "cpu");
    ck_assert_ptr_null(cmd_closest("format", names, 4));
    ck_assert_ptr_null(cmd_closest("x", names, 4));
}
END_TEST

/* What PRINT prints, as a string the caller frees. */
static char *printed(void (*print)(FILE *))
{
    char *text = NULL, *copy;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);

    print(out);
    fclose(out);
    /* a copy the caller owns outright: GCC 12 takes pointers into the
     * stream's buffer for pointers into this frame (-Wdangling-pointer) */
    copy = strdup(text);
    free(text);
    return copy;
}

/* The command names in the order `help` lists them, joined by spaces. */
static char *listed_order(void)
{
    enum cmd_verbosity saved = cmd_verbosity;
    char *text;

    cmd_verbosity = CMD_QUIET;
    text = printed(cmd_print_commands);
    cmd_verbosity = saved;
    for (char *c = text; *c != '\0'; c++)
        if (*c == '\n')
            *c = c[1] != '\0' ? ' ' : '\0';
    return text;
}

START_TEST(help_lists_what_users_run_first_first)
{
    char *order = listed_order();

    ck_assert_str_eq(
        order,
        "profile report compare plan catalog host campaign kat run site whatif audit help version");
    free(order);
}
END_TEST

START_TEST(usage_error_returns_usage_status)
{
    ck_assert_int_eq(cmd_usage_error(&cmd_help_entry, "test %d", 1), EXIT_USAGE);
}
END_TEST

/* Say an error, a note and a usage error with stderr captured into
 * ERR[LEN]. */
static void say_three(char *err, size_t len)
{
    FILE *tmp = tmpfile();
    int saved = dup(2);
    size_t n;

    ck_assert_ptr_nonnull(tmp);
    fflush(stderr);
    dup2(fileno(tmp), 2);
    cmd_error("%s: no such file", "x.json");
    cmd_note("%d records", 3);
    usage_error("report", "no input given");
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(tmp);
    n = fread(err, 1, len - 1, tmp);
    err[n] = '\0';
    fclose(tmp);
}

START_TEST(messages_carry_the_running_command)
{
    char err[512];

    say_three(err, sizeof err);
    ck_assert_str_eq(err, "iccsprof: x.json: no such file\n"
                          "iccsprof: note: 3 records\n"
                          "iccsprof report: no input given\n"
                          "Try 'iccsprof report --help'.\n");
    cmd_set_running("site");
    ck_assert_str_eq(cmd_prefix(), "iccsprof site: ");
    say_three(err, sizeof err);
    cmd_set_running(NULL);
    ck_assert_str_eq(err, "iccsprof site: x.json: no such file\n"
                          "iccsprof site: note: 3 records\n"
                          "iccsprof report: no input given\n"
                          "Try 'iccsprof report --help'.\n");
}
END_TEST

/* A command of every option kind, for the parser's tests. */
static const char *const test_colours[] = {"red", "green", NULL};
enum { T_FLAG, T_NAME, T_COUNT, T_WAIT, T_COLOUR, T_DEPTH, T_SLACK };
static const struct cmd_option test_options[] = {
    [T_FLAG] = {.name = "flag", .short_name = 'f', .kind = CMD_OPT_FLAG, .help = "a flag"},
    [T_NAME] = {.name = "name", .short_name = 'n', .kind = CMD_OPT_STRING, .help = "a name"},
    [T_COUNT] =
        {.name = "count", .kind = CMD_OPT_UINT, .lo = 1, .hi = 9, .def = "3", .help = "a count"},
    [T_WAIT] = {.name = "wait", .kind = CMD_OPT_SECONDS, .def = "0.5", .help = "a wait"},
    [T_COLOUR] = {.name = "colour",
                  .kind = CMD_OPT_CHOICE,
                  .choices = test_colours,
                  .def = "green",
                  .help = "a colour"},
    [T_DEPTH] = {.name = "depth",
                 .kind = CMD_OPT_UINT,
                 .optional_value = true,
                 .lo = 2,
                 .hi = 4,
                 .help = "a depth"},
    [T_SLACK] = {.name = "slack",
                 .kind = CMD_OPT_PERCENT,
                 .lo = 0,
                 .hi = 50,
                 .def = "1%",
                 .help = "a slack"},
    {0},
};
static const struct cmd_entry test_entry = {
    .name = "test", .operands = "FILE...", .summary = "test", .options = test_options};

/* Parse a NULL-terminated list of words after "test" into ARGS. */
static int parse(struct cmd_args *args, char **argv)
{
    int argc = 0;

    while (argv[argc] != NULL)
        argc++;
    return cmd_parse(&test_entry, argc, argv, args);
}

START_TEST(defaults_apply_when_not_given)
{
    char *argv[] = {"test", "a", NULL};
    struct cmd_args args;

    ck_assert_int_eq(parse(&args, argv), EXIT_OK);
    ck_assert_uint_eq(args.opt[T_COUNT].num, 3);
    ck_assert_uint_eq(args.opt[T_COUNT].given, 0);
    ck_assert_double_eq(args.opt[T_WAIT].seconds, 0.5);
    ck_assert_double_eq(args.opt[T_SLACK].fraction, 0.01);
    ck_assert_uint_eq(args.opt[T_COLOUR].num, 1);
    ck_assert_ptr_null(args.opt[T_NAME].text);
    ck_assert_uint_eq(args.opt[T_FLAG].given, 0);
    ck_assert_int_eq(args.argc, 1);
    ck_assert_str_eq(args.argv[0], "a");
    ck_assert(!args.help);
    cmd_args_free(&args);
}
END_TEST

START_TEST(values_are_typed)
{
    char *argv[] = {"test", "a",       "-f",     "--count=7", "--wait",   "2.5",       "-n",
                    "x",    "b",       "--name", "y",         "--colour", "red",       "--depth",
                    "c",    "--slack", "2.5",    "--",        "--flag",   "--depth=3", NULL};
    struct cmd_args args;

    ck_assert_int_eq(parse(&args, argv), EXIT_OK);
    ck_assert_uint_eq(args.opt[T_FLAG].given, 1);
    ck_assert_uint_eq(args.opt[T_COUNT].num, 7);
    ck_assert_double_eq(args.opt[T_WAIT].seconds, 2.5);
    ck_assert_double_eq(args.opt[T_SLACK].fraction, 0.025);
    ck_assert_uint_eq(args.opt[T_COLOUR].num, 0);
    /* the last value wins, and every value is kept in order */
    ck_assert_str_eq(args.opt[T_NAME].text, "y");
    ck_assert_uint_eq(args.opt[T_NAME].given, 2);
    ck_assert_str_eq(args.opt[T_NAME].all[0], "x");
    ck_assert_str_eq(args.opt[T_NAME].all[1], "y");
    /* an optional value left out is the low end of the range */
    ck_assert_uint_eq(args.opt[T_DEPTH].num, 2);
    /* operands keep their order, wherever they stood; "--" ends options */
    ck_assert_int_eq(args.argc, 5);
    ck_assert_str_eq(args.argv[0], "a");
    ck_assert_str_eq(args.argv[1], "b");
    ck_assert_str_eq(args.argv[2], "c");
    ck_assert_str_eq(args.argv[3], "--flag");
    ck_assert_str_eq(args.argv[4], "--depth=3");
    cmd_args_free(&args);
}
END_TEST

START_TEST(bad_values_are_usage_errors)
{
    static const char *const bad[][2] = {
        {"--count", "0"},   {"--count", "10"},      {"--count", "+3"},    {"--count", " 3"},
        {"--count", ""},    {"--count", "3x"},      {"--wait", "0"},      {"--wait", "-1"},
        {"--wait", "nan"},  {"--wait", "inf"},      {"--colour", "blue"}, {"--depth=5", NULL},
        {"--flag=1", NULL}, {"--frobnicate", NULL}, {"-z", NULL},         {"--count", NULL},
        {"--slack", "51"},  {"--slack", "-1"},      {"--slack", "1%%"},   {"--slack", "%"},
        {"--slack", "nan"}, {"--slack", " 1"},
    };

    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *argv[] = {"test", (char *)bad[i][0], (char *)bad[i][1], NULL};
        struct cmd_args args;

        ck_assert_msg(parse(&args, argv) == EXIT_USAGE, "%s %s accepted", bad[i][0],
                      bad[i][1] ? bad[i][1] : "");
        cmd_args_free(&args);
    }
}
END_TEST

START_TEST(quiet_and_verbose_are_taken_and_passed_on)
{
    char *quiet[] = {"test", "-q", "a", NULL};
    char *verbose[] = {"test", "a", "--verbose", NULL};
    char *neither[] = {"test", "a", NULL};
    char *both[] = {"test", "-q", "-v", NULL};
    struct cmd_args args;

    unsetenv("ICCSPROF_VERBOSITY");
    ck_assert_int_eq(parse(&args, neither), EXIT_OK);
    ck_assert_int_eq(cmd_verbosity, CMD_NORMAL);
    cmd_args_free(&args);
    ck_assert_int_eq(parse(&args, quiet), EXIT_OK);
    ck_assert_int_eq(cmd_verbosity, CMD_QUIET);
    ck_assert_int_eq(args.argc, 1);
    /* the commands this one starts inherit it */
    ck_assert_str_eq(getenv("ICCSPROF_VERBOSITY"), "quiet");
    cmd_args_free(&args);
    ck_assert_int_eq(parse(&args, neither), EXIT_OK);
    ck_assert_int_eq(cmd_verbosity, CMD_QUIET);
    cmd_args_free(&args);
    ck_assert_int_eq(parse(&args, verbose), EXIT_OK);
    ck_assert_int_eq(cmd_verbosity, CMD_VERBOSE);
    ck_assert_str_eq(getenv("ICCSPROF_VERBOSITY"), "verbose");
    cmd_args_free(&args);
    ck_assert_int_eq(parse(&args, both), EXIT_USAGE);
    cmd_args_free(&args);
    unsetenv("ICCSPROF_VERBOSITY");
    cmd_verbosity = CMD_NORMAL;
}
END_TEST

START_TEST(help_is_asked_for)
{
    char *long_form[] = {"test", "a", "--help", NULL};
    char *short_form[] = {"test", "-h", NULL};
    struct cmd_args args;

    ck_assert_int_eq(parse(&args, long_form), EXIT_OK);
    ck_assert(args.help);
    cmd_args_free(&args);
    ck_assert_int_eq(parse(&args, short_form), EXIT_OK);
    ck_assert(args.help);
    cmd_args_free(&args);
}
END_TEST

/* ENTRY's --help as a string the caller frees. */
static char *help_of(const struct cmd_entry *entry)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);

    cmd_print_help(entry, out);
    fclose(out);
    return text;
}

/* Whether TEXT holds WORD as written, ignoring the line breaks and
 * indentation the wrapping put in it. */
static bool help_holds(const char *text, const char *word)
{
    char *flat = strdup(text), *w = flat;
    bool found;

    for (const char *r = text; *r != '\0'; r++) {
        if (*r == '\n') {
            while (r[1] == ' ')
                r++;
            *w++ = ' ';
        } else {
            *w++ = *r;
        }
    }
    *w = '\0';
    found = strstr(flat, word) != NULL;
    free(flat);
    return found;
}

START_TEST(help_lists_every_option_and_default)
{
    for (const struct cmd_entry *const *e = cmd_table; *e != NULL; e++) {
        char *text = help_of(*e), word[256];

        snprintf(word, sizeof word, "Usage: iccsprof %s", (*e)->name);
        ck_assert_msg(strstr(text, word) != NULL, "%s: no usage line", (*e)->name);
        ck_assert_msg(strstr(text, "-h, --help") != NULL, "%s: no --help", (*e)->name);
        ck_assert_msg(help_holds(text, (*e)->quiet != NULL ? (*e)->quiet : CMD_QUIET_HELP),
                      "%s: -q not explained", (*e)->name);
        ck_assert_msg(help_holds(text, (*e)->verbose != NULL ? (*e)->verbose : CMD_VERBOSE_HELP),
                      "%s: -v not explained", (*e)->name);
        for (const struct cmd_option *o = (*e)->options; o != NULL && o->name != NULL; o++) {
            snprintf(word, sizeof word, "--%s", o->name);
            ck_assert_msg(strstr(text, word) != NULL, "%s: %s not listed", (*e)->name, word);
            ck_assert_msg(help_holds(text, o->help), "%s %s: help not shown", (*e)->name, word);
            if (o->def != NULL || o->def_note != NULL) {
                snprintf(word, sizeof word, "(default: %s)",
                         o->def_note != NULL ? o->def_note : o->def);
                ck_assert_msg(help_holds(text, word), "%s --%s: default not shown", (*e)->name,
                              o->name);
            }
        }
        free(text);
    }
}
END_TEST

START_TEST(defaults_in_tables_parse)
{
    /* every command parses with no options: its table's defaults are valid */
    for (const struct cmd_entry *const *e = cmd_table; *e != NULL; e++) {
        char *argv[] = {(char *)(*e)->name, NULL};
        struct cmd_args args;

        ck_assert_msg(cmd_parse(*e, 1, argv, &args) == EXIT_OK, "%s", (*e)->name);
        cmd_args_free(&args);
    }
}
END_TEST

START_TEST(completion_offers_every_command_and_option)
{
    char *text = printed(cmd_print_bash_completion);

    ck_assert_ptr_nonnull(strstr(text, "complete -o filenames -F _iccsprof iccsprof\n"));
    for (const struct cmd_entry *const *e = cmd_table; *e != NULL; e++) {
        char word[256], opts[2048];
        const char *arm;

        snprintf(word, sizeof word, "\n    %s)\n        opts='", (*e)->name);
        ck_assert_msg((arm = strstr(text, word)) != NULL, "%s: no case", (*e)->name);
        arm += strlen(word);
        /* the options as " --a --b ... " */
        snprintf(opts, sizeof opts, " %.*s ", (int)strcspn(arm, "'"), arm);
        for (const struct cmd_option *o = (*e)->options; o != NULL && o->name != NULL; o++) {
            snprintf(word, sizeof word, " --%s ", o->name);
            ck_assert_msg(strstr(opts, word) != NULL, "%s: --%s not offered", (*e)->name, o->name);
        }
        ck_assert_msg(strstr(opts, " -q --quiet -v --verbose -h --help ") != NULL, "%s: %s",
                      (*e)->name, opts);
    }
    /* a choice completes to its choices */
    ck_assert_ptr_nonnull(strstr(text, "--format)\n            COMPREPLY=($(compgen -W "
                                       "'md csv json svg folded' -- \"$cur\"))"));
    free(text);
}
END_TEST

START_TEST(command_list_hides_internal_commands)
{
    char *text = printed(cmd_print_commands);

    ck_assert_ptr_nonnull(strstr(text, "\n  report "));
    ck_assert_ptr_null(strstr(text, "buildinfo"));
    free(text);
}
END_TEST

Suite *make_cmd_suite(void)
{
    Suite *s = suite_create("cmd");
    TCase *lookup = tcase_create("lookup");
    TCase *parser = tcase_create("parser");
    TCase *help = tcase_create("help");

    tcase_add_test(lookup, finds_known_commands);
    tcase_add_test(lookup, unknown_command_is_rejected);
    tcase_add_test(lookup, slips_get_a_suggestion);
    tcase_add_test(lookup, slipped_options_get_a_suggestion);
    tcase_add_test(lookup, usage_error_returns_usage_status);
    tcase_add_test(lookup, messages_carry_the_running_command);
    suite_add_tcase(s, lookup);
    tcase_add_test(parser, defaults_apply_when_not_given);
    tcase_add_test(parser, values_are_typed);
    tcase_add_test(parser, bad_values_are_usage_errors);
    tcase_add_test(parser, help_is_asked_for);
    tcase_add_test(parser, quiet_and_verbose_are_taken_and_passed_on);
    tcase_add_test(parser, defaults_in_tables_parse);
    suite_add_tcase(s, parser);
    tcase_add_test(help, help_lists_every_option_and_default);
    tcase_add_test(help, command_list_hides_internal_commands);
    tcase_add_test(help, help_lists_what_users_run_first_first);
    tcase_add_test(help, completion_offers_every_command_and_option);
    suite_add_tcase(s, help);
    return s;
}
