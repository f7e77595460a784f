/* build-jobs.c - child processes of the scheme build, with SIGINT,
 * SIGTERM and SIGHUP taken synchronously (sigwaitinfo) so that an
 * interrupt or a closed terminal always finds the children to stop. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util/build-jobs.h"
#include "util/message.h"
#include "util/terminal.h"

/* How often (seconds) a job's folder is counted against its quota. */
#define JOBS_QUOTA_LOOK 0.1
/* How long a job sent the signal that stopped the tool has to end. */
#define JOBS_GRACE_NS 2000000000L

static sigset_t jobs_original_mask;
static int jobs_signal;
static bool jobs_catching;

/* Block SIGINT, SIGTERM, SIGHUP (and SIGCHLD, which jobs_run waits for). */
void jobs_catch_signals(void)
{
    sigset_t set;

    if (jobs_catching)
        return;
    jobs_catching = true;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    sigaddset(&set, SIGCHLD);
    sigprocmask(SIG_BLOCK, &set, &jobs_original_mask);
}

/* Restore the signal mask of before jobs_catch_signals. */
void jobs_release_signals(void)
{
    if (!jobs_catching)
        return;
    jobs_catching = false;
    sigprocmask(SIG_SETMASK, &jobs_original_mask, NULL);
}

/* The signal that asked the process to stop, or 0. */
int jobs_interrupted(void)
{
    sigset_t set;
    struct timespec now = {0, 0};
    int sig;

    if (jobs_signal != 0)
        return jobs_signal;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    if ((sig = sigtimedwait(&set, NULL, &now)) > 0)
        jobs_signal = sig;
    return jobs_signal;
}

/* Set the resource RES of this process to MIB mebibytes (0: unchanged). */
static void jobs_limit(int res, unsigned mib)
{
    struct rlimit rl;

    if (mib == 0)
        return;
    rl.rlim_cur = rl.rlim_max = (rlim_t)mib << 20;
    setrlimit(res, &rl);
}

/* In the new process: death with the tool (PARENT), even by SIGKILL; a
 * session of its own, so a process group of its own (stopping it stops
 * the compiler's own children) and no controlling terminal (a package's
 * program cannot open /dev/tty and write to the user's terminal); the
 * caller's signal mask, /dev/null as stdin (NULLFD; a compiler told to
 * read #include "/dev/stdin" must not wait for the user), the output
 * wired, its limits, its folder, then exec.  Only async-signal-safe
 * calls. */
static __attribute__((noreturn)) void jobs_exec(const struct job *j, int out, int nullfd,
                                                pid_t parent)
{
    static const char nodir[] = "cannot enter the folder to run in\n";

    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
        _exit(127);
    setsid();
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    sigprocmask(SIG_SETMASK, &jobs_original_mask, NULL);
    if (nullfd >= 0)
        dup2(nullfd, 0);
    if (out >= 0) {
        dup2(out, 1);
        dup2(out, 2);
    } else if (j->stdout_file != NULL) {
        int fd = open(j->stdout_file, O_WRONLY | O_TRUNC | O_CLOEXEC);

        if (fd < 0 || dup2(fd, 1) < 0)
            _exit(127);
    } else if (!j->keep_stdout) {
        dup2(2, 1);
    }
    jobs_limit(RLIMIT_AS, j->limits.memory_mib);
    jobs_limit(RLIMIT_FSIZE, j->limits.file_mib);
    if (j->dir != NULL && chdir(j->dir) != 0) {
        (void)!write(2, nodir, sizeof nodir - 1);
        _exit(127);
    }
    if (j->env.n > 0)
        execvpe(j->argv.v[0], j->argv.v, j->env.v);
    else
        execvp(j->argv.v[0], j->argv.v);
    if (out >= 0) {
        static const char msg[] = "cannot run the program\n";

        (void)!write(2, msg, sizeof msg - 1);
    }
    _exit(127);
}

/* Start job J; 0, or -1 when no process could be made (J then failed). */
static int jobs_start(struct job *j, FILE **capture, double now)
{
    int out = -1, nullfd = open("/dev/null", O_RDONLY | O_CLOEXEC);
    pid_t pid, self = getpid();

    *capture = NULL;
    if (j->capture) {
        if ((*capture = tmpfile()) == NULL) {
            if (nullfd >= 0)
                close(nullfd);
            return -1;
        }
        out = fileno(*capture);
    }
    if (cmd_verbosity == CMD_VERBOSE)
        text_show_command(stderr, NULL, j->argv.v, j->argv.n);
    fflush(NULL);
    if ((pid = fork()) == 0)
        jobs_exec(j, out, nullfd, self);
    if (nullfd >= 0)
        close(nullfd);
    if (pid < 0)
        return -1;
    j->pid = j->group = (int)pid;
    j->timed_out = false;
    j->signal = 0;
    j->deadline = j->limits.seconds > 0 ? now + j->limits.seconds : 0;
    return 0;
}

