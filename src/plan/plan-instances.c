/* plan-instances.c - the instances of a package: found under its
 * implementation trees (Reference_Implementation and the like) or named
 * by the descriptor's instance lines, each named by its headers'
 * ALGORITHM_INSTANCE or its folder, then selected by --instances. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <regex.h>
#include <search.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "plan/plan-stages.h"

/* Deeper than any package's implementation tree. */
#define PLAN_ROOTS_DEPTH 24

/* Whether DIR is a folder. */
bool plan_is_dir(const char *dir)
{
    struct stat st;

    return stat(dir, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The base name of PATH. */
static const char *plan_base(const char *path)
{
    return strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
}

/* The ALGORITHM_INSTANCE values the headers of DIR define: each distinct
 * value once into VALUES, the header of the first into FIRST. */
static void plan_algorithm_instance(struct plan_tree *t, const char *dir, struct strlist *values,
                                    char **first)
{
    struct strlist headers = {0};
    regex_t re;
    regmatch_t m[2];

    *first = NULL;
    regcomp(
        &re,
        "^[[:space:]]*#[[:space:]]*define[[:space:]]+ALGORITHM_INSTANCE[[:space:]]+\"([^\"]*)\"",
        REG_EXTENDED);
    plan_list_files(t, dir, ".h", &headers);
    for (size_t h = 0; h < headers.n; h++) {
        char *path = xasprintf("%s/%s", dir, headers.v[h]), line[1024];
        FILE *f = fopen(path, "r");

        while (f != NULL && fgets(line, sizeof line, f) != NULL)
            if (regexec(&re, line, 2, m, 0) == 0) {
                char *v = strndup(line + m[1].rm_so, (size_t)(m[1].rm_eo - m[1].rm_so));

                if (*first == NULL)
                    *first = xstrdup(headers.v[h]);
                if (v != NULL && !strlist_has(values, v))
                    strlist_add(values, v);
                free(v);
            }
        if (f != NULL)
            fclose(f);
        free(path);
    }
    regfree(&re);
    strlist_free(&headers);
}

/* Name the instance in folder DIR (real path) into F. */
static void plan_name_instance(struct plan_tree *t, const char *dir, struct found *f)
{
    struct strlist values = {0};
    char *first;

    plan_algorithm_instance(t, dir, &values, &first);
    f->folder = xstrdup(dir);
    f->ai = values.n == 1 ? xstrdup(values.v[0]) : NULL;
    if (values.n == 1) {
        f->name = xstrdup(values.v[0]);
        f->named = xasprintf("ALGORITHM_INSTANCE in %s", first);
    } else if (values.n > 1) {
        char *all = strlist_join(&values, " ");

        f->name = xstrdup(plan_base(dir));
        f->named = xasprintf(
            "the folder name (the headers define several ALGORITHM_INSTANCE values: %s)", all);
        free(all);
    } else {
        f->name = xstrdup(plan_base(dir));
        f->named = xstrdup("the folder name");
    }
    free(first);
    strlist_free(&values);
}

/* Whether DIR holds a .c file directly. */
static bool plan_has_c_here(struct plan_tree *t, const char *dir)
{
    struct strlist c = {0};
    bool any = false;

    plan_list_files(t, dir, ".c", &c);
    for (size_t i = 0; i < c.n && !any; i++)
        any = strchr(c.v[i], '/') == NULL;
    strlist_free(&c);
    return any;
}

/* Whether every .c file of C is a shared ICCS file (a Common/ folder
 * beside the instances, not an instance); false when there is none. */
static bool plan_only_shared(const struct strlist *c)
{
    for (size_t i = 0; i < c->n; i++)
        if (!plan_is_shared_iccs(c->v[i]) && strcmp(plan_base(c->v[i]), "sm3.c") != 0)
            return false;
    return c->n > 0;
}

/* The entries of DIR that are not hidden, sorted. */
static void plan_entries(const char *dir, struct strlist *out)
{
    DIR *d = opendir(dir);
    struct dirent *e;

    while (d != NULL && (e = readdir(d)) != NULL)
        if (e->d_name[0] != '.')
            strlist_add(out, e->d_name);
    if (d != NULL)
        closedir(d);
    strlist_sort(out);
}

/* tsearch order of (device, inode) pairs. */
static int plan_id_cmp(const void *a, const void *b)
{
    const struct stat *x = a, *y = b;

    if (x->st_dev != y->st_dev)
        return x->st_dev < y->st_dev ? -1 : 1;
    return x->st_ino < y->st_ino ? -1 : x->st_ino > y->st_ino;
}

/* Add the folders under DIR (DEPTH levels below the start) named one of
 * NAMES to ROOTS, not looking below a match, each folder once. */
static void plan_walk_roots(const char *dir, const char *const *names, int depth, void **seen,
                            struct strlist *roots)
{
    struct strlist entries = {0};

    if (depth < PLAN_ROOTS_DEPTH)
        plan_entries(dir, &entries);
    for (size_t i = 0; i < entries.n; i++) {
        char *path = xasprintf("%s/%s", dir, entries.v[i]);
        struct stat *st = xmalloc(sizeof *st);
        bool match = false;

        if (stat(path, st) == 0 && S_ISDIR(st->st_mode) &&
            *(struct stat **)tsearch(st, seen, plan_id_cmp) == st) {
            for (size_t k = 0; names[k] != NULL && !match; k++)
                match = strcasecmp(entries.v[i], names[k]) == 0;
            if (match)
                strlist_add(roots, path);
            else
                plan_walk_roots(path, names, depth + 1, seen, roots);
        } else {
            free(st);
        }
        free(path);
    }
    strlist_free(&entries);
}

/* The implementation folders under DIR. */
void plan_find_roots(const char *dir, const char *const *names, struct strlist *roots)
{
    void *seen = NULL;

    plan_walk_roots(dir, names, 0, &seen, roots);
    tdestroy(seen, free);
}

/* The number of packages the implementation folders ROOTS of the folder
 * PKG belong to: those under one first-level folder (or PKG itself) are
 * one package's. */
static size_t plan_count_packages(const char *pkg, const struct strlist *roots)
{
    struct strlist groups = {0};
    size_t len = strlen(pkg), n;

    for (size_t r = 0; r < roots->n; r++) {
        const char *rel = roots->v[r] + len + 1;
        size_t first = strcspn(rel, "/");
        char *group = rel[first] == '\0' ? xstrdup(".") : strndup(rel, first);

        if (!strlist_has(&groups, group))
            strlist_add(&groups, group);
        free(group);
    }
    n = strlist_has(&groups, ".") ? 1 : groups.n;
    strlist_free(&groups);
    return n;
}

/* The instance folders under the implementation folder ROOT into DIRS:
 * ROOT itself when it holds .c files, else each child folder with
 * sources other than the shared ICCS files (the others noted in P). */
static void plan_instance_dirs(struct plan *p, const char *root, struct strlist *dirs)
{
    struct strlist entries = {0};

    if (plan_has_c_here(&p->tree, root)) {
        strlist_add(dirs, root);
        return;
    }
    plan_entries(root, &entries);
    for (size_t i = 0; i < entries.n; i++) {
        char *path = xasprintf("%s/%s", root, entries.v[i]);
        struct strlist c = {0};

        if (plan_is_dir(path)) {
            plan_list_files(&p->tree, path, ".c", &c);
            if (c.n == 0)
                strlist_addf(&p->notes, "skipped %s: no .c file", path + strlen(p->package) + 1);
            else if (plan_only_shared(&c))
                strlist_addf(&p->notes,
                             "skipped %s: only shared ICCS files (for instances that lack them)",
                             path + strlen(p->package) + 1);
            else
                strlist_add(dirs, path);
        }
        strlist_free(&c);
        free(path);
    }
    strlist_free(&entries);
}

/* The implementation folders of P's package for IMPL into ROOTS; -1 with
 * a message when there is none, or when they are several packages'. */
static int plan_impl_roots(struct plan *p, struct strlist *roots)
{
    const char *impl = p->impl;
    const char *names[3] = {strcmp(impl, "reference") == 0   ? "Reference_Implementation"
                            : strcmp(impl, "optimized") == 0 ? "Optimized_Implementation"
                                                             : "Additional_Implementation",
                            strcmp(impl, "reference") == 0   ? "Reference"
                            : strcmp(impl, "optimized") == 0 ? "Optimized"
                                                             : "Additional",
                            NULL};
    size_t packages;

    plan_find_roots(p->package, names, roots);
    if (roots->n == 0) {
        plan_say("%s: no folder named %s or %s (--impl %s); name the instances with instance "
                 "lines in scheme.conf",
                 p->package, names[0], names[1], impl);
        return -1;
    }
    if ((packages = plan_count_packages(p->package, roots)) > 1) {
        plan_say("%s: this folder holds %zu packages: use iccsprof campaign (or give one "
                 "package's folder)",
                 p->package, packages);
        return -1;
    }
    return 0;
}

/* Autodetect the instances of P's package into OUT; -1 with a message. */
static int plan_autodetect(struct plan *p, struct found_set *out)
{
    struct strlist roots = {0}, dirs = {0};
    int rc = plan_impl_roots(p, &roots);

    for (size_t r = 0; rc == 0 && r < roots.n; r++)
        plan_instance_dirs(p, roots.v[r], &dirs);
    if (p->tree.interrupted)
        rc = -1;
    if (rc == 0 && dirs.n == 0) {
        char *all = strlist_join(&roots, " ");

        plan_say("%s: no instance folder with .c files under %s", p->package, all);
        free(all);
        rc = -1;
    }
    out->v = xmalloc((dirs.n + 1) * sizeof *out->v);
    for (size_t i = 0; rc == 0 && i < dirs.n; i++) {
        char *real = realpath(dirs.v[i], NULL);

        if (plan_unprintable(dirs.v[i])) {
            char *shown = plan_escaped(dirs.v[i]);

            plan_say("%s: an instance folder's name holds a tab or a line break; rename the "
                     "folder, or name the instance with an instance line in scheme.conf",
                     shown);
            free(shown);
            rc = -1;
        } else {
            plan_name_instance(&p->tree, real != NULL ? real : dirs.v[i], &out->v[out->n++]);
        }
        free(real);
    }
    strlist_free(&roots);
    strlist_free(&dirs);
    return rc;
}

/* The instances the descriptor's instance lines name; -1 with a message. */
static int plan_from_conf(const struct conf *c, struct plan *p, struct found_set *out)
{
    out->v = xmalloc((c->n + 1) * sizeof *out->v);
    for (size_t l = 0; l < c->n; l++) {
        const struct conf_line *line = &c->lines[l];
        size_t len = strcspn(line->value, " \t");
        const char *dir = line->value + len + strspn(line->value + len, " \t");
        char *path, *real = NULL;
        struct found *f;

        if (strcmp(line->key, "instance") != 0)
            continue;
        path = dir[0] == '/' ? xstrdup(dir) : xasprintf("%s/%s", p->package, dir);
        if (!plan_is_dir(path) || (real = realpath(path, NULL)) == NULL) {
            plan_say("%s:%ld: instance %.*s: no folder %s", c->path, line->lineno, (int)len,
                     line->value, path);
            free(path);
            return -1;
        }
        f = &out->v[out->n++];
        plan_name_instance(&p->tree, real, f);
        free(f->name);
        free(f->named);
        f->name = strndup(line->value, len);
        f->named = xasprintf("scheme.conf line %ld", line->lineno);
        free(real);
        free(path);
    }
    return 0;
}

/* The names of FOUND, joined by ", ". */
static char *plan_known(const struct found_set *found)
{
    struct strlist names = {0};
    char *s;

    for (size_t i = 0; i < found->n; i++)
        strlist_add(&names, found->v[i].name);
    s = strlist_join(&names, ", ");
    strlist_free(&names);
    return s;
}

/* Make the names of FOUND file names, and check that no two are the
 * same; -1 with a message. */
static int plan_name_apart(struct found_set *found)
{
    for (size_t i = 0; i < found->n; i++) {
        struct found *f = &found->v[i];
        char *n = plan_file_name(f->name);

        if (strcmp(n, f->name) != 0) {
            char *named = xasprintf("%s, made a file name from \"%s\"", f->named, f->name);

            free(f->named);
            f->named = named;
        }
        free(f->name);
        f->name = n;
    }
    for (size_t i = 0; i < found->n; i++)
        for (size_t j = i + 1; j < found->n; j++)
            if (strcmp(found->v[i].name, found->v[j].name) == 0) {
                plan_say("two instances are named %s: %s and %s; name them apart with instance "
                         "lines in scheme.conf",
                         found->v[i].name, found->v[i].folder, found->v[j].folder);
                return -1;
            }
    return 0;
}

/* Find the instances of P's package. */
int plan_find_instances(const struct conf *c, struct plan *p, struct found_set *out)
{
    bool lines = false;

    for (size_t l = 0; c != NULL && l < c->n && !lines; l++)
        lines = strcmp(c->lines[l].key, "instance") == 0;
    if (lines ? plan_from_conf(c, p, out) != 0 : plan_autodetect(p, out) != 0)
        return -1;
    return plan_name_apart(out);
}

/* Check that the scoped lines of C name instances of FOUND. */
int plan_check_scopes(const struct conf *c, const struct found_set *found)
{
    for (size_t l = 0; c != NULL && l < c->n; l++) {
        size_t i = 0;

        if (c->lines[l].instance == NULL)
            continue;
        while (i < found->n && strcmp(found->v[i].name, c->lines[l].instance) != 0)
            i++;
        if (i == found->n) {
            char *known = plan_known(found);

            plan_say("%s:%ld: no instance named %s (known: %s)", c->path, c->lines[l].lineno,
                     c->lines[l].instance, known);
            free(known);
            return -1;
        }
    }
    return 0;
}

/* The words of the comma-separated list S into OUT. */
static void plan_comma_words(const char *s, struct strlist *out)
{
    char *copy = xstrdup(s), *save = NULL;

    for (char *w = strtok_r(copy, ",", &save); w != NULL; w = strtok_r(NULL, ",", &save)) {
        char *t = w + strspn(w, " \t");

        t[strcspn(t, " \t")] = '\0';
        if (*t != '\0')
            strlist_add(out, t);
    }
    free(copy);
}

/* Pick the selected instances of FOUND into SELECTED. */
int plan_select(const char *instances, const struct found_set *found, struct strlist *selected)
{
    struct strlist want = {0};
    char *known;
    int rc = 0;

    if (instances == NULL) {
        for (size_t i = 0; i < found->n; i++)
            strlist_add(selected, found->v[i].name);
        return 0;
    }
    plan_comma_words(instances, &want);
    known = plan_known(found);
    if (want.n == 0) {
        plan_say("--instances '%s': names no instance (known: %s)", instances, known);
        rc = -1;
    }
    for (size_t w = 0; rc == 0 && w < want.n; w++) {
        size_t i = 0;

        while (i < found->n && strcmp(found->v[i].name, want.v[w]) != 0)
            i++;
        if (i == found->n) {
            plan_say("--instances: no instance named %s (known: %s)", want.v[w], known);
            rc = -1;
        } else if (!strlist_has(selected, want.v[w])) {
            strlist_add(selected, want.v[w]);
        }
    }
    free(known);
    strlist_free(&want);
    return rc;
}

/* Free the instances as found. */
void plan_found_free(struct found_set *f)
{
    for (size_t i = 0; i < f->n; i++) {
        free(f->v[i].name);
        free(f->v[i].folder);
        free(f->v[i].named);
        free(f->v[i].ai);
    }
    free(f->v);
    f->v = NULL;
    f->n = 0;
}
/* Whether folder NAME only holds a package's parts ("Implementations
 * and Test_Vectors", "KAT", "Reference_Implementation") rather than
 * naming the algorithm. */
static bool plan_container_folder(const char *name)
{
    static const char *const words[] = {
        "implementation", "test_vector", "test vector", "testvector", "kat", "submission", NULL};

    for (int w = 0; words[w] != NULL; w++)
        if (strcasestr(name, words[w]) != NULL)
            return true;
    return false;
}

/* The nearest folder above the first Implementations level of DIR in
 * PKG (the package's own folder counting as the first) that is not a
 * container of the package's parts, else the scheme id; with where it
 * came from.  Packages as published put a container between the two:
 * Origami/Implementations and Test_Vectors/Implementations/... */
void plan_algorithm(const char *pkg, const char *dir, const char *id, char **alg, char **from)
{
    size_t pl = strlen(pkg);
    const char *rel = strncmp(dir, pkg, pl) == 0 && dir[pl] == '/' ? dir + pl + 1 : NULL;
    const char *base = strrchr(pkg, '/') != NULL ? strrchr(pkg, '/') + 1 : pkg;
    struct strlist parts = {0};
    size_t impl;

    *from = xstrdup("the scheme id");
    *alg = xstrdup(id);
    if (rel == NULL)
        return;
    strlist_add(&parts, base);
    for (const char *s = rel; *s != '\0';) {
        size_t n = strcspn(s, "/");
        char *part = strndup(s, n);

        strlist_add(&parts, part != NULL ? part : "");
        free(part);
        s += n + (s[n] == '/');
    }
    for (impl = 1; impl < parts.n; impl++)
        if (strcasecmp(parts.v[impl], "implementations") == 0)
            break;
    for (size_t k = impl; impl < parts.n && k-- > 0;)
        if (!plan_container_folder(parts.v[k])) {
            free(*alg);
            free(*from);
            *alg = xstrdup(parts.v[k]);
            *from = k + 1 == impl ? xstrdup("the folder above Implementations")
                                  : xasprintf("the folder above %s", parts.v[k + 1]);
            break;
        }
    strlist_free(&parts);
}
