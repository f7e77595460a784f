/* cmd-profile.c - `iccsprof profile [PACKAGE] [options] [-- RUN OPTIONS]`:
 * the whole job on a scheme package: plan it, build every instance plain
 * and profiled, run `iccsprof run` on each one that built (one after the
 * other: two at once would time each other), then report the records of
 * this run.  Progress goes to stderr, the report to stdout. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "util/atomic-file.h"
#include "util/build-files.h"
#include "util/build-jobs.h"
#include "cmd/export.h"
#include "whatif/hashpkg.h"
#include "util/format.h"
#include "kat/kat-gate.h"
#include "cmd/profile-options.h"
#include "report/provenance.h"
#include "cmd/run-options.h"
#include "whatif/substitute.h"

/* Seconds of CLOCK_MONOTONIC. */
static double profile_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Print the outcome of each instance's build. */
static void profile_say_builds(const struct plan *p, const struct build_result *r)
{
    for (size_t x = 0; x < p->n; x++) {
        const char *m = r[x].message != NULL ? r[x].message : "not built";

        while (*m != '\0') {
            size_t len = strcspn(m, "\n");

            if (m[len] == '\0')
                plan_note("%s: %.*s (%.1f s)", p->inst[x].name, (int)len, m, r[x].seconds);
            else
                plan_note("%s: %.*s", p->inst[x].name, (int)len, m);
            m += len + (m[len] == '\n');
        }
        for (size_t k = 0; k < r[x].left_out.n; k++)
            plan_note("%s: left out %s, a program that does not compile: %s", p->inst[x].name,
                      r[x].left_out.v[k], r[x].left_out_why.v[k]);
    }
}

/* Where the measurement stands: the instances to measure, the one under
 * way, and what the ones before measured, for the progress of each run. */
struct profile_place {
    size_t index, count;
    double start;   /* CLOCK_MONOTONIC seconds at the first instance */
    unsigned ops;   /* operations recorded before this instance */
    double seconds; /* and the seconds their runs took */
};

/* The seconds of measuring a whole profile aims at by default, shared by
 * every pass: a page in about a minute; --max-seconds sets a pass's own. */
#define PROFILE_BUDGET_SECONDS 60.0
/* A pass's share of the budget is kept within these bounds: below the
 * first, a pass would not get past its minimum; the second is run's own
 * default. */
#define PROFILE_PASS_LEAST_SECONDS 1.0
#define PROFILE_PASS_MOST_SECONDS 120.0
/* The plain pass's minimum aims at this part of its budget at most,
 * leaving the rest for the precision asked. */
#define PROFILE_TARGET_SHARE 0.4
#define PROFILE_TARGET_SECONDS 2.0

/* The operations instance I will measure: --op's list, or for all the
 * operations of its type (a key exchange has five at least; a type not
 * known counts as a signature's three). */
static unsigned profile_op_count(const char *ops, const struct plan_instance *i)
{
    unsigned n = 1;

    if (strcmp(ops, "all") == 0)
        return i->type != NULL && strcmp(i->type, "kex") == 0 ? 5 : 3;
    for (const char *c = ops; *c != '\0'; c++)
        n += *c == ',';
    return n;
}

/* The seconds each pass of instance I may take when --max-seconds is not
 * given: the budget shared by the two passes of each operation of the
 * AT->count instances, within the bounds above. */
static double profile_pass_seconds(const struct profile_options *o, const struct plan_instance *i,
                                   const struct profile_place *at)
{
    double passes = 2.0 * profile_op_count(o->ops, i) * (at->count > 0 ? (double)at->count : 1);
    double s = PROFILE_BUDGET_SECONDS / passes;

    return s < PROFILE_PASS_LEAST_SECONDS  ? PROFILE_PASS_LEAST_SECONDS
           : s > PROFILE_PASS_MOST_SECONDS ? PROFILE_PASS_MOST_SECONDS
                                           : s;
}

/* The time options of instance I's run: --max-seconds as given, else the
 * pass's share of the budget (at least a --target-seconds given), and a
 * --target-seconds (unless given) that leaves room in it for the
 * precision asked. */
