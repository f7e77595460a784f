/* check_catalog.c - the catalog (its rows checked, lookups by id, name,
 * folder and SHA-256, the nearest ids, the order of ids) and the checks
 * an archive's members pass before anything is unpacked. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <archive.h>
#include <archive_entry.h>

#include "plan/catalog.h"
#include "plan/plan-archive.h"
#include "suites.h"

/* Read the official catalog of the source tree into C. */
static void official(struct catalog *c)
{
    const char *top = getenv("top_srcdir");
    char path[4096], *why = NULL;

    ck_assert_msg(top != NULL, "top_srcdir is not set (run through make check)");
    snprintf(path, sizeof path, "%s/data/ngcc-catalog.tsv", top);
    setenv("ICCSPROF_CATALOG", path, 1);
    ck_assert_int_eq(catalog_load(c, &why), 0);
    ck_assert_ptr_null(why);
}

/* Load TEXT as a catalog; catalog_load's result, the reason in *WHY. */
static int load_text(const char *text, struct catalog *c, char **why)
{
    char path[] = "/tmp/check-catalog-XXXXXX";
    int fd = mkstemp(path), rc;

    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    setenv("ICCSPROF_CATALOG", path, 1);
    rc = catalog_load(c, why);
    if (*why != NULL) {
        /* the reason names the file: keep what follows it */
        char *rest = strdup(strncmp(*why, path, strlen(path)) == 0 ? *why + strlen(path) : *why);

        free(*why);
        *why = rest;
    }
    unlink(path);
    return rc;
}

START_TEST(official_list_by_id_name_folder_and_sha)
{
    struct catalog c;
    const struct catalog_entry *e;

    official(&c);
    ck_assert_uint_eq(c.n, 119);
    ck_assert_uint_eq(catalog_count(&c, "sign"), 34);
    ck_assert_uint_eq(catalog_count(&c, "kem"), 41);
    ck_assert_uint_eq(catalog_count(&c, "kex"), 9);
    ck_assert_uint_eq(catalog_count(&c, "hash"), 35);
    e = catalog_find(&c, "SIGN-29");
    ck_assert_ptr_nonnull(e);
    ck_assert_str_eq(e->name, "Tins");
    ck_assert_ptr_eq(catalog_find(&c, "tins"), e);
    /* the folder differs from the name: both find it */
    ck_assert_str_eq(catalog_find(&c, "QingLuan")->id, "sign-20");
    ck_assert_str_eq(catalog_find(&c, "qing luan")->id, "sign-20");
    ck_assert_ptr_eq(
        catalog_by_sha256(&c, "84affc1f7cbdeec48a7cb6df3349b5708644672f2ac12140c529e74f6d57ca21"),
        e);
    ck_assert_ptr_null(catalog_by_sha256(&c, "84affc1f"));
    ck_assert_ptr_null(catalog_find(&c, "sign-35"));
    catalog_free(&c);
}
END_TEST

/* The nearest ids of WORD, joined. */
static char *nearest(const struct catalog *c, const char *word)
{
    struct strlist out = {0};
    char *joined;

    catalog_nearest(c, word, 3, &out);
    joined = strlist_join(&out, " ");
    strlist_free(&out);
    return joined;
}

START_TEST(nearest_ids)
{
    struct catalog c;
    char *s;

    official(&c);
    /* past the end of its category: the last ones */
    ck_assert_str_eq(s = nearest(&c, "sign-35"), "sign-34 sign-33 sign-32");
    free(s);
    /* two digits swapped: that first, then one edit off, then the
     * nearest numbers of the category */
    ck_assert_str_eq(s = nearest(&c, "kex-20"), "kex-02 kem-20 kex-09");
    free(s);
    /* a category misspelt */
    ck_assert_str_eq(s = nearest(&c, "sing-29"), "sign-29 sign-09 sign-19");
    free(s);
    /* a name misspelt */
    ck_assert_str_eq(s = nearest(&c, "Origamy"), "sign-18");
    free(s);
    ck_assert_str_eq(s = nearest(&c, "nothing-like-it"), "");
    free(s);
    catalog_free(&c);
}
END_TEST