/* Send SIG to the job PID and its session's process group: the job makes
 * that group itself (setsid), and until it has, only PID is there. */
static void jobs_kill(pid_t pid, int sig)
{
    kill(-pid, sig);
    kill(pid, sig);
}

/* Seconds of CLOCK_MONOTONIC. */
static double jobs_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Whether job J's folder is past its quota (counted now), noted in J. */
static bool jobs_over_quota(struct job *j)
{
    if (j->quota_dir != NULL && !j->over_quota) {
        quota_count(j->quota_dir, &j->quota);
        j->over_quota = quota_over(&j->quota);
    }
    return j->over_quota;
}

/* Kill the running jobs of JOBS[N] past their deadline at NOW or past
 * their folder's quota; the seconds until the next look (at most one, a
 * tenth with a quota to hold, so that a wait wakes up in time). */
static double jobs_enforce(struct job *jobs, size_t n, double now)
{
    double next = 1.0;

    for (size_t i = 0; i < n; i++) {
        if (jobs[i].pid <= 0 || jobs[i].timed_out || jobs[i].over_quota)
            continue;
        if (jobs[i].quota_dir != NULL) {
            next = next > JOBS_QUOTA_LOOK ? JOBS_QUOTA_LOOK : next;
            if (jobs_over_quota(&jobs[i])) {
                jobs_kill(jobs[i].pid, SIGKILL);
                continue;
            }
        }
        if (jobs[i].deadline <= 0)
            continue;
        if (now >= jobs[i].deadline) {
            jobs[i].timed_out = true;
            jobs_kill(jobs[i].pid, SIGKILL);
        } else if (jobs[i].deadline - now < next) {
            next = jobs[i].deadline - now;
        }
    }
    return next;
}

/* Read the captured output of J from F, and close F. */
static void jobs_collect(struct job *j, FILE *f)
{
    size_t len = 0;
    FILE *m;
    char buf[4096];
    size_t n;

    if (f == NULL)
        return;
    m = open_memstream(&j->output, &len);
    rewind(f);
    while (m != NULL && (n = fread(buf, 1, sizeof buf, f)) > 0)
        fwrite(buf, 1, n, m);
    if (m != NULL)
        fclose(m);
    fclose(f);
}

/* Record the end of the job with process PID; its index, or -1. */
static long jobs_ended(struct job *jobs, size_t n, pid_t pid, int wstatus)
{
    for (size_t i = 0; i < n; i++)
        if (jobs[i].pid == pid) {
            jobs[i].status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1;
            jobs[i].signal = WIFSIGNALED(wstatus) ? WTERMSIG(wstatus) : 0;
            jobs[i].pid = 0;
            return (long)i;
        }
    return -1;
}

/* Forget the signal that asked the process to stop. */
void jobs_clear_interrupt(void)
{
    jobs_signal = 0;
}

/* Wait for the job PID that was sent a signal to stop: JOBS_GRACE_NS at
 * most, then it is killed (a package's make may ignore the signal). */
static void jobs_reap_stopped(pid_t pid)
{
    struct timespec nap = {0, 10000000L};
    int ws;

    for (long waited = 0; waited < JOBS_GRACE_NS; waited += nap.tv_nsec) {
        if (waitpid(pid, &ws, WNOHANG) != 0)
            return;
        nanosleep(&nap, NULL);
    }
    jobs_kill(pid, SIGKILL);
    while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
        ;
}

/* Stop every running job of JOBS[N] with the signal that stopped this
 * process (a job then names what the user did: SIGINT is not SIGTERM),
 * wait for them, remove their partial files. */
static void jobs_stop(struct job *jobs, size_t n, FILE **captures)
{
    for (size_t i = 0; i < n; i++)
        if (jobs[i].pid > 0)
            jobs_kill(jobs[i].pid, jobs_signal != 0 ? jobs_signal : SIGTERM);
    for (size_t i = 0; i < n; i++) {
        if (jobs[i].pid > 0) {
            jobs_reap_stopped(jobs[i].pid);
            jobs[i].pid = 0;
            jobs[i].status = -1;
            for (size_t f = 0; f < jobs[i].partial.n; f++)
                unlink(jobs[i].partial.v[f]);
        }
        if (captures[i] != NULL)
            fclose(captures[i]);
        captures[i] = NULL;
    }
}