static void profile_time_argv(const struct profile_options *o, const struct plan_instance *i,
                              const struct profile_place *at, struct strlist *argv)
{
    double pass =
        o->max_seconds != NULL ? strtod(o->max_seconds, NULL) : profile_pass_seconds(o, i, at);
    double target = PROFILE_TARGET_SHARE * pass;

    /* a minimum asked for longer than the pass's share: the share holds it */
    if (o->max_seconds == NULL && o->target_seconds != NULL &&
        strtod(o->target_seconds, NULL) > pass)
        pass = strtod(o->target_seconds, NULL);
    strlist_add(argv, "--max-seconds");
    if (o->max_seconds != NULL)
        strlist_add(argv, o->max_seconds);
    else
        strlist_addf(argv, "%.3g", pass);
    strlist_add(argv, "--target-seconds");
    if (o->target_seconds != NULL)
        strlist_add(argv, o->target_seconds);
    else
        strlist_addf(argv, "%.3g",
                     target < PROFILE_TARGET_SECONDS ? target : PROFILE_TARGET_SECONDS);
}

/* The `iccsprof run` command of instance I, at place AT. */
static void profile_run_argv(const struct profile_options *o, const struct plan *p,
                             const struct plan_instance *i, const char *dir,
                             const struct profile_place *at, struct strlist *argv)
{
    strlist_add(argv, profile_self());
    strlist_add(argv, "run");
    strlist_add(argv, "--plain");
    strlist_addf(argv, "%s/lib%s.so", i->build, i->name);
    strlist_add(argv, "--profiled");
    strlist_addf(argv, "%s/lib%s.prof.so", i->build, i->name);
    strlist_add(argv, "--op");
    strlist_add(argv, o->ops);
    strlist_add(argv, "--out-dir");
    strlist_add(argv, dir);
    strlist_add(argv, "--scheme");
    strlist_add(argv, p->scheme);
    strlist_add(argv, "--instance");
    strlist_add(argv, i->name);
    strlist_add(argv, "--build-info");
    strlist_addf(argv, "%s/build.json", i->build);
    if (o->trials != NULL) {
        strlist_add(argv, "--trials");
        strlist_add(argv, o->trials);
    }
    profile_time_argv(o, i, at, argv);
    if (o->sample != NULL) {
        strlist_add(argv, "--sample");
        strlist_add(argv, o->sample);
    }
    if (o->callers != NULL && o->callers[0] != '\0')
        strlist_addf(argv, "--callers=%s", o->callers);
    else if (o->callers != NULL)
        strlist_add(argv, "--callers");
    if (o->cpu != NULL) {
        strlist_add(argv, "--cpu");
        strlist_add(argv, o->cpu);
    }
    if (o->processes != NULL) {
        strlist_add(argv, "--timing-processes");
        strlist_add(argv, o->processes);
        strlist_add(argv, "--profile-processes");
        strlist_add(argv, o->processes);
    }
    if (o->substitute != NULL) {
        strlist_add(argv, "--substitute");
        strlist_add(argv, o->substitute);
    }
    if (o->allow_unverified)
        strlist_add(argv, "--allow-unverified");
    if (o->precision != NULL) {
        strlist_add(argv, "--precision");
        strlist_add(argv, o->precision);
    }
    if (!o->fresh)
        strlist_add(argv, "--resume");
    strlist_add(argv, "--within");
    strlist_addf(argv, "%zu/%zu:%.3f:%u:%.3f", at->index, at->count, at->start, at->ops,
                 at->seconds);
    if (o->run_flags != NULL)
        strlist_add_words(argv, o->run_flags);
}

/* The KAT gate of instance I (`iccsprof kat`, unless --kat off): 0 when
 * the instance goes on to be timed, 1 when it stops here (the reason in
 * FAILURES), -1 when a signal came.  Its result, kat.json beside
 * build.json, goes into the records. */
static int profile_kat_gate(const struct profile_options *o, const struct plan_instance *i,
                            struct strlist *failures)
{
    struct job j = {0};
    int rc = 0;

    if (strcmp(o->kat, "off") == 0) {
        katgate_forget(i->build);
        return 0;
    }
    plan_note("%s: KAT gate (time-out %s s)", i->name, o->kat_timeout);
    katgate_job(i->build, i->name, o->kat_timeout, &j);
    if (jobs_run(&j, 1, 1) != 0)
        rc = -1;
    else {
        char *result = katgate_result(i->build);

        if (!katgate_passed(o->kat, i->build, i->name, result, &j, failures))
            rc = 1;
        free(result);
    }
    job_free(&j);
    return rc;
}

/* The records in DIR of the instances RUN written since START (this
 * run's) into MINE, and the others into OLDER. */
