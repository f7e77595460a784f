/* run-timing.h - the record's timing section from the measuring
 * process's trials: the trials taken on several cores in turn make one
 * mean per core, and the record's mean cycles are the mean of those, the
 * machine's and not the one core's the process happened to land on. */
#ifndef ICCSPROF_RUN_TIMING_H
#define ICCSPROF_RUN_TIMING_H

#include <jansson.h>

/* The timing section from RAW, the timing pass's result (run-result.c
 * has checked it): its trials grouped by the core they ran on (cores:
 * cpu, trials, calls, mean cycles and their standard error), the mean
 * cycles the mean of the cores' with a standard error from the spread
 * within each core (method_strata), the trials' widest spread within one
 * core and the cores' spread apart; means over every call for the
 * seconds, and the medians of the trials' means.  Trials of several
 * processes (run_merge_timings) add each process's trials, calls and
 * mean cycles (processes), their spread apart (process_spread) and the
 * error from the spread within the cores (within_process_stderr); the
 * standard error is then the larger of that and the standard error of
 * the mean of the processes' means, which holds what changes from one
 * process to the next (where the library lands, the core it starts on)
 * and the cores' spread cannot. */
json_t *run_timing(json_t *raw);

/* Widen PASS's precision (passes.timing.precision, the relative 95 %
 * half-width, from run_merge_timings the least precise process's own) to
 * what the spread between the processes of TIMING (run_timing's) gives,
 * Student's t of the processes less one times their standard error, where
 * that error is the record's: the time a page states for the record then
 * carries the error its mean has. */
void run_timing_precision(json_t *timing, json_t *pass);

#endif
