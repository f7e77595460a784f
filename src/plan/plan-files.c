/* plan-files.c - the fallback sources of an instance, where no build
 * file states them: every .c file of its folder and the folders below it
 * (links followed only inside the package), less what the descriptor
 * excludes; its headers and include folders; the shared ICCS files it
 * lacks, taken from elsewhere in the package; the descriptor's flags. */
#include "config.h"

#include <ctype.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/plan-stages.h"

/* Whether the descriptor line L is KEY for instance NAME. */
bool plan_applies(const struct conf_line *l, const char *key, const char *name)
{
    return strcmp(l->key, key) == 0 && (l->instance == NULL || strcmp(l->instance, name) == 0);
}

/* Whether NAME ends with SUFFIX. */
static bool files_ends_with(const char *name, const char *suffix)
{
    size_t n = strlen(name), s = strlen(suffix);

    return n >= s && strcmp(name + n - s, suffix) == 0;
}

/* The base name of PATH. */
static const char *files_base(const char *path)
{
    return strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
}

/* Add a source to SET. */
struct plan_source *plan_add_source(struct plan_source_set *set, const char *name, const char *path,
                                    const char *obj)
{
    struct plan_source *s;
    size_t len = strlen(obj);

    set->sources = realloc(set->sources, (set->nsources + 1) * sizeof *set->sources);
    if (set->sources == NULL)
        abort();
    s = &set->sources[set->nsources++];
    memset(s, 0, sizeof *s);
    s->name = xstrdup(name);
    s->path = xstrdup(path);
    s->obj = xasprintf("%.*s.o", (int)(len >= 2 ? len - 2 : len), obj);
    return s;
}

/* Add an excluded file to SET. */
void plan_add_excluded(struct plan_source_set *set, const char *file, const char *reason)
{
    set->excluded = realloc(set->excluded, (set->nexcluded + 1) * sizeof *set->excluded);
    if (set->excluded == NULL)
        abort();
    set->excluded[set->nexcluded].file = xstrdup(file);
    set->excluded[set->nexcluded++].reason = xstrdup(reason);
}

/* Free the sources and exclusions of SET. */
void plan_clear_sources(struct plan_source_set *set)
{
    for (size_t s = 0; s < set->nsources; s++) {
        free(set->sources[s].name);
        free(set->sources[s].path);
        free(set->sources[s].obj);
        strlist_free(&set->sources[s].flags);
    }
    free(set->sources);
    set->sources = NULL;
    set->nsources = 0;
    for (size_t e = 0; e < set->nexcluded; e++) {
        free(set->excluded[e].file);
        free(set->excluded[e].reason);
    }
    free(set->excluded);
    set->excluded = NULL;
    set->nexcluded = 0;
}

/* Free everything SET holds. */
void plan_free_source_set(struct plan_source_set *set)
{
    plan_clear_sources(set);
    strlist_free(&set->incdirs);
    strlist_free(&set->shared_incdirs);
    strlist_free(&set->notes);
    free(set->described);
    free(set->std);
    memset(set, 0, sizeof *set);
}

/* A copy of SET (sources, exclusions, include folders, notes), kept as
 * an instance's other set for the build to fall back to; the caller
 * says how they were found (SET's description may be being replaced). */
struct plan_source_set *plan_copy_sources(const struct plan_source_set *set)
{
    struct plan_source_set *c = calloc(1, sizeof *c);

    if (c == NULL)
        abort();
    for (size_t s = 0; s < set->nsources; s++)
        strlist_extend(
            &plan_add_source(c, set->sources[s].name, set->sources[s].path, set->sources[s].obj)
                 ->flags,
            &set->sources[s].flags);
    for (size_t e = 0; e < set->nexcluded; e++)
        plan_add_excluded(c, set->excluded[e].file, set->excluded[e].reason);
    strlist_extend(&c->incdirs, &set->incdirs);
    strlist_extend(&c->shared_incdirs, &set->shared_incdirs);
    strlist_extend(&c->notes, &set->notes);
    c->std = set->std != NULL ? xstrdup(set->std) : NULL;
    c->from_build_file = set->from_build_file;
    return c;
}

