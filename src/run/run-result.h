/* run-result.h - the strict check of what the measuring process sends
 * back (protocol.h).  The scheme runs in that process and may write
 * anything on its channel, so every member of a result is checked for
 * presence, type and range before anything reads it: what passes is
 * data the record can be built from without further tests. */
#ifndef ICCSPROF_RUN_RESULT_H
#define ICCSPROF_RUN_RESULT_H

#include <jansson.h>
#include <stddef.h>

/* What a result answers: an operation's measurement, a probe (the
 * scheme's type and lengths), a costs request (protocol.h). */
enum result_kind { RESULT_OP, RESULT_PROBE, RESULT_COSTS, RESULT_KAT, RESULT_REPLAY };

/* Check RESULT, the result of KIND; 0, or -1 with WHY
 * naming the first member at fault ("field timing.trials[0].calls is
 * missing"). */
int result_check(json_t *result, enum result_kind kind, char *why, size_t len);

/* Check PLAN, the members of a plan message (protocol.h); 0, or -1 with
 * WHY naming the member at fault. */
int result_check_plan(json_t *plan, char *why, size_t len);

#endif
