/* profile.c - profiling the operation on the profiled library: the
 * wrappers count and time the helper calls of each measured operation,
 * enabled exactly around it, while the driver times the operation itself
 * with the same tick counter. */
#include "config.h"

#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/candidate.h"
#include "measure/channel.h"
#include "measure/clock.h"
#include "measure/cores.h"
#include "measure/opstats.h"
#include "measure/pairs.h"
#include "measure/passes.h"
#include "measure/rwdata.h"
#include "measure/shift.h"
#include "measure/tape.h"

/* Calibration pairs, at most; auto's K comes from their medians, which
 * vary from run to run as little as this many pairs allow in the time
 * below. */
#define PROFILE_CALIBRATION_PAIRS 64
#define PROFILE_CALIBRATION_SECONDS 0.25
/* Calibration pairs, at most, when K is given: enough for their spread
 * (the outlier margin's, profile_margin). */
#define PROFILE_SPREAD_PAIRS 32
/* The perturbation sampling=auto keeps the instrumentation under. */
#define PROFILE_AUTO_PERTURBATION 0.005
/* The part of that budget timing is granted however much counting every
 * call takes: the same workload then gets the same K although the cost of
 * counting, measured anew in each run, moves a little. */
#define PROFILE_AUTO_TIMING_SHARE 0.5
/* What a counted call costs inside an operation, in multiples of the
 * library's tight-loop figure (untimed_outer_ticks): there its code and
 * table compete with the scheme's for the caches and the branch
 * predictor.  Bench part 2 measured 1.4 to 3 times the loop's figure
 * (WOTS-SM3-16 and the dense scheme, no call timed), and this is the top
 * of that range: charged less, auto gave the dense scheme a K (16) that
 * cost it 0.53 to 0.62 % where 0.5 % was planned. */
#define PROFILE_COUNTED_IN_SITU 3.0
/* The sparsest sampling auto chooses: sparser timing saves little and
 * leaves too few samples. */
#define PROFILE_AUTO_MAX_K 64

/* The outlier rule the wrappers apply: a timed call beyond 4 times its
 * shape's fastest call plus 10 us, or up to 50 us where the pairs of
 * operations vary more (profile_margin), is set apart.  A shape's cost is nearly
 * constant (cache misses make a call a few times slower at most, an
 * interrupt a few microseconds), while a call the scheduler preempted
 * lost a time slice, a millisecond or more, and on a virtual machine the
 * hypervisor takes spells of 10 to 50 us: a few such calls among the
 * sampled ones, each counted K times, made a sampled share's standard
 * error 1.5 to 2 points at 80 %, against 0.05 once they are set apart.
 * The same margin finds the excursions of the pairs (pairs.h), so that
 * what leaves a timed call leaves the operations' time wherever it
 * falls. */
#define PROFILE_OUTLIER_MULTIPLE 4
#define PROFILE_OUTLIER_MARGIN_SECONDS 10e-6
/* The largest margin (profile_margin), and the margin where the
 * calibration gave too few pairs to measure their spread. */
#define PROFILE_OUTLIER_MAX_SECONDS 50e-6
/* Times the cost of serving a recording is taken, the least kept. */
#define PROFILE_TAPE_REPEATS 5
/* The tick rate for the margin is measured over at least this long. */
#define PROFILE_RATE_SECONDS 0.01

static const char *const profile_helper[ICCSPROF_NHELPERS] = ICCSPROF_HELPER_NAMES;

/* The time the measured operations with the wrappers on spent off the
 * CPU in spells longer than the outlier margin (the scheduler ran another
 * process, or the hypervisor another machine): the operations and their
 * ticks off the CPU. */
struct profile_away {
    double tick_hz, margin_ticks;
    unsigned long long operations;
    double ticks;
};

/* What a pair of operations runs: the operation, the profiled library's
 * wrappers, its writable data (NULL: not saved, see profile_pair), where
 * the spells off the CPU are gathered, and the tape that plays the pair's
 * helper outputs back to a fourth operation (NULL: none is played). */
struct profile_bench {
    struct op_state *st;
    const struct iccsprof_wrap_api *w;
    struct rwdata *rw;
    struct profile_away *away;
    struct tape *tape;
};

/* Ticks of one operation, with the wrappers on around it or not.  With
 * AWAY, the thread's CPU time is read around it, and a spell off the CPU
 * (its ticks less that CPU time) longer than the outlier margin is not
 * counted in the ticks returned, and for an operation with the wrappers
 * on is added to AWAY: the wrappers set apart a helper call that lost the
 * CPU so long, so the time taken away must leave the operations' time
 * too, and the pair's difference must not hold it either; a shorter spell
 * stays in both, like an interrupt.  Never inlined: every operation of a
 * pair then runs from a frame of this function, at one place on the
 * stack, whichever call site it comes from. */
static __attribute__((noinline)) uint64_t profile_call(struct op_state *st,
                                                       const struct iccsprof_wrap_api *w, int on,
                                                       struct profile_away *away)
{
    double cpu = away != NULL ? clock_cpu_seconds() : 0;
    uint64_t t0 = w->ticks(), t1;

    if (on)
        w->enable();
    op_call(st);
    if (on)
        w->disable();
    t1 = w->ticks();
    if (away != NULL) {
        double off_cpu = (double)(t1 - t0) - (clock_cpu_seconds() - cpu) * away->tick_hz;

        if (off_cpu > away->margin_ticks) {
            uint64_t spell = (uint64_t)off_cpu;

            if (on) {
                away->operations++;
                away->ticks += (double)spell;
            }
            return t1 - t0 - spell;
        }
    }
    return t1 - t0;
}

/* Ticks per second of the wrappers' counter: stated by the architecture,
 * else measured since (T0, S0), spinning until the span is long enough. */
