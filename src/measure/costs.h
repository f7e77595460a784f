/* costs.h - the "costs" request (protocol.h): what one call of each
 * candidate costs at given shapes (helper, input bits, output bits), timed
 * in the measuring process with the counter the profiled library's
 * wrappers read, each candidate called as the shim would call it (the
 * same length extension), the placeholder (iccs) through the same path. */
#ifndef ICCSPROF_MEASURE_COSTS_H
#define ICCSPROF_MEASURE_COSTS_H

#include <jansson.h>
#include <stdint.h>

#include "measure/scheme.h"

/* The median ticks of TICKS per call of each of CFG's "candidates" at
 * each of its "shapes", as an array of {"candidate", "shape", "ticks"}
 * (indices into the configuration's arrays); S is the profiled library,
 * or NULL when the configuration names none.  An input error naming what
 * cannot be measured. */
json_t *costs_measure(json_t *cfg, struct scheme *s, uint64_t (*ticks)(void));

#endif
