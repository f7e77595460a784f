/* arm.c - loading, setting up and timing one configuration of the
 * bench's driver, with the wrappers' counts of a profiled build. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arm.h"
#include "measure/channel.h"
#include "measure/clock.h"
#include "measure/passes.h"

/* The published method's seed and message length. */
static const unsigned char arm_seed[48] = {
    0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
    24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47};
#define ARM_MESSAGE_BYTES 64
#define ARM_SIGN_ATTEMPTS 100
/* Calls of each shape timed before sampling starts, as iccsprof run's
 * default. */
#define ARM_FIRST_N 64

/* Fill ARM from SPEC. */
int arm_parse(struct arm *arm, const char *spec)
{
    char *colon, *end;

    memset(arm, 0, sizeof *arm);
    arm->spec = spec;
    arm->events.sig_min = ~0ull;
    if (strncmp(spec, "plain:", 6) == 0) {
        arm->path = spec + 6;
        return *arm->path != '\0' ? 0 : -1;
    }
    if (strncmp(spec, "prof:", 5) != 0 || (colon = strrchr(spec + 5, ':')) == NULL)
        return -1;
    arm->k = (unsigned)strtoul(colon + 1, &end, 10);
    if (colon == spec + 5 || *end != '\0' || arm->k == 0)
        return -1;
    arm->path = arm->owned_path = strndup(spec + 5, (size_t)(colon - spec - 5));
    return arm->path != NULL ? 0 : -1;
}

/* Load, set up and warm up the arm. */
void arm_setup(struct arm *arm, const char *op)
{
    int o;

    scheme_load(&arm->scheme, arm->path, arm->k != 0, NULL);
    if ((o = op_parse(op, &arm->scheme)) < 0)
        channel_input_error("%s: no operation %s", arm->path, op);
    op_setup(&arm->st, &arm->scheme, (enum op)o, arm_seed, sizeof arm_seed, ARM_MESSAGE_BYTES,
             ARM_SIGN_ATTEMPTS, &arm->events);
    op_stage(&arm->st, "warm-up", PASS_SETUP);
    for (int i = 0; i < METHOD_WARMUP_CALLS; i++)
        op_call(&arm->st);
    if (arm->k != 0) {
        /* measured once here, with accounting off, as iccsprof run does */
        arm->scheme.wrap->disable();
        arm->scheme.wrap->set_callers(0);
        arm->scheme.wrap->overhead(&arm->overhead);
    }
    op_stage(&arm->st, "timing", PASS_TIMING);
}

/* Add one snapshot's counts to SUMS. */
static void arm_add_snapshot(struct arm_sums *sums, const struct iccsprof_wrap_snapshot *snap)
{
    for (size_t i = 0; i < snap->nshapes; i++) {
        const struct iccsprof_wrap_shape *s = &snap->shapes[i];
        struct share_sums raw = {s->calls, s->timed_calls, (double)s->ticks, s->ticks_sq};
        struct share_estimate e = share_estimate(&raw);

        share_add(s->helper == ICCSPROF_DRNG ? &sums->drng : &sums->hash, &e);
    }
    for (int h = 0; h < ICCSPROF_NHELPERS; h++) {
        sums->helper_calls[h] += snap->helpers[h].calls;
        sums->calls += snap->helpers[h].calls;
        sums->timed += snap->helpers[h].timed_calls;
    }
}

/* Add B's sums to A's. */
static void arm_add_sums(struct arm_sums *a, const struct arm_sums *b)
{
    a->ticks += b->ticks;
    a->ops += b->ops;
    a->calls += b->calls;
    a->timed += b->timed;
    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        a->helper_calls[h] += b->helper_calls[h];
    share_add(&a->hash, &b->hash);
    share_add(&a->drng, &b->drng);
}

/* Seconds of CPU time this thread has run: unlike the tick counter, it
 * does not count the time other processes hold the core, so a block
 * preempted by a build next door is not slower. */
static double arm_cpu_seconds(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Run N operations and return their CPU seconds. */
double arm_block(struct arm *arm, uint64_t n)
{
    static struct iccsprof_wrap_snapshot snap; /* too large for the stack */
    const struct iccsprof_wrap_api *w = arm->scheme.wrap;
    double c0, c1;
    uint64_t t0, t1;

    if (w != NULL) {
        w->disable();
        w->reset();
        w->set_sampling(arm->k, ARM_FIRST_N);
    }
    c0 = arm_cpu_seconds();
    t0 = clock_ticks();
    if (w == NULL) {
        for (uint64_t i = 0; i < n; i++)
            op_call(&arm->st);
    } else {
        for (uint64_t i = 0; i < n; i++) {
            w->enable();
            op_call(&arm->st);
            w->disable();
        }
    }
    t1 = clock_ticks();
    c1 = arm_cpu_seconds();
    memset(&arm->last, 0, sizeof arm->last);
    if (w != NULL) {
        w->snapshot(&snap);
        arm_add_snapshot(&arm->last, &snap);
    }
    arm->last.ticks = (double)(t1 - t0);
    arm->last.ops = n;
    arm_add_sums(&arm->total, &arm->last);
    return c1 - c0;
}

/* Drop the arm's sums. */
void arm_forget(struct arm *arm)
{
    memset(&arm->total, 0, sizeof arm->total);
}

/* The shares of SUMS over BASELINE, the ticks of as many operations
 * without the instrumentation (the plain arm's, timed alternately in the
 * same round), the inner cost of each timed call taken off as iccsprof
 * run does. */
void arm_shares(const struct arm *arm, const struct arm_sums *sums, double baseline, double *hash,
                double *hash_raw, double *drng)
{
    struct share_basis b = share_basis(sums->ticks, baseline, arm->overhead.inner_ticks);
    uint64_t hash_calls = sums->helper_calls[ICCSPROF_PSEUDOHASH] +
                          sums->helper_calls[ICCSPROF_PSEUDOXOF] +
                          sums->helper_calls[ICCSPROF_SM3HASH];

    *hash = *hash_raw = *drng = 0;
    if (arm->k == 0)
        return;
    *hash = share_of(&b, &sums->hash, hash_calls);
    *hash_raw = share_raw(&b, &sums->hash);
    *drng = share_of(&b, &sums->drng, sums->helper_calls[ICCSPROF_DRNG]);
}

/* Free the arm's buffers. */
void arm_free(struct arm *arm)
{
    op_free(&arm->st);
    free(arm->owned_path);
}