static double profile_tick_hz(const struct iccsprof_wrap_api *w, uint64_t t0, double s0)
{
    double s1, stated = clock_stated_hz(w->tick_source);

    if (stated > 0)
        return stated;
    while ((s1 = clock_seconds()) - s0 < PROFILE_RATE_SECONDS)
        ;
    return (double)(w->ticks() - t0) / (s1 - s0);
}

/* The K, unrounded, that keeps the expected cost of counting every call
 * (PROFILE_COUNTED_IN_SITU times the tight loop's) and timing one in K
 * under PROFILE_AUTO_PERTURBATION of the operation,
 * timing being granted at least PROFILE_AUTO_TIMING_SHARE of that budget
 * (at most 1 where timing every call fits in the budget).  Under sampling
 * each timed call takes two through the timed path, the one before it
 * warming it (the wrappers' wrap_sampled).  A timed call
 * is charged its whole cost, not its cost less a counted call's: the
 * counted call's cost comes from the library's tight loop, which moves
 * by a fifth from one process to the next, and the difference of the two
 * would carry that into K.  CALLS helper calls, all timed, made an
 * operation of ON ticks that takes OFF ticks with the wrappers off: that
 * difference is what a timed call costs in this operation, when it
 * exceeds the library's tight-loop estimate (its code and table then
 * compete with the scheme's for the caches).  A few pairs of operations
 * are a noisy measure of it, so it only ever raises the estimate of the
 * timed cost. */
static double profile_auto_estimate(double calls, double on, double off,
                                    const struct iccsprof_wrap_overhead *o)
{
    double timed = o->outer_ticks + o->callers_outer_ticks;
    double untimed = PROFILE_COUNTED_IN_SITU * o->untimed_outer_ticks;
    double budget, least = PROFILE_AUTO_TIMING_SHARE * PROFILE_AUTO_PERTURBATION * off;

    if (calls <= 0 || off <= 0)
        return 0;
    if ((on - off) / calls > timed)
        timed = (on - off) / calls;
    if (calls * timed <= PROFILE_AUTO_PERTURBATION * off)
        return calls * timed / (PROFILE_AUTO_PERTURBATION * off);
    /* where counting alone takes most of the budget, what is left is the
     * small difference of two measured costs: K would follow its noise */
    budget = PROFILE_AUTO_PERTURBATION * off - calls * untimed;
    if (budget < least)
        budget = least;
    return 2 * calls * timed / budget;
}

/* The outlier margin in ticks at TICK_HZ: PAIRS_SPREADS of the
 * calibration pairs' SPREAD, so that a call is set apart only for time
 * its operation's pair would show as an excursion (pairs_excursions) had
 * it fallen outside the call, kept within PROFILE_OUTLIER_MARGIN_SECONDS
 * and PROFILE_OUTLIER_MAX_SECONDS; the latter without a spread.  In an
 * operation of milliseconds the spells are many and make the pairs'
 * spread: the pairs cannot tell them apart, and a margin that followed
 * the spread would leave every spell in the sampled calls, each counted
 * K times. */
static uint64_t profile_margin(double tick_hz, double spread)
{
    double most = PROFILE_OUTLIER_MAX_SECONDS * tick_hz;

    if (spread < 0)
        return (uint64_t)ceil(most);
    return (uint64_t)ceil(
        fmin(most, fmax(PROFILE_OUTLIER_MARGIN_SECONDS * tick_hz, PAIRS_SPREADS * spread)));
}

/* Auto's K from its ESTIMATE: rounded up to a power of two, so that the
 * same workload gets the same K although its calibration moves a little
 * from run to run, and at most PROFILE_AUTO_MAX_K. */
static unsigned profile_auto_k(double estimate)
{
    double k = exp2(ceil(log2(estimate < 1 ? 1 : estimate)));

    return k > PROFILE_AUTO_MAX_K ? PROFILE_AUTO_MAX_K : (unsigned)k;
}

static const char *const profile_kind[] = {"exact", "class", "rest"};

/* The wrappers' snapshot as JSON: each helper's totals and the
 * distribution of its calls per operation; every row of the shape table
 * (a key, or the keys grouped in it: see enum iccsprof_shape_kind) with
 * its raw sums and distribution; the table's capacities. */
static json_t *profile_snapshot(const struct iccsprof_wrap_snapshot *snap,
                                const struct opstats *per_op)
{
    json_t *shapes = json_array(), *helpers = json_object();

    for (size_t i = 0; i < snap->nshapes; i++) {
        const struct iccsprof_wrap_shape *s = &snap->shapes[i];
        const struct opstat *d = opstats_shape(per_op, s);

        json_array_append_new(
            shapes,
            json_pack("{s:s, s:s, s:I, s:I, s:I, s:I, s:I, s:f, s:I, s:I, s:I, s:o}", "helper",
                      profile_helper[s->helper], "kind", profile_kind[s->kind], "in_bits",
                      (json_int_t)s->in_bits, "out_bits", (json_int_t)s->out_bits, "calls",
                      (json_int_t)s->calls, "timed_calls", (json_int_t)s->timed_calls, "ticks",
                      (json_int_t)s->ticks, "ticks_sq", s->ticks_sq, "outlier_calls",
                      (json_int_t)s->outlier_calls, "outlier_ticks", (json_int_t)s->outlier_ticks,
                      "min_ticks", (json_int_t)s->min_ticks, "per_op",
                      d != NULL ? opstats_json(per_op, d) : json_null()));
    }
    for (int h = 0; h < ICCSPROF_NHELPERS; h++) {
        const struct iccsprof_wrap_total *t = &snap->helpers[h];

        json_object_set_new(
            helpers, profile_helper[h],
            json_pack("{s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:o}", "calls", (json_int_t)t->calls,
                      "timed_calls", (json_int_t)t->timed_calls, "ticks", (json_int_t)t->ticks,
                      "outlier_calls", (json_int_t)t->outlier_calls, "outlier_ticks",
                      (json_int_t)t->outlier_ticks, "nested", (json_int_t)t->nested, "warm_calls",
                      (json_int_t)t->warm_calls, "per_op",
                      opstats_json(per_op, &per_op->helper[h])));
    }
    return json_pack("{s:o, s:o, s:I, s:{s:i, s:i}}", "helpers", helpers, "shapes", shapes,
                     "total_calls", (json_int_t)snap->total_calls, "table", "shapes",
                     ICCSPROF_WRAP_MAX_SHAPES, "classes", ICCSPROF_WRAP_MAX_CLASSES);
}

