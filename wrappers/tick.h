/* tick.h - the tick counter the shims time helper calls with, chosen by
 * configure (ICCSPROF_TICK_*). */
#ifndef ICCSPROF_WRAP_TICK_H
#define ICCSPROF_WRAP_TICK_H

#include <stdint.h>

#if defined(ICCSPROF_TICK_TEST)
/* A clock that only the test fixtures move (a build variant of the
 * tests, never a configure choice): the statistics of sampled timing are
 * then checked exactly, free of the machine's timing noise. */
extern uint64_t wrap_test_clock;
static inline uint64_t wrap_tick(void)
{
    return wrap_test_clock;
}
#elif defined(ICCSPROF_TICK_RDTSC)
#include <x86intrin.h>
/* rdtsc without fences: a fence per read would double the cost of each
 * timed call, and the error it removes (a few cycles of reordering around
 * calls of hundreds of cycles or more) is below the compensation's noise. */
static inline uint64_t wrap_tick(void)
{
    return __rdtsc();
}
#elif defined(ICCSPROF_TICK_CNTVCT)
/* The AArch64 virtual counter, readable from user mode. */
static inline uint64_t wrap_tick(void)
{
    uint64_t t;
    __asm__ volatile("mrs %0, cntvct_el0" : "=r"(t));
    return t;
}
#else
#include <time.h>
/* Nanoseconds of CLOCK_MONOTONIC where no cycle counter is readable. */
static inline uint64_t wrap_tick(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
#endif

#if defined(__aarch64__)
/* The frequency of the AArch64 virtual counter (cntvct_el0), which the
 * firmware sets in cntfrq_el0: the rate is stated, not measured. */
static inline uint64_t wrap_cntfrq(void)
{
    uint64_t hz;
    __asm__ volatile("mrs %0, cntfrq_el0" : "=r"(hz));
    return hz;
}
#endif

#endif
