/* check_escape.c - text escaped for where it goes: Markdown text and table
 * cells (md_escape, md_link), CSV cells (flat_print_csv) and a terminal
 * (text_for_terminal). */
#include "config.h"

#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/flat.h"
#include "report/mdtable.h"
#include "site/page-html.h"
#include "util/strlist.h"
#include "util/terminal.h"
#include "suites.h"

/* md_escape of TEXT (in a table cell when TABLE) is WANT. */
static void md_is(const char *text, bool table, const char *want)
{
    char *got = md_escape(text, table);

    ck_assert_str_eq(got, want);
    free(got);
}

START_TEST(markdown_text_shows_what_it_says)
{
    md_is("<img src=x onerror=alert(1)>", false, "\\<img src=x onerror=alert(1)\\>");
    md_is("[click](javascript:alert(2))", false, "\\[click\\](javascript:alert(2))");
    md_is("R&D \\[x]", false, "R\\&D \\\\\\[x\\]");
    md_is("a`b", false, "a\\`b");
    md_is("a | b", false, "a | b");
    md_is("a | b", true, "a \\| b");
    md_is("two\nlines\r", false, "two lines ");
    md_is("esc\x1b]52;c;eA==\x07 c1\xc2\x9b done", false, "esc\\x1b\\]52;c;eA==\\x07 c1\\x9b done");
    /* code spans stay as they are, bars in them escaped in a cell */
    md_is("`<b>` and ``a`|b``", true, "`<b>` and ``a`\\|b``");
    md_is("`\x1b[31m`", false, "`\\x1b[31m`");
    /* Unicode text is text */
    md_is("Keccak-f\xe2\x80\x94\xc3\xa9", false, "Keccak-f\xe2\x80\x94\xc3\xa9");
}
END_TEST

START_TEST(markdown_links_only_as_made)
{
    char *link = md_link("Box <1> [x]", "box/index.html"), *cell;

    cell = xasprintf("%s, see", link);
    md_is(cell, true, "[Box \\<1\\> \\[x\\]](box/index.html), see");
    free(cell);
    free(link);
    /* a target that is no page's name is text */
    link = md_link("x", "javascript:alert(1)");
    md_is(link, false, "\\x01\\[x\\](javascript:alert(1))\\x02");
    free(link);
    /* a record's string that forges the marks around a raw link */
    md_is("\x01[<b>](x.html)\x02", false, "\\x01\\[\\<b\\>\\](x.html)\\x02");
}
END_TEST

START_TEST(terminal_text_shows_controls)
{
    char *t = text_for_terminal("host\x1b]52;c;eA==\x07\tname\n\x7f\xc2\x9b\xc3\xa9", "\t");

    ck_assert_str_eq(t, "host\\x1b]52;c;eA==\\x07\tname\\x0a\\x7f\\x9b\xc3\xa9");
    free(t);
    t = text_for_terminal("line\nline\t", "\n\t");
    ck_assert_str_eq(t, "line\nline\t");
    free(t);
}
END_TEST

/* One CSV row of CELLS (strings) and a number, as flat_print_csv writes it. */
/* A command's trace line shows the controls of its folder and words as
 * \xNN, the rest as it is: a package's file names are in it. */
START_TEST(command_trace_shows_controls)
{
    char *argv[] = {"cc", "-c", "e\x1b]52;c;eA==\x07.c", "-DX=a b", NULL}, *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);

    ck_assert_ptr_nonnull(f);
    text_show_command(f, NULL, argv, 4);
    text_show_command(f, "kat/\x1b[2Jplain", argv, 1);
    fclose(f);
    ck_assert_str_eq(text, "+ cc -c e\\x1b]52;c;eA==\\x07.c -DX=a b\n"
                           "+ (in kat/\\x1b[2Jplain) cc\n");
    free(text);
}
END_TEST

START_TEST(csv_formulas_neutralised)
{
    json_t *keys = json_pack("[s,s,s,s,s,s,s]", "a", "b", "c", "d", "e", "f", "n");
    json_t *rows =
        json_pack("[{s:s,s:s,s:s,s:s,s:s,s:s,s:f}]", "a", "=cmd|'/c calc'!A1", "b", "+1", "c",
                  "-O2", "d", "@SUM(A1)", "e", "\tx", "f", "plain, text", "n", -1.5);
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);

    flat_print_csv(keys, rows, m);
    fclose(m);
    ck_assert_str_eq(text, "a,b,c,d,e,f,n\r\n'=cmd|'/c calc'!A1,'+1,'-O2,'@SUM(A1),'\tx,\"plain, "
                           "text\",-1.5\r\n");
    free(text);
    json_decref(keys);
    json_decref(rows);
}
END_TEST

/* The site's links: one page. */
static const char *box_href(void *ctx, const char *target)
{
    (void)ctx;
    return strcmp(target, "box/index.html") == 0 ? "box/index.html" : NULL;
}

/* The HTML of a page reads what its escaped Markdown says. */
START_TEST(html_reads_escaped_markdown)
{
    struct page *pg = page_new();
    struct page_html how = {.href = box_href};
    char *link = md_link("Box [1]", "box/index.html"), *html = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&html, &len);

    page_heading(pg, "Hosts");
    page_item(pg, "host <img src=x> & [y](box/index.html) \\ `<c>` a`b");
    page_item(pg, "see %s", link);
    page_print_html(pg, &how, m);
    fclose(m);
    ck_assert_ptr_nonnull(strstr(html, "<li>host &lt;img src=x&gt; &amp; [y](box/index.html) \\ "
                                       "<code>&lt;c&gt;</code> a`b</li>"));
    ck_assert_ptr_nonnull(strstr(html, "<li>see <a href=\"box/index.html\">Box [1]</a></li>"));
    free(html);
    free(link);
    page_free(pg);
}
END_TEST

Suite *make_escape_suite(void)
{
    Suite *s = suite_create("escape");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, markdown_text_shows_what_it_says);
    tcase_add_test(tc, markdown_links_only_as_made);
    tcase_add_test(tc, html_reads_escaped_markdown);
    tcase_add_test(tc, terminal_text_shows_controls);
    tcase_add_test(tc, command_trace_shows_controls);
    tcase_add_test(tc, csv_formulas_neutralised);
    suite_add_tcase(s, tc);
    return s;
}
