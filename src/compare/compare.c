/* compare.c - two sets of profile records side by side: matching, the
 * differences that matter, and the conditions of --fail-on. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/atomic-file.h"
#include "util/build-files.h"
#include "record/callsite.h"
#include "util/message.h"
#include "compare/compare.h"
#include "report/report.h"

/* Whether records X and Y have the same key (scheme, instance, operation);
 * the operation is compared by name, so that a sig and a kem record of one
 * key are found as a pair and refused. */
static bool cmp_same_key(const struct rec *x, const struct rec *y)
{
    return strcmp(x->scheme_id, y->scheme_id) == 0 && strcmp(x->instance, y->instance) == 0 &&
           rec_op_rank(x->op) == rec_op_rank(y->op);
}

/* The record of SET with R's key, or NULL. */
static const struct rec *cmp_find(const struct rec_set *set, const struct rec *r)
{
    for (size_t i = 0; i < set->n; i++)
        if (cmp_same_key(set->recs[i], r))
            return set->recs[i];
    return NULL;
}

/* False, after saying so, when SET (side SIDE) holds one key twice. */
static bool cmp_unique(const struct rec_set *set, const char *side)
{
    for (size_t i = 0; i + 1 < set->n; i++)
        for (size_t j = i + 1; j < set->n; j++)
            if (cmp_same_key(set->recs[i], set->recs[j])) {
                cmd_error("%s holds %s %s %s twice: %s and %s", side, set->recs[i]->scheme_id,
                          set->recs[i]->instance, rec_op_name(set->recs[i]->op), set->recs[i]->path,
                          set->recs[j]->path);
                return false;
            }
    return true;
}

/* Match the records of C->a and C->b. */
bool cmp_match(struct cmp *c)
{
    if (!cmp_unique(c->a, "A") || !cmp_unique(c->b, "B"))
        return false;
    c->pairs = calloc(c->a->n + 1, sizeof *c->pairs);
    c->only_a = calloc(c->a->n + 1, sizeof *c->only_a);
    c->only_b = calloc(c->b->n + 1, sizeof *c->only_b);
    for (size_t i = 0; i < c->a->n; i++) {
        const struct rec *a = c->a->recs[i], *b = cmp_find(c->b, a);

        if (b == NULL) {
            c->only_a[c->nonly_a++] = a;
        } else if (a->type != b->type) {
            cmd_error("%s %s %s is a %s record in A (%s) and a %s record in B (%s)", a->scheme_id,
                      a->instance, rec_op_name(a->op), rec_type_name(a->type), a->path,
                      rec_type_name(b->type), b->path);
            return false;
        } else {
            c->pairs[c->npairs++] = (struct cmp_pair){a, b, c->noise_threshold};
        }
    }
    for (size_t i = 0; i < c->b->n; i++)
        if (cmp_find(c->a, c->b->recs[i]) == NULL)
            c->only_b[c->nonly_b++] = c->b->recs[i];
    return true;
}

/* Whether files X and Y hold the same bytes. */
static bool cmp_same_bytes(const char *x, const char *y)
{
    char *a = file_read(x), *b = file_read(y);
    bool same = a != NULL && b != NULL && strcmp(a, b) == 0;

    free(a);
    free(b);
    return same;
}

/* Whether C's sides are the same records. */
enum cmp_sides cmp_sides(const struct cmp *c)
{
    bool same_files = true;

    if (c->npairs == 0 || c->nonly_a > 0 || c->nonly_b > 0)
        return CMP_SIDES_DIFFER;
    for (size_t i = 0; i < c->npairs; i++)
        same_files &= atomic_same_file(c->pairs[i].a->path, c->pairs[i].b->path);
    if (same_files)
        return CMP_SIDES_SAME_FILES;
    for (size_t i = 0; i < c->npairs; i++)
        if (!cmp_same_bytes(c->pairs[i].a->path, c->pairs[i].b->path))
            return CMP_SIDES_DIFFER;
    return CMP_SIDES_COPIES;
}

/* Free what cmp_match allocated. */
void cmp_free(struct cmp *c)
{
    free(c->pairs);
    free(c->only_a);
    free(c->only_b);
}

const struct cmp_attr cmp_attrs[CMP_NATTRS] = {
    {"compiler", "compiler", offsetof(struct rec, compiler)},
    {"compiler flags", "cflags", offsetof(struct rec, cflags)},
    {"CPU", "cpu_model", offsetof(struct rec, cpu_model)},
    {"kernel", "kernel", offsetof(struct rec, kernel)},
    {"tick source", "tick_source", offsetof(struct rec, tick_source)},
    {"cycles source", "cycles_source", offsetof(struct rec, cycles_source)},
};

