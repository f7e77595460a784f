/* substitute.h - the shims' side of the what-if seam: a candidate per hash
 * helper, NULL while the helper is its own. */
#ifndef ICCSPROF_WRAP_SUBSTITUTE_H
#define ICCSPROF_WRAP_SUBSTITUTE_H

#include "iccsprof/substitute.h"

#pragma GCC visibility push(hidden)

struct wrap_candidate {
    iccsprof_candidate_fn *fn;
    void *ctx;
};

/* Indexed by enum iccsprof_helper; the DRNG's entry stays empty. */
extern struct wrap_candidate wrap_candidates[];

#pragma GCC visibility pop

/* The call a shim makes: HELPER's candidate when one is set, else REAL. */
#define WRAP_SERVE(helper, real, out_bits, msg, msg_bits, out)                                     \
    (__builtin_expect(wrap_candidates[helper].fn != NULL, 0)                                       \
         ? wrap_candidates[helper].fn(wrap_candidates[helper].ctx, (unsigned long long)(out_bits), \
                                      msg, msg_bits, out)                                          \
         : (real))

#endif
