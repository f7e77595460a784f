/* cores.c - a pass's trials taken in turn on the cores the
 * process may run on (cores.h). */
#include "config.h"

#include <string.h>

#include "measure/cores.h"

/* The cores to take turns (cores.h). */
int cores_pick(const int *all, int count, int *picked)
{
    int n = count < CORES_MAX ? count : CORES_MAX;

    for (int k = 0; k < n; k++)
        picked[k] = all[k * count / n];
    return n;
}

/* C's cores (cores.h). */
void cores_open(struct cores *c)
{
    int all[CPU_SETSIZE], count = 0;

    memset(c, 0, sizeof *c);
    c->n = 1;
    c->cpu[0] = -1;
    c->at = -1;
    if (sched_getaffinity(0, sizeof c->allowed, &c->allowed) != 0)
        return;
    for (int i = 0; i < CPU_SETSIZE; i++)
        if (CPU_ISSET(i, &c->allowed))
            all[count++] = i;
    if (count > 0)
        c->n = cores_pick(all, count, c->cpu);
}

/* The core of TRIAL's turn (cores.h). */
int cores_enter(struct cores *c, unsigned trial)
{
    int k = (int)(trial % (unsigned)c->n);
    cpu_set_t one;

    if (c->n < 2 || k == c->at)
        return c->n < 2 ? 0 : k;
    CPU_ZERO(&one);
    CPU_SET(c->cpu[k], &one);
    if (sched_setaffinity(0, sizeof one, &one) != 0) {
        cores_close(c);
        c->n = 1;
        c->cpu[0] = -1;
        return 0;
    }
    c->at = k;
    return k;
}

/* C's mask put back (cores.h). */
void cores_close(struct cores *c)
{
    if (c->at >= 0)
        (void)sched_setaffinity(0, sizeof c->allowed, &c->allowed);
    c->at = -1;
}