/* The value of attribute A of R. */
const char *cmp_attr_value(const struct cmp_attr *a, const struct rec *r)
{
    return *(char *const *)((const char *)r + a->offset);
}

/* Whether two attribute values (NULL = unknown) are equal. */
static bool cmp_value_eq(const char *x, const char *y)
{
    return x == NULL || y == NULL ? x == y : strcmp(x, y) == 0;
}

/* The distinct values of attribute A over SET, in record order. */
size_t cmp_attr_values(const struct cmp_attr *a, const struct rec_set *set, const char **values)
{
    size_t n = 0;

    for (size_t i = 0; i < set->n; i++) {
        const char *v = cmp_attr_value(a, set->recs[i]);
        bool seen = false;

        for (size_t j = 0; j < n && !seen; j++)
            seen = cmp_value_eq(values[j], v);
        if (!seen)
            values[n++] = v;
    }
    return n;
}

/* Whether both sides of C have the same values of attribute A (as sets). */
bool cmp_attr_same(const struct cmp *c, const struct cmp_attr *a)
{
    const char **va = calloc(c->a->n + 1, sizeof *va), **vb = calloc(c->b->n + 1, sizeof *vb);
    size_t na = cmp_attr_values(a, c->a, va), nb = cmp_attr_values(a, c->b, vb);
    bool same = na == nb;

    for (size_t i = 0; i < na && same; i++) {
        bool found = false;

        for (size_t j = 0; j < nb && !found; j++)
            found = cmp_value_eq(va[i], vb[j]);
        same = found;
    }
    free(va);
    free(vb);
    return same;
}

/* How many matched pairs with both libraries' SHA-256 differ. */
size_t cmp_libraries_differ(const struct cmp *c, bool profiled, size_t *compared)
{
    size_t differ = 0;

    *compared = 0;
    for (size_t i = 0; i < c->npairs; i++) {
        const char *a = profiled ? c->pairs[i].a->profiled_sha256 : c->pairs[i].a->plain_sha256;
        const char *b = profiled ? c->pairs[i].b->profiled_sha256 : c->pairs[i].b->plain_sha256;

        if (a == NULL || b == NULL)
            continue;
        (*compared)++;
        differ += strcmp(a, b) != 0;
    }
    return differ;
}

/* The hash share (DRNG false) or DRNG share of both records of P, with
 * their intervals (rec_share_interval): the true difference lies from
 * the difference less B's distance below and A's above (in quadrature)
 * to the difference plus B's above and A's below, and one whose
 * interval holds zero is not told apart from the noise of measuring.
 * A played-back share lies more above its value than below, so that a
 * share that rose is judged by the margin below and one that fell by the
 * one above. */
static struct cmp_share cmp_share(const struct cmp_pair *p, bool drng)
{
    struct cmp_share s = {.known = p->a->has_profile && p->b->has_profile, .diff = NAN};
    double below_a, above_a, below_b, above_b;

    if (!s.known)
        return s;
    s.a = drng ? p->a->drng_share : p->a->hash_share;
    s.b = drng ? p->b->drng_share : p->b->hash_share;
    s.se_a = drng ? p->a->drng_share_stderr : p->a->hash_share_stderr;
    s.se_b = drng ? p->b->drng_share_stderr : p->b->hash_share_stderr;
    s.u_a = rec_share_halfwidth(p->a, drng);
    s.u_b = rec_share_halfwidth(p->b, drng);
    rec_share_interval(p->a, drng, &below_a, &above_a);
    rec_share_interval(p->b, drng, &below_b, &above_b);
    s.diff = s.b - s.a;
    s.margin_below = hypot(below_b, above_a);
    s.margin_above = hypot(above_b, below_a);
    s.margin = s.diff >= 0 ? s.margin_below : s.margin_above;
    s.noise = s.diff != 0 && fabs(s.diff) <= s.margin;
    return s;
}

/* The hash share of both records of P. */
struct cmp_share cmp_hash_share(const struct cmp_pair *p)
{
    return cmp_share(p, false);
}

/* The DRNG share of both records of P. */
struct cmp_share cmp_drng_share(const struct cmp_pair *p)
{
    return cmp_share(p, true);
}

/* Whether two call rates differ, compared as integer cross products. */
bool cmp_rates_differ(long long count_a, long long ops_a, long long count_b, long long ops_b)
{
    return (__int128)count_a * ops_b != (__int128)count_b * ops_a;
}

/* Whether helper H's calls per operation vary on either side of P: both
 * records then give their means' standard errors (version 4). */
