/* campaign-build.c - the packages among a campaign's inputs, built as
 * `iccsprof profile --build-only` builds them (the same planner, build and
 * build folders, so a rebuilt package is remade only where it changed
 * and its unchanged jobs resume), before any job is listed or measured. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/build-files.h"
#include "util/build-jobs.h"
#include "campaign/campaign.h"
#include "cmd/campaign-build.h"
#include "kat/kat-gate.h"
#include "cmd/profile-options.h"

/* The `iccsprof profile` command line that builds PKG (NULL: a
 * placeholder, to check the flags alone) as B says, into ARGV. */
static void build_argv(const struct campaign_build *b, const char *pkg, struct strlist *argv)
{
    strlist_add(argv, "profile");
    strlist_add(argv, "--build-only");
    strlist_add(argv, "--builddir");
    strlist_add(argv, b->builddir);
    strlist_add(argv, "--jobs");
    strlist_addf(argv, "%llu", b->jobs);
    if (b->flags != NULL)
        strlist_extend(argv, b->flags);
    strlist_add(argv, pkg != NULL ? pkg : "PACKAGE");
}

/* Check the flags once, before anything is built: a mistake in them
 * would otherwise fail every package alike. */
int campaign_build_check(const struct campaign_build *b)
{
    struct strlist argv = {0};
    struct cmd_args args;
    struct profile_options o;
    int rc;

    build_argv(b, NULL, &argv);
    rc = cmd_parse(&cmd_profile_entry, (int)argv.n, argv.v, &args);
    if (rc == EXIT_OK) {
        if (args.help)
            rc =
                cmd_usage_error(&cmd_campaign_entry, "--build-flags: --help is not a build option");
        else if (args.argc > 1)
            rc = cmd_usage_error(&cmd_campaign_entry,
                                 "--build-flags: '%s' is not an option (packages are the "
                                 "campaign's operands)",
                                 args.argv[0]);
        else if ((rc = profile_parse(&args, true, &o)) == EXIT_OK) {
            if (plan_check_options(&o.plan) != 0)
                rc = EXIT_USAGE;
            free(o.builddir_owned);
        }
        cmd_args_free(&args);
    }
    strlist_free(&argv);
    return rc;
}

/* The KAT gates, B->jobs at a time, of the instances of J that built and
 * whose result is older than their libraries (a resumed campaign runs
 * none again); an instance that may not go on (B->kat require and no
 * pass) is marked in REFUSED, with the reason in C's left-out list.  0,
 * or -1 when a signal came. */
static int build_kat(struct campaign *c, const struct profile_job *j,
                     const struct campaign_build *b, bool *refused)
{
    struct job *jobs = calloc(j->p.n + 1, sizeof *jobs), kept = {0};
    size_t *which = calloc(j->p.n + 1, sizeof *which), n = 0;
    struct strlist why = {0};
    int rc = 0;

    for (size_t x = 0; x < j->p.n; x++) {
        const struct plan_instance *i = &j->p.inst[x];

        if (!j->r[x].ok)
            continue;
        if (strcmp(b->kat, "off") == 0)
            katgate_forget(i->build);
        else if (!katgate_current(i->build, i->name)) {
            katgate_job(i->build, i->name, b->kat_timeout, &jobs[n]);
            which[n++] = x;
        }
    }
    if (n > 0) {
        fprintf(b->progress, "campaign: %s: KAT gate of %zu instances (time-out %s s)\n",
                j->p.scheme, n, b->kat_timeout);
        fflush(b->progress);
        rc = jobs_run(jobs, n, (int)b->jobs);
    }
    for (size_t x = 0, k = 0; rc == 0 && strcmp(b->kat, "off") != 0 && x < j->p.n; x++) {
        const struct plan_instance *i = &j->p.inst[x];
        const struct job *done = k < n && which[k] == x ? &jobs[k++] : &kept;
        char *result;

        if (!j->r[x].ok)
            continue;
        result = katgate_result(i->build);
        fprintf(b->progress, "campaign: %s %s: KAT ", j->p.scheme, i->name);
        /* not_available, as people read it */
        for (const char *p = result != NULL ? result : "no result"; *p != '\0'; p++)
            fputc(*p == '_' ? ' ' : *p, b->progress);
        fprintf(b->progress, "%s\n", done == &kept ? " (kept: the libraries did not change)" : "");
        if (!katgate_passed(b->kat, i->build, i->name, result, done, &why)) {
            refused[x] = true;
            strlist_addf(&c->left_out, "%s %s", j->p.scheme, why.v[why.n - 1]);
        }
        free(result);
    }
    for (size_t k = 0; k < n; k++)
        job_free(&jobs[k]);
    free(jobs);
    free(which);
    strlist_free(&why);
    return rc;
}

