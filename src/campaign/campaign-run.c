/* campaign-run.c - running a campaign's jobs on one host: at most one
 * measurement per core, each job an `iccsprof run` pinned to its core in
 * a process group of its own; a job whose record exists and was made from
 * the same command, libraries and build description is skipped, so an
 * interrupted campaign resumes where it stopped. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util/build-files.h"
#include "campaign/campaign.h"
#include "util/message.h"
#include "util/terminal.h"
#include "util/format.h"
#include "util/libfile.h"

/* The signal that asked the campaign to stop, or 0. */
static volatile sig_atomic_t run_stop;

/* Note the request to stop; the loop ends the running jobs. */
static void run_on_signal(int sig)
{
    run_stop = sig;
}

/* A job running on a core. */
struct run_slot {
    int cpu;
    pid_t pid; /* 0: the core is free */
    size_t job;
    double start;
};

/* Seconds of the wall clock, for the journal. */
static double run_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A tick of the terminal's line: waitpid returns, the line is redrawn. */
static void run_on_tick(int sig)
{
    (void)sig;
}

/* The campaign's pace: when it began, the seconds its finished jobs took,
 * the cores it runs on, and whether OUT is a terminal that gets a line
 * rewritten in place (drawn: it is on the screen). */
static struct {
    double start, seconds;
    size_t timed, ncpus;
    bool terminal, drawn;
} run_pace;

/* " · elapsed 1:02:03, about 2:10:00 left" for DONE of TOTAL jobs into
 * BUF: the jobs left at the mean of those finished, on every core. */
static const char *run_times(size_t done, size_t total, char *buf, size_t len)
{
    char elapsed[32], left[32];
    double now = run_now();

    fmt_clock(elapsed, sizeof elapsed, now - run_pace.start);
    if (run_pace.timed == 0)
        snprintf(buf, len, " \xc2\xb7 elapsed %s", elapsed);
    else
        snprintf(buf, len, " \xc2\xb7 elapsed %s, about %s left", elapsed,
                 fmt_clock(left, sizeof left,
                           (double)(total - done) * run_pace.seconds / (double)run_pace.timed /
                               (double)run_pace.ncpus));
    return buf;
}

/* Clear the terminal's line, before a whole line. */
static void run_clear(FILE *out)
{
    if (run_pace.drawn)
        fputs("\r\033[K", out);
    run_pace.drawn = false;
}

/* On a terminal, the line rewritten in place: the jobs done and running,
 * the time elapsed and left. */
static void run_draw(size_t done, size_t total, size_t running, FILE *out)
{
    char times[128];

    if (!run_pace.terminal)
        return;
    fprintf(out, "\r\033[Kcampaign: %zu/%zu jobs done, %zu running%s", done, total, running,
            run_times(done, total, times, sizeof times));
    fflush(out);
    run_pace.drawn = true;
}

/* Create PATH's parent folders; 0, or -1 with errno set. */
static int run_mkdirs(const char *path)
{
    char *copy = strdup(path);
    int rc = 0;

    for (char *p = copy + 1; rc == 0 && (p = strchr(p, '/')) != NULL; p++) {
        *p = '\0';
        if (mkdir(copy, 0777) != 0 && errno != EEXIST)
            rc = -1;
        *p = '/';
    }
    free(copy);
    return rc;
}

/* The key of JOB: its command and the SHA-256 of what it reads (the KAT
 * result beside build.json too, which the record copies); NULL with errno
 * set when an input cannot be read. */
static char *run_key(const struct campaign_job *j)
{
    char plain[65], prof[65], build[65], kat[65] = "none", *key = NULL, *kat_path;
    size_t len = 0;
    FILE *f;

    if (libfile_sha256(j->plain, plain) != 0 || libfile_sha256(j->profiled, prof) != 0 ||
        libfile_sha256(j->build_info, build) != 0)
        return NULL;
    kat_path = xasprintf("%.*s/kat.json", (int)(strrchr(j->build_info, '/') - j->build_info),
                         j->build_info);
    if (access(kat_path, F_OK) == 0 && libfile_sha256(kat_path, kat) != 0) {
        free(kat_path);
        return NULL;
    }
    free(kat_path);
    f = open_memstream(&key, &len);
    for (size_t i = 1; j->argv[i] != NULL; i++)
        fprintf(f, "%s\n", j->argv[i]);
    fprintf(f, "plain %s\nprofiled %s\nbuild-info %s\nkat %s\n", plain, prof, build, kat);
    fclose(f);
    return key;
}

