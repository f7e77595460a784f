/* plan-archive.c - reading a downloaded package archive with libarchive:
 * a first pass checks every member's name, kind and size and writes
 * nothing; the second unpacks, checking each member again (the file may
 * have changed in between) and counting the bytes actually written, which
 * a zip bomb understates in its headers. */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include <archive.h>
#include <archive_entry.h>

#include "util/build-files.h"
#include "plan/plan-archive.h"
#include "util/strlist.h"

/* The endings of the archives read, the longest first. */
static const char *const archive_endings[] = {".tar.gz", ".tar.xz", ".zip", ".tgz", ".txz", NULL};

/* Whether NAME is an archive's name. */
bool archive_is_named(const char *name, size_t *stem)
{
    size_t n = strlen(name);

    for (int k = 0; archive_endings[k] != NULL; k++) {
        size_t e = strlen(archive_endings[k]);

        if (n > e && strcasecmp(name + n - e, archive_endings[k]) == 0) {
            *stem = n - e;
            return true;
        }
    }
    return false;
}

/* What is wrong with the member path NAME, or NULL: it must stay in the
 * folder it is unpacked into. */
static const char *archive_path_problem(const char *name)
{
    if (name == NULL || name[0] == '\0')
        return "it has no name";
    if (name[0] == '/')
        return "an absolute path";
    for (const char *p = name; *p != '\0';) {
        size_t len = strcspn(p, "/");

        if (len == 2 && strncmp(p, "..", 2) == 0)
            return "a .. in its path";
        p += len + (p[len] == '/');
    }
    return NULL;
}

/* What is wrong with the symbolic link NAME -> TARGET, or NULL: read
 * from NAME's folder, TARGET must not climb above the top. */
static const char *archive_link_problem(const char *name, const char *target)
{
    long depth = -1;

    if (target == NULL || target[0] == '\0')
        return "a link to nothing";
    if (target[0] == '/')
        return "a link to an absolute path, out of the package";
    for (const char *p = name; *p != '\0';) {
        size_t len = strcspn(p, "/");

        depth += len > 0 && !(len == 1 && p[0] == '.');
        p += len + (p[len] == '/');
    }
    for (const char *p = target; *p != '\0';) {
        size_t len = strcspn(p, "/");

        if (len == 2 && strncmp(p, "..", 2) == 0)
            depth--;
        else if (len > 0 && !(len == 1 && p[0] == '.'))
            depth++;
        if (depth < 0)
            return "a link leaving the package";
        p += len + (p[len] == '/');
    }
    return NULL;
}

/* What is wrong with the member E, or NULL. */
static const char *archive_member_problem(struct archive_entry *e)
{
    const char *name = archive_entry_pathname(e), *problem;
    const char *hard = archive_entry_hardlink(e);

    if ((problem = archive_path_problem(name)) != NULL)
        return problem;
    if (hard != NULL)
        return archive_path_problem(hard) != NULL ? "a hard link out of the package" : NULL;
    switch (archive_entry_filetype(e)) {
    case AE_IFREG:
    case AE_IFDIR:
        return NULL;
    case AE_IFLNK:
        return archive_link_problem(name, archive_entry_symlink(e));
    case AE_IFCHR:
    case AE_IFBLK:
        return "a device";
    case AE_IFIFO:
        return "a fifo";
    case AE_IFSOCK:
        return "a socket";
    default:
        return "a member of an unknown kind";
    }
}

/* The locale the archive's member names are read and written in, and the
 * one it replaced. */
struct archive_names {
    locale_t utf8, before;
};

/* Read and write member names as UTF-8 (C.UTF-8), whatever the locale
 * the compilers are run in: under the C locale a name beyond ASCII (a
 * Chinese file name) cannot be converted and would read as empty. */
static void archive_names_begin(struct archive_names *n)
{
    n->utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
    n->before = n->utf8 != (locale_t)0 ? uselocale(n->utf8) : (locale_t)0;
}

