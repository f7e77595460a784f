/* sites.h - call-site capture: per thread, the outermost wrapped calls
 * counted under (helper, chain of return addresses above the shim). */
#ifndef ICCSPROF_WRAP_SITES_H
#define ICCSPROF_WRAP_SITES_H

#include <stdint.h>

#include "account.h"

#pragma GCC visibility push(hidden)

#define WRAP_SITE_SLOTS (2 * ICCSPROF_WRAP_MAX_SITES)

/* One thread's call sites, allocated when it first captures one. */
struct wrap_site_table {
    struct iccsprof_wrap_site slot[WRAP_SITE_SLOTS];
    unsigned nsites;
    /* per helper, the calls of sites that did not fit */
    struct iccsprof_wrap_site overflow[ICCSPROF_NHELPERS];
};

/* Frames of call-site chains; 0 when the capture is off. */
extern uint32_t wrap_callers;

/* Count one outermost call at its call site; NULL when not kept. */
struct iccsprof_wrap_site *wrap_capture(struct wrap_table *t, unsigned helper, void *ret);
/* Clear every thread's call sites. */
void wrap_reset_sites(void);
/* The query interface's set_callers and sites. */
int wrap_set_callers(uint32_t depth);
int wrap_get_sites(struct iccsprof_wrap_sites *out);

#pragma GCC visibility pop

#endif
