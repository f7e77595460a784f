/* whatif-cands.c - the candidates of a what-if matrix: the control, the
 * ones --candidate names, and the hash packages of a folder, each package
 * built and KAT-checked once. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "whatif/hashpkg.h"
#include "whatif/substitute.h"
#include "plan/catalog.h"
#include "whatif/whatif.h"

/* The header that makes a folder a hash package's instance. */
#define WI_HEADER "CryptHash_AlgorithmInstance.h"

/* The most levels below DIR an instance folder is looked for at. */
#define WI_DEPTH 8

/* A new candidate at the end of S, zeroed. */
static struct wi_cand *wi_new(struct wi_set *s)
{
    struct wi_cand *c;

    s->c = realloc(s->c, (s->n + 1) * sizeof *s->c);
    if (s->c == NULL)
        abort();
    c = &s->c[s->n++];
    memset(c, 0, sizeof *c);
    return c;
}

/* Whether S has a candidate named NAME. */
static bool wi_has(const struct wi_set *s, const char *name)
{
    for (size_t i = 0; i < s->n; i++)
        if (strcmp(s->c[i].name, name) == 0)
            return true;
    return false;
}

/* Add the control, the placeholder through the seam (whatif.h). */
void wi_add_control(struct wi_set *s)
{
    struct wi_cand *c = wi_new(s);

    c->name = xstrdup("iccs");
    c->kind = "control";
    c->subst = xstrdup("iccs");
}

/* Add the package PATH's instance INSTANCE (NULL: as PATH names it or
 * as chosen for the width), named NAME (NULL: as the package names it),
 * built under BUILD_ROOT (ALLOW: unverified too); 0, or -1 after the
 * reason it is refused, which S's refused list keeps. */
static int wi_add_package(struct wi_set *s, const char *path, const char *instance,
                          const char *name, const char *build_root, bool allow)
{
    struct hashpkg h;
    struct wi_cand *c;

    if (hashpkg_build(path, instance, build_root, allow, &h) != 0) {
        s->refused = realloc(s->refused, (s->nrefused + 1) * sizeof *s->refused);
        if (s->refused == NULL)
            abort();
        s->refused[s->nrefused++] = (struct wi_refused){xstrdup(name != NULL ? name : path),
                                                        xstrdup(path), xstrdup(h.refused)};
        hashpkg_free(&h);
        return -1;
    }
    if (wi_has(s, name != NULL ? name : h.name)) { /* named twice: once is enough */
        hashpkg_free(&h);
        return 0;
    }
    c = wi_new(s);
    c->instance = xstrdup(h.name + 4); /* after "pkg:" */
    c->name = xstrdup(name != NULL ? name : h.name);
    c->kind = "package";
    c->subst =
        instance != NULL ? xasprintf("pkg:%s:%s", path, instance) : xasprintf("pkg:%s", path);
    c->path = xstrdup(path);
    c->library = xstrdup(h.library);
    c->digest_bits = h.digest_bits;
    c->kat = xstrdup(h.kat);
    hashpkg_free(&h);
    return 0;
}

/* Add the candidate NAME given on the command line (whatif.h). */
int wi_add_named(struct wi_set *s, const char *command, const char *name, const char *build_root,
                 bool allow)
{
    char *label = xasprintf("--candidate: %s", name);
    json_t *item = subst_candidate(command, label, "pseudohash", name);
    const char *kind;
    int rc = EXIT_OK;

    free(label);
    if (item == NULL)
        return EXIT_USAGE;
    kind = json_string_value(json_object_get(item, "kind"));
    if (strcmp(kind, "pkg") == 0)
        rc = wi_add_package(s, json_string_value(json_object_get(item, "package")),
                            json_string_value(json_object_get(item, "instance")), NULL, build_root,
                            allow) == 0
                 ? EXIT_OK
                 : EXIT_FAIL;
    else if (strcmp(kind, "iccs") != 0 && !wi_has(s, name)) {
        struct wi_cand *c = wi_new(s);

        c->name = xstrdup(name);
        c->kind = "libcrypto";
        c->subst = xstrdup(name);
    }
    json_decref(item);
    return rc;
}

/* Add to FOUND the folders below DIR (DEPTH levels at most) that hold an
 * instance header, as paths. */
static int wi_find(const char *dir, int depth, struct strlist *found)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    struct strlist subs = {0};
    int rc = 0;

    if (d == NULL)
        return -1;
    while ((e = readdir(d)) != NULL) {
        char *path;
        struct stat st;

        if (e->d_name[0] == '.')
            continue;
        path = xasprintf("%s/%s", dir, e->d_name);
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode) && depth > 0)
            strlist_add(&subs, path);
        else if (strcmp(e->d_name, WI_HEADER) == 0 && !strlist_has(found, dir))
            strlist_add(found, dir);
        free(path);
    }
    closedir(d);
    strlist_sort(&subs);
    for (size_t i = 0; i < subs.n && rc == 0; i++)
        rc = wi_find(subs.v[i], depth - 1, found);
    strlist_free(&subs);
    return rc;
}

