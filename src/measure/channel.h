/* channel.h - how the measuring process reports to iccsprof run: the
 * messages of protocol.h, one JSON object per line on the descriptor
 * iccsprof run gave, progress first, then exactly one result or error.
 * Its stdout and stderr belong to the scheme. */
#ifndef ICCSPROF_MEASURE_CHANNEL_H
#define ICCSPROF_MEASURE_CHANNEL_H

#include <jansson.h>

#include "measure/protocol.h"

/* Take the channel from the program's argument ARG (the descriptor the
 * parent set up before exec), close-on-exec so that programs the scheme
 * starts do not hold it; -1 when ARG names no open descriptor. */
int channel_open(const char *arg);

/* Say which phase the measurement is in, for progress and for naming the
 * phase a crash or a time-out happened in. */
void channel_phase(const char *phase);

/* Announce the plan of the pass under way (stolen; protocol.h), for the
 * progress and its estimate of the time left. */
void channel_plan(json_t *plan);

/* Send the result (stolen) and end the process with status 0. */
__attribute__((noreturn)) void channel_result(json_t *result);

/* Report input the user got wrong (a missing symbol, a library that is not
 * a profiled build...) and end the process with status 2. */
__attribute__((noreturn, format(printf, 1, 2))) void channel_input_error(const char *fmt, ...);

/* Report a failing call of the scheme and end the process with status 1. */
__attribute__((noreturn, format(printf, 1, 2))) void channel_call_error(const char *fmt, ...);

#endif
