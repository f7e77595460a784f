/* compare-md.c - a comparison as Markdown: what differs between the builds
 * and hosts, then one table per kind of figure, matched records only, then
 * the records of one side only and the --fail-on conditions. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "record/callsite.h"
#include "compare/compare.h"
#include "util/format.h"
#include "report/provenance.h"
#include "report/report.h"

static const char *const cmp_md_helper_name[ICCSPROF_NHELPERS] = ICCSPROF_HELPER_NAMES;

/* The distinct values of attribute A on one side, as "`v1`, `v2`". */
static char *cmp_md_values(char *buf, size_t size, const struct cmp_attr *a,
                           const struct rec_set *set)
{
    char code[1024];
    const char **values = calloc(set->n + 1, sizeof *values);
    size_t n = cmp_attr_values(a, set, values);

    buf[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(buf);

        if (values[i] == NULL)
            snprintf(buf + len, size - len, "%sunknown", i ? ", " : "");
        else
            snprintf(buf + len, size - len, "%s%s", i ? ", " : "",
                     md_code(code, sizeof code, values[i]));
    }
    free(values);
    return buf;
}

/* The line of one library kind: how many matched pairs have other bytes. */
static void cmp_md_libraries(struct mdtable *t, const struct cmp *c, bool profiled)
{
    size_t compared, differ = cmp_libraries_differ(c, profiled, &compared);
    const char *label = profiled ? "profiled libraries" : "plain libraries";

    if (compared == 0)
        mdtable_note(t, "%s: no SHA-256 on both sides to compare", label);
    else if (differ == 0)
        mdtable_note(t, "%s: same SHA-256 in %s %zu matched record%s", label,
                     compared == 1 ? "the" : "all", compared, compared == 1 ? "" : "s");
    else
        mdtable_note(t, "%s: **different** SHA-256 in %zu of %zu matched record%s", label, differ,
                     compared, compared == 1 ? "" : "s");
}

/* The Builds and hosts section: the inputs, then each attribute, saying
 * whether it differs. */
static void cmp_md_builds(const struct cmp *c, FILE *out)
{
    struct mdtable *t = mdtable_new("Builds and hosts", 0, NULL, "");
    char va[2048], vb[2048];

    mdtable_note(t, "A: %s (%zu record%s); B: %s (%zu record%s); %zu matched",
                 md_code(va, sizeof va, c->a_name), c->a->n, c->a->n == 1 ? "" : "s",
                 md_code(vb, sizeof vb, c->b_name), c->b->n, c->b->n == 1 ? "" : "s", c->npairs);
    for (size_t i = 0; i < CMP_NATTRS; i++) {
        const struct cmp_attr *a = &cmp_attrs[i];

        cmp_md_values(va, sizeof va, a, c->a);
        if (cmp_attr_same(c, a))
            mdtable_note(t, "%s: same, %s", a->label, va);
        else
            mdtable_note(t, "%s: **different**, A %s; B %s", a->label, va,
                         cmp_md_values(vb, sizeof vb, a, c->b));
    }
    cmp_md_libraries(t, c, false);
    cmp_md_libraries(t, c, true);
    mdtable_print(t, out);
    mdtable_free(t);
}

/* Notes of KINDS for the pairs of C that are not clean on either side. */
static void cmp_md_notes(struct mdtable *t, const struct cmp *c, unsigned kinds)
{
    char code[1024];
    char na[REPORT_NOTE], nb[REPORT_NOTE];

    for (size_t i = 0; i < c->npairs; i++) {
        const struct rec *a = c->pairs[i].a, *b = c->pairs[i].b;

        report_note_text(na, sizeof na, a, kinds);
        report_note_text(nb, sizeof nb, b, kinds);
        if (na[0] != '\0' || nb[0] != '\0')
            mdtable_note(t, "%s %s: %s%s%s%s%s", md_code(code, sizeof code, a->instance),
                         rec_op_name(a->op), na[0] ? "A: " : "", na, na[0] && nb[0] ? "; " : "",
                         nb[0] ? "B: " : "", nb);
    }
}

/* The B/A cell of P: the ratio with its 95 % half-width when both
 * records give their means' standard errors. */
static char *cmp_md_ratio(char *buf, size_t size, const struct cmp_pair *p)
{
    double u = cmp_cycles_ratio_halfwidth(p);
    size_t len;

    fmt_ratio(buf, size, cmp_cycles_ratio(p));
    len = strlen(buf);
    if (!isnan(u))
        snprintf(buf + len, size - len, " \xc2\xb1%.3f", u);
    return buf;
}

/* The record of P that SIDE ('A' or 'B') names. */
static const struct rec *cmp_md_side(const struct cmp_pair *p, char side)
{
    return side == 'A' ? p->a : p->b;
}

