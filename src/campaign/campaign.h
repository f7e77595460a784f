/* campaign.h - a campaign: every built scheme instance and operation of a
 * set of packages as an independent `iccsprof run` job with its own record
 * and log in one output folder, run here on pinned cores or emitted for
 * GNU parallel or Slurm, and the records of several output folders merged
 * and summarized. */
#ifndef ICCSPROF_CAMPAIGN_H
#define ICCSPROF_CAMPAIGN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "util/strlist.h"

/* The command a campaign is run by, which its usage errors name. */
#define CAMPAIGN_COMMAND "campaign"

/* One job: one operation of one instance (all of a key exchange's, whose
 * steps only the library knows). */
struct campaign_job {
    char *id, *instance, *op;
    char *plain, *profiled, *build_info; /* absolute paths */
    char *record;                        /* OUT/ID/INSTANCE__OP.json */
    char *state;                         /* OUT/.campaign/ID/INSTANCE__OP (.key, .out) */
    char **argv;                         /* the iccsprof run command, without --cpu; NULL-ended */
    bool deferred;
};

struct campaign {
    char *out; /* the output folder, absolute */
    struct campaign_job *jobs;
    size_t n, cap;
    struct strlist left_out; /* "ID INSTANCE: why": not built, or stopped by the KAT gate */
    int *locks;              /* the build folders' locks, held to the end */
    size_t nlocks;
};

/* How the packages among a campaign's inputs are built. */
struct campaign_build {
    const char *builddir;        /* the root of the build folders */
    const struct strlist *flags; /* further `iccsprof profile` options */
    unsigned long long jobs;     /* files compiled, and KAT gates run, at once */
    const char *kat;             /* the KAT gate: off, check or require */
    const char *kat_timeout;     /* seconds each run of a KAT driver may take */
    FILE *progress;              /* where a line per package and instance goes */
    /* Build the package PKG and add the jobs of what built to C: the
     * command's campaign_build_package (cmd/campaign-build.h), which
     * builds as `iccsprof profile --build-only` does. */
    int (*build_package)(struct campaign *c, const char *pkg, const struct campaign_build *b,
                         const char *self, char *const *run_flags);
};

/* Add the jobs of every input (a scheme package, a built scheme folder, a
 * folder of either, or a list file naming them, one a line) to C, in the
 * order of schemes, instances and operations; packages are built first
 * as B says.  SELF is this program, RUN_FLAGS (NULL-ended) further
 * `iccsprof run` options.  0, or -1 after a one-line error. */
int campaign_scan(struct campaign *c, char *const *inputs, size_t ninputs,
                  const struct campaign_build *b, const char *self, char *const *run_flags);

/* The packages of DIR, archives and folders alike, whose catalog ids
 * match one of the comma-separated shell patterns ONLY (NULL: all), in
 * the catalog's order (the others after, by name), appended to OUT; 0,
 * or -1 after a one-line error (none selected is one). */
int campaign_packages(const char *dir, const char *only, struct strlist *out);

/* Write what C left out to OUT/.campaign/left-out.txt (or remove it
 * when there is none), for the summary; 0, or -1 after a one-line error. */
int campaign_save_left_out(const struct campaign *c);

/* Gather the left-out lists of the output folders INPUTS into OUT's;
 * 0, or -1 after a one-line error. */
int campaign_merge_left_out(char *const *inputs, size_t ninputs, const char *out);

/* Print the "Left out" section of the output folder DIR (nothing when
 * its campaign built everything). */
void campaign_print_left_out(const char *dir, FILE *out);

/* Add the jobs of instance NAME of scheme ID, built in DIR/NAME; 0, or -1
 * after a one-line error. */
int campaign_add_instance(struct campaign *c, const char *id, const char *dir, const char *name,
                          const char *self, char *const *run_flags);

/* Mark the jobs whose ID/INSTANCE/OP matches one of the shell PATTERNS as
 * deferred: run after the others. */
void campaign_defer(struct campaign *c, char *const *patterns, size_t npatterns);

/* Free everything C holds. */
void campaign_free(struct campaign *c);

/* The journal of an output folder, OUT/.campaign/journal.tsv: a line per
 * finished job (scheme, instance, operation, core, start, end, outcome). */
struct campaign_journal {
    char *path;
    struct strlist keys; /* "ID\tINSTANCE\tOP" of each line */
};

/* Read the journal of the output folder OUT into JN, dropping a torn line
 * (of a campaign killed while writing it); 0, or -1 after a one-line
 * error. */
int campaign_journal_open(struct campaign_journal *jn, const char *out);

/* Whether the journal has a line of JOB. */
bool campaign_journal_has(const struct campaign_journal *jn, const struct campaign_job *j);

/* Append the line of JOB, run on core CPU from START to END, in one write. */
void campaign_journal_add(struct campaign_journal *jn, const struct campaign_job *j, int cpu,
                          double start, double end, bool passed);

/* Append the line of JOB, whose record is up to date, from its record and
 * key (a campaign killed after the job ended wrote none). */
void campaign_journal_recover(struct campaign_journal *jn, const struct campaign_job *j);

/* Free what JN holds. */
void campaign_journal_free(struct campaign_journal *jn);

/* What running the jobs came to. */
struct campaign_tally {
    size_t passed, failed, skipped, deferred, not_run;
    int interrupted; /* the signal that stopped the campaign, or 0 */
};

/* Run the jobs, at most one per core of CPUS (NCPUS of them) at a time,
 * each pinned to its core; jobs whose record is up to date are skipped,
 * deferred jobs run last or, with SKIP_DEFERRED, not at all.  Progress
 * goes to OUT: a line per job, with the time elapsed and an estimate of
 * the time left, and on a terminal a line rewritten in place every
 * second.  0, or -1 after a one-line error. */
int campaign_run(struct campaign *c, const int *cpus, size_t ncpus, bool skip_deferred,
                 struct campaign_tally *tally, FILE *out);

/* The engines a job list can be emitted for. */
enum campaign_engine { CAMPAIGN_PARALLEL, CAMPAIGN_SLURM };

/* Print the jobs for ENGINE: a GNU parallel job file (a command a line,
 * pinned by PIN: "slot" for the job slot's core, a core number, or
 * "none") or a Slurm array script (each task pinned to the core Slurm
 * bound it to).  0, or -1 after a usage error, nothing printed, when a
 * word of a job holds a control character (a newline would start a
 * command of its own). */
int campaign_emit(const struct campaign *c, enum campaign_engine engine, const char *pin,
                  FILE *out);

/* Refuse TEXT, the value of WHAT, for a job file when it holds a control
 * character; 0, or -1 after a usage error naming it. */
int campaign_emit_check(const char *what, const char *text);

/* Print the campaign summary of the records under the NPATHS PATHS: per
 * scheme, instance, operation, hash share and DRNG share.  EXIT_OK, or
 * EXIT_FAIL when some input could not be read (the others are printed). */
int campaign_summary(char *const *paths, size_t npaths, FILE *out);

/* Write each scheme's page (every section of iccsprof report) beside its
 * records under OUT, as OUT/<id>/page.md; EXIT_OK, or EXIT_USAGE after a
 * message naming the page that could not be written. */
int campaign_pages(const char *out);

/* Gather the records (and their logs) of the NINPUTS output folders into
 * OUT; records of more than one host refused unless ALLOW_MIXED.  A CLI
 * exit status, after one-line errors. */
int campaign_merge(char *const *inputs, size_t ninputs, const char *out, bool allow_mixed);

#endif
