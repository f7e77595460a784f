/* kat-exec.c - running a package's program with a time-out (kat-exec.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "kat-exec.h"
#include "run-child.h"

/* How often the parent looks whether the program ended. */
#define KAT_POLL_NS 2000000L

/* In the child: the folder, the output files, the stack limit, the
 * program; never returns (127 when exec fails, as a shell does). */
static __attribute__((noreturn)) void kat_child(char *const argv[], const char *dir,
                                                const char *out_path, const char *err_path)
{
    unsigned long long bytes;
    int unlimited, in = open("/dev/null", O_RDONLY);
    int out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    struct rlimit rl;

    setpgid(0, 0);
    child_stack_limit(&bytes, &unlimited);
    if (getrlimit(RLIMIT_STACK, &rl) == 0) {
        rl.rlim_cur = unlimited ? RLIM_INFINITY : (rlim_t)bytes;
        setrlimit(RLIMIT_STACK, &rl);
    }
    if (in < 0 || out < 0 || err < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0 ||
        chdir(dir) != 0)
        _exit(127);
    execvp(argv[0], argv);
    dprintf(2, "%s: %s\n", argv[0], strerror(errno));
    _exit(127);
}

/* Run ARGV in DIR with a time-out. */
int kat_exec(char *const argv[], const char *dir, const char *out_path, const char *err_path,
             double timeout, struct kat_exit *ex)
{
    struct timespec nap = {0, KAT_POLL_NS};
    double start = child_seconds();
    int status;
    pid_t pid;

    ex->timed_out = ex->signal = ex->status = 0;
    if (cmd_verbosity == CMD_VERBOSE) {
        fprintf(stderr, "+ (in %s)", dir);
        for (size_t i = 0; argv[i] != NULL; i++)
            fprintf(stderr, " %s", argv[i]);
        fputc('\n', stderr);
    }
    fflush(NULL);
    if ((pid = fork()) < 0)
        return -1;
    if (pid == 0)
        kat_child(argv, dir, out_path, err_path);
    setpgid(pid, pid); /* as the child does, so that the group exists whichever runs first */
    while (waitpid(pid, &status, WNOHANG) == 0) {
        if (child_seconds() - start > timeout) {
            ex->timed_out = 1;
            kill(-pid, SIGKILL);
            waitpid(pid, &status, 0);
            break;
        }
        nanosleep(&nap, NULL);
    }
    kill(-pid, SIGKILL); /* whatever it started and left behind */
    ex->seconds = child_seconds() - start;
    if (!ex->timed_out && WIFSIGNALED(status))
        ex->signal = WTERMSIG(status);
    else if (!ex->timed_out)
        ex->status = WEXITSTATUS(status);
    return 0;
}
