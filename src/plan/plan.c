/* plan.c - the build plan of a scheme package, from the options, the
 * descriptor and the package's files, as a pipeline of stages: name the
 * scheme, locate the package and its descriptor, find the instances
 * (plan-instances.c), list each one's files (plan-files.c), check what
 * the descriptor says against them.  Nothing is written: the build
 * (build.c) makes the folders the plan names, and the build files are
 * read once it holds their lock (plan-desc.c). */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/build-jobs.h"
#include "plan/plan-stages.h"
#include "plan/catalog.h"
#include "paths.h"

/* The folders of SCHEMES_DIR that are schemes, as " a b c". */
static char *plan_tree_schemes(const char *schemes_dir)
{
    struct strlist dirs = {0}, known = {0};
    DIR *d = opendir(schemes_dir);
    struct dirent *e;
    char *all;

    while (d != NULL && (e = readdir(d)) != NULL) {
        char *path = xasprintf("%s/%s", schemes_dir, e->d_name);

        if (e->d_name[0] != '.' && strcmp(e->d_name, "iccs") != 0 && plan_is_dir(path))
            strlist_add(&dirs, e->d_name);
        free(path);
    }
    if (d != NULL)
        closedir(d);
    strlist_sort(&dirs);
    for (size_t i = 0; i < dirs.n; i++)
        strlist_addf(&known, " %s", dirs.v[i]);
    all = known.n > 0 ? strlist_join(&known, "") : xstrdup(" none");
    strlist_free(&known);
    strlist_free(&dirs);
    return all;
}

/* The package folder of O for scheme ID, newly allocated; NULL with a
 * message. */
static char *plan_package_folder(const struct plan_options *o, const char *id)
{
    char *pkg, *known;

    if (o->package != NULL) {
        if (plan_is_dir(o->package))
            return xstrdup(o->package);
        plan_say("%s: not a folder", o->package);
        return NULL;
    }
    if (o->schemes_dir == NULL)
        return xstrdup(".");
    pkg = xasprintf("%s/%s", o->schemes_dir, id);
    if (plan_is_dir(pkg))
        return pkg;
    known = plan_tree_schemes(o->schemes_dir);
    plan_say("no scheme '%s': %s%s%s is not a folder (in the tree:%s; or give the package folder: "
             "SCHEME_DIR=/path/to/package)",
             id, o->looked != NULL ? o->looked : "", o->looked != NULL ? ", and " : "", pkg, known);
    free(known);
    free(pkg);
    return NULL;
}

/* The descriptor O names or the package P holds, newly allocated, or
 * NULL when there is none; *BAD set after a message. */
static char *plan_descriptor(const struct plan_options *o, const struct plan *p, bool *bad)
{
    char *conf;

    *bad = false;
    if (o->conf != NULL) {
        if (access(o->conf, R_OK) != 0 || plan_is_dir(o->conf)) {
            plan_say("--conf %s: no such readable file", o->conf);
            *bad = true;
            return NULL;
        }
        return xstrdup(o->conf);
    }
    if (o->schemes_dir != NULL) {
        conf = xasprintf("%s/%s/scheme.conf", o->schemes_dir, p->scheme);
        if (access(conf, R_OK) == 0)
            return conf;
        free(conf);
    }
    conf = xasprintf("%s/scheme.conf", p->package);
    if (access(conf, R_OK) == 0)
        return conf;
    free(conf);
    return NULL;
}

/* The absolute path of the file CONF, newly allocated. */
static char *plan_absolute(const char *conf)
{
    char *dir = xstrdup(conf), *slash = strrchr(dir, '/'), *real, *abs;

    if (slash != NULL)
        *slash = '\0';
    real = realpath(slash != NULL ? (dir[0] != '\0' ? dir : "/") : ".", NULL);
    abs = xasprintf("%s/%s", real != NULL ? real : dir, slash != NULL ? slash + 1 : conf);
    free(real);
    free(dir);
    return abs;
}

/* The real path of the schemes folder the package PKG (a real path) lies
 * directly in, when that is the tree's own (--schemes-dir SCHEMES, else
 * the source tree iccsprof was built from), newly allocated; else NULL.
 * Its schemes link to each other's files and to iccs/, which are then
 * the tool's own files, not links out of the package. */
