/* plan-find.c - what the package's files say: its instance folders, the
 * name of each, its sources and headers, the shared ICCS files it may
 * lack, and the level macros its own build files pass. */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <search.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/build-jobs.h"
#include "plan/plan.h"

/* Deeper than any package: a guard against very deep trees. */
#define PLAN_MAX_DEPTH 24

/* Whether NAME ends with SUFFIX. */
static bool plan_ends_with(const char *name, const char *suffix)
{
    size_t n = strlen(name), s = strlen(suffix);

    return n >= s && strcmp(name + n - s, suffix) == 0;
}

/* A folder's identity, for the set of folders a walk has entered. */
struct plan_seen {
    dev_t dev;
    ino_t ino;
};

/* tsearch order of folder identities. */
static int plan_seen_cmp(const void *a, const void *b)
{
    const struct plan_seen *x = a, *y = b;

    if (x->dev != y->dev)
        return x->dev < y->dev ? -1 : 1;
    return x->ino < y->ino ? -1 : x->ino > y->ino;
}

/* Whether the folder ST is entered for the first time (it is then
 * remembered in *SEEN): each folder is walked once, so that symlink
 * loops cost nothing. */
static bool plan_first_visit(void **seen, const struct stat *st)
{
    struct plan_seen *key = xmalloc(sizeof *key), **found;

    key->dev = st->st_dev;
    key->ino = st->st_ino;
    found = tsearch(key, seen, plan_seen_cmp);
    if (found == NULL)
        abort();
    if (*found != key) {
        free(key);
        return false;
    }
    return true;
}

/* Whether the real path REAL lies in the tree T (its root, or ALSO). */
static bool plan_in_tree(const struct plan_tree *t, const char *real)
{
    const char *roots[2] = {t->root, t->also};

    for (int r = 0; r < 2; r++) {
        size_t n = roots[r] != NULL ? strlen(roots[r]) : 0;

        if (n > 0 && strncmp(real, roots[r], n) == 0 && (real[n] == '/' || real[n] == '\0'))
            return true;
    }
    return false;
}

/* Whether the entry FULL (shown as SUB) may be followed: not a link out
 * of T nor one to nothing (noted in T when it is). */
static bool plan_may_follow(struct plan_tree *t, const char *full, const char *sub)
{
    struct stat lst;
    char target[4096], *real;
    ssize_t len;
    bool ok;

    if (lstat(full, &lst) != 0 || !S_ISLNK(lst.st_mode))
        return true;
    len = readlink(full, target, sizeof target - 1);
    target[len > 0 ? len : 0] = '\0';
    if ((real = realpath(full, NULL)) == NULL) {
        strlist_addf(&t->dangling, "%s -> %s", sub, target);
        return false;
    }
    ok = plan_in_tree(t, real);
    if (!ok)
        strlist_addf(&t->outside, "%s -> %s", sub, real);
    free(real);
    return ok;
}

/* Walk DIR/REL recursively, adding the files named *SUFFIX to OUT. */
static void plan_walk(struct plan_tree *t, void **seen, const char *dir, const char *rel,
                      const char *suffix, int depth, struct strlist *out)
{
    char *path = rel[0] != '\0' ? xasprintf("%s/%s", dir, rel) : xstrdup(dir);
    DIR *d = depth < PLAN_MAX_DEPTH ? opendir(path) : NULL;
    struct dirent *e;

    if (jobs_interrupted() != 0)
        t->interrupted = true;
    while (d != NULL && !t->interrupted && (e = readdir(d)) != NULL) {
        char *full, *sub;
        struct stat st;

        if (e->d_name[0] == '.')
            continue;
        full = xasprintf("%s/%s", path, e->d_name);
        sub = rel[0] != '\0' ? xasprintf("%s/%s", rel, e->d_name) : xstrdup(e->d_name);
        if (plan_may_follow(t, full, sub) && stat(full, &st) == 0) {
            if (S_ISDIR(st.st_mode) && plan_first_visit(seen, &st))
                plan_walk(t, seen, dir, sub, suffix, depth + 1, out);
            else if (S_ISREG(st.st_mode) && plan_ends_with(e->d_name, suffix))
                strlist_add(out, sub);
        }
        free(full);
        free(sub);
    }
    if (d != NULL)
        closedir(d);
    free(path);
}

/* The files named *SUFFIX under DIR, sorted, relative to DIR. */
void plan_list_files(struct plan_tree *t, const char *dir, const char *suffix, struct strlist *out)
{
    void *seen = NULL;
    struct stat st;
    struct plan_tree local = {0};

    if (t == NULL) {
        local.root = realpath(dir, NULL);
        t = &local;
    }
    if (stat(dir, &st) == 0)
        plan_first_visit(&seen, &st);
    plan_walk(t, &seen, dir, "", suffix, 0, out);
    tdestroy(seen, free);
    strlist_sort(out);
    if (t == &local)
        plan_tree_free(&local);
}

/* Free what a walk noted in T. */
void plan_tree_free(struct plan_tree *t)
{
    free(t->root);
    free(t->also);
    strlist_free(&t->outside);
    strlist_free(&t->dangling);
    memset(t, 0, sizeof *t);
}

/* Whether NAME is a shared ICCS file. */
bool plan_is_shared_iccs(const char *name)
{
    const char *base = strrchr(name, '/');

    base = base != NULL ? base + 1 : name;
    return strcmp(base, "drng.c") == 0 || strcmp(base, "drng.h") == 0 ||
           strcmp(base, "auxfunc.c") == 0 || strcmp(base, "auxfunc.h") == 0;
}

