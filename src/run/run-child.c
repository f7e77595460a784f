/* run-child.c - running iccsprof-measure and collecting its outcome. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "paths.h"
#include "measure/protocol.h"
#include "run/run-child.h"
#include "run/run-lines.h"
#include "util/run-reap.h"
#include "util/self-exe.h"
#include "run/run-result.h"

/* A macro's value as a string literal. */
#define CHILD_STR(x) CHILD_STR_(x)
#define CHILD_STR_(x) #x

/* The stack the measuring process gets when the hard limit is unlimited:
 * ample for the largest stack frames seen in reference code (several
 * MB), while keeping the address space layout a finite limit gives. */
#define CHILD_STACK_DEFAULT (1ull << 30)

/* The limits of the measuring processes this process starts. */
static struct child_limits child_limits = {.memory_mib = CHILD_MEMORY_MIB_DEFAULT,
                                           .file_mib = CHILD_FILE_MIB_DEFAULT};

/* Take L as the limits of the measuring processes. */
void child_set_limits(const struct child_limits *l)
{
    child_limits = *l;
}

/* The memory limit in force: none in a build with AddressSanitizer. */
static unsigned long long child_memory_mib(void)
{
#ifdef __SANITIZE_ADDRESS__
    return 0;
#else
    return child_limits.memory_mib;
#endif
}

/* Set the limits in the new process: the file size always, the memory
 * unless AddressSanitizer's shadow would count against it. */
static void child_apply_limits(void)
{
    struct rlimit rl;

    if (child_memory_mib() > 0) {
        rl.rlim_cur = rl.rlim_max = (rlim_t)(child_memory_mib() << 20);
        setrlimit(RLIMIT_DATA, &rl);
    }
    if (child_limits.file_mib > 0) {
        /* a file written past the limit ends the process with SIGXFSZ */
        rl.rlim_cur = rl.rlim_max = (rlim_t)(child_limits.file_mib << 20);
        setrlimit(RLIMIT_FSIZE, &rl);
    }
}

