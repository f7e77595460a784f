/* campaign-summary.c - the report over a whole campaign: the published
 * summary, per scheme the hash share and DRNG share of every instance and
 * operation, in the pages' cell formats; and each scheme's whole page
 * beside its records. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/build-files.h"
#include "campaign/campaign.h"
#include "util/message.h"
#include "util/format.h"
#include "report/provenance.h"
#include "record/record-scan.h"
#include "report/report.h"
#include "util/strlist.h"
#include "plan/catalog.h"

/* Order records by scheme, in the catalog's order, then as the reports
 * do. */
static int summary_cmp(const void *a, const void *b)
{
    const struct rec *x = *(const struct rec *const *)a, *y = *(const struct rec *const *)b;
    int c = catalog_id_cmp(x->scheme_id, y->scheme_id);

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
        report_share_cell(c[1], sizeof c[1], recs[i], false);
        report_share_cell(c[2], sizeof c[2], recs[i], true);
        mdtable_row(t, cells);
    }
    report_notes(t, recs, n,
                 NOTE_FAILED | NOTE_PARTIAL | NOTE_COVERAGE | NOTE_NOISE | NOTE_COMPENSATION |
                     NOTE_OVERFLOW | NOTE_SUBSTITUTED);
    mdtable_print(t, out);
    mdtable_free(t);
}

/* Print the campaign summary of the records under PATHS. */
int campaign_summary(char *const *paths, size_t npaths, FILE *out)
{
    struct rec_set set;
    size_t bad, start = 0;
    char *made;

    memset(&set, 0, sizeof set);
    bad = rec_set_scan(&set, paths, npaths);
    if (set.n > 0) /* an empty folder has no array: qsort(NULL, 0) is undefined */
        qsort(set.recs, set.n, sizeof *set.recs, summary_cmp);
    made = provenance_line(true);
    fprintf(out, "%s\n\n# Summary\n\n", made);
    free(made);
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

/* Write the page of the N records RECS of one scheme as page.md in their
 * folder, its paths given from there; 0, or -1 after a message. */
static int summary_page(struct rec *const *recs, size_t n)
{
    const struct report_section *sel[REPORT_NSECTIONS];
    const char *slash = strrchr(recs[0]->path, '/');
    char *dir = slash != NULL ? xasprintf("%.*s", (int)(slash - recs[0]->path), recs[0]->path)
                              : xstrdup("."),
         *path = xasprintf("%s/page.md", dir), *text = NULL;
    struct report_opts opts = {.top = 10, .shapes_top = 10, .base = dir};
    struct page *pg =
        report_page(sel, report_default_sections(sel, REPORT_MD, recs, n), recs, n, &opts);
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    int rc = 0;

    if (m == NULL)
        abort();
    page_print_md(pg, m);
    fclose(m);
    if (file_replace(path, text) != 0) {
        cmd_error("%s: %s", path, strerror(errno));
        rc = -1;
    }
    page_free(pg);
    free(text);
    free(path);
    free(dir);
    return rc;
}

/* Write each scheme's page beside its records under OUT. */
int campaign_pages(const char *out)
{
    struct rec_set set;
    char *paths[] = {(char *)out};
    size_t start = 0;
    int rc = 0;

    memset(&set, 0, sizeof set);
    rec_set_scan(&set, paths, 1);
    if (set.n > 0) /* every instance left out: no array, and qsort(NULL, 0) is undefined */
        qsort(set.recs, set.n, sizeof *set.recs, summary_cmp);
    for (size_t i = 1; i <= set.n; i++)
        if (i == set.n || strcmp(set.recs[i]->scheme_id, set.recs[start]->scheme_id) != 0) {
            rc |= summary_page(set.recs + start, i - start);
            start = i;
        }
    rec_set_free(&set);
    return rc != 0 ? EXIT_USAGE : EXIT_OK;
}
