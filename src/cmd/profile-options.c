/* profile-options.c - options and build settings of
 * `iccsprof plan` and `iccsprof profile`. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "util/build-files.h"
#include "util/build-jobs.h"
#include "cmd/export.h"
#include "paths.h"
#include "run/run-settings.h"
#include "cmd/profile-options.h"

/* The rows both commands have, in the order of enum profile_opt. */
#define PROFILE_COMMON_ROWS                                                                        \
    [PROFILE_OPT_SCHEME] = {.name = "scheme",                                                      \
                            .kind = CMD_OPT_STRING,                                                \
                            .metavar = "ID",                                                       \
                            .def_note = "the catalog's id, else the package folder's name",        \
                            .help = "the scheme id: names the build and profile folders"},         \
    [PROFILE_OPT_SCHEMES_DIR] = {.name = "schemes-dir",                                            \
                                 .kind = CMD_OPT_STRING,                                           \
                                 .metavar = "DIR",                                                 \
                                 .help = "where --scheme ID alone finds ID/ and ID/scheme.conf"},  \
    [PROFILE_OPT_PACKAGES] = {.name = "packages",                                                  \
                              .kind = CMD_OPT_STRING,                                              \
                              .metavar = "DIR",                                                    \
                              .def_note = "$ICCSPROF_PACKAGES, else ~/ngcc",                       \
                              .help = "where a package named by its id or name (sign-29, Tins) "   \
                                      "is looked for: archives as downloaded, or folders"},        \
    [PROFILE_OPT_UNPACK_MIB] = {.name = "unpack-max-mib",                                          \
                                .kind = CMD_OPT_UINT,                                              \
                                .metavar = "MIB",                                                  \
                                .def = "4096",                                                     \
                                .lo = 1,                                                           \
                                .hi = 1048576,                                                     \
                                .help = "an archive unpacking to more is refused as a bomb"},      \
    [PROFILE_OPT_UNPACK_MEMBERS] = {.name = "unpack-max-members",                                  \
                                    .kind = CMD_OPT_UINT,                                          \
                                    .metavar = "N",                                                \
                                    .def = "200000",                                               \
                                    .lo = 1,                                                       \
                                    .hi = 100000000,                                               \
                                    .help = "an archive of more members is refused as a bomb"},    \
    [PROFILE_OPT_CONF] = {.name = "conf",                                                          \
                          .kind = CMD_OPT_STRING,                                                  \
                          .metavar = "FILE",                                                       \
                          .help = "the descriptor (scheme.conf) to use instead of the one "        \
                                  "looked up"},                                                    \
    [PROFILE_OPT_IMPL] = {.name = "impl",                                                          \
                          .kind = CMD_OPT_STRING,                                                  \
                          .metavar = "KIND",                                                       \
                          .def = "reference",                                                      \
                          .help = "reference, optimized or additional: the implementation tree"},  \
    [PROFILE_OPT_INSTANCES] = {.name = "instances",                                                \
                               .kind = CMD_OPT_STRING,                                             \
                               .metavar = "A,B",                                                   \
                               .def_note = "all",                                                  \
                               .help = "the instances to build, comma-separated"},                 \
    [PROFILE_OPT_CFLAGS] = {.name = "cflags",                                                      \
                            .kind = CMD_OPT_STRING,                                                \
                            .metavar = "FLAGS",                                                    \
                            .def = PROFILE_CFLAGS,                                                 \
                            .help = "the guide flags, split at blanks"},                           \
    [PROFILE_OPT_STRICT] = {.name = "strict-cflags",                                               \
                            .kind = CMD_OPT_STRING,                                                \
                            .metavar = "FLAGS",                                                    \
                            .def = PROFILE_STRICT_CFLAGS,                                          \
                            .help = "added to the guide flags: errors on every compiler"},         \
    [PROFILE_OPT_LENIENT] = {.name = "lenient-cflags",                                             \
                             .kind = CMD_OPT_STRING,                                               \
                             .metavar = "FLAGS",                                                   \
                             .def = PROFILE_LENIENT_CFLAGS,                                        \
                             .help = "the flags of the fallback when the guide flags fail"},       \
    [PROFILE_OPT_BUILDDIR] = {.name = "builddir",                                                  \
                              .kind = CMD_OPT_STRING,                                              \
                              .metavar = "DIR",                                                    \
                              .def_note = "~/.cache/iccsprof",                                     \
                              .help = "the root of the build folders"},                            \
    [PROFILE_OPT_JOBS] = {.name = "jobs",                                                          \
                          .short_name = 'j',                                                       \
                          .kind = CMD_OPT_UINT,                                                    \
                          .metavar = "N",                                                          \
                          .def = "1",                                                              \
                          .lo = 1,                                                                 \
                          .hi = 1024,                                                              \
                          .help = "files compiled at once"},                                       \
    [PROFILE_OPT_NO_BUILD_FILES] = {.name = "no-build-files",                                      \
                                    .kind = CMD_OPT_FLAG,                                          \
                                    .help = "never run the package's make or cmake: every .c "     \
                                            "but programs"},                                       \
    [PROFILE_OPT_COMPILE_TIMEOUT] = {.name = "compile-timeout",                                    \
                                     .kind = CMD_OPT_SECONDS,                                      \
                                     .metavar = "S",                                               \
                                     .def = "300",                                                 \
                                     .help = "seconds each compiler, make or cmake run may take"}, \
    [PROFILE_OPT_COMPILE_MEMORY] = {.name = "compile-memory",                                      \
                                    .kind = CMD_OPT_UINT,                                          \
                                    .metavar = "MIB",                                              \
                                    .def = "4096",                                                 \
                                    .lo = 64,                                                      \
                                    .hi = 1048576,                                                 \
                                    .help = "mebibytes of memory each compiler may take"}

