/* whatif-cands.c - the candidates of a what-if matrix: the control, the
 * ones --candidate names, and the hash packages of a folder, each package
 * built and KAT-checked once. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "whatif/hashpkg.h"
#include "whatif/substitute.h"
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

/* Add the package PATH's instance INSTANCE (NULL: its only one), named
 * NAME (NULL: as the package names it), built under BUILD_ROOT; 0, or -1
 * after the reason it is refused. */
static int wi_add_package(struct wi_set *s, const char *path, const char *instance,
                          const char *name, const char *build_root)
{
    struct hashpkg h;
    struct wi_cand *c;

    if (hashpkg_build(path, instance, build_root, &h) != 0)
        return -1;
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
    hashpkg_free(&h);
    return 0;
}

/* Add the candidate NAME given on the command line (whatif.h). */
int wi_add_named(struct wi_set *s, const char *command, const char *name, const char *build_root)
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
                            json_string_value(json_object_get(item, "instance")), NULL,
                            build_root) == 0
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

/* Add every hash package instance under DIR (whatif.h). */
int wi_add_dir(struct wi_set *s, const char *dir, const char *build_root)
{
    struct strlist found = {0};
    size_t len = strlen(dir), count = 0;

    if (wi_find(dir, WI_DEPTH, &found) != 0) {
        cmd_error("%s: %s", dir, strerror(errno));
        strlist_free(&found);
        return -1;
    }
    strlist_sort(&found);
    for (size_t i = 0; i < found.n; i++) {
        /* the package is the folder right below DIR that holds the instance */
        const char *rest = found.v[i] + len + 1;
        char *package = xasprintf("%s/%.*s", dir, (int)strcspn(rest, "/"), rest);
        const char *inst = strrchr(found.v[i], '/') + 1, *base = strrchr(package, '/') + 1;
        size_t siblings = 0;
        char *name;

        for (size_t k = 0; k < found.n; k++)
            siblings += strncmp(found.v[k], package, strlen(package)) == 0 &&
                        found.v[k][strlen(package)] == '/';
        name = siblings > 1 ? xasprintf("%s:%s", base, inst) : xstrdup(base);
        if (wi_has(s, name))
            cmd_error("%s: a candidate named %s is there already; left out", found.v[i], name);
        else
            wi_add_package(s, package, siblings > 1 ? inst : NULL, name, build_root);
        count++;
        free(name);
        free(package);
    }
    strlist_free(&found);
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
                                                "kat", "pass"));
        json_array_append_new(list, o);
    }
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
    }
    free(s->c);
    memset(s, 0, sizeof *s);
}
