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
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "run-child.h"

/* The stack the measuring process gets when the hard limit is unlimited:
 * ample for the largest stack frames seen in reference code (several
 * MB), while keeping the address space layout a finite limit gives. */
#define CHILD_STACK_DEFAULT (1ull << 30)

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
    static char path[PATH_MAX];
    const char *env = getenv("ICCSPROF_MEASURE");
    ssize_t n;

    if (env != NULL && env[0] != '\0')
        return env;
    n = readlink("/proc/self/exe", path, sizeof path - 1);
    if (n > 0) {
        char *slash;

        path[n] = '\0';
        slash = strrchr(path, '/');
        if (slash != NULL && (size_t)(slash - path) + sizeof "/iccsprof-measure" <= sizeof path) {
            strcpy(slash, "/iccsprof-measure");
            if (access(path, X_OK) == 0)
                return path;
        }
    }
    return PKGLIBEXECDIR "/iccsprof-measure";
}

/* In the new process: raise the stack limit, wire the descriptors, exec.
 * Only async-signal-safe calls: the parent may have threads of its own. */
static __attribute__((noreturn)) void child_exec(const char *measure, char *cfg, int chan,
                                                 int output)
{
    static const char failed[] = "{\"error\":{\"kind\":\"call\",\"message\":\"cannot start the "
                                 "measuring program\"}}\n";
    unsigned long long bytes;
    int unlimited, devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
    struct rlimit rl;
    char *argv[3];

    setpgid(0, 0);
    child_stack_limit(&bytes, &unlimited);
    if (!unlimited && getrlimit(RLIMIT_STACK, &rl) == 0) {
        rl.rlim_cur = (rlim_t)bytes;
        setrlimit(RLIMIT_STACK, &rl);
    }
    /* move both pipes above the standard descriptors first, so that no
     * dup2 below overwrites the other, and none is a no-op that would
     * keep its close-on-exec flag */
    chan = fcntl(chan, F_DUPFD, 10);
    output = fcntl(output, F_DUPFD, 10);
    if (devnull >= 0)
        dup2(devnull, 0);
    dup2(output, 1);
    dup2(output, 2);
    dup2(chan, 3);
    close(chan);
    close(output);
    argv[0] = (char *)measure;
    argv[1] = cfg;
    argv[2] = NULL;
    execv(measure, argv);
    (void)!write(3, failed, sizeof failed - 1);
    _exit(127);
}

/* The channel's lines, parsed as they complete. */
struct child_lines {
    char *buf;
    size_t len, cap;
    char phase[128];
    json_t *result, *error;
};

/* Take the complete lines of L's buffer: phases, the result, an error. */
static void child_take_lines(struct child_lines *l, child_progress_fn progress, void *arg)
{
    char *start = l->buf, *nl;

    if (l->len == 0)
        return;
    while ((nl = memchr(start, '\n', l->len - (size_t)(start - l->buf))) != NULL) {
        json_t *msg = json_loadb(start, (size_t)(nl - start), 0, NULL);
        json_t *v;

        if ((v = json_object_get(msg, "phase")) != NULL && json_is_string(v)) {
            snprintf(l->phase, sizeof l->phase, "%s", json_string_value(v));
            if (progress != NULL)
                progress(l->phase, arg);
        } else if ((v = json_object_get(msg, "result")) != NULL && l->result == NULL) {
            l->result = json_incref(v);
        } else if ((v = json_object_get(msg, "error")) != NULL && l->error == NULL) {
            l->error = json_incref(v);
        }
        json_decref(msg);
        start = nl + 1;
    }
    l->len -= (size_t)(start - l->buf);
    memmove(l->buf, start, l->len);
}

/* Read what the channel has into L's growing buffer (a result with many
 * call sites is a long line); 0 at its end, -1 on error. */
static ssize_t child_read_channel(int fd, struct child_lines *l)
{
    ssize_t n;

    if (l->cap - l->len < 4096) {
        size_t cap = l->cap == 0 ? 1 << 16 : 2 * l->cap;
        char *buf = realloc(l->buf, cap);

        if (buf == NULL)
            return -1;
        l->buf = buf;
        l->cap = cap;
    }
    n = read(fd, l->buf + l->len, l->cap - l->len);
    if (n > 0)
        l->len += (size_t)n;
    return n;
}