/* Go back to the locale before archive_names_begin. */
static void archive_names_end(struct archive_names *n)
{
    if (n->utf8 == (locale_t)0)
        return;
    uselocale(n->before);
    freelocale(n->utf8);
}

/* A reader of the archive at PATH, or NULL with *WHY. */
static struct archive *archive_open(const char *path, char **why)
{
    struct archive *a = archive_read_new();

    archive_read_support_format_zip(a);
    archive_read_support_format_tar(a);
    archive_read_support_filter_gzip(a);
    archive_read_support_filter_xz(a);
    if (archive_read_open_filename(a, path, 64 * 1024) != ARCHIVE_OK) {
        *why = xasprintf("%s: %s", path, archive_error_string(a));
        archive_read_free(a);
        return NULL;
    }
    return a;
}

/* The reason member E of the archive PATH is refused, newly allocated,
 * or NULL; COUNT and BYTES (what it declares) are added up here. */
static char *archive_refusal(const char *path, struct archive_entry *e, unsigned long *count,
                             unsigned long long *bytes, const struct archive_limits *lim)
{
    const char *problem = archive_member_problem(e);

    if (problem != NULL)
        return xasprintf("%s: member '%s' refused: %s", path,
                         archive_entry_pathname(e) != NULL ? archive_entry_pathname(e) : "",
                         problem);
    if (++*count > lim->max_members)
        return xasprintf("%s: refused as a bomb: more than %lu members (--unpack-max-members)",
                         path, lim->max_members);
    if (archive_entry_size_is_set(e) && archive_entry_size(e) > 0)
        *bytes += (unsigned long long)archive_entry_size(e);
    if (*bytes > lim->max_bytes)
        return xasprintf("%s: refused as a bomb: its members unpack to more than %llu MiB (at "
                         "'%s'; --unpack-max-mib)",
                         path, lim->max_bytes >> 20, archive_entry_pathname(e));
    return NULL;
}

/* Check every member of the archive at PATH, writing nothing, in the
 * locale of its names. */
static int archive_check_names(const char *path, const struct archive_limits *lim, char **why)
{
    struct archive *a = archive_open(path, why);
    struct archive_entry *e;
    unsigned long count = 0;
    unsigned long long bytes = 0;
    int r;

    *why = NULL;
    if (a == NULL)
        return -1;
    while ((r = archive_read_next_header(a, &e)) == ARCHIVE_OK || r == ARCHIVE_WARN) {
        if ((*why = archive_refusal(path, e, &count, &bytes, lim)) != NULL)
            break;
        if (archive_read_data_skip(a) < ARCHIVE_WARN) {
            r = ARCHIVE_FATAL;
            break;
        }
    }
    if (*why == NULL && r != ARCHIVE_EOF)
        *why = xasprintf("%s: %s", path, archive_error_string(a));
    archive_read_free(a);
    return *why != NULL ? -1 : 0;
}

/* Check every member of the archive at PATH, writing nothing. */
int archive_check(const char *path, const struct archive_limits *lim, char **why)
{
    struct archive_names n;
    int rc;

    archive_names_begin(&n);
    rc = archive_check_names(path, lim, why);
    archive_names_end(&n);
    return rc;
}

/* Copy the data of the current member of A to W, adding to *BYTES; 0, or
 * -1 with *WHY (PATH names the archive, NAME the member). */
static int archive_copy(struct archive *a, struct archive *w, const char *path, const char *name,
                        unsigned long long *bytes, const struct archive_limits *lim, char **why)
{
    const void *buf;
    size_t size;
    la_int64_t offset;
    int r;

    while ((r = archive_read_data_block(a, &buf, &size, &offset)) == ARCHIVE_OK) {
        *bytes += size;
        if (*bytes > lim->max_bytes) {
            *why = xasprintf("%s: refused as a bomb: its members unpack to more than %llu MiB (at "
                             "'%s', more than its header said; --unpack-max-mib)",
                             path, lim->max_bytes >> 20, name);
            return -1;
        }
        if (archive_write_data_block(w, buf, size, offset) != ARCHIVE_OK) {
            *why = xasprintf("%s: %s: %s", path, name, archive_error_string(w));
            return -1;
        }
    }
    if (r != ARCHIVE_EOF) {
        *why = xasprintf("%s: %s: %s", path, name, archive_error_string(a));
        return -1;
    }
    return 0;
}

