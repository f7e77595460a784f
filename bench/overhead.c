/* overhead.c - `make bench`: the per-call cost of the wrappers, as ratios
 * measured in one run: a timed call against two back-to-back tick reads,
 * and a disabled shim against the direct call. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "iccsprof/wrap.h"

int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
              unsigned long long msg_len_bits, unsigned char *output);
int __real_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
                     unsigned long long msg_len_bits, unsigned char *output);

#define BENCH_CALLS 200000
#define BENCH_ROUNDS 21

typedef int (*xof_fn)(unsigned long long, const unsigned char *, unsigned long long,
                      unsigned char *);

/* Through a volatile pointer, so the loop cannot be folded. */
static xof_fn volatile wrapped_call = pseudoXOF, direct_call = __real_pseudoXOF;

/* Order doubles, for medians. */
static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

/* Median of the rounds. */
static double median(double *v)
{
    qsort(v, BENCH_ROUNDS, sizeof v[0], cmp_double);
    return v[BENCH_ROUNDS / 2];
}

/* Ticks per call of BENCH_CALLS calls through FN. */
static double ticks_per_call(const struct iccsprof_wrap_api *api, xof_fn fn)
{
    unsigned char msg[1] = {1}, out[1];
    uint64_t t0 = api->ticks();

    for (int i = 0; i < BENCH_CALLS; i++)
        fn(256, msg, 8, out);
    return (double)(api->ticks() - t0) / BENCH_CALLS;
}

/* Ticks of two back-to-back reads of the counter. */
static double tick_pair(const struct iccsprof_wrap_api *api)
{
    double best = 1e30;

    for (int i = 0; i < 1000; i++) {
        uint64_t a = api->ticks(), b = api->ticks();

        if ((double)(b - a) < best)
            best = (double)(b - a);
    }
    return best;
}

/* Ticks per nanosecond, against CLOCK_MONOTONIC over 50 ms. */
static double ticks_per_ns(const struct iccsprof_wrap_api *api)
{
    struct timespec a, b;
    uint64_t t0, t1;

    clock_gettime(CLOCK_MONOTONIC, &a);
    t0 = api->ticks();
    do
        clock_gettime(CLOCK_MONOTONIC, &b);
    while ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec) < 5e7);
    t1 = api->ticks();
    return (double)(t1 - t0) / ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec));
}

/* Measure the three paths in alternating rounds and print the table. */
int main(void)
{
    const struct iccsprof_wrap_api *api = iccsprof_wrap_api();
    double direct[BENCH_ROUNDS], disabled[BENCH_ROUNDS], enabled[BENCH_ROUNDS], pair[BENCH_ROUNDS];
    double rate = ticks_per_ns(api), d, off, on, two, added, disabled_ns;

    for (int r = 0; r < BENCH_ROUNDS; r++) {
        direct[r] = ticks_per_call(api, direct_call);
        disabled[r] = ticks_per_call(api, wrapped_call);
        api->enable();
        enabled[r] = ticks_per_call(api, wrapped_call);
        api->disable();
        api->reset();
        pair[r] = tick_pair(api);
    }
    d = median(direct), off = median(disabled), on = median(enabled), two = median(pair);
    added = on - d;
    disabled_ns = (off - d) / rate;
    printf("## Wrapper instrumentation cost\n\n");
    printf("Tick source %s at %.3f ticks/ns; medians of %d rounds of %d calls of a\n"
           "one-byte pseudoXOF, direct, through the disabled shim, and timed.\n\n",
           api->tick_source, rate, BENCH_ROUNDS, BENCH_CALLS);
    printf("| figure | value | target | result |\n|---|---|---|---|\n");
    printf("| two back-to-back tick reads | %.1f ticks | | |\n", two);
    printf("| direct call | %.1f ticks | | |\n", d);
    printf("| added per timed call | %.1f ticks (%.2f x two reads) | <= 1.5 x | %s |\n", added,
           added / two, added <= 1.5 * two ? "met" : "missed");
    printf("| added per disabled call | %.2f ns | <= 2 ns | %s |\n", disabled_ns,
           disabled_ns <= 2.0 ? "met" : "missed");
    return 0;
}
