/* build-analyze.c - what an instance's compiled objects say, read with
 * the object reader:
 *  - programs: a file whose object defines main (a KAT driver, a test, a
 *    benchmark) stays out of the library, whatever its name;
 *  - duplicates: an external symbol two library objects both define (two
 *    alternative files for one module) stops the instance, with the
 *    descriptor line that excludes one of them;
 *  - the DRNG global: drng_algorithm defined by a library object
 *    (package), only used (supplied: the build links a definition of its
 *    own), or neither (a declaration nothing uses leaves no reference);
 *  - the helpers the library defines (each is wrapped in the profiled
 *    build) and those it calls that nothing defines;
 *  - the API: exactly one of sig_keygen, kem_keygen and kex_init_a. */
#include "config.h"

#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build/build.h"
#include "build/objects.h"

/* The ICCS APIs, each known by the function that starts it. */
static const struct {
    const char *type, *entry;
} analyze_apis[] = {
    {"sig", "sig_keygen"}, {"kem", "kem_keygen"}, {"kex", "kex_init_a"}, {NULL, NULL}};

static const char *const analyze_helpers[] = {"pseudohash",        "pseudoXOF",          "sm3hash",
                                              "get_random_number", "init_random_number", NULL};

/* The folder part of PATH ("." when none), newly allocated. */
static char *analyze_dirname(const char *path)
{
    const char *slash = strrchr(path, '/');

    return slash != NULL ? strndup(path, (size_t)(slash - path)) : xstrdup(".");
}

/* A definition of symbol NAME by the library file FILE. */
struct analyze_def {
    const char *name, *file;
    bool strong, zero;
};

/* qsort order of definitions: by the two files, then the symbol. */
static int analyze_def_cmp(const void *a, const void *b)
{
    const struct analyze_def *x = a, *y = b;
    int c = strcmp(x->name, y->name);

    return c != 0 ? c : strcmp(x->file, y->file);
}

/* A clash: symbol NAME defined by files A and B (A before B). */
struct analyze_clash {
    const char *a, *b, *name;
    bool initialized;
};

/* qsort order of clashes: by the two files, then the symbol. */
static int analyze_clash_cmp(const void *x, const void *y)
{
    const struct analyze_clash *p = x, *q = y;
    int c = strcmp(p->a, q->a);

    if (c == 0)
        c = strcmp(p->b, q->b);
    return c != 0 ? c : strcmp(p->name, q->name);
}

/* Find the symbols two library objects both define into CLASHES[*N]. */
static struct analyze_clash *analyze_clashes(struct obj_file *objs, const struct strlist *names,
                                             const bool *program, size_t *n)
{
    struct analyze_def *defs = NULL;
    struct analyze_clash *clashes = NULL;
    size_t ndefs = 0, cap = 0;

    *n = 0;
    for (size_t o = 0; o < names->n; o++) {
        if (program[o])
            continue;
        for (size_t s = 0; s < objs[o].n; s++) {
            const struct obj_symbol *sym = &objs[o].syms[s];

            if (sym->local || sym->storage == OBJ_UNDEFINED)
                continue;
            if (ndefs == cap) {
                cap = cap != 0 ? cap * 2 : 64;
                defs = realloc(defs, cap * sizeof *defs);
                if (defs == NULL)
                    abort();
            }
            /* the sanitizers add an __odr_asan.<name> beside each global */
            defs[ndefs].name = sym->name;
            defs[ndefs].file = names->v[o];
            defs[ndefs].strong = !sym->weak && sym->storage != OBJ_COMMON &&
                                 strncmp(sym->name, "__odr_asan", 10) != 0;
            defs[ndefs++].zero = sym->storage == OBJ_ZERO;
        }
    }
    if (ndefs > 1)
        qsort(defs, ndefs, sizeof *defs, analyze_def_cmp);
    for (size_t i = 0; i < ndefs;) {
        size_t j = i;
        const char *first = NULL, *second = NULL;
        bool initialized = false;

        for (; j < ndefs && strcmp(defs[j].name, defs[i].name) == 0; j++) {
            initialized |= !defs[j].zero;
            if (!defs[j].strong)
                continue;
            if (first == NULL)
                first = defs[j].file;
            else if (second == NULL && strcmp(defs[j].file, first) != 0)
                second = defs[j].file;
        }
        if (second != NULL) {
            clashes = realloc(clashes, (*n + 1) * sizeof *clashes);
            if (clashes == NULL)
                abort();
            clashes[(*n)++] = (struct analyze_clash){first, second, defs[i].name, initialized};
        }
        i = j;
    }
    if (*n > 1)
        qsort(clashes, *n, sizeof *clashes, analyze_clash_cmp);
    free(defs);
    return clashes;
}