/* Why the difference of P's mean cycles is not significant, after the
 * B/A cell BUF: within the 95 % interval of the means' difference, the
 * spread of one record's cores or timing processes, the time other
 * processes took from the slower's timing, or the noise threshold (the
 * machine's, not the code's); nothing when it is significant or there
 * is none. */
static void cmp_md_cycles_reason(char *buf, size_t size, const struct cmp_pair *p)
{
    size_t len = strlen(buf);
    char side;

    switch (cmp_cycles_compare(p)) {
    case CMP_CYCLES_WITHIN_INTERVAL:
        snprintf(buf + len, size - len, " (within the 95%% interval)");
        break;
    case CMP_CYCLES_WITHIN_CORES:
        side = cmp_cycles_cores_side(p);
        snprintf(buf + len, size - len, " (within the spread of %c's cores, %.1f%%)", side,
                 100 * cmp_md_side(p, side)->core_spread);
        break;
    case CMP_CYCLES_WITHIN_PROCESSES:
        side = cmp_cycles_processes_side(p);
        snprintf(buf + len, size - len, " (within the spread of %c's processes, %.1f%%)", side,
                 100 * cmp_md_side(p, side)->process_spread);
        break;
    case CMP_CYCLES_WITHIN_STOLEN:
        side = cmp_cycles_stolen_side(p);
        snprintf(buf + len, size - len,
                 " (within the time other processes took: %c's timing had the CPU %.0f%% of "
                 "its time)",
                 side, 100 * cmp_md_side(p, side)->cpu_share);
        break;
    case CMP_CYCLES_WITHIN_THRESHOLD:
        snprintf(buf + len, size - len, " (within the %g%% noise threshold)",
                 100 * p->noise_threshold);
        break;
    case CMP_CYCLES_SAME_CODE:
        snprintf(buf + len, size - len,
                 " (the machine's: the same library bytes timed on the same inputs)");
        break;
    default:
        break;
    }
}

/* A note under the Performance table where mean cycles differ between
 * records each made in one timing process: how far one build's time
 * moves between runs made at other times is in neither's error, and
 * records made in several processes would state it. */
static void cmp_md_one_process(struct mdtable *t, const struct cmp *c)
{
    size_t n = 0;

    for (size_t i = 0; i < c->npairs; i++)
        n += cmp_cycles_differ_in_one_process(&c->pairs[i]);
    if (n > 0)
        mdtable_note(t,
                     "the mean cycles of %zu of %zu pairs differ beyond the errors of records "
                     "each made in one timing process, which cannot see how the machine's pace "
                     "moves from one run to the next: records made with `iccsprof profile "
                     "--processes 3` (`iccsprof run --timing-processes 3`) hold it in their errors",
                     n, c->npairs);
}

/* The Performance table: mean cycles on both sides and their ratio,
 * marked where the difference is not significant, with the reason
 * (cmp_md_cycles_reason), and noted where a record's cores disagree. */
static void cmp_md_perf(const struct cmp *c, FILE *out)
{
    bool ticks = report_all_ticks(c->a->recs, c->a->n) && report_all_ticks(c->b->recs, c->b->n);
    const char *headers[] = {"instance", "operation", ticks ? "mean ticks A" : "mean cycles A",
                             ticks ? "mean ticks B" : "mean cycles B", "B/A"};
    struct mdtable *t = mdtable_new("Performance", 5, headers, "llrrr");

    for (size_t i = 0; i < c->npairs; i++) {
        const struct cmp_pair *p = &c->pairs[i];
        char cell[5][REPORT_CELL];
        const char *cells[5] = {cell[0], rec_op_name(p->a->op), cell[2], cell[3], cell[4]};

        report_instance_cell(cell[0], sizeof cell[0], p->a);
        fmt_cycles(cell[2], sizeof cell[2], p->a->mean_cycles);
        fmt_cycles(cell[3], sizeof cell[3], p->b->mean_cycles);
        cmp_md_ratio(cell[4], sizeof cell[4], p);
        cmp_md_cycles_reason(cell[4], sizeof cell[4], p);
        mdtable_row(t, cells);
    }
    cmp_md_notes(t, c,
                 NOTE_FAILED | NOTE_PARTIAL | NOTE_REJECTIONS | NOTE_RETRIES | NOTE_NOISE |
                     NOTE_CORES | NOTE_EMULATED | NOTE_SUBSTITUTED);
    cmp_md_one_process(t, c);
    mdtable_print(t, out);
    mdtable_free(t);
}

/* The difference cell of a share: "+1.2 pp", marked with the margins of
 * the two uncertainties when it is within them and so counts as no
 * difference: "(within \xc2\xb11.9)", or how far the true difference may
 * lie above and below it where that differs (a played-back share's two
 * ends), "(within +0.9/\xe2\x88\x920.8)". */
