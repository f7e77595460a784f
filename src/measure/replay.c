/* replay.c - what-if candidates priced in the operation as it runs
 * (replay.h). */
#include "config.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "measure/candidate.h"
#include "measure/channel.h"
#include "measure/clock.h"
#include "measure/cores.h"
#include "measure/pairs.h"
#include "measure/protocol.h"
#include "measure/replay.h"
#include "measure/rwdata.h"
#include "measure/tape.h"

static const char *const replay_helper[] = ICCSPROF_HELPER_NAMES;

/* The state of one request: the operation, its writable data, its tape,
 * the candidates opened for each helper, and each round's plays' ticks
 * (play 0 the operation unplayed, 1 its plain play, 2 + k candidate
 * k's play). */
struct replay {
    const struct iccsprof_wrap_api *w;
    struct scheme *s;
    struct op_state st;
    struct rwdata rw;
    struct tape tape;
    size_t ncands, nplays;
    struct candidate (*cand)[ICCSPROF_DRNG];
    int64_t *ticks;
    unsigned long long rounds;
    size_t *order;   /* the plays of the round under way, in the order they run */
    uint64_t random; /* the state of the order's shuffle */
    size_t calls_min, calls_max;
    int warm; /* each play is run first to warm it (REPLAY_WARM_SECONDS) */
    const char *fault;
};

/* Open the tape of R over its scheme's seam and wrapped helpers; NULL, or
 * why the operation cannot be played back. */
static const char *replay_tape(struct replay *r)
{
    void *real[ICCSPROF_DRNG] = {NULL};
    iccsprof_substitute_fn *seam = candidate_seam_of(r->s);
    int wrapped = 0;

    if (rwdata_open(&r->rw, r->s->lib) != 0)
        return "its runs do not repeat each other (its writable data could not be copied)";
    if (seam == NULL)
        return "its wrappers have no substitution seam";
    for (unsigned h = 0; h < ICCSPROF_DRNG; h++)
        if (candidate_wraps(r->s, h) && (real[h] = dlsym(r->s->lib, replay_helper[h])) != NULL)
            wrapped = 1;
    if (!wrapped)
        return "it wraps no hash helper";
    tape_open(&r->tape, seam, real);
    return NULL;
}

/* Open each candidate of CANDS for every helper R's tape serves (the
 * candidate keeps its name, a string of its item of CANDS, which lives
 * on). */
static void replay_candidates(struct replay *r, json_t *cands)
{
    r->ncands = json_array_size(cands);
    r->nplays = 2 + r->ncands;
    if ((r->cand = calloc(r->ncands, sizeof *r->cand)) == NULL ||
        (r->order = malloc(r->nplays * sizeof *r->order)) == NULL)
        channel_call_error("out of memory for %zu candidates", r->ncands);
    for (size_t p = 0; p < r->nplays; p++)
        r->order[p] = p;
    r->random = 0x9e3779b97f4a7c15ull;
    for (size_t k = 0; k < r->ncands; k++)
        for (unsigned h = 0; h < ICCSPROF_DRNG; h++) {
            json_t *spec = json_array_get(cands, k);

            if (r->tape.real[h] == NULL)
                continue;
            json_object_set_new(spec, "helper", json_string(replay_helper[h]));
            candidate_open(&r->cand[k][h], r->s, spec);
        }
}

/* Ticks of play P of R, from the writable data saved at its round's
 * start: the operation unplayed (0), played plainly (1), or played with
 * candidate P - 2 hashing each call's message. */
static int64_t replay_play(struct replay *r, size_t p)
{
    iccsprof_candidate_fn *fn[ICCSPROF_DRNG] = {NULL};
    void *ctx[ICCSPROF_DRNG] = {NULL};
    uint64_t t0;
    int64_t ticks;
    const char *fault;

    rwdata_restore(&r->rw);
    if (p == 1)
        tape_play(&r->tape);
    else if (p > 1) {
        for (unsigned h = 0; h < ICCSPROF_DRNG; h++) {
            fn[h] = r->cand[p - 2][h].fn;
            ctx[h] = &r->cand[p - 2][h];
        }
        tape_play_shadowed(&r->tape, fn, ctx);
    }
    t0 = r->w->ticks();
    op_call(&r->st);
    ticks = (int64_t)(r->w->ticks() - t0);
    if (p > 0 && (fault = tape_stop(&r->tape)) != NULL && r->fault == NULL)
        r->fault = fault;
    return ticks;
}

/* Shuffle R's order of plays afresh (Fisher-Yates over a xorshift
 * generator of fixed seed): each play follows each other play as often,
 * so that none always runs on the caches and branch history another one
 * left (the control after the placeholder, the same code, would be
 * faster by it), and each takes each place as often. */
