/* whatif.h - a what-if run in the measuring process: the configuration's
 * candidates set in the profiled library's shims, the works-check passed,
 * the counts compared, before the library is timed and profiled with
 * them. */
#ifndef ICCSPROF_MEASURE_WHATIF_H
#define ICCSPROF_MEASURE_WHATIF_H

#include <jansson.h>

#include "measure/passes.h"

/* Whether the configuration CFG asks for substitution. */
int whatif_wanted(json_t *cfg);

/* Whether the profiled library's process runs PASS (timing or profile):
 * always without substitution; with it, the pass iccsprof run gave this
 * process, or both. */
int whatif_runs(json_t *cfg, const char *pass);

/* Set CFG's candidates in the profiled scheme S and check it works with
 * them (a call error naming the failed check when it does not): the
 * record's substitution section, whose counters whatif_end fills in. */
json_t *whatif_start(json_t *cfg, struct scheme *s, const struct method *m);

/* Add the candidates' call counters to SUBSTITUTION. */
void whatif_end(json_t *substitution);

#endif
