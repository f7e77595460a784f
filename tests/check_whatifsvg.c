/* check_whatifsvg.c - the what-if document's checks and its heat map: the
 * cells' text and colour, the frame of a measured cell, the marks and the
 * legend that explains them, the title naming host, date and version. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "util/strlist.h"
#include "suites.h"
#include "record/whatif-doc.h"
#include "whatif/whatif-svg.h"

/* A document of one operation against three candidates: the control, a
 * measured one whose projection is off by more than 2 %, an approximate
 * projection, and a measured run that failed its works-check. */
static const char sample[] =
    "{\"schema\": \"iccsprof-whatif/1\","
    " \"tool\": {\"name\": \"iccsprof\", \"version\": \"9.8.7\"},"
    " \"created\": \"2026-12-04T05:00:00Z\","
    " \"command\": \"iccsprof whatif --hashes h p\","
    " \"host\": {\"name\": \"bench1\", \"cpu\": \"AMD EPYC\", \"emulated\": false},"
    " \"method\": {\"projection\": \"shapes times costs\", \"flag_percent\": 2.0},"
    " \"candidates\": [{\"name\": \"iccs\", \"kind\": \"control\"},"
    "   {\"name\": \"sm3\", \"kind\": \"libcrypto\"},"
    "   {\"name\": \"toyhash\", \"kind\": \"package\"}],"
    " \"rows\": ["
    "  {\"scheme\": \"s\", \"instance\": \"I-1\", \"operation\": \"sign\", \"candidate\": \"iccs\","
    "   \"placeholder_cycles\": 1000.0,"
    "   \"projected\": {\"cycles\": 1000.0, \"ratio\": 1.0, \"approximate\": false},"
    "   \"measured\": null, \"difference_percent\": null, \"flagged\": false},"
    "  {\"scheme\": \"s\", \"instance\": \"I-1\", \"operation\": \"sign\", \"candidate\": \"sm3\","
    "   \"placeholder_cycles\": 1000.0,"
    "   \"projected\": {\"cycles\": 4000.0, \"ratio\": 4.0, \"approximate\": false},"
    "   \"measured\": {\"cycles\": 4200.0, \"ratio\": 4.2, \"works\": true},"
    "   \"difference_percent\": -4.76, \"flagged\": true},"
    "  {\"scheme\": \"s\", \"instance\": \"I-1\", \"operation\": \"sign\", \"candidate\": "
    "\"toyhash\","
    "   \"placeholder_cycles\": 1000.0,"
    "   \"projected\": {\"cycles\": 250.0, \"ratio\": 0.25, \"approximate\": true},"
    "   \"measured\": null, \"difference_percent\": null, \"flagged\": false},"
    "  {\"scheme\": \"s\", \"instance\": \"I-1\", \"operation\": \"verify\", \"candidate\": "
    "\"sm3\","
    "   \"placeholder_cycles\": 500.0,"
    "   \"projected\": {\"cycles\": 600.0, \"ratio\": 1.2, \"approximate\": false},"
    "   \"measured\": {\"cycles\": null, \"ratio\": null, \"works\": false},"
    "   \"difference_percent\": null, \"flagged\": false}"
    " ]}";

/* The sample, parsed. */
static json_t *sample_doc(void)
{
    json_error_t e;
    json_t *doc = json_loads(sample, 0, &e);

    ck_assert_msg(doc != NULL, "sample: %s", e.text);
    return doc;
}

/* The heat map of DOC, newly allocated.  The stream's buffer and size are
 * static: gcc takes the pointers read from a local buffer for dangling
 * ones once this is inlined. */
static char *heat_map(json_t *doc)
{
    static char *text;
    static size_t len;
    FILE *m = open_memstream(&text, &len);

    whatif_svg_print(doc, m);
    fclose(m);
    return text;
}

/* How many times NEEDLE occurs in HAY. */
static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;

    for (const char *p = strstr(hay, needle); p != NULL; p = strstr(p + 1, needle))
        n++;
    return n;
}

START_TEST(sample_is_valid)
{
    json_t *doc = sample_doc();
    char why[256] = "";

    ck_assert_int_eq(whatif_doc_check(doc, why, sizeof why), 0);
    ck_assert_str_eq(why, "");
    json_decref(doc);
}
END_TEST

