/* build-files.c - content-compared writes, stamps and dependency files. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/build-files.h"

/* The whole content of PATH, or NULL. */
char *file_read(const char *path)
{
    FILE *f = fopen(path, "r"), *m;
    char *text = NULL, buf[8192];
    size_t len = 0, n;

    if (f == NULL)
        return NULL;
    if ((m = open_memstream(&text, &len)) == NULL) {
        fclose(f);
        return NULL;
    }
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        fwrite(buf, 1, n, m);
    fclose(m);
    fclose(f);
    return text;
}

/* The last non-empty line of TEXT. */
char *text_last_line(const char *text)
{
    char *line = xstrdup("");

    for (const char *p = text, *end; p != NULL && *p != '\0'; p = *end != '\0' ? end + 1 : end) {
        end = p + strcspn(p, "\n");
        if (end > p) {
            free(line);
            line = xasprintf("%.*s", (int)(end - p), p);
        }
    }
    return line;
}

/* The last non-empty line of PATH. */
char *file_last_line(const char *path)
{
    char *text = file_read(path), *line = text_last_line(text);

    free(text);
    return line;
}

/* Write CONTENT to PATH unless it holds exactly that already. */
int file_replace(const char *path, const char *content)
{
    mode_t mask = umask(022);

    umask(mask);
    return file_replace_mode(path, content, 0666 & ~mask);
}

/* Write CONTENT to PATH, mode 0600, unless it holds exactly that. */
int file_replace_private(const char *path, const char *content)
{
    return file_replace_mode(path, content, 0600);
}

/* Write CONTENT to PATH with MODE unless it holds exactly that already. */
int file_replace_mode(const char *path, const char *content, mode_t mode)
{
    char *old = file_read(path), *tmp;
    size_t len = strlen(content);
    int fd, rc = -1;

    if (old != NULL && strcmp(old, content) == 0) {
        free(old);
        return 0;
    }
    free(old);
    tmp = xasprintf("%s.tmp.XXXXXX", path);
    if ((fd = mkstemp(tmp)) >= 0) {
        if (fchmod(fd, mode) == 0 && write(fd, content, len) == (ssize_t)len && close(fd) == 0) {
            fd = -1;
            rc = rename(tmp, path);
        }
        if (fd >= 0)
            close(fd);
        if (rc != 0)
            unlink(tmp);
    }
    free(tmp);
    return rc;
}

/* Make DIR and its parents. */
int file_mkdirs(const char *dir)
{
    char *copy = xstrdup(dir);
    int rc = 0;

    for (char *p = copy + 1; rc == 0 && *p != '\0'; p++)
        if (*p == '/') {
            *p = '\0';
            if (mkdir(copy, 0777) != 0 && errno != EEXIST)
                rc = -1;
            *p = '/';
        }
    if (rc == 0 && mkdir(copy, 0777) != 0 && errno != EEXIST)
        rc = -1;
    free(copy);
    return rc;
}

/* The modification time of PATH. */
bool file_mtime(const char *path, struct timespec *t)
{
    struct stat st;

    if (stat(path, &st) != 0)
        return false;
    *t = st.st_mtim;
    return true;
}

/* Whether A is later than B. */
bool file_time_after(const struct timespec *a, const struct timespec *b)
{
    return a->tv_sec > b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec > b->tv_nsec);
}

/* The prerequisites of a make dependency file. */
void deps_parse(const char *text, struct strlist *out)
{
    const char *p = text;
    bool after_colon = false;

    while (*p != '\0') {
        char *w;
        size_t len = 0, cap = 64;

        while (*p == ' ' || *p == '\t' || (*p == '\\' && p[1] == '\n'))
            p += *p == '\\' ? 2 : 1;
        if (*p == '\n') {
            after_colon = false;
            p++;
            continue;
        }
        if (*p == '\0')
            break;
        w = xmalloc(cap);
        while (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\n' &&
               !(*p == '\\' && p[1] == '\n')) {
            if (*p == '\\' && (p[1] == ' ' || p[1] == '#' || p[1] == '\\'))
                p++;
            else if (*p == '$' && p[1] == '$')
                p++;
            if (len + 2 > cap) {
                char *bigger = realloc(w, cap *= 2);

                if (bigger == NULL)
                    abort();
                w = bigger;
            }
            w[len++] = *p++;
        }
        w[len] = '\0';
        if (!after_colon) {
            /* the target, up to its colon (the word or the next one) */
            after_colon = len > 0 && w[len - 1] == ':';
        } else if (!strlist_has(out, w)) {
            strlist_add(out, w);
        }
        free(w);
    }
}

/* Whether OBJ is up to date. */
bool deps_up_to_date(const char *obj, const char *key, const char *dir)
{
    /* -MMD names the dependency file after the object, .o made .d */
    char *stamp = xasprintf("%s.cmd", obj), *dfile = xasprintf("%.*s.d", (int)strlen(obj) - 2, obj);
    char *old = file_read(stamp), *text = NULL;
    struct strlist deps = {0};
    struct timespec t, d;
    bool ok = old != NULL && strcmp(old, key) == 0 && file_mtime(obj, &t) &&
              (text = file_read(dfile)) != NULL;

    if (ok) {
        deps_parse(text, &deps);
        for (size_t i = 0; ok && i < deps.n; i++) {
            char *path =
                deps.v[i][0] == '/' ? xstrdup(deps.v[i]) : xasprintf("%s/%s", dir, deps.v[i]);

            ok = file_mtime(path, &d) && !file_time_after(&d, &t);
            free(path);
        }
    }
    strlist_free(&deps);
    free(text);
    free(old);
    free(stamp);
    free(dfile);
    return ok;
}

/* nftw callback: remove one entry of a tree. */
static int file_remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    if (flag == FTW_DP)
        rmdir(path);
    else
        unlink(path);
    return 0;
}

/* Whether file_open_entry opened a folder in its last walk. */
static bool file_opened;

/* nftw callback: open a folder of a tree to its owner, so that a
 * folder a program made unreadable or unwritable is still emptied. */
static int file_open_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)ftw;
    if ((flag == FTW_D || flag == FTW_DNR) && (st->st_mode & S_IRWXU) != S_IRWXU &&
        chmod(path, (st->st_mode & 07777) | S_IRWXU) == 0)
        file_opened = true;
    return 0;
}

void file_remove_tree(const char *dir)
{
    /* a walk cannot enter a folder it just opened: again, one level
     * deeper each time, until none was closed */
    do {
        file_opened = false;
        nftw(dir, file_open_entry, 16, FTW_PHYS);
    } while (file_opened);
    nftw(dir, file_remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}