static void profile_records(const char *dir, const struct strlist *run, time_t start,
                            struct strlist *mine, struct strlist *older)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    struct strlist names = {0};

    while (d != NULL && (e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);

        if (e->d_name[0] != '.' && len > 5 && strcmp(e->d_name + len - 5, ".json") == 0)
            strlist_add(&names, e->d_name);
    }
    if (d != NULL)
        closedir(d);
    strlist_sort(&names);
    for (size_t k = 0; k < names.n; k++) {
        char *path = xasprintf("%s/%s", dir, names.v[k]);
        struct stat st;
        bool ours = false;

        for (size_t i = 0; i < run->n && !ours; i++) {
            size_t n = strlen(run->v[i]);

            ours = strncmp(names.v[k], run->v[i], n) == 0 &&
                   strncmp(names.v[k] + n, "__", 2) == 0 && stat(path, &st) == 0 &&
                   st.st_mtime >= start;
        }
        strlist_add(ours ? mine : older, ours ? path : names.v[k]);
        free(path);
    }
    strlist_free(&names);
}

/* Whether the record at PATH was made at SINCE or later (its "created"
 * time, which a record kept by --resume keeps from the run that made
 * it). */
static bool profile_made_since(const char *path, const char *since)
{
    json_t *rec = json_load_file(path, 0, NULL);
    const char *made = json_string_value(json_object_get(rec, "created"));
    bool yes = made != NULL && strcmp(made, since) >= 0;

    json_decref(rec);
    return yes;
}

/* The records of instance NAME in DIR its run measured since SINCE: those
 * changed since then (the measured and the kept ones, which it touches)
 * that it made. */
static unsigned profile_count_records(const char *dir, const char *name, time_t since)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    size_t n = strlen(name);
    unsigned count = 0;
    char iso[32];
    struct tm tm;

    strftime(iso, sizeof iso, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&since, &tm));

    while (d != NULL && (e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        char *path;
        struct stat st;

        if (strncmp(e->d_name, name, n) != 0 || strncmp(e->d_name + n, "__", 2) != 0 || len < 5 ||
            strcmp(e->d_name + len - 5, ".json") != 0)
            continue;
        path = xasprintf("%s/%s", dir, e->d_name);
        count += stat(path, &st) == 0 && st.st_mtime >= since && profile_made_since(path, iso);
        free(path);
    }
    if (d != NULL)
        closedir(d);
    return count;
}

/* Profile instance I at place AT (its KAT gate first): 0, or -1 when a
 * signal stopped it.  Its name goes to RUN once its run started; what
 * failed, to FAILURES; AT gets what it measured. */
static int profile_instance(const struct profile_options *o, const struct plan *p,
                            const struct plan_instance *i, const char *dir,
                            struct profile_place *at, struct strlist *run, struct strlist *failures)
{
    struct job j = {0};
    double t0 = profile_now();
    time_t since = time(NULL);
    int gate = profile_kat_gate(o, i, failures), rc = 0;

    if (gate != 0)
        return gate < 0 ? -1 : 0;
    profile_run_argv(o, p, i, dir, at, &j.argv);
    plan_note("%s: profiling (--op %s)", i->name, o->ops);
    strlist_add(run, i->name);
    if (jobs_run(&j, 1, 1) != 0)
        rc = -1;
    else if (j.status == 0)
        plan_note("%s: profiled in %.1f s", i->name, profile_now() - t0);
    else if (j.status == 1)
        strlist_addf(failures, "%s: an operation failed (its record in %s says why)", i->name, dir);
    else
        strlist_addf(failures, "%s: iccsprof run refused its input (exit %d)", i->name, j.status);
    at->ops += profile_count_records(dir, i->name, since);
    at->seconds += profile_now() - t0;
    job_free(&j);
    return rc;
}

/* The report of RECORDS on stdout, and in the files EX asks for (the
 * Markdown one is what stdout gets, unless an export took stdout); 0,
 * EXIT_USAGE when the report could not be written (it said why: a full
 * disk, a closed pipe), or -1 when a signal came. */
static int profile_report(const struct strlist *records, const struct export_files *ex,
                          const char *dir, struct strlist *failures)
{
    struct job j = {0};
    int failed = export_write(ex, records), rc = 0;
    char *md;

    if (failed < 0)
        return -1;
    if (failed > 0)
        strlist_addf(failures, "%d of the --export files", failed);
    if (export_to_stdout(ex))
        return 0; /* an export took stdout: it is the report there */
    if (ex->path[EXPORT_MD] != NULL && (md = file_read(ex->path[EXPORT_MD])) != NULL) {
        fputs(md, stdout);
        free(md);
        return 0;
    }
    strlist_add(&j.argv, profile_self());
    strlist_add(&j.argv, "report");
    strlist_extend(&j.argv, records);
    j.keep_stdout = true;
    if (jobs_run(&j, 1, 1) != 0)
        rc = -1;
    else if (j.status == EXIT_USAGE)
        rc = EXIT_USAGE;
    else if (j.status != 0)
        strlist_addf(failures, "the report of %s", dir);
    job_free(&j);
    return rc;
}