/* Swap the source sets of I and I->other. */
void plan_swap_sources(struct plan_instance *i)
{
    struct plan_source_set t = i->set;

    i->set = *i->other;
    *i->other = t;
}

/* Whether the shared file FILE is among the sources, exclusions and
 * headers of I. */
static bool files_has_shared(const struct plan_instance *i, const char *file)
{
    for (size_t s = 0; s < i->set.nsources; s++)
        if (strcmp(files_base(i->set.sources[s].name), file) == 0)
            return true;
    for (size_t e = 0; e < i->set.nexcluded; e++)
        if (strcmp(files_base(i->set.excluded[e].file), file) == 0)
            return true;
    for (size_t h = 0; h < i->headers.n; h++)
        if (strcmp(files_base(i->headers.v[h]), file) == 0)
            return true;
    return false;
}

/* The copy of FILE among ALL (relative to the package) for instance I
 * (INREL: its folder relative to the package): a Common/ folder's
 * first, else the shortest path; NULL when there is none outside I. */
static const char *files_best_shared(const struct strlist *all, const char *file, const char *inrel)
{
    size_t inlen = strlen(inrel);
    const char *best = NULL;
    bool best_common = false;

    for (size_t a = 0; a < all->n; a++) {
        char *lower;
        bool common;

        if (strcmp(files_base(all->v[a]), file) != 0 ||
            (inlen > 0 && strncmp(all->v[a], inrel, inlen) == 0 && all->v[a][inlen] == '/'))
            continue;
        lower = plan_file_name(all->v[a]);
        for (char *p = lower; *p != '\0'; p++)
            *p = (char)tolower((unsigned char)*p);
        common = strncmp(lower, "common/", 7) == 0 || strstr(lower, "/common/") != NULL;
        free(lower);
        if (best == NULL || (common && !best_common) ||
            (common == best_common && strlen(all->v[a]) < strlen(best)))
            best = all->v[a], best_common = common;
    }
    return best;
}

/* Refuse the file NAME of instance I for its include SPELT (taken; NULL:
 * none), a macro's when COMPUTED: -1 with the message, else 0. */
static int files_include_refused(const struct plan_instance *i, const char *name, char *spelt,
                                 bool computed)
{
    if (spelt != NULL && computed)
        plan_say("instance %s: %s includes a file a macro names (#include %s), which iccsprof "
                 "cannot hold to the package it builds (write the name out, or exclude the file "
                 "in scheme.conf)",
                 i->name, name, spelt);
    else if (spelt != NULL)
        plan_say("instance %s: %s includes %s, out of the package: iccsprof compiles nothing that "
                 "reads a file out of the package it builds (copy the file in, or exclude the "
                 "file in scheme.conf)",
                 i->name, name, spelt);
    if (spelt == NULL)
        return 0;
    free(spelt);
    return -1;
}

/* Take the shared ICCS files instance I lacks. */
int plan_take_shared(const struct plan_tree *t, const char *pkg, const struct strlist *all,
                     struct plan_instance *i)
{
    static const char *const files[] = {"drng.c", "drng.h", "auxfunc.c", "auxfunc.h", NULL};
    const char *inrel = strlen(i->folder) > strlen(pkg) ? i->folder + strlen(pkg) + 1 : "";
    struct strlist none = {0};

