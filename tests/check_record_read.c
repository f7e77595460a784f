/* check_record_read.c - the record reader: every field report and compare
 * use, the /1 form, and the one-line errors naming the file and field.
 *
 * The records are the hand-written ones of tests/report/; the faulty ones
 * are made here by changing one member of a good record with jansson. */
#include "config.h"

#include <check.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "record/record-read.h"
#include "suites.h"

/* A record of tests/report/ by its path below that folder. */
static char *case_path(const char *rel)
{
    const char *top = getenv("top_srcdir");
    char *path;

    ck_assert_msg(top != NULL, "top_srcdir is not set (run through make check)");
    ck_assert_int_ge(asprintf(&path, "%s/tests/report/%s", top, rel), 0);
    return path;
}

/* Load a record of tests/report/, which must be good. */
static struct rec *load_case(const char *rel)
{
    char *path = case_path(rel), err[1024] = "";
    struct rec *r = rec_load(path, err, sizeof err);

    ck_assert_msg(r != NULL, "%s", err);
    free(path);
    return r;
}

/* A temporary file holding TEXT; the caller unlinks and frees it. */
static char *temp_file(const char *text)
{
    char *path = strdup("/tmp/iccsprof-check-record-XXXXXX");
    int fd = mkstemp(path);
    FILE *f;

    ck_assert_int_ge(fd, 0);
    f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    return path;
}

/* Load TEXT as a record and return the reader's error, with the file name
 * replaced by "F" (the caller frees it); NULL when the record was read. */
static char *load_error(const char *text)
{
    char *path = temp_file(text), err[1024] = "", *out = NULL;
    struct rec *r = rec_load(path, err, sizeof err);

    if (r == NULL) {
        ck_assert_msg(strncmp(err, path, strlen(path)) == 0, "error does not name the file: %s",
                      err);
        ck_assert_int_ge(asprintf(&out, "F%s", err + strlen(path)), 0);
    }
    rec_free(r);
    unlink(path);
    free(path);
    return out;
}

/* TREE (kept) loaded as a record, which must be good. */
static struct rec *tree_rec(json_t *tree)
{
    char *text = json_dumps(tree, 0), *path = temp_file(text), err[1024] = "";
    struct rec *r = rec_load(path, err, sizeof err);

    ck_assert_msg(r != NULL, "%s", err);
    unlink(path);
    free(path);
    free(text);
    return r;
}

/* The good signing record of tests/report/sections-md as a JSON tree. */
static json_t *good_tree(void)
{
    char *path = case_path("sections-md/input/sign-demo/Demo-128__sign.json");
    json_error_t e;
    json_t *root = json_load_file(path, 0, &e);

    ck_assert_msg(root != NULL, "%s: %s", path, e.text);
    free(path);
    return root;
}

/* The reader's error for TREE (which is consumed). */
static char *tree_error(json_t *tree)
{
    char *text = json_dumps(tree, JSON_INDENT(1)), *err = load_error(text);

    free(text);
    json_decref(tree);
    return err;
}

/* Assert that TREE (consumed) fails to load with WANT (file name as F). */
static void assert_tree_error(json_t *tree, const char *want)
{
    char *err = tree_error(tree);

    ck_assert_msg(err != NULL, "accepted, wanted: %s", want);
    ck_assert_str_eq(err, want);
    free(err);
}

/* The JSON object at the dotted path P below ROOT (members only). */
static json_t *at(json_t *root, const char *p)
{
    char *copy = strdup(p), *save = NULL;

    for (char *key = strtok_r(copy, ".", &save); key != NULL; key = strtok_r(NULL, ".", &save))
        root = json_object_get(root, key);
    free(copy);
    ck_assert_ptr_nonnull(root);
    return root;
}

/* A version 5 record: grouped shape rows with their bounds, the calls of
 * call sites beyond the table, DRNG draws beyond the contexts
 * identified; and what a version 5 record must have. */
