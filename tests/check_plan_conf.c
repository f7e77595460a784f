/* check_plan_conf.c - the descriptor: keys, scopes, comments, a byte
 * order mark, and each error with its line. */
#include "config.h"

#include <check.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "plan/plan.h"
#include "suites.h"

/* Parse TEXT, with stderr captured into ERR[LEN]; conf_parse's result. */
static int parse(const char *text, struct conf *c, char *err, size_t len)
{
    FILE *tmp = tmpfile();
    int saved = dup(2), rc;
    size_t n;

    ck_assert_ptr_nonnull(tmp);
    fflush(stderr);
    dup2(fileno(tmp), 2);
    rc = conf_parse(text, strlen(text), "x.conf", c);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(tmp);
    n = fread(err, 1, len - 1, tmp);
    err[n] = '\0';
    fclose(tmp);
    return rc;
}

START_TEST(keys_scopes_and_comments)
{
    struct conf c;
    char err[512];

    ck_assert_int_eq(parse("\xef\xbb\xbf# top\n\nalgorithm = Tins  # a comment\r\n"
                           "exclude[Tins-128] = src/#keep.c\ndefines = A B=2\n",
                           &c, err, sizeof err),
                     0);
    ck_assert_str_eq(err, "");
    ck_assert_uint_eq(c.n, 3);
    ck_assert_str_eq(c.lines[0].key, "algorithm");
    ck_assert_str_eq(c.lines[0].value, "Tins");
    ck_assert_int_eq(c.lines[0].lineno, 3);
    ck_assert_ptr_null(c.lines[0].instance);
    ck_assert_str_eq(c.lines[1].instance, "Tins-128");
    ck_assert_str_eq(c.lines[1].value, "src/#keep.c");
    ck_assert_str_eq(c.lines[2].value, "A B=2");
    conf_free(&c);
}
END_TEST

START_TEST(each_error_names_its_line)
{
    static const struct {
        const char *text, *message;
    } cases[] = {
        {"optimise = yes\n", "iccsprof: x.conf:1: unknown key \"optimise\" (known: id, algorithm, "
                             "type, instance, exclude, cflags, defines, lenient)\n"},
        {"id = sign-29\nid = sign-18\n", "iccsprof: x.conf:2: id given twice\n"},
        {"\n\nnothing\n", "iccsprof: x.conf:3: expected KEY = VALUE\n"},
        {"type = signature\n", "iccsprof: x.conf:1: type must be sig, kem or kex\n"},
        {"type = sig\ntype = kem\n", "iccsprof: x.conf:2: type given twice\n"},
        {"algorithm[A] = x\n", "iccsprof: x.conf:1: algorithm applies to the whole scheme and "
                               "takes no [instance]\n"},
        {"exclude[ ] = x\n", "iccsprof: x.conf:1: empty instance name in []\n"},
        {"cflags =  # nothing\n", "iccsprof: x.conf:1: cflags needs a value\n"},
        {"instance = Only\n", "iccsprof: x.conf:1: instance needs a name and a folder\n"},
        {"lenient = maybe\n", "iccsprof: x.conf:1: lenient must be auto, yes or no\n"},
    };
    char err[512];

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct conf c;

        ck_assert_int_eq(parse(cases[i].text, &c, err, sizeof err), -1);
        ck_assert_str_eq(err, cases[i].message);
    }
}
END_TEST

/* The exclude line conf_exclude_pattern gives for NAME, read back as
 * the descriptor reads it, matches NAME and not OTHER. */
static void pattern_names(const char *name, const char *other, const char *want)
{
    char *pattern = conf_exclude_pattern(name), *line, err[512];
    struct conf c;

    ck_assert_ptr_nonnull(pattern);
    ck_assert_str_eq(pattern, want);
    line = xasprintf("exclude = %s\n", pattern);
    ck_assert_int_eq(parse(line, &c, err, sizeof err), 0);
    ck_assert_int_eq(fnmatch(c.lines[0].value, name, 0), 0);
    ck_assert_int_ne(fnmatch(c.lines[0].value, other, 0), 0);
    conf_free(&c);
    free(line);
    free(pattern);
}

START_TEST(exclude_pattern_is_the_file_alone)
{
    pattern_names("src/tag.c", "src/tags.c", "src/tag.c");
    pattern_names("src/*.c", "src/tag.c", "src/\\*.c");
    pattern_names("src/[t]ag.c", "src/tag.c", "src/\\[t]ag.c");
    pattern_names("src/u?.c", "src/ux.c", "src/u\\?.c");
    pattern_names("src/a\\b.c", "src/ab.c", "src/a\\\\b.c");
    pattern_names("src/t #x.c", "src/t ", "src/t[ ]#x.c");
    pattern_names(" lead.c ", "lead.c", "[ ]lead.c[ ]");
    ck_assert_ptr_null(conf_exclude_pattern("src/two\nlines.c"));
}
END_TEST

Suite *make_plan_conf_suite(void)
{
    Suite *s = suite_create("plan_conf");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, keys_scopes_and_comments);
    tcase_add_test(tc, each_error_names_its_line);
    tcase_add_test(tc, exclude_pattern_is_the_file_alone);
    suite_add_tcase(s, tc);
    return s;
}
