/* check_build_align.c - the profiled library's layout against the plain
 * one: the shift read from two libraries of the same code, one linked
 * with padding before it, and the padding file. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build/build-stages.h"
#include "paths.h"
#include "suites.h"
#include "util/build-files.h"
#include "util/strlist.h"

/* Functions large enough that their code, not the C runtime's few bytes,
 * decides the shift. */
static const char align_source[] =
    "unsigned mix(unsigned x) { for (int i = 0; i < 64; i++) x = x * 2654435761u ^ (x >> 13) ^ i;"
    " return x; }\n"
    "unsigned fold(const unsigned *v, int n) { unsigned s = 0; for (int i = 0; i < n; i++)"
    " s = mix(s ^ v[i]) + (s << 7) - (s >> 3) + v[i] * 31u; return s; }\n"
    "unsigned spread(unsigned x, int n) { unsigned s = 0; for (int i = 0; i < n; i++)"
    " { s += mix(x + i); s ^= s << 5; s += fold(&x, 1); } return s; }\n";

static char dir[] = "/tmp/check-align.XXXXXX";

/* The functions of align_source: the scheme's, which the layout is
 * judged by. */
static struct strlist names;

/* A file PATH under the test folder holding TEXT; its path. */
static char *put(const char *name, const char *text)
{
    char *path = xasprintf("%s/%s", dir, name);
    FILE *f = fopen(path, "w");

    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    return path;
}

/* Link the test source into the library NAME, after PAD bytes of padding
 * when PAD is not 0; its path. */
static char *library(const char *name, unsigned pad)
{
    char *src = put("align.c", align_source), *lib = xasprintf("%s/%s", dir, name);
    char *pad_file = xasprintf("%s/pad.s", dir), *cmd;

    ck_assert_int_eq(build_align_set_pad(pad_file, pad), 0);
    cmd = xasprintf("%s -O2 -fPIC -falign-functions=16 -shared -o %s %s %s", ICCSPROF_CC, lib,
                    pad != 0 ? pad_file : "", src);
    ck_assert_int_eq(system(cmd), 0);
    unlink(src);
    unlink(pad_file);
    free(src);
    free(pad_file);
    free(cmd);
    return lib;
}

static void setup(void)
{
    strcpy(dir, "/tmp/check-align.XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    strlist_add(&names, "mix");
    strlist_add(&names, "fold");
    strlist_add(&names, "spread");
}

static void teardown(void)
{
    char *cmd = xasprintf("rm -rf %s", dir);

    ck_assert_int_eq(system(cmd), 0);
    free(cmd);
    strlist_free(&names);
}

START_TEST(padding_is_read_as_the_shift_that_undoes_it)
{
    char *plain = library("libplain.so", 0), *padded = library("libpadded.so", 32), err[256];
    unsigned shift = 99;
    double aligned = -1;

    ck_assert_int_eq(build_align_shift(plain, plain, &names, &shift, &aligned, err, sizeof err), 0);
    ck_assert_uint_eq(shift, 0);
    ck_assert(aligned == 1.0);
    /* the padded library's code lies 32 bytes further: 32 more undo it */
    ck_assert_int_eq(build_align_shift(plain, padded, &names, &shift, &aligned, err, sizeof err),
                     0);
    ck_assert_uint_eq(shift, 32);
    ck_assert_msg(aligned < 0.2, "aligned share %g", aligned);
    ck_assert_uint_eq(build_align_next_pad(0, shift), 32);
    ck_assert_uint_eq(build_align_next_pad(48, 32), 16);
    ck_assert_int_eq(build_align_shift(padded, plain, &names, &shift, &aligned, err, sizeof err),
                     0);
    ck_assert_uint_eq(shift, 32);
    free(plain);
    free(padded);
}
END_TEST

START_TEST(padding_file_holds_its_bytes)
{
    char *path = xasprintf("%s/lib.prof.pad.s", dir), *text;

    ck_assert_uint_eq(build_align_pad_of(path), 0);
    ck_assert_int_eq(build_align_set_pad(path, 48), 0);
    ck_assert_uint_eq(build_align_pad_of(path), 48);
    ck_assert_ptr_nonnull(text = file_read(path));
    /* the stack stays not executable, as a compiled object's */
    ck_assert_ptr_nonnull(strstr(text, ".note.GNU-stack"));
    free(text);
    ck_assert_int_eq(build_align_set_pad(path, 0), 0);
    ck_assert_int_eq(access(path, F_OK), -1);
    ck_assert_uint_eq(build_align_pad_of(path), 0);
    free(path);
    path = build_align_pad_path("/b/libX-1.prof.so");
    ck_assert_str_eq(path, "/b/libX-1.prof.pad.s");
    free(path);
}
END_TEST

/* The functions an object defines are the scheme's, by name. */
START_TEST(functions_are_read_from_the_objects)
{
    char *src = put("align.c", align_source), *cmd;
    struct strlist objs = {0}, found = {0};

    cmd = xasprintf("%s -O2 -fPIC -c -o %s/align.o %s", ICCSPROF_CC, dir, src);
    ck_assert_int_eq(system(cmd), 0);
    strlist_add(&objs, "align.o");
    strlist_add(&objs, "missing.o");
    build_align_functions(dir, &objs, &found);
    ck_assert_uint_eq(found.n, 3);
    for (size_t k = 0; k < names.n; k++)
        ck_assert_msg(strlist_has(&found, names.v[k]), "%s not found", names.v[k]);
    strlist_free(&found);
    strlist_free(&objs);
    free(cmd);
    free(src);
}
END_TEST

START_TEST(unreadable_or_unrelated_libraries_are_refused)
{
    char *plain = library("libplain.so", 0), *other = put("other.c", "int only(void){return 1;}\n");
    char *lib = xasprintf("%s/libother.so", dir), err[256];
    char *cmd = xasprintf("%s -shared -fPIC -o %s %s", ICCSPROF_CC, lib, other);
    unsigned shift;
    double aligned;

    ck_assert_int_eq(
        build_align_shift("/nonexistent/lib.so", plain, &names, &shift, &aligned, err, sizeof err),
        -1);
    ck_assert_str_eq(err, "No such file or directory");
    ck_assert_int_eq(
        build_align_shift(plain, "/dev/null", &names, &shift, &aligned, err, sizeof err), -1);
    ck_assert_int_eq(system(cmd), 0);
    ck_assert_int_eq(build_align_shift(plain, lib, &names, &shift, &aligned, err, sizeof err), -1);
    ck_assert_str_eq(err, "no function of the scheme's objects is found in both libraries");
    free(cmd);
    free(lib);
    free(other);
    free(plain);
}
END_TEST

Suite *make_build_align_suite(void)
{
    Suite *s = suite_create("build_align");
    TCase *tc = tcase_create("build_align");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, padding_is_read_as_the_shift_that_undoes_it);
    tcase_add_test(tc, padding_file_holds_its_bytes);
    tcase_add_test(tc, functions_are_read_from_the_objects);
    tcase_add_test(tc, unreadable_or_unrelated_libraries_are_refused);
    suite_add_tcase(s, tc);
    return s;
}
