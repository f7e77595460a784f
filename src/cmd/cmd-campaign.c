/* cmd-campaign.c - `iccsprof campaign`: build many packages and profile
 * every instance, one job per operation, on pinned cores or through GNU
 * parallel or Slurm; `campaign merge` and `campaign report` gather and
 * summarize output folders. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/atomic-file.h"
#include "util/build-files.h"
#include "util/build-jobs.h"
#include "campaign/campaign.h"
#include "cmd/campaign-build.h"
#include "cmd/cmd.h"
#include "cmd/export.h"
#include "util/format.h"
#include "host/hostcheck.h"
#include "host/pin.h"
#include "cmd/profile-options.h"
#include "report/provenance.h"
#include "cmd/run-options.h"
#include "site/site.h"
#include "whatif/substitute.h"

enum {
    CAMP_OUT,
    CAMP_PACKAGES,
    CAMP_ONLY,
    CAMP_JOBS,
    CAMP_CPUS,
    CAMP_DEFER,
    CAMP_SKIP_DEFERRED,
    CAMP_RUN_FLAGS,
    CAMP_SUBSTITUTE,
    CAMP_BUILDDIR,
    CAMP_BUILD_FLAGS,
    CAMP_KAT,
    CAMP_KAT_TIMEOUT,
    CAMP_EMIT,
    CAMP_PIN,
    CAMP_ALLOW_MIXED,
    CAMP_SITE,
    CAMP_EXPORT, /* --export-md, -csv, -json, -svg: EXPORT_NFORMATS rows */
};

static const char *const campaign_engines[] = {"parallel", "slurm", NULL};
static const char *const campaign_kat_modes[] = {"off", "check", "require", NULL};

