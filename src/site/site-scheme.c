/* site-scheme.c - the page of one scheme on one system: the report's whole
 * page (page.h) as HTML, its evidence copied beside it and linked, the
 * method named in its basic information, and its share chart inline. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/message.h"
#include "util/libfile.h"
#include "util/markup.h"
#include "report/provenance.h"
#include "report/report.h"
#include "site/site.h"

/* What one scheme page is made of. */
struct scheme_page {
    struct site *s;
    const struct site_system *sys;
    const char *slug;   /* the scheme's file name */
    struct rec **recs;  /* as read */
    struct rec *copies; /* the same, their evidence at its place in the site */
    struct rec **view;  /* pointers to the copies */
    size_t n;
    char *base;           /* OUT/SYS: the page's folder, as the evidence section takes it */
    struct strlist owned; /* paths the copies point to */
    struct strlist logs;  /* per record: its run log in the site, or "" */
    struct strlist kat_src, kat_rel; /* KAT logs copied: from, to */
    struct site_links links;
    char *chart;
};

/* The last part of PATH. */
static const char *scheme_base(const char *path)
{
    const char *slash = strrchr(path, '/');

    return slash != NULL ? slash + 1 : path;
}

/* A path in the page's folder for REL (from it), kept by P. */
static char *scheme_own(struct scheme_page *p, const char *rel)
{
    strlist_addf(&p->owned, "%s/%s", p->base, rel);
    return p->owned.v[p->owned.n - 1];
}

/* Copy record I, and its run log when there is one, beside the page; -1
 * after a line naming two records of the same file name. */
static int scheme_record(struct scheme_page *p, size_t i)
{
    const struct rec *r = p->recs[i];
    const char *name = scheme_base(r->path);
    char *rel = xasprintf("%s/%s", p->slug, name), *site_rel, *log_src, *log_rel;
    struct stat st;

    for (size_t j = 0; j < i; j++)
        if (strcmp(scheme_base(p->recs[j]->path), name) == 0) {
            cmd_error("%s and %s: two records of %s named %s on system %s", p->recs[j]->path,
                      r->path, r->scheme_id, name, p->sys->name);
            free(rel);
            return -1;
        }
    site_rel = xasprintf("%s/%s", p->sys->slug, rel);
    site_add_copy(p->s, site_rel, r->path);
    site_link(&p->links, rel, rel);
    p->copies[i].path = scheme_own(p, rel);
    /* the measuring process's output: <instance>__<op>.log beside the record */
    log_src = xasprintf("%.*s.log", (int)(strlen(r->path) - 5), r->path);
    log_rel = xasprintf("%.*s.log", (int)(strlen(rel) - 5), rel);
    if (strlen(name) > 5 && strcmp(name + strlen(name) - 5, ".json") == 0 &&
        stat(log_src, &st) == 0 && S_ISREG(st.st_mode)) {
        free(site_rel);
        site_rel = xasprintf("%s/%s", p->sys->slug, log_rel);
        site_add_copy(p->s, site_rel, log_src);
        site_link(&p->links, log_rel, log_rel);
        strlist_add(&p->logs, log_rel);
    } else {
        strlist_add(&p->logs, "");
    }
    free(log_src);
    free(log_rel);
    free(site_rel);
    free(rel);
    return 0;
}

/* Copy the KAT log of R beside the page, under a name of its own;
 * its path from the page's folder. */
static char *scheme_kat_copy(struct scheme_page *p, const struct rec *r)
{
    char *slug = site_slug(r->instance), *rel = xasprintf("%s/kat/%s.log", p->slug, slug),
         *site_rel;

    for (unsigned n = 2; strlist_has(&p->kat_rel, rel); n++) {
        free(rel);
        rel = xasprintf("%s/kat/%s-%u.log", p->slug, slug, n);
    }
    site_rel = xasprintf("%s/%s", p->sys->slug, rel);
    site_add_copy(p->s, site_rel, r->kat_log);
    site_link(&p->links, rel, rel);
    free(site_rel);
    free(slug);
    return rel;
}

/* Copy the KAT log record I names beside the page, once per log, when it
 * is where the record says and holds what the record's SHA-256 says;
 * otherwise the page lists it where the record says, unlinked. */
