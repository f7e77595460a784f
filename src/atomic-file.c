/* atomic-file.c - whole-or-nothing files. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic-file.h"

/* Whether DIR is a folder a file can be created in.  Trying is the only
 * test that holds for every user: root passes any permission check. */
int atomic_dir_writable(const char *dir)
{
    char tmp[4096];
    struct stat st;
    int fd;

    if (stat(dir, &st) != 0)
        return -1;
    if (!S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return -1;
    }
    if ((size_t)snprintf(tmp, sizeof tmp, "%s/.iccsprof-XXXXXX", dir) >= sizeof tmp) {
        errno = ENAMETOOLONG;
        return -1;
    }
    if ((fd = mkstemp(tmp)) < 0)
        return -1;
    close(fd);
    unlink(tmp);
    return 0;
}

/* Whether DIR is, or can be made as, a folder that takes new files. */
int atomic_dir_creatable(const char *dir)
{
    char path[4096];
    struct stat st;
    size_t len;

    if ((size_t)snprintf(path, sizeof path, "%s", dir) >= sizeof path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    /* up to the nearest ancestor that exists */
    while (stat(path, &st) != 0) {
        char *slash;

        if (errno != ENOENT)
            return -1;
        len = strlen(path);
        while (len > 1 && path[len - 1] == '/')
            path[--len] = '\0';
        if ((slash = strrchr(path, '/')) == NULL) {
            snprintf(path, sizeof path, ".");
        } else {
            slash[slash == path] = '\0';
        }
    }
    return atomic_dir_writable(path);
}

/* Create a temporary file beside PATH. */
int atomic_open(const char *path, char *tmp, size_t tmplen)
{
    const char *slash = strrchr(path, '/');
    int dirlen = slash != NULL ? (int)(slash - path) : 1;
    const char *dir = slash != NULL ? path : ".";

    if (slash == path)
        dirlen = 1; /* a file in the root folder */
    if ((size_t)snprintf(tmp, tmplen, "%.*s/.iccsprof-XXXXXX", dirlen, dir) >= tmplen) {
        errno = ENAMETOOLONG;
        return -1;
    }
    return mkstemp(tmp);
}

/* What a file of mode MODE is, for a refusal. */
static const char *atomic_kind(mode_t mode)
{
    if (S_ISDIR(mode))
        return "a directory";
    if (S_ISLNK(mode))
        return "a symbolic link";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISFIFO(mode))
        return "a FIFO";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a regular file";
}

/* Why PATH may not be replaced, or NULL. */
const char *atomic_refusal(const char *path)
{
    static char why[128];
    struct stat st;

    if (path[0] == '\0')
        return "an empty path";
    if (lstat(path, &st) != 0)
        return errno == ENOENT ? NULL : strerror(errno);
    if (S_ISREG(st.st_mode))
        return NULL;
    snprintf(why, sizeof why, "%s, not a regular file: refusing to replace it",
             atomic_kind(st.st_mode));
    return why;
}

/* Whether A and B name the same existing file. */
bool atomic_same_file(const char *a, const char *b)
{
    struct stat sa, sb;

    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

/* Give a temporary file (created 0600) the mode a new file gets. */
static int atomic_set_mode(const char *tmp)
{
    mode_t mask = umask(0);

    umask(mask);
    return chmod(tmp, 0666 & ~mask);
}

/* Write JSON to a temporary file beside PATH. */
int atomic_prepare_json(const char *path, json_t *json, char *tmp, size_t tmplen)
{
    int fd = atomic_open(path, tmp, tmplen), err;
    FILE *f;

    if (fd < 0)
        return -1;
    f = fdopen(fd, "w");
    if (f == NULL) {
        err = errno;
        close(fd);
        goto fail;
    }
    errno = 0;
    if (json_dumpf(json, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10)) != 0 ||
        fputc('\n', f) == EOF || fflush(f) != 0 || fsync(fileno(f)) != 0) {
        err = errno != 0 ? errno : EIO;
        fclose(f);
        goto fail;
    }
    if (fclose(f) != 0) {
        err = errno;
        goto fail;
    }
    return 0;
fail:
    unlink(tmp);
    errno = err;
    return -1;
}

/* Rename the temporary TMP over PATH with the mode of a new file. */
int atomic_commit(const char *tmp, const char *path)
{
    int err;

    if (atomic_refusal(path) != NULL) {
        err = EEXIST;
        goto fail;
    }
    if (atomic_set_mode(tmp) != 0 || rename(tmp, path) != 0) {
        err = errno;
        goto fail;
    }
    return 0;
fail:
    unlink(tmp);
    errno = err;
    return -1;
}

/* Write JSON to PATH atomically. */
int atomic_write_json(const char *path, json_t *json)
{
    char tmp[4096];

    if (atomic_prepare_json(path, json, tmp, sizeof tmp) != 0)
        return -1;
    return atomic_commit(tmp, path);
}