START_TEST(version_5_grouped_rows)
{
    struct rec *r = load_case("grouped-md/input/Grp-1__keygen.json");
    char *text, *err;
    json_t *tree;
    size_t grouped = 0;

    ck_assert_int_eq(r->version, 5);
    ck_assert_int_eq(r->helper[ICCSPROF_PSEUDOXOF].calls, 50700);
    ck_assert_int_eq(r->helper[ICCSPROF_PSEUDOXOF].grouped_calls, 50500);
    ck_assert_int_eq(r->grouped_rows, 3);
    ck_assert_int_eq(r->grouped_calls, 50500);
    ck_assert_int_eq(r->shape_table, 256);
    ck_assert_int_eq(r->overflow_calls, 0);
    ck_assert_uint_eq(r->nshapes, 6);
    for (size_t i = 0; i < r->nshapes; i++) {
        const struct rec_shape *s = &r->shapes[i];

        grouped += s->grouped;
        if (!s->grouped)
            ck_assert(s->in_bits_max == s->in_bits && s->out_bits_max == s->out_bits);
    }
    ck_assert_uint_eq(grouped, 3);
    ck_assert(r->shapes[0].grouped && r->shapes[0].in_bits == 256 &&
              r->shapes[0].in_bits_max == 511);
    ck_assert(r->shapes[0].out_bits == 4096 && r->shapes[0].out_bits_max == 8191);
    ck_assert(r->shapes[4].grouped && r->shapes[4].in_bits_max == -1 &&
              r->shapes[4].out_bits_max == -1);
    ck_assert_int_eq(r->callers_table, 512);
    ck_assert_uint_eq(r->nbeyond, 1);
    ck_assert_int_eq(r->beyond[0].helper, ICCSPROF_PSEUDOXOF);
    ck_assert_int_eq(r->beyond[0].calls, 700);
    ck_assert_uint_eq(r->beyond[0].nframes, 0);
    ck_assert_int_eq(r->drng_other_calls, 5);
    ck_assert_int_eq(r->drng_table, 8);
    ck_assert_int_eq(r->drng_seed_reached, -1);
    rec_free(r);

    /* version 5 replaces the overflow by the grouped rows */
    text = case_path("grouped-md/input/Grp-1__keygen.json");
    tree = json_load_file(text, 0, NULL);
    free(text);
    json_object_del(at(tree, "profile"), "grouped");
    text = json_dumps(tree, 0);
    err = load_error(text);
    ck_assert_str_eq(err, "F: field profile.grouped is missing");
    free(err);
    free(text);
    json_object_del(json_array_get(at(tree, "profile.shapes"), 0), "in_bits_max");
    json_object_set_new(at(tree, "profile"), "grouped", json_object());
    text = json_dumps(tree, 0);
    err = load_error(text);
    ck_assert_str_eq(err, "F: field profile.shapes[0].in_bits_max is missing");
    free(err);
    free(text);
    json_decref(tree);
}
END_TEST

