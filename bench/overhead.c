/* overhead.c - `make bench`, part 1: the per-call cost of the wrappers,
 * measured in one run against figures of the same run.  Every path (the
 * direct call, the shim disabled, timed, counted but untimed, with call
 * sites at depth 1 and 4, and a loop of tick-read pairs) runs once per
 * round, rounds alternate, and each figure is the median over rounds of
 * its difference from the direct call (or the empty loop) of the same
 * round.  Prints one JSON object for bench.py. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "iccsprof/wrap.h"
#include "tick.h"

int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
              unsigned long long msg_len_bits, unsigned char *output);
int __real_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
                     unsigned long long msg_len_bits, unsigned char *output);

/* Calls per path per round; rounds (odd, for the median). */
static int bench_calls = 20000, bench_rounds = 41;
#define BENCH_MAX_ROUNDS 201

typedef int (*xof_fn)(unsigned long long, const unsigned char *, unsigned long long,
                      unsigned char *);

/* Through a volatile pointer, so the loop cannot be folded. */
static xof_fn volatile wrapped_call = pseudoXOF, direct_call = __real_pseudoXOF;

/* The paths measured each round. */
enum path { DIRECT, DISABLED, TIMED, UNTIMED, CALLERS1, CALLERS4, PAIR, EMPTY, NPATHS };

/* Order doubles, for medians. */
static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

/* Median of N values, sorted in place. */
static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof v[0], cmp_double);
    return v[n / 2];
}

/* Ticks per call of bench_calls calls through FN.  Kept out of line, so a
 * depth-4 chain above the shim always has the same frames. */
static __attribute__((noinline)) double ticks_per_call(xof_fn fn)
{
    unsigned char msg[1] = {1}, out[1];
    uint64_t t0 = wrap_tick();

    for (int i = 0; i < bench_calls; i++)
        fn(256, msg, 8, out);
    return (double)(wrap_tick() - t0) / bench_calls;
}

/* Ticks per iteration of a loop that executes two tick reads and keeps
 * their difference, as a timed call does; or, with PAIRS 0, of the same
 * loop without the reads, to subtract. */
static __attribute__((noinline)) double ticks_per_pair(int pairs)
{
    uint64_t acc = 0, t0 = wrap_tick();

    if (pairs)
        for (int i = 0; i < bench_calls; i++) {
            uint64_t a = wrap_tick(), b = wrap_tick();

            acc += b - a;
            __asm__ volatile("" : "+r"(acc));
        }
    else
        for (int i = 0; i < bench_calls; i++) {
            acc += (uint64_t)i;
            __asm__ volatile("" : "+r"(acc));
        }
    return (double)(wrap_tick() - t0) / bench_calls;
}

/* The latency of one tick read: the smallest difference of two
 * consecutive reads. */
static double tick_latency(void)
{
    uint64_t best = UINT64_MAX;

    for (int i = 0; i < 10000; i++) {
        uint64_t a = wrap_tick(), b = wrap_tick();

        if (b - a < best)
            best = b - a;
    }
    return (double)best;
}

/* Ticks per nanosecond, against CLOCK_MONOTONIC over 50 ms. */
static double ticks_per_ns(void)
{
    struct timespec a, b;
    uint64_t t0, t1;

    clock_gettime(CLOCK_MONOTONIC, &a);
    t0 = wrap_tick();
    do
        clock_gettime(CLOCK_MONOTONIC, &b);
    while ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec) < 5e7);
    t1 = wrap_tick();
    return (double)(t1 - t0) / ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec));
}

/* One round: every path once, in the order of the enum; callers4 is
 * skipped (left 0) when the wrappers cannot capture call sites. */
