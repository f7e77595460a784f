/* plan-desc.c - the stage of the planner that reads the package's own
 * build files: for each instance, the Makefiles and CMakeLists of its
 * folder and the folders below it, run in a scratch copy under its build
 * folder; the first target that compiles the ICCS API together with the
 * KAT driver gives the instance's sources (less the program: the build
 * leaves out what defines main), their defines and include order.  An
 * instance without one keeps the fallback sources (every .c but
 * programs), and the plan says which. */
#include "config.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/build-files.h"
#include "plan/builddesc.h"
#include "plan/ctext.h"
#include "plan/plan-stages.h"

/* The functions that start the ICCS APIs: a file defining one is the
 * API file. */
static const char *const desc_entries[] = {"sig_keygen", "kem_keygen", "kex_init_a", NULL};

/* What the sources of a target are. */
enum desc_score {
    DESC_NONE,    /* no API file, or no program */
    DESC_PROGRAM, /* the API file with some program */
    DESC_KAT,     /* the API file with the KAT driver */
};

/* The file REL (relative to instance folder DIR) as a path in the
 * package, newly allocated. */
static char *desc_path(const char *dir, const char *rel)
{
    char *joined = rel[0] == '/' ? xstrdup(rel) : xasprintf("%s/%s", dir, rel);
    char *normal = bd_normal_path(joined);

    free(joined);
    return normal;
}

/* Whether the program at PATH is a KAT driver by its name (KAT_SIG.c,
 * PQCgenKAT_sign.c, kat.c ...). */
static bool desc_is_kat(const char *path)
{
    const char *base = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;

    return strncasecmp(base, "kat", 3) == 0 || strcasestr(base, "genkat") != NULL;
}

/* How far target T of the instance in folder DIR is the one. */
static enum desc_score desc_score(const char *dir, const struct bd_target *t)
{
    bool api = false, program = false, kat = false;

    for (size_t c = 0; c < t->n; c++) {
        char *path = desc_path(dir, t->cmds[c].source);

        api |= ctext_defines_entry(path, desc_entries) != NULL;
        if (ctext_defines_main(path)) {
            program = true;
            kat |= desc_is_kat(path);
        }
        free(path);
    }
    return !api || !program ? DESC_NONE : kat ? DESC_KAT : DESC_PROGRAM;
}

/* bd_make's test: whether target T is the KAT program over the API. */
static bool desc_want(const struct bd_target *t, void *dir)
{
    return desc_score(dir, t) == DESC_KAT;
}

/* Copy target FROM into TO. */
static void desc_copy_target(struct bd_target *to, const struct bd_target *from)
{
    memset(to, 0, sizeof *to);
    to->file = xstrdup(from->file);
    to->name = xstrdup(from->name);
    for (size_t c = 0; c < from->n; c++)
        bd_append(to, from->cmds[c].source, &from->cmds[c].flags, from->cmds[c].std);
}

/* Read the build files FILES of the instance in R, choosing into BEST
 * (its name NULL when none is the one). */
static void desc_choose(struct bd_run *r, const struct strlist *files, struct bd_target *best)
{
    enum desc_score best_score = DESC_NONE;

    for (size_t f = 0; f < files->n && best_score < DESC_KAT && !r->interrupted; f++) {
        struct bd_targets targets = {0};
        bool cmake = strstr(files->v[f], "CMakeLists.txt") != NULL;

        if (cmake)
            bd_cmake(r, files->v[f], &targets);
        else
            bd_make(r, files->v[f], desc_want, (void *)r->instance, &targets);
        for (size_t t = 0; t < targets.n && best_score < DESC_KAT; t++) {
            enum desc_score s = desc_score(r->instance, &targets.v[t]);

            if (s > best_score) {
                bd_target_free(best);
                desc_copy_target(best, &targets.v[t]);
                best_score = s;
            }
        }
        bd_targets_free(&targets);
    }
}

