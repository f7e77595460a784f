/* costs.c - the microbenchmark of candidates at a record's shapes.  Each
 * (candidate, shape) is called a few times to warm it, then timed in
 * COSTS_SAMPLES samples of a number of calls calibrated to last at least
 * COSTS_SAMPLE_SECONDS each; the cost is the median sample's ticks per
 * call.  The candidates' samples of one shape are interleaved, each
 * round starting at the next candidate, and a sample during which the
 * scheduler preempted the process is taken again. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "measure/candidate.h"
#include "measure/channel.h"
#include "measure/clock.h"
#include "measure/costs.h"

/* Tries of a sample before one cut into by preemption is kept. */
#define COSTS_RETRIES 4

/* Samples per (candidate, shape), odd so that the median is one of them. */
#define COSTS_SAMPLES 15

/* A sample lasts at least this long. */
#define COSTS_SAMPLE_SECONDS 0.0005

/* The longest message or output a shape may ask, in bits (1 MiB). */
#define COSTS_MAX_BITS (8ull << 20)

/* The most candidates and shapes one request may name. */
#define COSTS_MAX_CANDIDATES 64
#define COSTS_MAX_SHAPES 4096

/* The candidates opened, per candidate and helper, kept to the end. */
static struct candidate costs_open[COSTS_MAX_CANDIDATES][ICCSPROF_DRNG];
static int costs_opened[COSTS_MAX_CANDIDATES][ICCSPROF_DRNG];

/* The candidate K of CANDS for HELPER, opened on first use. */
static struct candidate *costs_candidate(json_t *cands, size_t k, unsigned helper, struct scheme *s)
{
    static const char *const names[] = ICCSPROF_HELPER_NAMES;

    if (!costs_opened[k][helper]) {
        json_t *spec = json_array_get(cands, k);

        /* the candidate keeps its name, a string of SPEC, which lives on */
        json_object_set_new(spec, "helper", json_string(names[helper]));
        candidate_open(&costs_open[k][helper], s, spec);
        costs_opened[k][helper] = 1;
    }
    return &costs_open[k][helper];
}

/* The helper named NAME, or an input error. */
static unsigned costs_helper(const char *name)
{
    static const char *const names[] = ICCSPROF_HELPER_NAMES;
    unsigned h = 0;

    while (h < ICCSPROF_DRNG && (name == NULL || strcmp(names[h], name) != 0))
        h++;
    if (h == ICCSPROF_DRNG)
        channel_input_error("configuration: shape of helper %s, not a hash helper",
                            name != NULL ? name : "?");
    return h;
}

/* Compare two doubles, for qsort. */
static int costs_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

/* Buffers of a message of IN_BITS bits (a fixed pattern) and an output
 * of OUT_BITS bits. */
static void costs_buffers(unsigned long long in_bits, unsigned long long out_bits,
                          unsigned char **msg, unsigned char **out)
{
    *msg = malloc((size_t)(in_bits / 8 + 8));
    *out = malloc((size_t)(out_bits / 8 + 8));
    if (*msg == NULL || *out == NULL)
        channel_call_error("out of memory for a %llu-bit message", in_bits);
    for (size_t i = 0; i < in_bits / 8 + 8; i++)
        (*msg)[i] = (unsigned char)(i * 131 + 7);
}

/* The calls of C at the shape that take at least COSTS_SAMPLE_SECONDS,
 * after a few to warm it. */
static unsigned long long costs_calibrate(struct candidate *c, unsigned long long in_bits,
                                          unsigned long long out_bits, const unsigned char *msg,
                                          unsigned char *out)
{
    unsigned long long calls = 1;

    for (int w = 0; w < 3; w++)
        if (c->fn(c, out_bits, msg, in_bits, out) != 0)
            channel_call_error("candidate %s failed at %llu bits in, %llu out", c->name, in_bits,
                               out_bits);
    for (;;) {
        double t0 = clock_seconds();

        for (unsigned long long k = 0; k < calls; k++)
            c->fn(c, out_bits, msg, in_bits, out);
        if (clock_seconds() - t0 >= COSTS_SAMPLE_SECONDS || calls >= (1ull << 30))
            return calls;
        calls *= 2;
    }
}

/* The context switches the scheduler forced on this process so far. */
static long costs_preempted(void)
{
    struct rusage ru;

    return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_nivcsw : 0;
}

/* Ticks per call of CALLS calls of C, from a sample no preemption cut
 * into when one comes within COSTS_RETRIES tries. */
