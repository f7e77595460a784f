/* compare-cycles.c - how the mean cycles of a matched pair compare: the
 * ratio, its half-width, and whether the difference is the code's or
 * lies within the noise of measuring, the spread of the cores, the time
 * other processes took or the machine's drift between runs. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "compare/compare.h"
#include "measure/rules.h"

/* B's mean cycles over A's. */
double cmp_cycles_ratio(const struct cmp_pair *p)
{
    if (!p->a->has_timing || !p->b->has_timing || p->a->mean_cycles <= 0)
        return NAN;
    return p->b->mean_cycles / p->a->mean_cycles;
}

/* The degrees of freedom of the difference of P's means, by Welch and
 * Satterthwaite from both errors and their own degrees; NAN unless both
 * records give them. */
double cmp_cycles_df(const struct cmp_pair *p)
{
    double va = p->a->mean_cycles_stderr * p->a->mean_cycles_stderr;
    double vb = p->b->mean_cycles_stderr * p->b->mean_cycles_stderr;
    double da = p->a->mean_cycles_stderr_df, db = p->b->mean_cycles_stderr_df;

    if (isnan(va) || isnan(vb) || isnan(da) || isnan(db))
        return NAN;
    if (va + vb == 0)
        return da + db;
    return (va + vb) * (va + vb) / (va * va / da + vb * vb / db);
}

/* Student's t of P's 95 % interval, at its degrees of freedom rounded
 * down (the wider interval); NAN without them. */
static double cmp_cycles_t95(const struct cmp_pair *p)
{
    double df = cmp_cycles_df(p);

    if (isnan(df))
        return NAN;
    return method_t95(df < 1 ? 1 : (unsigned long long)fmin(floor(df), 1e9));
}

/* The 95 % half-width of B/A from both means' standard errors, to first
 * order; NAN unless both records give them. */
double cmp_cycles_ratio_halfwidth(const struct cmp_pair *p)
{
    double ratio = cmp_cycles_ratio(p);
    double ea = p->a->mean_cycles_stderr / p->a->mean_cycles;
    double eb = p->b->mean_cycles_stderr / p->b->mean_cycles;

    if (isnan(ratio) || isnan(ea) || isnan(eb))
        return NAN;
    return cmp_cycles_t95(p) * ratio * sqrt(ea * ea + eb * eb);
}

/* The distance between R's slowest and fastest core; 0 with one core or
 * before version 6. */
static double cmp_core_range(const struct rec *r)
{
    return r->timing_cores > 1 ? r->core_high.mean_cycles - r->core_low.mean_cycles : 0;
}

/* The distance between R's slowest and fastest timing process; 0 with
 * one. */
static double cmp_process_range(const struct rec *r)
{
    return r->timing_processes > 1 ? r->process_spread * r->mean_cycles : 0;
}

/* The record of P whose RANGE (cmp_core_range or cmp_process_range) the
 * difference lies within, the wider; 0 when it lies within neither. */
static char cmp_cycles_side(const struct cmp_pair *p, double (*range)(const struct rec *))
{
    double diff = fabs(p->b->mean_cycles - p->a->mean_cycles);
    double ra = range(p->a), rb = range(p->b);

    if (diff > fmax(ra, rb) || fmax(ra, rb) <= 0)
        return 0;
    return ra >= rb ? 'A' : 'B';
}

/* The record whose cores' spread the difference of P lies within. */
char cmp_cycles_cores_side(const struct cmp_pair *p)
{
    return cmp_cycles_side(p, cmp_core_range);
}

/* The record whose processes' spread the difference of P lies within. */
char cmp_cycles_processes_side(const struct cmp_pair *p)
{
    return cmp_cycles_side(p, cmp_process_range);
}

/* The record of P other processes may have lengthened by the difference
 * (compare.h): the slower, when its cycles times the share of the time
 * it had the CPU reach no higher than the faster's. */
char cmp_cycles_stolen_side(const struct cmp_pair *p)
{
    bool b_slower = p->b->mean_cycles > p->a->mean_cycles;
    const struct rec *slow = b_slower ? p->b : p->a, *fast = b_slower ? p->a : p->b;

    if (isnan(slow->cpu_share) || slow->cpu_share >= 1 ||
        slow->mean_cycles * slow->cpu_share > fast->mean_cycles)
        return 0;
    return b_slower ? 'B' : 'A';
}

/* Whether P's records timed the same code on the same inputs
 * (compare.h). */
bool cmp_cycles_same_code(const struct cmp_pair *p)
{
    const struct rec *a = p->a, *b = p->b;

    return a->plain_sha256 != NULL && b->plain_sha256 != NULL &&
           strcmp(a->plain_sha256, b->plain_sha256) == 0 && a->substitution == NULL &&
           b->substitution == NULL && a->seed != NULL && b->seed != NULL &&
           strcmp(a->seed, b->seed) == 0 && a->message_bytes >= 0 &&
           a->message_bytes == b->message_bytes;
}

/* How the mean cycles of P compare (compare.h).  Records before version 4
 * give no standard errors: their difference is never noise. */
enum cmp_cycles cmp_cycles_compare(const struct cmp_pair *p)
{
    double sa = p->a->mean_cycles_stderr, sb = p->b->mean_cycles_stderr, t = cmp_cycles_t95(p);
    double diff = p->b->mean_cycles - p->a->mean_cycles;

    if (isnan(cmp_cycles_ratio(p)))
        return CMP_CYCLES_UNKNOWN;
    if (diff == 0)
        return CMP_CYCLES_SAME;
    if (!isnan(t) && fabs(diff) <= t * sqrt(sa * sa + sb * sb))
        return CMP_CYCLES_WITHIN_INTERVAL;
    if (cmp_cycles_cores_side(p) != 0)
        return CMP_CYCLES_WITHIN_CORES;
    if (cmp_cycles_processes_side(p) != 0)
        return CMP_CYCLES_WITHIN_PROCESSES;
    if (cmp_cycles_stolen_side(p) != 0)
        return CMP_CYCLES_WITHIN_STOLEN;
    if (fabs(diff) < p->noise_threshold * p->a->mean_cycles)
        return CMP_CYCLES_WITHIN_THRESHOLD;
    if (cmp_cycles_same_code(p))
        return CMP_CYCLES_SAME_CODE;
    return CMP_CYCLES_DIFFER;
}

/* Whether P's cycles differ beyond the errors of its records, each made
 * in one timing process: the machine's pace between runs is then in
 * neither record's error. */
bool cmp_cycles_differ_in_one_process(const struct cmp_pair *p)
{
    return p->a->timing_processes < 2 && p->b->timing_processes < 2 && !isnan(cmp_cycles_df(p)) &&
           cmp_cycles_compare(p) == CMP_CYCLES_DIFFER;
}

/* Whether either record's cores disagree. */
bool cmp_cores_disagree(const struct cmp_pair *p)
{
    return rec_cores_disagree(p->a) || rec_cores_disagree(p->b);
}

/* Whether B's mean cycles exceed A's beyond noise. */
bool cmp_cycles_beyond_noise(const struct cmp_pair *p)
{
    return p->b->mean_cycles > p->a->mean_cycles && cmp_cycles_compare(p) == CMP_CYCLES_DIFFER;
}