/* Seconds of CLOCK_MONOTONIC. */
double child_seconds(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The stack limit the measuring process is given. */
void child_stack_limit(unsigned long long *bytes, int *unlimited)
{
    struct rlimit rl;

    *unlimited = 0;
    if (getrlimit(RLIMIT_STACK, &rl) != 0) {
        *bytes = 0;
        return;
    }
    *bytes = rl.rlim_max == RLIM_INFINITY ? CHILD_STACK_DEFAULT : (unsigned long long)rl.rlim_max;
    if (rl.rlim_cur == RLIM_INFINITY)
        *unlimited = 1;
    else if ((unsigned long long)rl.rlim_cur > *bytes)
        *bytes = (unsigned long long)rl.rlim_cur;
}

/* The path of the measuring program. */
const char *child_measure_path(void)
{
    static char *beside;
    const char *env = getenv("ICCSPROF_MEASURE");

    if (env != NULL && env[0] != '\0')
        return env;
    if (beside == NULL)
        beside = self_exe_beside("iccsprof-measure");
    if (beside != NULL && access(beside, X_OK) == 0)
        return beside;
    return ICCSPROF_PKGLIBEXECDIR "/iccsprof-measure";
}

/* Close every descriptor but the standard ones and the channel: the
 * measuring process must not hold (or let the scheme write to) what the
 * caller of iccsprof run left open. */
static void child_close_others(void)
{
#ifdef SYS_close_range
    if (syscall(SYS_close_range, 3u, PROTOCOL_CHANNEL_FD - 1u, 0u) == 0 &&
        syscall(SYS_close_range, PROTOCOL_CHANNEL_FD + 1u, ~0u, 0u) == 0)
        return;
#endif
    for (int fd = 3; fd < 1024; fd++)
        if (fd != PROTOCOL_CHANNEL_FD)
            close(fd);
}

/* In the new process: die with the parent, raise the stack limit, wire
 * the descriptors, exec.  Only async-signal-safe calls: the parent may
 * have threads of its own. */
static __attribute__((noreturn)) void child_exec(const char *measure, char *cfg, int chan,
                                                 int output, pid_t parent)
{
    static const char failed[] = "{\"" PROTOCOL_KEY_VERSION "\":" CHILD_STR(
        PROTOCOL_VERSION) ",\"" PROTOCOL_MSG_ERROR "\":{\"kind\":\"" PROTOCOL_ERROR_CALL
                          "\",\"message\":\"cannot start the measuring program\"}}\n";
    static const char chan_arg[] = CHILD_STR(PROTOCOL_CHANNEL_FD);
    unsigned long long bytes;
    int unlimited, devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
    struct rlimit rl;
    sigset_t none;
    char *argv[4];

    /* a SIGKILL of iccsprof run leaves no measurement running on */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
        _exit(127);
    /* a session of its own: a group of its own, and no controlling
     * terminal, so that scheme code cannot open /dev/tty */
    setsid();
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    child_stack_limit(&bytes, &unlimited);
    if (!unlimited && getrlimit(RLIMIT_STACK, &rl) == 0) {
        rl.rlim_cur = (rlim_t)bytes;
        setrlimit(RLIMIT_STACK, &rl);
    }
    child_apply_limits();
    /* move both pipes above the standard descriptors first, so that no
     * dup2 below overwrites the other, and none is a no-op that would
     * keep its close-on-exec flag */
    chan = fcntl(chan, F_DUPFD_CLOEXEC, 10);
    output = fcntl(output, F_DUPFD_CLOEXEC, 10);
    if (devnull >= 0)
        dup2(devnull, 0);
    dup2(output, 1);
    dup2(output, 2);
    close(output);
    if (chan == PROTOCOL_CHANNEL_FD)
        fcntl(chan, F_SETFD, 0);
    else if (dup2(chan, PROTOCOL_CHANNEL_FD) == PROTOCOL_CHANNEL_FD)
        close(chan);
    child_close_others();
    argv[0] = (char *)measure;
    argv[1] = (char *)chan_arg;
    argv[2] = cfg;
    argv[3] = NULL;
    execv(measure, argv);
    (void)!write(PROTOCOL_CHANNEL_FD, failed, sizeof failed - 1);
    _exit(127);
}

/* Copy what the scheme wrote into the log, up to the limit; a write
 * error of the log is kept in OUT->log_errno. */
static ssize_t child_read_output(int fd, int log_fd, struct child_outcome *out)
{
    char buf[8192];
    ssize_t n = read(fd, buf, sizeof buf);

    if (n <= 0)
        return n;
    if (log_fd >= 0 && out->log_bytes < CHILD_LOG_LIMIT && out->log_errno == 0) {
        size_t keep = (size_t)n, done = 0;

        if (out->log_bytes + keep > CHILD_LOG_LIMIT)
            keep = (size_t)(CHILD_LOG_LIMIT - out->log_bytes);
        while (done < keep) {
            ssize_t w = write(log_fd, buf + done, keep - done);

            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0) {
                out->log_errno = w < 0 ? errno : EIO;
                break;
            }
            done += (size_t)w;
        }
    }
    out->log_bytes += (uint64_t)n;
    out->log_truncated = out->log_bytes > CHILD_LOG_LIMIT;
    return n;
}

/* Describe how the process ended, for a failed record. */
static void child_describe(struct child_outcome *out, const struct child_lines *l, int wstatus,
                           int timed_out, double timeout)
{
    const char *phase = l->phase[0] != '\0' ? l->phase : "start-up";

    out->status = CHILD_FAILED;
    if (l->bad[0] != '\0') {
        snprintf(out->message, sizeof out->message, "%s during %s", l->bad, phase);
    } else if (l->error != NULL) {
        snprintf(out->message, sizeof out->message, "%s",
                 json_string_value(json_object_get(l->error, "message")));
        if (strcmp(json_string_value(json_object_get(l->error, "kind")), PROTOCOL_ERROR_INPUT) == 0)
            out->status = CHILD_INPUT_ERROR;
    } else if (timed_out) {
        out->timed_out = 1;
        snprintf(out->message, sizeof out->message, "timed out after %g s during %s", timeout,
                 phase);
    } else if (WIFSIGNALED(wstatus)) {
        snprintf(out->message, sizeof out->message, "killed by signal %d (%s) during %s",
                 WTERMSIG(wstatus), strsignal(WTERMSIG(wstatus)), phase);
    } else if (WIFEXITED(wstatus)) {
        snprintf(out->message, sizeof out->message,
                 "the measuring process exited with status %d during %s without a result",
                 WEXITSTATUS(wstatus), phase);
    }
}

/* The write end of the pipe the signal handler wakes child_collect by. */
static volatile int child_wake_fd = -1;

