/* run-reap.c - ending a process and all its descendants (run-reap.h). */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/run-reap.h"

/* The parent of process PID from /proc; -1 when it is gone. */
static pid_t reap_parent_of(pid_t pid)
{
    char path[64], buf[512], *close_paren;
    int fd, ppid;
    ssize_t n;

    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
        return -1;
    n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0)
        return -1;
    buf[n] = '\0';
    /* the command name may hold spaces and parentheses: fields resume
     * after its last ')' */
    if ((close_paren = strrchr(buf, ')')) == NULL || sscanf(close_paren + 1, " %*c %d", &ppid) != 1)
        return -1;
    return (pid_t)ppid;
}

/* Call FN with each child of this process that is not in KNOWN (NULL:
 * with every child); how many there were. */
static size_t reap_each_child(const struct reap_known *known, void (*fn)(pid_t, void *), void *arg)
{
    DIR *proc = opendir("/proc");
    pid_t self = getpid();
    struct dirent *e;
    size_t n = 0;

    if (proc == NULL)
        return 0;
    while ((e = readdir(proc)) != NULL) {
        pid_t pid = (pid_t)atoi(e->d_name);
        size_t i = 0;

        if (pid <= 0 || reap_parent_of(pid) != self)
            continue;
        while (known != NULL && i < known->n && known->pids[i] != pid)
            i++;
        if (known == NULL || i == known->n) {
            fn(pid, arg);
            n++;
        }
    }
    closedir(proc);
    return n;
}

/* Add PID to the known children ARG. */
static void reap_know(pid_t pid, void *arg)
{
    struct reap_known *k = arg;

    if (k->n == k->cap) {
        size_t cap = k->cap ? 2 * k->cap : 16;
        pid_t *pids = realloc(k->pids, cap * sizeof *pids);

        if (pids == NULL)
            return;
        k->pids = pids;
        k->cap = cap;
    }
    k->pids[k->n++] = pid;
}

/* Kill and reap PID, a descendant of the process being ended. */
static void reap_kill(pid_t pid, void *arg)
{
    (void)arg;
    kill(pid, SIGKILL);
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
        ;
}

/* Become a subreaper and note the children there are now. */
void reap_begin(struct reap_known *k)
{
    memset(k, 0, sizeof *k);
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    reap_each_child(NULL, reap_know, k);
}

/* Kill GROUP (none when not above 1: kill(0) would be this process's
 * own group) and every child not in K until none is left. */
void reap_descendants(pid_t group, const struct reap_known *k)
{
    if (group > 1)
        kill(-group, SIGKILL);
    for (int round = 0; round < 10000 && reap_each_child(k, reap_kill, NULL) > 0; round++)
        if (group > 1)
            kill(-group, SIGKILL);
}

/* Free what K holds. */
void reap_end(struct reap_known *k)
{
    free(k->pids);
    memset(k, 0, sizeof *k);
}