static char *plan_own_schemes(const char *schemes, const char *pkg)
{
    char *own = realpath(schemes != NULL ? schemes : ICCSPROF_SCHEMESDIR, NULL);
    const char *slash = strrchr(pkg, '/');

    if (own != NULL && slash != NULL && (size_t)(slash - pkg) == strlen(own) &&
        strncmp(pkg, own, strlen(own)) == 0)
        return own;
    free(own);
    return NULL;
}

/* Find the package folder and the descriptor of O into P; -1 with a
 * message. */
static int plan_locate(const struct plan_options *o, struct plan *p)
{
    char *pkg = plan_package_folder(o, p->scheme), *conf;
    bool bad;

    if (pkg == NULL)
        return -1;
    if ((p->package = realpath(pkg, NULL)) == NULL) {
        plan_say("%s: %s", pkg, strerror(errno));
        free(pkg);
        return -1;
    }
    free(pkg);
    p->tree.root = xstrdup(p->package);
    /* the tree's own schemes share files with each other */
    if (o->package == NULL && o->schemes_dir != NULL)
        p->tree.also = realpath(o->schemes_dir, NULL);
    else if (o->package != NULL)
        p->tree.also = plan_own_schemes(o->schemes_dir, p->package);
    if ((conf = plan_descriptor(o, p, &bad)) != NULL) {
        p->descriptor = plan_absolute(conf);
        p->conf_hint = xstrdup(p->descriptor);
    } else if (o->schemes_dir != NULL) {
        char *real = realpath(o->schemes_dir, NULL);

        p->conf_hint =
            xasprintf("%s/%s/scheme.conf", real != NULL ? real : o->schemes_dir, p->scheme);
        free(real);
    } else {
        p->conf_hint = xstrdup("a descriptor given with --conf FILE");
    }
    free(conf);
    return bad ? -1 : 0;
}

/* The scheme id of O into P: --scheme, else the package folder's name. */
static int plan_name_scheme(const struct plan_options *o, struct plan *p)
{
    const char *pkg = o->package != NULL ? o->package : ".";
    const char *slash;
    char *real;

    if (o->scheme != NULL) {
        p->scheme = xstrdup(o->scheme);
        return 0;
    }
    if ((real = realpath(pkg, NULL)) == NULL) {
        plan_say("%s: %s", pkg, strerror(errno));
        return -1;
    }
    slash = strrchr(real, '/');
    p->scheme = plan_file_name(slash != NULL && slash[1] != '\0' ? slash + 1 : "scheme");
    free(real);
    return 0;
}

/* Read and check the descriptor of P into C (nothing when there is
 * none): its flags are those a descriptor may give, and no LTO; -1 with
 * a message. */
static int plan_read_conf(const struct plan *p, struct conf *c)
{
    if (p->descriptor == NULL)
        return 0;
    if (conf_read(p->descriptor, c) != 0)
        return -1;
    for (size_t l = 0; l < c->n; l++)
        if (strcmp(c->lines[l].key, "cflags") == 0) {
            char *where = xasprintf("%s:%ld", c->path, c->lines[l].lineno);
            int bad = plan_check_lto(where, c->lines[l].value) != 0 ||
                      plan_check_allowed(where, c->lines[l].value, p->package) != 0;

            free(where);
            if (bad)
                return -1;
        }
    return 0;
}

/* The value of the unscoped descriptor KEY, or NULL. */
static const char *plan_conf_value(const struct conf *c, const char *key)
{
    for (size_t l = 0; l < c->n; l++)
        if (strcmp(c->lines[l].key, key) == 0)
            return c->lines[l].value;
    return NULL;
}

/* The shared ICCS files anywhere in P's package, relative to it. */
static void plan_shared_files(struct plan *p, struct strlist *shared)
{
    struct strlist all = {0};

    plan_list_files(&p->tree, p->package, "", &all);
    for (size_t f = 0; f < all.n; f++)
        if (plan_is_shared_iccs(all.v[f]))
            strlist_add(shared, all.v[f]);
    strlist_free(&all);
}

/* Fill instance I (named by F) of plan P. */
static int plan_instance(const struct conf *c, const struct found *f, const struct strlist *shared,
                         struct plan *p, struct plan_instance *i, struct strlist *used)
{
    const char *alg = plan_conf_value(c, "algorithm"), *type = plan_conf_value(c, "type");