/* One return address as the object holding it and the offset in it, so
 * that the parent can resolve it from the file after the run. */
static json_t *profile_frame(uintptr_t addr)
{
    char hex[2 + 2 * sizeof addr + 1];
    Dl_info info;

    snprintf(hex, sizeof hex, "0x%lx", (unsigned long)addr);
    if (dladdr((void *)addr, &info) == 0 || info.dli_fname == NULL)
        return json_pack("{s:s, s:n, s:n}", "address", hex, "object", "offset");
    return json_pack("{s:s, s:s, s:I}", "address", hex, "object", info.dli_fname, "offset",
                     (json_int_t)(addr - (uintptr_t)info.dli_fbase));
}

/* The call-site table as JSON. */
static json_t *profile_sites(const struct iccsprof_wrap_api *w, unsigned depth)
{
    static struct iccsprof_wrap_sites table; /* too large for the stack */
    json_t *sites = json_array(), *overflow = json_object();

    if (w->sites(&table) != 0)
        channel_call_error("the wrappers refused to give their call sites");
    for (size_t i = 0; i < table.nsites; i++) {
        const struct iccsprof_wrap_site *s = &table.sites[i];
        json_t *frames = json_array();

        for (uint32_t f = 0; f < s->depth; f++)
            json_array_append_new(frames, profile_frame(s->frames[f]));
        json_array_append_new(sites,
                              json_pack("{s:s, s:I, s:I, s:I, s:o}", "helper",
                                        profile_helper[s->helper], "calls", (json_int_t)s->calls,
                                        "timed_calls", (json_int_t)s->timed_calls, "ticks",
                                        (json_int_t)s->ticks, "frames", frames));
    }
    for (int h = 0; h < ICCSPROF_NHELPERS; h++) {
        const struct iccsprof_wrap_site *s = &table.overflow[h];

        json_object_set_new(overflow, profile_helper[h],
                            json_pack("{s:I, s:I, s:I}", "calls", (json_int_t)s->calls,
                                      "timed_calls", (json_int_t)s->timed_calls, "ticks",
                                      (json_int_t)s->ticks));
    }
    return json_pack("{s:i, s:i, s:o, s:o}", "depth", (int)depth, "table", ICCSPROF_WRAP_MAX_SITES,
                     "overflow", overflow, "sites", sites);
}

/* The DRNG contexts the measured operations drew from, each with the name
 * the driver seeded it under (null: not seeded by the driver). */
static json_t *profile_contexts(const struct scheme *s, const struct iccsprof_wrap_snapshot *snap)
{
    json_t *list = json_array();

    for (size_t i = 0; i < snap->ncontexts; i++) {
        const struct iccsprof_wrap_context *c = &snap->contexts[i];
        const char *seeded = scheme_seeded_name(s, (const void *)c->address);
        json_t *where = profile_frame(c->address);

        json_object_set_new(where, "calls", json_integer((json_int_t)c->calls));
        json_object_set_new(where, "seeded_as", seeded ? json_string(seeded) : json_null());
        json_array_append_new(list, where);
    }
    return json_pack("{s:o, s:I, s:i}", "contexts", list, "other_calls",
                     (json_int_t)snap->other_context_calls, "table", ICCSPROF_WRAP_MAX_CONTEXTS);
}

/* One pair of operations of a bench: which comes first, and what they
 * gave. */
struct profile_pair_args {
    const struct profile_bench *b;
    int on_first;
    uint64_t off, on, played;
    const char *fault; /* why the play does not stand for the operation */
};

/* One pair of operations doing the same work: the library's writable data
 * (the DRNG state and the scheme's own) is saved before the first and put
 * back before the second, so both take the same path; the one with the
 * wrappers on is measured and counted, its twin with them off is not
 * counted again; with the bench's away, both are timed without their long
 * spells off the CPU, and it gathers those of the one with the wrappers
 * on.  ON_FIRST says which comes first: the second of a pair repeats the
 * first's exact path and gains from it (trained branch predictors), so
 * the driver alternates the order and takes the gain out.  Without saved
 * data (no rw) the pair does successive work.  With a tape, the pair is
 * rehearsed first, uncounted, its helpers' outputs recorded, and played
 * after, uncounted, its helpers served from the recording: all of its
 * work but the hashing, every one of the four after a run of the same
 * path, and every one from the same frame, at the same place on the
 * stack. */
static void profile_pair(struct profile_pair_args *a)
{
    const struct profile_bench *b = a->b;

    if (b->rw != NULL)
        rwdata_save(b->rw);
    if (b->tape != NULL) {
        op_count(b->st, 0);
        tape_record(b->tape);
        (void)profile_call(b->st, b->w, 0, NULL);
        (void)tape_stop(b->tape); /* a fault of the recording is the play's */
        rwdata_restore(b->rw);
    }
    op_count(b->st, a->on_first);
    if (a->on_first)
        a->on = profile_call(b->st, b->w, 1, b->away);
    else
        a->off = profile_call(b->st, b->w, 0, b->away);
    op_count(b->st, !a->on_first);
    if (b->rw != NULL)
        rwdata_restore(b->rw);
    if (a->on_first)
        a->off = profile_call(b->st, b->w, 0, b->away);
    else
        a->on = profile_call(b->st, b->w, 1, b->away);
    if (b->tape != NULL) {
        rwdata_restore(b->rw);
        op_count(b->st, 0);
        tape_play(b->tape);
        a->played = profile_call(b->st, b->w, 0, b->away);
        a->fault = tape_stop(b->tape);
    }
    op_count(b->st, 1);
}

