/* rules.h - the arithmetic of when a pass stops (method.h): the least it
 * makes by the first rule that holds, the precision of a mean from its
 * trials', and the calls a precision needs.  Nothing here reads a clock or
 * calls the scheme, so that the rules are tested on their own. */
#ifndef ICCSPROF_MEASURE_RULES_H
#define ICCSPROF_MEASURE_RULES_H

#include <stddef.h>

/* Calls of a trial (operations of the profile pass) when --min-calls do
 * not fit in the budget: the harness's 5 trials of at least 5 calls. */
#define METHOD_FLOOR_CALLS 5

/* The rule that set a pass's least number of calls. */
enum method_rule { RULE_TARGET, RULE_MIN_CALLS, RULE_FLOOR };

/* Why a pass ended: at its minimum (no precision asked, or reached
 * there), at the precision asked, or at --max-seconds. */
enum method_stop { STOP_MINIMUM, STOP_PRECISION, STOP_MAX_SECONDS };

/* The least a pass makes: GROUPS groups (trials) of PER_GROUP calls. */
struct pass_size {
    unsigned long long groups, per_group;
    enum method_rule rule;
};

/* The least a pass makes in GROUPS groups of calls of CALL_SECONDS: enough
 * calls for AIM seconds, MIN_CALLS in all when they fit in BUDGET
 * seconds, else the floor. */
struct pass_size method_size(double aim, double call_seconds, unsigned groups, unsigned min_calls,
                             double budget);

/* The two-sided 95 % quantile of Student's t with DF degrees of freedom. */
double method_t95(unsigned long long df);

/* The 95 % confidence half-width of the mean of X[N], relative to the
 * mean; INFINITY below two values or for a mean of 0. */
double method_precision(const double *x, size_t n);

/* At most this many strata (cores) a stratified mean is taken over. */
#define METHOD_STRATA_MAX 8

/* One stratum of values: how many, their mean and its standard error. */
struct method_stratum {
    size_t n;
    double mean, stderr;
};

/* A stratified mean: the mean of the strata's means, its standard error
 * from the spread within each stratum, the degrees of freedom of that
 * error (the values less the strata), and the strata with a value. */
struct method_strata {
    double mean, stderr;
    unsigned long long df;
    int strata;
};

/* The stratified mean of X[N], STRATUM[i] (below STRATA, at most
 * METHOD_STRATA_MAX) the stratum of X[i]; each stratum's own figures into
 * EACH (room for STRATA; NULL: not wanted).  A stratum of one value takes
 * the pooled spread of the others for its error.  The strata's difference
 * is no part of the error: it is not noise that more values average
 * away. */
struct method_strata method_strata(const double *x, const int *stratum, size_t n, int strata,
                                   struct method_stratum *each);

/* The 95 % confidence half-width of the stratified mean of X[N] (as
 * method_strata), relative to it; INFINITY while a stratum has a single
 * value (the others' spread need not be its own: one core may run an
 * operation steadily and the next not), without a degree of freedom, or
 * for a mean of 0. */
double method_precision_strata(const double *x, const int *stratum, size_t n, int strata);

/* The calls, CALLS made at PRECISION, that reach TARGET: the half-width
 * shrinks as one over the root of the calls. */
unsigned long long method_calls_for(unsigned long long calls, double precision, double target);

/* The record's names of a rule and of a stop. */
const char *method_rule_name(enum method_rule rule);
const char *method_stop_name(enum method_stop stop);

#endif
