/* report-evidence.c - the last section of the pages, Raw evidence index:
 * the command that made the page, then per instance the KAT log with its
 * SHA-256 and each operation's record, by their paths from the page's
 * folder (the current one for a page on stdout) where they are found. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "report/provenance.h"
#include "report/report.h"
#include "util/strlist.h"

/* The folders of the resolved path P, one item each. */
static void evidence_split(const char *p, struct strlist *parts)
{
    for (size_t len; *p != '\0'; p += len) {
        p += strspn(p, "/");
        len = strcspn(p, "/");
        if (len > 0)
            strlist_addf(parts, "%.*s", (int)len, p);
    }
}

/* PATH from the folder BASE (the current one when NULL): the rest of it
 * when it is written under BASE (a file a site is about to copy there),
 * else both resolved and as many ".." as BASE has folders beyond those
 * they share.  A path not found here (a record read elsewhere names the
 * measuring machine's) or sharing no folder with BASE stays as given. */
static char *evidence_path(const char *path, const char *base)
{
    size_t len = base != NULL ? strlen(base) : 0;
    char *to, *from, *rel;
    struct strlist a = {0}, b = {0}, parts = {0};
    size_t common = 0;

    if (len > 0 && strncmp(path, base, len) == 0 && path[len] == '/')
        return xstrdup(path + len + 1);
    to = realpath(path, NULL);
    from = realpath(base != NULL ? base : ".", NULL);
    if (to != NULL && from != NULL) {
        evidence_split(to, &a);
        evidence_split(from, &b);
        while (common < a.n && common < b.n && strcmp(a.v[common], b.v[common]) == 0)
            common++;
    }
    if (common == 0 || common == a.n) {
        rel = xstrdup(path);
    } else {
        for (size_t k = common; k < b.n; k++)
            strlist_add(&parts, "..");
        for (size_t k = common; k < a.n; k++)
            strlist_add(&parts, a.v[k]);
        rel = strlist_join(&parts, "/");
    }
    strlist_free(&a);
    strlist_free(&b);
    strlist_free(&parts);
    free(to);
    free(from);
    return rel;
}

/* Add the row INSTANCE, ITEM, PATH: the path in a code span however long
 * it is, from the folder BASE (evidence_path). */
static void evidence_row(struct mdtable *t, const struct rec *r, const char *item, const char *path,
                         const char *base)
{
    char *rel = evidence_path(path, base);
    size_t size = 2 * strlen(rel) + 16;
    char instance[REPORT_CELL], *file = xmalloc(size);
    const char *cells[3] = {instance, item, file};

    report_instance_cell(instance, sizeof instance, r);
    md_code(file, size, rel);
    mdtable_row(t, cells);
    free(file);
    free(rel);
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
    const char *command;
    size_t size;
    char *code;

    for (size_t i = 0; i < n; i++) {
        char item[REPORT_CELL];

        if (report_instance_first(recs, i))
            evidence_kat_row(t, recs, n, i, opts->base);
        snprintf(item, sizeof item, "timing and hash profile %s", rec_op_name(recs[i]->op));
        evidence_row(t, recs[i], item, recs[i]->path, opts->base);
    }
    report_heading(pg, &report_evidence);
    command = provenance_command();
    size = 2 * strlen(command) + 16;
    code = xmalloc(size);
    page_text(pg, "This page was made by %s: %s", provenance_tool(), md_code(code, size, command));
    free(code);
    page_text(pg,
              "%s (in full where one is not found here or shares no folder with it); each record "
              "holds its measurement's settings, host, trials and profile, and "
              "each KAT log is the output of the package's KAT program on the plain library, "
              "the one its KAT verdict was made on.",
              opts->base != NULL ? "Paths are from this page's folder"
                                 : "Paths are from the folder the report was made in");
    page_table(pg, t);
}

const struct report_section report_evidence = {
    .name = "evidence",
    .title = "Raw evidence index",
    .markdown = evidence_markdown,
};
