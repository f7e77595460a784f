/* self-exe.c - this program's executable, read once from /proc. */
#include "config.h"

#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "util/self-exe.h"
#include "util/strlist.h"

/* The path /proc/self/exe links to. */
const char *self_exe(void)
{
    static char path[PATH_MAX];
    static int read_once;

    if (!read_once) {
        ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);

        path[n > 0 ? n : 0] = '\0';
        read_once = 1;
    }
    return path[0] != '\0' ? path : NULL;
}

/* A path beside the executable. */
char *self_exe_beside(const char *name)
{
    const char *exe = self_exe(), *slash = exe != NULL ? strrchr(exe, '/') : NULL;

    return slash != NULL ? xasprintf("%.*s/%s", (int)(slash - exe), exe, name) : NULL;
}
