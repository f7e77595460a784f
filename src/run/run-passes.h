/* run-passes.h - one operation measured: each pass (timing on the plain
 * library, profile on the profiled one) in a measuring process of its
 * own, so that a pass that fails or hangs leaves the other's result, and
 * the results of the passes that finished merged into the one result a
 * record is made from. */
#ifndef ICCSPROF_RUN_PASSES_H
#define ICCSPROF_RUN_PASSES_H

#include <jansson.h>
#include <stdint.h>

#include "run/run-settings.h"
#include "run/run-progress.h"

/* What the passes of one operation gave. */
struct run_outcome {
    json_t *result;          /* the finished passes' results merged; NULL when none finished */
    const char *failed_pass; /* "timing" or "profile": failed while the other finished; or NULL */
    char message[1024];      /* why a pass failed */
    uint64_t log_bytes;      /* the scheme's output in both passes */
    int log_truncated;       /* the log holds the first CHILD_LOG_LIMIT bytes */
};

/* The configuration of a measuring process: the probe (OP NULL), or the
 * pass PASS ("timing" or "profile") of operation OP. */
json_t *run_config(const struct run_options *o, const char *op, const char *pass);

/* Measure OP's passes under the run's FACTS, the scheme's output going to
 * LOG_FD and the progress to P.  EXIT_OK with OUT filled (a record to
 * write, failed when no pass finished); EXIT_USAGE when a measuring
 * process found bad input, EXIT_FAIL when one could not start or went
 * past its memory or file-size limit (no record then), after a message; 128 + the signal that
 * interrupted it; or -1 with errno set when the log could not be written. */
int run_passes(const struct run_facts *facts, const char *op, int log_fd, struct run_progress *p,
               struct run_outcome *out);

#endif
