/* campaign-summary.c - the report over a whole campaign: the published
 * summary, per scheme the hash share and DRNG share of every instance and
 * operation, in the pages' cell formats. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "campaign.h"
#include "cmd.h"
#include "format.h"
#include "record-scan.h"
#include "report.h"

/* Order records by scheme, then as the reports do. */
static int summary_cmp(const void *a, const void *b)
{
    const struct rec *x = *(const struct rec *const *)a, *y = *(const struct rec *const *)b;
    int c = fmt_natural_cmp(x->scheme_id, y->scheme_id);

    return c != 0 ? c : rec_cmp(a, b);
}

/* Print the table of the N records of one scheme. */
static void summary_scheme(struct rec *const *recs, size_t n, FILE *out)
{
    static const char *const headers[] = {"instance", "operation", "pseudohash/XOF/sm3", "DRNG"};
    char title[512];
    struct mdtable *t;

    snprintf(title, sizeof title, "%s %s", recs[0]->scheme_id, recs[0]->algorithm);
    t = mdtable_new(title, 4, headers, "llrr");
    for (size_t i = 0; i < n; i++) {
        char c[3][REPORT_CELL];
        const char *cells[4] = {c[0], rec_op_name(recs[i]->op), c[1], c[2]};

        report_instance_cell(c[0], sizeof c[0], recs[i]);
        fmt_share_stderr(c[1], sizeof c[1], recs[i]->hash_share, recs[i]->hash_share_stderr);
        fmt_share_stderr(c[2], sizeof c[2], recs[i]->drng_share, recs[i]->drng_share_stderr);
        mdtable_row(t, cells);
    }
    report_notes(t, recs, n,
                 NOTE_FAILED | NOTE_PARTIAL | NOTE_COVERAGE | NOTE_NOISE | NOTE_COMPENSATION |
                     NOTE_OVERFLOW);
    mdtable_print(t, out);
    mdtable_free(t);
}

/* Print the campaign summary of the records under PATHS. */
int campaign_summary(char *const *paths, size_t npaths, FILE *out)
{
    struct rec_set set;
    size_t bad, start = 0;

    memset(&set, 0, sizeof set);
    bad = rec_set_scan(&set, paths, npaths);
    if (set.n > 0) /* an empty folder has no array: qsort(NULL, 0) is undefined */
        qsort(set.recs, set.n, sizeof *set.recs, summary_cmp);
    fprintf(out, "# Summary\n\n");
    for (size_t i = 1; i <= set.n; i++)
        if (i == set.n || strcmp(set.recs[i]->scheme_id, set.recs[start]->scheme_id) != 0) {
            summary_scheme(set.recs + start, i - start, out);
            start = i;
        }
    rec_set_free(&set);
    for (size_t i = 0; i < npaths; i++)
        campaign_print_left_out(paths[i], out);
    return bad > 0 ? EXIT_FAIL : EXIT_OK;
}