static const struct cmd_option campaign_options[] = {
    [CAMP_OUT] = {.name = "out",
                  .kind = CMD_OPT_STRING,
                  .metavar = "DIR",
                  .help = "the output folder: DIR/SCHEME/INSTANCE__OP.json and .log; required"},
    [CAMP_PACKAGES] = {.name = "packages",
                       .kind = CMD_OPT_STRING,
                       .metavar = "DIR",
                       .help = "a folder of packages as downloaded, archives and folders alike, "
                               "taken in the catalog's order (after the packages given)"},
    [CAMP_ONLY] = {.name = "only",
                   .kind = CMD_OPT_STRING,
                   .metavar = "IDS",
                   .def_note = "every package",
                   .help = "with --packages: the packages whose catalog ids match one of these "
                           "comma-separated shell patterns (sign-*, or sign-18,sign-29)"},
    [CAMP_JOBS] = {.name = "jobs",
                   .short_name = 'j',
                   .kind = CMD_OPT_UINT,
                   .metavar = "N",
                   .lo = 1,
                   .hi = CPU_SETSIZE,
                   .def = "1",
                   .help = "measure N jobs at a time, each pinned to a core of its own; "
                           "compile and run KAT gates N at a time"},
    [CAMP_CPUS] = {.name = "cpus",
                   .kind = CMD_OPT_STRING,
                   .metavar = "LIST",
                   .def_note = "the CPUs this process may run on",
                   .help = "the cores to pin jobs to (a kernel CPU list, e.g. 2-3,6); the first N "
                           "are used"},
    [CAMP_DEFER] = {.name = "defer",
                    .kind = CMD_OPT_STRING,
                    .metavar = "PATTERN",
                    .help = "run the jobs whose SCHEME/INSTANCE/OP matches the shell PATTERN "
                            "after the others; repeatable"},
    [CAMP_SKIP_DEFERRED] = {.name = "skip-deferred",
                            .kind = CMD_OPT_FLAG,
                            .help = "leave the deferred jobs out of this run"},
    [CAMP_RUN_FLAGS] = {.name = "run-flags",
                        .kind = CMD_OPT_STRING,
                        .metavar = "FLAGS",
                        .help = "further iccsprof run options for every job, split at blanks"},
    [CAMP_SUBSTITUTE] = {.name = "substitute",
                         .kind = CMD_OPT_STRING,
                         .metavar = "HELPER=CANDIDATE[,...]",
                         .help = "what if: every job's iccsprof run serves the helpers with these "
                                 "candidate hashes (as run --substitute; package folders made "
                                 "absolute)"},
    [CAMP_BUILDDIR] = {.name = "builddir",
                       .kind = CMD_OPT_STRING,
                       .metavar = "DIR",
                       .def_note = "OUT/.campaign/build",
                       .help = "the root of the packages' build folders"},
    [CAMP_BUILD_FLAGS] = {.name = "build-flags",
                          .kind = CMD_OPT_STRING,
                          .metavar = "FLAGS",
                          .help = "further iccsprof profile options for every package's build "
                                  "(e.g. --impl optimized), split at blanks"},
    [CAMP_KAT] = {.name = "kat",
                  .kind = CMD_OPT_CHOICE,
                  .metavar = "MODE",
                  .choices = campaign_kat_modes,
                  .def = "check",
                  .help = "the KAT gate of each built instance: off, check (the result marks its "
                          "records) or require (an instance whose KAT does not pass is no job)"},
    [CAMP_KAT_TIMEOUT] = {.name = "kat-timeout",
                          .kind = CMD_OPT_SECONDS,
                          .metavar = "S",
                          .def = "600",
                          .help = "seconds each run of a KAT driver may take"},
    [CAMP_EMIT] = {.name = "emit",
                   .kind = CMD_OPT_CHOICE,
                   .metavar = "ENGINE",
                   .choices = campaign_engines,
                   .help = "print the jobs as a GNU parallel job file or a Slurm array script "
                           "instead of running them; each job keeps a record already made "
                           "under its settings, so that running the list again measures only "
                           "what is missing"},
    [CAMP_PIN] = {.name = "pin",
                  .kind = CMD_OPT_STRING,
                  .metavar = "slot|N|none",
                  .def = "slot",
                  .help = "--emit parallel: pin each job to core (job slot - 1), to core N, or "
                          "not at all"},
    [CAMP_ALLOW_MIXED] = {.name = "allow-mixed-hosts",
                          .kind = CMD_OPT_FLAG,
                          .help = "merge: gather records of different hosts into one folder"},
    [CAMP_SITE] = {.name = "site",
                   .kind = CMD_OPT_STRING,
                   .metavar = "DIR",
                   .help = "also write the published pages as a static HTML site in DIR (as "
                           "iccsprof site does; with report, of every folder given, one per "
                           "system)"},
    EXPORT_OPTION_ROWS(CAMP_EXPORT),
    {0},
};

/* The first N cores of --cpus (or of the allowed CPUs) into CPUS; EXIT_OK,
 * or EXIT_USAGE after a one-line error. */
static int campaign_cpus(const struct cmd_args *args, int *cpus, size_t n)
{
    cpu_set_t set;
    size_t k = 0;

    if (args->opt[CAMP_CPUS].given) {
        if (hostcheck_parse_cpulist(args->opt[CAMP_CPUS].text, &set) != 0)
            return cmd_usage_error(&cmd_campaign_entry, "--cpus: '%s' is not a CPU list",
                                   args->opt[CAMP_CPUS].text);
    } else if (hostcheck_allowed(hostcheck_root(), &set) != 0) {
        cmd_error("the allowed CPUs: %s", strerror(errno));
        return EXIT_USAGE;
    }
    for (int c = 0; c < CPU_SETSIZE && k < n; c++)
        if (CPU_ISSET(c, &set)) {
            if (pin_allowed(cmd_campaign_entry.name, c) != EXIT_OK)
                return EXIT_USAGE;
            cpus[k++] = c;
        }
    if (k < n)
        return cmd_usage_error(&cmd_campaign_entry,
                               "-j %zu: only %zu cores to pin to (one measurement per core)", n,
                               (size_t)CPU_COUNT(&set));
    return EXIT_OK;
}