/* Auto's estimate of K (see profile_auto_estimate) from up to MOST pairs
 * in PROFILE_CALIBRATION_SECONDS of FIRST's bench, FIRST having been
 * measured, their order alternating as in the profile pass and timed without their long spells off
 * the CPU (B's away): the median of their wrappers-off ticks and what the wrappers added (see
 * pairs_added), so that a pair the scheduler interrupted does not decide it and the same workload
 * gets the same K from run to run; and into *SPREAD the pairs' spread (pairs_spread), which the
 * outlier margin must clear.  No pair starts that would end past that time, or that the budget C
 * would not hold. */
static double profile_calibrate(const struct profile_pair_args *first,
                                const struct iccsprof_wrap_overhead *o, const struct pass_clock *c,
                                double pair_seconds, unsigned most, double *spread)
{
    static struct iccsprof_wrap_snapshot snap; /* too large for the stack */
    int64_t offs[PROFILE_CALIBRATION_PAIRS], added[PROFILE_CALIBRATION_PAIRS];
    struct profile_pair_args pair = *first;
    unsigned n = 1;
    double t0 = clock_seconds(), se, off;

    offs[0] = (int64_t)pair.off;
    added[0] = (int64_t)(pair.on - pair.off);
    while (n < most) {
        double spent = clock_seconds() - t0, next = n > 1 ? spent / (n - 1) : pair_seconds;

        if (spent + next >= PROFILE_CALIBRATION_SECONDS || !pass_fits(c, next))
            break;
        pair.on_first = (int)(n % 2);
        profile_pair(&pair);
        offs[n] = (int64_t)pair.off;
        added[n++] = (int64_t)(pair.on - pair.off);
    }
    pair.b->w->snapshot(&snap);
    *spread = pairs_spread(added, n);
    off = pairs_median(offs, n);
    return profile_auto_estimate((double)snap.total_calls / n, off + pairs_added(added, n, &se),
                                 off, o);
}

/* The pass's pairs are cut into trials of an even number of pairs (both
 * orders alike), PROFILE_TRIALS at its minimum; a pass that went on for
 * its precision has more, at most PROFILE_TRIALS_MAX (neighbours merged).
 * The spread of the trials' shares gives the shares' uncertainty
 * (shares.h): it covers what moves them from one part of the pass to the
 * next, the pairs, the compensation and the sampling alike. */
#define PROFILE_TRIALS 10
#define PROFILE_TRIALS_MAX 40

/* The sums of the pairs up to a trial's end: the pairs, the ticks of
 * their operations with the wrappers on, and the helper ticks and calls
 * of each group (opstats.h). */
struct profile_mark {
    unsigned long long pairs;
    double ticks, helper_ticks[OPSTATS_NGROUPS], helper_calls[OPSTATS_NGROUPS];
};

/* The measured pairs of the profile pass and what they gave. */
struct profile_run {
    struct iccsprof_wrap_snapshot *snap; /* the table after the last pair */
    struct opstats *per_op;              /* the operations read from it */
    int64_t *diff;                       /* each pair's ticks with the wrappers on less off */
    unsigned long long n, cap;
    uint64_t ticks; /* the operations' ticks with the wrappers on */
    double seconds; /* the pairs' time */
    unsigned long long trial_pairs;
    struct profile_mark *mark; /* at the end of each trial */
    size_t nmarks, mark_cap;
    /* each pair's operation with the wrappers on: what its kept timed
     * calls took beyond their rows' mean (opstats_excess); an excursion
     * that landed in one of them stays in its helper's time, and so must
     * stay in the operation's (pairs_excursions) */
    double *kept;
    /* each pair's: whether its operation with the wrappers on was counted
     * in the time lost already (off the CPU, or in an outlier call) */
    unsigned char *counted;
    /* the ticks excursions took from the first i pairs' operations
     * (pairs_excursions), once the pass is over */
    double *taken;
    /* each pair's operation with the wrappers off, and what playing its
     * helpers' outputs back took off it (with a tape); why a play did
     * not stand for its operation */
    int64_t *off, *removed;
    const char *replay_fault;
    /* the cores the trials take in turn, and the index of each pair's */
    struct cores cores;
    unsigned char *core;
};

/* The sums of the pairs of R measured so far. */
static struct profile_mark profile_mark_now(const struct profile_run *r)
{
    const struct opstats *per_op = r->per_op;
    struct profile_mark m = {r->n, per_op->group[OPSTATS_HASH].t, {0, 0}, {0, 0}};

    for (int g = 0; g < OPSTATS_NGROUPS; g++)
        m.helper_ticks[g] = per_op->group[g].h;
    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        m.helper_calls[h == ICCSPROF_DRNG ? OPSTATS_DRNG : OPSTATS_HASH] += per_op->helper[h].sum;
    return m;
}

/* Mark the end of a trial in R after its last pair. */
static void profile_mark(struct profile_run *r)
{
    if (r->nmarks == r->mark_cap) {
        r->mark_cap = r->mark_cap ? 2 * r->mark_cap : 64;
        if ((r->mark = realloc(r->mark, r->mark_cap * sizeof *r->mark)) == NULL)
            channel_call_error("out of memory for %zu trials", r->mark_cap);
    }
    r->mark[r->nmarks++] = profile_mark_now(r);
}

/* One trial, the pairs between marks A and B, as JSON: its sums, less
 * what excursions took from its operations, and what the instrumentation
 * added to them (see pairs_added) from its own pairs' differences. */