START_TEST(ids_in_the_catalogs_order)
{
    struct catalog c;

    official(&c);
    catalog_free(&c);
    ck_assert_int_lt(catalog_id_cmp("sign-29", "kem-01"), 0);
    ck_assert_int_lt(catalog_id_cmp("kex-09", "hash-01"), 0);
    ck_assert_int_lt(catalog_id_cmp("sign-02", "sign-10"), 0);
    /* ids it does not list come after, in natural order */
    ck_assert_int_lt(catalog_id_cmp("hash-35", "a-scheme"), 0);
    ck_assert_int_lt(catalog_id_cmp("t-2", "t-10"), 0);
    ck_assert_int_eq(catalog_id_cmp("kem-02", "kem-02"), 0);
}
END_TEST

START_TEST(each_broken_row_named)
{
    static const char head[] = "id\tcategory\tname\tfolder\tzip_sha256\n";
    static const char sha[] = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
    static const struct {
        const char *rows, *why;
    } cases[] = {
        {"", ": lists no submission"},
        {"sign-01\tsign\tA\tA\n", ":2: not 5 tab-separated fields"},
        {"sign-01\tsign\tA\t\tSHA\n", ":2: an empty field"},
        {"sign-01\tmac\tA\tA\tSHA\n", ":2: the category is not sign, kem, kex or hash"},
        {"kem-01\tsign\tA\tA\tSHA\n", ":2: the id does not start with its category"},
        {"sign-01\tsign\tA\tA\tABC\n", ":2: the SHA-256 is not 64 lower-case hex digits"},
        {"# a comment\nsign-01\tsign\tA\tA\tSHA\n\nsign-02\tsign\ta\tB\tSHA\n",
         ":5: an id, name or folder already listed"},
    };
    struct catalog c;
    char *why = NULL, text[1024], *at;
    size_t n;

    ck_assert_int_eq(load_text("id\tname\n", &c, &why), -1);
    ck_assert_str_eq(
        why, ":1: not the header line id, category, name, folder, zip_sha256 (tab-separated)");
    free(why);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        snprintf(text, sizeof text, "%s%s", head, cases[k].rows);
        while ((at = strstr(text, "SHA")) != NULL) {
            n = strlen(at + 3);
            memmove(at + 64, at + 3, n + 1);
            memcpy(at, sha, 64);
        }
        why = NULL;
        ck_assert_int_eq(load_text(text, &c, &why), -1);
        ck_assert_str_eq(why, cases[k].why);
        free(why);
    }
    why = NULL;
    snprintf(text, sizeof text, "%ssign-01\tsign\tA\tA\t%s\r\n", head, sha);
    ck_assert_int_eq(load_text(text, &c, &why), 0);
    ck_assert_str_eq(c.v[0].sha256, sha);
    catalog_free(&c);
}
END_TEST

START_TEST(archive_names)
{
    size_t stem;

    ck_assert(archive_is_named("Tins.zip", &stem));
    ck_assert_uint_eq(stem, 4);
    ck_assert(archive_is_named("a/AFS-KEX.tar.gz", &stem));
    ck_assert_uint_eq(stem, 9);
    ck_assert(archive_is_named("x.TXZ", &stem));
    ck_assert_uint_eq(stem, 1);
    ck_assert(!archive_is_named("Tins.tar", &stem));
    ck_assert(!archive_is_named(".zip", &stem));
}
END_TEST

/* A tar archive at PATH of one member NAME of TYPE (a link to TARGET
 * when one is given) after a harmless file. */
