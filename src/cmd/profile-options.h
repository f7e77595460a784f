/* profile-options.h - the options `iccsprof plan` and `iccsprof profile`
 * share, and the build settings they give (from the tools of this
 * installation, build-tools.h). */
#ifndef ICCSPROF_PROFILE_OPTIONS_H
#define ICCSPROF_PROFILE_OPTIONS_H

#include <stdbool.h>

#include "build/build-tools.h"
#include "build/build.h"
#include "cmd/cmd.h"
#include "plan/plan.h"
#include "plan/plan-packages.h"

/* The rows of the option tables of `plan` and `profile`. */
enum profile_opt {
    PROFILE_OPT_SCHEME,
    PROFILE_OPT_SCHEMES_DIR,
    PROFILE_OPT_PACKAGES,
    PROFILE_OPT_UNPACK_MIB,
    PROFILE_OPT_UNPACK_MEMBERS,
    PROFILE_OPT_CONF,
    PROFILE_OPT_IMPL,
    PROFILE_OPT_INSTANCES,
    PROFILE_OPT_CFLAGS,
    PROFILE_OPT_STRICT,
    PROFILE_OPT_LENIENT,
    PROFILE_OPT_BUILDDIR,
    PROFILE_OPT_JOBS,
    PROFILE_OPT_NO_BUILD_FILES,
    PROFILE_OPT_COMPILE_TIMEOUT,
    PROFILE_OPT_COMPILE_MEMORY,
    PROFILE_OPT_BUILD_ONLY, /* from here on, `profile` only */
    PROFILE_OPT_PROFILE_DIR,
    PROFILE_OPT_OP,
    PROFILE_OPT_TRIALS,
    PROFILE_OPT_TARGET,
    PROFILE_OPT_SAMPLE,
    PROFILE_OPT_CALLERS,
    PROFILE_OPT_CPU,
    PROFILE_OPT_PROCESSES,
    PROFILE_OPT_KAT,
    PROFILE_OPT_KAT_TIMEOUT,
    PROFILE_OPT_RUN_FLAGS,
    PROFILE_OPT_SUBSTITUTE,
    PROFILE_OPT_ALLOW_UNVERIFIED,
    PROFILE_OPT_PRECISION,
    PROFILE_OPT_MAX_SECONDS,
    PROFILE_OPT_FRESH,
    PROFILE_OPT_EXPORT, /* --export-md, -csv, -json, -svg: EXPORT_NFORMATS rows */
};

extern const struct cmd_option profile_plan_options[];
extern const struct cmd_option profile_profile_options[];

struct profile_options {
    struct plan_options plan;
    const char *strict_cflags, *lenient_cflags;
    int jobs;
    double compile_seconds;      /* each compiler's, make's and cmake's time-out */
    unsigned compile_memory_mib; /* each compiler's memory */
    bool build_only;
    const char *profile_dir, *ops, *trials, *target_seconds, *sample, *callers, *cpu;
    const char *processes;         /* each pass's measuring processes, or NULL: run's one */
    const char *kat, *kat_timeout; /* the KAT gate: off, check or require */
    const char *substitute;        /* iccsprof run --substitute, or NULL */
    bool allow_unverified;         /* iccsprof run --allow-unverified */
    const char *run_flags;         /* further `iccsprof run` options, split at blanks */
    const char *precision;         /* iccsprof run --precision, or NULL */
    const char *max_seconds;       /* iccsprof run --max-seconds, or NULL: from the budget */
    bool fresh;                    /* measure again what up-to-date records hold */
    const char *packages;          /* --packages, or NULL */
    struct archive_limits unpack;  /* what an archive may unpack to */
    struct package_source source;  /* what the package named was found to be */
    char *builddir_owned;
};

/* Take the parsed ARGS (PROFILE: of `profile`, with its own options)
 * into O; 0, or EXIT_USAGE with the message printed. */
int profile_parse(const struct cmd_args *args, bool profile, struct profile_options *o);

/* The build settings of O; 0, or -1 with a message. */
int profile_settings(const struct profile_options *o, struct build_settings *s);

/* Free what profile_settings filled in. */
void profile_settings_free(struct build_settings *s);

/* What `plan` and `profile` hold from the start of a build to its end. */
struct profile_job {
    struct profile_options o;
    struct build_settings s;
    struct plan p;
    struct build_result *r; /* one per planned instance */
    int lock;
};

/* Parse ARGS, plan the package, take its build folder's lock (profile_lock
 * with REFUSE) and prepare the results: EXIT_OK, or the exit status after
 * a message (128 + the signal when one came). */
int profile_begin(const struct cmd_args *args, bool profile, const char *refuse,
                  struct profile_job *j);

/* Release what profile_begin took. */
void profile_end(struct profile_job *j);

#endif
