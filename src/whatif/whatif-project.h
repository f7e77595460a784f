/* whatif-project.h - projecting an operation's cost with another hash
 * behind the helpers from a placeholder record: the operation's baseline
 * less, per shape (helper, input bits, output bits), its calls per
 * operation times what one call of the placeholder costs more than one
 * call of the candidate. */
#ifndef ICCSPROF_WHATIF_PROJECT_H
#define ICCSPROF_WHATIF_PROJECT_H

#include <stdbool.h>
#include <stddef.h>

/* One shape of a record, costed. */
struct wp_shape {
    double calls_per_op; /* the record's calls per operation at the shape */
    double placeholder;  /* ticks per call of the placeholder there */
    double candidate;    /* ticks per call of the candidate there */
};

/* A projected operation. */
struct wp_result {
    double ticks;  /* ticks per operation */
    double ratio;  /* to the baseline */
    double cycles; /* the ratio times the baseline's cycles per operation */
    /* the shapes' placeholder time was the whole operation's or more:
     * projected from the shapes alone (see wp_project) */
    bool all_helpers;
};

/* How far past the operation's ticks the shapes' placeholder time may go
 * and still be read as an operation that is all helpers: the placeholder
 * is timed in a loop apart from the operation, and on a busy machine the
 * two timings part by several per cent where the helpers are nearly all
 * of it.  Beyond, the two measurements disagree. */
#define WP_OVER_WHOLE 0.25

/* Project the operation of BASE_TICKS ticks and BASE_CYCLES cycles per
 * operation with the N shapes S into R: the baseline less, per shape,
 * its calls times what the placeholder costs more than the candidate.
 * Where the shapes' placeholder time P is the whole baseline or more (by
 * at most WP_OVER_WHOLE), nothing of the operation is left outside the
 * helpers and the baseline is taken to be P, measured high or low: the
 * projection is then the baseline times the candidate's time over P (so
 * that the placeholder against itself still gives exactly the baseline),
 * and R->all_helpers says so.  0, or -1 when the baseline is not above 0,
 * the shapes exceed it by more than WP_OVER_WHOLE, or the projection
 * falls to 0 or below. */
int wp_project(double base_ticks, double base_cycles, const struct wp_shape *s, size_t n,
               struct wp_result *r);

/* One trial of an operation played back (measure/replay.h), for one
 * candidate: the medians of its rounds' ticks. */
struct wp_trial {
    double op;   /* the operation, not played back */
    double hash; /* the placeholder's play less the plain play: its cost in the operation */
    double cost; /* the candidate's play less the plain play: the candidate's cost there */
};

/* A projection from played-back trials: the ratio to the operation and
 * its 95 % half-width. */
struct wp_estimate {
    double ratio, half_width;
};

/* Project from the N trials T into E: each trial's operation less the
 * placeholder's cost in it plus the candidate's, over the operation; E's
 * ratio their mean, its half-width Student's t (N - 1 degrees of
 * freedom) times their standard error, which covers what moves a trial's
 * projection (the machine's load, the core it ran on).  0, or -1 with
 * fewer than two trials, or a trial whose operation or projection is not
 * above 0. */
int wp_replay(const struct wp_trial *t, size_t n, struct wp_estimate *e);

/* The length a grouped class of lengths [LO, HI] is costed at: its
 * midpoint rounded down to whole bytes (HI < 0: no upper bound, LO). */
long long wp_representative(long long lo, long long hi);

/* 100 (PROJECTED - MEASURED) / MEASURED. */
double wp_difference(double projected, double measured);

/* Whether DIFFERENCE_PERCENT is beyond LIMIT_PERCENT either way. */
bool wp_flagged(double difference_percent, double limit_percent);

#endif