/* The errors for CLASHES[N]: one per pair of files, naming up to three
 * symbols and the descriptor line that excludes one of the two (the one
 * not beside the API source when exactly one is). */
static void analyze_clash_errors(const struct analyze_clash *clashes, size_t n, const char *api,
                                 const char *conf, struct strlist *errors)
{
    char *apidir = analyze_dirname(api != NULL ? api : ".");

    for (size_t i = 0; i < n;) {
        size_t j = i;
        struct strlist syms = {0};
        char *da = analyze_dirname(clashes[i].a), *db = analyze_dirname(clashes[i].b), *what, *list,
             *advice;
        const char *drop = clashes[i].b;

        while (j < n && strcmp(clashes[j].a, clashes[i].a) == 0 &&
               strcmp(clashes[j].b, clashes[i].b) == 0) {
            if (syms.n < 3)
                strlist_add(&syms, clashes[j].name);
            j++;
        }
        if (strcmp(db, apidir) == 0 && strcmp(da, apidir) != 0)
            drop = clashes[i].a;
        list = strlist_join(&syms, ", ");
        if (j - i == 1)
            what = xasprintf("symbol %s", list);
        else if (j - i <= 3)
            what = xasprintf("symbols %s", list);
        else
            what = xasprintf("symbols %s and %zu more", list, j - i - 3);
        advice = conf_exclude_advice(drop, conf);
        strlist_addf(errors, "duplicate %s in %s and %s; %s", what, clashes[i].a, clashes[i].b,
                     advice);
        free(advice);
        free(what);
        free(list);
        free(da);
        free(db);
        strlist_free(&syms);
        i = j;
    }
    free(apidir);
}

/* The first library file that defines NAME, or NULL. */
static const char *analyze_definer(struct obj_file *objs, const struct strlist *names,
                                   const bool *program, const char *name)
{
    for (size_t o = 0; o < names->n; o++)
        if (!program[o] && obj_defines(&objs[o], name) != NULL)
            return names->v[o];
    return NULL;
}

/* Whether instance I has a drng.h to define the DRNG global with. */
static bool analyze_has_drng_h(const struct plan_instance *i)
{
    for (size_t h = 0; h < i->headers.n; h++) {
        const char *base = strrchr(i->headers.v[h], '/');

        if (strcmp(base != NULL ? base + 1 : i->headers.v[h], "drng.h") == 0)
            return true;
    }
    for (size_t n = 0; n < i->set.notes.n; n++)
        if (strncmp(i->set.notes.v[n], "drng.h taken from", 17) == 0)
            return true;
    return false;
}

/* The helpers the library (OBJS named NAMES, less the PROGRAMs) defines
 * into F's wraps; those it calls that nothing defines into its errors. */
static void analyze_helpers_of(struct obj_file *objs, const struct strlist *names,
                               const bool *program, struct build_findings *f)
{
    for (int h = 0; analyze_helpers[h] != NULL; h++) {
        struct strlist users = {0};

        if (analyze_definer(objs, names, program, analyze_helpers[h]) != NULL) {
            if (h < 4)
                strlist_add(&f->wraps, analyze_helpers[h]);
            continue;
        }
        for (size_t o = 0; o < names->n; o++)
            if (!program[o] && obj_uses(&objs[o], analyze_helpers[h]))
                strlist_add(&users, names->v[o]);
        if (users.n > 0) {
            char *who = strlist_join(&users, " ");

            strlist_addf(&f->errors,
                         "%s is called (by %s) but no source of the library defines it (no %s in "
                         "the package?)",
                         analyze_helpers[h], who, h >= 3 ? "drng.c" : "auxfunc.c");
            free(who);
        }
        strlist_free(&users);
    }
    strlist_sort(&f->wraps);
}

/* The DRNG global of the library of I into F: the package's, supplied,
 * or none. */
static void analyze_drng_global(const struct plan_instance *i, struct obj_file *objs,
                                const struct strlist *names, const bool *program,
                                struct build_findings *f)
{
    const char *def = analyze_definer(objs, names, program, "drng_algorithm");

