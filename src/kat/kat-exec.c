/* kat-exec.c - running a package's program with a time-out (kat-exec.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util/message.h"
#include "kat/kat-exec.h"
#include "run/run-child.h"
#include "run/run-reap.h"

/* How often the parent looks whether the program ended. */
#define KAT_POLL_NS 2000000L

/* Close every descriptor but the standard ones: the program must not
 * hold (or write to) what the tool has open, such as a build folder's
 * lock. */
static void kat_close_others(void)
{
#ifdef SYS_close_range
    if (syscall(SYS_close_range, 3u, ~0u, 0u) == 0)
        return;
#endif
    for (int fd = 3; fd < 1024; fd++)
        close(fd);
}

/* In the child: die with the parent, a process group of its own, the
 * folder, the output files, the limits, no descriptor of the tool, the
 * program; never returns (127 when exec fails, as a shell does). */
static __attribute__((noreturn)) void kat_child(char *const argv[], const char *dir,
                                                const char *out_path, const char *err_path,
                                                unsigned long long file_limit, pid_t parent)
{
    unsigned long long bytes;
    int unlimited, in = open("/dev/null", O_RDONLY);
    int out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    struct rlimit rl;
    sigset_t none;

    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
        _exit(127);
    setpgid(0, 0);
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    child_stack_limit(&bytes, &unlimited);
    if (getrlimit(RLIMIT_STACK, &rl) == 0) {
        rl.rlim_cur = unlimited ? RLIM_INFINITY : (rlim_t)bytes;
        setrlimit(RLIMIT_STACK, &rl);
    }
    if (in < 0 || out < 0 || err < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0 ||
        chdir(dir) != 0)
        _exit(127);
    if (file_limit > 0) {
        /* a file written past the limit ends the program with SIGXFSZ */
        rl.rlim_cur = rl.rlim_max = (rlim_t)file_limit;
        setrlimit(RLIMIT_FSIZE, &rl);
    }
    kat_close_others();
    execvp(argv[0], argv);
    dprintf(2, "%s: %s\n", argv[0], strerror(errno));
    _exit(127);
}

/* Run ARGV in DIR with a time-out and a limit on the files it writes. */
int kat_exec_limited(char *const argv[], const char *dir, const char *out_path,
                     const char *err_path, double timeout, unsigned long long file_limit,
                     struct kat_exit *ex)
{
    struct timespec nap = {0, KAT_POLL_NS};
    double start = child_seconds();
    struct reap_known known;
    pid_t pid, self = getpid();
    int status = 0;

    ex->timed_out = ex->signal = ex->status = 0;
    if (cmd_verbosity == CMD_VERBOSE) {
        fprintf(stderr, "+ (in %s)", dir);
        for (size_t i = 0; argv[i] != NULL; i++)
            fprintf(stderr, " %s", argv[i]);
        fputc('\n', stderr);
    }
    fflush(NULL);
    reap_begin(&known);
    if ((pid = fork()) < 0) {
        int e = errno;

        reap_end(&known);
        errno = e;
        return -1;
    }
    if (pid == 0)
        kat_child(argv, dir, out_path, err_path, file_limit, self);
    setpgid(pid, pid); /* as the child does, so that the group exists whichever runs first */
    while (waitpid(pid, &status, WNOHANG) == 0) {
        if (child_seconds() - start > timeout) {
            ex->timed_out = 1;
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
                ;
            break;
        }
        nanosleep(&nap, NULL);
    }
    /* whatever it started and left behind, in whatever group or session */
    reap_descendants(pid, &known);
    reap_end(&known);
    ex->seconds = child_seconds() - start;
    if (!ex->timed_out && WIFSIGNALED(status))
        ex->signal = WTERMSIG(status);
    else if (!ex->timed_out)
        ex->status = WEXITSTATUS(status);
    return 0;
}

/* Run ARGV in DIR with a time-out. */
int kat_exec(char *const argv[], const char *dir, const char *out_path, const char *err_path,
             double timeout, struct kat_exit *ex)
{
    return kat_exec_limited(argv, dir, out_path, err_path, timeout, 0, ex);
}
