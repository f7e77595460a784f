/* overhead.h - the cost of the instrumentation itself. */
#ifndef ICCSPROF_WRAP_OVERHEAD_H
#define ICCSPROF_WRAP_OVERHEAD_H

#include "iccsprof/wrap.h"

#pragma GCC visibility push(hidden)

/* Measure, once, what the instrumentation adds per call. */
void wrap_measure_overhead(struct iccsprof_wrap_overhead *out);

#pragma GCC visibility pop

#endif
