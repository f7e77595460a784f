/* build-tools.c - what this installation builds schemes with (build-tools.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "build/build-tools.h"
#include "paths.h"
#include "plan/plan.h"
#include "util/build-files.h"
#include "util/build-jobs.h"
#include "util/self-exe.h"
#include "util/strlist.h"

/* The wrapper library: in the build tree beside this program, else
 * where it is installed. */
char *profile_wrap_archive(void)
{
    char *path = self_exe_beside("../wrappers/libiccswrap.a");
    char *status = self_exe_beside("../config.status");

    /* a build tree: its own library, not an installed one */
    if (path != NULL && access(path, R_OK) == 0 && access(status, R_OK) == 0) {
        free(status);
        return path;
    }
    free(status);
    free(path);
    return xstrdup(ICCSPROF_LIBDIR "/libiccswrap.a");
}

/* The compiler command schemes are built with: $ICCSPROF_CC, else the
 * one this program was configured with (a cross compiler in a cross
 * build: the libraries must be of this program's architecture). */
const char *profile_cc(void)
{
    const char *cc = getenv("ICCSPROF_CC");

    return cc != NULL && cc[0] != '\0' ? cc : ICCSPROF_CC;
}

/* Say that DIR is in use by another iccsprof, whose process id the lock
 * file FD holds, and how to go on: OPTION names another folder. */
static void profile_say_busy(int fd, const char *dir, const char *option)
{
    char pid[32] = "";
    ssize_t n = pread(fd, pid, sizeof pid - 1, 0);

    pid[n > 0 ? strcspn(pid, "\n") : 0] = '\0';
    plan_say("%s: another iccsprof is building or measuring there (process %s): two at once "
             "would time each other; wait for it to end, or give another %s",
             dir, pid[0] != '\0' ? pid : "unknown", option);
}

/* Take the lock of the folder DIR (DIR/.lock, holding this process's id):
 * wait while another holds it, or refuse at once when REFUSE names the
 * option that gives another folder. */
int profile_lock(const char *dir, const char *refuse)
{
    char *path = xasprintf("%s/.lock", dir), pid[32];
    int fd;
    bool said = false;

    if (file_mkdirs(dir) != 0 || (fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666)) < 0) {
        plan_say("%s: %s", dir, strerror(errno));
        free(path);
        return -1;
    }
    free(path);
    while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        struct timespec pause = {0, 200 * 1000 * 1000};

        if (errno != EWOULDBLOCK && errno != EINTR) {
            plan_say("%s: cannot lock: %s", dir, strerror(errno));
            close(fd);
            return -1;
        }
        if (refuse != NULL && errno == EWOULDBLOCK) {
            profile_say_busy(fd, dir, refuse);
            close(fd);
            return -1;
        }
        if (!said) {
            plan_note("waiting for the lock on %s (another iccsprof is building there)", dir);
            said = true;
        }
        if (jobs_interrupted() != 0) {
            close(fd);
            return -1;
        }
        nanosleep(&pause, NULL);
    }
    snprintf(pid, sizeof pid, "%d\n", (int)getpid());
    if (ftruncate(fd, 0) != 0 || pwrite(fd, pid, strlen(pid), 0) < 0)
        plan_note("%s/.lock: %s (the lock holds, without this process's id)", dir, strerror(errno));
    return fd;
}

/* The program run for `iccsprof run` and `report`. */
const char *profile_self(void)
{
    const char *env = getenv("ICCSPROF_DRIVER");

    if (env != NULL && env[0] != '\0')
        return env;
    return self_exe() != NULL ? self_exe() : "iccsprof";
}