/* Say what the run did: the instances profiled, what failed, the older
 * records left out of the report; after an interruption by SIG, what is
 * kept and how to resume. */
static void profile_summary(const struct plan *p, const char *dir, size_t profiled,
                            const struct strlist *failures, const struct strlist *mine,
                            const struct strlist *older, int sig)
{
    char name[32];

    if (sig != 0)
        plan_say("interrupted by %s: %zu operation record%s of this run kept in %s (the report "
                 "below); the same command again resumes, measuring only what has no up-to-date "
                 "record (--fresh measures everything again)",
                 fmt_signal(name, sizeof name, sig), mine->n, mine->n == 1 ? "" : "s", dir);
    else
        plan_note("%zu of %zu instances of %s profiled into %s", profiled, p->n, p->scheme, dir);
    for (size_t k = 0; k < failures->n; k++)
        plan_say("failed: %s", failures->v[k]);
    if (older->n > 0) {
        char *list = strlist_join(older, " ");

        plan_note("older records in %s, not in this report: %s", dir, list);
        free(list);
    }
}

/* Profile every built instance, then report what was measured, also after
 * an interruption; the exit status (128 + the signal that came, -1 when
 * one came during the report). */
static int profile_measure(const struct profile_options *o, const struct plan *p,
                           const struct build_result *r, const char *dir,
                           const struct export_files *ex, struct strlist *failures)
{
    struct strlist run = {0}, mine = {0}, older = {0};
    struct profile_place at = {0, 0, profile_now(), 0, 0};
    size_t profiled = 0, failed_before;
    time_t start = time(NULL);
    int rc = EXIT_OK, sig;

    if (file_mkdirs(dir) != 0) {
        plan_say("%s: %s", dir, strerror(errno));
        return EXIT_USAGE;
    }
    for (size_t x = 0; x < p->n; x++)
        at.count += r[x].ok;
    for (size_t x = 0; x < p->n && rc == 0; x++) {
        if (!r[x].ok)
            continue;
        at.index++;
        failed_before = failures->n;
        rc = profile_instance(o, p, &p->inst[x], dir, &at, &run, failures);
        profiled += rc == 0 && failures->n == failed_before;
    }
    sig = rc != 0 ? jobs_interrupted() : 0;
    profile_records(dir, &run, start, &mine, &older);
    profile_summary(p, dir, profiled, failures, &mine, &older, sig);
    /* the report of this run's records, failed ones included, and after
     * an interruption the report of what finished */
    jobs_clear_interrupt();
    rc = 0;
    if (mine.n > 0)
        rc = profile_report(&mine, ex, dir, failures);
    else if (export_any(ex) && sig == 0)
        strlist_addf(failures, "no record of this run to export");
    strlist_free(&run);
    strlist_free(&mine);
    strlist_free(&older);
    if (sig != 0)
        return 128 + sig;
    if (rc < 0)
        return -1;
    if (rc == EXIT_USAGE)
        return EXIT_USAGE;
    return failures->n > 0 ? EXIT_FAIL : EXIT_OK;
}

/* Whether the folder DIR, given by OPTION, exists or can be made and
 * takes new files; EXIT_OK, or EXIT_USAGE after a line naming both. */
static int profile_check_dir(const char *option, const char *dir)
{
    if (atomic_dir_creatable(dir) == 0)
        return EXIT_OK;
    plan_say("%s %s: %s", option, dir, strerror(errno));
    return EXIT_USAGE;
}

/* Check, before anything is planned or built, what the run will need:
 * the options each `iccsprof run` will get (checked as run checks them,
 * with the option named), the folders given, and the export files. */
