/* report-evidence.c - section 7 of the pages, Raw evidence index: per
 * instance the KAT log with its SHA-256, then each operation's record, by
 * the paths they were read from (from the page's folder, when it is
 * written to one). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "util/strlist.h"

/* Add the row INSTANCE, ITEM, PATH: the path in a code span however long
 * it is, from the folder BASE when it lies in it. */
static void evidence_row(struct mdtable *t, const struct rec *r, const char *item, const char *path,
                         const char *base)
{
    size_t size = 2 * strlen(path) + 16, len = base != NULL ? strlen(base) : 0;
    char instance[REPORT_CELL], *file = xmalloc(size);
    const char *cells[3] = {instance, item, file};

    if (len > 0 && strncmp(path, base, len) == 0 && path[len] == '/')
        path += len + 1;
    report_instance_cell(instance, sizeof instance, r);
    md_code(file, size, path);
    mdtable_row(t, cells);
    free(file);
}

/* Add the KAT log row of the instance of RECS[I], from the first of its
 * records that names one. */
static void evidence_kat_row(struct mdtable *t, struct rec *const *recs, size_t n, size_t i,
                             const char *base)
{
    char item[REPORT_CELL];

    for (size_t j = i; j < n; j++) {
        const struct rec *r = recs[j];

        if (r->kat_log == NULL || strcmp(r->instance, recs[i]->instance) != 0 ||
            strcmp(r->scheme_id, recs[i]->scheme_id) != 0)
            continue;
        snprintf(item, sizeof item, "KAT log (sha256 `%.16s\xe2\x80\xa6`)", r->kat_log_sha256);
        evidence_row(t, r, item, r->kat_log, base);
        return;
    }
}

/* Add the section for the records RECS[N] of one scheme. */
static void evidence_markdown(struct rec *const *recs, size_t n, const struct report_opts *opts,
                              struct page *pg)
{
    static const char *const headers[] = {"instance", "item", "file"};
    struct mdtable *t = mdtable_new(NULL, 3, headers, "lll");

    for (size_t i = 0; i < n; i++) {
        char item[REPORT_CELL];

        if (report_instance_first(recs, i))
            evidence_kat_row(t, recs, n, i, opts->base);
        snprintf(item, sizeof item, "timing and hash profile %s", rec_op_name(recs[i]->op));
        evidence_row(t, recs[i], item, recs[i]->path, opts->base);
    }
    report_heading(pg, &report_evidence);
    page_text(pg,
              "%s; each record holds its measurement's settings, host, trials and profile, and "
              "each KAT log is the output of the package's KAT program on the plain library, "
              "the one its KAT verdict was made on.",
              opts->base != NULL ? "Paths are from this page's folder, in full outside it"
                                 : "Paths as the records were read");
    page_table(pg, t);
}

const struct report_section report_evidence = {
    .name = "evidence",
    .number = 7,
    .title = "Raw evidence index",
    .markdown = evidence_markdown,
};
