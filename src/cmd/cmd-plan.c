/* cmd-plan.c - `iccsprof plan [PACKAGE] [options]`: what `iccsprof
 * profile` would build, and how: the instances, their sources, programs,
 * include folders, flags, the DRNG global, the helpers to wrap, the API.
 * It compiles the sources to read their objects (the ones the build then
 * uses), but links nothing. */
#include "config.h"

#include "util/build-jobs.h"
#include "cmd/profile-options.h"

/* Plan, compile, print. */
static int cmd_plan_exec(const struct cmd_args *args)
{
    struct profile_job j;
    int rc;

    if ((rc = profile_begin(args, false, NULL, &j)) != EXIT_OK)
        return rc;
    if (build_all(&j.p, &j.s, j.r) == 0 && jobs_interrupted() == 0)
        rc = build_show_plan(&j.p, &j.s, j.r) != 0 ? EXIT_FAIL : EXIT_OK;
    else
        rc = 128 + jobs_interrupted();
    profile_end(&j);
    return rc;
}

const struct cmd_entry cmd_plan_entry = {
    .name = "plan",
    .operands = "[PACKAGE]",
    .summary = "print how a scheme package will be built: instances, sources, flags, helpers",
    .options = profile_plan_options,
    .exec = cmd_plan_exec,
    .quiet = "print the plan and errors only: no progress",
    .verbose = "also show every command run (the compilers reading the sources)",
};
