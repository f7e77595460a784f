/* run-merge.h - the profile or the timing pass made in several
 * measuring processes, their results merged into the one result a single
 * process would have given had it made all their operations: counts add,
 * the shapes' calls and tick sums add, the trials of one follow the
 * other's, call sites and DRNG contexts add by where they are.  A process
 * is not the next: where the library lands, what the scheduler does,
 * which core it starts on, move an operation's time and the share of it
 * the helpers take, and one process cannot see that.  So each process's
 * own raw profile is kept beside the merged one, for the spread between
 * them (record/record-processes.h), and each timing trial names its
 * process (run-timing.h). */
#ifndef ICCSPROF_RUN_MERGE_H
#define ICCSPROF_RUN_MERGE_H

#include <jansson.h>
#include <stddef.h>

/* Merge the results R[1..N-1] of profile processes into R[0] (all
 * checked results, run-result.h, of the same operation and settings);
 * R[1..] are left as they were.  The memory is the first process's,
 * its peak the highest.  With N >= 2, R[0]'s profile gains
 * "processes": each process's raw profile as it came, in order; its
 * played-back part ("replay") is merged from the processes that played
 * back: their pairs added, their medians and costs averaged, and their
 * standard errors and half-widths those of the average. */
void run_merge_profiles(json_t *const *r, size_t n);

/* Merge the results R[1..N-1] of timing processes into R[0] (checked
 * results of the same operation and settings): the trials of each follow
 * the one's before, each numbered with its process ("process", from 0),
 * the timing pass's events, calls and seconds add, the share of the time
 * the processes had the CPU is their mean, the memory the first
 * process's with the highest peak.  The record's timing section tells
 * the processes apart (run-timing.h). */
void run_merge_timings(json_t *const *r, size_t n);

#endif