static double costs_sample(struct candidate *c, unsigned long long calls,
                           unsigned long long in_bits, unsigned long long out_bits,
                           const unsigned char *msg, unsigned char *out, uint64_t (*ticks)(void))
{
    double per_call = 0;

    for (int t = 0; t < COSTS_RETRIES; t++) {
        long before = costs_preempted();
        uint64_t t0 = ticks();

        for (unsigned long long i = 0; i < calls; i++)
            c->fn(c, out_bits, msg, in_bits, out);
        per_call = (double)(ticks() - t0) / (double)calls;
        if (costs_preempted() == before)
            break;
    }
    return per_call;
}

/* The median ticks per call of each of the N candidates C at (IN_BITS,
 * OUT_BITS) into MEDIAN: their samples interleaved, so that a change of
 * the machine's load or clock during the shape touches all alike. */
static void costs_time(struct candidate **c, size_t n, unsigned long long in_bits,
                       unsigned long long out_bits, uint64_t (*ticks)(void), double *median)
{
    double(*per_call)[COSTS_SAMPLES] = calloc(n, sizeof *per_call);
    unsigned long long *calls = calloc(n, sizeof *calls);
    unsigned char *msg, *out;

    if (per_call == NULL || calls == NULL)
        channel_call_error("out of memory for %zu candidates' samples", n);
    costs_buffers(in_bits, out_bits, &msg, &out);
    for (size_t k = 0; k < n; k++)
        calls[k] = costs_calibrate(c[k], in_bits, out_bits, msg, out);
    /* each round starts at the next candidate, so that none always
     * follows another's caches; a sample the scheduler cut into is taken
     * again (a few times at most), its cache refill not the candidate's */
    for (int r = 0; r < COSTS_SAMPLES; r++)
        for (size_t i = 0; i < n; i++) {
            size_t k = (i + (size_t)r) % n;

            per_call[k][r] = costs_sample(c[k], calls[k], in_bits, out_bits, msg, out, ticks);
        }
    for (size_t k = 0; k < n; k++) {
        qsort(per_call[k], COSTS_SAMPLES, sizeof per_call[k][0], costs_cmp);
        median[k] = per_call[k][COSTS_SAMPLES / 2];
    }
    free(msg);
    free(out);
    free(calls);
    free(per_call);
}

/* Time the candidates at the shapes of CFG (costs.h). */
json_t *costs_measure(json_t *cfg, struct scheme *s, uint64_t (*ticks)(void))
{
    json_t *cands = json_object_get(cfg, "candidates"), *shapes = json_object_get(cfg, "shapes");
    json_t *costs = json_array();
    struct candidate *open[COSTS_MAX_CANDIDATES];
    double median[COSTS_MAX_CANDIDATES];

    if (!json_is_array(cands) || json_array_size(cands) == 0 ||
        json_array_size(cands) > COSTS_MAX_CANDIDATES)
        channel_input_error("configuration: \"candidates\" is not 1 to %d candidates",
                            COSTS_MAX_CANDIDATES);
    if (!json_is_array(shapes) || json_array_size(shapes) == 0 ||
        json_array_size(shapes) > COSTS_MAX_SHAPES)
        channel_input_error("configuration: \"shapes\" is not 1 to %d shapes", COSTS_MAX_SHAPES);
    for (size_t j = 0; j < json_array_size(shapes); j++) {
        json_t *shape = json_array_get(shapes, j);
        unsigned h = costs_helper(json_string_value(json_object_get(shape, "helper")));
        json_int_t in = json_integer_value(json_object_get(shape, "in_bits"));
        json_int_t out = json_integer_value(json_object_get(shape, "out_bits"));

        if (in < 0 || out <= 0 || (unsigned long long)in > COSTS_MAX_BITS ||
            (unsigned long long)out > COSTS_MAX_BITS)
            channel_input_error("configuration: shape %zu asks %lld bits in, %lld out", j,
                                (long long)in, (long long)out);
        channel_phase("costs");
        for (size_t k = 0; k < json_array_size(cands); k++)
            open[k] = costs_candidate(cands, k, h, s);
        costs_time(open, json_array_size(cands), (unsigned long long)in, (unsigned long long)out,
                   ticks, median);
        for (size_t k = 0; k < json_array_size(cands); k++)
            json_array_append_new(costs, json_pack("{s:I, s:I, s:f}", "candidate", (json_int_t)k,
                                                   "shape", (json_int_t)j, "ticks", median[k]));
    }
    return costs;
}