/* Whether the file at PATH holds exactly TEXT. */
static bool run_file_is(const char *path, const char *text)
{
    FILE *f = fopen(path, "r");
    size_t len = strlen(text);
    char *buf;
    bool same;

    if (f == NULL)
        return false;
    buf = malloc(len + 2);
    same = fread(buf, 1, len + 1, f) == len && memcmp(buf, text, len) == 0;
    free(buf);
    fclose(f);
    return same;
}

/* Start JOB on SLOT's core: its old record goes, its key is written
 * first (a record is only trusted beside the key it was made under), and
 * its output goes to STATE.out.  0, or -1 after a one-line error. */
static int run_start(struct campaign_job *j, const char *key, struct run_slot *slot, size_t index)
{
    char path[4096], cpu[16];
    size_t argc = 0;
    char **argv;
    pid_t pid, parent = getpid();

    snprintf(path, sizeof path, "%s.key", j->state);
    if (run_mkdirs(j->record) != 0 || run_mkdirs(path) != 0 ||
        (unlink(j->record) != 0 && errno != ENOENT) || file_replace(path, key) != 0) {
        cmd_error("%s: %s", path, strerror(errno));
        return -1;
    }
    while (j->argv[argc] != NULL)
        argc++;
    argv = calloc(argc + 3, sizeof *argv);
    memcpy(argv, j->argv, argc * sizeof *argv);
    snprintf(cpu, sizeof cpu, "%d", slot->cpu);
    argv[argc] = "--cpu";
    argv[argc + 1] = cpu;
    snprintf(path, sizeof path, "%s.out", j->state);
    fflush(NULL);
    if ((pid = fork()) < 0) {
        cmd_error("fork: %s", strerror(errno));
        free(argv);
        return -1;
    }
    if (pid == 0) {
        int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);

        /* a campaign killed, even by SIGKILL, ends its jobs: a job stopped
         * so removes what it began and is run again on resuming */
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != parent)
            _exit(127);
        setpgid(0, 0);
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        signal(SIGHUP, SIG_DFL);
        if (fd < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0)
            _exit(127);
        execv(argv[0], argv);
        fprintf(stderr, "%s%s: %s\n", cmd_prefix(), argv[0], strerror(errno));
        _exit(127);
    }
    setpgid(pid, pid);
    free(argv);
    slot->pid = pid;
    slot->job = index;
    slot->start = run_now();
    return 0;
}

/* Remove JOB's record and key: stopped by an interruption, it was not
 * run, whatever it wrote. */
static void run_forget(const struct campaign_job *j)
{
    char key[4096];

    snprintf(key, sizeof key, "%s.key", j->state);
    unlink(j->record);
    unlink(key);
}

/* Record the end of SLOT's job: a journal line, a progress line, the tally. */
static void run_finish(struct campaign *c, struct campaign_journal *jn, struct run_slot *slot,
                       int status, size_t *done, size_t total, struct campaign_tally *tally,
                       FILE *out)
{
    struct campaign_job *j = &c->jobs[slot->job];
    double end = run_now();
    bool passed = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    char why[1024] = "", times[128];

    if (run_stop && !passed) {
        run_forget(j); /* stopped by the interruption: not run */
        slot->pid = 0;
        return;
    }
    campaign_journal_add(jn, j, slot->cpu, slot->start, end, passed);
    if (!passed) {
        char *out_path = xasprintf("%s.out", j->state), *last = file_last_line(out_path);

        snprintf(why, sizeof why, "%s", last);
        free(last);
        free(out_path);
    }
    ++*done;
    run_pace.seconds += end - slot->start;
    run_pace.timed++;
    run_clear(out);
    fprintf(out, "campaign: [%zu/%zu] %s %s %s: %s on cpu %d (%.1f s%s)%s%s\n", *done, total, j->id,
            j->instance, j->op, passed ? "passed" : "failed", slot->cpu, end - slot->start,
            run_times(*done, total, times, sizeof times), why[0] ? ": " : "", why);
    fflush(out);
    if (passed)
        tally->passed++;
    else
        tally->failed++;
    slot->pid = 0;
}

