/* kat-exec.c - running a package's program with a time-out (kat-exec.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util/message.h"
#include "kat/kat-exec.h"
#include "run/run-child.h"
#include "util/run-reap.h"
#include "util/quota.h"
#include "util/terminal.h"

/* How often the parent looks whether the program ended. */
#define KAT_POLL_NS 2000000L
/* Every this many looks, it counts what the program left in its folder. */
#define KAT_QUOTA_POLLS 50

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

/* Write TEXT to the file PATH (of /proc); 0, or -1 with errno set. */
static int kat_write_proc(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY | O_CLOEXEC), rc;

    if (fd < 0)
        return -1;
    rc = write(fd, text, strlen(text)) == (ssize_t)strlen(text) ? 0 : -1;
    close(fd);
    return rc;
}

/* Enter a mount namespace of its own (as UID and GID, in a user
 * namespace of its own when UID is not root) where every mount is
 * read-only but the folder DIR; NULL, or the step that failed, errno
 * set. */
static const char *kat_confine(const char *dir, uid_t uid, gid_t gid)
{
    struct mount_attr ro = {.attr_set = MOUNT_ATTR_RDONLY}, rw = {.attr_clr = MOUNT_ATTR_RDONLY};
    char map[64];

    if (unshare(CLONE_NEWNS | (uid != 0 ? CLONE_NEWUSER : 0)) != 0)
        return "unshare";
    if (uid != 0) {
        if (kat_write_proc("/proc/self/setgroups", "deny") != 0)
            return "/proc/self/setgroups";
        snprintf(map, sizeof map, "%u %u 1", (unsigned)uid, (unsigned)uid);
        if (kat_write_proc("/proc/self/uid_map", map) != 0)
            return "/proc/self/uid_map";
        snprintf(map, sizeof map, "%u %u 1", (unsigned)gid, (unsigned)gid);
        if (kat_write_proc("/proc/self/gid_map", map) != 0)
            return "/proc/self/gid_map";
    }
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
        return "making / private";
    if (mount(dir, dir, NULL, MS_BIND, NULL) != 0)
        return "binding its folder";
    if (mount_setattr(AT_FDCWD, "/", AT_RECURSIVE, &ro, sizeof ro) != 0)
        return "making / read-only";
    if (mount_setattr(AT_FDCWD, dir, 0, &rw, sizeof rw) != 0)
        return "making its folder writable";
    return NULL;
}

/* In the child: die with the parent, a session of its own (so a process
 * group of its own, and no controlling terminal: the program cannot open
 * /dev/tty to write to the user's terminal), the confinement asked for
 * (why not into the pipe REPORT), the folder, the output files, the
 * limits, no descriptor of the tool, the program; never returns (127
 * when exec fails, as a shell does). */
static __attribute__((noreturn)) void kat_child(char *const argv[], const char *dir,
                                                const char *out_path, const char *err_path,
                                                const struct kat_limits *limits, pid_t parent,
                                                int report)
{
    unsigned long long bytes;
    int unlimited, in = open("/dev/null", O_RDONLY);
    int out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    struct rlimit rl;
    sigset_t none;

    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
        _exit(127);
    setsid();
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    child_stack_limit(&bytes, &unlimited);
    if (getrlimit(RLIMIT_STACK, &rl) == 0) {
        rl.rlim_cur = unlimited ? RLIM_INFINITY : (rlim_t)bytes;
        setrlimit(RLIMIT_STACK, &rl);
    }
    if (limits->confine) {
        uid_t uid = getuid();
        const char *step = kat_confine(dir, uid, getgid());

        if (step != NULL)
            dprintf(report, "%s: %s", step, strerror(errno));
    }
    if (in < 0 || out < 0 || err < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0 ||
        chdir(dir) != 0)
        _exit(127);
    if (limits->file_bytes > 0) {
        /* a file written past the limit ends the program with SIGXFSZ */
        rl.rlim_cur = rl.rlim_max = (rlim_t)limits->file_bytes;
        setrlimit(RLIMIT_FSIZE, &rl);
    }
    if (limits->memory_mib > 0) {
        rl.rlim_cur = rl.rlim_max = (rlim_t)limits->memory_mib << 20;
        setrlimit(RLIMIT_AS, &rl);
    }
    kat_close_others();
    execvp(argv[0], argv);
    dprintf(2, "%s: %s\n", argv[0], strerror(errno));
    _exit(127);
}