    i->name = xstrdup(f->name);
    i->folder = xstrdup(f->folder);
    i->named = xstrdup(f->named);
    i->build = xasprintf("%s/%s", p->build, f->name);
    i->set.described = xstrdup("no build file read: every .c but programs");
    if (alg != NULL) {
        i->algorithm = xstrdup(alg);
        i->algorithm_from = xstrdup("scheme.conf");
    } else if (p->official != NULL) {
        i->algorithm = xstrdup(p->official);
        i->algorithm_from = xasprintf("the catalog: %s", p->scheme);
    } else {
        plan_algorithm(p->package, f->folder, p->scheme, &i->algorithm, &i->algorithm_from);
    }
    i->type = xstrdup(type != NULL ? type : "");
    if (plan_files(p, c, i, used) != 0)
        return -1;
    plan_flags(c, p->package, i);
    if (plan_take_shared(&p->tree, p->package, shared, i) != 0)
        return -1;
    if (!i->conf_defines)
        plan_level_candidates(&p->tree, p->package, i, f->ai);
    return 0;
}

static void plan_instance_free(struct plan_instance *i);

/* Plan every instance of FOUND, keeping the SELECTED ones in P: the
 * others too are listed, so that an exclude line matching nothing
 * anywhere is caught; -1 with a message. */
static int plan_instances(const struct conf *c, const struct found_set *found,
                          const struct strlist *selected, struct plan *p, struct strlist *used)
{
    struct strlist shared = {0};
    int rc = 0;

    plan_shared_files(p, &shared);
    p->inst = xmalloc((found->n + 1) * sizeof *p->inst);
    memset(p->inst, 0, (found->n + 1) * sizeof *p->inst);
    for (size_t f = 0; f < found->n && rc == 0; f++) {
        struct plan_instance tmp = {0};
        bool sel = strlist_has(selected, found->v[f].name);

        rc = plan_instance(c, &found->v[f], &shared, p, sel ? &p->inst[p->n] : &tmp, used);
        if (sel)
            p->n++;
        else
            strlist_addf(&p->notes, "not selected by --instances: %s", found->v[f].name);
        plan_instance_free(&tmp);
    }
    strlist_free(&shared);
    return rc;
}

/* Check the plan P against the descriptor C (USED: the exclude lines
 * that matched): every exclude line matches something, every selected
 * instance has a source; -1 with a message. */
static int plan_check(const struct conf *c, const struct strlist *used, const struct plan *p)
{
    for (size_t l = 0; l < c->n; l++) {
        char num[32];

        snprintf(num, sizeof num, "%ld", c->lines[l].lineno);
        if (strcmp(c->lines[l].key, "exclude") == 0 && !strlist_has(used, num)) {
            plan_say("%s:%ld: exclude = %s matches no source of any instance", c->path,
                     c->lines[l].lineno, c->lines[l].value);
            return -1;
        }
    }
    for (size_t i = 0; i < p->n; i++)
        if (p->inst[i].set.nsources == 0) {
            char *links = strlist_join(&p->inst[i].dangling, ", ");

            plan_say("instance %s: no source left to compile in %s%s%s", p->inst[i].name,
                     p->inst[i].folder, links[0] != '\0' ? "; links that point nowhere: " : "",
                     links);
            free(links);
            return -1;
        }
    return 0;
}

/* When P's package was not known to the catalog by id, name or SHA-256,
 * but ALG, the algorithm the planner names its instances after (the
 * folder above Implementations), is a submission's name or folder: take
 * that submission's id (P's build folder under BUILDDIR following) and
 * official name, and judge P's archive against it. */
static void plan_by_algorithm(struct plan *p, const char *alg, const char *builddir)
{
    const struct catalog_entry *e;
    struct catalog c;
    char *why;

    if (catalog_load(&c, &why) != 0) {
        free(why);
        return;
    }
    if ((e = catalog_find(&c, alg)) != NULL) {
        free(p->scheme);
        p->scheme = xstrdup(e->id);
        free(p->build);
        p->build = xasprintf("%s/%s", builddir, e->id);
        p->official = xstrdup(e->name);
        if (p->archive != NULL) {
            free(p->archive_verdict);
            p->archive_verdict = catalog_verdict(e, p->archive_sha256, &p->archive_official);
        }
    }
    catalog_free(&c);
}