/* End every running job (its process group) and wait for them.  A job
 * stopped so is not run: whatever record it may still have written (its
 * measuring process killed an instant before it saw the signal itself)
 * goes, with its key, so that the campaign resumed runs it again. */
static void run_stop_all(const struct campaign *c, struct run_slot *slots, size_t nslots)
{
    for (size_t s = 0; s < nslots; s++)
        if (slots[s].pid > 0)
            kill(-slots[s].pid, SIGTERM);
    for (size_t s = 0; s < nslots; s++)
        if (slots[s].pid > 0) {
            int status = 0;

            while (waitpid(slots[s].pid, &status, 0) < 0 && errno == EINTR)
                ;
            if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
                run_forget(&c->jobs[slots[s].job]);
            slots[s].pid = 0;
        }
}

/* Wait for one job to end and finish it; -1 when interrupted. */
static int run_wait(struct campaign *c, struct campaign_journal *jn, struct run_slot *slots,
                    size_t nslots, size_t *done, size_t total, struct campaign_tally *tally,
                    FILE *out)
{
    int status;
    pid_t pid = waitpid(-1, &status, 0);

    if (pid < 0) /* a tick of the terminal's line, or a signal to stop */
        return errno == EINTR && run_stop ? -1 : 0;
    for (size_t s = 0; s < nslots; s++)
        if (slots[s].pid == pid)
            run_finish(c, jn, &slots[s], status, done, total, tally, out);
    return 0;
}

/* The jobs in the order they run: the others, then the deferred ones. */
static size_t *run_order(const struct campaign *c, bool skip_deferred, size_t *n,
                         struct campaign_tally *tally)
{
    size_t *order = calloc(c->n + 1, sizeof *order), k = 0;

    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < c->n; i++) {
            if (c->jobs[i].deferred != (pass == 1))
                continue;
            if (pass == 1 && skip_deferred)
                tally->deferred++;
            else
                order[k++] = i;
        }
    *n = k;
    return order;
}

/* Start the next job that is not up to date on SLOT's core, skipping
 * (and saying so) those that are: 1 when one started, 0 when none is
 * left, -1 after a one-line error. */
static int run_next(struct campaign *c, struct campaign_journal *jn, const size_t *order, size_t n,
                    size_t *next, struct run_slot *slot, struct campaign_tally *tally, FILE *out)
{
    while (*next < n) {
        struct campaign_job *j = &c->jobs[order[*next]];
        char path[4096], *key = run_key(j);
        int rc = 1;

        if (key == NULL) {
            cmd_error("%s %s: %s", j->id, j->instance, strerror(errno));
            return -1;
        }
        snprintf(path, sizeof path, "%s.key", j->state);
        if (access(j->record, F_OK) == 0 && run_file_is(path, key)) {
            run_clear(out);
            fprintf(out, "campaign: %s %s %s: skipped (record up to date)\n", j->id, j->instance,
                    j->op);
            tally->skipped++;
            if (!campaign_journal_has(jn, j))
                campaign_journal_recover(jn, j);
            rc = 0;
        } else if (run_start(j, key, slot, order[*next]) != 0) {
            rc = -1;
        }
        free(key);
        ++*next;
        if (rc != 0)
            return rc;
    }
    return 0;
}

/* Start the campaign's pace on NCPUS cores, its line drawn on OUT when OUT
 * is a terminal that can rewrite it: then redrawn every second, by a tick
 * (SA's, with the old action kept in OLD_ALRM) that makes waitpid return. */