static json_t *profile_trial(const struct profile_run *r, const struct profile_mark *a,
                             const struct profile_mark *b)
{
    unsigned long long n = b->pairs - a->pairs;
    int64_t *d = malloc((size_t)n * sizeof *d);
    double added, se;

    if (d == NULL)
        channel_call_error("out of memory for %llu operations' timings", n);
    memcpy(d, r->diff + a->pairs, (size_t)n * sizeof *d);
    added = pairs_added(d, n, &se);
    free(d);
    return json_pack("{s:I, s:f, s:f, s:f, s:f, s:f, s:f}", "pairs", (json_int_t)n, "ticks",
                     b->ticks - a->ticks - (r->taken[b->pairs] - r->taken[a->pairs]), "added_ticks",
                     added, "hash_ticks",
                     b->helper_ticks[OPSTATS_HASH] - a->helper_ticks[OPSTATS_HASH], "hash_calls",
                     b->helper_calls[OPSTATS_HASH] - a->helper_calls[OPSTATS_HASH], "drng_ticks",
                     b->helper_ticks[OPSTATS_DRNG] - a->helper_ticks[OPSTATS_DRNG], "drng_calls",
                     b->helper_calls[OPSTATS_DRNG] - a->helper_calls[OPSTATS_DRNG]);
}

/* The trials of R as JSON: the pairs after the last whole trial join it
 * (or are the one trial when none is whole), and beyond
 * PROFILE_TRIALS_MAX trials, every STEP consecutive ones are one. */
static json_t *profile_trials(struct profile_run *r)
{
    struct profile_mark start = {0, 0, {0, 0}, {0, 0}}, *prev = &start;
    json_t *list = json_array();
    size_t step;

    if (r->n == 0)
        return list;
    if (r->nmarks == 0 || r->mark[r->nmarks - 1].pairs < r->n) {
        if (r->nmarks > 0)
            r->nmarks--;
        profile_mark(r);
    }
    step = (r->nmarks + PROFILE_TRIALS_MAX - 1) / PROFILE_TRIALS_MAX;
    for (size_t i = step - 1; i < r->nmarks; i += step) {
        /* the last trial takes the marks a whole step would leave over */
        struct profile_mark *end = i + step >= r->nmarks ? &r->mark[r->nmarks - 1] : &r->mark[i];

        json_array_append_new(list, profile_trial(r, prev, end));
        prev = end;
        if (end == &r->mark[r->nmarks - 1])
            break;
    }
    return list;
}

/* What the outlier calls of an operation of ON ticks took beyond their
 * rows' mean (EXCESS, opstats_excess), as ticks to take from it.  Such a
 * call lost its time to something else (an interrupt, or a virtual
 * machine's stolen time, which the thread's CPU time does not show): its
 * row's estimate leaves it out, so the operation's time must too, or the
 * shares come out low by it.  Less than ON: when a row's first calls turn
 * out all to have been slow (the wrappers reclassify them at once), their
 * excess, which stayed in their own operations, leaves this one's, and
 * the totals are right. */
static uint64_t profile_outlier_excess(double excess, uint64_t on)
{
    if (excess <= 0)
        return 0;
    return excess < (double)on ? (uint64_t)excess : on - 1;
}

/* profile_pair over ARG, a struct profile_pair_args, for shift_run. */
static void profile_pair_shifted(void *arg)
{
    profile_pair(arg);
}

/* Measure one more pair of B into R, its table read after it into R's
 * per_op.  Each trial runs its pairs at a stack position of its own
 * (shift.h): where the stack lies in a page moves the share as much as
 * anything else, and is otherwise fixed for the process's life.  The
 * trials take R's cores in turn (cores.h), each core the same positions
 * in the same order, so that no core's share holds a place of its own. */
static void profile_measured_pair(const struct profile_bench *b, struct profile_run *r)
{
    double t0 = clock_seconds();
    struct profile_pair_args pair = {b, (int)(r->n % 2), 0, 0, 0, NULL};
    struct profile_away *away = b->away;
    unsigned long long spells = away->operations;
    struct opstats_excess ex;
    unsigned trial = (unsigned)(r->n / r->trial_pairs);
    uint64_t excess;

    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 256;
        if ((r->diff = realloc(r->diff, (size_t)r->cap * sizeof *r->diff)) == NULL ||
            (r->off = realloc(r->off, (size_t)r->cap * sizeof *r->off)) == NULL ||
            (r->removed = realloc(r->removed, (size_t)r->cap * sizeof *r->removed)) == NULL ||
            (r->kept = realloc(r->kept, (size_t)r->cap * sizeof *r->kept)) == NULL ||
            (r->counted = realloc(r->counted, (size_t)r->cap)) == NULL ||
            (r->core = realloc(r->core, (size_t)r->cap)) == NULL)
            channel_call_error("out of memory for %llu operations' timings", r->cap);
    }
    r->core[r->n] = (unsigned char)cores_enter(&r->cores, trial);
    shift_run(trial / (unsigned)r->cores.n, profile_pair_shifted, &pair);
    b->w->snapshot(r->snap);
    opstats_read(r->per_op, r->snap, &ex);
    /* a spell off the CPU already left the operation's time, outlier and all */
    excess = profile_outlier_excess(ex.outlier, pair.on);
    if (excess > 0 && away->operations == spells) {
        away->operations++;
        away->ticks += (double)excess;
        pair.on -= excess;
    }
    r->kept[r->n] = ex.kept;
    r->counted[r->n] = away->operations != spells;
    opstats_add(r->per_op, (double)pair.on);
    r->ticks += pair.on;
    r->off[r->n] = (int64_t)pair.off;
    r->removed[r->n] = (int64_t)pair.off - (int64_t)pair.played;
    if (pair.fault != NULL && r->replay_fault == NULL)
        r->replay_fault = pair.fault;
    r->diff[r->n++] = (int64_t)(pair.on - pair.off);
    if (r->n % r->trial_pairs == 0)
        profile_mark(r);
    r->seconds += clock_seconds() - t0;
}