static int profile_check_first(const struct cmd_args *args, struct export_files *ex)
{
    struct profile_options o;
    struct plan p = {.scheme = "scheme"};
    struct plan_instance i = {.name = "instance", .build = "build"};
    struct profile_place first = {1, 1, 0, 0, 0};
    struct strlist argv = {0}, flags = {0};
    char *read[1];
    int rc;

    if ((rc = profile_parse(args, true, &o)) != EXIT_OK)
        return rc;
    read[0] = (char *)o.profile_dir; /* the records the exports read */
    profile_run_argv(&o, &p, &i, "profiles", &first, &argv);
    export_take(args, PROFILE_OPT_EXPORT, ex);
    if (o.run_flags != NULL)
        strlist_add_words(&flags, o.run_flags);
    if ((rc = run_flags_check_own(args->entry, &flags)) == EXIT_OK &&
        (rc = run_options_check(args->entry, (int)argv.n - 1, argv.v + 1)) == EXIT_OK &&
        (rc = profile_check_dir("--builddir", o.plan.builddir)) == EXIT_OK &&
        (o.profile_dir == NULL ||
         (rc = profile_check_dir("--profile-dir", o.profile_dir)) == EXIT_OK))
        rc = export_check(args->entry, ex, read, o.profile_dir != NULL ? 1 : 0);
    strlist_free(&argv);
    strlist_free(&flags);
    free(o.builddir_owned);
    return rc;
}

/* Build and KAT-check the hash packages --substitute names once for
 * every instance, under the scheme's build folder: each `iccsprof run`
 * finds them in its environment (hashpkg_export).  EXIT_OK, or the
 * status after the reason a package is refused. */
static int profile_substitutes(const struct cmd_args *args, const struct profile_options *o,
                               const struct plan *p)
{
    json_t *list;
    char *root;
    int rc;

    if (o->substitute == NULL || strstr(o->substitute, "pkg:") == NULL)
        return EXIT_OK;
    if ((rc = subst_parse(args->entry->name, o->substitute, &list)) != EXIT_OK)
        return rc;
    root = xasprintf("%s/whatif", p->build);
    if ((rc = subst_resolve(list, root, o->allow_unverified)) == EXIT_OK)
        hashpkg_export();
    free(root);
    json_decref(list);
    return rc;
}

/* Plan, build, profile, report. */
static int cmd_profile_exec(const struct cmd_args *args)
{
    struct profile_job j;
    struct export_files ex;
    struct strlist failures = {0};
    char *dir;
    int rc, out_lock = -1;
    size_t built = 0;

    if ((rc = profile_check_first(args, &ex)) != EXIT_OK ||
        (rc = profile_begin(args, true, "--builddir", &j)) != EXIT_OK)
        return rc;
    /* the report it runs names this command as what made it */
    provenance_export();
    dir = j.o.profile_dir != NULL ? xstrdup(j.o.profile_dir) : xasprintf("profiles/%s", j.p.scheme);
    if (!j.o.build_only && ((rc = profile_check_dir("--profile-dir", dir)) != EXIT_OK ||
                            (out_lock = profile_lock(dir, "--profile-dir")) < 0)) {
        free(dir);
        profile_end(&j);
        return rc != EXIT_OK ? rc : EXIT_USAGE;
    }
    if (build_all(&j.p, &j.s, j.r) != 0) {
        rc = -1;
    } else {
        profile_say_builds(&j.p, j.r);
        for (size_t x = 0; x < j.p.n; x++) {
            if (j.r[x].ok)
                built++;
            else
                strlist_addf(&failures, "%s: build failed (%.*s)", j.p.inst[x].name,
                             (int)strcspn(j.r[x].message, "\n"), j.r[x].message);
        }
        if (j.o.build_only) {
            plan_note("built %zu of %zu instances of %s under %s", built, j.p.n, j.p.scheme,
                      j.p.build);
            for (size_t k = 0; k < failures.n; k++)
                plan_say("failed: %s", failures.v[k]);
            rc = failures.n > 0 ? EXIT_FAIL : EXIT_OK;
        } else if ((rc = profile_substitutes(args, &j.o, &j.p)) == EXIT_OK) {
            rc = profile_measure(&j.o, &j.p, j.r, dir, &ex, &failures);
        }
    }
    if (rc < 0 || jobs_interrupted() != 0)
        rc = 128 + jobs_interrupted();
    if (out_lock >= 0)
        close(out_lock);
    free(dir);
    strlist_free(&failures);
    profile_end(&j);
    return rc;
}

const struct cmd_entry cmd_profile_entry = {
    .name = "profile",
    .operands = "[PACKAGE]",
    .summary = "build a scheme package (a folder, an archive, or an official id or name such as "
               "sign-29) plain and profiled, measure each instance, report",
    .options = profile_profile_options,
    .exec = cmd_profile_exec,
    .quiet = "print the report and errors only: no progress, no line per instance or operation",
    .verbose = "also show every command run (compilers, linker, KAT drivers, measurements)",
};
