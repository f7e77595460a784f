/* site-files.c - the files of a site and the folder they go to: each file
 * written atomically, the list of them kept in OUT/.iccsprof-site.json so
 * that OUT is known for a site of this tool, and what an earlier site
 * there had and this one has not removed. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/atomic-file.h"
#include "util/libfile.h"
#include "util/message.h"
#include "report/provenance.h"
#include "util/regfile.h"
#include "site/site.h"

#define SITE_LIST ".iccsprof-site.json"
#define SITE_SCHEMA "iccsprof.site/1"

/* Add a file written from DATA[LEN], which S takes over. */
void site_add_data(struct site *s, const char *rel, char *data, size_t len)
{
    s->files = realloc(s->files, (s->nfiles + 1) * sizeof *s->files);
    if (s->files == NULL)
        abort();
    s->files[s->nfiles++] = (struct site_file){.rel = xstrdup(rel), .data = data, .len = len};
}

/* Add a copy of SRC. */
void site_add_copy(struct site *s, const char *rel, const char *src)
{
    site_add_data(s, rel, NULL, 0);
    s->files[s->nfiles - 1].src = xstrdup(src);
}

/* PATH made absolute through the nearest folder above it that exists
 * (the rest need not); newly allocated, NULL with errno set. */
static char *site_abs(const char *path)
{
    char real[PATH_MAX], *copy = xstrdup(path), *cut, *abs = NULL;

    while (realpath(copy, real) == NULL) {
        if (errno != ENOENT || (cut = strrchr(copy, '/')) == NULL || cut == copy) {
            /* a relative path's first step that does not exist */
            if (errno == ENOENT && strchr(copy, '/') == NULL && getcwd(real, sizeof real) != NULL)
                abs = xasprintf("%s/%s", real, path);
            free(copy);
            return abs;
        }
        *cut = '\0';
    }
    abs = xasprintf("%s%s", real, path + strlen(copy));
    free(copy);
    return abs;
}

/* Whether folder A is B or lies inside it. */
static bool site_within(const char *a, const char *b)
{
    size_t n = strlen(b);

    return strncmp(a, b, n) == 0 && (a[n] == '\0' || a[n] == '/' || (n == 1 && b[0] == '/'));
}

/* Whether OUT, a folder, holds a site of this tool: its list of files,
 * of this schema. */
static bool site_is_ours(const char *out)
{
    char *path = xasprintf("%s/" SITE_LIST, out);
    json_t *list = json_load_file(path, 0, NULL);
    const char *schema = json_string_value(json_object_get(list, "schema"));
    bool ours = schema != NULL && strcmp(schema, SITE_SCHEMA) == 0;

    json_decref(list);
    free(path);
    return ours;
}

/* Whether OUT, a folder, is empty; -1 with errno set when unreadable. */
static int site_empty(const char *out)
{
    DIR *d = opendir(out);
    struct dirent *e;
    int empty = 1;

    if (d == NULL)
        return -1;
    while (empty && (e = readdir(d)) != NULL)
        empty = strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0;
    closedir(d);
    return empty;
}

/* Whether OUT may take the site. */
int site_check_out(const struct site *s, char *const *folders, size_t nfolders)
{
    struct stat st;
    char *abs;
    int empty, rc = 0;

    if (stat(s->out, &st) == 0) {
        if (!S_ISDIR(st.st_mode)) {
            cmd_error("%s: %s", s->out, strerror(ENOTDIR));
            return -1;
        }
        if ((empty = site_empty(s->out)) < 0) {
            cmd_error("%s: %s", s->out, strerror(errno));
            return -1;
        }
        if (!empty && !site_is_ours(s->out)) {
            cmd_error("%s holds files that are not a site made by iccsprof: refusing to "
                      "write into it (give a new or empty folder)",
                      s->out);
            return -1;
        }
    } else if (atomic_dir_creatable(s->out) != 0) {
        cmd_error("%s: %s", s->out, strerror(errno));
        return -1;
    }
    if ((abs = site_abs(s->out)) == NULL) {
        cmd_error("%s: %s", s->out, strerror(errno));
        return -1;
    }
    for (size_t i = 0; i < nfolders && rc == 0; i++) {
        char *folder = site_abs(folders[i]);

        if (folder != NULL && (site_within(abs, folder) || site_within(folder, abs))) {
            cmd_error("%s and the records' folder %s lie one in the other: the site's copies "
                      "would be read as records next time (give a folder apart)",
                      s->out, folders[i]);
            rc = -1;
        }
        free(folder);
    }
    free(abs);
    return rc;
}