/* The output folder, created and made absolute into C; EXIT_OK or EXIT_USAGE. */
static int campaign_out(const struct cmd_args *args, struct campaign *c)
{
    const char *out = args->opt[CAMP_OUT].text;
    char real[PATH_MAX];

    if (out == NULL)
        return cmd_usage_error(&cmd_campaign_entry, "--out DIR is required");
    if (args->opt[CAMP_EMIT].given &&
        (campaign_emit_check("--out", out) != 0 ||
         (args->opt[CAMP_BUILDDIR].text != NULL &&
          campaign_emit_check("--builddir", args->opt[CAMP_BUILDDIR].text) != 0)))
        return EXIT_USAGE;
    if ((mkdir(out, 0777) != 0 && errno != EEXIST) || realpath(out, real) == NULL) {
        cmd_error("%s: %s", out, strerror(errno));
        return EXIT_USAGE;
    }
    c->out = strdup(real);
    return EXIT_OK;
}

/* Lock the output folder C->out for this campaign (OUT/.campaign/lock,
 * holding this process's id): two campaigns in one folder would run each
 * job twice.  The lock is held to the end, with the build folders'.
 * EXIT_OK, or EXIT_USAGE after a one-line error naming the other one. */
static int campaign_lock_out(struct campaign *c)
{
    char *dir = xasprintf("%s/.campaign", c->out), *path = xasprintf("%s/lock", dir), pid[32] = "";
    int fd = -1, status = EXIT_USAGE;
    ssize_t n;

    if (file_mkdirs(dir) != 0 || (fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666)) < 0) {
        cmd_error("%s: %s", path, strerror(errno));
    } else if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if (errno != EWOULDBLOCK) {
            cmd_error("%s: cannot lock: %s", path, strerror(errno));
        } else {
            n = pread(fd, pid, sizeof pid - 1, 0);
            pid[n > 0 ? strcspn(pid, "\n") : 0] = '\0';
            cmd_error("%s: another campaign is running in this output folder (process %s)", c->out,
                      pid[0] ? pid : "unknown");
        }
    } else {
        snprintf(pid, sizeof pid, "%d\n", (int)getpid());
        if (ftruncate(fd, 0) == 0 && pwrite(fd, pid, strlen(pid), 0) >= 0) {
            c->locks = realloc(c->locks, (c->nlocks + 1) * sizeof *c->locks);
            c->locks[c->nlocks++] = fd;
            fd = -1;
            status = EXIT_OK;
        } else {
            cmd_error("%s: %s", path, strerror(errno));
        }
    }
    if (fd >= 0)
        close(fd);
    free(path);
    free(dir);
    return status;
}

/* Write the summary of the output folder to OUT/summary.md and stdout. */
static int campaign_report_out(const char *out)
{
    char path[PATH_MAX], *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    char *paths[] = {(char *)out};
    int status = campaign_summary(paths, 1, f);

    fclose(f);
    snprintf(path, sizeof path, "%s/summary.md", out);
    f = fopen(path, "w");
    if (f == NULL || fwrite(text, 1, len, f) != len || fclose(f) != 0) {
        cmd_error("%s: %s", path, strerror(errno));
        status = EXIT_USAGE;
    }
    fwrite(text, 1, len, stdout);
    free(text);
    return status;
}

/* Whether PIN is slot, none or a core number. */
static bool campaign_pin_ok(const char *pin)
{
    return strcmp(pin, "slot") == 0 || strcmp(pin, "none") == 0 ||
           (pin[0] != '\0' && strspn(pin, "0123456789") == strlen(pin) && strlen(pin) < 6);
}

/* Print the instances that did not build. */
static void campaign_say_build_failures(const struct campaign *c, FILE *out)
{
    for (size_t i = 0; i < c->left_out.n; i++)
        fprintf(out, "campaign: left out: %s\n", c->left_out.v[i]);
}

/* Whether the site folder DIR (NULL: none asked for) may take the site of
 * the NFOLDERS FOLDERS, before they are measured; 0, or -1 after a
 * one-line error. */
static int campaign_site_check(const char *dir, char *const *folders, size_t nfolders)
{
    struct site s = {.out = dir};

    return dir != NULL ? site_check_out(&s, folders, nfolders) : 0;
}

