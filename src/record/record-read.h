/* record-read.h - read and check one profile record for report and compare.
 *
 * A record is loaded with jansson, its declared schema and version checked
 * (iccsprof.profile/1 to /6 are read; another schema or a newer version is
 * refused), and every field that report and compare use is checked for
 * presence and type and copied into a struct rec.  A figure the record
 * gives as null is NAN (numbers) or -1 (counts); a section given as null
 * has its has_* flag false. */
#ifndef ICCSPROF_RECORD_READ_H
#define ICCSPROF_RECORD_READ_H

#include <stdbool.h>
#include <stddef.h>

#include "iccsprof/wrap.h"

/* The newest record version this reader knows. */
#define REC_VERSION_MAX 6

enum rec_type { REC_SIG, REC_KEM, REC_KEX };

/* The most passes of a key exchange a record names. */
#define REC_KEX_MAX_PASSES 9

/* Operations, numbered in API order within each type; a key exchange's
 * pass k is REC_PASS1 + k - 1. */
enum rec_op {
    REC_KEYGEN,
    REC_SIGN,
    REC_VERIFY,
    REC_ENC,
    REC_DEC,
    REC_INIT_A,
    REC_INIT_B,
    REC_PASS1,
    REC_DERIVE_A = REC_PASS1 + REC_KEX_MAX_PASSES,
    REC_DERIVE_B,
    REC_NOPS
};

enum rec_state { REC_COMPLETE, REC_PARTIAL, REC_FAILED };

/* A count per operation: calls_min = calls_max when the code fixes it;
 * -1 and NAN in a record before version 4, which does not say. */
struct rec_helper {
    long long calls, timed_calls, nested_calls, calls_min, calls_max;
    long long grouped_calls; /* in grouped shape rows; 0 before version 5 */
    double calls_per_op, ticks, share_raw, share, share_stderr, calls_stddev, calls_per_op_stderr;
};

/* A row of the shape table: one key, or (grouped, from version 5) the
 * keys of its helper with bits in [in_bits, in_bits_max] x [out_bits,
 * out_bits_max], a bound of -1 having no limit. */
struct rec_shape {
    enum iccsprof_helper helper;
    bool grouped;
    long long in_bits, out_bits, in_bits_max, out_bits_max;
    long long calls, timed_calls, calls_min, calls_max;
    double ticks; /* of the timed calls */
    double calls_per_op_stderr;
};

/* One frame of a call site; NULL strings and -1 numbers were null. */
struct rec_frame {
    char *address, *object, *function, *file;
    long long offset, function_offset, line;
};

struct rec_site {
    enum iccsprof_helper helper;
    long long calls;
    double calls_per_op, ticks, share_of_helper, share_of_op;
    size_t nframes;
    struct rec_frame *frames;
};

/* The passes events are counted in (setup holds every untimed call). */
enum rec_pass_id { REC_SETUP, REC_TIMING, REC_PROFILE, REC_NPASSES };

struct rec_pass {
    bool known; /* false before version 4, or for a pass that did not run */
    long long operations, signatures, sign_failures_retried, verifications, verify_rejections,
        decapsulations, decaps_mismatches;
};

/* One core the timing pass took its trials on: its number (-1: the
 * process was held to none), trials, mean cycles and their standard
 * error. */
struct rec_core {
    long long cpu, trials;
    double mean_cycles, stderr;
};

struct rec {
    char *path;
    int version;
    char *scheme_id, *algorithm, *instance;
    enum rec_type type;
    enum rec_op op;

    char *created;                        /* when the record was written, UTC */
    char *compiler, *cflags, *fallback;   /* NULL when unknown (fallback: not used) */
    char *sources_from;                   /* how the build found its sources; NULL: not recorded */
    char *plain_sha256, *profiled_sha256; /* NULL when that library was not used */
    char *seed;                           /* inputs.seed in hex; NULL where not said */
    long long message_bytes;              /* inputs.message_bytes; -1 where not said */
    char *plain_path, *profiled_path;     /* the libraries as built; NULL when not used */
    char *cpu_model, *kernel, *tick_source, *cycles_source;
    double tick_hz;  /* NAN when not measured */
    bool emulated;   /* run under an emulator: its times mean nothing */
    char *emulation; /* the evidence of it; NULL when not emulated */
    long long min_calls;