static void scheme_kat(struct scheme_page *p, size_t i)
{
    const struct rec *r = p->recs[i];
    char hex[65], *rel;
    size_t k = 0;

    if (r->kat_log == NULL)
        return;
    while (k < p->kat_src.n && strcmp(p->kat_src.v[k], r->kat_log) != 0)
        k++;
    if (k == p->kat_src.n) {
        rel = NULL;
        if (libfile_sha256(r->kat_log, hex) != 0)
            cmd_note("%s %s: KAT log %s: %s: listed, not copied", r->scheme_id, r->instance,
                     r->kat_log, strerror(errno));
        else if (strcmp(hex, r->kat_log_sha256) != 0)
            cmd_note("%s %s: KAT log %s differs from the SHA-256 its record gives: listed, "
                     "not copied",
                     r->scheme_id, r->instance, r->kat_log);
        else
            rel = scheme_kat_copy(p, r);
        strlist_add(&p->kat_src, r->kat_log);
        strlist_add(&p->kat_rel, rel != NULL ? rel : "");
        free(rel);
    }
    if (p->kat_rel.v[k][0] != '\0')
        p->copies[i].kat_log = scheme_own(p, p->kat_rel.v[k]);
}

/* Add a row to the evidence table (the last block of PG) for each run
 * log copied. */
static void scheme_log_rows(struct scheme_page *p, struct page *pg)
{
    const struct page_block *last = page_block(pg, page_nblocks(pg) - 1);

    if (last->kind != PAGE_TABLE || mdtable_ncols(last->table) != 3)
        return;
    for (size_t i = 0; i < p->n; i++) {
        char instance[REPORT_CELL], item[REPORT_CELL], file[2 * REPORT_CELL];
        const char *cells[3] = {instance, item, file};

        if (p->logs.v[i][0] == '\0')
            continue;
        report_instance_cell(instance, sizeof instance, p->view[i]);
        snprintf(item, sizeof item, "output of the measuring process, %s",
                 rec_op_name(p->view[i]->op));
        md_code(file, sizeof file, p->logs.v[i]);
        mdtable_row(last->table, cells);
    }
}

/* The report's page of the scheme, with the method named in its basic
 * information and the run logs in its evidence index. */
static struct page *scheme_model(struct scheme_page *p)
{
    const struct report_section *sel[REPORT_NSECTIONS];
    struct report_opts opts = {.top = 10,
                               .shapes_top = 10,
                               .base = p->base,
                               .whatif = p->sys->whatif,
                               .nwhatif = p->sys->set.whatif.n};
    size_t nsel = report_default_sections(sel, REPORT_MD, p->view, p->n);
    char *label = xasprintf("%s method", p->sys->name), *how = md_link(label, "method.html");
    struct page *pg;

    pg = report_page_head(sel, nsel, p->view, p->n);
    for (size_t s = 0; s < nsel; s++) {
        sel[s]->markdown(p->view, p->n, &opts, pg);
        /* basic information comes first and ends in its list */
        if (s == 0) {
            page_item(pg, "Measurement method: %s", how);
            site_link(&p->links, "method.html", "method.html");
        }
    }
    if (nsel > 0 && sel[nsel - 1] == &report_evidence)
        scheme_log_rows(p, pg);
    report_terms(pg);
    free(how);
    free(label);
    return pg;
}

/* The share chart as an inline SVG image: without its XML declaration,
 * labelled by its <title> and a <desc> saying what it shows. */