static char *cmp_md_diff(char *buf, size_t size, const struct cmp_share *s)
{
    char up[16], down[16];
    size_t len;

    fmt_pp(buf, size, s->known ? s->diff : NAN);
    len = strlen(buf);
    if (!s->noise)
        return buf;
    snprintf(up, sizeof up, "%.1f", s->margin_above * 100);
    snprintf(down, sizeof down, "%.1f", s->margin_below * 100);
    if (strcmp(up, down) == 0)
        snprintf(buf + len, size - len, " (within \xc2\xb1%.1f)", s->margin * 100);
    else
        snprintf(buf + len, size - len, " (within +%s/\xe2\x88\x92%s)", up, down);
    return buf;
}

/* The Symmetric primitives table: both shares on both sides and their
 * differences. */
static void cmp_md_shares(const struct cmp *c, FILE *out)
{
    static const char *const headers[] = {"instance",
                                          "operation",
                                          "pseudohash/XOF/sm3 A",
                                          "pseudohash/XOF/sm3 B",
                                          "difference",
                                          "DRNG A",
                                          "DRNG B",
                                          "difference"};
    struct mdtable *t = mdtable_new("Symmetric primitives", 8, headers, "llrrrrrr");

    for (size_t i = 0; i < c->npairs; i++) {
        const struct cmp_pair *p = &c->pairs[i];
        struct cmp_share hash = cmp_hash_share(p), drng = cmp_drng_share(p);
        char cell[8][REPORT_CELL];
        const char *cells[8] = {
            cell[0], rec_op_name(p->a->op), cell[2], cell[3], cell[4], cell[5], cell[6], cell[7]};

        report_instance_cell(cell[0], sizeof cell[0], p->a);
        report_share_cell(cell[2], sizeof cell[2], p->a, false);
        report_share_cell(cell[3], sizeof cell[3], p->b, false);
        cmp_md_diff(cell[4], sizeof cell[4], &hash);
        report_share_cell(cell[5], sizeof cell[5], p->a, true);
        report_share_cell(cell[6], sizeof cell[6], p->b, true);
        cmp_md_diff(cell[7], sizeof cell[7], &drng);
        mdtable_row(t, cells);
    }
    cmp_md_notes(t, c,
                 NOTE_FAILED | NOTE_PARTIAL | NOTE_COVERAGE | NOTE_OVERFLOW | NOTE_EMULATED |
                     NOTE_SUBSTITUTED);
    mdtable_print(t, out);
    mdtable_free(t);
}

/* The Calls per operation table: both calls cells, marked when they
 * differ (a change of behaviour, not of speed), or when counts that vary
 * with the data differ within their standard errors (no difference). */
static void cmp_md_calls(const struct cmp *c, FILE *out)
{
    static const char *const headers[] = {"instance", "operation", "calls per operation A",
                                          "calls per operation B", "calls"};
    struct mdtable *t = mdtable_new("Calls per operation", 5, headers, "llllr");

    for (size_t i = 0; i < c->npairs; i++) {
        const struct cmp_pair *p = &c->pairs[i];
        char cell[4][REPORT_CELL];
        enum cmp_calls how = cmp_calls_compare(p);
        const char *mark = !p->a->has_profile || !p->b->has_profile ? FMT_MISSING
                           : how == CMP_CALLS_DIFFER                ? "**differ**"
                           : how == CMP_CALLS_WITHIN_NOISE          ? "same (within 2 SE)"
                                                                    : "same";
        const char *cells[5] = {cell[0], rec_op_name(p->a->op), cell[2], cell[3], mark};

        report_instance_cell(cell[0], sizeof cell[0], p->a);
        report_calls_cell(cell[2], sizeof cell[2], p->a);
        report_calls_cell(cell[3], sizeof cell[3], p->b);
        mdtable_row(t, cells);
    }
    cmp_md_notes(t, c, NOTE_FAILED | NOTE_RETRIES | NOTE_SUBSTITUTED);
    mdtable_print(t, out);
    mdtable_free(t);
}