/* Whether NAME is a file make or CMake reads for what to build. */
static bool desc_is_build_input(const char *name)
{
    static const char *const ends[] = {"Makefile",       "makefile", ".mk", ".make",
                                       "CMakeLists.txt", ".cmake",   NULL};
    size_t n = strlen(name);

    for (int k = 0; ends[k] != NULL; k++)
        if (n >= strlen(ends[k]) && strcmp(name + n - strlen(ends[k]), ends[k]) == 0)
            return true;
    return false;
}

/* The cache key of the instance's files FILES in folder DIR, read with
 * compiler CC: what a dry run's result depends on, the names of the
 * files (wildcards) and the size and time of the build files, and this
 * program's version.  An edited source or header changes nothing. */
static char *desc_key(const char *dir, const struct strlist *files, const char *cc)
{
    struct strlist lines = {0};
    char *key;

    strlist_addf(&lines, "%s %s", PACKAGE_VERSION, cc);
    for (size_t f = 0; f < files->n; f++) {
        char *path = xasprintf("%s/%s", dir, files->v[f]);
        struct stat st;

        if (!desc_is_build_input(files->v[f]))
            strlist_add(&lines, files->v[f]);
        else if (stat(path, &st) == 0)
            strlist_addf(&lines, "%s %lld %lld.%09ld", files->v[f], (long long)st.st_size,
                         (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
        free(path);
    }
    key = strlist_join(&lines, "\n");
    strlist_free(&lines);
    return key;
}

/* A strlist as a JSON array of strings. */
static json_t *desc_json_list(const struct strlist *l)
{
    json_t *a = json_array();

    for (size_t k = 0; k < l->n; k++)
        json_array_append_new(a, json_string(l->v[k]));
    return a;
}

/* The strings of the JSON array A into L. */
static void desc_list_json(json_t *a, struct strlist *l)
{
    json_t *v;
    size_t k;

    json_array_foreach(a, k, v) if (json_is_string(v)) strlist_add(l, json_string_value(v));
}

/* Save the choice T (its name NULL: none) and NOTES under KEY in PATH. */
static void desc_save(const char *path, const char *key, const struct bd_target *t,
                      const struct strlist *notes)
{
    json_t *doc = json_pack("{s:s, s:o}", "key", key, "notes", desc_json_list(notes)), *cmds;
    char *text;

    if (t->name != NULL) {
        cmds = json_array();
        for (size_t c = 0; c < t->n; c++)
            json_array_append_new(
                cmds,
                json_pack("{s:s, s:o, s:o}", "source", t->cmds[c].source, "flags",
                          desc_json_list(&t->cmds[c].flags), "std",
                          t->cmds[c].std != NULL ? json_string(t->cmds[c].std) : json_null()));
        json_object_set_new(doc, "file", json_string(t->file));
        json_object_set_new(doc, "target", json_string(t->name));
        json_object_set_new(doc, "commands", cmds);
    }
    text = json_dumps(doc, JSON_INDENT(1));
    if (text != NULL)
        file_replace(path, text);
    free(text);
    json_decref(doc);
}

/* Load the choice saved in PATH under KEY into T and NOTES; false when
 * there is none for KEY. */
static bool desc_load(const char *path, const char *key, struct bd_target *t, struct strlist *notes)
{
    json_t *doc = json_load_file(path, 0, NULL), *c;
    const char *file, *name;
    size_t k;
    bool hit = doc != NULL && json_is_string(json_object_get(doc, "key")) &&
               strcmp(json_string_value(json_object_get(doc, "key")), key) == 0;

    if (hit) {
        desc_list_json(json_object_get(doc, "notes"), notes);
        file = json_string_value(json_object_get(doc, "file"));
        name = json_string_value(json_object_get(doc, "target"));
        if (file != NULL && name != NULL) {
            t->file = xstrdup(file);
            t->name = xstrdup(name);
            json_array_foreach(json_object_get(doc, "commands"), k, c)
            {
                struct strlist flags = {0};
                json_t *std = json_object_get(c, "std");

                desc_list_json(json_object_get(c, "flags"), &flags);
                if (json_is_string(json_object_get(c, "source")))
                    bd_append(t, json_string_value(json_object_get(c, "source")), &flags,
                              json_is_string(std) ? json_string_value(std) : NULL);
                strlist_free(&flags);
            }
        }
    }
    json_decref(doc);
    return hit;
}

/* The scratch folder of instance I, absolute even when the build folder
 * was given relative: make -w names the folders it enters absolutely, and
 * the dry run's paths are taken back to the package by that prefix. */
static char *desc_scratch(const struct plan_instance *i)
{
    char *cwd = i->build[0] != '/' ? getcwd(NULL, 0) : NULL;
    char *scratch = cwd != NULL ? xasprintf("%s/%s/build-files", cwd, i->build)
                                : xasprintf("%s/build-files", i->build);

    free(cwd);
    return scratch;
}

/* Read (or recall) the build description of instance I, whose files are
 * FILES and build files BUILD_FILES, into T and NOTES; -1 on a signal. */
static int desc_read(struct plan_instance *i, const struct strlist *files,
                     const struct strlist *build_files, const char *cc, double seconds,
                     struct bd_target *t, struct strlist *notes)
{
    char *key = desc_key(i->folder, files, cc),
         *cache = xasprintf("%s/build-files.cache", i->build);
    struct bd_run r = {.instance = i->folder, .cc = cc, .seconds = seconds};
    int rc = 0;

    if (!desc_load(cache, key, t, notes)) {
        r.scratch = desc_scratch(i);
        if (bd_copy(&r, files) == 0)
            desc_choose(&r, build_files, t);
        bd_remove_scratch(&r);
        strlist_extend(notes, &r.notes);
        if (r.interrupted)
            rc = -1;
        else
            desc_save(cache, key, t, notes);
        free((char *)r.scratch);
        strlist_free(&r.notes);
    }
    free(cache);
    free(key);
    return rc;
}

/* The flag word W of a build file (paths relative to instance folder
 * DIR) as the plan keeps it: paths in the instance stay relative,
 * others in the tree T become absolute; NULL for a path out of the
 * package. */
static char *desc_flag(const struct plan_tree *t, const char *dir, const char *w)
{
    const char *eq = strchr(w, '='), *path;
    size_t opt;
    char *full, *real, *out;

    if (strncmp(w, "-D", 2) == 0 || strncmp(w, "-U", 2) == 0)
        return xstrdup(w);
    opt = strncmp(w, "-I", 2) == 0 ? 2 : eq != NULL ? (size_t)(eq - w) + 1 : 0;
    path = w + opt;
    if (opt == 0)
        return NULL;
    if (path[0] != '/' && strncmp(path, "../", 3) != 0 && strcmp(path, "..") != 0)
        return xstrdup(w);
    full = desc_path(dir, path);
    real = realpath(full, NULL);
    out = real != NULL && (strncmp(real, t->root, strlen(t->root)) == 0 ||
                           (t->also != NULL && strncmp(real, t->also, strlen(t->also)) == 0))
              ? xasprintf("%.*s%s", (int)opt, w, real)
              : NULL;
    free(real);
    free(full);
    return out;
}

/* Whether the real path REAL lies in the package tree T. */
static bool desc_in_tree(const struct plan_tree *t, const char *real)
{
    const char *roots[2] = {t->root, t->also};

    for (int k = 0; k < 2; k++)
        if (roots[k] != NULL && strncmp(real, roots[k], strlen(roots[k])) == 0 &&
            (real[strlen(roots[k])] == '/' || real[strlen(roots[k])] == '\0'))
            return true;
    return false;
}

/* The reason instance I keeps excluding NAME from the descriptor, or
 * NULL. */
static const char *desc_conf_excluded(const struct plan_instance *i, const char *name)
{
    for (size_t e = 0; e < i->set.nexcluded; e++)
        if (strcmp(i->set.excluded[e].file, name) == 0 &&
            strncmp(i->set.excluded[e].reason, "scheme.conf", 11) == 0)
            return i->set.excluded[e].reason;
    return NULL;
}

/* Add the source of command C to the new sources of I (NI); why not in
 * WHY. */
static int desc_add(const struct plan *p, const struct plan_instance *i, const struct bd_command *c,
                    struct plan_source_set *ni, struct strlist *why)
{
    char *full = desc_path(i->folder, c->source), *real = realpath(full, NULL);
    bool inside = c->source[0] != '/' && strncmp(c->source, "../", 3) != 0;
    const char *excluded = NULL;
    struct plan_source *s = NULL;
    int rc = 0;

    if (real == NULL || !desc_in_tree(&p->tree, real)) {
        strlist_addf(why, "it compiles %s, %s", c->source,
                     real == NULL ? "which the package does not hold" : "out of the package");
        rc = -1;
    } else if ((excluded = desc_conf_excluded(i, c->source)) != NULL) {
        plan_add_excluded(ni, c->source, excluded);
    } else if (inside) {
        char *path = xasprintf("%s/src/%s", i->build, c->source);

        s = plan_add_source(ni, c->source, path, c->source);
        free(path);
    } else {
        const char *name = strncmp(real, p->package, strlen(p->package)) == 0
                               ? real + strlen(p->package) + 1
                               : real;
        char *obj = xasprintf("+shared/%s", name);

        s = plan_add_source(ni, name, real, obj);
        free(obj);
    }
    for (size_t f = 0; s != NULL && f < c->flags.n; f++) {
        char *w = desc_flag(&p->tree, i->folder, c->flags.v[f]);

        if (w != NULL)
            strlist_add(&s->flags, w);
        free(w);
    }
    free(real);
    free(full);
    return rc;
}

/* Move the new sources of NI into I, every former source not among them
 * noted as not in target T; the include folders shown become the
 * target's, in order. */
static void desc_take(struct plan_instance *i, struct plan_source_set *ni,
                      const struct bd_target *t)
{
    char *reason = xasprintf("not in %s target %s", t->file, t->name);

    for (size_t k = 0; k < i->set.nsources; k++) {
        bool kept = false;

        for (size_t n = 0; n < ni->nsources && !kept; n++)
            kept = strcmp(ni->sources[n].name, i->set.sources[k].name) == 0;
        for (size_t n = 0; n < ni->nexcluded && !kept; n++)
            kept = strcmp(ni->excluded[n].file, i->set.sources[k].name) == 0;
        if (!kept && strncmp(i->set.sources[k].obj, "+shared/", 8) != 0)
            plan_add_excluded(ni, i->set.sources[k].name, reason);
    }
    free(reason);
    for (size_t e = 0; e < i->set.nexcluded; e++) {
        bool kept = false;

        for (size_t n = 0; n < ni->nexcluded && !kept; n++)
            kept = strcmp(ni->excluded[n].file, i->set.excluded[e].file) == 0;
        if (!kept)
            plan_add_excluded(ni, i->set.excluded[e].file, i->set.excluded[e].reason);
    }
    plan_clear_sources(&i->set);
    i->set.sources = ni->sources, i->set.nsources = ni->nsources;
    i->set.excluded = ni->excluded, i->set.nexcluded = ni->nexcluded;
    strlist_free(&i->set.incdirs);
    for (size_t k = 0; k < i->set.nsources; k++)
        for (size_t f = 0; f < i->set.sources[k].flags.n; f++)
            if (strncmp(i->set.sources[k].flags.v[f], "-I", 2) == 0 &&
                !strlist_has(&i->set.incdirs, i->set.sources[k].flags.v[f] + 2))
                strlist_add(&i->set.incdirs, i->set.sources[k].flags.v[f] + 2);
}

/* Drop the notes of I about shared files taken from elsewhere: the build
 * file says what is compiled. */
static void desc_drop_shared_notes(struct plan_instance *i)
{
    struct strlist kept = {0};

    for (size_t k = 0; k < i->set.notes.n; k++)
        if (strstr(i->set.notes.v[k], " (the instance folder has none)") == NULL)
            strlist_add(&kept, i->set.notes.v[k]);
    strlist_free(&i->set.notes);
    i->set.notes = kept;
    strlist_free(&i->set.shared_incdirs);
}

/* qsort order of sources: by name. */
static int desc_source_cmp(const void *a, const void *b)
{
    return strcmp(((const struct plan_source *)a)->name, ((const struct plan_source *)b)->name);
}

/* Make target T the sources of I; -1 with the reason in WHY when it
 * cannot be (a file missing, or out of the package). */
static int desc_apply(const struct plan *p, struct plan_instance *i, const struct bd_target *t,
                      struct strlist *why)
{
    struct plan_source_set ni = {0};
    struct strlist seen = {0};
    int rc = 0;

    for (size_t c = 0; c < t->n && rc == 0; c++) {
        if (strlist_has(&seen, t->cmds[c].source))
            continue;
        strlist_add(&seen, t->cmds[c].source);
        rc = desc_add(p, i, &t->cmds[c], &ni, why);
        if (i->set.std == NULL && t->cmds[c].std != NULL)
            i->set.std = xstrdup(t->cmds[c].std);
    }
    strlist_free(&seen);
    if (rc != 0 || ni.nsources == 0) {
        plan_clear_sources(&ni);
        free(i->set.std);
        i->set.std = NULL;
        return -1;
    }
    qsort(ni.sources, ni.nsources, sizeof *ni.sources, desc_source_cmp);
    i->other = plan_copy_sources(&i->set);
    i->other->described = xstrdup("autodetected: every .c but programs");
    free(i->other->std);
    i->other->std = NULL;
    desc_take(i, &ni, t);
    desc_drop_shared_notes(i);
    i->set.from_build_file = true;
    return 0;
}

/* What instance I's plan comes from, after reading BUILD_FILES (the
 * choice T, NOTES on the way). */
static void desc_describe(const struct plan *p, struct plan_instance *i,
                          const struct strlist *build_files, const struct bd_target *t,
                          const struct strlist *notes)
{
    struct strlist why = {0};
    char *all;

    free(i->set.described);
    if (build_files->n == 0) {
        i->set.described = xstrdup("no build file: every .c but programs");
    } else if (t->name != NULL && desc_apply(p, i, t, &why) == 0) {
        i->set.described = xasprintf("sources, -I and -D from %s, target %s", t->file, t->name);
    } else {
        if (t->name != NULL)
            strlist_addf(&why, "%s target %s: %s", t->file, t->name, "unusable");
        strlist_extend(&why, notes);
        all = strlist_join(build_files, ", ");
        strlist_addf(&why, "no target of %s compiles the ICCS API with the KAT driver", all);
        free(all);
        all = strlist_join(&why, "; ");
        i->set.described = xasprintf("%s: every .c but programs", all);
        free(all);
    }
    strlist_free(&why);
}

/* Read the build description of instance I of P. */
static int desc_instance(struct plan *p, struct plan_instance *i, const char *cc, double seconds)
{
    struct plan_tree tree = {.root = xstrdup(p->tree.root),
                             .also = p->tree.also != NULL ? xstrdup(p->tree.also) : NULL};
    struct strlist files = {0}, build_files = {0}, notes = {0};
    struct bd_target t = {0};
    int rc = 0;

    plan_list_files(&tree, i->folder, "", &files);
    bd_find(i->folder, &files, &build_files);
    if (build_files.n > 0 && file_mkdirs(i->build) == 0)
        rc = desc_read(i, &files, &build_files, cc, seconds, &t, &notes);
    if (rc == 0 && !tree.interrupted) {
        desc_describe(p, i, &build_files, &t, &notes);
        /* a package without build files builds as it always did: the plan says so */
        if (build_files.n > 0)
            plan_say("%s: %s", i->name, i->set.described);
    }
    bd_target_free(&t);
    strlist_free(&notes);
    strlist_free(&build_files);
    strlist_free(&files);
    rc |= tree.interrupted ? -1 : 0;
    plan_tree_free(&tree);
    return rc;
}

/* Read the build descriptions of the instances of P. */
int plan_read_build_files(struct plan *p, const char *cc, double seconds)
{
    for (size_t x = 0; x < p->n; x++)
        if (desc_instance(p, &p->inst[x], cc, seconds) != 0)
            return -1;
    return 0;
}

/* Note on each instance of P that its build files were not read. */
void plan_skip_build_files(struct plan *p)
{
    for (size_t x = 0; x < p->n; x++) {
        free(p->inst[x].set.described);
        p->inst[x].set.described =
            xstrdup("build files not read (--no-build-files): every .c but programs");
    }
}