const struct cmd_option profile_plan_options[] = {PROFILE_COMMON_ROWS, {.name = NULL}};

static const char *const profile_kat_modes[] = {"off", "check", "require", NULL};

const struct cmd_option profile_profile_options[] = {
    PROFILE_COMMON_ROWS,
    [PROFILE_OPT_BUILD_ONLY] = {.name = "build-only",
                                .kind = CMD_OPT_FLAG,
                                .help = "build the libraries, measure nothing"},
    [PROFILE_OPT_PROFILE_DIR] = {.name = "profile-dir",
                                 .kind = CMD_OPT_STRING,
                                 .metavar = "DIR",
                                 .def_note = "profiles/ID",
                                 .help = "where the records go"},
    [PROFILE_OPT_OP] = {.name = "op",
                        .kind = CMD_OPT_STRING,
                        .metavar = "OPS",
                        .def = "all",
                        .help = "the operations to measure (iccsprof run --op)"},
    [PROFILE_OPT_TRIALS] = {.name = "trials",
                            .kind = CMD_OPT_STRING,
                            .metavar = "N",
                            .def_note = "iccsprof run's",
                            .help = "iccsprof run --trials"},
    [PROFILE_OPT_TARGET] = {.name = "target-seconds",
                            .kind = CMD_OPT_STRING,
                            .metavar = "S",
                            .def_note = "0.4 x --max-seconds, 2 at most",
                            .help = "iccsprof run --target-seconds"},
    [PROFILE_OPT_SAMPLE] = {.name = "sample",
                            .kind = CMD_OPT_STRING,
                            .metavar = "K",
                            .def_note = "full timing",
                            .help = "iccsprof run --sample (a number, or auto)"},
    [PROFILE_OPT_CALLERS] = {.name = "callers",
                             .kind = CMD_OPT_STRING,
                             .optional_value = true,
                             .metavar = "D",
                             .help = "iccsprof run --callers[=D]"},
    [PROFILE_OPT_CPU] = {.name = "cpu",
                         .kind = CMD_OPT_STRING,
                         .metavar = "N",
                         .def_note = "not pinned",
                         .help = "iccsprof run --cpu: the core the measurements are pinned to"},
    [PROFILE_OPT_PROCESSES] = {.name = "processes",
                               .kind = CMD_OPT_UINT,
                               .metavar = "N",
                               .lo = 1,
                               .hi = RUN_MAX_PROCESSES,
                               .def_note = "one",
                               .help = "make each record's timing and profile passes in N "
                                       "measuring processes (iccsprof run --timing-processes N "
                                       "--profile-processes N): its errors then hold the spread "
                                       "between processes"},
    [PROFILE_OPT_KAT] = {.name = "kat",
                         .kind = CMD_OPT_CHOICE,
                         .choices = profile_kat_modes,
                         .def = "check",
                         .help = "the KAT gate before timing: off, check (the result marks the "
                                 "records) or require (a KAT that does not pass stops the "
                                 "instance)"},
    [PROFILE_OPT_KAT_TIMEOUT] = {.name = "kat-timeout",
                                 .kind = CMD_OPT_SECONDS,
                                 .metavar = "S",
                                 .def = "600",
                                 .help = "seconds each run of the KAT driver may take"},
    [PROFILE_OPT_RUN_FLAGS] = {.name = "run-flags",
                               .kind = CMD_OPT_STRING,
                               .metavar = "OPTIONS",
                               .help = "further iccsprof run options, split at blanks"},
    [PROFILE_OPT_SUBSTITUTE] = {.name = "substitute",
                                .kind = CMD_OPT_STRING,
                                .metavar = "HELPER=CANDIDATE[,...]",
                                .help = "iccsprof run --substitute: what each operation costs "
                                        "with another hash behind the helpers"},
    [PROFILE_OPT_ALLOW_UNVERIFIED] =
        {
            .name = "allow-unverified",
            .kind = CMD_OPT_FLAG,
            .help = "iccsprof run --allow-unverified: "
                    "a hash package that ships no KAT responses serves unchecked (its record says "
                    "\"unverified: no responses shipped\") instead of being refused"},
    [PROFILE_OPT_PRECISION] = {.name = "precision",
                               .kind = CMD_OPT_STRING,
                               .metavar = "P%|off",
                               .def_note = "iccsprof run's",
                               .help = "iccsprof run --precision"},
    [PROFILE_OPT_MAX_SECONDS] = {.name = "max-seconds",
                                 .kind = CMD_OPT_SECONDS,
                                 .metavar = "S",
                                 .def_note = "60 s shared by every pass of the run",
                                 .help = "iccsprof run --max-seconds: the seconds each pass (two "
                                         "an operation) may take at most"},
    [PROFILE_OPT_FRESH] = {.name = "fresh",
                           .kind = CMD_OPT_FLAG,
                           .help = "measure every operation again, even one whose record is up "
                                   "to date (same libraries and settings)"},
    EXPORT_OPTION_ROWS(PROFILE_OPT_EXPORT),
    {.name = NULL}};