/* Check, before anything is built, what the jobs will need: the options
 * every `iccsprof run` gets (as run checks them), the folders given, and
 * the export files. */
static int campaign_check_first(const struct cmd_args *args, const struct strlist *run_flags,
                                struct export_files *ex)
{
    struct strlist argv = {0};
    const char *dirs[] = {"out", args->opt[CAMP_OUT].text, "builddir",
                          args->opt[CAMP_BUILDDIR].text};
    char *read[1];
    int rc;

    strlist_add(&argv, "campaign");
    strlist_add_words(&argv, "--plain lib.so --profiled lib.prof.so --op keygen --out r.json");
    strlist_extend(&argv, run_flags);
    if ((rc = run_flags_check_own(&cmd_campaign_entry, run_flags)) == EXIT_OK)
        rc = run_options_check(&cmd_campaign_entry, (int)argv.n, argv.v);
    strlist_free(&argv);
    for (size_t i = 0; i < 4 && rc == EXIT_OK; i += 2)
        if (dirs[i + 1] != NULL && atomic_dir_creatable(dirs[i + 1]) != 0) {
            cmd_error("--%s %s: %s", dirs[i], dirs[i + 1], strerror(errno));
            rc = EXIT_USAGE;
        }
    export_take(args, CAMP_EXPORT, ex);
    if (rc == EXIT_OK && args->opt[CAMP_EMIT].given && export_any(ex))
        return cmd_usage_error(&cmd_campaign_entry,
                               "--export-* with --emit: the jobs run elsewhere; export with "
                               "'campaign report --export-... OUT' once they are done");
    if (rc == EXIT_OK && args->opt[CAMP_EMIT].given && args->opt[CAMP_SITE].given)
        return cmd_usage_error(&cmd_campaign_entry,
                               "--site with --emit: the jobs run elsewhere; make the site with "
                               "'iccsprof site DIR OUT' once they are done");
    if (rc == EXIT_OK && args->opt[CAMP_SITE].given) {
        char *out = args->opt[CAMP_OUT].text != NULL ? xstrdup(args->opt[CAMP_OUT].text) : NULL;

        rc = campaign_site_check(args->opt[CAMP_SITE].text, &out, out != NULL) != 0 ? EXIT_USAGE
                                                                                    : EXIT_OK;
        free(out);
        if (rc != EXIT_OK)
            return rc;
    }
    if (rc != EXIT_OK)
        return rc;
    /* the exports read the output folder's records */
    read[0] = (char *)args->opt[CAMP_OUT].text;
    return export_check(&cmd_campaign_entry, ex, read, read[0] != NULL ? 1 : 0);
}

/* Append --substitute SPEC to RUN_FLAGS for every job, as run parses it,
 * each package's folder made absolute (the jobs may run elsewhere);
 * EXIT_OK, or EXIT_USAGE after a one-line error. */
static int campaign_substitute(const char *spec, struct strlist *run_flags)
{
    struct strlist items = {0};
    json_t *list, *item;
    char *joined;
    size_t k;

    for (size_t i = 0; i < run_flags->n; i++)
        if (strncmp(run_flags->v[i], "--substitute", 12) == 0 &&
            (run_flags->v[i][12] == '\0' || run_flags->v[i][12] == '='))
            return cmd_usage_error(&cmd_campaign_entry,
                                   "--substitute is given twice: as an option and in --run-flags");
    if (subst_parse(cmd_campaign_entry.name, spec, &list) != EXIT_OK)
        return EXIT_USAGE;
    json_array_foreach(list, k, item)
    {
        const char *helper = json_string_value(json_object_get(item, "helper"));
        const char *inst = json_string_value(json_object_get(item, "instance"));

        if (json_object_get(item, "package") != NULL)
            strlist_addf(&items, "%s=pkg:%s%s%s", helper,
                         json_string_value(json_object_get(item, "package")), inst ? ":" : "",
                         inst ? inst : "");
        else
            strlist_addf(&items, "%s=%s", helper,
                         json_string_value(json_object_get(item, "candidate")));
    }
    joined = strlist_join(&items, ",");
    strlist_add(run_flags, "--substitute");
    strlist_add(run_flags, joined);
    free(joined);
    strlist_free(&items);
    json_decref(list);
    return EXIT_OK;
}

