/* run-progress.c - the progress of `iccsprof run` on stderr. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "run-child.h"
#include "run-progress.h"

/* A terminal's line is redrawn at most this often. */
#define PROGRESS_REDRAW_SECONDS 0.1
/* Off a terminal: a phase gets a line once it has lasted this long ... */
#define PROGRESS_PHASE_SECONDS 1.0
/* ... and lines come at most this often. */
#define PROGRESS_LINE_SECONDS 3.0

/* Whether stderr can take a line rewritten in place: a terminal that
 * understands the erase-line sequence. */
static bool progress_terminal(void)
{
    const char *term = getenv("TERM");

    return isatty(STDERR_FILENO) && term != NULL && strcmp(term, "dumb") != 0;
}

/* Start the progress of one operation. */
void run_progress_start(struct run_progress *p, const struct run_options *o, const char *instance,
                        const char *op)
{
    memset(p, 0, sizeof *p);
    p->instance = instance;
    p->op = op;
    p->options = o;
    /* -v: a line for every phase, which a rewritten line would hide */
    p->terminal = progress_terminal() && cmd_verbosity != CMD_VERBOSE;
    p->phase_start = p->last_shown = child_seconds();
    p->last_line = p->phase_start - PROGRESS_LINE_SECONDS;
    snprintf(p->phase, sizeof p->phase, "start-up");
}

/* The seconds the method aims the measured passes at, which the
 * calibration chooses the calls for; 0 for the other phases. */
static double progress_aim(const struct run_progress *p)
{
    if (strcmp(p->phase, "timing") == 0)
        return p->options->target_seconds;
    if (strcmp(p->phase, "profile") == 0)
        return p->options->profile_seconds;
    return 0;
}

/* The terminal's line: "Demo-128 sign: timing 1.3 s, about 0.7 s left". */
static void progress_draw(const struct run_progress *p, double now)
{
    double elapsed = now - p->phase_start, aim = progress_aim(p);

    fprintf(stderr, "\r\033[K%s %s: %s %.1f s", p->instance, p->op, p->phase, elapsed);
    if (aim > 0 && elapsed < aim)
        fprintf(stderr, ", about %.1f s left", aim - elapsed);
    else if (aim > 0)
        fprintf(stderr, " (aimed at %g s, at most %g s)", aim, p->options->max_seconds);
    fflush(stderr);
}

/* Off a terminal: the current phase's line, once it has lasted and the
 * last line is old enough. */
static void progress_line(struct run_progress *p, double now)
{
    double aim = progress_aim(p);

    if (p->announced ||
        (cmd_verbosity != CMD_VERBOSE && (now - p->phase_start < PROGRESS_PHASE_SECONDS ||
                                          now - p->last_line < PROGRESS_LINE_SECONDS)))
        return;
    if (aim > 0)
        fprintf(stderr, "iccsprof: %s %s: %s (aimed at %g s)\n", p->instance, p->op, p->phase, aim);
    else
        fprintf(stderr, "iccsprof: %s %s: %s\n", p->instance, p->op, p->phase);
    p->announced = true;
    p->last_line = now;
}

/* A phase was entered, or time passed. */
void run_progress_update(const char *phase, void *arg)
{
    struct run_progress *p = arg;
    double now = child_seconds();

    if (cmd_verbosity == CMD_QUIET)
        return;
    if (phase != NULL) {
        snprintf(p->phase, sizeof p->phase, "%s", phase);
        p->phase_start = now;
        p->announced = false;
    }
    if (!p->terminal) {
        progress_line(p, now);
    } else if (phase != NULL || now - p->last_shown >= PROGRESS_REDRAW_SECONDS) {
        progress_draw(p, now);
        p->last_shown = now;
    }
}

/* Clear the terminal's line. */
void run_progress_end(struct run_progress *p)
{
    if (p->terminal && cmd_verbosity != CMD_QUIET)
        fputs("\r\033[K", stderr);
}
