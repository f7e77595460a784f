/* check_page.c - the page as a structure (the blocks another renderer
 * walks, the tables' cells and notes) and its Markdown. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "report/page.h"
#include "suites.h"

/* PG printed as Markdown, newly allocated. */
static char *page_text_of(const struct page *pg)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);

    page_print_md(pg, m);
    fclose(m);
    return text;
}

/* A page of every kind of block, as the report builds one. */
static struct page *page_sample(void)
{
    static const char *const headers[] = {"item", "value"};
    static const char *const row[] = {"memory", "31788 MiB | swap"};
    struct page *pg = page_new();
    struct mdtable *t = mdtable_new(NULL, 2, headers, "lr");

    page_text(pg, "Made by %s", "iccsprof");
    page_title(pg, "sign-29 %s", "Tins");
    page_heading(pg, "%d. %s", 1, "Basic information");
    page_item(pg, "Algorithm: %s", "Tins");
    page_item(pg, "Parameter sets: %s", "Tins128,\nTins256");
    page_heading(pg, "2. Assessment environment");
    mdtable_row(t, row);
    mdtable_note(t, "a note");
    page_table(pg, t);
    return pg;
}

START_TEST(blocks_in_order)
{
    struct page *pg = page_sample();
    static const enum page_kind kinds[] = {PAGE_TEXT, PAGE_TITLE,   PAGE_HEADING,
                                           PAGE_LIST, PAGE_HEADING, PAGE_TABLE};

    ck_assert_uint_eq(page_nblocks(pg), 6);
    for (size_t i = 0; i < 6; i++)
        ck_assert_int_eq(page_block(pg, i)->kind, kinds[i]);
    ck_assert_str_eq(page_block(pg, 1)->text, "sign-29 Tins");
    ck_assert_str_eq(page_block(pg, 2)->text, "1. Basic information");
    page_free(pg);
}

START_TEST(consecutive_items_make_one_list)
{
    struct page *pg = page_sample();
    const struct page_block *list = page_block(pg, 3);

    ck_assert_uint_eq(list->nitems, 2);
    ck_assert_str_eq(list->items[0], "Algorithm: Tins");
    /* a line break in a value cannot start a line of its own */
    ck_assert_str_eq(list->items[1], "Parameter sets: Tins128, Tins256");
    page_free(pg);
}

START_TEST(tables_read_back)
{
    struct page *pg = page_sample();
    const struct mdtable *t = page_block(pg, 5)->table;

    ck_assert_ptr_null(mdtable_title(t));
    ck_assert_uint_eq(mdtable_ncols(t), 2);
    ck_assert_uint_eq(mdtable_rows(t), 1);
    ck_assert_str_eq(mdtable_header(t, 1), "value");
    ck_assert_int_eq(mdtable_align(t, 1), 'r');
    ck_assert_str_eq(mdtable_cell_at(t, 0, 1), "31788 MiB \\| swap");
    ck_assert_uint_eq(mdtable_nnotes(t), 1);
    ck_assert_str_eq(mdtable_note_at(t, 0), "a note");
    page_free(pg);
}

START_TEST(markdown_of_a_page)
{
    struct page *pg = page_sample();
    char *text = page_text_of(pg);

    ck_assert_str_eq(text, "Made by iccsprof\n\n"
                           "# sign-29 Tins\n\n"
                           "## 1. Basic information\n\n"
                           "- Algorithm: Tins\n"
                           "- Parameter sets: Tins128, Tins256\n\n"
                           "## 2. Assessment environment\n\n"
                           "| item | value |\n"
                           "|---|---:|\n"
                           "| memory | 31788 MiB \\| swap |\n\n"
                           "- a note\n\n");
    free(text);
    page_free(pg);
}

START_TEST(an_empty_page)
{
    struct page *pg = page_new();
    char *text = page_text_of(pg);

    ck_assert_uint_eq(page_nblocks(pg), 0);
    ck_assert_str_eq(text, "");
    free(text);
    page_free(pg);
    page_free(NULL);
}

Suite *make_page_suite(void)
{
    Suite *s = suite_create("page");
    TCase *tc = tcase_create("page");

    tcase_add_test(tc, blocks_in_order);
    tcase_add_test(tc, consecutive_items_make_one_list);
    tcase_add_test(tc, tables_read_back);
    tcase_add_test(tc, markdown_of_a_page);
    tcase_add_test(tc, an_empty_page);
    suite_add_tcase(s, tc);
    return s;
}