/* Add to C the jobs of the instances of J that built and that the KAT
 * gate did not refuse (REFUSED), the others to its left-out list, and
 * say how many built on B's progress; 0, or -1 when a job cannot be
 * added. */
static int build_take(struct campaign *c, const struct profile_job *j, const bool *refused,
                      const struct campaign_build *b, const char *self, char *const *run_flags)
{
    size_t built = 0, stopped = 0;
    int rc = 0;

    for (size_t x = 0; x < j->p.n && rc == 0; x++) {
        built += j->r[x].ok;
        stopped += refused[x];
        if (j->r[x].ok && !refused[x]) {
            rc = campaign_add_instance(c, j->p.scheme, j->p.build, j->p.inst[x].name, self,
                                       run_flags);
        } else if (!j->r[x].ok) {
            const char *m = j->r[x].message != NULL ? j->r[x].message : "not built";

            strlist_addf(&c->left_out, "%s %s: %.*s", j->p.scheme, j->p.inst[x].name,
                         (int)strcspn(m, "\n"), m);
        }
    }
    fprintf(b->progress, "campaign: %s: built %zu of %zu instances under %s", j->p.scheme, built,
            j->p.n, j->p.build);
    if (stopped > 0)
        fprintf(b->progress, "; %zu stopped by the KAT gate", stopped);
    fputc('\n', b->progress);
    return rc;
}

/* Plan and build PKG with ARGS, then run the KAT gates as B says, the
 * messages going to LOG; the jobs of the instances that built (and went
 * through the gate) go to C.  0, or -1 when a signal came. */
static int build_run(struct campaign *c, const struct cmd_args *args, const char *pkg,
                     const char *log, const struct campaign_build *b, const char *self,
                     char *const *run_flags)
{
    struct profile_job j;
    int rc, err = dup(STDERR_FILENO),
            fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    bool begun, *refused = NULL;

    fflush(stderr);
    if (fd >= 0)
        dup2(fd, STDERR_FILENO);
    rc = profile_begin(args, true, NULL, &j);
    if ((begun = rc == EXIT_OK)) {
        refused = calloc(j.p.n + 1, sizeof *refused);
        if (build_all(&j.p, &j.s, j.r) != 0 || build_kat(c, &j, b, refused) != 0)
            rc = -1;
    }
    fflush(stderr);
    dup2(err, STDERR_FILENO);
    close(err);
    if (fd >= 0)
        close(fd);
    jobs_release_signals();
    if (jobs_interrupted() != 0) {
        cmd_error("%s: interrupted while building", pkg);
        if (begun)
            profile_end(&j);
        free(refused);
        return -1;
    }
    if (rc != EXIT_OK) {
        char *line = file_last_line(log), *why = line;
        size_t len = strlen(cmd_prefix());

        /* the error's line, without the prefix this command's lines share */
        if (strncmp(why, cmd_prefix(), len) == 0)
            why += len;
        strlist_addf(&c->left_out, "%s: %s", pkg, why[0] ? why : "cannot be planned");
        fprintf(b->progress, "campaign: %s: left out: %s (%s)\n", pkg, why, log);
        free(line);
        if (begun)
            profile_end(&j);
        free(refused);
        return 0;
    }
    rc = build_take(c, &j, refused, b, self, run_flags);
    /* held to the end: no other build may replace a library being measured */
    c->locks = realloc(c->locks, (c->nlocks + 1) * sizeof *c->locks);
    c->locks[c->nlocks++] = dup(j.lock);
    profile_end(&j);
    free(refused);
    return rc;
}

/* Build one package and add the jobs of what built. */
int campaign_build_package(struct campaign *c, const char *pkg, const struct campaign_build *b,
                           const char *self, char *const *run_flags)
{
    struct strlist argv = {0};
    struct cmd_args args;
    const char *base = strrchr(pkg, '/') != NULL ? strrchr(pkg, '/') + 1 : pkg;
    char *dir = xasprintf("%s/.campaign/build", c->out), *log = xasprintf("%s/%s.log", dir, base);
    int rc;

    build_argv(b, pkg, &argv);
    fprintf(b->progress, "campaign: building %s\n", pkg);
    fflush(b->progress);
    if (file_mkdirs(dir) != 0) {
        cmd_error("%s: %s", dir, strerror(errno));
        rc = -1;
    } else if (cmd_parse(&cmd_profile_entry, (int)argv.n, argv.v, &args) != EXIT_OK) {
        rc = -1;
    } else {
        rc = build_run(c, &args, pkg, log, b, self, run_flags);
        cmd_args_free(&args);
    }
    fflush(b->progress);
    strlist_free(&argv);
    free(log);
    free(dir);
    return rc;
}