START_TEST(version_6_cores_and_share_ends)
{
    struct rec *r = load_case("compare-cores/input/a/Grp-1__keygen.json");
    double below, above;
    char *text, *err;
    json_t *tree;

    ck_assert_int_eq(r->version, 6);
    ck_assert_int_eq(r->timing_cores, 2);
    ck_assert_int_eq(r->core_low.cpu, 0);
    ck_assert_int_eq(r->core_low.trials, 3);
    ck_assert_double_eq(r->core_low.mean_cycles, 312000);
    ck_assert_int_eq(r->core_high.cpu, 1);
    ck_assert_double_eq(r->core_high.mean_cycles, 350000);
    ck_assert_double_eq_tol(r->core_high.stderr, 1000 / sqrt(3), 1e-6);
    ck_assert_double_eq(r->mean_cycles, 331000);
    ck_assert_double_eq_tol(r->core_spread, 38000.0 / 331000, 1e-12);
    /* its error has the six trials less the two cores' means */
    ck_assert_double_eq(r->mean_cycles_stderr_df, 4);
    /* 38 k apart against 1.96 x 816 ticks: the cores disagree */
    ck_assert(rec_cores_disagree(r));
    /* the played-back share lies more above its value than below */
    ck_assert_double_eq(r->hash_share, 0.5612);
    ck_assert_double_eq(r->hash_share_lower, 0.5574);
    ck_assert_double_eq(r->hash_share_upper, 0.568);
    rec_share_interval(r, false, &below, &above);
    ck_assert_double_eq_tol(below, 0.0038, 1e-12);
    ck_assert_double_eq_tol(above, 0.0068, 1e-12);
    /* the DRNG share keeps its one half-width */
    rec_share_interval(r, true, &below, &above);
    ck_assert_double_eq(below, above);
    rec_free(r);

    /* one core, or cores within their errors, do not disagree; a record
     * before version 6 names no core */
    r = load_case("compare-uncertainty/input/a/Grp-1__keygen.json");
    ck_assert_int_eq(r->timing_cores, 0);
    ck_assert(isnan(r->core_spread) && isnan(r->hash_share_lower));
    ck_assert(!rec_cores_disagree(r));
    rec_free(r);

    text = case_path("compare-cores/input/a/Grp-1__keygen.json");
    tree = json_load_file(text, 0, NULL);
    free(text);
    json_real_set(json_object_get(json_array_get(at(tree, "timing.cores"), 1), "mean_cycles"),
                  313000);
    r = tree_rec(tree);
    ck_assert(!rec_cores_disagree(r)); /* 1 k apart against 1.96 x 816 */
    rec_free(r);
    /* version 6 requires the cores and the share's ends */
    json_object_del(at(tree, "timing"), "cores");
    text = json_dumps(tree, 0);
    err = load_error(text);
    ck_assert_str_eq(err, "F: field timing.cores is missing");
    free(err);
    free(text);
    json_decref(tree);
}
END_TEST

START_TEST(reads_every_used_field)
{
    struct rec *r = load_case("sections-md/input/sign-demo/Demo-128__sign.json");

    ck_assert_int_eq(r->version, 2);
    ck_assert_str_eq(r->scheme_id, "sign-demo");
    ck_assert_str_eq(r->algorithm, "Demo");
    ck_assert_str_eq(r->instance, "Demo-128");
    ck_assert_int_eq(r->type, REC_SIG);
    ck_assert_int_eq(r->op, REC_SIGN);
    ck_assert_str_eq(r->cflags, "-std=c99 -Wpedantic -Wall -Wextra -O2 -fPIC");
    ck_assert_str_eq(r->tick_source, "rdtsc");
    ck_assert(r->has_timing);
    ck_assert_int_eq(r->n, 4005);
    ck_assert_int_eq(r->trials, 5);
    ck_assert_int_eq(r->calls_per_trial, 801);
    ck_assert_double_eq(r->mean_cycles, 2530000);
    ck_assert_double_eq(r->mean_seconds, 0.00121);
    ck_assert_int_eq(r->static_image_bytes, 41989);
    ck_assert_int_eq(r->peak_rss_kib, 1900);
    ck_assert_int_eq(r->sig, 560);
    ck_assert_int_eq(r->sig_observed_min, 540);
    ck_assert_int_eq(r->ct, -1);
    ck_assert(r->has_profile);
    ck_assert_int_eq(r->profile_calls, 100);
    ck_assert_int_eq(r->helper[ICCSPROF_PSEUDOXOF].calls, 2290);
    ck_assert_double_eq(r->helper[ICCSPROF_PSEUDOXOF].share, 0.55);
    ck_assert_int_eq(r->helper[ICCSPROF_PSEUDOHASH].calls, 0);
    ck_assert_double_eq(r->helper[ICCSPROF_DRNG].calls_per_op, 1.03);
    ck_assert_uint_eq(r->nshapes, 4);
    ck_assert_int_eq(r->shapes[1].helper, ICCSPROF_SM3HASH);
    ck_assert_int_eq(r->shapes[1].in_bits, 512);
    ck_assert_double_eq(r->hash_share, 0.75);
    ck_assert_int_eq(r->sampling_k, 1);
    ck_assert(r->has_callers);
    ck_assert_int_eq(r->callers_depth, 2);
    ck_assert_uint_eq(r->nsites, 4);
    ck_assert_uint_eq(r->sites[0].nframes, 2);
    ck_assert_str_eq(r->sites[0].frames[0].function, "expand_matrix");
    ck_assert_int_eq(r->sites[0].frames[0].function_offset, 0x5b);
    ck_assert_int_eq(r->sites[0].frames[0].line, 42);
    ck_assert_ptr_null(r->sites[2].frames[0].function);
    ck_assert_int_eq(r->sites[2].frames[0].offset, 0x4100);
    ck_assert_ptr_null(r->sites[3].frames[0].object);
    ck_assert(r->has_coverage && !r->coverage_complete);
    ck_assert_int_eq(r->invisible_references, 2);
    ck_assert_str_eq(r->invisible_helpers, "sm3hash");
    ck_assert_int_eq(r->sign_failures_retried, 3);
    ck_assert_int_eq(r->state, REC_PARTIAL);
    rec_free(r);
}
END_TEST

