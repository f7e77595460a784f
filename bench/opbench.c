/* opbench.c - the bench's driver: times one ICCS operation in several
 * configurations of a scheme (plain, or profiled at a sampling rate),
 * alternating between them in one process, or runs it in a plain loop for
 * another profiler to watch.  It loads and calls schemes with the same
 * code as iccsprof-measure.  Results are one JSON object on stdout.
 *
 *   opbench alternate --op OP [--rounds R] [--block-ms MS] ARM ARM...
 *   opbench loop --op OP --calls N ARM
 *
 * ARM is plain:PATH or prof:PATH:K.  alternate runs R rounds; in each,
 * every arm runs one block of the same number of operations (about MS
 * milliseconds on the first arm), the order rotating from round to round,
 * and each arm's time is divided by the first arm's of the same round. */
#include "config.h"

#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arm.h"
#include "measure/clock.h"
#include "measure/shift.h"

#define OPBENCH_MAX_ARMS 8
#define OPBENCH_MAX_ROUNDS 1000

static const char *const opbench_helper[ICCSPROF_NHELPERS] = ICCSPROF_HELPER_NAMES;

/* Print the usage and end with status 2. */
static __attribute__((noreturn)) void opbench_usage(const char *why)
{
    fprintf(stderr,
            "opbench: %s\n"
            "usage: opbench alternate --op OP [--rounds R] [--block-ms MS] ARM ARM...\n"
            "       opbench loop --op OP --calls N ARM\n"
            "ARM: plain:LIBRARY or prof:LIBRARY:K\n",
            why);
    exit(2);
}

/* Order doubles, for medians and quartiles. */
static int opbench_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

/* The Q-quantile of N values (sorted in place), by linear interpolation. */
static double opbench_quantile(double *v, int n, double q)
{
    double pos = q * (n - 1);
    int i = (int)pos;

    qsort(v, (size_t)n, sizeof v[0], opbench_cmp);
    return i + 1 < n ? v[i] + (pos - i) * (v[i + 1] - v[i]) : v[n - 1];
}

/* Ticks per second, against CLOCK_MONOTONIC over 50 ms. */
static double opbench_tick_hz(void)
{
    double s0 = clock_seconds(), s1;
    uint64_t t0 = clock_ticks();

    while ((s1 = clock_seconds()) - s0 < 0.05)
        ;
    return (double)(clock_ticks() - t0) / (s1 - s0);
}

/* What a profiled arm counted over all its blocks, as JSON: shares and
 * calls per operation.  BASELINE is the ticks of as many operations on the
 * plain arm, timed alternately (negative in the loop mode, which has none:
 * the compensated shares are then null); HASH_MEDIAN, when not negative,
 * is the median of the blocks' own hash shares, which a block stretched by
 * preemption cannot pull. */
static json_t *opbench_counts(const struct arm *arm, double baseline, double hash_median)
{
    const struct arm_sums *t = &arm->total;
    json_t *calls = json_object();
    double hash, hash_raw, drng;

    if (arm->k == 0)
        return json_null();
    arm_shares(arm, t, baseline > 0 ? baseline : 0, &hash, &hash_raw, &drng);
    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        json_object_set_new(calls, opbench_helper[h],
                            json_real((double)t->helper_calls[h] / (double)t->ops));
    return json_pack(
        "{s:o, s:o, s:f, s:o, s:f, s:o, s:{s:f, s:f, s:f}}", "hash_share",
        baseline < 0 ? json_null() : json_real(hash_median >= 0 ? hash_median : hash),
        "hash_share_pooled", baseline < 0 ? json_null() : json_real(hash), "hash_share_raw",
        hash_raw, "drng_share", baseline < 0 ? json_null() : json_real(drng), "timed_fraction",
        t->calls ? (double)t->timed / (double)t->calls : 0.0, "calls_per_op", calls, "overhead",
        "inner_ticks", arm->overhead.inner_ticks, "outer_ticks", arm->overhead.outer_ticks,
        "untimed_outer_ticks", arm->overhead.untimed_outer_ticks);
}

/* Operations per block: about BLOCK_MS of CPU time on ARM, at least one. */
static uint64_t opbench_block_ops(struct arm *arm, double block_ms)
{
    uint64_t n = 0;
    double seconds = 0;

    while (n < 3 || seconds < 0.2 * block_ms * 1e-3)
        seconds += arm_block(arm, 1), n++;
    arm_forget(arm);
    n = (uint64_t)(block_ms * 1e-3 / (seconds / (double)n));
    return n > 0 ? n : 1;
}

/* One round of the alternate mode: every arm's block in turn. */
struct opbench_round {
    struct arm *arms;
    int narms, r;
    uint64_t n;
    double *t; /* each arm's ticks */
};

/* Run the round ARG, a struct opbench_round, its order rotating with its
 * number. */
static void opbench_round(void *arg)
{
    struct opbench_round *round = arg;

    for (int i = 0; i < round->narms; i++) {
        int a = (round->r + i) % round->narms;

        round->t[a] = arm_block(&round->arms[a], round->n);
    }
}

/* The alternate mode: every arm in turn, round after round, each round at
 * a stack position of its own (shift.h), as the profile pass runs its
 * trials: a true share is then the one over the stack's places in a page,
 * as the measured one is, not the one of wherever this process started. */