static void replay_shuffle(struct replay *r)
{
    for (size_t i = r->nplays - 1; i > 0; i--) {
        size_t j, swap;

        r->random ^= r->random << 13;
        r->random ^= r->random >> 7;
        r->random ^= r->random << 17;
        j = (size_t)(r->random % (i + 1));
        swap = r->order[i];
        r->order[i] = r->order[j];
        r->order[j] = swap;
    }
}

/* One round of R into ROW (nplays ticks): the operation's helper outputs
 * recorded, then every play from the same data in a shuffled order, run
 * first untimed where R warms its plays; the data is left as the operation left it, so that the
 * next round does the next operation's work. */
static void replay_round(struct replay *r, int64_t *row)
{
    const char *fault;

    rwdata_save(&r->rw);
    tape_record(&r->tape);
    op_call(&r->st);
    if ((fault = tape_stop(&r->tape)) != NULL && r->fault == NULL)
        r->fault = fault;
    if (r->tape.ncalls < r->calls_min || r->rounds == 0)
        r->calls_min = r->tape.ncalls;
    if (r->tape.ncalls > r->calls_max)
        r->calls_max = r->tape.ncalls;
    replay_shuffle(r);
    for (size_t j = 0; j < r->nplays; j++) {
        if (r->warm)
            (void)replay_play(r, r->order[j]);
        row[r->order[j]] = replay_play(r, r->order[j]);
    }
}

/* The helper calls a child has served with a candidate
 * (replay_calls_with). */
static unsigned long long replay_counted;

/* The counting server of a child: the call counted, and served by the
 * candidate CTX. */
static int replay_count(void *ctx, unsigned long long out_bits, const unsigned char *msg,
                        unsigned long long msg_bits, unsigned char *out)
{
    struct candidate *c = ctx;

    replay_counted++;
    return c->fn(c, out_bits, msg, msg_bits, out);
}

/* In a child of its own, so that an operation the candidate breaks ends
 * that child only: the helper calls of one operation of R from its saved
 * data with candidate K really serving the helpers, or -1 when the
 * operation failed with it. */
static long long replay_calls_with(struct replay *r, size_t k)
{
    int fd[2], status;
    unsigned long long calls = 0;
    pid_t pid;

    if (pipe(fd) != 0 || (pid = fork()) < 0)
        channel_call_error("cannot start a process to count a candidate's calls");
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);

        dup2(null, PROTOCOL_CHANNEL_FD); /* the child's errors are its exit status */
        close(fd[0]);
        rwdata_restore(&r->rw);
        for (unsigned h = 0; h < ICCSPROF_DRNG; h++)
            if (r->tape.real[h] != NULL)
                r->tape.seam(h, replay_count, &r->cand[k][h]);
        op_call(&r->st);
        _exit(write(fd[1], &replay_counted, sizeof replay_counted) == sizeof replay_counted ? 0
                                                                                            : 1);
    }
    close(fd[1]);
    if (read(fd[0], &calls, sizeof calls) != sizeof calls)
        calls = ~0ull;
    close(fd[0]);
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return -1;
    return calls == ~0ull ? -1 : (long long)calls;
}

/* What each candidate of CANDS does to the calls of one operation of R
 * (the one after the rounds), against the calls recorded of it. */
static json_t *replay_with(struct replay *r, json_t *cands, json_t **recorded)
{
    json_t *list = json_array();

    rwdata_save(&r->rw);
    tape_record(&r->tape);
    op_call(&r->st);
    (void)tape_stop(&r->tape);
    *recorded = json_integer((json_int_t)r->tape.ncalls);
    for (size_t k = 0; k < r->ncands; k++) {
        const char *kind = json_string_value(json_object_get(json_array_get(cands, k), "kind"));
        long long calls;

        if (kind != NULL && strcmp(kind, "iccs") == 0) {
            json_array_append_new(list,
                                  json_pack("{s:b, s:n, s:b}", "counted", 0, "calls", "fails", 0));
            continue;
        }
        calls = replay_calls_with(r, k);
        json_array_append_new(list, json_pack("{s:b, s:o, s:b}", "counted", 1, "calls",
                                              calls >= 0 ? json_integer(calls) : json_null(),
                                              "fails", calls < 0));
    }
    rwdata_restore(&r->rw);
    return list;
}

/* The medians of rounds [A, B) of R as a trial on core CPU (-1: not
 * known). */