START_TEST(cells_written_with_their_marks)
{
    json_t *doc = sample_doc();
    char *svg = heat_map(doc);

    /* the control: projected, plain, on the pale middle of the scale */
    ck_assert_ptr_nonnull(strstr(svg, "fill=\"#f7f7f7\" class=\"cell\">"));
    ck_assert_ptr_nonnull(strstr(svg, "class=\"value\">1.00</text>"));
    /* measured, dearer than 4x saturates red; bold, white, flagged */
    ck_assert_ptr_nonnull(strstr(svg, "fill=\"#b2182b\" class=\"cell\">"));
    ck_assert_ptr_nonnull(strstr(svg, "class=\"value measured inv\">4.20\xe2\x80\xa0</text>"));
    /* an approximate projection, 4x cheaper: saturated blue, marked */
    ck_assert_ptr_nonnull(strstr(svg, "fill=\"#2166ac\" class=\"cell\">"));
    ck_assert_ptr_nonnull(strstr(svg, "class=\"value inv\">\xe2\x89\x88"
                                      "0.25</text>"));
    /* a failed run is not coloured */
    ck_assert_ptr_nonnull(strstr(svg, "fill=\"#ffffff\" class=\"cell\">"));
    ck_assert_ptr_nonnull(strstr(svg, "class=\"value none\">fails</text>"));
    /* one frame: the one measurement that worked */
    ck_assert_uint_eq(count(svg, "class=\"measured\"/>"), 1);
    free(svg);
    json_decref(doc);
}
END_TEST

START_TEST(columns_in_candidate_order)
{
    json_t *doc = sample_doc();
    char *svg = heat_map(doc);
    const char *iccs = strstr(svg, "class=\"head\">iccs</text>");
    const char *sm3 = strstr(svg, "class=\"head\">sm3</text>");
    const char *toy = strstr(svg, "class=\"head\">toyhash</text>");

    ck_assert_ptr_nonnull(iccs);
    ck_assert_ptr_nonnull(sm3);
    ck_assert_ptr_nonnull(toy);
    ck_assert(iccs < sm3 && sm3 < toy);
    /* the operations in the order of the rows; one instance label */
    ck_assert_ptr_nonnull(strstr(svg, ">sign</text>"));
    ck_assert(strstr(svg, ">sign</text>") < strstr(svg, ">verify</text>"));
    ck_assert_uint_eq(count(svg, "class=\"instance\">I-1</text>"), 1);
    ck_assert_uint_eq(count(svg, "class=\"group\">s</text>"), 1);
    free(svg);
    json_decref(doc);
}
END_TEST

START_TEST(legend_explains_what_is_drawn)
{
    json_t *doc = sample_doc();
    char *svg = heat_map(doc);

    ck_assert_ptr_nonnull(strstr(svg, "class=\"legend measured-key\">Bold in a frame:"));
    ck_assert_ptr_nonnull(strstr(svg, "class=\"legend\">1.00: as costly as the placeholder;"));
    ck_assert_ptr_nonnull(strstr(svg, ">\xe2\x89\x88 approximate projection:"));
    ck_assert_ptr_nonnull(strstr(svg, " 2\xc2\xa0%.</text>"));
    ck_assert_ptr_nonnull(strstr(svg, ">fails: the scheme did not work"));
    /* the scale's ends and middle */
    ck_assert_ptr_nonnull(strstr(svg, ">\xe2\x89\xa4"
                                      "0.25</text>"));
    ck_assert_ptr_nonnull(strstr(svg, "text-anchor=\"middle\">1</text>"));
    ck_assert_ptr_nonnull(strstr(svg, ">\xe2\x89\xa5"
                                      "4</text>"));
    /* no cell without a projection, so no key for one */
    ck_assert_ptr_null(strstr(svg, "n/a:"));
    free(svg);
    json_decref(doc);
}
END_TEST

START_TEST(title_names_host_date_version)
{
    json_t *doc = sample_doc();
    char *svg = heat_map(doc);

    ck_assert_ptr_nonnull(strstr(svg, "class=\"meta\">host bench1 (AMD EPYC)</text>"));
    ck_assert_ptr_nonnull(strstr(svg, "class=\"meta\">2026-12-04, iccsprof 9.8.7: iccsprof "));
    ck_assert_ptr_nonnull(strstr(svg, "<title>What if: each operation with another hash"));
    free(svg);
    json_decref(doc);
}
END_TEST