/* Take the options every job and build gets into RUN_FLAGS, BUILD_FLAGS and
 * EX, and check them and the operands before anything is made; EXIT_OK, or
 * the exit status after a one-line error. */
static int campaign_jobs_check(const struct cmd_args *args, struct strlist *run_flags,
                               struct strlist *build_flags, struct export_files *ex)
{
    int status;

    if (args->opt[CAMP_RUN_FLAGS].text != NULL)
        strlist_add_words(run_flags, args->opt[CAMP_RUN_FLAGS].text);
    if (args->opt[CAMP_BUILD_FLAGS].text != NULL)
        strlist_add_words(build_flags, args->opt[CAMP_BUILD_FLAGS].text);
    if (args->argc == 0 && args->opt[CAMP_PACKAGES].text == NULL)
        return cmd_usage_error(&cmd_campaign_entry,
                               "no packages given (scheme packages, archives, built scheme "
                               "folders, a folder of them, a list file, or --packages DIR)");
    if (args->opt[CAMP_ONLY].text != NULL && args->opt[CAMP_PACKAGES].text == NULL)
        return cmd_usage_error(&cmd_campaign_entry, "--only selects among --packages DIR");
    if (args->opt[CAMP_SUBSTITUTE].text != NULL &&
        (status = campaign_substitute(args->opt[CAMP_SUBSTITUTE].text, run_flags)) != EXIT_OK)
        return status;
    return campaign_check_first(args, run_flags, ex);
}

/* The stream the builds' progress goes to, NULL for stdout: /dev/null when
 * quiet, and a copy of stderr when emitting, for an emitted job list is
 * stdout alone (the builds take fd 2 for their logs). */
static FILE *campaign_progress(const struct cmd_args *args)
{
    FILE *progress = NULL;

    if (cmd_verbosity == CMD_QUIET)
        progress = fopen("/dev/null", "w");
    else if (args->opt[CAMP_EMIT].given && (progress = fdopen(dup(STDERR_FILENO), "w")) != NULL)
        setvbuf(progress, NULL, _IOLBF, 0);
    return progress;
}

/* --emit: print the jobs of C for the engine asked for instead of running
 * them, the instances that did not build to PROGRESS; the exit status. */
static int campaign_emit_jobs(const struct cmd_args *args, const struct campaign *c, FILE *progress)
{
    if (!campaign_pin_ok(args->opt[CAMP_PIN].text))
        return cmd_usage_error(&cmd_campaign_entry, "--pin: '%s' is neither slot, none nor a core",
                               args->opt[CAMP_PIN].text);
    campaign_say_build_failures(c, progress);
    if (campaign_emit(c, (enum campaign_engine)args->opt[CAMP_EMIT].num, args->opt[CAMP_PIN].text,
                      stdout) != 0)
        return EXIT_USAGE;
    return c->left_out.n > 0 ? EXIT_FAIL : EXIT_OK;
}

/* Print the line that counts the jobs of C by their outcome in TALLY, and
 * how to resume when they were interrupted. */
static void campaign_say_tally(const struct campaign *c, const struct campaign_tally *tally)
{
    char signame[32];

    printf("campaign: %zu jobs: %zu passed, %zu failed, %zu skipped, %zu deferred", c->n,
           tally->passed, tally->failed, tally->skipped, tally->deferred);
    if (c->left_out.n > 0)
        printf("; %zu left out", c->left_out.n);
    if (tally->interrupted)
        printf("; interrupted by %s, %zu not run (run the same command again to resume)",
               fmt_signal(signame, sizeof signame, tally->interrupted), tally->not_run);
    printf("\n\n");
}

/* After the jobs of C ran: their tally and report, and unless they were
 * interrupted the pages, export files and site asked for; the exit status. */
