/* regfile.c - opening a file that must be a regular file. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/regfile.h"

/* What a file of mode MODE is, when it is not a regular file. */
static const char *regfile_kind(mode_t mode)
{
    if (S_ISDIR(mode))
        return "a directory";
    if (S_ISFIFO(mode))
        return "a FIFO";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISSOCK(mode))
        return "a socket";
    return "a special file";
}

/* Open PATH for reading when it is a regular file.  The check is made on
 * the open descriptor, so the file checked is the file read. */
int regfile_open(const char *path, char *why, size_t len)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;

    if (fd < 0) {
        snprintf(why, len, "%s", strerror(errno));
        return -1;
    }
    if (fstat(fd, &st) != 0) {
        snprintf(why, len, "%s", strerror(errno));
        close(fd);
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(why, len, "%s, not a regular file", regfile_kind(st.st_mode));
        close(fd);
        return -1;
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return fd;
}

/* regfile_open as a stdio stream. */
FILE *regfile_fopen(const char *path, char *why, size_t len)
{
    int fd = regfile_open(path, why, len);
    FILE *f;

    if (fd < 0)
        return NULL;
    if ((f = fdopen(fd, "r")) == NULL) {
        snprintf(why, len, "%s", strerror(errno));
        close(fd);
    }
    return f;
}