/* Write the member E of A under DEST through W; 0, or -1 with *WHY. */
static int archive_write_member(struct archive *a, struct archive *w, struct archive_entry *e,
                                const char *path, const char *dest, unsigned long long *bytes,
                                const struct archive_limits *lim, char **why)
{
    char *name = xstrdup(archive_entry_pathname(e));
    char *full = xasprintf("%s/%s", dest, name);
    const char *hard = archive_entry_hardlink(e);
    int rc = 0;

    archive_entry_set_pathname(e, full);
    if (hard != NULL) {
        char *target = xasprintf("%s/%s", dest, hard);

        archive_entry_set_hardlink(e, target);
        free(target);
    }
    /* the package's files readable and writable by the user, whatever
     * the archive says: no set-id bits, nothing closed to the build */
    archive_entry_set_perm(
        e,
        archive_entry_filetype(e) == AE_IFDIR || (archive_entry_perm(e) & 0111) != 0 ? 0755 : 0644);
    if (archive_write_header(w, e) < ARCHIVE_WARN) {
        *why = xasprintf("%s: %s: %s", path, name, archive_error_string(w));
        rc = -1;
    } else if (archive_entry_size(e) > 0 || archive_entry_filetype(e) == AE_IFREG) {
        rc = archive_copy(a, w, path, name, bytes, lim, why);
    }
    if (rc == 0 && archive_write_finish_entry(w) < ARCHIVE_WARN) {
        *why = xasprintf("%s: %s: %s", path, name, archive_error_string(w));
        rc = -1;
    }
    free(full);
    free(name);
    return rc;
}

/* Unpack the archive at PATH into DEST, checking each member again; 0,
 * or -1 with *WHY. */
static int archive_extract(const char *path, const char *dest, const struct archive_limits *lim,
                           char **why)
{
    struct archive *a = archive_open(path, why), *w;
    struct archive_entry *e;
    unsigned long count = 0;
    unsigned long long declared = 0, bytes = 0;
    int r, rc = 0;

    if (a == NULL)
        return -1;
    w = archive_write_disk_new();
    archive_write_disk_set_options(w, ARCHIVE_EXTRACT_SECURE_SYMLINKS |
                                          ARCHIVE_EXTRACT_SECURE_NODOTDOT |
                                          ARCHIVE_EXTRACT_NO_OVERWRITE);
    while (rc == 0 && ((r = archive_read_next_header(a, &e)) == ARCHIVE_OK || r == ARCHIVE_WARN)) {
        if ((*why = archive_refusal(path, e, &count, &declared, lim)) != NULL)
            rc = -1;
        else
            rc = archive_write_member(a, w, e, path, dest, &bytes, lim, why);
    }
    if (rc == 0 && r != ARCHIVE_EOF) {
        *why = xasprintf("%s: %s", path, archive_error_string(a));
        rc = -1;
    }
    if (archive_write_close(w) != ARCHIVE_OK && rc == 0) {
        *why = xasprintf("%s: %s", path, archive_error_string(w));
        rc = -1;
    }
    archive_write_free(w);
    archive_read_free(a);
    return rc;
}

/* Unpack PATH into DEST after checking it whole. */
int archive_unpack(const char *path, const char *dest, const struct archive_limits *lim, char **why)
{
    struct archive_names n;
    int rc;

    if (archive_check(path, lim, why) != 0)
        return -1;
    if (mkdir(dest, 0755) != 0) {
        *why = xasprintf("%s: %s", dest, strerror(errno));
        return -1;
    }
    archive_names_begin(&n);
    rc = archive_extract(path, dest, lim, why);
    archive_names_end(&n);
    if (rc != 0)
        file_remove_tree(dest);
    return rc;
}
