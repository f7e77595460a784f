/* run-progress.c - the progress of `iccsprof run` on stderr. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/message.h"
#include "util/format.h"
#include "run/run-child.h"
#include "run/run-progress.h"

/* A terminal's line is redrawn at most this often. */
#define PROGRESS_REDRAW_SECONDS 0.1
/* A pass's calibrated plan is announced when it takes at least this long,
 * and off a terminal a phase without one gets a line once it has lasted
 * this long ... */
#define PROGRESS_PHASE_SECONDS 1.0
/* ... and such lines come at most this often. */
#define PROGRESS_LINE_SECONDS 3.0
/* The profile pass's warm-up and calibration, in calls, for its guess. */
#define PROGRESS_PROFILE_SETUP_CALLS 4

/* Whether stderr can take a line rewritten in place: a terminal that
 * understands the erase-line sequence. */
static bool progress_terminal(void)
{
    const char *term = getenv("TERM");

    return isatty(STDERR_FILENO) && term != NULL && strcmp(term, "dumb") != 0;
}

/* Start the progress of a run. */
void run_progress_init(struct run_progress *p, const struct run_options *o, const char *instance,
                       unsigned op_count)
{
    double now = child_seconds();

    memset(p, 0, sizeof *p);
    p->options = o;
    p->instance = instance;
    p->op_count = op_count;
    /* -v: a line for every phase, which a rewritten line would hide */
    p->terminal = progress_terminal() && cmd_verbosity != CMD_VERBOSE;
    p->run_start = o->within.count > 0 ? o->within.start : now;
    p->done_ops = o->within.ops;
    p->done_seconds = o->within.seconds;
    p->last_line = now - PROGRESS_LINE_SECONDS;
}

/* An operation starts. */
void run_progress_op(struct run_progress *p, const char *op, unsigned index)
{
    p->op = op;
    p->op_index = index;
    p->op_start = child_seconds();
    p->call_seconds = 0;
    p->process = p->processes = 0;
    run_progress_pass(p, "timing");
}

/* A process of a pass made in several starts. */
void run_progress_process(struct run_progress *p, unsigned process, unsigned processes)
{
    p->process = process;
    p->processes = processes;
}

/* A pass starts. */
void run_progress_pass(struct run_progress *p, const char *pass)
{
    p->pass = pass;
    p->pass_start = p->phase_start = p->last_shown = child_seconds();
    p->pass_seconds = 0;
    p->announced = false;
    p->open = p->options->precision > 0 && strcmp(pass, "timing") == 0;
    snprintf(p->phase, sizeof p->phase, "start-up");
}

/* "[instance 2/4, operation 3/3] Origami-256 sign", the brackets only
 * when the run has more than the one operation. */
static const char *progress_where(const struct run_progress *p, char *buf, size_t len)
{
    const struct run_within *w = &p->options->within;

    if (w->count > 0)
        snprintf(buf, len, "[instance %u/%u, operation %u/%u] %s %s", w->index, w->count,
                 p->op_index, p->op_count, p->instance, p->op);
    else if (p->op_count > 1)
        snprintf(buf, len, "[operation %u/%u] %s %s", p->op_index, p->op_count, p->instance, p->op);
    else
        snprintf(buf, len, "%s %s", p->instance, p->op);
    if (p->processes > 1)
        snprintf(buf + strlen(buf), len - strlen(buf), " (%s process %u/%u)", p->pass, p->process,
                 p->processes);
    return buf;
}

/* The processes the profile pass is made in, as far as is known before
 * it starts: --profile-processes N, each aiming at its part of
 * --profile-seconds; one for auto, whose count the timing pass decides. */
static double progress_processes(const struct run_options *o)
{
    return o->profile_processes > 1 ? (double)o->profile_processes : 1;
}

/* The seconds the profile pass will take, guessed before it starts from
 * a call of CALL_SECONDS by the rules of its minimum (measure/method.h)
 * in each of its processes (progress_processes): their operations are
 * pairs of calls, --min-calls of them when they fit in --max-seconds,
 * else 5.  (Its shares reach the precision asked soon after; the timing
 * pass's mean is what a busy host keeps from it.) */
static double progress_profile_guess(const struct run_options *o, double call_seconds)
{
    double n = progress_processes(o);
    double pair = 2 * call_seconds, ops = ceil(o->profile_seconds / n / pair), seconds;

    if (o->min_calls > ops)
        ops = o->min_calls * pair <= o->max_seconds ? o->min_calls
                                                    : (o->min_calls < 5 ? o->min_calls : 5);
    seconds = ops * pair + PROGRESS_PROFILE_SETUP_CALLS * call_seconds;
    return n * (seconds < o->max_seconds ? seconds : o->max_seconds);
}