/* The default root of the build folders: the user's cache, out of every
 * package. */
static char *profile_default_builddir(void)
{
    const char *cache = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");

    if (cache != NULL && cache[0] == '/')
        return xasprintf("%s/iccsprof", cache);
    if (home != NULL && home[0] != '\0')
        return xasprintf("%s/.cache/iccsprof", home);
    return NULL;
}

/* The text of option I when given (or defaulted), else NULL. */
static const char *profile_text(const struct cmd_args *args, int i)
{
    return args->opt[i].given > 0 || args->entry->options[i].def != NULL ? args->opt[i].text : NULL;
}

/* Take the parsed ARGS of ENTRY into O. */
int profile_parse(const struct cmd_args *args, bool profile, struct profile_options *o)
{
    const struct cmd_entry *entry = args->entry;

    memset(o, 0, sizeof *o);
    o->plan.scheme = profile_text(args, PROFILE_OPT_SCHEME);
    o->plan.schemes_dir = profile_text(args, PROFILE_OPT_SCHEMES_DIR);
    o->packages = profile_text(args, PROFILE_OPT_PACKAGES);
    o->unpack.max_bytes = args->opt[PROFILE_OPT_UNPACK_MIB].num << 20;
    o->unpack.max_members = (unsigned long)args->opt[PROFILE_OPT_UNPACK_MEMBERS].num;
    o->plan.conf = profile_text(args, PROFILE_OPT_CONF);
    o->plan.impl = profile_text(args, PROFILE_OPT_IMPL);
    o->plan.instances = profile_text(args, PROFILE_OPT_INSTANCES);
    o->plan.cflags = profile_text(args, PROFILE_OPT_CFLAGS);
    o->strict_cflags = profile_text(args, PROFILE_OPT_STRICT);
    o->lenient_cflags = profile_text(args, PROFILE_OPT_LENIENT);
    o->plan.builddir = profile_text(args, PROFILE_OPT_BUILDDIR);
    o->jobs = (int)args->opt[PROFILE_OPT_JOBS].num;
    o->plan.no_build_files = args->opt[PROFILE_OPT_NO_BUILD_FILES].given > 0;
    o->compile_seconds = args->opt[PROFILE_OPT_COMPILE_TIMEOUT].seconds;
    o->compile_memory_mib = (unsigned)args->opt[PROFILE_OPT_COMPILE_MEMORY].num;
    if (profile) {
        o->build_only = args->opt[PROFILE_OPT_BUILD_ONLY].given > 0;
        o->profile_dir = profile_text(args, PROFILE_OPT_PROFILE_DIR);
        o->ops = profile_text(args, PROFILE_OPT_OP);
        o->trials = profile_text(args, PROFILE_OPT_TRIALS);
        o->target_seconds = profile_text(args, PROFILE_OPT_TARGET);
        o->sample = profile_text(args, PROFILE_OPT_SAMPLE);
        if (args->opt[PROFILE_OPT_CALLERS].given > 0)
            o->callers = args->opt[PROFILE_OPT_CALLERS].text != NULL
                             ? args->opt[PROFILE_OPT_CALLERS].text
                             : "";
        o->cpu = profile_text(args, PROFILE_OPT_CPU);
        o->processes = profile_text(args, PROFILE_OPT_PROCESSES);
        o->kat = profile_kat_modes[args->opt[PROFILE_OPT_KAT].num];
        o->kat_timeout = profile_text(args, PROFILE_OPT_KAT_TIMEOUT);
        o->run_flags = profile_text(args, PROFILE_OPT_RUN_FLAGS);
        o->substitute = profile_text(args, PROFILE_OPT_SUBSTITUTE);
        o->allow_unverified = args->opt[PROFILE_OPT_ALLOW_UNVERIFIED].given > 0;
        o->precision = profile_text(args, PROFILE_OPT_PRECISION);
        o->max_seconds = profile_text(args, PROFILE_OPT_MAX_SECONDS);
        o->fresh = args->opt[PROFILE_OPT_FRESH].given > 0;
    }
    if (args->argc > 1)
        return cmd_usage_error(entry, "one package folder at most: %s", args->argv[1]);
    if (args->argc == 1) {
        if (args->argv[0][0] == '\0')
            return cmd_usage_error(entry, "the package folder is an empty name");
        o->plan.package = args->argv[0];
    }
    if (o->plan.builddir == NULL) {
        if ((o->builddir_owned = profile_default_builddir()) == NULL)
            return cmd_usage_error(entry, "no HOME to keep the builds under: give --builddir DIR");
        o->plan.builddir = o->builddir_owned;
    }
    return EXIT_OK;
}