static void round_once(const struct iccsprof_wrap_api *api, int sites, double *t)
{
    t[DIRECT] = ticks_per_call(direct_call);
    t[DISABLED] = ticks_per_call(wrapped_call);
    api->enable();
    t[TIMED] = ticks_per_call(wrapped_call);
    api->disable();
    api->set_sampling(1u << 30, 0); /* practically no call timed */
    api->enable();
    t[UNTIMED] = ticks_per_call(wrapped_call);
    api->disable();
    api->set_sampling(1, 64);
    if (sites) {
        api->set_callers(1);
        api->enable();
        t[CALLERS1] = ticks_per_call(wrapped_call);
        api->disable();
        api->set_callers(4);
        api->enable();
        t[CALLERS4] = ticks_per_call(wrapped_call);
        api->disable();
        api->set_callers(0);
    }
    api->reset();
    t[PAIR] = ticks_per_pair(1);
    t[EMPTY] = ticks_per_pair(0);
}

/* Median over rounds of path P's ticks minus path BASE's of the same round. */
static double added(double (*t)[NPATHS], int p, int base)
{
    double v[BENCH_MAX_ROUNDS];

    for (int r = 0; r < bench_rounds; r++)
        v[r] = t[r][p] - t[r][base];
    return median(v, bench_rounds);
}

/* Median over rounds of path P's ticks. */
static double alone(double (*t)[NPATHS], int p)
{
    double v[BENCH_MAX_ROUNDS];

    for (int r = 0; r < bench_rounds; r++)
        v[r] = t[r][p];
    return median(v, bench_rounds);
}

/* The library's own estimate of its costs at call-site depth DEPTH. */
static struct iccsprof_wrap_overhead library_estimate(const struct iccsprof_wrap_api *api,
                                                      unsigned depth)
{
    struct iccsprof_wrap_overhead o;

    api->set_callers(depth);
    api->overhead(&o);
    api->set_callers(0);
    return o;
}

/* Measure every path in alternating rounds and print the figures. */
int main(void)
{
    static double t[BENCH_MAX_ROUNDS][NPATHS];
    const struct iccsprof_wrap_api *api = iccsprof_wrap_api();
    const char *quick = getenv("BENCH_QUICK");
    int sites = api->set_callers(4) == 0;
    struct iccsprof_wrap_overhead lib0, lib1, lib4;
    double rate;

    api->set_callers(0);
    if (quick != NULL && strcmp(quick, "1") == 0)
        bench_calls = 5000, bench_rounds = 11;
    rate = ticks_per_ns();
    for (int r = 0; r < bench_rounds; r++)
        round_once(api, sites, t[r]);
    lib0 = library_estimate(api, 0);
    if (sites) {
        lib1 = library_estimate(api, 1);
        lib4 = library_estimate(api, 4);
    }
    printf("{\"tick_source\": \"%s\", \"ticks_per_ns\": %.4f, \"calls\": %d, \"rounds\": %d,\n"
           " \"direct\": %.2f, \"disabled_added\": %.3f, \"timed_added\": %.2f,\n"
           " \"untimed_added\": %.2f, \"pair_cost\": %.2f, \"read_latency\": %.1f,\n"
           " \"tick_order\": %d, \"inner\": %.2f,\n",
           api->tick_source, rate, bench_calls, bench_rounds, alone(t, DIRECT),
           added(t, DISABLED, DIRECT), added(t, TIMED, DIRECT), added(t, UNTIMED, DIRECT),
           added(t, PAIR, EMPTY), tick_latency(), ICCSPROF_TICK_ORDER, lib0.inner_ticks);
    if (sites)
        printf(" \"callers1_added\": %.2f, \"callers4_added\": %.2f,\n"
               " \"library\": {\"outer\": %.2f, \"untimed_outer\": %.2f, \"callers1\": %.2f, "
               "\"callers4\": %.2f}}\n",
               added(t, CALLERS1, TIMED), added(t, CALLERS4, TIMED), lib0.outer_ticks,
               lib0.untimed_outer_ticks, lib1.callers_outer_ticks, lib4.callers_outer_ticks);
    else
        printf(" \"callers1_added\": null, \"callers4_added\": null,\n"
               " \"library\": {\"outer\": %.2f, \"untimed_outer\": %.2f, \"callers1\": null, "
               "\"callers4\": null}}\n",
               lib0.outer_ticks, lib0.untimed_outer_ticks);
    return 0;
}