/* The seconds the whole run has left at NOW, from the current pass's plan
 * (to its --max-seconds while it may go on for the precision asked), the
 * guess of the profile pass to come, and for the operations after
 * this one (in this instance and the larger run's later ones) the mean of
 * those measured so far; -1 when nothing is known yet. */
static double progress_left(const struct run_progress *p, double now)
{
    const struct run_within *w = &p->options->within;
    double op_left, per_op, later;

    if (p->pass_seconds <= 0 && p->done_ops == 0)
        return -1;
    if (p->pass_seconds > 0) {
        op_left = fmax(p->pass_start + p->pass_seconds - now, 0);
        if (p->open)
            op_left = fmax(op_left, p->cap_end - now);
        if (strcmp(p->pass, "timing") == 0 && p->options->profiled != NULL)
            op_left += progress_processes(p->options) * p->setup_seconds +
                       progress_profile_guess(p->options, p->call_seconds);
        /* the profile processes after this one take as long as it */
        if (p->processes > p->process && strcmp(p->pass, "profile") == 0)
            op_left += (double)(p->processes - p->process) * p->pass_seconds;
        per_op = p->done_ops > 0 ? p->done_seconds / p->done_ops : now - p->op_start + op_left;
    } else {
        per_op = p->done_seconds / p->done_ops;
        op_left = fmax(per_op - (now - p->op_start), 0);
    }
    later = (double)(p->op_count - p->op_index) +
            (w->count > 0 ? (double)(w->count - w->index) * p->op_count : 0);
    return op_left + later * per_op;
}

/* " · elapsed 5:12, about 14:30 left" into BUF. */
static const char *progress_times(const struct run_progress *p, double now, char *buf, size_t len)
{
    char elapsed[32], left[32];
    double l = progress_left(p, now);

    fmt_clock(elapsed, sizeof elapsed, now - p->run_start);
    if (l < 0)
        snprintf(buf, len, " \xc2\xb7 elapsed %s", elapsed);
    else
        snprintf(buf, len, " \xc2\xb7 elapsed %s, about %s left", elapsed,
                 fmt_clock(left, sizeof left, l));
    return buf;
}

/* The terminal's line: "[operation 2/3] Demo-128 sign: timing 1.3 s of
 * about 2.5 s · elapsed 0:04, about 0:06 left" (the pass's seconds from
 * the start of its measuring process). */
static void progress_draw(struct run_progress *p, double now)
{
    char where[512], times[128];

    /* once planned, the pass's time against its plan; before, the phase's */
    fprintf(stderr, "\r\033[K%s: %s %.1f s", progress_where(p, where, sizeof where), p->phase,
            now - (p->pass_seconds > 0 ? p->pass_start : p->phase_start));
    if (p->pass_seconds > 0)
        fprintf(stderr, " of about %.1f s", p->pass_seconds);
    fputs(progress_times(p, now, times, sizeof times), stderr);
    fflush(stderr);
    p->drawn = true;
    p->last_shown = now;
}

/* Clear the terminal's line. */
void run_progress_clear(struct run_progress *p)
{
    if (p->terminal && p->drawn)
        fputs("\r\033[K", stderr);
    p->drawn = false;
}