static int campaign_jobs_done(const struct cmd_args *args, const struct campaign *c,
                              const struct campaign_tally *tally, const struct export_files *ex)
{
    int status;

    campaign_say_build_failures(c, stdout);
    campaign_say_tally(c, tally);
    /* after an interruption too: the report of what finished */
    status = campaign_report_out(c->out);
    if (tally->interrupted)
        status = EXIT_FAIL;
    /* the pages read the records again: what the summary could not read
     * it has said already */
    if (!tally->interrupted && status == EXIT_OK && campaign_pages(c->out) != EXIT_OK)
        status = EXIT_USAGE;
    if (!tally->interrupted && export_any(ex)) {
        struct strlist folders = {0};
        int failed;

        strlist_add(&folders, c->out);
        failed = export_write(ex, &folders);
        strlist_free(&folders);
        if (failed != 0 && status == EXIT_OK)
            status = EXIT_FAIL;
    }
    if (!tally->interrupted && args->opt[CAMP_SITE].text != NULL &&
        site_make(args->opt[CAMP_SITE].text, &c->out, 1) != EXIT_OK)
        status = EXIT_USAGE;
    if ((tally->failed > 0 || c->left_out.n > 0) && status == EXIT_OK)
        status = EXIT_FAIL;
    return status;
}

/* The packages and records of a campaign: its operands, then the
 * packages of --packages that --only selects, into INPUTS; -1 after a
 * one-line error. */
static int campaign_inputs(const struct cmd_args *args, struct strlist *inputs)
{
    for (int i = 0; i < args->argc; i++)
        strlist_add(inputs, args->argv[i]);
    if (args->opt[CAMP_PACKAGES].text == NULL)
        return 0;
    return campaign_packages(args->opt[CAMP_PACKAGES].text, args->opt[CAMP_ONLY].text, inputs);
}

/* How the campaign of ARGS builds its packages: into BUILDDIR, with
 * FLAGS, NJOBS compilers at once. */
static struct campaign_build campaign_build_of(const struct cmd_args *args, const char *builddir,
                                               const struct strlist *flags, size_t njobs)
{
    return (struct campaign_build){.builddir = builddir,
                                   .flags = flags,
                                   .jobs = njobs,
                                   .kat = campaign_kat_modes[args->opt[CAMP_KAT].num],
                                   .kat_timeout = args->opt[CAMP_KAT_TIMEOUT].text,
                                   .build_package = campaign_build_package};
}

/* Run or emit the jobs of the inputs. */
static int campaign_jobs(const struct cmd_args *args)
{
    struct campaign c;
    struct campaign_tally tally;
    struct strlist run_flags = {0}, build_flags = {0}, inputs = {0};
    struct campaign_build b;
    struct export_files ex;
    char *builddir = NULL;
    FILE *progress = NULL;
    size_t njobs = (size_t)args->opt[CAMP_JOBS].num;
    int *cpus = calloc(njobs, sizeof *cpus), status;

    memset(&c, 0, sizeof c);
    memset(&tally, 0, sizeof tally);
    if ((status = campaign_jobs_check(args, &run_flags, &build_flags, &ex)) != EXIT_OK)
        goto out;
    status = EXIT_USAGE;
    if (campaign_inputs(args, &inputs) != 0 || campaign_out(args, &c) != EXIT_OK ||
        campaign_lock_out(&c) != EXIT_OK)
        goto out;
    builddir = args->opt[CAMP_BUILDDIR].text != NULL ? xstrdup(args->opt[CAMP_BUILDDIR].text)
                                                     : xasprintf("%s/.campaign/build", c.out);
    b = campaign_build_of(args, builddir, &build_flags, njobs);
    progress = campaign_progress(args);
    b.progress = progress != NULL ? progress : stdout;
    if (campaign_build_check(&b) != EXIT_OK)
        goto out;
    if (campaign_scan(&c, inputs.v, inputs.n, &b, profile_self(), run_flags.v) != 0) {
        status = jobs_interrupted() != 0 ? EXIT_FAIL : EXIT_USAGE;
        goto out;
    }
    if (campaign_save_left_out(&c) != 0)
        goto out;
    campaign_defer(&c, (char *const *)args->opt[CAMP_DEFER].all, args->opt[CAMP_DEFER].given);
    if (args->opt[CAMP_EMIT].given) {
        status = campaign_emit_jobs(args, &c, b.progress);
        goto out;
    }
    if (campaign_cpus(args, cpus, njobs) != EXIT_OK)
        goto out;
    if (campaign_run(&c, cpus, njobs, args->opt[CAMP_SKIP_DEFERRED].given > 0, &tally,
                     b.progress) != 0) {
        status = EXIT_FAIL;
        goto out;
    }
    status = campaign_jobs_done(args, &c, &tally, &ex);
out:
    if (progress != NULL)
        fclose(progress);
    campaign_free(&c);
    free(cpus);
    free(builddir);
    strlist_free(&run_flags);
    strlist_free(&build_flags);
    strlist_free(&inputs);
    return status;
}

