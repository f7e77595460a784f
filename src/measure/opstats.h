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
    uint64_t last; /* calls at the last reading */
    uint64_t grew; /* calls since, while a reading is counted */
    struct opstat per_op;
};

/* Every row ever read is kept, however many: rows regrouped between
 * readings (threads whose merged table changes) are rows of their own. */
struct opstats {
    uint64_t ops;
    size_t nshapes, room;
    struct opstats_shape *shape;
    uint64_t helper_last[ICCSPROF_NHELPERS]; /* the helpers' calls at the last reading */
    struct opstat helper[ICCSPROF_NHELPERS];
};

/* Start with no operation read, the wrappers' table just reset; the rows
 * of a previous start are freed. */
void opstats_init(struct opstats *o);

/* Count one operation: SNAP is the table after it. */
void opstats_add(struct opstats *o, const struct iccsprof_wrap_snapshot *snap);

/* The distribution of a count as {min, max, stddev} (sample standard
 * deviation; 0 for one operation). */
json_t *opstats_json(const struct opstats *o, const struct opstat *s);

/* The distribution of the row KEY (its helper, kind and bits), or NULL. */
const struct opstat *opstats_shape(const struct opstats *o, const struct iccsprof_wrap_shape *key);

#endif
