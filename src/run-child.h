/* run-child.h - running iccsprof-measure: a process of its own per
 * operation, with the stack limit raised before the library is loaded,
 * the scheme's output captured to a log, a time-out, and whatever ends it
 * (a result, an error it reports, a signal) turned into an outcome. */
#ifndef ICCSPROF_RUN_CHILD_H
#define ICCSPROF_RUN_CHILD_H

#include <jansson.h>
#include <stdint.h>

/* The scheme's output kept in a log; the rest is counted, not kept. */
#define CHILD_LOG_LIMIT (1u << 20)

enum child_status {
    CHILD_OK,          /* a result came back */
    CHILD_INPUT_ERROR, /* the measuring process found bad input */
    CHILD_FAILED,      /* a failing call, a signal, a time-out, an exit */
};

struct child_outcome {
    enum child_status status;
    json_t *result;     /* CHILD_OK: the result object (owned) */
    char message[1024]; /* otherwise: why */
    uint64_t log_bytes; /* the scheme's output, all of it */
    int log_truncated;  /* the log holds the first CHILD_LOG_LIMIT bytes */
};

/* Called with each phase the measuring process enters. */
typedef void (*child_progress_fn)(const char *phase, void *arg);

/* Run the measuring program MEASURE with configuration CFG for at most
 * TIMEOUT seconds; its stdout and stderr go to LOG_FD (-1: discarded).
 * Fills OUT; 0, or -1 with a message when the process could not start. */
int child_run(const char *measure, json_t *cfg, double timeout, int log_fd,
              child_progress_fn progress, void *arg, struct child_outcome *out);

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