START_TEST(failed_record_has_no_figures)
{
    struct rec *r = load_case("sections-md/input/sign-demo/Demo-256__keygen.json");

    ck_assert_int_eq(r->state, REC_FAILED);
    ck_assert_str_eq(r->message, "killed by signal 11 (Segmentation fault) in sig_keygen");
    ck_assert(!r->has_timing && !r->has_sizes && !r->has_profile && !r->has_callers);
    ck_assert(isnan(r->mean_cycles) && isnan(r->hash_share));
    ck_assert_int_eq(r->n, -1);
    ck_assert_int_eq(r->static_image_bytes, -1);
    ck_assert_int_eq(r->pk, -1);
    rec_free(r);
}
END_TEST

START_TEST(kem_record)
{
    struct rec *r = load_case("sections-md/input/kem-demo/Kyb-512__dec.json");

    ck_assert_int_eq(r->type, REC_KEM);
    ck_assert_int_eq(r->op, REC_DEC);
    ck_assert_int_eq(r->ct, 768);
    ck_assert_int_eq(r->ss, 32);
    ck_assert_int_eq(r->sig, -1);
    ck_assert_int_eq(r->decaps_mismatches, 2);
    rec_free(r);
}
END_TEST

/* A key exchange's step: its sizes, messages and mismatches, and the KAT
 * gate's result the record carries. */
START_TEST(kex_record_with_kat)
{
    json_t *t = good_tree();
    char *text, *path, err[1024] = "";
    struct rec *r;

    json_object_set_new(at(t, "scheme"), "type", json_string("kex"));
    json_object_set_new(t, "operation", json_string("pass2_b"));
    json_object_set_new(t, "sizes",
                        json_pack("{s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:[i, i]}", "pk", 0, "sk", 0,
                                  "sta", 1664, "stb", 64, "ss", 32, "msg_total", 1600, "passes", 2,
                                  "messages", 800, 800));
    json_object_set_new(at(t, "events"), "kex_mismatches", json_integer(3));
    json_object_set_new(t, "kat",
                        json_pack("{s:s, s:s, s:s, s:[s], s:f, s:f, s:s, s:s}", "result", "fail",
                                  "detail", "X.rsp line 5", "driver", "KAT_KEX.c", "responses",
                                  "X.rsp", "seconds", 0.1, "timeout_seconds", 600.0, "profiled",
                                  "differs", "profiled_detail", "line 2"));
    text = json_dumps(t, 0);
    path = temp_file(text);
    r = rec_load(path, err, sizeof err);
    ck_assert_msg(r != NULL, "%s", err);
    ck_assert_int_eq(r->type, REC_KEX);
    ck_assert_int_eq(r->op, REC_PASS1 + 1);
    ck_assert_str_eq(rec_op_name(r->op), "pass2_b");
    ck_assert_int_eq(rec_op_rank(r->op), 3);
    ck_assert_int_eq(r->pk, 0);
    ck_assert_int_eq(r->sta, 1664);
    ck_assert_int_eq(r->msg_total, 1600);
    ck_assert_int_eq(r->passes, 2);
    ck_assert_uint_eq(r->nmessages, 2);
    ck_assert_int_eq(r->messages[1], 800);
    ck_assert_int_eq(r->kex_mismatches, 3);
    ck_assert(r->has_kat);
    ck_assert_int_eq(r->kat, REC_KAT_FAIL);
    ck_assert_str_eq(r->kat_detail, "X.rsp line 5");
    ck_assert_int_eq(r->kat_profiled, REC_KAT_DIFFERS);
    rec_free(r);
    unlink(path);
    free(path);
    free(text);
    json_object_set_new(at(t, "sizes"), "messages", json_pack("[i]", 800));
    json_object_del(t, "kat");
    assert_tree_error(t, "F: field sizes.messages: expected one length per pass (2), found 1");
}
END_TEST