/* Whether REL is a path inside a folder: relative, every step a name
 * (no "", ".", ".."). */
static bool site_rel_ok(const char *rel)
{
    const char *step = rel;

    if (rel[0] == '/' || rel[0] == '\0')
        return false;
    while (step != NULL) {
        const char *end = strchr(step, '/');
        size_t n = end != NULL ? (size_t)(end - step) : strlen(step);

        if (n == 0 || (n == 1 && step[0] == '.') || (n == 2 && strncmp(step, "..", 2) == 0))
            return false;
        step = end != NULL ? end + 1 : NULL;
    }
    return true;
}

/* Make the folders of OUT/REL above its last step, each a real folder
 * (an existing step that is a link or a file is refused): nothing is
 * written through a link out of OUT.  0, or -1 with errno set and the
 * step in PATH. */
static int site_folders(const char *out, const char *rel, char *path, size_t size, bool make)
{
    struct stat st;
    const char *slash = rel;

    while ((slash = strchr(slash, '/')) != NULL) {
        snprintf(path, size, "%s/%.*s", out, (int)(slash - rel), rel);
        slash++;
        if (lstat(path, &st) == 0) {
            if (!S_ISDIR(st.st_mode)) {
                errno = ENOTDIR;
                return -1;
            }
        } else if (!make || errno != ENOENT || mkdir(path, 0777) != 0) {
            return -1;
        }
    }
    snprintf(path, size, "%s/%s", out, rel);
    return 0;
}

/* Write F's bytes to the descriptor FD: its data, or what its source
 * holds; 0, or -1 with the reason in WHY[LEN], naming the source when
 * that is at fault. */
static int site_fill(const struct site_file *f, int fd, char *why, size_t len)
{
    char buf[65536], because[256];
    ssize_t got;
    int in;

    if (f->src == NULL) {
        if (write(fd, f->data, f->len) == (ssize_t)f->len)
            return 0;
        snprintf(why, len, "%s", strerror(errno != 0 ? errno : EIO));
        return -1;
    }
    if ((in = regfile_open(f->src, because, sizeof because)) < 0) {
        snprintf(why, len, "%s: %s", f->src, because);
        return -1;
    }
    while ((got = read(in, buf, sizeof buf)) > 0)
        if (write(fd, buf, (size_t)got) != got) {
            got = -2;
            break;
        }
    if (got < 0)
        snprintf(why, len, "%s%s%s", got == -1 ? f->src : "", got == -1 ? ": " : "",
                 strerror(errno != 0 ? errno : EIO));
    close(in);
    return got < 0 ? -1 : 0;
}

/* Write file F under OUT atomically; 0, or -1 after a one-line error. */
static int site_write_file(const char *out, const struct site_file *f)
{
    char path[PATH_MAX], tmp[PATH_MAX + 32], why[PATH_MAX + 256];
    int fd, err;

    if (site_folders(out, f->rel, path, sizeof path, true) != 0 ||
        (fd = atomic_open(path, tmp, sizeof tmp)) < 0) {
        cmd_error("%s: %s", path, strerror(errno));
        return -1;
    }
    if (site_fill(f, fd, why, sizeof why) != 0) {
        close(fd);
        unlink(tmp);
        cmd_error("%s: %s", path, why);
        return -1;
    }
    if (close(fd) != 0 || atomic_commit(tmp, path) != 0) {
        err = errno;
        unlink(tmp);
        cmd_error("%s: %s", path, err == EEXIST ? atomic_refusal(path) : strerror(err));
        return -1;
    }
    return 0;
}

/* The files the last site in OUT listed, the safe ones, into L, and the
 * SHA-256 each had when written into SUMS ("" when the list gives none). */
static void site_old_files(const char *out, struct strlist *l, struct strlist *sums)
{
    char *path = xasprintf("%s/" SITE_LIST, out);
    json_t *list = json_load_file(path, 0, NULL), *entry;
    size_t i;

    json_array_foreach(json_object_get(list, "files"), i, entry)
    {
        const char *s = json_is_object(entry) ? json_string_value(json_object_get(entry, "file"))
                                              : json_string_value(entry),
                   *sum = json_string_value(json_object_get(entry, "sha256"));

        if (s != NULL && site_rel_ok(s) && !strlist_has(l, s)) {
            strlist_add(l, s);
            strlist_add(sums, sum != NULL ? sum : "");
        }
    }
    json_decref(list);
    free(path);
}

