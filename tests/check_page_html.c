/* check_page_html.c - a page rendered as HTML (page-html.h): sections,
 * tables with captions and header cells, escaping, code spans, and links
 * made only where the caller gives an address. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "site/page-html.h"
#include "suites.h"

/* The links a test page may make: one target, one address. */
static const char *one_href(void *ctx, const char *target)
{
    (void)ctx;
    return strcmp(target, "r/A-1__sign.json") == 0 ? "r/A-1__sign.json" : NULL;
}

/* What a section's end prints: a marker naming its heading. */
static void end_marker(void *ctx, const char *heading, FILE *out)
{
    (void)ctx;
    fprintf(out, "<!-- end %s -->\n", heading);
}

/* PG as HTML, with HOW; newly allocated. */
static char *html_of(const struct page *pg, const struct page_html *how)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);

    page_print_html(pg, how, m);
    fclose(m);
    return text;
}

/* A page as the report builds one: a title, a list, a table with a
 * note, a titled table, and text from a record. */
static struct page *sample(void)
{
    static const char *const headers[] = {"instance", "mean ticks"};
    static const char *const row1[] = {"`A-1`", "803.4 k"};
    static const char *const row2[] = {"`A-2`", "1.2 M"};
    static const char *const ev_headers[] = {"instance", "file"};
    static const char *const ev_row[] = {"`A-1`", "`r/A-1__sign.json`"};
    struct page *pg = page_new();
    struct mdtable *t = mdtable_new(NULL, 2, headers, "lr");
    struct mdtable *ev = mdtable_new("7. Raw evidence index", 2, ev_headers, "ll");

    page_title(pg, "sign-29 <on> x86 & more");
    page_heading(pg, "1. Basic information");
    page_item(pg, "Algorithm: [evil](javascript:alert(1)) \"quoted\"");
    page_heading(pg, "4. Performance");
    mdtable_row(t, row1);
    mdtable_row(t, row2);
    mdtable_note(t, "a note with `code`");
    page_table(pg, t);
    page_heading(pg, "4. Performance");
    mdtable_row(ev, ev_row);
    page_table(pg, ev);
    return pg;
}

START_TEST(escapes_and_structure)
{
    struct page *pg = sample();
    char *html = html_of(pg, NULL);

    ck_assert_ptr_nonnull(strstr(html, "<h1>sign-29 &lt;on&gt; x86 &amp; more</h1>\n"));
    ck_assert_ptr_nonnull(strstr(html,
                                 "<section aria-labelledby=\"s-1-basic-information\">\n"
                                 "<h2 id=\"s-1-basic-information\">1. Basic information</h2>"));
    /* a Markdown link nobody vouches for stays text */
    ck_assert_ptr_nonnull(
        strstr(html, "<li>Algorithm: [evil](javascript:alert(1)) &quot;quoted&quot;</li>"));
    ck_assert_ptr_null(strstr(html, "href="));
    /* the same heading twice gets two ids (the first table took the second) */
    ck_assert_ptr_nonnull(strstr(html, "<h2 id=\"s-4-performance\">"));
    ck_assert_ptr_nonnull(strstr(html, "<h2 id=\"s-4-performance-3\">"));
    /* every section closed */
    ck_assert_ptr_nonnull(strstr(html, "</section>\n<section"));
    ck_assert_str_eq(html + strlen(html) - strlen("</section>\n"), "</section>\n");
    free(html);
    page_free(pg);
}
END_TEST

START_TEST(tables_have_captions_and_header_cells)
{
    struct page *pg = sample();
    char *html = html_of(pg, NULL);

    ck_assert_ptr_nonnull(strstr(html, "<table class=\"sortable\">\n<caption id="));
    ck_assert_ptr_nonnull(strstr(html, "class=\"vh\">4. Performance</caption>"));
    ck_assert_ptr_nonnull(strstr(
        html, "<thead><tr><th scope=\"col\">instance</th><th scope=\"col\" class=\"num\">mean "
              "ticks</th></tr></thead>"));
    ck_assert_ptr_nonnull(strstr(html, "<tr><th scope=\"row\"><code>A-1</code></th><td "
                                       "class=\"num\">803.4 k</td></tr>"));
    ck_assert_ptr_nonnull(strstr(html, "<ul class=\"notes\">\n<li>a note with <code>code</code>"));
    /* a one-row table is not sortable: nothing to sort */
    ck_assert_ptr_nonnull(strstr(html, "<table>\n<caption"));
    free(html);
    page_free(pg);
}
END_TEST

START_TEST(links_only_where_given)
{
    struct page *pg = sample();
    struct page_html how = {.href = one_href, .section_end = end_marker};
    char *html = html_of(pg, &how);

    ck_assert_ptr_nonnull(
        strstr(html, "<td><a href=\"r/A-1__sign.json\"><code>r/A-1__sign.json</code></a></td>"));
    /* the record's own link and the instance names are still text */
    ck_assert_ptr_null(strstr(html, "javascript:alert(1)\""));
    ck_assert_ptr_nonnull(strstr(html, "<th scope=\"row\"><code>A-1</code></th>"));
    /* each section ends with what the caller adds, inside it */
    ck_assert_ptr_nonnull(strstr(html, "<!-- end 1. Basic information -->\n</section>"));
    ck_assert_ptr_nonnull(strstr(html, "<!-- end 7. Raw evidence index -->\n</section>\n"));
    free(html);
    page_free(pg);
}
END_TEST

/* A bar in a cell (which the table escapes for Markdown) reads as a bar. */
START_TEST(code_spans_and_bars)
{
    static const char *const headers[] = {"item"};
    static const char *const row[] = {"a | b `` x`y `` ` `` ` <c>"};
    struct page *pg = page_new();
    struct mdtable *t = mdtable_new(NULL, 1, headers, "l");
    char *html;

    page_heading(pg, "Cells");
    mdtable_row(t, row);
    page_table(pg, t);
    html = html_of(pg, NULL);
    ck_assert_ptr_nonnull(
        strstr(html, "<th scope=\"row\">a | b <code>x`y</code> <code>``</code> &lt;c&gt;</th>"));
    free(html);
    page_free(pg);
}
END_TEST

START_TEST(ids_of_headings)
{
    char buf[64];

    ck_assert_str_eq(html_id(buf, sizeof buf, "3. Functional testing (KAT)"),
                     "s-3-functional-testing-kat");
    ck_assert_str_eq(html_id(buf, sizeof buf, "  Symmetric primitives  "),
                     "s-symmetric-primitives");
    ck_assert_str_eq(html_id(buf, sizeof buf, "\xc3\xa9t\xc3\xa9"), "s-t");
    ck_assert_str_eq(html_id(buf, 6, "abcdefgh"), "s-ab");
}
END_TEST

Suite *make_page_html_suite(void)
{
    Suite *s = suite_create("page_html");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, escapes_and_structure);
    tcase_add_test(tc, tables_have_captions_and_header_cells);
    tcase_add_test(tc, links_only_where_given);
    tcase_add_test(tc, code_spans_and_bars);
    tcase_add_test(tc, ids_of_headings);
    suite_add_tcase(s, tc);
    return s;
}