/* Look the catalog up by the algorithm the instances FOUND of P are named
 * after, unless the descriptor C names it: the same for all of them. */
static void plan_catalog_name(const struct conf *c, const struct found_set *found, struct plan *p,
                              const char *builddir)
{
    char *alg = NULL, *from;
    bool same = found->n > 0;

    if (plan_conf_value(c, "algorithm") != NULL)
        return;
    for (size_t f = 0; f < found->n && same; f++) {
        char *a;

        plan_algorithm(p->package, found->v[f].folder, p->scheme, &a, &from);
        free(from);
        if (alg == NULL)
            alg = a;
        else {
            same = strcmp(alg, a) == 0;
            free(a);
        }
    }
    if (same)
        plan_by_algorithm(p, alg, builddir);
    free(alg);
}

/* What O says of the submission and the archive it came from, into P. */
static void plan_take_source(const struct plan_options *o, struct plan *p)
{
    p->official = o->official != NULL ? xstrdup(o->official) : NULL;
    if (o->archive == NULL)
        return;
    p->archive = xstrdup(o->archive);
    p->archive_sha256 = xstrdup(o->archive_sha256);
    p->archive_verdict = xstrdup(o->archive_verdict);
    p->archive_official = o->archive_official;
}

/* Make the plan from O into P, which may be left half made on failure. */
static int plan_fill(const struct plan_options *o, struct plan *p)
{
    struct conf c = {0};
    struct found_set found = {0};
    struct strlist used = {0}, selected = {0};
    int rc;

    memset(p, 0, sizeof *p);
    if (plan_check_options(o) != 0)
        return -1;
    p->impl = xstrdup(o->impl != NULL ? o->impl : "reference");
    if (plan_name_scheme(o, p) != 0 || plan_locate(o, p) != 0)
        return -1;
    p->build = xasprintf("%s/%s", o->builddir, p->scheme);
    plan_take_source(o, p);
    rc = plan_read_conf(p, &c);
    if (rc == 0)
        rc = plan_find_instances(&c, p, &found);
    if (rc == 0)
        rc = plan_check_scopes(&c, &found);
    /* the catalog by the algorithm's name, where nothing else named it */
    if (rc == 0 && p->official == NULL && (o->scheme == NULL || o->provisional))
        plan_catalog_name(&c, &found, p, o->builddir);
    if (rc == 0)
        rc = plan_select(o->instances, &found, &selected);
    if (rc == 0)
        rc = plan_instances(&c, &found, &selected, p, &used);
    if (rc == 0 && !p->tree.interrupted)
        rc = plan_check(&c, &used, p);
    plan_found_free(&found);
    strlist_free(&used);
    strlist_free(&selected);
    conf_free(&c);
    return rc != 0 || p->tree.interrupted || jobs_interrupted() != 0 ? -1 : 0;
}

/* Make the plan from O; on failure nothing of P is left allocated. */
int plan_make(const struct plan_options *o, struct plan *p)
{
    if (plan_fill(o, p) == 0)
        return 0;
    plan_free(p);
    return -1;
}

/* Free one instance of a plan. */
static void plan_instance_free(struct plan_instance *i)
{
    free(i->name);
    free(i->folder);
    free(i->named);
    free(i->algorithm);
    free(i->algorithm_from);
    free(i->type);
    free(i->lenient);
    free(i->build);
    plan_free_source_set(&i->set);
    strlist_free(&i->headers);
    strlist_free(&i->conf_flags);
    strlist_free(&i->levels);
    strlist_free(&i->level_from);
    strlist_free(&i->dangling);
    if (i->other != NULL) {
        plan_free_source_set(i->other);
        free(i->other);
    }
    memset(i, 0, sizeof *i);
}

/* Free a plan. */
void plan_free(struct plan *p)
{
    for (size_t i = 0; i < p->n; i++)
        plan_instance_free(&p->inst[i]);
    free(p->inst);
    free(p->scheme);
    free(p->package);
    free(p->descriptor);
    free(p->impl);
    free(p->conf_hint);
    free(p->build);
    free(p->official);
    free(p->archive);
    free(p->archive_sha256);
    free(p->archive_verdict);
    strlist_free(&p->notes);
    plan_tree_free(&p->tree);
    memset(p, 0, sizeof *p);
}
