/* site-index.c - the site's index (its systems, and every scheme on each
 * with its headline shares) and each system's own index. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/format.h"
#include "report/provenance.h"
#include "report/report.h"
#include "site/site.h"

/* The headline shares of RECS[N]: the lowest and highest of the records
 * that have a profile. */
void site_share_range(struct rec *const *recs, size_t n, bool drng, char *buf, size_t size)
{
    double lo = NAN, hi = NAN;
    char a[64], b[64];

    for (size_t i = 0; i < n; i++) {
        double v = drng ? recs[i]->drng_share : recs[i]->hash_share;

        if (!recs[i]->has_profile || isnan(v))
            continue;
        lo = isnan(lo) || v < lo ? v : lo;
        hi = isnan(hi) || v > hi ? v : hi;
    }
    fmt_share(a, sizeof a, lo);
    fmt_share(b, sizeof b, hi);
    if (strcmp(a, b) == 0)
        snprintf(buf, size, "%s", a);
    else
        snprintf(buf, size, "%s\xe2\x80\x93%s", a, b);
}

/* Add the row of scheme K of system SYS to T, and its links to L: from
 * the site's index (TOP, with the system's column) or from the system's. */
static void index_scheme_row(struct mdtable *t, const struct site_system *sys, size_t k, bool top,
                             struct site_links *l)
{
    struct rec **recs = xmalloc(sys->set.n * sizeof *recs);
    size_t n = site_scheme_recs(sys, k, recs), c = 0;
    struct strlist instances = {0};
    char hash[64], drng[64], *joined, *href, *scheme, *system;
    const char *cells[7];

    for (size_t i = 0; i < n; i++)
        if (!strlist_has(&instances, recs[i]->instance))
            strlist_add(&instances, recs[i]->instance);
    joined = strlist_join(&instances, ", ");
    href = xasprintf("%s%s%s.html", top ? sys->slug : "", top ? "/" : "", sys->slugs.v[k]);
    scheme = md_link(sys->schemes.v[k], href);
    site_link(l, href, href);
    free(href);
    href = xasprintf("%s/index.html", sys->slug);
    system = md_link(sys->name, href);
    if (top)
        site_link(l, href, href);
    site_share_range(recs, n, false, hash, sizeof hash);
    site_share_range(recs, n, true, drng, sizeof drng);
    cells[c++] = scheme;
    if (top)
        cells[c++] = system;
    cells[c++] = report_function(recs[0]->type);
    cells[c++] = recs[0]->algorithm;
    cells[c++] = joined;
    cells[c++] = hash;
    cells[c++] = drng;
    mdtable_row(t, cells);
    strlist_free(&instances);
    free(joined);
    free(href);
    free(scheme);
    free(system);
    free(recs);
}

/* The table of schemes: every system's (SYS NULL), or one system's. */
static struct mdtable *index_schemes(const struct site *s, const struct site_system *sys,
                                     struct site_links *l)
{
    static const char *const all[] = {
        "scheme", "system", "function", "algorithm", "instances", "pseudohash/XOF/sm3", "DRNG"};
    static const char *const one[] = {"scheme",    "function",           "algorithm",
                                      "instances", "pseudohash/XOF/sm3", "DRNG"};
    struct mdtable *t =
        sys == NULL ? mdtable_new(NULL, 7, all, "lllllrr") : mdtable_new(NULL, 6, one, "llllrr");

    for (size_t i = 0; i < s->nsys; i++) {
        if (sys != NULL && sys != &s->sys[i])
            continue;
        for (size_t k = 0; k < s->sys[i].schemes.n; k++)
            index_scheme_row(t, &s->sys[i], k, sys == NULL, l);
    }
    return t;
}

/* A fact of a system's host, or what says it was not recorded. */
static const char *index_fact(const char *value)
{
    return value != NULL ? value : "not recorded";
}

/* The table of systems. */
static struct mdtable *index_systems(const struct site *s, struct site_links *l)
{
    static const char *const headers[] = {"system",      "architecture", "processor", "memory",
                                          "OS / kernel", "schemes",      "records",   "method"};
    struct mdtable *t = mdtable_new(NULL, 8, headers, "lllllrrl");