/* Append the groups of digits of S to OUT. */
static void plan_numbers(const char *s, struct strlist *out)
{
    while (*s != '\0') {
        size_t n = strspn(s, "0123456789");

        if (n > 0) {
            char *num = strndup(s, n);

            if (num != NULL && !strlist_has(out, num))
                strlist_add(out, num);
            free(num);
            s += n;
        } else {
            s++;
        }
    }
}

/* S as a macro name: upper case, other characters than letters and
 * digits made '_'. */
static char *plan_macro_of(const char *s)
{
    char *m = xstrdup(s);

    for (char *p = m; *p != '\0'; p++)
        *p = isalnum((unsigned char)*p) ? (char)toupper((unsigned char)*p) : '_';
    return m;
}

/* Add candidate MACRO read from FROM to I, once. */
static void plan_add_level(struct plan_instance *i, const char *macro, const char *from)
{
    if (strlist_has(&i->levels, macro))
        return;
    strlist_add(&i->levels, macro);
    strlist_add(&i->level_from, from);
}

/* Whether NAME is a build file of the package (make or CMake). */
static bool plan_is_build_file(const char *name)
{
    const char *base = strrchr(name, '/');

    base = base != NULL ? base + 1 : name;
    return strcmp(base, "Makefile") == 0 || strcmp(base, "makefile") == 0 ||
           strcmp(base, "GNUmakefile") == 0 || strcmp(base, "CMakeLists.txt") == 0 ||
           plan_ends_with(base, ".mk") || plan_ends_with(base, ".cmake");
}

/* The -D macros of the build file at PATH (named SHOWN) that name one of
 * the instance's LEVELS, a variable part replaced by each level. */
static void plan_scan_build_file(const char *path, const char *shown, const struct strlist *levels,
                                 struct plan_instance *i)
{
    FILE *f = fopen(path, "r");
    char line[4096];
    regex_t re;
    regmatch_t m[2];

    if (f == NULL)
        return;
    regcomp(&re, "-D([A-Za-z_][A-Za-z0-9_]*((\\$[{(][A-Za-z0-9_]+[})])[A-Za-z0-9_]*)*)",
            REG_EXTENDED);
    while (fgets(line, sizeof line, f) != NULL) {
        for (const char *p = line; regexec(&re, p, 2, m, 0) == 0; p += m[0].rm_eo) {
            char *macro = strndup(p + m[1].rm_so, (size_t)(m[1].rm_eo - m[1].rm_so));
            char *var = macro != NULL ? strchr(macro, '$') : NULL;

            for (size_t l = 0; macro != NULL && l < levels->n; l++) {
                if (var != NULL) {
                    size_t close = strcspn(var, "})");
                    char *filled = xasprintf("%.*s%s%s", (int)(var - macro), macro, levels->v[l],
                                             var[close] != '\0' ? var + close + 1 : "");

                    if (strchr(filled, '$') == NULL)
                        plan_add_level(i, filled, shown);
                    free(filled);
                } else if (strstr(macro, levels->v[l]) != NULL) {
                    plan_add_level(i, macro, shown);
                }
            }
            free(macro);
        }
    }
    regfree(&re);
    fclose(f);
}

/* The level macros the package's build files, the instance name and
 * ALGORITHM_INSTANCE suggest for instance I: the build files of the
 * instance folder and of every folder above it in the package first. */
void plan_level_candidates(struct plan_tree *t, const char *pkg, struct plan_instance *i,
                           const char *ai)
{
    struct strlist levels = {0}, files = {0};
    char *dir = xstrdup(i->folder), *m;
    size_t pkglen = strlen(pkg);

    plan_numbers(i->name, &levels);
    if (ai != NULL)
        plan_numbers(ai, &levels);
    if (levels.n == 0) {
        free(dir);
        return;
    }
    plan_list_files(t, i->folder, "", &files);
    for (size_t f = 0; f < files.n; f++)
        if (plan_is_build_file(files.v[f])) {
            char *full = xasprintf("%s/%s", i->folder, files.v[f]);

            plan_scan_build_file(full, files.v[f], &levels, i);
            free(full);
        }
    /* the folders above, up to the package */
    while (strlen(dir) > pkglen && strncmp(dir, pkg, pkglen) == 0) {
        static const char *const names[] = {"Makefile", "makefile", "GNUmakefile", "CMakeLists.txt",
                                            NULL};
        char *slash = strrchr(dir, '/');

        if (slash == NULL)
            break;
        *slash = '\0';
        if (strlen(dir) < pkglen)
            break;
        for (int n = 0; names[n] != NULL; n++) {
            char *full = xasprintf("%s/%s", dir, names[n]);
            char *shown = strlen(dir) > pkglen ? xasprintf("%s/%s", dir + pkglen + 1, names[n])
                                               : xstrdup(names[n]);

            plan_scan_build_file(full, shown, &levels, i);
            free(full);
            free(shown);
        }
    }
    m = plan_macro_of(i->name);
    plan_add_level(i, m, "the instance name");
    free(m);
    if (ai != NULL) {
        m = plan_macro_of(ai);
        plan_add_level(i, m, "ALGORITHM_INSTANCE");
        free(m);
    }
    strlist_free(&levels);
    strlist_free(&files);
    free(dir);
}
