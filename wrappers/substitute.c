/* substitute.c - the candidates that serve the hash helpers in place of
 * the placeholders (iccsprof/substitute.h). */
#include "config.h"

#include "call.h"
#include "substitute.h"

struct wrap_candidate wrap_candidates[ICCSPROF_NHELPERS];

/* Set or clear HELPER's candidate; the DRNG is not a hash and keeps its
 * own generator. */
WRAP_EXPORT int iccsprof_wrap_substitute(unsigned helper, iccsprof_candidate_fn *fn, void *ctx)
{
    if (helper >= ICCSPROF_DRNG)
        return -1;
    wrap_candidates[helper].ctx = ctx;
    wrap_candidates[helper].fn = fn;
    return 0;
}