/* Write the list of files FILES, each with its SHA-256 in SUMS ("" for
 * none yet), to OUT; 0, or -1 after a one-line error. */
static int site_write_list(const char *out, const struct strlist *files, const struct strlist *sums)
{
    char *path = xasprintf("%s/" SITE_LIST, out);
    json_t *list = json_array();
    int rc = 0;

    for (size_t i = 0; i < files->n; i++)
        json_array_append_new(
            list, json_pack("{s:s, s:o}", "file", files->v[i], "sha256",
                            sums->v[i][0] != '\0' ? json_string(sums->v[i]) : json_null()));
    list = json_pack("{s:s, s:s, s:o}", "schema", SITE_SCHEMA, "tool", provenance_tool(), "files",
                     list);
    if (atomic_write_json(path, list) != 0) {
        cmd_error("%s: %s", path, strerror(errno));
        rc = -1;
    }
    json_decref(list);
    free(path);
    return rc;
}

/* Remove OUT/REL, a file an earlier site wrote and this one has not, and
 * the folders it leaves empty: only while it is as that site wrote it
 * (SUM, its SHA-256 then), so that neither a file changed since nor a
 * user's file named by a forged list is lost. */
static void site_remove(const char *out, const char *rel, const char *sum)
{
    char path[PATH_MAX], now[65];
    char *cut;

    if (site_folders(out, rel, path, sizeof path, false) != 0 || atomic_refusal(path) != NULL ||
        libfile_sha256(path, now) != 0 || strcmp(now, sum) != 0)
        return;
    unlink(path);
    while ((cut = strrchr(path, '/')) != NULL && (size_t)(cut - path) > strlen(out)) {
        *cut = '\0';
        if (rmdir(path) != 0)
            break;
    }
}

/* Make the folder OUT and those above it that are missing; 0, or -1 with
 * errno set. */
static int site_mkdirs(const char *out)
{
    char *path = xstrdup(out);
    int rc = 0;

    for (char *c = path + 1; rc == 0 && *c != '\0'; c++)
        if (*c == '/') {
            *c = '\0';
            rc = mkdir(path, 0777) != 0 && errno != EEXIST ? -1 : 0;
            *c = '/';
        }
    if (rc == 0 && mkdir(path, 0777) != 0 && errno != EEXIST)
        rc = -1;
    free(path);
    return rc;
}

/* Write the site. */
int site_commit(const struct site *s)
{
    struct strlist old = {0}, oldsums = {0}, now = {0}, nowsums = {0}, both = {0}, bothsums = {0};
    int rc = 0;

    if (site_mkdirs(s->out) != 0) {
        cmd_error("%s: %s", s->out, strerror(errno));
        return -1;
    }
    site_old_files(s->out, &old, &oldsums);
    for (size_t i = 0; i < s->nfiles; i++)
        strlist_add(&now, s->files[i].rel);
    strlist_extend(&both, &old);
    strlist_extend(&bothsums, &oldsums);
    for (size_t i = 0; i < now.n; i++)
        if (!strlist_has(&both, now.v[i])) {
            strlist_add(&both, now.v[i]);
            strlist_add(&bothsums, "");
        }
    /* listed before written: a run stopped half way leaves no file that
     * the next one would not know for its own */
    rc = site_write_list(s->out, &both, &bothsums);
    for (size_t i = 0; rc == 0 && i < s->nfiles; i++) {
        char *path = xasprintf("%s/%s", s->out, s->files[i].rel), sum[65];

        rc = site_write_file(s->out, &s->files[i]);
        strlist_add(&nowsums, rc == 0 && libfile_sha256(path, sum) == 0 ? sum : "");
        free(path);
    }
    for (size_t i = 0; rc == 0 && i < old.n; i++)
        if (!strlist_has(&now, old.v[i]))
            site_remove(s->out, old.v[i], oldsums.v[i]);
    if (rc == 0)
        rc = site_write_list(s->out, &now, &nowsums);
    strlist_free(&old);
    strlist_free(&oldsums);
    strlist_free(&now);
    strlist_free(&nowsums);
    strlist_free(&both);
    strlist_free(&bothsums);
    return rc;
}