static bool cmp_helper_varies(const struct cmp_pair *p, int h)
{
    const struct rec_helper *a = &p->a->helper[h], *b = &p->b->helper[h];

    return (report_count_varies(a->calls_min, a->calls_max) ||
            report_count_varies(b->calls_min, b->calls_max)) &&
           !isnan(a->calls_per_op_stderr) && !isnan(b->calls_per_op_stderr);
}

/* How helper H's calls per operation compare in P.  Counts the code fixes
 * are the same code's only when they are equal (compared exactly); counts
 * that vary with the data are means over different operations, which
 * differ only beyond two combined standard errors. */
enum cmp_calls cmp_helper_calls(const struct cmp_pair *p, int h)
{
    const struct rec_helper *a = &p->a->helper[h], *b = &p->b->helper[h];

    if (!cmp_helper_varies(p, h))
        return cmp_rates_differ(a->calls, p->a->profile_calls, b->calls, p->b->profile_calls)
                   ? CMP_CALLS_DIFFER
                   : CMP_CALLS_SAME;
    if (fabs(a->calls_per_op - b->calls_per_op) >
        2 * sqrt(a->calls_per_op_stderr * a->calls_per_op_stderr +
                 b->calls_per_op_stderr * b->calls_per_op_stderr))
        return CMP_CALLS_DIFFER;
    return a->calls_per_op == b->calls_per_op ? CMP_CALLS_SAME : CMP_CALLS_WITHIN_NOISE;
}

/* How the calls in no helper of P compare: those of records before
 * version 5 beyond the wrappers' shape table, which belong to some helper.
 * Different numbers per operation mean some helper's calls differ, unless
 * a helper's count varies with the data on either side. */
static enum cmp_calls cmp_unassigned_calls(const struct cmp_pair *p)
{
    const struct rec *a = p->a, *b = p->b;

    if (!cmp_rates_differ(a->overflow_calls, a->profile_calls, b->overflow_calls, b->profile_calls))
        return CMP_CALLS_SAME;
    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        if (report_count_varies(a->helper[h].calls_min, a->helper[h].calls_max) ||
            report_count_varies(b->helper[h].calls_min, b->helper[h].calls_max))
            return CMP_CALLS_WITHIN_NOISE;
    return CMP_CALLS_DIFFER;
}

/* How the calls per operation of the helpers compare in P: the worst of
 * them and of the calls in no helper. */
enum cmp_calls cmp_calls_compare(const struct cmp_pair *p)
{
    enum cmp_calls worst;

    if (!p->a->has_profile || !p->b->has_profile)
        return CMP_CALLS_SAME;
    worst = cmp_unassigned_calls(p);
    for (int h = 0; h < ICCSPROF_NHELPERS; h++) {
        enum cmp_calls c = cmp_helper_calls(p, h);

        if (c > worst)
            worst = c;
    }
    return worst;
}

/* Whether some helper's calls per operation differ. */
bool cmp_calls_differ(const struct cmp_pair *p)
{
    return cmp_calls_compare(p) == CMP_CALLS_DIFFER;
}

/* The chain a merged site is matched by: a site's names, or for the
 * calls beyond the wrappers' call-site table (BEYOND) a name saying so.
 * malloc'd. */
static char *cmp_site_names(const struct rec_site *s, bool beyond)
{
    return beyond ? strdup("(beyond the call-site table)") : callsite_names(s);
}

/* Add the N sites LIST of one side (B when IS_B) to the merged list
 * SITES; BEYOND: they are the calls beyond the call-site table. */
static void cmp_sites_add(struct cmp_site **sites, size_t *n, const struct rec_site *list,
                          size_t count, bool beyond, bool is_b)
{
    for (size_t i = 0; i < count; i++) {
        const struct rec_site *s = &list[i];
        char *names = cmp_site_names(s, beyond);
        struct cmp_site *m = NULL;

        for (size_t j = 0; j < *n && m == NULL; j++)
            if ((*sites)[j].helper == (int)s->helper && strcmp((*sites)[j].names, names) == 0)
                m = &(*sites)[j];
        if (m == NULL) {
            *sites = realloc(*sites, (*n + 1) * sizeof **sites);
            m = &(*sites)[(*n)++];
            *m = (struct cmp_site){.helper = (int)s->helper, .names = names};
        } else {
            free(names);
        }
        if (is_b) {
            m->calls_b += s->calls;
            m->calls_per_op_b += s->calls_per_op;
            m->share_b += s->share_of_op;
        } else {
            m->calls_a += s->calls;
            m->calls_per_op_a += s->calls_per_op;
            m->share_a += s->share_of_op;
        }
    }
}

