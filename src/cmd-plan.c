/* cmd-plan.c - `iccsprof plan [PKGDIR] [options]`: what `iccsprof
 * profile` would build, and how: the instances, their sources, programs,
 * include folders, flags, the DRNG global, the helpers to wrap, the API.
 * It compiles the sources to read their objects (the ones the build then
 * uses), but links nothing. */
#include "config.h"

#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "build-jobs.h"
#include "profile-options.h"

/* Plan, compile, print. */
static int cmd_plan_exec(const struct cmd_args *args)
{
    struct profile_options o;
    struct build_settings s;
    struct build_result *r;
    struct plan p;
    int rc, lock, sig;

    /* messages of the compilers in one language, as the logs are read */
    setenv("LC_ALL", "C", 1);
    if ((rc = profile_parse(args, false, &o)) != EXIT_OK)
        return rc;
    jobs_catch_signals();
    if (plan_make(&o.plan, &p) != 0) {
        free(o.builddir_owned);
        return EXIT_USAGE;
    }
    if (profile_settings(&o, &s) != 0 || (lock = profile_lock(p.build)) < 0) {
        rc = jobs_interrupted() != 0 ? 128 + jobs_interrupted() : EXIT_USAGE;
        plan_free(&p);
        free(o.builddir_owned);
        return rc;
    }
    s.link = false;
    r = calloc(p.n + 1, sizeof *r);
    if (r == NULL)
        abort();
    if (build_all(&p, &s, r) == 0 && (sig = jobs_interrupted()) == 0) {
        rc = build_show_plan(&p, &s, r) != 0 ? EXIT_FAIL : EXIT_OK;
    } else {
        rc = 128 + jobs_interrupted();
    }
    close(lock);
    build_results_free(r, p.n);
    free(r);
    profile_settings_free(&s);
    plan_free(&p);
    free(o.builddir_owned);
    return rc;
}

const struct cmd_entry cmd_plan_entry = {
    .name = "plan",
    .operands = "[PKGDIR]",
    .summary = "print how a scheme package will be built: instances, sources, flags, helpers",
    .options = profile_plan_options,
    .exec = cmd_plan_exec,
};