START_TEST(plain_projections_have_a_plain_key)
{
    json_t *doc = sample_doc(), *rows = json_object_get(doc, "rows");
    char *svg;

    /* drop the measurements: every cell projected, none framed */
    for (size_t i = 0; i < json_array_size(rows); i++) {
        json_object_set_new(json_array_get(rows, i), "measured", json_null());
        json_object_set_new(json_array_get(rows, i), "flagged", json_false());
    }
    svg = heat_map(doc);
    ck_assert_uint_eq(count(svg, "class=\"measured\"/>"), 0);
    ck_assert_ptr_null(strstr(svg, "Bold in a frame"));
    ck_assert_ptr_nonnull(strstr(svg, ">Every cell is projected"));
    ck_assert_ptr_null(strstr(svg, "\xe2\x80\xa0"));
    ck_assert_ptr_nonnull(strstr(svg, "class=\"value\">1.20</text>"));
    free(svg);
    json_decref(doc);
}
END_TEST

START_TEST(long_command_cut_to_the_page)
{
    json_t *doc = sample_doc();
    char path[256], *svg, *command;

    memset(path, 'a', sizeof path - 1);
    path[0] = '/';
    path[sizeof path - 2] = 'z';
    path[sizeof path - 1] = '\0';
    command = xasprintf("iccsprof whatif --out %s", path);
    json_object_set_new(doc, "command", json_string(command));
    svg = heat_map(doc);
    /* the path, wider than the page, is cut into lines: its beginning and
     * its end are there, never whole */
    ck_assert_ptr_null(strstr(svg, path));
    ck_assert_ptr_nonnull(strstr(svg, "--out</text>"));
    ck_assert_ptr_nonnull(strstr(svg, ">/aaaa"));
    ck_assert_ptr_nonnull(strstr(svg, "aaz</text>"));
    free(svg);
    free(command);
    json_decref(doc);
}
END_TEST

/* The check's message for the sample with EDIT applied at JSON pointer
 * of row ROW, member KEY set to VALUE (the caller's reference). */
static char *check_edited(int row, const char *key, json_t *value)
{
    json_t *doc = sample_doc();
    json_t *target = row < 0 ? doc : json_array_get(json_object_get(doc, "rows"), (size_t)row);
    static char why[512];

    json_object_set_new(target, key, value);
    why[0] = '\0';
    ck_assert_int_eq(whatif_doc_check(doc, why, sizeof why), -1);
    json_decref(doc);
    return why;
}

START_TEST(check_names_the_fault)
{
    ck_assert_str_eq(check_edited(-1, "schema", json_string("iccsprof-whatif/3")),
                     "schema \"iccsprof-whatif/3\" is newer than this iccsprof reads (up to "
                     "iccsprof-whatif/2)");
    ck_assert_str_eq(check_edited(-1, "schema", json_string("iccsprof.profile/5")),
                     "schema \"iccsprof.profile/5\" is not an iccsprof what-if document");
    ck_assert_str_eq(check_edited(1, "candidate", json_string("blake3")),
                     "field rows[1].candidate: \"blake3\" is not among the candidates");
    ck_assert_str_eq(check_edited(2, "placeholder_cycles", json_real(-1)),
                     "field rows[2].placeholder_cycles: expected a number from 0, found a "
                     "negative number");
    ck_assert_str_eq(check_edited(0, "flagged", json_string("no")),
                     "field rows[0].flagged: expected a boolean, found a string");
    ck_assert_str_eq(check_edited(0, "projected", json_null()), "field rows[0].why is missing");
    ck_assert_str_eq(check_edited(-1, "rows", json_object()),
                     "field rows: expected an array, found an object");
}
END_TEST

/* The sample as a version 2 document: each row with its method (the
 * control and sm3 played back, with their half-widths) and whether its
 * calls depend on the hash (sm3's verify does, with why). */
static json_t *sample_v2(void)
{
    json_t *doc = sample_doc(), *row;
    size_t i;

    json_object_set_new(doc, "schema", json_string("iccsprof-whatif/2"));
    json_array_foreach(json_object_get(doc, "rows"), i, row)
    {
        bool replay = i != 2;

        json_object_set_new(row, "method", json_string(replay ? "replay" : "microbenchmark"));
        json_object_set_new(row, "calls_depend_on_hash", json_boolean(i == 3));
        if (replay)
            json_object_set_new(json_object_get(row, "projected"), "half_width", json_real(0.004));
    }
    json_object_set_new(json_array_get(json_object_get(doc, "rows"), 3), "calls_why",
                        json_string("258 helper calls with the candidate, 273 with the "
                                    "placeholder"));
    return doc;
}

/* The check's message for the version 2 sample with row ROW's member
 * KEY of its projection (PROJECTED) or of itself set to VALUE, or
 * removed (VALUE NULL); "" when it passes. */