/* The measured pairs of B into R: the minimum SZ, then more while the shares' precision
 * falls short of the one asked, all within the budget C (one pair at
 * least); *STOP says why they ended.  PAIR_SECONDS is the calibration's. */
static void profile_pairs(const struct profile_bench *b, const struct method *m,
                          struct profile_run *r, const struct pass_size *sz,
                          const struct pass_clock *c, double pair_seconds, enum method_stop *stop)
{
    int announced = 0;

    for (;;) {
        double est = r->n > 0 ? r->seconds / (double)r->n : pair_seconds, prec;

        if (r->n >= sz->per_group) {
            prec = opstats_share_precision(r->per_op);
            if (m->precision <= 0 || prec <= m->precision) {
                *stop = r->n == sz->per_group ? STOP_MINIMUM : STOP_PRECISION;
                return;
            }
            if (!announced) {
                method_plan_more("profile", est / 2, est, r->n, prec, m->precision, c, sz->rule);
                announced = 1;
            }
        }
        if (r->n > 0 && !pass_fits(c, est)) {
            *stop = STOP_MAX_SECONDS;
            return;
        }
        profile_measured_pair(b, r);
    }
}

/* Take the excursions of R's pairs (pairs_excursions) out of its
 * operations' time, counting them in AWAY with the spells off the CPU.
 * Without saved data (SAME 0) a pair's two operations did different
 * work, and their difference says nothing of an excursion. */
static void profile_excursions(struct profile_run *r, struct profile_away *away, int same)
{
    unsigned long long count = 0;
    uint64_t taken = 0;

    if ((r->taken = calloc((size_t)r->n + 1, sizeof *r->taken)) == NULL)
        channel_call_error("out of memory for %llu operations' timings", r->n);
    if (same)
        taken = (uint64_t)llround(pairs_excursions(r->diff, r->kept, r->counted, r->n,
                                                   away->margin_ticks, r->taken, &count));
    if (taken >= r->ticks) { /* not an excursion: the pairs did not do the same work */
        memset(r->taken, 0, ((size_t)r->n + 1) * sizeof *r->taken);
        return;
    }
    r->ticks -= taken;
    away->operations += count;
    away->ticks += (double)taken;
}

/* What the calibration settles for the profile pass: the seconds of a
 * call, auto's estimate of K and the K used, the outlier margin. */
struct profile_setting {
    double call_seconds, estimate;
    unsigned k;
    uint64_t margin;
};

/* Calibrate on FIRST's bench (its away holding the tick rate): one pair
 * timed for the seconds of a call (or FASTEST, the warm-up's fastest call,
 * when shorter), then the calibration pairs (profile_calibrate), as many
 * as auto's K or only the margin needs, within the budget C. */
static struct profile_setting profile_settle(struct profile_pair_args *first,
                                             const struct method *m,
                                             const struct iccsprof_wrap_overhead *o,
                                             const struct pass_clock *c, double fastest)
{
    struct profile_setting set = {0, 0, m->sample, 0};
    double t0 = clock_seconds(), spread;

    profile_pair(first);
    set.call_seconds = method_call_seconds((clock_seconds() - t0) / 2, fastest);
    set.estimate =
        profile_calibrate(first, o, c, 2 * set.call_seconds,
                          set.k == 0 ? PROFILE_CALIBRATION_PAIRS : PROFILE_SPREAD_PAIRS, &spread);
    if (set.k == 0)
        set.k = profile_auto_k(set.estimate);
    set.margin = profile_margin(first->b->away->tick_hz, spread);
    return set;
}

/* Free what R's pairs left. */
static void profile_run_free(struct profile_run *r)
{
    free(r->off);
    free(r->removed);
    free(r->diff);
    free(r->kept);
    free(r->counted);
    free(r->taken);
    free(r->mark);
    free(r->core);
}

/* Open T over the profiled scheme S's seam and hash helpers, for the
 * measured pairs to play their helpers' outputs back to a fourth
 * operation; NULL, or why nothing can be played back.  Only a pair whose
 * runs repeat each other (SAME: its writable data is put back) can. */
static const char *profile_tape_open(struct tape *t, struct scheme *s, const struct method *m,
                                     int same)
{
    void *real[ICCSPROF_DRNG] = {NULL};
    iccsprof_substitute_fn *seam;
    int wrapped = 0;

    if (!same)
        return "its runs do not repeat each other (its writable data could not be copied)";
    if (m->substituted)
        return "candidates serve its hash helpers";
    if ((seam = candidate_seam_of(s)) == NULL)
        return "its wrappers have no substitution seam";
    for (unsigned h = 0; h < ICCSPROF_DRNG; h++)
        if (candidate_wraps(s, h) && (real[h] = dlsym(s->lib, profile_helper[h])) != NULL)
            wrapped = 1;
    if (!wrapped)
        return "it wraps no hash helper";
    tape_open(t, seam, real);
    return NULL;
}

/* The pairs of R that ran on each of its cores as JSON: the core's
 * number (null: the pass was not held to one), its pairs, the medians of
 * their twins' ticks and of what playing took off them, with its
 * standard error.  Before the pairs are sorted. */
static json_t *profile_cores(const struct profile_run *r)
{
    int64_t *off = malloc((size_t)r->n * sizeof *off),
            *removed = malloc((size_t)r->n * sizeof *removed);
    json_t *list = json_array();

    if (off == NULL || removed == NULL)
        channel_call_error("out of memory for %llu operations' timings", r->n);
    for (int k = 0; k < r->cores.n; k++) {
        unsigned long long n = 0;
        double med;

        for (unsigned long long i = 0; i < r->n; i++)
            if (r->core[i] == k || r->cores.n == 1) {
                off[n] = r->off[i];
                removed[n++] = r->removed[i];
            }
        if (n == 0)
            continue;
        med = pairs_median(removed, n);
        json_array_append_new(
            list,
            json_pack("{s:o, s:I, s:f, s:f, s:f}", "cpu",
                      r->cores.cpu[k] >= 0 ? json_integer(r->cores.cpu[k]) : json_null(), "pairs",
                      (json_int_t)n, "off_ticks", pairs_median(off, n), "removed_ticks", med,
                      "removed_ticks_stderr", pairs_median_stderr(removed, n, med)));
    }
    free(off);
    free(removed);
    return list;
}