    for (size_t i = 0; i < s->nsys; i++) {
        const struct site_system *sys = &s->sys[i];
        char *index = xasprintf("%s/index.html", sys->slug),
             *method = xasprintf("%s/method.html", sys->slug), *name = md_link(sys->name, index),
             *label = xasprintf("%s method", sys->name),
             *os = xasprintf("%s / %s", index_fact(sys->set.recs[0]->os),
                             index_fact(sys->set.recs[0]->kernel)),
             *schemes = xasprintf("%zu", sys->schemes.n), *records = xasprintf("%zu", sys->set.n),
             *how = md_link(label, method);
        const char *cells[] = {name,
                               index_fact(sys->set.recs[0]->machine),
                               index_fact(sys->set.recs[0]->cpu_model),
                               index_fact(sys->set.recs[0]->memory),
                               os,
                               schemes,
                               records,
                               how};

        site_link(l, index, index);
        site_link(l, method, method);
        mdtable_row(t, cells);
        free(index);
        free(method);
        free(name);
        free(os);
        free(schemes);
        free(records);
        free(how);
        free(label);
    }
    return t;
}

/* Render PG, under NAV, titled TITLE, to REL in the site. */
static void index_render(struct site *s, const struct page *pg, struct site_links *l,
                         const struct site_nav *nav, const char *title, const char *rel)
{
    struct page_html how = site_links_html(l);
    char *html = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&html, &len);

    site_html_open(f, title, nav);
    page_print_html(pg, &how, f);
    site_html_close(f, nav);
    fclose(f);
    site_add_data(s, rel, html, len);
}

/* Add OUT/index.html. */
void site_index(struct site *s)
{
    struct site_nav nav = {.depth = ""};
    struct site_links l = {0};
    struct page *pg = page_new();
    char *made = provenance_line(true);
    size_t nschemes = 0;

    for (size_t i = 0; i < s->nsys; i++)
        nschemes += s->sys[i].schemes.n;
    page_text(pg, "%s", made);
    page_title(pg, "Performance measurements");
    page_text(pg,
              "%zu scheme page%s from %zu system%s, measured by iccsprof: each the page of one "
              "scheme on one system in the layout of the NICCS self-assessment guide, "
              "\xc2\xa7"
              "3.5 (1)\xe2\x80\x93(7), with its share chart and the records, run logs and KAT "
              "logs it was made from; each system's method on a page of its own.",
              nschemes, nschemes == 1 ? "" : "s", s->nsys, s->nsys == 1 ? "" : "s");
    page_heading(pg, "Systems");
    page_table(pg, index_systems(s, &l));
    page_heading(pg, "Schemes");
    page_text(pg, "One row per scheme and system; the shares are the lowest and the highest of "
                  "the scheme's operations there.");
    page_table(pg, index_schemes(s, NULL, &l));
    index_render(s, pg, &l, &nav, "Performance measurements", "index.html");
    site_links_free(&l);
    page_free(pg);
    free(made);
}

/* Add OUT/SYS/index.html. */
void site_system_page(struct site *s, size_t i)
{
    const struct site_system *sys = &s->sys[i];
    struct site_nav nav = {.depth = "../", .site = s, .system = sys->name, .file = "index.html"};
    struct site_links l = {0};
    struct page *pg = page_new();
    char *made = provenance_line(true), *title, *rel, *label = xasprintf("%s method", sys->name),
         *how = md_link(label, "method.html");

    page_text(pg, "%s", made);
    page_title(pg, "System %s", sys->name);
    page_item(pg, "Processor: %s (%s)", index_fact(sys->set.recs[0]->cpu_model),
              index_fact(sys->set.recs[0]->machine));
    page_item(pg, "Memory: %s", index_fact(sys->set.recs[0]->memory));
    page_item(pg, "OS / kernel: %s / %s", index_fact(sys->set.recs[0]->os),
              index_fact(sys->set.recs[0]->kernel));
    page_item(pg, "Records: %zu, of %zu scheme%s", sys->set.n, sys->schemes.n,
              sys->schemes.n == 1 ? "" : "s");
    page_item(pg, "Measurement method: %s", how);
    site_link(&l, "method.html", "method.html");
    page_heading(pg, "Schemes measured on %s", sys->name);
    page_text(pg, "The shares are the lowest and the highest of the scheme's operations.");
    page_table(pg, index_schemes(s, sys, &l));
    title = xasprintf("%s \xe2\x80\x94 Performance measurements", sys->name);
    rel = xasprintf("%s/index.html", sys->slug);
    index_render(s, pg, &l, &nav, title, rel);
    site_links_free(&l);
    page_free(pg);
    free(made);
    free(title);
    free(rel);
    free(how);
    free(label);
}