/* Print a whole line above the terminal's line. */
void run_progress_say(struct run_progress *p, const char *fmt, ...)
{
    va_list ap;

    run_progress_clear(p);
    fputs(cmd_prefix(), stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    fflush(stderr);
    p->last_line = child_seconds();
}

/* What the rule that set a pass's minimum says: the option behind it. */
static const char *progress_rule(const struct run_progress *p, const char *rule, char *buf,
                                 size_t len)
{
    const struct run_options *o = p->options;

    if (strcmp(rule, "target-seconds") == 0)
        snprintf(buf, len, "for the %g s aimed at",
                 strcmp(p->pass, "timing") == 0
                     ? o->target_seconds
                     : o->profile_seconds / (p->processes > 1 ? p->processes : 1));
    else if (strcmp(rule, "min-calls") == 0)
        snprintf(buf, len, "--min-calls %u", o->min_calls);
    else
        snprintf(buf, len, "a slow operation: --min-calls %u do not fit in --max-seconds %g, 5 %s",
                 o->min_calls, o->max_seconds, strcmp(p->pass, "timing") == 0 ? "a trial" : "");
    return buf;
}

/* Announce PLAN, the pass's calibrated plan or its going on past its
 * minimum for the precision asked, on a line of its own. */
static void progress_announce(struct run_progress *p, json_t *plan, double now)
{
    const struct run_options *o = p->options;
    json_t *reached = json_object_get(plan, "precision");
    double c = json_number_value(json_object_get(plan, "call_seconds"));
    double planned = json_number_value(json_object_get(plan, "seconds"));
    long long calls = json_integer_value(json_object_get(plan, "calls"));
    int timing = strcmp(p->pass, "timing") == 0;
    const char *what = timing ? "calls" : "operations";
    char where[512], call[32], total[32], rule[160], times[128], aim[96], got[32];

    progress_where(p, where, sizeof where);
    fmt_seconds(call, sizeof call, c);
    fmt_seconds(total, sizeof total, planned);
    progress_times(p, now, times, sizeof times);
    if (planned > o->max_seconds)
        snprintf(aim, sizeof aim, ", cut at --max-seconds %g", o->max_seconds);
    else if (o->precision > 0)
        snprintf(aim, sizeof aim, ", then on to \xc2\xb1%g %% within --max-seconds %g",
                 100 * o->precision, o->max_seconds);
    else
        aim[0] = '\0';
    if (json_is_number(reached))
        run_progress_say(p,
                         "%s: %s at \xc2\xb1%s %% after its minimum: on to about %lld %s, "
                         "%s more, for \xc2\xb1%g %% or --max-seconds %g%s",
                         where, p->pass, fmt_g2(got, sizeof got, 100 * json_number_value(reached)),
                         calls, what, total, 100 * o->precision, o->max_seconds, times);
    else
        run_progress_say(
            p, "%s: about %s a call; %s %lld %s%s (%s) \xe2\x89\x88 %s%s%s", where, call, p->pass,
            calls, what, timing ? "" : ", each with the wrappers on and off",
            progress_rule(p, json_string_value(json_object_get(plan, "rule")), rule, sizeof rule),
            total, aim, times);
}

/* Take a pass's plan: when it ends, and its announcement when it lasts
 * or goes on past its minimum for the precision asked. */
static void progress_plan(struct run_progress *p, json_t *plan, double now)
{
    double seconds = json_number_value(json_object_get(plan, "seconds"));

    p->call_seconds = json_number_value(json_object_get(plan, "call_seconds"));
    p->pass_seconds = now - p->pass_start + seconds;
    /* the first plan: the budget runs from about now; a plan past the
     * minimum says how far the pass goes */
    if (json_is_number(json_object_get(plan, "precision")))
        p->open = false;
    else if (strcmp(p->pass, "timing") == 0) {
        p->cap_end = now + p->options->max_seconds;
        p->setup_seconds = now - p->pass_start;
    }
    if (seconds >= PROGRESS_PHASE_SECONDS || json_is_number(json_object_get(plan, "precision"))) {
        progress_announce(p, plan, now);
        p->announced = true;
    }
}

/* Off a terminal: the current phase's line, once it has lasted and the
 * last line is old enough. */
static void progress_line(struct run_progress *p, double now)
{
    char where[512], times[128];

    if (p->announced ||
        (cmd_verbosity != CMD_VERBOSE && (now - p->phase_start < PROGRESS_PHASE_SECONDS ||
                                          now - p->last_line < PROGRESS_LINE_SECONDS)))
        return;
    run_progress_say(p, "%s: %s%s", progress_where(p, where, sizeof where), p->phase,
                     progress_times(p, now, times, sizeof times));
    p->announced = true;
}

/* A phase was entered, a plan announced, or time passed. */
void run_progress_update(const char *phase, json_t *plan, void *arg)
{
    struct run_progress *p = arg;
    double now = child_seconds();

    if (cmd_verbosity == CMD_QUIET)
        return;
    if (phase != NULL) {
        snprintf(p->phase, sizeof p->phase, "%s", phase);
        p->phase_start = now;
        /* a phase of the plan announced is part of it */
        if (p->pass_seconds <= 0 || cmd_verbosity == CMD_VERBOSE)
            p->announced = false;
    }
    if (plan != NULL)
        progress_plan(p, plan, now);
    if (!p->terminal)
        progress_line(p, now);
    else if (phase != NULL || plan != NULL || now - p->last_shown >= PROGRESS_REDRAW_SECONDS)
        progress_draw(p, now);
}

/* The operation is over. */
void run_progress_op_done(struct run_progress *p, double seconds, bool measured)
{
    run_progress_clear(p);
    if (measured) {
        p->done_ops++;
        p->done_seconds += seconds;
    }
}
