/* run-child.h - running iccsprof-measure: a process of its own per
 * operation, with the stack limit raised before the library is loaded,
 * the scheme's output captured to a log, a time-out, and whatever ends it
 * (a result, an error it reports, a signal) turned into an outcome.
 *
 * Nothing the measuring process starts outlives child_run: the process
 * runs in a session of its own (its own process group, no controlling
 * terminal), dies with its parent
 * (PR_SET_PDEATHSIG), and at its end its group is killed, and so is every
 * descendant that left the group or the session, whichever group it
 * joined (the caller becomes a child subreaper, PR_SET_CHILD_SUBREAPER,
 * and kills and reaps every child it inherits; the children it had
 * before the measuring process started are its own and are left
 * alone).  The result is taken when it arrives, not when the pipes
 * close, which descendants may hold open.
 *
 * While it runs, child_run catches SIGINT, SIGTERM and SIGHUP (even when
 * the caller blocks them, as iccsprof run does around each operation so
 * that none arrives between a temporary file and its rename): the
 * measuring processes are killed and the outcome is CHILD_INTERRUPTED
 * with the signal, for the caller to remove its temporary files and exit
 * with 128 + the signal.  The channel is read
 * strictly (protocol.h, run-result.h): whatever the scheme writes there,
 * a malformed message or result is a failed outcome naming what was
 * wrong. */
#ifndef ICCSPROF_RUN_CHILD_H
#define ICCSPROF_RUN_CHILD_H

#include <jansson.h>
#include <stdint.h>

#include "run/run-lines.h"

/* The scheme's output kept in a log; the rest is counted, not kept. */
#define CHILD_LOG_LIMIT (1u << 20)

enum child_status {
    CHILD_OK,          /* a result came back */
    CHILD_INPUT_ERROR, /* the measuring process found bad input */
    CHILD_FAILED,      /* a failing call, a signal, a time-out, an exit, a malformed result */
    CHILD_INTERRUPTED, /* SIGINT, SIGTERM or SIGHUP reached the caller: signal says which */
    CHILD_OVER_LIMIT,  /* it went past its memory or file-size limit: message says which */
};

/* The measuring process's memory (RLIMIT_DATA: its heap and private
 * mappings) and the size of each file it writes (RLIMIT_FSIZE), in MiB;
 * 0: not limited.  A build with AddressSanitizer sets no memory limit:
 * its shadow memory is a private mapping of terabytes. */
struct child_limits {
    unsigned long long memory_mib, file_mib;
};

/* The limits when none are set: generous, so that only a scheme that
 * allocates or writes without bound meets them. */
#define CHILD_MEMORY_MIB_DEFAULT 8192
#define CHILD_FILE_MIB_DEFAULT 1024

struct child_outcome {
    enum child_status status;
    json_t *result;     /* CHILD_OK: the result object (owned) */
    char message[1024]; /* otherwise: why */
    uint64_t log_bytes; /* the scheme's output, all of it */
    int log_truncated;  /* the log holds the first CHILD_LOG_LIMIT bytes */
    int log_errno;      /* non-zero: writing the log failed with this error */
    int signal;         /* CHILD_INTERRUPTED: the signal */
    int timed_out;      /* CHILD_FAILED by the time-out */
};

/* Called with each phase the measuring process enters, with each plan
 * of a pass it announces (checked, protocol.h), and with both NULL every
 * CHILD_TICK_So to LOG_FD (-1: discarded).  Fills OUT; 0, or -1 with errno
 * set when the process could not start. */
int child_run(const char *measure, json_t *cfg, double timeout, int log_fd,
              child_progress_fn progress, void *arg, struct child_outcome *out);

/* Give every measuring process started from now on the limits L
 * (--max-memory, --max-file-size). */
void child_set_limits(const struct child_limits *l);

/* Seconds of CLOCK_MONOTONIC: the clock of the time-out, and of the
 * time a measurement takes. */
double child_seconds(void);

/* The path of the measuring program: $ICCSPROF_MEASURE, else beside this
 * executable (the build tree), else where it is installed. */
const char *child_measure_path(void);

/* The stack limit the measuring process is given: the hard limit, or
 * 1 GiB when that is unlimited, never below the current soft limit. */
void child_stack_limit(unsigned long long *bytes, int *unlimited);

#endif