/* A /1 record reads as full timing, standard errors 0, no call sites. */
START_TEST(version_1_defaults)
{
    struct rec *r = load_case("version-1/input/Demo-128__keygen.json");

    ck_assert_int_eq(r->version, 1);
    ck_assert(!r->has_callers);
    ck_assert_int_eq(r->sampling_k, 1);
    ck_assert_int_eq(r->helper[ICCSPROF_PSEUDOXOF].timed_calls, 1000);
    ck_assert_double_eq(r->helper[ICCSPROF_PSEUDOXOF].share_stderr, 0);
    ck_assert_double_eq(r->hash_share_stderr, 0);
    ck_assert_double_eq(r->untimed_outer_ticks, 0);
    ck_assert_int_eq(r->shapes[0].timed_calls, r->shapes[0].calls);
    rec_free(r);
}
END_TEST

START_TEST(errors_name_the_field)
{
    json_t *t;

    t = good_tree();
    json_object_del(at(t, "profile.helpers.sm3hash"), "share");
    assert_tree_error(t, "F: field profile.helpers.sm3hash.share is missing");

    t = good_tree();
    json_object_set_new(at(t, "timing"), "mean_cycles", json_string("2.53 M"));
    assert_tree_error(t, "F: field timing.mean_cycles: expected a number, found a string");

    t = good_tree();
    json_object_set_new(at(t, "timing"), "n", json_real(4005.5));
    assert_tree_error(t, "F: field timing.n: expected a whole number, found a number with a "
                         "fraction");

    t = good_tree();
    json_object_set_new(at(t, "memory"), "peak_rss_kib", json_integer(-3));
    assert_tree_error(t, "F: field memory.peak_rss_kib: -3 is out of range (a whole number from 0 "
                         "to 2^53)");

    t = good_tree();
    json_object_set_new(at(t, "scheme"), "type", json_string("hash"));
    assert_tree_error(t, "F: field scheme.type: unknown value \"hash\"");

    t = good_tree();
    json_object_set_new(t, "operation", json_string("enc"));
    assert_tree_error(t, "F: field operation: \"enc\" is not an operation of a sig scheme");

    t = good_tree();
    json_object_set_new(t, "status", json_null());
    assert_tree_error(t, "F: field status is null");

    t = good_tree();
    json_object_del(t, "callers");
    assert_tree_error(t, "F: field callers is missing");

    t = good_tree();
    json_object_set_new(json_array_get(at(t, "profile.shapes"), 2), "helper",
                        json_string("sha256"));
    assert_tree_error(t, "F: field profile.shapes[2].helper: unknown value \"sha256\"");

    t = good_tree();
    json_object_set_new(
        json_array_get(json_object_get(json_array_get(at(t, "callers.sites"), 1), "frames"), 0),
        "line", json_string("42"));
    assert_tree_error(t, "F: field callers.sites[1].frames[0].line: expected a whole number, "
                         "found a string");

    t = good_tree();
    json_array_clear(at(t, "timing.trials"));
    assert_tree_error(t, "F: field timing.trials: expected at least one trial, found none");
}
END_TEST

/* Every range the schema states is checked, and named with the field:
 * values the formats would print as inf, -50.0% or 60-digit cells. */