/* The name package folder PACKAGE is listed under in the matrix: the
 * catalog's id and official name ("hash-13 JuziHash") where C knows its
 * folder, else the folder's own. */
static char *wi_package_name(const struct catalog *c, const char *package)
{
    const char *base = strrchr(package, '/') + 1;
    const struct catalog_entry *e = c != NULL ? catalog_find(c, base) : NULL;

    return e != NULL ? xasprintf("%s %s", e->id, e->name) : xstrdup(base);
}

/* The place of package folder PACKAGE in the catalog C (its entries'
 * order), or past every entry when C does not know it. */
static size_t wi_catalog_place(const struct catalog *c, const char *package)
{
    const struct catalog_entry *e = c != NULL ? catalog_find(c, strrchr(package, '/') + 1) : NULL;

    return e != NULL ? (size_t)(e - c->v) : SIZE_MAX;
}

/* PACKAGES in the catalog C's order, those it does not know after them by
 * name (they come sorted by name). */
static void wi_catalog_order(const struct catalog *c, struct strlist *packages)
{
    for (size_t i = 1; i < packages->n; i++)
        for (size_t j = i;
             j > 0 && wi_catalog_place(c, packages->v[j - 1]) > wi_catalog_place(c, packages->v[j]);
             j--) {
            char *t = packages->v[j];

            packages->v[j] = packages->v[j - 1];
            packages->v[j - 1] = t;
        }
}

/* Add every hash package under DIR (whatif.h). */
int wi_add_dir(struct wi_set *s, const char *dir, const char *build_root, bool allow)
{
    struct strlist found = {0}, packages = {0};
    size_t len = strlen(dir), count;
    struct catalog cat;
    char *why = NULL;
    bool have_cat;

    if (wi_find(dir, WI_DEPTH, &found) != 0) {
        cmd_error("%s: %s", dir, strerror(errno));
        strlist_free(&found);
        return -1;
    }
    /* the package is the folder right below DIR that holds the instance */
    for (size_t i = 0; i < found.n; i++) {
        const char *rest = found.v[i] + len + 1;
        char *package = xasprintf("%s/%.*s", dir, (int)strcspn(rest, "/"), rest);

        if (!strlist_has(&packages, package))
            strlist_add(&packages, package);
        free(package);
    }
    strlist_sort(&packages);
    /* without a catalog the candidates keep their folders' names */
    have_cat = catalog_load(&cat, &why) == 0;
    free(why);
    wi_catalog_order(have_cat ? &cat : NULL, &packages);
    for (size_t i = 0; i < packages.n; i++) {
        char *name = wi_package_name(have_cat ? &cat : NULL, packages.v[i]);

        if (wi_has(s, name))
            cmd_error("%s: a candidate named %s is there already; left out", packages.v[i], name);
        else
            wi_add_package(s, packages.v[i], NULL, name, build_root, allow);
        free(name);
    }
    count = packages.n;
    if (have_cat)
        catalog_free(&cat);
    strlist_free(&found);
    strlist_free(&packages);
    return (int)count;
}

/* The document's candidates (whatif.h). */
json_t *wi_cands_json(const struct wi_set *s)
{
    json_t *list = json_array();

    for (size_t i = 0; i < s->n; i++) {
        const struct wi_cand *c = &s->c[i];
        json_t *o = json_pack("{s:s, s:s}", "name", c->name, "kind", c->kind);

        if (c->path != NULL)
            json_object_update_new(o, json_pack("{s:s, s:s, s:i, s:s}", "path", c->path, "instance",
                                                c->instance, "digest_bits", (int)c->digest_bits,
                                                "kat", c->kat));
        json_array_append_new(list, o);
    }
    return list;
}

/* The refused packages (whatif.h). */
json_t *wi_refused_json(const struct wi_set *s)
{
    json_t *list = json_array();

    for (size_t i = 0; i < s->nrefused; i++)
        json_array_append_new(list, json_pack("{s:s, s:s, s:s}", "name", s->refused[i].name, "path",
                                              s->refused[i].path, "reason", s->refused[i].reason));
    return list;
}

/* The substitution item of candidate C (whatif.h). */
json_t *wi_cand_spec(const struct wi_cand *c)
{
    if (c->library != NULL)
        return json_pack("{s:s, s:s, s:s, s:i}", "candidate", c->name, "kind", "pkg", "library",
                         c->library, "digest_bits", (int)c->digest_bits);
    return json_pack("{s:s, s:s}", "candidate", c->name, "kind",
                     strcmp(c->kind, "control") == 0 ? "iccs" : "openssl");
}

/* Free the candidates and their builds (whatif.h). */
void wi_set_free(struct wi_set *s)
{
    for (size_t i = 0; i < s->n; i++) {
        free(s->c[i].name);
        free(s->c[i].subst);
        free(s->c[i].path);
        free(s->c[i].instance);
        free(s->c[i].library);
        free(s->c[i].kat);
    }
    for (size_t i = 0; i < s->nrefused; i++) {
        free(s->refused[i].name);
        free(s->refused[i].path);
        free(s->refused[i].reason);
    }
    free(s->refused);
    free(s->c);
    memset(s, 0, sizeof *s);
}