/* The first line of `CC --version`, newly allocated. */
static char *profile_compiler(const struct strlist *cc)
{
    struct job j = {0};
    char *line;

    strlist_extend(&j.argv, cc);
    strlist_add(&j.argv, "--version");
    j.capture = true;
    jobs_run(&j, 1, 1);
    line = xstrdup(j.output != NULL ? j.output : "");
    line[strcspn(line, "\n")] = '\0';
    job_free(&j);
    return line;
}

/* The build settings of O. */
int profile_settings(const struct profile_options *o, struct build_settings *s)
{
    memset(s, 0, sizeof *s);
    strlist_add_words(&s->cc, profile_cc());
    if (s->cc.n == 0) {
        plan_say("no compiler: ICCSPROF_CC is blank");
        return -1;
    }
    s->compiler = profile_compiler(&s->cc);
    s->cflags = o->plan.cflags;
    s->strict_cflags = o->strict_cflags;
    s->lenient_cflags = o->lenient_cflags;
    s->sanitizer_cflags = ICCSPROF_SANITIZER_CFLAGS;
    s->wrap_archive = profile_wrap_archive();
    s->wrap_libs = ICCSPROF_WRAP_LIBS;
    s->jobs = o->jobs;
    s->compile_seconds = o->compile_seconds;
    s->compile_memory_mib = o->compile_memory_mib;
    return 0;
}

