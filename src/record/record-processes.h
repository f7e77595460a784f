/* record-processes.h - a profile pass made in several measuring
 * processes, in its record: each process's operations and the hash share
 * it gives alone (profile.processes), and the played-back share the mean
 * of the processes', with an uncertainty that holds their spread as well
 * as their own errors.  The merged tables (run/run-merge.h) give every
 * other figure. */
#ifndef ICCSPROF_RECORD_PROCESSES_H
#define ICCSPROF_RECORD_PROCESSES_H

#include <jansson.h>
#include <stddef.h>

/* The mean of the shares of several processes and what it is known to. */
struct record_mean {
    double mean; /* the mean of the processes' shares */
    double se;   /* its standard error */
    double half; /* its 95 % half-width, before what serving the tape costs */
};

/* The mean of the N (>= 1) shares X, each with its standard error SE and
 * 95 % half-width HALF: its standard error the larger of the one the
 * processes' own errors give the mean (root of the sum of squares, over
 * N) and the one their spread gives (the standard deviation of the N,
 * over root N); its half-width the larger of the one their own
 * half-widths give and Student's t for N - 1 times the one their spread
 * gives.  A spread beyond their own errors is a difference between the
 * processes that no one of them can see, and widens the mean's. */
struct record_mean record_processes_mean(const double *x, const double *se, const double *half,
                                         size_t n);

/* Set PROFILE's "processes", PROFILE the record's profile section made
 * of the merged raw profile, from RAW (an array of the processes' own raw
 * profiles; nothing is set for fewer than two): each process's
 * operations and the hash share it gives alone, with its standard error:
 * played back where PROFILE's share is played back (null for a process
 * that played nothing back), else timed.  A played-back share becomes
 * the mean of the processes' (record_processes_mean), with what serving
 * the tape costs, the mean of theirs, added to its half-width as one
 * process adds it. */
void record_processes(json_t *profile, json_t *raw);

#endif
