/* run-progress.h - what `iccsprof run` says on stderr while it measures:
 * where it is (the instance of a larger run, the operation, the pass and
 * its phase), the time elapsed since the run began and an estimate of
 * the time left to its end, from the plans the passes announce once
 * calibrated.  On a terminal, one line rewritten in place, with each
 * plan announced on a line of its own above it; elsewhere (a file, a
 * pipe, TERM=dumb), whole lines: each plan of a pass that lasts, and a
 * line for a phase that lasts without one, at most one every few
 * seconds, so that a log shows where a long run is. */
#ifndef ICCSPROF_RUN_PROGRESS_H
#define ICCSPROF_RUN_PROGRESS_H

#include <jansson.h>
#include <stdbool.h>

#include "measure/protocol.h"
#include "run/run-settings.h"

struct run_progress {
    const struct run_options *options;
    const char *instance, *op, *pass;
    unsigned op_index, op_count; /* the operation's place in the run, from 1 */
    bool terminal, drawn;
    char phase[PROTOCOL_PHASE_MAX];
    double run_start, op_start, pass_start, phase_start, last_shown, last_line;
    double pass_seconds; /* the pass's plan: its seconds from its start; 0: not known yet */
    double call_seconds; /* the latest calibration: seconds a call; 0: none yet */
    double done_seconds; /* the operations measured before, in this run and the larger one */
    unsigned done_ops;
    bool announced; /* off a terminal: the current phase has had its line */
    /* The timing pass may go on past its plan, for the precision asked, to
     * its --max-seconds, until it says how far (or ends): then it ends at
     * CAP_END at the latest.  SETUP_SECONDS: its start-up up to its plan,
     * which the profile pass's process takes as well. */
    bool open;
    double cap_end, setup_seconds;
    /* The profile pass's measuring process running, from 1, of PROCESSES
     * (--profile-processes); 0 of 0 while it runs in one. */
    unsigned process, processes;
};

/* Start the progress of a run of OP_COUNT operations of INSTANCE under
 * options O (its --within places it in a larger run). */
void run_progress_init(struct run_progress *p, const struct run_options *o, const char *instance,
                       unsigned op_count);

/* Operation OP, the INDEX-th of the run (from 1), starts. */
void run_progress_op(struct run_progress *p, const char *op, unsigned index);

/* Its pass PASS ("timing" or "profile") starts, in a measuring process. */
void run_progress_pass(struct run_progress *p, const char *pass);

/* The profile pass's measuring process PROCESS (from 1) of PROCESSES
 * starts (run_progress_pass follows): where the run is says which, and
 * the time left counts the processes after it. */
void run_progress_process(struct run_progress *p, unsigned process, unsigned processes);

/* The measuring process entered PHASE, announced the plan PLAN of its
 * pass, or (both NULL) time passed: update what stderr shows.  ARG is the
 * struct run_progress (a child_progress_fn). */
void run_progress_update(const char *phase, json_t *plan, void *arg);

/* The operation is over after SECONDS (measured: MEASURED true; else its
 * record was kept as it was and does not count in the estimates): clear
 * the terminal's line. */
void run_progress_op_done(struct run_progress *p, double seconds, bool measured);

/* Print a whole line on stderr ("iccsprof COMMAND: " and the text), above the
 * terminal's line. */
void run_progress_say(struct run_progress *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Clear the terminal's line, before other output. */
void run_progress_clear(struct run_progress *p);

#endif