START_TEST(ranges_of_the_schema)
{
    json_t *t, *refs;

    t = good_tree();
    json_object_set_new(at(t, "profile"), "calls", json_integer(0));
    assert_tree_error(t, "F: field profile.calls: 0 is out of range (a whole number from 1 to "
                         "2^53)");

    t = good_tree();
    json_object_set_new(at(t, "profile"), "hash_share", json_real(-0.5));
    assert_tree_error(t, "F: field profile.hash_share: -0.5 is out of range (0 to 1)");

    t = good_tree();
    json_object_set_new(at(t, "profile.helpers.pseudoXOF"), "share", json_real(1.5));
    assert_tree_error(t, "F: field profile.helpers.pseudoXOF.share: 1.5 is out of range (0 to 1)");

    t = good_tree();
    json_object_set_new(at(t, "profile"), "drng_share_stderr", json_real(1e308));
    assert_tree_error(t, "F: field profile.drng_share_stderr: 1e+308 is out of range (0 to 1)");

    t = good_tree();
    json_object_set_new(at(t, "timing"), "mean_cycles", json_real(-1e300));
    assert_tree_error(t, "F: field timing.mean_cycles: -1e+300 is out of range (0 or more)");

    t = good_tree();
    json_object_set_new(at(t, "events"), "verify_rejections", json_real(1e19));
    assert_tree_error(t, "F: field events.verify_rejections: 1e+19 is out of range (a whole "
                         "number from 0 to 2^53)");

    t = good_tree();
    json_object_set_new(at(t, "sizes"), "pk", json_integer(0));
    assert_tree_error(t, "F: field sizes.pk: 0 is out of range (a whole number from 1 to "
                         "1073741824)");

    t = good_tree();
    json_object_set_new(at(t, "callers"), "depth", json_integer(9));
    assert_tree_error(t, "F: field callers.depth: 9 is out of range (a whole number from 1 to 8)");

    /* the sum of references is checked, not left to overflow */
    t = good_tree();
    refs = json_array();
    for (int i = 0; i < 1100; i++)
        json_array_append_new(refs, json_pack("{s:s, s:s, s:I, s:b}", "helper", "sm3hash", "object",
                                              "x.o", "references", (json_int_t)9007199254740992LL,
                                              "static", 0));
    json_object_set_new(t, "coverage",
                        json_pack("{s:b, s:[], s:[], s:o}", "complete", 0, "wrapped", "undefined",
                                  "internal_calls", refs));
    assert_tree_error(t, "F: field coverage.internal_calls[1023].references: the references add "
                         "up beyond 9223372036854775807");
}
END_TEST

/* A negative baseline is read: iccsprof run writes one when the wrappers'
 * added time, estimated from few noisy pairs, exceeds what the operations
 * took with them on (the compensated shares are then 0). */
START_TEST(negative_baseline_is_read)
{
    json_t *t = good_tree();
    char *err;

    json_object_set_new(at(t, "profile"), "baseline_ticks", json_real(-3255.0));
    err = tree_error(t);
    ck_assert_msg(err == NULL, "%s", err);
}
END_TEST

/* A whole number written as 4005.0 is a count, as in JSON Schema. */
START_TEST(page_facts)
{
    struct rec *r = load_case("golden-pages/input/sign-29/Tins128__verify.json"),
               *old = load_case("sections-md/input/sign-demo/Demo-128__sign.json");

    ck_assert_str_eq(r->tool_version, "0.1.0");
    ck_assert_str_eq(r->implementation, "reference");
    ck_assert_int_eq(r->host_cpu, 2);
    ck_assert_int_eq(r->host_ready, 1);
    ck_assert_str_eq(r->host_not_ready, "");
    ck_assert_str_eq(r->hostname, "x86_1");
    ck_assert_str_eq(r->machine, "x86_64");
    ck_assert_str_eq(r->memory, "31788 MiB");
    ck_assert_str_eq(r->os, "Debian GNU/Linux 13 (trixie)");
    ck_assert_str_eq(r->governor, "performance");
    ck_assert_str_eq(r->frequency, "cpu2 min 800 MHz, max 2.10 GHz (hardware max 4.90 GHz)");
    ck_assert_str_eq(r->turbo, "off (intel_pstate no_turbo 1)");
    ck_assert_str_eq(r->smt, "off (control off)");
    ck_assert_str_eq(r->survey_text, "ICCS-only");
    ck_assert_str_eq(r->kat_log, "kat/sign-29/Tins128.log");
    ck_assert_str_eq(r->kat_log_sha256,
                     "5b3e2d11ab37b331000000000000000000000000000000000000000000000000");
    /* a record made before these: none of them, and no failure */
    ck_assert_ptr_null(old->implementation);
    ck_assert_int_eq(old->host_cpu, -1);
    ck_assert_int_eq(old->host_ready, -1);
    ck_assert_ptr_null(old->hostname);
    ck_assert_ptr_null(old->survey_text);
    ck_assert_ptr_null(old->kat_log);
    rec_free(r);
    rec_free(old);
}
END_TEST

