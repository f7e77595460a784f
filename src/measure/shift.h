/* shift.h - operations run at stack positions spread over a page, so that
 * the parts of a measurement sample the stack's place in a page instead
 * of keeping the one the process started with. */
#ifndef ICCSPROF_MEASURE_SHIFT_H
#define ICCSPROF_MEASURE_SHIFT_H

/* Distinct stack positions: 256 steps of 16 bytes, one 4 KiB page. */
#define SHIFT_SLOTS 256
#define SHIFT_STEP 16

/* The bytes by which the SLOT-th part of a measurement moves the stack:
 * the slot's low 8 bits reversed, times SHIFT_STEP, so that successive
 * parts halve the gaps left by the earlier ones (0, 2048, 1024, 3072,
 * 512, ...) and any few of them spread over the whole page. */
unsigned shift_bytes(unsigned slot);

/* Run FN(ARG) with the stack moved down by shift_bytes(SLOT). */
void shift_run(unsigned slot, void (*fn)(void *), void *arg);

#endif
