/* build-jobs.h - running the compilers, the linker and the driver as
 * child processes: argument vectors (never a shell), up to N at once,
 * /dev/null as their standard input, each one's output captured, limits
 * of time, memory and written bytes where a job asks for them, each in
 * a session of its own that dies with the tool, and an interrupt (SIGINT,
 * SIGTERM, SIGHUP) that stops them all and removes what they were
 * writing. */
#ifndef ICCSPROF_BUILD_JOBS_H
#define ICCSPROF_BUILD_JOBS_H

#include <stdbool.h>

#include "util/strlist.h"
#include "util/quota.h"

/* What a job may use; 0 is no limit. */
struct job_limits {
    double seconds;      /* then it is killed, and timed_out set */
    unsigned memory_mib; /* its address space (RLIMIT_AS) */
    unsigned file_mib;   /* each file it writes, its output too (RLIMIT_FSIZE) */
};

struct job {
    struct strlist argv;
    const char *dir;    /* the folder it runs in, or NULL: this one */
    struct strlist env; /* NAME=VALUE: its whole environment; empty: this one's */
    struct job_limits limits;
    bool timed_out;          /* stopped at limits.seconds */
    const char *quota_dir;   /* a folder whose files and bytes are bound by quota, or NULL */
    struct quota quota;      /* its bounds, and its counts once looked at */
    bool over_quota;         /* stopped, or ended, past the quota */
    struct strlist partial;  /* files to remove when the job is stopped */
    bool capture;            /* collect stdout and stderr into output */
    bool keep_stdout;        /* not captured: stdout stays stdout (else it goes to stderr) */
    const char *stdout_file; /* not captured: stdout goes to this existing file, emptied */
    int status;              /* the exit status; -1 when it ended by a signal */
    int signal;              /* the signal that ended it, or 0 */
    char *output;            /* what it printed, when captured */
    int pid;
    int group;       /* its process group (its pid), kept once it ended */
    double deadline; /* CLOCK_MONOTONIC seconds, or 0 */
};

/* Block SIGINT, SIGTERM and SIGHUP: from now on they are taken by
 * jobs_run and jobs_interrupted, so that no child is left running and no
 * file half written.  Call once, before the first job. */
void jobs_catch_signals(void);

/* Unblock what jobs_catch_signals blocked, for a caller that goes on to
 * take its signals by handlers once the build is over. */
void jobs_release_signals(void);

/* The signal that asked the process to stop (SIGINT, SIGTERM or SIGHUP),
 * or 0; it stays asked once seen. */
int jobs_interrupted(void);

/* Forget the signal that asked the process to stop, so that one last job
 * (the report of what finished) may run; another signal stops it again. */
void jobs_clear_interrupt(void);

/* Run JOBS[N], at most PARALLEL at once; 0 when all ran (whatever their
 * status), -1 when a signal stopped them (their partial files removed). */
int jobs_run(struct job *jobs, size_t n, int parallel);

/* Give J the environment of this process less the variables named in
 * DROP (NULL-ended) and with SET (NAME=VALUE, NULL-ended) added. */
void job_environment(struct job *j, const char *const *drop, const char *const *set);

/* A captured job running ARGV (taken), appended to the N jobs of *JOBS,
 * PARTIAL the file to remove when it is stopped. */
struct job *job_append(struct job **jobs, size_t n, struct strlist *argv, const char *partial);

/* Free what a job holds. */
void job_free(struct job *j);

#endif