    if (def != NULL) {
        f->drng_global = xstrdup("package");
        f->drng_file = xstrdup(def);
        return;
    }
    for (size_t o = 0; o < names->n && f->drng_global == NULL; o++)
        if (!program[o] && obj_uses(&objs[o], "drng_algorithm")) {
            f->drng_global = xstrdup("supplied");
            f->drng_user = xstrdup(names->v[o]);
        }
    if (f->drng_global != NULL && !analyze_has_drng_h(i))
        strlist_add(&f->errors, "drng_algorithm is used but no source defines it, and there "
                                "is no drng.h to define it with");
}

/* What the library of I says: its helpers, the DRNG global, its API. */
static void analyze_library(const struct plan_instance *i, struct obj_file *objs,
                            const struct strlist *names, const bool *program,
                            struct build_findings *f)
{
    struct strlist types = {0};
    const char *def;

    analyze_helpers_of(objs, names, program, f);
    analyze_drng_global(i, objs, names, program, f);
    for (int a = 0; analyze_apis[a].type != NULL; a++)
        if ((def = analyze_definer(objs, names, program, analyze_apis[a].entry)) != NULL) {
            strlist_add(&types, analyze_apis[a].entry);
            if (f->type == NULL) {
                f->type = xstrdup(analyze_apis[a].type);
                f->type_file = xstrdup(def);
                f->type_entry = analyze_apis[a].entry;
            }
        }
    if (types.n == 0) {
        strlist_add(&f->errors, "no ICCS API: no library source defines sig_keygen, kem_keygen or "
                                "kex_init_a");
    } else if (types.n > 1) {
        char *all = strlist_join(&types, ", ");

        strlist_addf(&f->errors,
                     "more than one ICCS API is defined (%s); keep one API per instance", all);
        free(all);
    } else if (i->type[0] != '\0' && strcmp(i->type, f->type) != 0) {
        strlist_addf(&f->errors, "scheme.conf says type = %s, but the library defines %s", i->type,
                     f->type_entry);
    }
    strlist_free(&types);
}

/* Read the objects of instance I into F. */
void build_analyze(const struct plan_instance *i, const char *dir, const struct strlist *objs,
                   const struct strlist *names, bool guide, const char *conf,
                   struct build_findings *f)
{
    struct obj_file *files = calloc(objs->n + 1, sizeof *files);
    bool *program = calloc(objs->n + 1, sizeof *program);
    struct analyze_clash *clashes;
    size_t nclashes;
    bool all_zero = true;

    if (files == NULL || program == NULL)
        abort();
    memset(f, 0, sizeof *f);
    for (size_t o = 0; o < objs->n; o++) {
        char *path = xasprintf("%s/%s", dir, objs->v[o]), err[256];
        const struct obj_symbol *m;

        if (obj_read(path, &files[o], err, sizeof err) != 0)
            strlist_addf(&f->errors, "%s: cannot read its object: %s", names->v[o], err);
        m = obj_defines(&files[o], "main");
        program[o] = m != NULL && m->storage == OBJ_CODE;
        strlist_add(program[o] ? &f->programs : &f->library, names->v[o]);
        free(path);
    }
    clashes = analyze_clashes(files, names, program, &nclashes);
    for (size_t c = 0; c < nclashes; c++)
        all_zero &= !clashes[c].initialized;
    /* only zero-filled globals clash, as when a header defines a global
     * that many files include: -fcommon (in the lenient flags) merges
     * them, so the guide build falls back instead of failing */
    if (guide && nclashes > 0 && all_zero) {
        f->needs_common = xasprintf("%s in %s and %s", clashes[0].name, clashes[0].a, clashes[0].b);
        strlist_addf(&f->errors,
                     "zero-filled globals defined in several files (%s) need -fcommon, which only "
                     "the lenient flags give",
                     f->needs_common);
    } else {
        analyze_library(i, files, names, program, f);
        if (nclashes > 0) {
            struct strlist dup = {0};

            analyze_clash_errors(clashes, nclashes, f->type_file, conf, &dup);
            /* duplicates first, as the first thing to fix */
            strlist_extend(&dup, &f->errors);
            strlist_free(&f->errors);
            f->errors = dup;
        }
    }
    for (size_t o = 0; o < objs->n; o++)
        obj_free(&files[o]);
    free(files);
    free(program);
    free(clashes);
}

/* Free findings. */
void build_findings_free(struct build_findings *f)
{
    strlist_free(&f->programs);
    strlist_free(&f->library);
    strlist_free(&f->wraps);
    strlist_free(&f->errors);
    free(f->drng_global);
    free(f->drng_file);
    free(f->drng_user);
    free(f->type);
    free(f->type_file);
    free(f->needs_common);
    memset(f, 0, sizeof *f);
}