START_TEST(page_facts_errors)
{
    json_t *t;

    t = good_tree();
    json_object_set_new(at(t, "coverage"), "survey", json_pack("{s:s}", "verdict", "mixed"));
    assert_tree_error(t, "F: field coverage.survey.text is missing");

    t = good_tree();
    json_object_set_new(at(t, "host"), "check",
                        json_pack("{s:b, s:n, s:[], s:{s:{s:i}}}", "ready", 1, "cpu", "not_ready",
                                  "items", "memory", "value", 3));
    assert_tree_error(t, "F: field host.check.items.memory.value: expected a string, found an "
                         "integer");

    t = good_tree();
    json_object_set_new(at(t, "scheme"), "implementation", json_null());
    assert_tree_error(t, "F: field scheme.implementation is null");
}
END_TEST

/* host.scheduler: the Slurm job and array task read, absent and null
 * task read as -1, and what the schema refuses named. */
START_TEST(slurm_scheduler)
{
    char *path;
    struct rec *r;
    json_t *t = good_tree();
    char *text, err[1024] = "";

    json_object_set_new(at(t, "host"), "scheduler",
                        json_pack("{s:s, s:i, s:i}", "kind", "slurm", "job", 4120, "task", 7));
    text = json_dumps(t, 0);
    path = temp_file(text);
    r = rec_load(path, err, sizeof err);
    ck_assert_msg(r != NULL, "%s", err);
    ck_assert_int_eq(r->slurm_job, 4120);
    ck_assert_int_eq(r->slurm_task, 7);
    rec_free(r);
    unlink(path);
    free(path);
    free(text);

    json_object_set_new(at(t, "host.scheduler"), "task", json_null());
    text = json_dumps(t, 0);
    path = temp_file(text);
    r = rec_load(path, err, sizeof err);
    ck_assert_msg(r != NULL, "%s", err);
    ck_assert_int_eq(r->slurm_job, 4120);
    ck_assert_int_eq(r->slurm_task, -1);
    rec_free(r);
    unlink(path);
    free(path);
    free(text);
    json_decref(t);

    r = load_case("sections-md/input/sign-demo/Demo-128__sign.json");
    ck_assert_int_eq(r->slurm_job, -1);
    ck_assert_int_eq(r->slurm_task, -1);
    rec_free(r);

    t = good_tree();
    json_object_set_new(at(t, "host"), "scheduler",
                        json_pack("{s:s, s:i, s:n}", "kind", "pbs", "job", 1, "task"));
    assert_tree_error(t, "F: field host.scheduler.kind: unknown value \"pbs\"");
    t = good_tree();
    json_object_set_new(at(t, "host"), "scheduler",
                        json_pack("{s:s, s:n}", "kind", "slurm", "task"));
    assert_tree_error(t, "F: field host.scheduler.job is missing");
    t = good_tree();
    json_object_set_new(at(t, "host"), "scheduler",
                        json_pack("{s:s, s:i, s:i}", "kind", "slurm", "job", 1, "task", -2));
    assert_tree_error(
        t, "F: field host.scheduler.task: -2 is out of range (a whole number from 0 to 2^53)");
}
END_TEST

START_TEST(integral_reals_are_counts)
{
    json_t *t = good_tree();
    char *err;

    json_object_set_new(at(t, "timing"), "n", json_real(4005.0));
    err = tree_error(t);
    ck_assert_msg(err == NULL, "%s", err);
}
END_TEST

