/* run-merge.h - the results of a profile pass spread over several
 * measuring processes, merged into one. */
#ifndef ICCSPROF_RUN_MERGE_H
#define ICCSPROF_RUN_MERGE_H

#include <jansson.h>

/* Merge into INTO, a measuring process's result that holds a profile
 * pass, the profile pass of FROM, another process's part of the same
 * pass: counts, ticks and sums add up, the shapes, call sites and DRNG
 * contexts are matched by what they are (not by address, which each
 * process has its own of), the compensation and the tight loop's costs
 * are averaged by operations, the trials are put side by side, and the
 * sampling and outlier settings stay the first process's.  0, or -1 when
 * either is not a profile pass's result. */
int run_merge_profile(json_t *into, json_t *from);

/* Add the number member KEY of FROM to INTO's (a whole number when both
 * are); nothing when FROM has none. */
void run_merge_sum(json_t *into, json_t *from, const char *key);

/* Into A, the smaller (SMALLER true) or larger of the whole-number members
 * KEY of A and B that are not null. */
void run_merge_extreme(json_t *a, json_t *b, const char *key, int smaller);

#endif
