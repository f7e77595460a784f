/* run-progress.h - what `iccsprof run` says on stderr while an operation
 * is measured: on a terminal, one line rewritten in place with the phase,
 * its elapsed time and the time left to the method's aim; elsewhere (a
 * file, a pipe, TERM=dumb), a line for each phase that lasts, at most one
 * every few seconds, so that a log shows where a long run is. */
#ifndef ICCSPROF_RUN_PROGRESS_H
#define ICCSPROF_RUN_PROGRESS_H

#include <stdbool.h>

#include "protocol.h"
#include "run-options.h"

struct run_progress {
    const char *instance, *op;
    const struct run_options *options;
    bool terminal;
    char phase[PROTOCOL_PHASE_MAX];
    double phase_start, last_shown, last_line;
    bool announced; /* off a terminal: the current phase has had its line */
};

/* Start the progress of measuring OP of INSTANCE under options O. */
void run_progress_start(struct run_progress *p, const struct run_options *o, const char *instance,
                        const char *op);

/* The measuring process entered PHASE, or (NULL) time passed: update
 * what stderr shows.  ARG is the struct run_progress (a
 * child_progress_fn). */
void run_progress_update(const char *phase, void *arg);

/* The operation is over: clear the terminal's line. */
void run_progress_end(struct run_progress *p);

#endif