/* Order of merged sites: largest share on either side first, then by
 * helper and names, so the order does not depend on the records' order. */
static int cmp_site_order(const void *x, const void *y)
{
    const struct cmp_site *s = x, *t = y;
    double ms = fmax(s->share_a, s->share_b), mt = fmax(t->share_a, t->share_b);

    if (ms != mt)
        return ms > mt ? -1 : 1;
    if (s->helper != t->helper)
        return s->helper < t->helper ? -1 : 1;
    return strcmp(s->names, t->names);
}

/* The merged sites of P. */
struct cmp_site *cmp_sites(const struct cmp_pair *p, size_t *n)
{
    struct cmp_site *sites = NULL;

    *n = 0;
    if (!p->a->has_callers && !p->b->has_callers)
        return NULL;
    cmp_sites_add(&sites, n, p->a->sites, p->a->nsites, false, false);
    cmp_sites_add(&sites, n, p->a->beyond, p->a->nbeyond, true, false);
    cmp_sites_add(&sites, n, p->b->sites, p->b->nsites, false, true);
    cmp_sites_add(&sites, n, p->b->beyond, p->b->nbeyond, true, true);
    if (*n > 1)
        qsort(sites, *n, sizeof *sites, cmp_site_order);
    return sites;
}

/* Whether a merged site's calls per operation differ between the sides. */
bool cmp_site_calls_differ(const struct cmp_site *s, const struct cmp_pair *p)
{
    return cmp_rates_differ(s->calls_a, p->a->profile_calls, s->calls_b, p->b->profile_calls);
}

/* Free N merged sites. */
void cmp_sites_free(struct cmp_site *sites, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(sites[i].names);
    free(sites);
}

/* Parse a threshold (a number >= 0) after "name="; -1 when malformed. */
static double cmp_parse_threshold(const char *s)
{
    char *end;
    double v;

    errno = 0;
    v = strtod(s, &end);
    if (errno != 0 || end == s || *end != '\0' || !(v >= 0) || isinf(v))
        return -1;
    return v;
}

/* Add the comma-separated conditions of LIST to F. */
bool cmp_parse_fail_on(const char *list, struct cmp_fail_on *f)
{
    char *copy = strdup(list), *save = NULL;
    bool ok = true;

    for (char *item = strtok_r(copy, ",", &save); ok && item != NULL;
         item = strtok_r(NULL, ",", &save)) {
        if (strcmp(item, "calls") == 0)
            f->calls = true;
        else if (strncmp(item, "share=", 6) == 0)
            ok = (f->share_pp = cmp_parse_threshold(item + 6)) >= 0;
        else if (strncmp(item, "cycles=", 7) == 0)
            ok = (f->cycles_pct = cmp_parse_threshold(item + 7)) >= 0;
        else
            ok = false;
    }
    free(copy);
    return ok;
}

/* Whether condition COND of F is set. */
bool cmp_condition_set(const struct cmp_fail_on *f, enum cmp_condition cond)
{
    switch (cond) {
    case CMP_CALLS:
        return f->calls;
    case CMP_SHARE:
        return f->share_pp >= 0;
    default:
        return f->cycles_pct >= 0;
    }
}

/* Whether share S moved by more than PP percentage points, beyond noise. */
static bool cmp_share_moved(const struct cmp_share *s, double pp)
{
    return s->known && !s->noise && fabs(s->diff) * 100 > pp;
}

/* Whether condition COND of F holds for pair P. */
bool cmp_condition_holds(const struct cmp_fail_on *f, enum cmp_condition cond,
                         const struct cmp_pair *p)
{
    struct cmp_share hash, drng;
    double ratio;

    if (!cmp_condition_set(f, cond))
        return false;
    switch (cond) {
    case CMP_CALLS:
        return cmp_calls_differ(p);
    case CMP_SHARE:
        hash = cmp_hash_share(p);
        drng = cmp_drng_share(p);
        return cmp_share_moved(&hash, f->share_pp) || cmp_share_moved(&drng, f->share_pp);
    default:
        ratio = cmp_cycles_ratio(p);
        return !isnan(ratio) && ratio > 1 + f->cycles_pct / 100 && cmp_cycles_beyond_noise(p);
    }
}

/* The condition as given: "calls", "share=1", "cycles=5". */
char *cmp_condition_text(char *buf, size_t size, const struct cmp_fail_on *f,
                         enum cmp_condition cond)
{
    if (cond == CMP_CALLS)
        snprintf(buf, size, "calls");
    else if (cond == CMP_SHARE)
        snprintf(buf, size, "share=%g", f->share_pp);
    else
        snprintf(buf, size, "cycles=%g", f->cycles_pct);
    return buf;
}
