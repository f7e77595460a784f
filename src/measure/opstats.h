/* opstats.h - how many calls each measured operation made, per helper and
 * per row of the shape table: the wrappers' totals and table are read
 * after every operation, and the growth since the last reading is that
 * operation's count.  The minimum,
 * maximum and spread tell a count that the code fixes (minimum = maximum)
 * from one that depends on the data (rejection sampling, retries). */
#ifndef ICCSPROF_MEASURE_OPSTATS_H
#define ICCSPROF_MEASURE_OPSTATS_H

#include <jansson.h>
#include <stdint.h>

#include "iccsprof/wrap.h"

/* The distribution of one count over the operations. */
struct opstat {
    uint64_t min, max;
    double sum, sum_sq;
};

struct opstats_shape {
    uint32_t helper, kind;
    uint64_t in_bits, out_bits;
    /* at the last reading: calls, kept timed calls and their ticks, calls
     * set apart as outliers and their ticks */
    uint64_t last, last_timed, last_ticks, last_outliers, last_outlier_ticks;
    uint64_t grew; /* calls since, while a reading is counted */
    struct opstat per_op;
};

/* What the timed calls of one operation took beyond the mean kept timed
 * call of their own row (a shape's calls cost alike; a helper's calls of
 * different shapes do not): in the calls set apart as outliers, which is
 * time the operation lost to something else, and in the calls kept
 * (signed: the wrappers may reclassify a row's kept calls as outliers). */
struct opstats_excess {
    double outlier, kept;
};

/* The sums over the operations of the ticks of a group of helpers (h)
 * and of the operation (t), for the standard error of their ratio. */
struct opstats_ratio {
    double h, t, hh, tt, ht;
};

/* The groups of helpers whose shares a profile pass reports. */
enum { OPSTATS_HASH, OPSTATS_DRNG, OPSTATS_NGROUPS };

/* Every row ever read is kept, however many: rows regrouped between
 * readings (threads whose merged table changes) are rows of their own. */
struct opstats {
    uint64_t ops;
    size_t nshapes, room;
    struct opstats_shape *shape;
    uint64_t helper_last[ICCSPROF_NHELPERS]; /* the helpers' calls at the last reading */
    struct opstat helper[ICCSPROF_NHELPERS];
    struct opstats_ratio group[OPSTATS_NGROUPS];
    double read_ticks[OPSTATS_NGROUPS]; /* each group's helper ticks at the last reading */
};

/* Start with no operation read, the wrappers' table just reset; the rows
 * of a previous start are freed. */
void opstats_init(struct opstats *o);

/* Read SNAP, the table after one operation: its calls, its helper ticks
 * and into *EX its timed calls' excess; opstats_add then counts it. */
void opstats_read(struct opstats *o, const struct iccsprof_wrap_snapshot *snap,
                  struct opstats_excess *ex);

/* Count the operation last read as one of OP_TICKS. */
void opstats_add(struct opstats *o, double op_ticks);

/* The precision of the hash and DRNG shares so far: the larger of their
 * 95 % confidence half-widths, each relative to its share or to 10 %,
 * whichever is larger (so that a share near 0 needs no more than the
 * tenth of a point the report shows); INFINITY below two operations.  An
 * operation's helper ticks are those of its timed calls and, for the
 * calls it did not time, its shape's mean so far. */
double opstats_share_precision(const struct opstats *o);

/* The distribution of a count as {min, max, stddev} (sample standard
 * deviation; 0 for one operation). */
json_t *opstats_json(const struct opstats *o, const struct opstat *s);

/* The distribution of the row KEY (its helper, kind and bits), or NULL. */
const struct opstat *opstats_shape(const struct opstats *o, const struct iccsprof_wrap_shape *key);

#endif