/* `campaign report FOLDER...`: the summary of the output folders, and
 * their records in the export files asked for. */
static int campaign_report(const struct cmd_args *args)
{
    struct export_files ex;
    struct strlist folders = {0};
    int status;

    if (args->argc < 2)
        return cmd_usage_error(&cmd_campaign_entry, "report: no output folders given");
    export_take(args, CAMP_EXPORT, &ex);
    if (export_check(&cmd_campaign_entry, &ex, args->argv + 1, (size_t)args->argc - 1) != EXIT_OK)
        return EXIT_USAGE;
    if (campaign_site_check(args->opt[CAMP_SITE].text, args->argv + 1, (size_t)args->argc - 1) != 0)
        return EXIT_USAGE;
    status = campaign_summary(args->argv + 1, (size_t)args->argc - 1, stdout);
    for (int i = 1; i < args->argc; i++)
        strlist_add(&folders, args->argv[i]);
    if (export_any(&ex) && export_write(&ex, &folders) != 0 && status == EXIT_OK)
        status = EXIT_FAIL;
    if (args->opt[CAMP_SITE].text != NULL &&
        site_make(args->opt[CAMP_SITE].text, args->argv + 1, (size_t)args->argc - 1) != EXIT_OK)
        status = EXIT_USAGE;
    strlist_free(&folders);
    return status;
}

/* Run a campaign, or its merge or report. */
static int cmd_campaign_exec(const struct cmd_args *args)
{
    /* its pages and the reports of its jobs name this command */
    provenance_export();
    if (args->argc > 0 && strcmp(args->argv[0], "merge") == 0) {
        if (args->opt[CAMP_OUT].text == NULL)
            return cmd_usage_error(&cmd_campaign_entry, "merge: --out DIR is required");
        if (args->argc < 2)
            return cmd_usage_error(&cmd_campaign_entry, "merge: no output folders given");
        if (args->opt[CAMP_SITE].given)
            return cmd_usage_error(&cmd_campaign_entry,
                                   "merge: --site: make the site with 'campaign report' after the "
                                   "merge");
        for (int f = 0; f < EXPORT_NFORMATS; f++)
            if (args->opt[CAMP_EXPORT + f].given)
                return cmd_usage_error(&cmd_campaign_entry,
                                       "merge: --%s: export with 'campaign report' after the merge",
                                       cmd_campaign_entry.options[CAMP_EXPORT + f].name);
        return campaign_merge(args->argv + 1, (size_t)args->argc - 1, args->opt[CAMP_OUT].text,
                              args->opt[CAMP_ALLOW_MIXED].given > 0);
    }
    if (args->argc > 0 && strcmp(args->argv[0], "report") == 0)
        return campaign_report(args);
    return campaign_jobs(args);
}

const struct cmd_entry cmd_campaign_entry = {
    .name = CAMPAIGN_COMMAND,
    .operands = "PACKAGES... | merge --out DIR FOLDER... | report FOLDER...",
    .summary = "build and profile many packages as independent pinned jobs, resumable; or emit "
               "them for GNU parallel or Slurm",
    .options = campaign_options,
    .exec = cmd_campaign_exec,
    .quiet = "print the summary and errors only: no line per build, KAT gate or job",
    .verbose = "also show every command the builds and KAT gates run",
};