static const char *check_v2(int row, bool projected, const char *key, json_t *value)
{
    json_t *doc = sample_v2();
    json_t *target = json_array_get(json_object_get(doc, "rows"), (size_t)row);
    static char why[512];

    if (projected)
        target = json_object_get(target, "projected");
    if (value != NULL)
        json_object_set_new(target, key, value);
    else
        json_object_del(target, key);
    why[0] = '\0';
    (void)whatif_doc_check(doc, why, sizeof why);
    json_decref(doc);
    return why;
}

/* A version 2 document: each row says its method, one of two, and
 * whether its calls depend on the hash (and why, when they do); a
 * played-back projection gives its half-width. */
START_TEST(check_version_2)
{
    ck_assert_str_eq(check_v2(0, false, "flagged", json_false()), "");
    ck_assert_str_eq(check_v2(0, false, "method", NULL), "field rows[0].method is missing");
    ck_assert_str_eq(check_v2(1, false, "method", json_string("guess")),
                     "field rows[1].method: \"guess\" is neither replay nor microbenchmark");
    ck_assert_str_eq(check_v2(1, true, "half_width", NULL),
                     "field rows[1].projected.half_width is missing");
    ck_assert_str_eq(check_v2(2, true, "half_width", NULL), "");
    ck_assert_str_eq(check_v2(0, true, "half_width", json_real(-0.1)),
                     "field rows[0].projected.half_width: expected a number from 0, found a "
                     "negative number");
    ck_assert_str_eq(check_v2(2, false, "calls_depend_on_hash", NULL),
                     "field rows[2].calls_depend_on_hash is missing");
    ck_assert_str_eq(check_v2(3, false, "calls_why", NULL), "field rows[3].calls_why is missing");
}
END_TEST

START_TEST(check_refuses_twin_candidates)
{
    json_t *doc = sample_doc();
    char why[512];

    json_object_set_new(json_array_get(json_object_get(doc, "candidates"), 2), "name",
                        json_string("sm3"));
    ck_assert_int_eq(whatif_doc_check(doc, why, sizeof why), -1);
    ck_assert_str_eq(why, "field candidates[2].name: \"sm3\" names another candidate too");
    json_decref(doc);
}
END_TEST

START_TEST(ticks_said_where_every_record_counts_them)
{
    json_t *doc = sample_doc(), *rows = json_object_get(doc, "rows");
    char *svg = heat_map(doc);

    /* records of a host with a hardware cycle counter, or of an older
     * document: cycles */
    ck_assert_str_eq(whatif_unit(doc), "cycles");
    ck_assert_ptr_nonnull(strstr(svg, ">Each cell: the operation's cycles "));
    free(svg);
    for (size_t i = 0; i < json_array_size(rows); i++)
        json_object_set_new(json_array_get(rows, i), "cycles_source", json_string("ticks"));
    ck_assert_str_eq(whatif_unit(doc), "ticks");
    svg = heat_map(doc);
    ck_assert_ptr_nonnull(strstr(svg, ">Each cell: the operation's ticks "));
    ck_assert_ptr_nonnull(strstr(svg, " ticks (4.000); measured "));
    ck_assert_ptr_null(strstr(svg, " cycles"));
    free(svg);
    /* one record with a cycle counter among them: not all ticks */
    json_object_set_new(json_array_get(rows, 3), "cycles_source", json_string("perf_event"));
    ck_assert_str_eq(whatif_unit(doc), "cycles");
    /* a wrong type is named as such, not as a number out of range */
    ck_assert_str_eq(check_edited(0, "cycles_source", json_integer(3)),
                     "field rows[0].cycles_source: expected a string, found an integer");
    json_decref(doc);
}
END_TEST

Suite *make_whatifsvg_suite(void)
{
    Suite *s = suite_create("whatifsvg");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, sample_is_valid);
    tcase_add_test(tc, cells_written_with_their_marks);
    tcase_add_test(tc, columns_in_candidate_order);
    tcase_add_test(tc, legend_explains_what_is_drawn);
    tcase_add_test(tc, title_names_host_date_version);
    tcase_add_test(tc, plain_projections_have_a_plain_key);
    tcase_add_test(tc, ticks_said_where_every_record_counts_them);
    tcase_add_test(tc, long_command_cut_to_the_page);
    tcase_add_test(tc, check_names_the_fault);
    tcase_add_test(tc, check_version_2);
    tcase_add_test(tc, check_refuses_twin_candidates);
    suite_add_tcase(s, tc);
    return s;
}
