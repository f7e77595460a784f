/* compare.h - two sets of profile records side by side: matching, the
 * differences that matter, and the conditions of --fail-on.
 *
 * Records match by (scheme id, instance, operation).  The same code run on
 * the same inputs makes the same helper calls, so differing calls per
 * operation mean a change of behaviour; counts that vary with the data
 * and shares of sampled records differ only when they differ by more than
 * two combined standard errors, mean cycles only beyond the 95 % interval
 * of their difference and the spread of either record's cores or
 * processes too. */
#ifndef ICCSPROF_COMPARE_H
#define ICCSPROF_COMPARE_H

#include <stdbool.h>
#include <stddef.h>

#include <stdio.h>

#include "record/record-scan.h"

/* A matched pair of records, and the noise threshold they are judged by
 * (struct cmp). */
struct cmp_pair {
    const struct rec *a, *b;
    double noise_threshold;
};

struct cmp {
    const char *a_name, *b_name; /* the two inputs as given */
    /* the relative difference of mean cycles below which a difference is
     * not significant whatever the errors say (--noise-threshold): one
     * build measured twice minutes apart moves by more than the errors of
     * either run state, as the machine's speed drifts between them */
    double noise_threshold;
    const struct rec_set *a, *b;
    struct cmp_pair *pairs; /* matched, in the order of A's records */
    size_t npairs;
    const struct rec **only_a, **only_b;
    size_t nonly_a, nonly_b;
};

/* Match the records of C->a and C->b.  False, after one line on stderr,
 * when a side holds one key twice or a pair mixes a sig and a kem record. */
bool cmp_match(struct cmp *c);

/* How the two sides of a match relate as files. */
enum cmp_sides {
    CMP_SIDES_DIFFER,    /* some record differs, or is on one side only */
    CMP_SIDES_COPIES,    /* every record is on both sides, byte for byte */
    CMP_SIDES_SAME_FILES /* both sides name the very same files */
};

/* Whether C's sides are the same records: the same files, or copies. */
enum cmp_sides cmp_sides(const struct cmp *c);

/* Free what cmp_match allocated. */
void cmp_free(struct cmp *c);

/* A build or host attribute of the records that compare sets side by
 * side: its label in Markdown, its key in JSON, and the string member of
 * struct rec that holds it. */
struct cmp_attr {
    const char *label, *key;
    size_t offset;
};

/* The attributes compared: compiler, flags, CPU, kernel, tick and cycles
 * sources; CMP_NATTRS of them. */
extern const struct cmp_attr cmp_attrs[];
#define CMP_NATTRS 6

/* The value of attribute A of R (NULL when the record does not know). */
const char *cmp_attr_value(const struct cmp_attr *a, const struct rec *r);

/* The distinct values of attribute A over SET, in record order, into
 * VALUES (room for SET->n); their number. */
size_t cmp_attr_values(const struct cmp_attr *a, const struct rec_set *set, const char **values);

/* Whether both sides of C have the same values of attribute A. */
bool cmp_attr_same(const struct cmp *c, const struct cmp_attr *a);

/* How many matched pairs have both libraries' SHA-256 (the plain ones, or
 * the profiled ones when PROFILED), in *COMPARED, and how many of those
 * differ. */
size_t cmp_libraries_differ(const struct cmp *c, bool profiled, size_t *compared);

/* One share of a pair: the hash share or the DRNG share. */
struct cmp_share {
    bool known; /* both records have a profile */
    double a, b, se_a, se_b;
    double u_a, u_b; /* the 95 % half-widths shown beside them (rec_share_halfwidth) */
    double diff;     /* b - a */
    /* how far the true difference may lie below and above DIFF (95 %):
     * B's distance below and A's above in quadrature, and the converse
     * (rec_share_interval); both u_a and u_b in quadrature for shares of
     * one half-width */
    double margin_below, margin_above;
    double margin; /* the one of them on DIFF's side of zero, which a difference is judged by */
    bool noise;    /* a non-zero difference within its margin */
};