/* Free what profile_settings filled in. */
void profile_settings_free(struct build_settings *s)
{
    strlist_free(&s->cc);
    free(s->compiler);
    free((char *)s->wrap_archive);
}

/* The build descriptions of J's plan, read once its build folder is
 * locked (unless --no-build-files); -1 when a signal stopped them. */
static int profile_build_files(struct profile_job *j)
{
    if (j->o.plan.no_build_files) {
        plan_skip_build_files(&j->p);
        return 0;
    }
    return plan_read_build_files(&j->p, j->s.cc.v[0], j->o.compile_seconds);
}

/* Find the package O names (an archive unpacked, under its build
 * folder's lock, which the build takes again once planned); 0, or -1
 * with a message. */
static int profile_find_package(struct profile_options *o)
{
    struct strlist dirs = {0};
    char *build, *why;
    int rc, lock;

    rc = packages_dirs(o->packages, o->plan.schemes_dir, &dirs);
    if (rc == 0)
        rc = packages_find(&o->plan, &dirs, &o->source);
    strlist_free(&dirs);
    if (rc != 0 || o->source.archive == NULL)
        return rc;
    /* a hostile archive is refused before its build folder is made */
    if (archive_check(o->source.archive, &o->unpack, &why) != 0) {
        plan_say("%s (nothing of it unpacked)", why);
        free(why);
        return -1;
    }
    build = xasprintf("%s/%s", o->plan.builddir, o->plan.scheme);
    if ((lock = profile_lock(build, NULL)) < 0) {
        free(build);
        return -1;
    }
    rc = packages_unpack(&o->plan, build, &o->unpack, &o->source);
    close(lock);
    free(build);
    return rc;
}

/* Parse ARGS, plan the package, take its build folder's lock (refused
 * when busy and REFUSE names an option) and prepare the results; shared
 * by `plan` and `profile`, which differ only after. */
int profile_begin(const struct cmd_args *args, bool profile, const char *refuse,
                  struct profile_job *j)
{
    int rc;

    /* messages of the compilers in one language, as the logs are read */
    setenv("LC_ALL", "C", 1);
    if ((rc = profile_parse(args, profile, &j->o)) != EXIT_OK)
        return rc;
    jobs_catch_signals();
    if (profile_find_package(&j->o) != 0 || plan_make(&j->o.plan, &j->p) != 0) {
        package_source_free(&j->o.source);
        free(j->o.builddir_owned);
        return jobs_interrupted() != 0 ? 128 + jobs_interrupted() : EXIT_USAGE;
    }
    j->lock = -1;
    if (profile_settings(&j->o, &j->s) != 0 || (j->lock = profile_lock(j->p.build, refuse)) < 0 ||
        profile_build_files(j) != 0) {
        rc = jobs_interrupted() != 0 ? 128 + jobs_interrupted() : EXIT_USAGE;
        if (j->lock >= 0)
            close(j->lock);
        profile_settings_free(&j->s);
        plan_free(&j->p);
        package_source_free(&j->o.source);
        free(j->o.builddir_owned);
        return rc;
    }
    j->s.link = profile;
    j->r = calloc(j->p.n + 1, sizeof *j->r);
    if (j->r == NULL)
        abort();
    return EXIT_OK;
}

/* Release what profile_begin took. */
void profile_end(struct profile_job *j)
{
    close(j->lock);
    build_results_free(j->r, j->p.n);
    free(j->r);
    profile_settings_free(&j->s);
    plan_free(&j->p);
    package_source_free(&j->o.source);
    free(j->o.builddir_owned);
}