/* Copy what the scheme wrote into the log, up to the limit. */
static ssize_t child_read_output(int fd, int log_fd, struct child_outcome *out)
{
    char buf[8192];
    ssize_t n = read(fd, buf, sizeof buf);

    if (n <= 0)
        return n;
    if (log_fd >= 0 && out->log_bytes < CHILD_LOG_LIMIT) {
        size_t keep = (size_t)n;

        if (out->log_bytes + keep > CHILD_LOG_LIMIT)
            keep = (size_t)(CHILD_LOG_LIMIT - out->log_bytes);
        (void)!write(log_fd, buf, keep);
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
    if (l->error != NULL) {
        const char *kind = json_string_value(json_object_get(l->error, "kind"));

        snprintf(out->message, sizeof out->message, "%s",
                 json_string_value(json_object_get(l->error, "message")));
        if (kind != NULL && strcmp(kind, "input") == 0)
            out->status = CHILD_INPUT_ERROR;
    } else if (timed_out) {
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

/* Wait for the process's channel and output to end, killing its process
 * group at the deadline; 1 when it timed out. */
static int child_collect(pid_t pid, int chan, int output, int log_fd, double timeout,
                         child_progress_fn progress, void *arg, struct child_lines *l,
                         struct child_outcome *out)
{
    double deadline = child_seconds() + timeout;
    int timed_out = 0;
    struct pollfd fds[2] = {{.fd = chan, .events = POLLIN}, {.fd = output, .events = POLLIN}};

    while (fds[0].fd >= 0 || fds[1].fd >= 0) {
        double left = deadline - child_seconds();
        int ready;

        if (left <= 0 && !timed_out) {
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            timed_out = 1;
        }
        ready = poll(fds, 2, timed_out ? 1000 : (int)(left * 1000) + 1);
        if (ready < 0 && errno != EINTR)
            break;
        if (ready <= 0)
            continue;
        if (fds[0].revents != 0 && child_read_channel(chan, l) <= 0)
            fds[0].fd = -1;
        else if (fds[0].revents != 0)
            child_take_lines(l, progress, arg);
        if (fds[1].revents != 0 && child_read_output(output, log_fd, out) <= 0)
            fds[1].fd = -1;
    }
    return timed_out;
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

/* Run the measuring program and turn its end into an outcome. */
int child_run(const char *measure, json_t *cfg, double timeout, int log_fd,
              child_progress_fn progress, void *arg, struct child_outcome *out)
{
    struct child_lines lines;
    char *cfg_text = json_dumps(cfg, JSON_COMPACT);
    int chan[2], output[2], wstatus = 0, timed_out;
    pid_t pid;

    memset(out, 0, sizeof *out);
    memset(&lines, 0, sizeof lines);
    if (access(measure, X_OK) != 0) {
        free(cfg_text);
        return -1;
    }
    if (cfg_text == NULL || pipe2(chan, O_CLOEXEC) != 0) {
        free(cfg_text);
        return -1;
    }
    if (pipe2(output, O_CLOEXEC) != 0) {
        close(chan[0]);
        close(chan[1]);
        free(cfg_text);
        return -1;
    }
    child_sanitizer_options();
    fflush(NULL);
    pid = fork();
    if (pid == 0)
        child_exec(measure, cfg_text, chan[1], output[1]);
    free(cfg_text);
    close(chan[1]);
    close(output[1]);
    if (pid < 0) {
        close(chan[0]);
        close(output[0]);
        return -1;
    }
    setpgid(pid, pid); /* also here: the child may not have run yet */
    timed_out = child_collect(pid, chan[0], output[0], log_fd, timeout, progress, arg, &lines, out);
    close(chan[0]);
    close(output[0]);
    while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR)
        ;
    child_take_lines(&lines, progress, arg);
    if (lines.result != NULL && !timed_out && WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0) {
        out->status = CHILD_OK;
        out->result = lines.result;
    } else {
        json_decref(lines.result);
        child_describe(out, &lines, wstatus, timed_out, timeout);
    }
    json_decref(lines.error);
    free(lines.buf);
    return 0;
}