struct cmp_share cmp_hash_share(const struct cmp_pair *p);
struct cmp_share cmp_drng_share(const struct cmp_pair *p);

/* B's mean cycles over A's; NAN unless both were timed. */
double cmp_cycles_ratio(const struct cmp_pair *p);

/* The 95 % half-width of B/A from the standard errors of both means (from
 * version 6 each the error of a mean of its cores' means, from the spread
 * within each core, or of its processes' means) and Student's t of their
 * degrees of freedom (cmp_cycles_df); NAN when a record does not give
 * them (before version 4). */
double cmp_cycles_ratio_halfwidth(const struct cmp_pair *p);

/* The degrees of freedom of the difference of the pair's mean cycles
 * (Welch-Satterthwaite): about the processes less one where a few
 * processes' spread sets both errors; NAN without errors. */
double cmp_cycles_df(const struct cmp_pair *p);

/* How the mean cycles of a pair compare: told apart from the noise of
 * measuring and from the machine's cores, in this order. */
enum cmp_cycles {
    CMP_CYCLES_UNKNOWN,          /* not both timed */
    CMP_CYCLES_SAME,             /* equal */
    CMP_CYCLES_WITHIN_INTERVAL,  /* within the 95 % interval of the means' difference */
    CMP_CYCLES_WITHIN_CORES,     /* within the spread of either record's cores */
    CMP_CYCLES_WITHIN_PROCESSES, /* within the spread of either record's timing processes */
    CMP_CYCLES_WITHIN_STOLEN,    /* within what other processes took from the slower's timing */
    CMP_CYCLES_WITHIN_THRESHOLD, /* smaller than the noise threshold */
    CMP_CYCLES_SAME_CODE,        /* beyond all those, but the same code timed on the same inputs */
    CMP_CYCLES_DIFFER            /* a difference of the code (or of the machine's state) */
};

/* How the mean cycles of P compare.  A difference no larger than the
 * distance between the slowest and the fastest core of either record
 * (timing.cores, version 6) is one the machine makes between its cores,
 * which a run that landed on other cores would show as well, and so is
 * one no larger than the distance between its slowest and fastest
 * timing process (timing.processes) from one process to the next; one by
 * which the slower record's timing may have been lengthened by the time
 * other processes held its core (its noise.cpu_share below 1: the tick
 * counter counted on, so that its cycles can be as much as 1/cpu_share
 * of the operation's own) is the machine's load's; one smaller than the
 * pair's noise threshold is the machine's drift between two runs.  None
 * of them is significant, whatever the standard errors say. */
enum cmp_cycles cmp_cycles_compare(const struct cmp_pair *p);

/* The record of P whose timing other processes may have lengthened by
 * the difference (cmp_cycles_compare): 'A' or 'B', or 0. */
char cmp_cycles_stolen_side(const struct cmp_pair *p);

/* The record of P (A or B) whose cores' spread the difference lies
 * within (the wider): 'A' or 'B', or 0 when it does not. */
char cmp_cycles_cores_side(const struct cmp_pair *p);

/* The same for the spread of the records' timing processes (run
 * --timing-processes): a run in other processes would show as much. */
char cmp_cycles_processes_side(const struct cmp_pair *p);

/* Whether either record of P took its trials on cores that disagree
 * beyond their errors (rec_cores_disagree). */
bool cmp_cores_disagree(const struct cmp_pair *p);

/* Whether COUNT_A calls in OPS_A operations and COUNT_B in OPS_B are
 * different calls per operation (compared exactly, as integers). */
bool cmp_rates_differ(long long count_a, long long ops_a, long long count_b, long long ops_b);

/* How calls per operation compare, from best to worst. */
enum cmp_calls {
    CMP_CALLS_SAME,
    CMP_CALLS_WITHIN_NOISE, /* means of varying counts, within two combined SE */
    CMP_CALLS_DIFFER
};