/* Wake child_collect with the signal's number. */
static void child_on_signal(int sig)
{
    int saved = errno;
    unsigned char b = (unsigned char)sig;

    (void)!write(child_wake_fd, &b, 1);
    errno = saved;
}

/* The signals child_run catches while a measuring process runs: its end,
 * and the user's or the system's request to stop. */
static const int child_signals[] = {SIGCHLD, SIGINT, SIGTERM, SIGHUP};
#define CHILD_NSIGNALS (sizeof child_signals / sizeof child_signals[0])

/* Catch the signals into the pipe WAKE, keeping the old actions in OLD,
 * and let them through even when the caller holds them back (its mask is
 * kept in OLD_MASK). */
static void child_catch(const int wake[2], struct sigaction old[CHILD_NSIGNALS], sigset_t *old_mask)
{
    struct sigaction sa;
    sigset_t caught;

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = child_on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
    child_wake_fd = wake[1];
    sigemptyset(&caught);
    for (size_t i = 0; i < CHILD_NSIGNALS; i++) {
        sigaction(child_signals[i], &sa, &old[i]);
        sigaddset(&caught, child_signals[i]);
    }
    sigprocmask(SIG_UNBLOCK, &caught, old_mask);
}

/* Put back the mask and the actions child_catch replaced: a signal the
 * caller holds back arriving from now on waits for the caller. */
static void child_uncatch(const struct sigaction old[CHILD_NSIGNALS], const sigset_t *old_mask)
{
    sigprocmask(SIG_SETMASK, old_mask, NULL);
    for (size_t i = 0; i < CHILD_NSIGNALS; i++)
        sigaction(child_signals[i], &old[i], NULL);
    child_wake_fd = -1;
}

/* End the measuring process PID (unless already REAPED; its status
 * and resources used then into WSTATUS and USAGE) and everything it
 * started, whatever group or session it moved to (run-reap.h). */
static void child_kill_all(pid_t pid, int reaped, int *wstatus, struct rusage *usage,
                           const struct reap_known *known)
{
    kill(-pid, SIGKILL);
    if (!reaped) {
        kill(pid, SIGKILL);
        while (wait4(pid, wstatus, 0, usage) < 0 && errno == EINTR)
            ;
    }
    reap_descendants(pid, known);
}

/* Read what is left in the channel and the output without waiting:
 * descendants of the measuring process may hold the pipes open. */
static void child_drain(int chan, int output, int log_fd, struct child_lines *l,
                        child_progress_fn progress, void *arg, struct child_outcome *out)
{
    while (!child_lines_done(l) && child_lines_read(chan, l) > 0)
        child_lines_take(l, progress, arg);
    while (child_read_output(output, log_fd, out) > 0)
        ;
}

/* What ended child_collect. */
struct child_end {
    int reaped, wstatus, timed_out, signal;
    struct rusage usage; /* once reaped: its peak resident memory among it */
};

/* Note in END the stopping signal the handler wrote to WAKE, if any. */
static void child_take_signals(int wake, struct child_end *end)
{
    unsigned char sig[16];
    ssize_t n;

    while ((n = read(wake, sig, sizeof sig)) > 0)
        for (ssize_t i = 0; i < n; i++)
            if (sig[i] != SIGCHLD)
                end->signal = sig[i];
}

/* Follow the measuring process PID until it exits, the deadline passes
 * or a signal asks to stop: read its channel until its last message, and
 * its output into the log. */
static void child_collect(pid_t pid, int chan, int output, int wake, int log_fd, double timeout,
                          child_progress_fn progress, void *arg, struct child_lines *l,
                          struct child_outcome *out, struct child_end *end)
{
    double deadline = child_seconds() + timeout;
    struct pollfd fds[3] = {{.fd = wake, .events = POLLIN},
                            {.fd = chan, .events = POLLIN},
                            {.fd = output, .events = POLLIN}};

