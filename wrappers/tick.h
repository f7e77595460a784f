/* tick.h - the tick counter the shims time helper calls with, chosen by
 * configure (ICCSPROF_TICK_*). */
#ifndef ICCSPROF_WRAP_TICK_H
#define ICCSPROF_WRAP_TICK_H

#include <stdint.h>

/* How a read of rdtsc is ordered (see below); other counters ignore it. */
#ifndef ICCSPROF_TICK_ORDER
#define ICCSPROF_TICK_ORDER 1
#endif

#if defined(ICCSPROF_TICK_TEST)
/* A clock that only the test fixtures move (a build variant of the
 * tests, never a configure choice): the statistics of sampled timing are
 * then checked exactly, free of the machine's timing noise, and the reads
 * are counted, which shows which calls took the timed path. */
extern uint64_t wrap_test_clock, wrap_test_reads;
static inline uint64_t wrap_tick(void)
{
    wrap_test_reads++;
    return wrap_test_clock;
}
#elif defined(ICCSPROF_TICK_RDTSC)
#include <x86intrin.h>
/* How a read is ordered against the instructions around it
 * (ICCSPROF_TICK_ORDER): 1, the default, lfence then rdtsc: the read waits
 * for every earlier instruction to finish, so that a timed region holds
 * the helper call and not the tail of the work before it, which a plain
 * read let in (the processor runs ahead of a long chain of dependent
 * work and reads the counter early) and which a region's end, where the
 * helper's own tail is shorter, does not give back; 0, plain rdtsc; 2,
 * rdtscp, which waits for earlier instructions to execute.  `make bench`
 * builds the wrappers each way and compares their cost (part 1) and the
 * shares they give (part 3). */
#if ICCSPROF_TICK_ORDER == 1
static inline uint64_t wrap_tick(void)
{
    _mm_lfence();
    return __rdtsc();
}
#elif ICCSPROF_TICK_ORDER == 2
static inline uint64_t wrap_tick(void)
{
    unsigned aux;

    return __rdtscp(&aux);
}
#else
static inline uint64_t wrap_tick(void)
{
    return __rdtsc();
}
#endif
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