/* The rows of one pair's merged call sites, the top TOP of them. */
static void cmp_md_pair_sites(struct mdtable *t, const struct cmp_pair *p, size_t top)
{
    size_t n, shown;
    struct cmp_site *sites = cmp_sites(p, &n);
    char cell[7][REPORT_CELL];

    report_instance_cell(cell[0], sizeof cell[0], p->a);
    shown = n < top ? n : top;
    for (size_t i = 0; i < shown; i++) {
        const struct cmp_site *s = &sites[i];
        const char *cells[9] = {cell[0],
                                rec_op_name(p->a->op),
                                cmp_md_helper_name[s->helper],
                                s->names,
                                fmt_g3(cell[1], sizeof cell[1], s->calls_per_op_a),
                                fmt_g3(cell[2], sizeof cell[2], s->calls_per_op_b),
                                fmt_share(cell[3], sizeof cell[3], s->share_a),
                                fmt_share(cell[4], sizeof cell[4], s->share_b),
                                cmp_site_calls_differ(s, p) ? "**differ**" : "same"};

        mdtable_row(t, cells);
    }
    if (shown < n)
        mdtable_note(t, "%s %s: %zu more call site%s (--top shows more)", cell[0],
                     rec_op_name(p->a->op), n - shown, n - shown == 1 ? "" : "s");
    cmp_sites_free(sites, n);
}

/* The Call sites table, when a matched record has call sites: sites
 * matched by helper and function names, since addresses move between
 * builds. */
static void cmp_md_sites(const struct cmp *c, size_t top, FILE *out)
{
    char code[1024];
    static const char *const headers[] = {"instance",
                                          "operation",
                                          "helper",
                                          "call chain (callee \xe2\x86\x90 caller)",
                                          "calls per operation A",
                                          "calls per operation B",
                                          "share of operation A",
                                          "share of operation B",
                                          "calls"};
    struct mdtable *t = mdtable_new("Call sites", 9, headers, "llllrrrrr");
    bool any = false;

    for (size_t i = 0; i < c->npairs; i++) {
        const struct cmp_pair *p = &c->pairs[i];

        if (!p->a->has_callers && !p->b->has_callers)
            continue;
        any = true;
        cmp_md_pair_sites(t, p, top);
        if (!p->a->has_callers || !p->b->has_callers)
            mdtable_note(t, "%s %s: no call sites recorded in %s",
                         md_code(code, sizeof code, p->a->instance), rec_op_name(p->a->op),
                         p->a->has_callers ? "B" : "A");
    }
    if (any)
        mdtable_print(t, out);
    mdtable_free(t);
}

/* The records of one side only, when there are any. */
static void cmp_md_unmatched(const struct cmp *c, FILE *out)
{
    char code[1024];
    struct mdtable *t = mdtable_new("Records on one side only", 0, NULL, "");

    for (size_t i = 0; i < c->nonly_a; i++)
        mdtable_note(t, "only in A: %s %s (%s)", md_code(code, sizeof code, c->only_a[i]->instance),
                     rec_op_name(c->only_a[i]->op), c->only_a[i]->path);
    for (size_t i = 0; i < c->nonly_b; i++)
        mdtable_note(t, "only in B: %s %s (%s)", md_code(code, sizeof code, c->only_b[i]->instance),
                     rec_op_name(c->only_b[i]->op), c->only_b[i]->path);
    if (c->nonly_a + c->nonly_b > 0)
        mdtable_print(t, out);
    mdtable_free(t);
}

/* The --fail-on conditions and the records each holds for. */
static void cmp_md_conditions(const struct cmp *c, const struct cmp_fail_on *f, FILE *out)
{
    char code[1024];
    struct mdtable *t = mdtable_new("Conditions (--fail-on)", 0, NULL, "");

    for (int k = 0; k < CMP_NCONDITIONS; k++) {
        char text[64], *list = NULL;
        size_t len = 0;
        FILE *s;

        if (!cmp_condition_set(f, (enum cmp_condition)k))
            continue;
        s = open_memstream(&list, &len);
        for (size_t i = 0; i < c->npairs; i++)
            if (cmp_condition_holds(f, (enum cmp_condition)k, &c->pairs[i]))
                fprintf(s, "%s%s %s", ftell(s) > 0 ? ", " : "",
                        md_code(code, sizeof code, c->pairs[i].a->instance),
                        rec_op_name(c->pairs[i].a->op));
        fclose(s);
        mdtable_note(t, "%s: %s%s", cmp_condition_text(text, sizeof text, f, (enum cmp_condition)k),
                     len > 0 ? "holds for " : "does not hold", list);
        free(list);
    }
    if (f->calls || f->share_pp >= 0 || f->cycles_pct >= 0)
        mdtable_print(t, out);
    mdtable_free(t);
}

/* Print C as Markdown, headed by what made it. */
void cmp_print_md(const struct cmp *c, const struct cmp_fail_on *f, size_t top, FILE *out)
{
    char *made = provenance_line(true);

    fprintf(out, "%s\n\n", made);
    free(made);
    cmp_md_builds(c, out);
    cmp_md_perf(c, out);
    cmp_md_shares(c, out);
    cmp_md_calls(c, out);
    cmp_md_sites(c, top, out);
    cmp_md_unmatched(c, out);
    cmp_md_conditions(c, f, out);
}
