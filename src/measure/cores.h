/* cores.h - the trials of a pass (timing or profile) taken in turn on the
 * cores the measuring process may run on.  On a virtual machine one core can run
 * the same work at another pace than the next (what the host runs beside
 * it), and not the same for every kind of work: a hash share measured on
 * one core alone is that core's, and so are its cycles.  Trials spread
 * over the cores make the share and the cycles the machine's, and each
 * core's own figure shows how far they disagree.  A process pinned to one
 * core (run --cpu) has only that one: its trials stay there. */
#ifndef ICCSPROF_MEASURE_CORES_H
#define ICCSPROF_MEASURE_CORES_H

#include <sched.h>

/* At most this many cores take turns: each needs pairs enough for a
 * median of its own. */
#define CORES_MAX 4

/* The cores a pass takes in turn, and the mask to put back. */
struct cores {
    int n;              /* cores taking turns; 1: the pass stays where it is */
    int cpu[CORES_MAX]; /* their numbers (-1: not known, the process held to none) */
    int at;             /* the index the process is held to, -1 before the first */
    cpu_set_t allowed;  /* the mask the process had, put back at the end */
};

/* Of the COUNT CPUs ALL (in increasing order), the ones to take turns
 * into PICKED: up to CORES_MAX, evenly spread over them; how many. */
int cores_pick(const int *all, int count, int *picked);

/* Choose C's cores from the CPUs the process may run on (cores_pick); one
 * (no turns) when it may run on one only or its mask cannot be read. */
void cores_open(struct cores *c);

/* Hold the process to the core whose turn the TRIAL-th trial is; the
 * index of that core in C.  A core that refuses it ends the turns: the
 * process gets its own mask back, and every pair after is index 0 of a
 * single core not known (C's n 1, its cpu -1). */
int cores_enter(struct cores *c, unsigned trial);

/* Put back the mask the process had before cores_open. */
void cores_close(struct cores *c);

#endif