static void write_tar(const char *path, const char *name, unsigned type, const char *target)
{
    struct archive *a = archive_write_new();
    struct archive_entry *e = archive_entry_new();

    archive_write_set_format_pax_restricted(a);
    ck_assert_int_eq(archive_write_open_filename(a, path), ARCHIVE_OK);
    archive_entry_set_pathname(e, "Pkg/a.c");
    archive_entry_set_filetype(e, AE_IFREG);
    archive_entry_set_perm(e, 0644);
    archive_entry_set_size(e, 0);
    archive_write_header(a, e);
    archive_entry_clear(e);
    archive_entry_set_pathname(e, name);
    archive_entry_set_filetype(e, type);
    archive_entry_set_perm(e, 0644);
    if (type == AE_IFLNK)
        archive_entry_set_symlink(e, target);
    else if (target != NULL)
        archive_entry_set_hardlink(e, target);
    archive_write_header(a, e);
    archive_entry_free(e);
    archive_write_close(a);
    archive_write_free(a);
}

START_TEST(members_checked_before_unpacking)
{
    static const struct {
        const char *name;
        unsigned type;
        const char *target, *why;
    } cases[] = {
        {"Pkg/b.c", AE_IFREG, NULL, NULL},
        {"Pkg/sub/link", AE_IFLNK, "../a.c", NULL},
        {"Pkg/sub/link", AE_IFLNK, "../../../x",
         "member 'Pkg/sub/link' refused: a link leaving "
         "the package"},
        {"Pkg/link", AE_IFLNK, "/etc/passwd",
         "member 'Pkg/link' refused: a link to an absolute "
         "path, out of the package"},
        {"Pkg/hard", AE_IFREG, "Pkg/a.c", NULL},
        {"Pkg/hard", AE_IFREG, "../x", "member 'Pkg/hard' refused: a hard link out of the package"},
        {"/abs.c", AE_IFREG, NULL, "member '/abs.c' refused: an absolute path"},
        {"Pkg/../../up.c", AE_IFREG, NULL, "member 'Pkg/../../up.c' refused: a .. in its path"},
        {"Pkg/dev", AE_IFBLK, NULL, "member 'Pkg/dev' refused: a device"},
        {"Pkg/fifo", AE_IFIFO, NULL, "member 'Pkg/fifo' refused: a fifo"},
    };
    struct archive_limits lim = {1 << 20, 10};
    char path[] = "/tmp/check-archive-XXXXXX.tar", want[256], *why;
    int fd = mkstemps(path, 4);

    ck_assert_int_ge(fd, 0);
    close(fd);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        write_tar(path, cases[k].name, cases[k].type, cases[k].target);
        why = NULL;
        ck_assert_msg(archive_check(path, &lim, &why) == (cases[k].why != NULL ? -1 : 0), "%s: %s",
                      cases[k].name, why != NULL ? why : "accepted");
        if (cases[k].why != NULL) {
            snprintf(want, sizeof want, "%s: %s", path, cases[k].why);
            ck_assert_str_eq(why, want);
        }
        free(why);
    }
    /* the bounds: two members of one allowed */
    lim.max_members = 1;
    write_tar(path, "Pkg/b.c", AE_IFREG, NULL);
    ck_assert_int_eq(archive_check(path, &lim, &why), -1);
    snprintf(want, sizeof want, "%s: refused as a bomb: more than 1 members (--unpack-max-members)",
             path);
    ck_assert_str_eq(why, want);
    free(why);
    unlink(path);
}
END_TEST

Suite *make_catalog_suite(void)
{
    Suite *s = suite_create("catalog");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, official_list_by_id_name_folder_and_sha);
    tcase_add_test(tc, nearest_ids);
    tcase_add_test(tc, ids_in_the_catalogs_order);
    tcase_add_test(tc, each_broken_row_named);
    tcase_add_test(tc, archive_names);
    tcase_add_test(tc, members_checked_before_unpacking);
    suite_add_tcase(s, tc);
    return s;
}