static char *scheme_chart(struct scheme_page *p)
{
    struct provenance_svg svg;
    char *doc = NULL, *root, *title, *end, *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&doc, &len);

    report_print_svg(p->view, p->n, provenance_svg_open(&svg));
    provenance_svg_close(&svg, f);
    fclose(f);
    root = strstr(doc, "<svg");
    title = root != NULL ? strstr(root, "<title>") : NULL;
    end = title != NULL ? strstr(title, "</title>") : NULL;
    if (end != NULL) {
        f = open_memstream(&out, &len);
        fprintf(f, "<svg role=\"img\" aria-labelledby=\"chart-title chart-desc\"%.*s",
                (int)(title - root - 4), root + 4);
        fprintf(f, "<title id=\"chart-title\">%.*s</title>\n<desc id=\"chart-desc\">",
                (int)(end - title - 7), title + 7);
        fputs("For each instance and operation of ", f);
        markup_escape(f, p->recs[0]->scheme_id);
        fputs(" on ", f);
        markup_escape(f, p->sys->name);
        fputs(", a bar of the operation's mean time split into pseudohash, pseudoXOF, sm3hash, "
              "the DRNG and the other code; the shares are those of the table above.</desc>",
              f);
        fputs(end + 8, f);
        fclose(f);
    }
    free(doc);
    return out;
}

/* After the symmetric primitives, the chart of their shares. */
static void scheme_section_end(void *ctx, const char *heading, FILE *out)
{
    const struct scheme_page *p = ctx;

    /* the heading after its number */
    heading += strspn(heading, "0123456789");
    if (strncmp(heading, ". ", 2) == 0)
        heading += 2;
    if (p->chart == NULL || strcmp(heading, report_symmetric.title) != 0)
        return;
    fputs("<figure class=\"chart\">\n", out);
    fputs(p->chart, out);
    fputs("<figcaption>The share chart: each operation's mean time as a bar, split into the ICCS "
          "hash helpers, the DRNG and the other code.</figcaption>\n</figure>\n",
          out);
}

/* The href of TARGET on the page P. */
static const char *scheme_href(void *ctx, const char *target)
{
    struct scheme_page *p = ctx;
    struct page_html how = site_links_html(&p->links);

    return how.href(how.ctx, target);
}

/* Render the page to HTML and add it to the site. */
static void scheme_render(struct scheme_page *p, const struct page *pg)
{
    struct site_nav nav = {.depth = "../",
                           .site = p->s,
                           .system = p->sys->name,
                           .leaf = p->recs[0]->scheme_id,
                           .scheme = p->recs[0]->scheme_id};
    struct page_html how = {.href = scheme_href, .section_end = scheme_section_end, .ctx = p};
    char *html = NULL, *title, *rel;
    size_t len = 0;
    FILE *f = open_memstream(&html, &len);

    title = xasprintf("%s on %s \xe2\x80\x94 Performance measurements", p->recs[0]->scheme_id,
                      p->sys->name);
    site_html_open(f, title, &nav);
    page_print_html(pg, &how, f);
    site_html_close(f, &nav);
    fclose(f);
    rel = xasprintf("%s/%s.html", p->sys->slug, p->slug);
    site_add_data(p->s, rel, html, len);
    free(rel);
    free(title);
}

/* Add the page of scheme K of system SYS, and its evidence, to S. */
int site_scheme_page(struct site *s, size_t sys, size_t k)
{
    struct scheme_page p = {.s = s, .sys = &s->sys[sys], .slug = s->sys[sys].slugs.v[k]};
    struct page *pg;
    int rc = 0;

    p.recs = xmalloc(p.sys->set.n * sizeof *p.recs);
    p.n = site_scheme_recs(p.sys, k, p.recs);
    p.copies = xmalloc(p.n * sizeof *p.copies);
    p.view = xmalloc(p.n * sizeof *p.view);
    p.base = xasprintf("%s/%s", s->out, p.sys->slug);
    for (size_t i = 0; i < p.n; i++) {
        p.copies[i] = *p.recs[i];
        p.view[i] = &p.copies[i];
    }
    for (size_t i = 0; rc == 0 && i < p.n; i++)
        rc = scheme_record(&p, i);
    for (size_t i = 0; rc == 0 && i < p.n; i++)
        scheme_kat(&p, i);
    if (rc == 0) {
        pg = scheme_model(&p);
        p.chart = scheme_chart(&p);
        scheme_render(&p, pg);
        page_free(pg);
    }
    free(p.chart);
    site_links_free(&p.links);
    strlist_free(&p.owned);
    strlist_free(&p.logs);
    strlist_free(&p.kat_src);
    strlist_free(&p.kat_rel);
    free(p.base);
    free(p.view);
    free(p.copies);
    free(p.recs);
    return rc;
}