    for (;;) {
        double left = deadline - child_seconds();

        if (wait4(pid, &end->wstatus, WNOHANG, &end->usage) == pid) {
            /* the signal that stopped a whole process group killed the
             * measuring process too: an interruption, not its failure */
            child_take_signals(wake, end);
            end->reaped = 1;
            return;
        }
        if (left <= 0) {
            end->timed_out = 1;
            return;
        }
        if (progress != NULL && left > CHILD_TICK_SECONDS)
            left = CHILD_TICK_SECONDS;
        if (poll(fds, 3, (int)(left * 1000) + 1) < 0 && errno != EINTR)
            return;
        if (progress != NULL)
            progress(NULL, NULL, arg);
        child_take_signals(wake, end);
        if (end->signal != 0)
            return;
        if (fds[1].revents != 0) {
            if (child_lines_read(chan, l) == 0)
                fds[1].fd = -1;
            child_lines_take(l, progress, arg);
            if (child_lines_done(l))
                fds[1].fd = -1;
        }
        if (fds[2].revents != 0 && child_read_output(output, log_fd, out) == 0)
            fds[2].fd = -1;
    }
}
/* In a build of iccsprof with AddressSanitizer, the measuring process
 * would catch the scheme's crash and exit with a status; let the signal
 * through so that the record names it, as in a normal build. */
static void child_sanitizer_options(void)
{
#ifdef __SANITIZE_ADDRESS__
    static const char pass[] =
        "handle_segv=0:handle_sigbus=0:handle_sigfpe=0:handle_sigill=0:handle_abort=0";
    const char *old = getenv("ASAN_OPTIONS");
    char *both;

    if (old == NULL || old[0] == '\0') {
        setenv("ASAN_OPTIONS", pass, 1);
    } else if (strstr(old, pass) == NULL && asprintf(&both, "%s:%s", old, pass) >= 0) {
        setenv("ASAN_OPTIONS", both, 1);
        free(both);
    }
#endif
}

/* What CFG asks the measuring process for. */
static enum result_kind child_result_kind(json_t *cfg)
{
    const char *request = json_string_value(json_object_get(cfg, PROTOCOL_KEY_REQUEST));

    if (json_is_true(json_object_get(cfg, "probe")))
        return RESULT_PROBE;
    if (request != NULL && strcmp(request, PROTOCOL_REQUEST_KAT) == 0)
        return RESULT_KAT;
    if (request != NULL && strcmp(request, PROTOCOL_REQUEST_REPLAY) == 0)
        return RESULT_REPLAY;
    return request != NULL && strcmp(request, PROTOCOL_REQUEST_COSTS) == 0 ? RESULT_COSTS
                                                                           : RESULT_OP;
}

/* MIB mebibytes in words: "8 GiB", "300 MiB". */
static void child_mib_text(char *buf, size_t len, unsigned long long mib)
{
    if (mib % 1024 == 0)
        snprintf(buf, len, "%llu GiB", mib / 1024);
    else
        snprintf(buf, len, "%llu MiB", mib);
}

/* Make a failure of the measuring process that met a limit (END) into
 * CHILD_OVER_LIMIT in OUT: killed by SIGXFSZ, a file written past its
 * size; or failed once its resident memory reached three quarters of
 * the memory limit, where the kernel refuses it more and an allocation
 * the scheme does not check crashes it. */
static void child_over_limit(const struct child_end *end, struct child_outcome *out)
{
    char limit[32];

    if (out->status != CHILD_FAILED || end->timed_out)
        return;
    if (WIFSIGNALED(end->wstatus) && WTERMSIG(end->wstatus) == SIGXFSZ &&
        child_limits.file_mib > 0) {
        child_mib_text(limit, sizeof limit, child_limits.file_mib);
        snprintf(out->message, sizeof out->message,
                 "wrote a file past the %s limit (--max-file-size)", limit);
        out->status = CHILD_OVER_LIMIT;
    } else if (child_memory_mib() > 0 &&
               (unsigned long long)end->usage.ru_maxrss * 4 >= child_memory_mib() * 1024 * 3) {
        child_mib_text(limit, sizeof limit, child_memory_mib());
        snprintf(out->message, sizeof out->message,
                 "out of memory under the %s limit (--max-memory)", limit);
        out->status = CHILD_OVER_LIMIT;
    }
}