static int opbench_alternate(const char *op, int rounds, double block_ms, struct arm *arms,
                             int narms)
{
    static double t[OPBENCH_MAX_ROUNDS][OPBENCH_MAX_ARMS],
        share[OPBENCH_MAX_ROUNDS][OPBENCH_MAX_ARMS];
    double tick_hz = opbench_tick_hz(), v[OPBENCH_MAX_ROUNDS];
    json_t *out = json_array();
    uint64_t n;

    for (int a = 0; a < narms; a++)
        arm_setup(&arms[a], op);
    n = opbench_block_ops(&arms[0], block_ms);
    for (int a = 0; a < narms; a++) { /* one round unrecorded, to settle caches and tables */
        arm_block(&arms[a], n);
        arm_forget(&arms[a]);
    }
    for (int r = 0; r < rounds; r++) {
        struct opbench_round round = {arms, narms, r, n, t[r]};

        shift_run((unsigned)r, opbench_round, &round);
        /* shares over the plain arm's operations of the same round */
        for (int a = 0; a < narms; a++) {
            double hash_raw, drng;

            arm_shares(&arms[a], &arms[a].last, arms[0].last.ticks, &share[r][a], &hash_raw, &drng);
        }
    }
    for (int a = 0; a < narms; a++) {
        double ticks = arms[a].total.ticks / (double)arms[a].total.ops, ratio, lo, hi, cpu, hash;

        for (int r = 0; r < rounds; r++)
            v[r] = t[r][a] / (double)n;
        cpu = opbench_quantile(v, rounds, 0.5);
        for (int r = 0; r < rounds; r++)
            v[r] = share[r][a];
        hash = opbench_quantile(v, rounds, 0.5);
        for (int r = 0; r < rounds; r++)
            v[r] = t[r][a] / t[r][0];
        ratio = opbench_quantile(v, rounds, 0.5);
        lo = opbench_quantile(v, rounds, 0.25);
        hi = opbench_quantile(v, rounds, 0.75);
        json_array_append_new(
            out, json_pack("{s:s, s:i, s:f, s:f, s:f, s:f, s:f, s:o}", "arm", arms[a].spec, "k",
                           (int)arms[a].k, "ticks_per_op", ticks, "cpu_seconds_per_op", cpu,
                           "ratio", ratio, "ratio_q1", lo, "ratio_q3", hi, "profile",
                           opbench_counts(&arms[a],
                                          arms[0].total.ticks * (double)arms[a].total.ops /
                                              (double)arms[0].total.ops,
                                          hash)));
    }
    json_dumpf(json_pack("{s:s, s:I, s:i, s:f, s:o}", "op", op, "block_ops", (json_int_t)n,
                         "rounds", rounds, "tick_hz", tick_hz, "arms", out),
               stdout, JSON_COMPACT);
    putchar('\n');
    return 0;
}

/* The loop mode: CALLS operations on one arm, for a profiler to watch;
 * its wall and CPU seconds. */
static int opbench_loop(const char *op, uint64_t calls, struct arm *arm)
{
    double s0, seconds, cpu;

    arm_setup(arm, op);
    s0 = clock_seconds();
    cpu = arm_block(arm, calls);
    seconds = clock_seconds() - s0;
    json_dumpf(json_pack("{s:s, s:s, s:I, s:f, s:f, s:f, s:o}", "op", op, "arm", arm->spec, "calls",
                         (json_int_t)calls, "seconds", seconds, "cpu_seconds", cpu, "ticks_per_op",
                         arm->total.ticks / (double)calls, "profile", opbench_counts(arm, -1, -1)),
               stdout, JSON_COMPACT);
    putchar('\n');
    return 0;
}

int main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"op", required_argument, NULL, 'o'},
        {"rounds", required_argument, NULL, 'r'},
        {"block-ms", required_argument, NULL, 'b'},
        {"calls", required_argument, NULL, 'n'},
        {NULL, 0, NULL, 0},
    };
    static struct arm arms[OPBENCH_MAX_ARMS];
    const char *mode, *op = NULL;
    int rounds = 21, narms = 0, c;
    double block_ms = 20;
    unsigned long long calls = 0;

    if (argc < 2)
        opbench_usage("no mode given");
    mode = argv[1];
    optind = 2;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case 'o':
            op = optarg;
            break;
        case 'r':
            rounds = atoi(optarg);
            break;
        case 'b':
            block_ms = atof(optarg);
            break;
        case 'n':
            calls = strtoull(optarg, NULL, 10);
            break;
        default:
            opbench_usage("unknown option");
        }
    }
    if (op == NULL)
        opbench_usage("--op is required");
    for (; optind < argc; optind++) {
        if (narms == OPBENCH_MAX_ARMS)
            opbench_usage("too many arms");
        if (arm_parse(&arms[narms++], argv[optind]) != 0)
            opbench_usage("an arm is plain:LIBRARY or prof:LIBRARY:K with K >= 1");
    }
    if (strcmp(mode, "alternate") == 0) {
        if (narms < 2 || rounds < 1 || rounds > OPBENCH_MAX_ROUNDS || !(block_ms > 0))
            opbench_usage("alternate needs two arms or more, 1 to 1000 rounds and --block-ms > 0");
        c = opbench_alternate(op, rounds, block_ms, arms, narms);
    } else if (strcmp(mode, "loop") == 0) {
        if (narms != 1 || calls == 0)
            opbench_usage("loop needs one arm and --calls N >= 1");
        c = opbench_loop(op, calls, &arms[0]);
    } else {
        opbench_usage("the mode is alternate or loop");
    }
    for (int a = 0; a < narms; a++)
        arm_free(&arms[a]);
    return c;
}