    bool has_timing;
    long long n, trials, calls_per_trial;
    double mean_cycles, mean_seconds, ops_per_second, median_trial_seconds, median_trial_cycles;
    double trial_spread, mean_cycles_stderr; /* NAN before version 4 */
    /* The cores the timing pass took in turn (timing.cores, from version
     * 6): how many (0 before), the slowest and the fastest, and their
     * means' distance over the mean cycles (core_spread; NAN before). */
    int timing_cores;
    struct rec_core core_low, core_high;
    double core_spread;
    /* The measuring processes of the timing pass (run --timing-processes;
     * 0 for one) and their means' distance over the mean cycles
     * (timing.process_spread; NAN for one). */
    int timing_processes;
    double process_spread;
    /* The degrees of freedom of mean_cycles_stderr: the processes less
     * one where their spread set it (it is the larger of the two errors
     * the timing pass works out), else the trials less the cores; NAN
     * without an error. */
    double mean_cycles_stderr_df;
    /* The timing pass's stopping rule (method.h): the precision asked
     * (method.precision) and the pass's budget (method.max_seconds), the
     * precision its mean reached (passes.timing.precision: the relative
     * 95 % half-width) and whether the budget stopped it; NAN and false
     * where the record does not say. */
    double precision_asked, max_seconds, timing_precision;
    bool timing_cut;

    bool noisy;
    char *noise_reasons; /* "" when not noisy */
    /* The share of the timing's wall time the process had the CPU
     * (noise.cpu_share): below 1, other processes ran while the tick
     * counter counted; NAN where the record does not say. */
    double cpu_share;

    bool has_drng, drng_global;
    int drng_seed_reached;             /* 1, 0, or -1 when unknown */
    char *drng_seeded, *drng_unseeded; /* context names, comma-separated */
    long long drng_other_calls;        /* calls on contexts beyond the wrappers' table */
    long long drng_table;              /* contexts that table holds; -1 when unknown */

    /* A what-if record: the candidates behind the helpers as given
     * ("pseudoXOF=shake128,..."; NULL for a placeholder record), the
     * works-check's verdict and check, and the helpers whose calls per
     * operation differ from the placeholder's, with both counts
     * ("sm3hash 255 (placeholder 270)", comma-separated; "" when none). */
    char *substitution, *substitution_check, *substitution_differs;
    char *substitution_unverified; /* "pkg:X, ..." measured unchecked (no KAT responses), or "" */
    bool substitution_works;
    bool substitution_checked; /* the works-check ran (a failed run may end before it) */

    long long static_image_bytes, baseline_rss_kib, peak_rss_kib;

    bool has_sizes;
    long long pk, sk, sig, sig_observed_min, sig_observed_max, ct, ss;
    long long sta, stb, msg_total, passes; /* key exchanges; -1 otherwise */
    size_t nmessages;                      /* the setup exchange's messages */
    long long messages[REC_KEX_MAX_PASSES];

    bool has_profile;
    long long profile_calls;
    double profile_ticks;
    double baseline_ticks; /* NAN in a version 1 record */
    double inner_ticks, outer_ticks, untimed_outer_ticks, callers_outer_ticks;
    struct rec_helper helper[ICCSPROF_NHELPERS];
    size_t nshapes;
    struct rec_shape *shapes;
    /* Before version 5, the calls beyond the wrappers' shape table, in the
     * totals but in no helper (0 from version 5, where every call is). */
    bool overflow_keys;
    long long overflow_calls;
    /* From version 5: the shape rows grouped and their calls, and how many
     * exact shapes the table kept (-1 before). */
    long long grouped_rows, grouped_calls, shape_table;
    double hash_share, hash_share_stderr, drng_share, drng_share_stderr;
    /* The 95 % half-width of each share's uncertainty the record states
     * (trials, compensation and sampling); NAN when it states none. */
    double hash_share_uncertainty, drng_share_uncertainty;
    /* Whether hash_share (its error and uncertainty too) was played back
     * (profile.replay) rather than timed; the timed one, in either case. */
    bool hash_share_played;
    double hash_share_timed;
    /* The played-back share's 95 % interval, asymmetric: serving the
     * recording can only lower the share (profile.replay.share_lower and
     * share_upper, from version 6); NAN otherwise (rec_share_interval). */
    double hash_share_lower, hash_share_upper;
    char *replay_fault; /* why the record played nothing back, or NULL */
    /* The played-back shares of the record's cores (profile.replay.cores)
     * that stand furthest apart: the lowest and the highest, with their
     * cores (-1: not known); replay_cores is 0 without any. */
    int replay_cores, replay_low_cpu, replay_high_cpu;
    double replay_low, replay_high;
    /* The measuring processes the profile pass was made in
     * (profile.processes; 1 without it) and the lowest and highest hash
     * share one of them gave alone (NAN: none stated). */
    int processes;
    double process_low, process_high;
    long long sampling_k;
    bool sampling_auto;
    bool compensation_applied;       /* true before version 4 */
    bool compensation_paired;        /* twins started from the same data; true before version 4 */
    char *compensation_reason;       /* why not, or NULL */
    double compensation_added;       /* ticks per operation; NAN when unknown */
    long long outlier_calls;         /* timed calls set apart; -1 when the record does not say */
    long long outlier_shapes_marked; /* shapes with more than outlier_max_fraction of them */
    double outlier_max_fraction;

