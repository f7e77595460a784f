/* site-read.c - the systems of a site: each campaign output folder's
 * records (the folders of one system merged), the host they were measured
 * on, and the schemes among them; and the schemes an earlier site in the
 * output folder has that this one does not measure again, read back from
 * the records it copied beside its pages. */
#include "config.h"

#include <ctype.h>
#include <inttypes.h>
#include <dirent.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/message.h"
#include "util/format.h"
#include "site/site.h"
#include "record/whatif-doc.h"
#include "plan/catalog.h"

/* NAME as one file name: letters, digits, '_' and '-' kept, anything else
 * '_' (no dot, so that no folder is taken for a page); a name longer than
 * SITE_SLUG_MAX cut, with a hash of the whole name after it (FNV-1a), so
 * that a host or instance named at length neither overflows a file name
 * (255 bytes, with ".html" and the numbering of clashes after it) nor
 * meets another cut the same way. */
char *site_slug(const char *name)
{
    char *slug = xstrdup(name[0] != '\0' ? name : "_");
    uint32_t hash = 2166136261u;

    for (char *c = slug; *c != '\0'; c++)
        if (!isalnum((unsigned char)*c) && *c != '-' && *c != '_')
            *c = '_';
    if (strlen(slug) <= SITE_SLUG_MAX)
        return slug;
    for (const char *c = name; *c != '\0'; c++)
        hash = (hash ^ (unsigned char)*c) * 16777619u;
    snprintf(slug + SITE_SLUG_MAX - 9, 10, "-%08" PRIx32, hash);
    return slug;
}