    for (int f = 0; files[f] != NULL; f++) {
        const char *best =
            files_has_shared(i, files[f]) ? NULL : files_best_shared(all, files[f], inrel);
        char *path, *dir, *out;
        bool computed = false;

        if (best == NULL)
            continue;
        path = xasprintf("%s/%s", pkg, best);
        dir = xstrdup(path);
        *strrchr(dir, '/') = '\0';
        /* a file from elsewhere in the package is held to it as the
         * instance's own are; the include is looked at before it is judged */
        out = plan_include_out(path, dir, &none, t->root, t->also, &computed);
        if (files_include_refused(i, best, out, computed) != 0) {
            free(path);
            free(dir);
            return -1;
        }
        if (files_ends_with(best, ".c")) {
            char *obj = xasprintf("+shared/%s", best);

            plan_add_source(&i->set, best, path, obj);
            free(obj);
        } else if (!strlist_has(&i->set.shared_incdirs, dir)) {
            strlist_add(&i->set.shared_incdirs, dir);
        }
        strlist_addf(&i->set.notes, "%s taken from %s (the instance folder has none)", files[f],
                     best);
        free(path);
        free(dir);
    }
    return 0;
}

/* The include folders of I: every folder holding one of its headers,
 * the instance folder first, then the others in name order. */
static void files_incdirs(struct plan_instance *i)
{
    for (size_t h = 0; h < i->headers.n; h++) {
        char *dir = xstrdup(i->headers.v[h]), *slash = strrchr(dir, '/');

        if (slash != NULL)
            *slash = '\0';
        if (!strlist_has(&i->set.incdirs, slash != NULL ? dir : "."))
            strlist_add(&i->set.incdirs, slash != NULL ? dir : ".");
        free(dir);
    }
    strlist_sort(&i->set.incdirs);
    for (size_t d = 1; d < i->set.incdirs.n; d++)
        if (strcmp(i->set.incdirs.v[d], ".") == 0) {
            char *dot = i->set.incdirs.v[d];

            memmove(i->set.incdirs.v + 1, i->set.incdirs.v, d * sizeof *i->set.incdirs.v);
            i->set.incdirs.v[0] = dot;
        }
}

/* The exclude line of C that matches the file NAME of I (every match's
 * number noted in USED), or NULL. */
static const struct conf_line *files_excluded_by(const struct conf *c, const char *instance,
                                                 const char *name, struct strlist *used)
{
    const struct conf_line *why = NULL;

    for (size_t l = 0; c != NULL && l < c->n; l++)
        if (plan_applies(&c->lines[l], "exclude", instance) &&
            fnmatch(c->lines[l].value, name, 0) == 0) {
            char num[32];

            snprintf(num, sizeof num, "%ld", c->lines[l].lineno);
            if (!strlist_has(used, num))
                strlist_add(used, num);
            if (why == NULL)
                why = &c->lines[l];
        }
    return why;
}

/* Check the links out of the package that a walk of I met (T): a source
 * or header among them that C does not exclude is an error (the exclude
 * lines used noted in USED); -1 with the message. */
static int files_check_outside(const struct conf *c, const struct plan_instance *i,
                               const struct plan_tree *t, struct strlist *used)
{
    int rc = 0;

    for (size_t k = 0; k < t->outside.n && rc == 0; k++) {
        char *name = strndup(t->outside.v[k], strcspn(t->outside.v[k], " "));

        if ((files_ends_with(name, ".c") || files_ends_with(name, ".h")) &&
            files_excluded_by(c, i->name, name, used) == NULL) {
            plan_say("instance %s: %s is a link out of the package, to %s: iccsprof follows no "
                     "link out of the package it builds (copy the file in, or exclude it in "
                     "scheme.conf)",
                     i->name, name, t->outside.v[k] + strlen(name) + 4);
            rc = -1;
        }
        free(name);
    }
    return rc;
}

/* Refuse the first file of ALL (relative to I's folder; its sources and
 * headers that C does not exclude) whose #include could read a file out
 * of the package (T's roots): -1 with a message naming both. */
static int files_check_includes(const struct conf *c, const struct plan_instance *i,
                                const struct plan_tree *t, const struct strlist *all,
                                struct strlist *used)
{
    struct strlist bases = {0};
    int rc = 0;