static void run_pace_begin(size_t ncpus, FILE *out, const struct sigaction *sa,
                           struct sigaction *old_alrm)
{
    struct itimerval second = {{1, 0}, {1, 0}};
    struct sigaction tick;
    const char *term = getenv("TERM");

    run_pace.start = run_now();
    run_pace.seconds = 0;
    run_pace.timed = 0;
    run_pace.ncpus = ncpus;
    run_pace.drawn = false;
    run_pace.terminal = text_is_terminal(out) && term != NULL && strcmp(term, "dumb") != 0;
    if (run_pace.terminal) {
        tick = *sa;
        tick.sa_handler = run_on_tick;
        sigaction(SIGALRM, &tick, old_alrm);
        setitimer(ITIMER_REAL, &second, NULL);
    }
}

/* Stop the ticks run_pace_begin started, putting back OLD_ALRM, and clear
 * the line from OUT. */
static void run_pace_end(const struct sigaction *old_alrm, FILE *out)
{
    struct itimerval off = {{0, 0}, {0, 0}};

    if (!run_pace.terminal)
        return;
    setitimer(ITIMER_REAL, &off, NULL);
    sigaction(SIGALRM, old_alrm, NULL);
    run_clear(out);
}

/* Keep every core of SLOTS busy with the next of the N jobs of ORDER, and
 * count those that finish in *DONE, until none is left or running, a
 * signal asks to stop or a job cannot start: 0, or -1 after a one-line
 * error. */
static int run_loop(struct campaign *c, struct campaign_journal *jn, const size_t *order, size_t n,
                    struct run_slot *slots, size_t ncpus, size_t *done,
                    struct campaign_tally *tally, FILE *out)
{
    size_t next = 0, running;
    int rc = 0;

    while (rc == 0 && !run_stop) {
        for (size_t s = 0; s < ncpus && rc == 0 && !run_stop; s++)
            if (slots[s].pid == 0 &&
                (rc = run_next(c, jn, order, n, &next, &slots[s], tally, out)) > 0)
                rc = 0;
        running = 0;
        for (size_t s = 0; s < ncpus; s++)
            running += slots[s].pid > 0;
        if (rc != 0 || running == 0)
            break;
        /* drawn once the free cores have their next jobs, so that the
         * count of those running is never the gap between two jobs */
        run_draw(*done, n - tally->skipped, running, out);
        if (run_wait(c, jn, slots, ncpus, done, n - tally->skipped, tally, out) != 0)
            break;
    }
    return rc;
}

/* Run the jobs, one per core of CPUS at a time. */
int campaign_run(struct campaign *c, const int *cpus, size_t ncpus, bool skip_deferred,
                 struct campaign_tally *tally, FILE *out)
{
    struct run_slot *slots = calloc(ncpus, sizeof *slots);
    struct sigaction sa, old_int, old_term, old_hup, old_alrm;
    struct campaign_journal jn;
    size_t n, done = 0, *order;
    int rc;

    if (campaign_journal_open(&jn, c->out) != 0) {
        free(slots);
        return -1;
    }
    order = run_order(c, skip_deferred, &n, tally);

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = run_on_signal; /* no SA_RESTART: waitpid returns at once */
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    sigaction(SIGHUP, &sa, &old_hup);
    run_pace_begin(ncpus, out, &sa, &old_alrm);
    for (size_t s = 0; s < ncpus; s++)
        slots[s].cpu = cpus[s];
    rc = run_loop(c, &jn, order, n, slots, ncpus, &done, tally, out);
    run_pace_end(&old_alrm, out);
    if (run_stop || rc != 0) {
        run_stop_all(c, slots, ncpus);
        tally->interrupted = run_stop;
        tally->not_run = n - done - tally->skipped;
    }
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    sigaction(SIGHUP, &old_hup, NULL);
    campaign_journal_free(&jn);
    free(order);
    free(slots);
    return rc;
}
