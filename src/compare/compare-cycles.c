/* compare-cycles.c - how the mean cycles of a matched pair compare: the
 * ratio, its half-width, and whether the difference is the code's or
 * lies within the noise of measuring or the spread of the cores. */
#include "config.h"

#include <math.h>

#include "compare/compare.h"

/* B's mean cycles over A's. */
double cmp_cycles_ratio(const struct cmp_pair *p)
{
    if (!p->a->has_timing || !p->b->has_timing || p->a->mean_cycles <= 0)
        return NAN;
    return p->b->mean_cycles / p->a->mean_cycles;
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
    return 1.96 * ratio * sqrt(ea * ea + eb * eb);
}

/* The distance between R's slowest and fastest core; 0 with one core or
 * before version 6. */
static double cmp_core_range(const struct rec *r)
{
    return r->timing_cores > 1 ? r->core_high.mean_cycles - r->core_low.mean_cycles : 0;
}

/* The record whose cores' spread the difference of P lies within. */
char cmp_cycles_cores_side(const struct cmp_pair *p)
{
    double diff = fabs(p->b->mean_cycles - p->a->mean_cycles);
    double ra = cmp_core_range(p->a), rb = cmp_core_range(p->b);

    if (diff > fmax(ra, rb) || fmax(ra, rb) <= 0)
        return 0;
    return ra >= rb ? 'A' : 'B';
}

/* How the mean cycles of P compare (compare.h).  Records before version 4
 * give no standard errors: their difference is never noise. */
enum cmp_cycles cmp_cycles_compare(const struct cmp_pair *p)
{
    double sa = p->a->mean_cycles_stderr, sb = p->b->mean_cycles_stderr;
    double diff = p->b->mean_cycles - p->a->mean_cycles;

    if (isnan(cmp_cycles_ratio(p)))
        return CMP_CYCLES_UNKNOWN;
    if (diff == 0)
        return CMP_CYCLES_SAME;
    if (!isnan(sa) && !isnan(sb) && fabs(diff) <= 2 * sqrt(sa * sa + sb * sb))
        return CMP_CYCLES_WITHIN_SE;
    if (cmp_cycles_cores_side(p) != 0)
        return CMP_CYCLES_WITHIN_CORES;
    return CMP_CYCLES_DIFFER;
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