static json_t *replay_trial(const struct replay *r, unsigned long long a, unsigned long long b,
                            int cpu)
{
    unsigned long long n = b - a;
    int64_t *v = malloc((size_t)n * sizeof *v);
    json_t *costs = json_array();
    double op, played;

    if (v == NULL)
        channel_call_error("out of memory for %llu rounds", n);
    for (unsigned long long i = 0; i < n; i++)
        v[i] = r->ticks[(a + i) * r->nplays];
    op = pairs_median(v, n);
    for (unsigned long long i = 0; i < n; i++)
        v[i] = r->ticks[(a + i) * r->nplays + 1];
    played = pairs_median(v, n);
    for (size_t k = 0; k < r->ncands; k++) {
        for (unsigned long long i = 0; i < n; i++)
            v[i] = r->ticks[(a + i) * r->nplays + 2 + k] - r->ticks[(a + i) * r->nplays + 1];
        json_array_append_new(costs, json_pack("{s:f}", "ticks", pairs_median(v, n)));
    }
    free(v);
    return json_pack("{s:o, s:I, s:f, s:f, s:o}", "cpu", cpu >= 0 ? json_integer(cpu) : json_null(),
                     "rounds", (json_int_t)n, "op_ticks", op, "played_ticks", played, "costs",
                     costs);
}

/* The rounds R's budget of SECONDS holds, one round (after one or two to
 * warm the path, the first of which says whether plays are warmed) having
 * been timed, kept within REPLAY_MIN_ROUNDS and REPLAY_MAX_ROUNDS. */
static unsigned long long replay_size(struct replay *r, double seconds)
{
    double t0, round;
    unsigned long long n;

    t0 = clock_seconds();
    replay_round(r, r->ticks);
    r->warm = clock_seconds() - t0 < REPLAY_WARM_SECONDS * (double)(r->nplays + 1);
    if (r->warm)
        replay_round(r, r->ticks);
    t0 = clock_seconds();
    replay_round(r, r->ticks);
    round = clock_seconds() - t0;
    n = round > 0 ? (unsigned long long)(seconds / round) : REPLAY_MAX_ROUNDS;
    if (n < REPLAY_MIN_ROUNDS)
        n = REPLAY_MIN_ROUNDS;
    return n > REPLAY_MAX_ROUNDS ? REPLAY_MAX_ROUNDS : n;
}

/* The rounds of R, N of them in REPLAY_TRIALS trials taking the cores in
 * turn, as the trials' JSON. */
static json_t *replay_rounds(struct replay *r, unsigned long long n)
{
    json_t *trials = json_array();
    struct cores cores;
    unsigned long long per = n / REPLAY_TRIALS;

    if ((r->ticks = realloc(r->ticks, (size_t)n * r->nplays * sizeof *r->ticks)) == NULL)
        channel_call_error("out of memory for %llu rounds", n);
    cores_open(&cores);
    for (unsigned trial = 0; trial < REPLAY_TRIALS && r->fault == NULL; trial++) {
        unsigned long long a = trial * per, b = trial + 1 == REPLAY_TRIALS ? n : a + per;
        int k = cores_enter(&cores, trial);

        for (unsigned long long i = a; i < b && r->fault == NULL; i++, r->rounds++)
            replay_round(r, r->ticks + i * r->nplays);
        json_array_append_new(trials, replay_trial(r, a, b, cores.cpu[k]));
    }
    cores_close(&cores);
    return trials;
}

/* Price the candidates in the operation (replay.h). */
json_t *replay_measure(struct scheme *s, const struct method *m, json_t *cands, double seconds)
{
    struct op_events events = {.sig_min = ~0ull};
    struct replay r;
    json_t *trials, *with, *recorded, *result;
    const char *why;

    memset(&r, 0, sizeof r);
    r.s = s;
    r.w = s->wrap;
    r.w->disable();
    op_setup(&r.st, s, m->op, m->seed, m->seed_len, m->message_bytes, m->max_sign_attempts,
             &events);
    op_stage(&r.st, "replay", PASS_SETUP);
    op_count(&r.st, 0);
    if ((why = replay_tape(&r)) != NULL)
        return json_pack("{s:s}", "fault", why);
    replay_candidates(&r, cands);
    if ((r.ticks = malloc(r.nplays * sizeof *r.ticks)) == NULL)
        channel_call_error("out of memory for a round's plays");
    channel_phase("replay");
    trials = replay_rounds(&r, replay_size(&r, seconds));
    if (r.fault != NULL) {
        json_decref(trials);
        result = json_pack("{s:s}", "fault", r.fault);
    } else {
        with = replay_with(&r, cands, &recorded);
        result =
            json_pack("{s:I, s:I, s:I, s:o, s:o, s:o, s:n}", "rounds", (json_int_t)r.rounds,
                      "calls_min", (json_int_t)r.calls_min, "calls_max", (json_int_t)r.calls_max,
                      "trials", trials, "with", with, "calls", recorded, "fault");
    }
    tape_close(&r.tape);
    rwdata_close(&r.rw);
    free(r.ticks);
    free(r.cand);
    free(r.order);
    op_free(&r.st);
    return result;
}