/* The played operations of R as JSON: how many pairs played their
 * helpers' outputs back (each pair then four calls of the scheme: the
 * rehearsal, the pair and the play); the medians of their twins' ticks
 * with the wrappers off and of what playing took off them, with its
 * standard error, the share's half-width from its spread between the
 * pass's trials on each core (pairs_trials_half_width, the cores its
 * strata: the share is the mean of theirs), and what serving T's last
 * recording takes in a tight loop (at most what a played operation still
 * spends in its helpers); the same medians on each core (profile_cores);
 * and why they do not stand, if they do not.  Without a tape (WHY), only
 * why. */
static json_t *profile_replay(struct profile_run *r, struct tape *t,
                              const struct iccsprof_wrap_api *w, const char *why)
{
    double off, removed, trials;
    json_t *cores;

    if (why != NULL)
        return json_pack("{s:s}", "fault", why);
    if (r->replay_fault == NULL && r->n < 2)
        r->replay_fault = "too few pairs were measured";
    if (r->replay_fault != NULL)
        return json_pack("{s:I, s:s}", "pairs", (json_int_t)r->n, "fault", r->replay_fault);
    trials =
        pairs_trials_half_width(r->removed, r->off, r->n, r->trial_pairs, (unsigned)r->cores.n);
    cores = profile_cores(r);
    off = pairs_median(r->off, r->n);
    removed = pairs_median(r->removed, r->n);
    return json_pack("{s:I, s:f, s:f, s:f, s:f, s:f, s:o, s:n}", "pairs", (json_int_t)r->n,
                     "off_ticks", off, "removed_ticks", removed, "removed_ticks_stderr",
                     pairs_median_stderr(r->removed, r->n, removed), "trials_half_width", trials,
                     "played_ticks", tape_cost(t, w->ticks, PROFILE_TAPE_REPEATS), "cores", cores,
                     "fault");
}

/* Ready the profiled scheme S for the pass of M: its wrappers off and
 * emptied, counting every call, reading the callers M asks for; the
 * operation set up with EVENTS into ST, the pass's clock C started, and
 * the operation warmed up (its fastest call into *FASTEST); the
 * warm-up's calls. */
static unsigned profile_begin(struct scheme *s, const struct method *m, struct op_events *events,
                              struct op_state *st, struct pass_clock *c, double *fastest)
{
    const struct iccsprof_wrap_api *w = s->wrap;

    w->disable();
    w->reset();
    w->set_sampling(1, m->first_n);
    scheme_set_callers(s, m->callers);
    op_setup(st, s, m->op, m->seed, m->seed_len, m->message_bytes, m->max_sign_attempts, events);
    pass_clock_start(c, m->max_seconds);
    return method_warm_up(st, "profile warm-up", c, fastest);
}

/* After the pass of M on S: the call sites (when M reads callers) into
 * *SITES and the DRNG contexts of the table SNAP into *DRNG, then the
 * wrappers set back to counting every call, without callers or outliers,
 * for the passes after, and the operation ST freed. */
static void profile_end(struct scheme *s, const struct method *m, struct op_state *st,
                        const struct iccsprof_wrap_snapshot *snap, json_t **sites, json_t **drng)
{
    const struct iccsprof_wrap_api *w = s->wrap;

    *sites = m->callers != 0 ? profile_sites(w, m->callers) : json_null();
    *drng = profile_contexts(s, snap);
    w->set_callers(0);
    w->set_sampling(1, m->first_n);
    w->set_outliers(0, 0);
    op_free(st);
}

/* Calibrate the profile pass PASS on FIRST's bench, whose away is PASS's
 * copy (PASS's away holding the tick rate): the setting (profile_settle),
 * its outlier margin given to PASS's away and the wrappers, and the
 * wrappers' table emptied for the pass at the K chosen. */
static struct profile_setting profile_calibration(const struct profile_bench *pass,
                                                  struct profile_pair_args *first,
                                                  const struct method *m,
                                                  const struct iccsprof_wrap_overhead *o,
                                                  const struct pass_clock *c, double fastest)
{
    const struct iccsprof_wrap_api *w = pass->w;
    struct profile_setting set;

    pass->away->margin_ticks = ceil(PROFILE_OUTLIER_MARGIN_SECONDS * pass->away->tick_hz);
    *first->b->away = *pass->away;
    set = profile_settle(first, m, o, c, fastest);
    pass->away->margin_ticks = (double)set.margin;
    w->set_outliers(PROFILE_OUTLIER_MULTIPLE, set.margin);
    w->reset();
    w->set_sampling(set.k, m->first_n);
    return set;
}

/* Size the profile pass of PASS into SZ, and R's trials, within what the
 * budget C leaves; the seconds of a measured pair.  Each is a pair of
 * calls (and with a tape, its rehearsal and its play) and a reading of the
 * table, whose cost a fast operation's pair does not dwarf. */
static double profile_size(const struct profile_bench *pass, const struct method *m,
                           const struct profile_setting *set, const struct pass_clock *c,
                           struct profile_run *r, struct pass_size *sz)
{
    double t0 = clock_seconds(), pair_seconds;

    pass->w->snapshot(r->snap);
    pair_seconds = (pass->tape != NULL ? 4 : 2) * set->call_seconds + clock_seconds() - t0;
    *sz = method_size(m->profile_seconds, pair_seconds, 1, m->min_calls,
                      m->max_seconds - pass_elapsed(c));
    r->trial_pairs = 2 * (sz->per_group / (2 * PROFILE_TRIALS));
    if (r->trial_pairs < 2)
        r->trial_pairs = 2;
    method_plan("profile", set->call_seconds, sz->per_group, (double)sz->per_group * pair_seconds,
                sz->rule, -1);
    return pair_seconds;
}