    for (size_t d = 0; d < i->set.incdirs.n; d++)
        strlist_addf(&bases, "%s/%s", i->folder, i->set.incdirs.v[d]);
    for (size_t f = 0; f < all->n && rc == 0; f++) {
        const char *name = all->v[f], *slash = strrchr(name, '/');
        char *path, *dir, *spelt;
        bool computed;

        if ((!files_ends_with(name, ".c") && !files_ends_with(name, ".h")) ||
            files_excluded_by(c, i->name, name, used) != NULL)
            continue;
        path = xasprintf("%s/%s", i->folder, name);
        dir = xasprintf("%s/%.*s", i->folder, slash != NULL ? (int)(slash - name) : 0, name);
        spelt = plan_include_out(path, dir, &bases, t->root, t->also, &computed);
        rc = files_include_refused(i, name, spelt, computed);
        free(dir);
        free(path);
    }
    strlist_free(&bases);
    return rc;
}

/* Take the source NAME of I: excluded by C, or compiled; -1 when its name
 * cannot be shown. */
static int files_take(const struct conf *c, struct plan_instance *i, const char *name,
                      struct strlist *used)
{
    const struct conf_line *why = files_excluded_by(c, i->name, name, used);

    if (why != NULL) {
        char *reason = xasprintf("scheme.conf line %ld: exclude = %s", why->lineno, why->value);

        plan_add_excluded(&i->set, name, reason);
        free(reason);
    } else if (plan_unprintable(name)) {
        char *shown = plan_escaped(name);

        plan_say("instance %s: the file name '%s' holds a tab or a line break; exclude it in "
                 "scheme.conf if the library does not need it",
                 i->name, shown);
        free(shown);
        return -1;
    } else {
        char *path = xasprintf("%s/src/%s", i->build, name);

        plan_add_source(&i->set, name, path, name);
        free(path);
    }
    return 0;
}

/* Sources, headers, include folders and exclusions of instance I. */
int plan_files(struct plan *p, const struct conf *c, struct plan_instance *i, struct strlist *used)
{
    struct plan_tree t = {.root = xstrdup(p->tree.root),
                          .also = p->tree.also != NULL ? xstrdup(p->tree.also) : NULL};
    struct strlist all = {0};
    int rc = 0;

    plan_list_files(&t, i->folder, "", &all);
    p->tree.interrupted |= t.interrupted;
    for (size_t f = 0; f < all.n; f++)
        if (files_ends_with(all.v[f], ".h"))
            strlist_add(&i->headers, all.v[f]);
    files_incdirs(i);
    strlist_extend(&i->dangling, &t.dangling);
    rc = files_check_outside(c, i, &t, used);
    if (rc == 0)
        rc = files_check_includes(c, i, &t, &all, used);
    for (size_t f = 0; rc == 0 && f < all.n; f++)
        if (files_ends_with(all.v[f], ".c"))
            rc = files_take(c, i, all.v[f], used);
    strlist_free(&all);
    plan_tree_free(&t);
    return rc;
}

/* The descriptor's flags and defines for instance I (its include folders
 * relative to the package ROOT), and its lenient policy. */
void plan_flags(const struct conf *c, const char *root, struct plan_instance *i)
{
    bool scoped = false;

    i->lenient = NULL;
    for (size_t l = 0; c != NULL && l < c->n; l++) {
        const struct conf_line *line = &c->lines[l];

        if (plan_applies(line, "cflags", i->name)) {
            plan_descriptor_words(line->value, root, &i->conf_flags);
        } else if (plan_applies(line, "defines", i->name)) {
            struct strlist words = {0};

            strlist_add_words(&words, line->value);
            for (size_t w = 0; w < words.n; w++)
                strlist_addf(&i->conf_flags, "-D%s", words.v[w]);
            strlist_free(&words);
            i->conf_defines = true;
        } else if (plan_applies(line, "lenient", i->name) && (line->instance != NULL || !scoped)) {
            /* a line for this instance wins over the scheme-wide ones */
            free(i->lenient);
            i->lenient = xstrdup(line->value);
            scoped = line->instance != NULL;
        }
    }
    if (i->lenient == NULL)
        i->lenient = xstrdup("auto");
}