/* Order scheme ids as the catalog lists them (qsort comparator of char *). */
static int site_id_cmp(const void *a, const void *b)
{
    return catalog_id_cmp(*(char *const *)a, *(char *const *)b);
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
        cmd_error("%s: records of %zu hosts: %s: give one output folder per system", sys->folder,
                  hosts.n, listed);
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

/* Add record R to SET. */
static void site_set_add(struct rec_set *set, struct rec *r)
{
    if (set->n == set->cap) {
        set->cap = set->cap * 2 + 16;
        set->recs = realloc(set->recs, set->cap * sizeof *set->recs);
        if (set->recs == NULL)
            abort();
    }
    set->recs[set->n++] = r;
}

/* Whether SYS holds each operation of each instance once; false after a
 * line naming the first one held twice (SET is sorted by rec_cmp). */
static bool site_each_once(const struct site_system *sys)
{
    for (size_t i = 1; i < sys->set.n; i++) {
        const struct rec *a = sys->set.recs[i - 1], *b = sys->set.recs[i];

        if (strcmp(a->instance, b->instance) == 0 && a->op == b->op &&
            strcmp(a->scheme_id, b->scheme_id) == 0) {
            cmd_error("%s and %s both hold %s %s %s of system %s: give each record once", a->path,
                      b->path, a->scheme_id, a->instance, rec_op_name(a->op), sys->name);
            return false;
        }
    }
    return true;
}

/* Free what SYS holds. */
void site_system_free(struct site_system *sys)
{
    free(sys->name);
    free(sys->slug);
    free(sys->folder);
    whatif_docs_free(sys->whatif, sys->set.whatif.n);
    rec_set_free(&sys->set);
    strlist_free(&sys->schemes);
    strlist_free(&sys->slugs);
}

/* Add SYS (taken over) to S: a system of its own, or merged into the one
 * of the same name, whose records then must be of one host and hold each
 * operation once; 0, or -1 after one-line errors. */
int site_add_system(struct site *s, struct site_system *sys)
{
    struct site_system *same = NULL;
    char *folder;

    for (size_t j = 0; j < s->nsys && same == NULL; j++)
        if (strcmp(s->sys[j].name, sys->name) == 0)
            same = &s->sys[j];
    if (same == NULL) {
        s->sys = realloc(s->sys, (s->nsys + 1) * sizeof *s->sys);
        if (s->sys == NULL)
            abort();
        s->sys[s->nsys++] = *sys;
        return 0;
    }
    for (size_t i = 0; i < sys->set.n; i++)
        site_set_add(&same->set, sys->set.recs[i]);
    sys->set.n = 0;
    strlist_extend(&same->set.whatif, &sys->set.whatif);
    qsort(same->set.recs, same->set.n, sizeof *same->set.recs, rec_cmp);
    folder = xasprintf("%s and %s", same->folder, sys->folder);
    free(same->folder);
    same->folder = folder;
    site_system_free(sys);
    return site_one_host(same) && site_each_once(same) ? 0 : -1;
}

/* Read the folders as systems, the folders of one system merged. */
int site_read(struct site *s, char *const *folders, size_t nfolders)
{
    for (size_t i = 0; i < nfolders; i++) {
        struct site_system sys = {0};
        char *one[] = {folders[i]};

        sys.folder = xstrdup(folders[i]);
        if (rec_set_scan(&sys.set, one, 1) > 0 || sys.set.n == 0 || !site_one_host(&sys)) {
            site_system_free(&sys);
            return -1;
        }
        sys.name = site_system_name(&sys);
        if (site_add_system(s, &sys) != 0)
            return -1;
    }
    return 0;
}

/* Whether the systems given to S (the first GIVEN) have records of
 * scheme ID on the system named NAME. */
static bool site_made_now(const struct site *s, size_t given, const char *name, const char *id)
{
    for (size_t j = 0; j < given; j++)
        if (strcmp(s->sys[j].name, name) == 0)
            for (size_t i = 0; i < s->sys[j].set.n; i++)
                if (strcmp(s->sys[j].set.recs[i]->scheme_id, id) == 0)
                    return true;
    return false;
}

/* Point R's KAT log at the copy an earlier site made beside it, when
 * there is one: the original may be gone since. */
static void site_earlier_kat(struct rec *r)
{
    char *slug = site_slug(r->instance), *dir = xstrdup(r->path), *slash = strrchr(dir, '/');
    char *copy;

    if (slash != NULL)
        *slash = '\0';
    copy = xasprintf("%s/kat/%s.log", slash != NULL ? dir : ".", slug);
    if (r->kat_log != NULL && access(copy, R_OK) == 0) {
        free(r->kat_log);
        r->kat_log = copy;
        copy = NULL;
    }
    free(copy);
    free(dir);
    free(slug);
}

/* Add to S the system of the earlier site's folder DIR, with the schemes
 * of it that the GIVEN systems do not measure again; 0, or -1 after a
 * line. */
static int site_earlier_system(struct site *s, size_t given, char *dir)
{
    struct site_system sys = {0};
    struct rec_set all = {0};
    char *one[] = {dir};

    if (rec_set_scan(&all, one, 1) > 0 || all.n == 0) {
        rec_set_free(&all);
        return 0; /* no records: the earlier site left nothing to keep there */
    }
    sys.folder = xstrdup(dir);
    sys.set = all;
    sys.name = site_system_name(&sys);
    sys.set.n = 0;
    for (size_t i = 0; i < all.n; i++)
        if (site_made_now(s, given, sys.name, all.recs[i]->scheme_id)) {
            rec_free(all.recs[i]);
        } else {
            site_earlier_kat(all.recs[i]);
            sys.set.recs[sys.set.n++] = all.recs[i];
        }
    if (sys.set.n == 0) {
        site_system_free(&sys);
        return 0;
    }
    return site_add_system(s, &sys);
}

/* Whether OUT/NAME is a system folder an earlier site wrote: a folder
 * (not a link) with the system's index and method pages. */
static bool site_earlier_folder(const char *out, const char *name)
{
    char *dir = xasprintf("%s/%s", out, name), *index = xasprintf("%s/index.html", dir),
         *method = xasprintf("%s/method.html", dir);
    struct stat st;
    bool yes = name[0] != '.' && lstat(dir, &st) == 0 && S_ISDIR(st.st_mode) &&
               access(index, F_OK) == 0 && access(method, F_OK) == 0;

    free(dir);
    free(index);
    free(method);
    return yes;
}

/* Keep what the earlier site in S->out has and this one does not make. */
int site_keep_earlier(struct site *s)
{
    struct dirent **entries;
    int n = scandir(s->out, &entries, NULL, alphasort), rc = 0;
    size_t given = s->nsys;

    for (int i = 0; i < n; i++) {
        if (rc == 0 && site_earlier_folder(s->out, entries[i]->d_name)) {
            char *dir = xasprintf("%s/%s", s->out, entries[i]->d_name);

            rc = site_earlier_system(s, given, dir);
            free(dir);
        }
        free(entries[i]);
    }
    if (n >= 0)
        free(entries);
    return rc;
}

/* Name the systems' folders in the site and list their schemes and
 * what-if documents, once every record is in; 0, or -1 after a line. */
int site_systems_ready(struct site *s)
{
    struct strlist slugs = {0};
    int rc = 0;

    for (size_t i = 0; i < s->nsys && rc == 0; i++) {
        struct site_system *sys = &s->sys[i];

        if (whatif_docs_load(sys->set.whatif.v, sys->set.whatif.n, &sys->whatif) != 0) {
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
