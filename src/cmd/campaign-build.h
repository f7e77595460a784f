/* campaign-build.h - the packages among a campaign's inputs, built by the
 * campaign command as `iccsprof profile --build-only` builds them: the
 * profile command's own options, planner job and build folder lock. */
#ifndef ICCSPROF_CAMPAIGN_BUILD_H
#define ICCSPROF_CAMPAIGN_BUILD_H

#include "campaign/campaign.h"

/* Check B's flags as `iccsprof profile` options; EXIT_OK, or EXIT_USAGE
 * after a usage error naming them. */
int campaign_build_check(const struct campaign_build *b);

/* Build the package PKG as `iccsprof profile --build-only` does (its
 * messages into OUT/.campaign/build/NAME.log) and add the jobs of each
 * instance that built and went through the KAT gate; the others go to
 * C's left-out list.  0, or -1 after a one-line error (a signal stopped
 * the build). */
int campaign_build_package(struct campaign *c, const char *pkg, const struct campaign_build *b,
                           const char *self, char *const *run_flags);

#endif