/* The profile pass's result as JSON from its pairs R, their time AWAY off
 * the CPU, whether they were PAIRED on saved data, what the
 * instrumentation ADDED to an operation (with its standard error
 * ADDED_SE), the wrappers' overhead O, the setting SET of method M, and
 * the pass's TRIALS and REPLAY (taken over). */
static json_t *profile_result(const struct profile_run *r, const struct profile_away *away,
                              int paired, double added, double added_se,
                              const struct iccsprof_wrap_overhead *o,
                              const struct profile_setting *set, const struct method *m,
                              json_t *trials, json_t *replay)
{
    return json_pack(
        "{s:I, s:I, s:f, s:{s:I, s:f}, s:{s:b, s:f, s:f}, s:{s:f, s:f, s:f, s:f}, s:{s:i, s:b, "
        "s:o, s:i, s:{s:i, s:I}}, s:o, s:o, s:o}",
        "calls", (json_int_t)r->n, "ticks", (json_int_t)r->ticks + (json_int_t)away->ticks,
        "baseline_ticks", (double)r->ticks - (double)r->n * added, "preempted", "operations",
        (json_int_t)away->operations, "ticks", away->ticks, "compensation", "paired", paired,
        "added_ticks", added, "added_ticks_stderr", added_se, "overhead", "inner_ticks",
        o->inner_ticks, "outer_ticks", o->outer_ticks, "untimed_outer_ticks",
        o->untimed_outer_ticks, "callers_outer_ticks", o->callers_outer_ticks, "sampling", "k",
        (int)set->k, "auto", m->sample == 0, "estimate",
        m->sample == 0 ? json_real(set->estimate) : json_null(), "first_n", (int)m->first_n,
        "outliers", "multiple", PROFILE_OUTLIER_MULTIPLE, "margin_ticks", (json_int_t)set->margin,
        "snapshot", profile_snapshot(r->snap, r->per_op), "trials", trials, "replay", replay);
}

/* Profile the operation on the profiled library.  Each measured operation
 * with the wrappers on is paired with one with them off that does the
 * same work (see profile_pair).  Those with the wrappers on give every
 * helper call, its shape and its ticks, and the table read after each
 * gives its own calls; each pair gives the ticks the instrumentation
 * added to one operation, of which the median is taken (the mean of the
 * medians of the two orders, see pairs_added): a pair that the
 * scheduler interrupted is an outlier the median ignores.  The
 * operations' time without the instrumentation, which shares are taken
 * of, is their measured time less that median per operation and less the
 * long spells they spent off the CPU: the wrappers set apart the helper
 * calls those spells fell in (outliers of their shape), so that time
 * leaves the numerator and the denominator alike; and the excursions the
 * pairs show (pairs_excursions), time an operation with the wrappers on
 * lost without leaving the CPU, in an untimed call or between calls, leave
 * the denominator as the set-apart calls' excess does.  An interrupt is
 * too short to be set apart, and stays in both. */
json_t *profile_pass(struct scheme *s, const struct method *m, struct op_events *events,
                     json_t **sites, json_t **drng, json_t **facts)
{
    static struct iccsprof_wrap_snapshot snap; /* too large for the stack */
    static struct opstats per_op;
    const struct iccsprof_wrap_api *w = s->wrap;
    struct iccsprof_wrap_overhead o;
    struct op_state st;
    struct rwdata rwbuf, *rw = NULL;
    struct profile_away away = {0, 0, 0, 0}, calibration;
    struct profile_bench pass = {&st, w, NULL, &away, NULL},
                         calibrating = {&st, w, NULL, &calibration, NULL};
    struct profile_pair_args first = {&calibrating, 0, 0, 0, 0, NULL};
    struct tape tape;
    const char *no_replay;
    struct profile_run run = {.snap = &snap, .per_op = &per_op};
    struct profile_setting set;
    struct pass_clock clock;
    struct pass_size sz;
    enum method_stop stop;
    unsigned warm;
    json_t *trials, *replay;
    uint64_t rate_t0 = w->ticks();
    double pair_seconds, fastest, added, added_se, rate_s0 = clock_seconds();

    warm = profile_begin(s, m, events, &st, &clock, &fastest);
    op_stage(&st, "profile calibration", PASS_SETUP);
    if (rwdata_open(&rwbuf, s->lib) == 0)
        pass.rw = calibrating.rw = rw = &rwbuf;
    if ((no_replay = profile_tape_open(&tape, s, m, rw != NULL)) == NULL)
        pass.tape = &tape;
    w->overhead(&o);
    away.tick_hz = profile_tick_hz(w, rate_t0, rate_s0);
    set = profile_calibration(&pass, &first, m, &o, &clock, fastest);
    pair_seconds = profile_size(&pass, m, &set, &clock, &run, &sz);
    opstats_init(&per_op);
    op_stage(&st, "profile", PASS_PROFILE);
    cores_open(&run.cores);
    profile_pairs(&pass, m, &run, &sz, &clock, pair_seconds, &stop);
    cores_close(&run.cores);
    *facts = method_facts(warm, set.call_seconds, &clock, &sz, run.n, stop,
                          opstats_share_precision(&per_op));
    profile_excursions(&run, &away, rw != NULL);
    trials = profile_trials(&run); /* before the differences are sorted */
    added = pairs_added(run.diff, run.n, &added_se);
    replay = profile_replay(&run, &tape, w, no_replay);
    if (pass.tape != NULL)
        tape_close(&tape);
    profile_run_free(&run);
    if (rw != NULL)
        rwdata_close(rw);
    profile_end(s, m, &st, &snap, sites, drng);
    return profile_result(&run, &away, rw != NULL, added, added_se, &o, &set, m, trials, replay);
}