START_TEST(schema_and_version)
{
    static const struct {
        const char *schema, *want;
    } cases[] = {
        {"iccsprof.profile/7",
         "F: schema \"iccsprof.profile/7\" is newer than this iccsprof reads (up to "
         "iccsprof.profile/6)"},
        {"iccsprof.profile/10",
         "F: schema \"iccsprof.profile/10\" is newer than this iccsprof reads (up to "
         "iccsprof.profile/6)"},
        {"iccsprof.profile/0", "F: schema \"iccsprof.profile/0\" is not an iccsprof profile"},
        {"iccsprof.profile/2x", "F: schema \"iccsprof.profile/2x\" is not an iccsprof profile"},
        {"iccsprof.build/1", "F: schema \"iccsprof.build/1\" is not an iccsprof profile"},
    };
    json_t *t;

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        t = good_tree();
        json_object_set_new(t, "schema", json_string(cases[i].schema));
        assert_tree_error(t, cases[i].want);
    }
    t = good_tree();
    json_object_del(t, "schema");
    assert_tree_error(t, "F: not an iccsprof profile (no \"schema\" string member)");
}
END_TEST

START_TEST(not_json_gives_line_and_column)
{
    char *err = load_error("{\n  \"schema\": \"iccsprof.profile/2\",\n  \"tool\": ,\n}\n");

    ck_assert_str_eq(err, "F:3:11: not JSON: unexpected token near ','");
    free(err);
    err = load_error("{\"schema\": 1, \"schema\": 2}");
    ck_assert_msg(strncmp(err, "F:1:", 4) == 0 && strstr(err, "duplicate object key") != NULL, "%s",
                  err);
    free(err);
    err = load_error("[1, 2]");
    ck_assert_str_eq(err, "F: not an iccsprof profile (the document is an array, not an object)");
    free(err);
}
END_TEST

START_TEST(missing_file)
{
    char err[256];

    ck_assert_ptr_null(rec_load("/nonexistent/x.json", err, sizeof err));
    ck_assert_str_eq(err, "/nonexistent/x.json: No such file or directory");
}
END_TEST

/* Sort order of rows: natural instance order, then API order. */
START_TEST(row_order)
{
    struct rec r[5] = {
        {.instance = "X-1024", .op = REC_KEYGEN, .scheme_id = "s", .path = "a"},
        {.instance = "X-128", .op = REC_VERIFY, .scheme_id = "s", .path = "b"},
        {.instance = "X-128", .op = REC_KEYGEN, .scheme_id = "s", .path = "c"},
        {.instance = "X-256", .op = REC_DEC, .scheme_id = "k", .path = "d"},
        {.instance = "X-256", .op = REC_ENC, .scheme_id = "k", .path = "e"},
    };
    struct rec *p[5] = {&r[0], &r[1], &r[2], &r[3], &r[4]};
    const char *const want[5] = {"c", "b", "e", "d", "a"};

    qsort(p, 5, sizeof p[0], rec_cmp);
    for (int i = 0; i < 5; i++)
        ck_assert_str_eq(p[i]->path, want[i]);
    ck_assert_int_eq(rec_op_rank(REC_KEYGEN), 0);
    ck_assert_int_eq(rec_op_rank(REC_ENC), 1);
    ck_assert_int_eq(rec_op_rank(REC_DEC), 2);
    ck_assert_int_eq(rec_op_rank(REC_VERIFY), 2);
}
END_TEST

Suite *make_record_read_suite(void)
{
    Suite *s = suite_create("record_read");
    TCase *tc = tcase_create("records");

    tcase_add_test(tc, reads_every_used_field);
    tcase_add_test(tc, version_5_grouped_rows);
    tcase_add_test(tc, version_6_cores_and_share_ends);
    tcase_add_test(tc, failed_record_has_no_figures);
    tcase_add_test(tc, kem_record);
    tcase_add_test(tc, kex_record_with_kat);
    tcase_add_test(tc, version_1_defaults);
    tcase_add_test(tc, errors_name_the_field);
    tcase_add_test(tc, ranges_of_the_schema);
    tcase_add_test(tc, integral_reals_are_counts);
    tcase_add_test(tc, negative_baseline_is_read);
    tcase_add_test(tc, schema_and_version);
    tcase_add_test(tc, not_json_gives_line_and_column);
    tcase_add_test(tc, missing_file);
    tcase_add_test(tc, row_order);
    tcase_add_test(tc, page_facts);
    tcase_add_test(tc, page_facts_errors);
    tcase_add_test(tc, slurm_scheduler);
    suite_add_tcase(s, tc);
    return s;
}