    bool has_callers;
    long long callers_depth, callers_overflow_calls;
    long long callers_table; /* sites the wrappers' table holds; -1 before version 5 */
    size_t nsites;
    struct rec_site *sites;
    /* From version 5, per helper with any, the calls beyond the call-site
     * table (rows without frames). */
    size_t nbeyond;
    struct rec_site *beyond;

    bool has_coverage, coverage_complete;
    long long invisible_references; /* summed over coverage.internal_calls */
    char *invisible_helpers;        /* "pseudoXOF, sm3hash": helpers with such calls */

    /* The KAT gate's result (kat); has_kat false when the record has none. */
    bool has_kat;
    enum rec_kat { REC_KAT_PASS, REC_KAT_FAIL, REC_KAT_TIMEOUT, REC_KAT_NOT_AVAILABLE } kat;
    char *kat_detail;
    enum rec_kat_profiled {
        REC_KAT_PROFILED_NOT_RUN,
        REC_KAT_IDENTICAL,
        REC_KAT_DIFFERS,
        REC_KAT_PROFILED_TIMEOUT
    } kat_profiled;
    char *kat_profiled_detail;

    /* What the page alone shows: NULL strings when the record does not say
     * (older records, a host check that could not tell). */
    char *tool_version;                  /* of the iccsprof that wrote the record */
    char *implementation;                /* scheme.implementation: "reference", "optimized" */
    char *archive_name, *archive_sha256; /* scheme.archive: the archive unpacked, or NULL */
    char *archive_verdict;               /* whether it is the official one, in words */
    bool archive_official;
    long long host_cpu; /* the core measured on; -1 when not pinned */
    /* host.scheduler: the Slurm job and array task the record was made
     * as; -1 when not run by Slurm (task: not as an array task) */
    long long slurm_job, slurm_task;
    /* host.check: whether it was ready (-1: no check), the items not
     * ready ("pinning, load"), and the values of the items the page shows */
    int host_ready;
    char *host_not_ready;
    char *hostname, *machine, *memory, *os, *governor, *frequency, *turbo, *smt;
    char *survey_text;              /* coverage.survey.text: the survey verdict */
    char *kat_log, *kat_log_sha256; /* kat.log: the KAT program's output and its SHA-256 */

    long long sign_failures_retried, verify_rejections, decaps_mismatches;
    long long kex_mismatches; /* 0 but for key exchanges */
    struct rec_pass pass[REC_NPASSES];
    enum rec_state state;
    char *message;
    char *incomplete; /* the pass a partial record lacks ("timing", "profile"), or NULL */
};

/* Load and check the record in PATH.  NULL when it cannot be read, is not
 * JSON, is not a record this reader accepts or lacks a field, with one line
 * saying so (naming PATH and the field) in ERR. */
struct rec *rec_load(const char *path, char *err, size_t err_size);

/* Free a record from rec_load (NULL is allowed). */
void rec_free(struct rec *r);

/* The 95 % half-width shown beside R's hash share (DRNG false) or DRNG
 * share: the uncertainty the record states, or, for a record from before
 * it was stated, 1.96 standard errors of the sampling; 0 without either
 * or without a profile. */
double rec_share_halfwidth(const struct rec *r, bool drng);

/* The distances from R's hash share (DRNG false) or DRNG share down and
 * up to the ends of its 95 % interval into *BELOW and *ABOVE: a
 * played-back share's own ends from version 6 (serving the recording can
 * only lower it, so that it lies more above than below), else
 * rec_share_halfwidth both ways. */
void rec_share_interval(const struct rec *r, bool drng, double *below, double *above);

/* Whether the cores R's timing pass took in turn disagree: the slowest's
 * and the fastest's mean cycles apart by more than the 95 % half-width of
 * their difference (1.96 of their standard errors in quadrature); false
 * with one core or before version 6. */
bool rec_cores_disagree(const struct rec *r);

/* Name of an operation, of a type, of a state, as in the record. */
const char *rec_op_name(enum rec_op op);
const char *rec_type_name(enum rec_type type);
const char *rec_state_name(enum rec_state state);

/* Position of an operation in its type's API order (keygen 0, sign/enc 1,
 * verify/dec 2; init_a 0, init_b 1, pass k 1 + k, derive_a and derive_b
 * after the last pass a record can name). */
int rec_op_rank(enum rec_op op);

/* Order of report rows: instance in natural order, then operation in API
 * order, then scheme id and path (qsort comparator of struct rec *). */
int rec_cmp(const void *a, const void *b);

#endif
