/* campaign-packages.c - `iccsprof campaign --packages DIR [--only IDS]`:
 * a folder of packages as downloaded (archives and folders alike), each
 * known by its catalog id, selected by id and taken in the catalog's
 * order, so that a campaign over the official archives reads as the
 * official list does. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "campaign/campaign.h"
#include "plan/catalog.h"
#include "util/message.h"
#include "plan/plan-packages.h"

/* One package of the folder, with where the catalog puts it. */
struct campaign_pkg {
    char *path, *id;
    size_t rank; /* its place in the catalog; past the end when not in it */
};

/* Whether ID matches one of the comma-separated shell patterns ONLY. */
static bool packages_selected(const char *id, const char *only)
{
    char *copy = xstrdup(only), *save = NULL;
    bool yes = false;

    for (char *p = strtok_r(copy, ",", &save); p != NULL && !yes; p = strtok_r(NULL, ",", &save))
        yes = fnmatch(p, id, FNM_CASEFOLD) == 0;
    free(copy);
    return yes;
}

/* The id of the package at PATH (an archive or a folder), newly
 * allocated: the catalog's, else its name; NULL after a one-line error. */
static char *packages_id(const char *path)
{
    struct plan_options o = {.package = path};
    struct package_source s;
    struct strlist none = {0};
    const char *base = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
    char *id;

    if (packages_find(&o, &none, &s) != 0)
        return NULL;
    id = xstrdup(s.scheme != NULL ? s.scheme : base);
    package_source_free(&s);
    return id;
}

/* qsort order: the catalog's, then by name. */
static int packages_cmp(const void *a, const void *b)
{
    const struct campaign_pkg *x = a, *y = b;

    if (x->rank != y->rank)
        return x->rank < y->rank ? -1 : 1;
    return strcmp(x->id, y->id);
}

/* The archives and folders of DIR, hidden ones aside, into PKGS. */
static int packages_list_dir(const char *dir, const struct catalog *c, struct campaign_pkg **pkgs,
                             size_t *n)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int rc = 0;

    if (d == NULL) {
        cmd_error("--packages %s: %s", dir, strerror(errno));
        return -1;
    }
    while (rc == 0 && (e = readdir(d)) != NULL) {
        char *path = xasprintf("%s/%s", dir, e->d_name);
        struct stat st;
        size_t stem;

        if (e->d_name[0] != '.' && stat(path, &st) == 0 &&
            (S_ISDIR(st.st_mode) || (S_ISREG(st.st_mode) && archive_is_named(e->d_name, &stem)))) {
            char *id = packages_id(path);
            const struct catalog_entry *entry = id != NULL ? catalog_find(c, id) : NULL;

            if (id == NULL) {
                rc = -1;
            } else {
                *pkgs = realloc(*pkgs, (*n + 1) * sizeof **pkgs);
                if (*pkgs == NULL)
                    abort();
                (*pkgs)[(*n)++] = (struct campaign_pkg){
                    xstrdup(path), id, entry != NULL ? (size_t)(entry - c->v) : c->n};
            }
        }
        free(path);
    }
    closedir(d);
    return rc;
}

/* The packages of DIR selected by ONLY, in the catalog's order. */
int campaign_packages(const char *dir, const char *only, struct strlist *out)
{
    struct catalog c;
    struct campaign_pkg *pkgs = NULL;
    size_t n = 0;
    char *why;
    int rc;

    if (catalog_load(&c, &why) != 0) {
        cmd_error("the catalog: %s", why);
        free(why);
        return -1;
    }
    rc = packages_list_dir(dir, &c, &pkgs, &n);
    qsort(pkgs, n, sizeof *pkgs, packages_cmp);
    for (size_t k = 0; k < n; k++) {
        if (rc == 0 && (only == NULL || packages_selected(pkgs[k].id, only)))
            strlist_add(out, pkgs[k].path);
        free(pkgs[k].path);
        free(pkgs[k].id);
    }
    free(pkgs);
    catalog_free(&c);
    if (rc == 0 && out->n == 0) {
        cmd_error("--packages %s: no package%s%s", dir, only != NULL ? " matches --only " : "",
                  only != NULL ? only : " (archives or folders) in it");
        rc = -1;
    }
    return rc;
}
