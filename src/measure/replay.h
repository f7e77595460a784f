/* replay.h - what-if candidates priced in the operation as it runs.  The
 * operation's helper outputs are recorded (tape.h) and played back to it
 * in rounds: once plainly, and once per candidate with each recorded
 * call's message also hashed by the candidate while the recorded output
 * is still returned, so that every play takes the placeholder's path.
 * What a candidate's play takes over the plain play is the candidate's
 * cost where the operation calls it, caches, branch history and the code
 * around it included, which a tight loop of calls does not see.  The
 * plays of a round run in a shuffled order, the rounds are cut into
 * trials that take the cores in turn (cores.h), and each trial gives the
 * medians of its rounds. */
#ifndef ICCSPROF_MEASURE_REPLAY_H
#define ICCSPROF_MEASURE_REPLAY_H

#include <jansson.h>

#include "measure/passes.h"

/* An operation shorter than this has each play run first to warm the
 * caches and predictors (a longer one warms them itself). */
#define REPLAY_WARM_SECONDS 0.005

/* Trials the rounds are cut into: enough for the spread of their
 * projections to give a half-width. */
#define REPLAY_TRIALS 10
/* Rounds, at least and at most. */
#define REPLAY_MIN_ROUNDS REPLAY_TRIALS
#define REPLAY_MAX_ROUNDS 20000
/* Candidates one request may price. */
#define REPLAY_MAX_CANDIDATES 32

/* Price the candidates CANDS ([{"candidate", "kind", "library",
 * "digest_bits"}]) in the operation of M on the profiled scheme S for
 * about SECONDS: {"rounds", "calls_min", "calls_max" (the helper calls of
 * the operations recorded, one a round, each round doing the next
 * operation's work), "trials": [{"cpu", "rounds", "op_ticks",
 * "played_ticks", "costs": [{"ticks"} per candidate]}] (medians of the
 * operation unplayed, of its plain play, and of each candidate's play
 * less the plain play of its round), "with": [per candidate {"counted",
 * "calls", "fails"}: the helper calls of one operation with the
 * candidate really serving them, or that the operation failed so; not
 * counted (calls null) for a candidate of kind iccs], "calls": the same
 * operation's calls recorded, "fault": null}; or {"fault": why the plays
 * do not stand for the operation}. */
json_t *replay_measure(struct scheme *s, const struct method *m, json_t *cands, double seconds);

#endif