/* Turn the end of the measuring process into OUT. */
static void child_outcome_of(json_t *cfg, struct child_lines *l, const struct child_end *end,
                             double timeout, struct child_outcome *out)
{
    char why[512];

    if (end->signal != 0) {
        out->status = CHILD_INTERRUPTED;
        out->signal = end->signal;
        snprintf(out->message, sizeof out->message, "interrupted by signal %d (%s)", end->signal,
                 strsignal(end->signal));
        json_decref(l->result);
    } else if (l->bad[0] == '\0' && l->result != NULL && !end->timed_out &&
               WIFEXITED(end->wstatus) && WEXITSTATUS(end->wstatus) == 0) {
        if (result_check(l->result, child_result_kind(cfg), why, sizeof why) == 0) {
            out->status = CHILD_OK;
            out->result = l->result;
        } else {
            out->status = CHILD_FAILED;
            snprintf(out->message, sizeof out->message,
                     "the measuring process sent a malformed result: %s", why);
            json_decref(l->result);
        }
    } else {
        json_decref(l->result);
        child_describe(out, l, end->wstatus, end->timed_out, timeout);
        child_over_limit(end, out);
    }
}

/* CFG as the measuring program MEASURE's argument, stamped with the
 * protocol's version; NULL, with errno, when MEASURE cannot be run or the
 * text not made. */
static char *child_config_text(const char *measure, json_t *cfg)
{
    if (access(measure, X_OK) != 0)
        return NULL;
    json_object_set_new(cfg, PROTOCOL_KEY_VERSION, json_integer(PROTOCOL_VERSION));
    return json_dumps(cfg, JSON_COMPACT);
}

/* Open the measuring process's channel CHAN and output OUTPUT, and the
 * pipe WAKE the signal handler writes to, which must never block it; 0,
 * or -1 with errno and none of them open. */
static int child_pipes(int chan[2], int output[2], int wake[2])
{
    if (pipe2(chan, O_CLOEXEC) != 0)
        return -1;
    if (pipe2(output, O_CLOEXEC) != 0) {
        close(chan[0]);
        close(chan[1]);
        return -1;
    }
    if (pipe2(wake, O_CLOEXEC | O_NONBLOCK) != 0) {
        close(chan[0]);
        close(chan[1]);
        close(output[0]);
        close(output[1]);
        return -1;
    }
    return 0;
}

/* Close this process's ends of the channel CHAN and the output OUTPUT
 * (the measuring process has the others), and both ends of WAKE. */
static void child_close_pipes(int chan, int output, const int wake[2])
{
    close(chan);
    close(output);
    close(wake[0]);
    close(wake[1]);
}

/* Run the measuring program and turn its end into an outcome. */
int child_run(const char *measure, json_t *cfg, double timeout, int log_fd,
              child_progress_fn progress, void *arg, struct child_outcome *out)
{
    struct sigaction old[CHILD_NSIGNALS];
    sigset_t old_mask;
    struct child_lines lines;
    struct child_end end;
    struct reap_known known;
    char *cfg_text;
    int chan[2], output[2], wake[2];
    pid_t pid, self = getpid();

    memset(out, 0, sizeof *out);
    memset(&lines, 0, sizeof lines);
    memset(&end, 0, sizeof end);
    if ((cfg_text = child_config_text(measure, cfg)) == NULL)
        return -1;
    if (child_pipes(chan, output, wake) != 0) {
        free(cfg_text);
        return -1;
    }
    /* descendants that leave the measuring process's group or session
     * come back to this process when their parents die, to be killed;
     * the children it has now are the caller's */
    reap_begin(&known);
    child_sanitizer_options();
    child_catch(wake, old, &old_mask);
    fflush(NULL);
    pid = fork();
    if (pid == 0)
        child_exec(measure, cfg_text, chan[1], output[1], self);
    free(cfg_text);
    close(chan[1]);
    close(output[1]);
    if (pid < 0) {
        int err = errno;

        child_uncatch(old, &old_mask);
        child_close_pipes(chan[0], output[0], wake);
        reap_end(&known);
        errno = err;
        return -1;
    }
    fcntl(chan[0], F_SETFL, O_NONBLOCK);
    fcntl(output[0], F_SETFL, O_NONBLOCK);
    child_collect(pid, chan[0], output[0], wake[0], log_fd, timeout, progress, arg, &lines, out,
                  &end);
    if (end.signal == 0)
        child_drain(chan[0], output[0], log_fd, &lines, progress, arg, out);
    child_kill_all(pid, end.reaped, &end.wstatus, &end.usage, &known);
    reap_end(&known);
    child_uncatch(old, &old_mask);
    child_close_pipes(chan[0], output[0], wake);
    child_outcome_of(cfg, &lines, &end, timeout, out);
    json_decref(lines.error);
    free(lines.buf);
    return 0;
}