/* How helper H's calls per operation compare in P: counts the code fixes
 * exactly, counts that vary with the data (on either side) as means
 * within two combined standard errors. */
enum cmp_calls cmp_helper_calls(const struct cmp_pair *p, int h);

/* The worst of the helpers' comparisons in P (SAME unless both were
 * profiled). */
enum cmp_calls cmp_calls_compare(const struct cmp_pair *p);

/* Whether some helper's calls per operation differ (both profiled). */
bool cmp_calls_differ(const struct cmp_pair *p);

/* Whether the pair's records timed the very same code on the very same
 * inputs: the same plain library bytes (build.plain.sha256), no hash
 * substituted on either side, the same seed and message length.  A
 * difference of their cycles is then the machine's, whatever its size:
 * the state it was in at either time, or another machine. */
bool cmp_cycles_same_code(const struct cmp_pair *p);

/* Whether the pair's mean cycles differ (CMP_CYCLES_DIFFER) beyond the
 * errors of both records, each made in one timing process, whose error
 * cannot hold how the machine's pace moves from one run to the next. */
bool cmp_cycles_differ_in_one_process(const struct cmp_pair *p);

/* Whether B's mean cycles exceed A's beyond noise: beyond the 95 %
 * interval of the means' difference (any excess, for records that do not
 * give errors) and every other reason cmp_cycles_compare takes as the
 * machine's. */
bool cmp_cycles_beyond_noise(const struct cmp_pair *p);

/* The call sites of a pair merged by helper and function names. */
struct cmp_site {
    int helper;  /* enum iccsprof_helper */
    char *names; /* callee ← caller, names only */
    long long calls_a, calls_b;
    double calls_per_op_a, calls_per_op_b, share_a, share_b;
};

/* The merged sites of P, largest share on either side first; their
 * number in *N.  NULL when neither record has call sites. */
struct cmp_site *cmp_sites(const struct cmp_pair *p, size_t *n);

/* Whether a merged site's calls per operation differ between the sides. */
bool cmp_site_calls_differ(const struct cmp_site *s, const struct cmp_pair *p);

/* Free N merged sites. */
void cmp_sites_free(struct cmp_site *sites, size_t n);

/* The conditions of --fail-on; a negative threshold is not set. */
struct cmp_fail_on {
    bool calls;
    double share_pp;   /* a share moved by more than this, in percentage points */
    double cycles_pct; /* mean cycles grew by more than this, in percent */
};

/* Add the comma-separated conditions of LIST (calls, share=PP,
 * cycles=PCT) to F; false when one is malformed. */
bool cmp_parse_fail_on(const char *list, struct cmp_fail_on *f);

enum cmp_condition { CMP_CALLS, CMP_SHARE, CMP_CYCLES, CMP_NCONDITIONS };

/* Whether condition COND of F is set. */
bool cmp_condition_set(const struct cmp_fail_on *f, enum cmp_condition cond);

/* Whether condition COND of F holds for pair P. */
bool cmp_condition_holds(const struct cmp_fail_on *f, enum cmp_condition cond,
                         const struct cmp_pair *p);

/* The condition as given: "calls", "share=1", "cycles=5". */
char *cmp_condition_text(char *buf, size_t size, const struct cmp_fail_on *f,
                         enum cmp_condition cond);

/* Print C as Markdown: builds and hosts, performance, shares, calls,
 * call sites (top TOP per pair), unmatched records and the conditions. */
void cmp_print_md(const struct cmp *c, const struct cmp_fail_on *f, size_t top, FILE *out);

/* Print C as one JSON object with the same content. */
void cmp_print_json(const struct cmp *c, const struct cmp_fail_on *f, size_t top, FILE *out);

/* Print the share chart of C's matched pairs, A's bar above B's, as an SVG
 * document. */
void cmp_print_svg(const struct cmp *c, FILE *out);

#endif
