/* site-read.c - the systems of a site: each campaign output folder's
 * records, the host they were measured on, and the schemes among them. */
#include "config.h"

#include <ctype.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>

#include "util/message.h"
#include "util/format.h"
#include "site/site.h"
#include "record/whatif-doc.h"

/* NAME as one file name: letters, digits, '_' and '-' kept, anything else
 * '_' (no dot, so that no folder is taken for a page). */
char *site_slug(const char *name)
{
    char *slug = xstrdup(name[0] != '\0' ? name : "_");

    for (char *c = slug; *c != '\0'; c++)
        if (!isalnum((unsigned char)*c) && *c != '-' && *c != '_')
            *c = '_';
    return slug;
}

/* Order scheme ids naturally (qsort comparator of char *). */
static int site_id_cmp(const void *a, const void *b)
{
    return fmt_natural_cmp(*(char *const *)a, *(char *const *)b);
}

/* The host record R was measured on: its name, CPU and kernel. */
static char *site_host(const struct rec *r)
{
    return xasprintf("%s, %s, %s", r->hostname != NULL ? r->hostname : "host name not recorded",
                     r->cpu_model, r->kernel);
}

/* Whether the records of SYS are of one host; false after a line naming
 * each host and how many records it has. */
static bool site_one_host(const struct site_system *sys)
{
    struct strlist hosts = {0};
    size_t *count = calloc(sys->set.n + 1, sizeof *count);
    char *listed;
    bool one;

    for (size_t i = 0; i < sys->set.n; i++) {
        char *host = site_host(sys->set.recs[i]);
        size_t h = 0;

        while (h < hosts.n && strcmp(hosts.v[h], host) != 0)
            h++;
        if (h == hosts.n)
            strlist_add(&hosts, host);
        count[h]++;
        free(host);
    }
    for (size_t h = 0; h < hosts.n; h++) {
        char *line = xasprintf("%s (%zu record%s)", hosts.v[h], count[h], count[h] == 1 ? "" : "s");

        free(hosts.v[h]);
        hosts.v[h] = line;
    }
    listed = strlist_join(&hosts, "; ");
    one = hosts.n <= 1;
    if (!one)
        cmd_error("site: %s: records of %zu hosts: %s: give one output folder per system",
                  sys->folder, hosts.n, listed);
    free(listed);
    free(count);
    strlist_free(&hosts);
    return one;
}

/* The name of SYS: the host name its records give, else its folder's. */
static char *site_system_name(const struct site_system *sys)
{
    const char *host = sys->set.recs[0]->hostname;
    char *copy, *base;

    if (host != NULL && host[0] != '\0')
        return xstrdup(host);
    copy = xstrdup(sys->folder);
    for (size_t n = strlen(copy); n > 1 && copy[n - 1] == '/'; n--)
        copy[n - 1] = '\0';
    base = xstrdup(basename(copy));
    free(copy);
    return base;
}

/* SLUG made unique among TAKEN and the names RESERVED (NULL-ended): "-2",
 * "-3"... appended; taken over and returned. */
static char *site_unique(char *slug, const struct strlist *taken, const char *const *reserved)
{
    char *base = xstrdup(slug);
    bool clash = true;

    for (unsigned k = 2; clash; k++) {
        clash = strlist_has(taken, slug);
        for (size_t i = 0; reserved != NULL && reserved[i] != NULL; i++)
            clash |= strcmp(slug, reserved[i]) == 0;
        if (clash) {
            free(slug);
            slug = xasprintf("%s-%u", base, k);
        }
    }
    free(base);
    return slug;
}

/* The scheme ids of SYS in natural order, and their file names. */
static void site_system_schemes(struct site_system *sys)
{
    static const char *const reserved[] = {"index", "method", NULL};

    for (size_t i = 0; i < sys->set.n; i++)
        if (!strlist_has(&sys->schemes, sys->set.recs[i]->scheme_id))
            strlist_add(&sys->schemes, sys->set.recs[i]->scheme_id);
    qsort(sys->schemes.v, sys->schemes.n, sizeof *sys->schemes.v, site_id_cmp);
    for (size_t k = 0; k < sys->schemes.n; k++) {
        char *slug = site_unique(site_slug(sys->schemes.v[k]), &sys->slugs, reserved);

        strlist_add(&sys->slugs, slug);
        free(slug);
    }
}

/* Whether system I of S is named as no system before it; false after a
 * line naming both folders. */
static bool site_new_system(const struct site *s, size_t i)
{
    for (size_t j = 0; j < i; j++)
        if (strcmp(s->sys[j].name, s->sys[i].name) == 0) {
            cmd_error("site: %s and %s both hold records of system %s: give one output folder "
                      "per system (campaign merge gathers a system's folders into one)",
                      s->sys[j].folder, s->sys[i].folder, s->sys[i].name);
            return false;
        }
    return true;
}

/* Read the folders as systems. */
int site_read(struct site *s, char *const *folders, size_t nfolders)
{
    struct strlist slugs = {0};
    int rc = 0;

    s->sys = calloc(nfolders, sizeof *s->sys);
    for (size_t i = 0; i < nfolders && rc == 0; i++) {
        struct site_system *sys = &s->sys[s->nsys++];
        char *one[] = {folders[i]};

        sys->folder = xstrdup(folders[i]);
        if (rec_set_scan(&sys->set, one, 1) > 0 || sys->set.n == 0 || !site_one_host(sys) ||
            whatif_docs_load(sys->set.whatif.v, sys->set.whatif.n, &sys->whatif) != 0) {
            rc = -1;
            break;
        }
        sys->name = site_system_name(sys);
        if (!site_new_system(s, s->nsys - 1)) {
            rc = -1;
            break;
        }
        sys->slug = site_unique(site_slug(sys->name), &slugs, NULL);
        strlist_add(&slugs, sys->slug);
        site_system_schemes(sys);
    }
    strlist_free(&slugs);
    return rc;
}

/* The records of scheme K of SYS. */
size_t site_scheme_recs(const struct site_system *sys, size_t k, struct rec **recs)
{
    size_t n = 0;

    for (size_t i = 0; i < sys->set.n; i++)
        if (strcmp(sys->set.recs[i]->scheme_id, sys->schemes.v[k]) == 0)
            recs[n++] = sys->set.recs[i];
    return n;
}

/* The index of scheme ID on SYS, or -1. */
long site_scheme_index(const struct site_system *sys, const char *id)
{
    for (size_t k = 0; k < sys->schemes.n; k++)
        if (strcmp(sys->schemes.v[k], id) == 0)
            return (long)k;
    return -1;
}
