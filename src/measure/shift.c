/* shift.c - operations run at stack positions spread over a page.  Where
 * a scheme's stack lands in a page decides which of its stack accesses
 * alias the hash state's or the tables' low address bits (loads waiting
 * on unrelated stores, cache sets shared): on the synthetic schemes of
 * `make bench` the start of the stack alone moves a hash share by 2
 * percentage points, fixed for the process's life, so that the trials of
 * one process agree with each other and not with the next process.  Each
 * part of a measurement run at its own position puts that spread into
 * the trials, where the stated uncertainty sees it, and averages it. */
#include "config.h"

#include <alloca.h>

#include "measure/shift.h"

/* The position of a slot (see shift.h). */
unsigned shift_bytes(unsigned slot)
{
    unsigned reversed = 0;

    for (unsigned bit = 1, high = SHIFT_SLOTS / 2; high != 0; bit <<= 1, high >>= 1)
        if (slot & bit)
            reversed |= high;
    return reversed * SHIFT_STEP;
}

/* Move the stack with alloca and call FN below it; not inlined, so that
 * the room it takes is a frame of its own that FN's frames sit under. */
__attribute__((noinline)) void shift_run(unsigned slot, void (*fn)(void *), void *arg)
{
    volatile char *room = alloca(shift_bytes(slot) + 1);

    room[0] = 0;
    fn(arg);
    /* the room stays in use until the call has returned */
    __asm__ volatile("" : : "r"(room) : "memory");
}