/* Whether what the program left in DIR is past the quota of LIMITS. */
static int kat_over_quota(const char *dir, const struct kat_limits *limits)
{
    struct quota q = {.max_bytes = limits->dir_bytes, .max_files = limits->dir_files};

    if (q.max_bytes == 0 && q.max_files == 0)
        return 0;
    quota_count(dir, &q);
    return quota_over(&q);
}

/* Why the child is not confined into EX, if it says so on the pipe FD
 * before its exec closes it; FD is closed. */
static void kat_read_unconfined(int fd, struct kat_exit *ex)
{
    size_t have = 0;
    ssize_t got;

    while (have + 1 < sizeof ex->unconfined &&
           ((got = read(fd, ex->unconfined + have, sizeof ex->unconfined - 1 - have)) > 0 ||
            (got < 0 && errno == EINTR)))
        have += got > 0 ? (size_t)got : 0;
    ex->unconfined[have] = '\0';
    close(fd);
}

/* Wait for the child PID (started at START) running in DIR: killed, with
 * its group, past TIMEOUT or over the quota LIMITS (said in EX); its wait
 * status. */
static int kat_wait(pid_t pid, const char *dir, double timeout, double start,
                    const struct kat_limits *limits, struct kat_exit *ex)
{
    struct timespec nap = {0, KAT_POLL_NS};
    unsigned long polls = 0;
    int status = 0;

    while (waitpid(pid, &status, WNOHANG) == 0) {
        bool over = ++polls % KAT_QUOTA_POLLS == 0 && kat_over_quota(dir, limits);

        if (over || child_seconds() - start > timeout) {
            ex->timed_out = !over;
            ex->over_quota = over;
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
                ;
            break;
        }
        nanosleep(&nap, NULL);
    }
    return status;
}

/* Run ARGV in DIR with a time-out, within LIMITS. */
int kat_exec_limited(char *const argv[], const char *dir, const char *out_path,
                     const char *err_path, double timeout, const struct kat_limits *limits,
                     struct kat_exit *ex)
{
    double start = child_seconds();
    struct reap_known known;
    pid_t pid, self = getpid();
    int status, report[2];

    ex->timed_out = ex->signal = ex->status = ex->over_quota = 0;
    if (cmd_verbosity == CMD_VERBOSE) {
        size_t n = 0;

        while (argv[n] != NULL)
            n++;
        text_show_command(stderr, dir, argv, n);
    }
    ex->unconfined[0] = '\0';
    if (pipe2(report, O_CLOEXEC) != 0)
        return -1;
    fflush(NULL);
    reap_begin(&known);
    if ((pid = fork()) < 0) {
        int e = errno;

        reap_end(&known);
        close(report[0]);
        close(report[1]);
        errno = e;
        return -1;
    }
    if (pid == 0)
        kat_child(argv, dir, out_path, err_path, limits, self, report[1]);
    close(report[1]);
    kat_read_unconfined(report[0], ex);
    status = kat_wait(pid, dir, timeout, start, limits, ex);
    /* whatever it started and left behind, in whatever group or session */
    reap_descendants(pid, &known);
    reap_end(&known);
    if (!ex->timed_out && !ex->over_quota && kat_over_quota(dir, limits))
        ex->over_quota = 1;
    ex->seconds = child_seconds() - start;
    if (!ex->timed_out && !ex->over_quota && WIFSIGNALED(status))
        ex->signal = WTERMSIG(status);
    else if (!ex->timed_out && !ex->over_quota)
        ex->status = WEXITSTATUS(status);
    return 0;
}

/* Run ARGV in DIR with a time-out. */
int kat_exec(char *const argv[], const char *dir, const char *out_path, const char *err_path,
             double timeout, struct kat_exit *ex)
{
    static const struct kat_limits none = {0};

    return kat_exec_limited(argv, dir, out_path, err_path, timeout, &none, ex);
}