/* Wait for a signal of SET, at most SECONDS; the signal, or -1. */
static int jobs_wait(const sigset_t *set, double seconds)
{
    struct timespec t;

    t.tv_sec = (time_t)seconds;
    t.tv_nsec = (long)((seconds - (double)t.tv_sec) * 1e9);
    return sigtimedwait(set, NULL, &t);
}

/* Start job J, its output captured into *CAPTURE; 1 when it runs, 0 when
 * it could not start (the reason is its output). */
static size_t jobs_start_next(struct job *j, FILE **capture)
{
    j->status = -1;
    if (jobs_start(j, capture, jobs_now()) == 0)
        return 1;
    j->output = strdup(strerror(errno));
    if (*capture != NULL)
        fclose(*capture);
    *capture = NULL;
    return 0;
}

/* Collect every job of JOBS[N] that has ended (their CAPTURES read and
 * closed); how many. */
static size_t jobs_reap_ended(struct job *jobs, size_t n, FILE **captures)
{
    size_t ended = 0;
    pid_t pid;
    int ws;

    while ((pid = waitpid(-1, &ws, WNOHANG)) > 0) {
        long i = jobs_ended(jobs, n, pid, ws);

        if (i >= 0) {
            jobs_over_quota(&jobs[i]);
            jobs_collect(&jobs[i], captures[i]);
            captures[i] = NULL;
            ended++;
        }
    }
    return ended;
}

/* Run JOBS[N], at most PARALLEL at once. */
int jobs_run(struct job *jobs, size_t n, int parallel)
{
    FILE **captures = calloc(n + 1, sizeof *captures);
    size_t next = 0, running = 0;
    sigset_t wait_for;
    int rc = 0;

    if (captures == NULL)
        abort();
    jobs_catch_signals();
    sigemptyset(&wait_for);
    sigaddset(&wait_for, SIGINT);
    sigaddset(&wait_for, SIGTERM);
    sigaddset(&wait_for, SIGHUP);
    sigaddset(&wait_for, SIGCHLD);
    for (;;) {
        int sig;

        if (jobs_interrupted() != 0) {
            jobs_stop(jobs, n, captures);
            rc = -1;
            break;
        }
        while (running < (size_t)(parallel > 0 ? parallel : 1) && next < n)
            running += jobs_start_next(&jobs[next], &captures[next]), next++;
        if (running == 0)
            break;
        running -= jobs_reap_ended(jobs, n, captures);
        if (running == 0 && next == n)
            break;
        if (running < (size_t)(parallel > 0 ? parallel : 1) && next < n)
            continue;
        sig = jobs_wait(&wait_for, jobs_enforce(jobs, n, jobs_now()));
        if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP)
            jobs_signal = sig;
    }
    free(captures);
    return rc;
}

/* Whether the NAME=VALUE entry E names one of DROP. */
static bool jobs_dropped(const char *e, const char *const *drop)
{
    size_t len = strcspn(e, "=");

    for (; drop != NULL && *drop != NULL; drop++)
        if (strlen(*drop) == len && strncmp(e, *drop, len) == 0)
            return true;
    return false;
}

/* This environment less DROP, plus SET, as J's. */
void job_environment(struct job *j, const char *const *drop, const char *const *set)
{
    extern char **environ;

    strlist_free(&j->env);
    for (char **e = environ; *e != NULL; e++)
        if (!jobs_dropped(*e, drop) && !jobs_dropped(*e, set))
            strlist_add(&j->env, *e);
    for (; set != NULL && *set != NULL; set++)
        strlist_add(&j->env, *set);
}

/* A captured job running ARGV (taken), appended to the N jobs of *JOBS,
 * PARTIAL the file to remove when it is stopped.  Queues of jobs that run
 * together grow one at a time. */
struct job *job_append(struct job **jobs, size_t n, struct strlist *argv, const char *partial)
{
    struct job *j;

    *jobs = realloc(*jobs, (n + 1) * sizeof **jobs);
    if (*jobs == NULL)
        abort();
    j = &(*jobs)[n];
    memset(j, 0, sizeof *j);
    j->argv = *argv;
    memset(argv, 0, sizeof *argv);
    j->capture = true;
    strlist_add(&j->partial, partial);
    return j;
}

/* Free what a job holds. */
void job_free(struct job *j)
{
    strlist_free(&j->argv);
    strlist_free(&j->env);
    strlist_free(&j->partial);
    free(j->output);
    j->output = NULL;
}
