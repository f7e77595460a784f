/* atomic-file.c - whole-or-nothing files. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/atomic-file.h"

/* The start of a temporary's name in this process: the host and the
 * process id, so that one left by a process that died (a SIGKILL) is
 * known as such by the next process of this host writing in its folder,
 * while another host's, on a folder the hosts share, is left alone. */
static const char *atomic_prefix(size_t *host_len)
{
    static char prefix[128];
    static size_t host_end;
    static pid_t pid;
    char host[65] = "";

    if (pid != getpid()) {
        pid = getpid();
        gethostname(host, sizeof host - 1);
        for (char *h = host; *h != '\0'; h++)
            if (*h == '/' || (unsigned char)*h <= ' ')
                *h = '_';
        snprintf(prefix, sizeof prefix, ".iccsprof-%s-%d-", host, (int)pid);
        host_end = strlen(".iccsprof-") + strlen(host) + 1;
    }
    if (host_len != NULL)
        *host_len = host_end;
    return prefix;
}

/* Remove the temporaries in folder DIR (LEN bytes of it) that processes
 * of this host left when they died. */
static void atomic_sweep(const char *dir, int len)
{
    size_t host_len;
    const char *mine = atomic_prefix(&host_len);
    char path[4096], *end;
    struct dirent *e;
    DIR *d;

    snprintf(path, sizeof path, "%.*s", len, dir);
    if ((d = opendir(path)) == NULL)
        return;
    while ((e = readdir(d)) != NULL) {
        long pid;

        /* .iccsprof-HOST-PID-XXXXXX, HOST this host */
        if (strncmp(e->d_name, mine, host_len) != 0)
            continue;
        errno = 0;
        pid = strtol(e->d_name + host_len, &end, 10);
        if (errno != 0 || pid <= 0 || end[0] != '-' || strlen(end) != 7 ||
            kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        if ((size_t)snprintf(path, sizeof path, "%.*s/%s", len, dir, e->d_name) < sizeof path)
            unlink(path);
    }
    closedir(d);
}

/* Create a temporary file in folder DIR (LEN bytes of it), named in
 * TMP[TMPLEN], after removing those of dead processes there. */
static int atomic_temp(const char *dir, int len, char *tmp, size_t tmplen)
{
    atomic_sweep(dir, len);
    if ((size_t)snprintf(tmp, tmplen, "%.*s/%sXXXXXX", len, dir, atomic_prefix(NULL)) >= tmplen) {
        errno = ENAMETOOLONG;
        return -1;
    }
    return mkstemp(tmp);
}

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
    if ((fd = atomic_temp(dir, (int)strlen(dir), tmp, sizeof tmp)) < 0)
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
    return atomic_temp(dir, dirlen, tmp, tmplen);
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
