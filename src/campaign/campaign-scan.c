/* campaign-scan.c - the inputs of a campaign: scheme packages (built first)
 * and built scheme folders (one folder per instance holding build.json
 * and both libraries) found from folders and list files; the jobs of
 * each instance are campaign-jobs.c's. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "campaign/campaign.h"
#include "util/message.h"
#include "util/format.h"
#include "plan/plan.h"
#include "plan/plan-archive.h"

/* Whether PATH is a folder. */
static bool scan_is_dir(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Whether DIR/NAME/build.json exists: NAME is a built instance. */
static bool scan_is_instance(const char *dir, const char *name)
{
    char path[2 * PATH_MAX + 16];

    snprintf(path, sizeof path, "%s/%s/build.json", dir, name);
    return access(path, F_OK) == 0;
}

/* Order names naturally (-128 before -1024). */
static int scan_name_cmp(const void *a, const void *b)
{
    return fmt_natural_cmp(*(char *const *)a, *(char *const *)b);
}

/* The visible subfolders of DIR, naturally sorted, NULL-ended; NULL with
 * errno set when DIR cannot be read. */
static char **scan_subdirs(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL, path[2 * PATH_MAX];
    size_t n = 0;

    if (d == NULL)
        return NULL;
    names = calloc(1, sizeof *names);
    while ((e = readdir(d)) != NULL) {
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (e->d_name[0] == '.' || !scan_is_dir(path))
            continue;
        names = realloc(names, (n + 2) * sizeof *names);
        names[n++] = strdup(e->d_name);
        names[n] = NULL;
    }
    closedir(d);
    qsort(names, n, sizeof *names, scan_name_cmp);
    return names;
}

/* Free a NULL-ended list of strings. */
static void scan_free_list(char **list)
{
    for (size_t i = 0; list != NULL && list[i] != NULL; i++)
        free(list[i]);
    free(list);
}

/* The scheme id of a built scheme folder: its build.json's, else the
 * folder's name. */
static char *scan_scheme_id(const char *dir, const char *first_instance)
{
    char path[2 * PATH_MAX + 16];
    json_t *build;
    const char *id, *base = strrchr(dir, '/') != NULL ? strrchr(dir, '/') + 1 : dir;
    char *out;

    snprintf(path, sizeof path, "%s/%s/build.json", dir, first_instance);
    build = json_load_file(path, 0, NULL);
    id = json_string_value(json_object_get(build, "scheme"));
    out = strdup(id != NULL ? id : base);
    json_decref(build);
    return out;
}

/* Add the jobs of the built scheme folder DIR. */
static int scan_scheme(struct campaign *c, const char *dir, const char *self,
                       char *const *run_flags)
{
    char **names = scan_subdirs(dir), *id = NULL;
    int rc = 0;

    for (size_t i = 0; rc == 0 && names != NULL && names[i] != NULL; i++) {
        if (!scan_is_instance(dir, names[i]))
            continue;
        if (id == NULL)
            id = scan_scheme_id(dir, names[i]);
        rc = campaign_add_instance(c, id, dir, names[i], self, run_flags);
    }
    if (rc == 0 && id == NULL) {
        cmd_error("%s: no built instance (a folder holding build.json)", dir);
        rc = -1;
    }
    free(id);
    scan_free_list(names);
    return rc;
}

/* The names of implementation trees, of every kind. */
static const char *const scan_trees[] = {
    "Reference_Implementation",
    "Reference",
    "Optimized_Implementation",
    "Optimized",
    "Additional_Implementation",
    "Additional",
    NULL,
};

/* Why a folder among packages is none. */
static const char scan_neither[] = "neither a scheme package (no Reference_Implementation folder "
                                   "or the like, no scheme.conf) nor a built scheme";

/* What a campaign input folder is. */
enum scan_kind {
    SCAN_BUILT,   /* a built scheme: instance folders holding build.json */
    SCAN_PACKAGE, /* a scheme package: implementation trees, or a scheme.conf */
    SCAN_SPLIT,   /* implementation trees under several subfolders: a folder of packages */
    SCAN_FOLDER,  /* no trees: a folder of built schemes, or nothing */
};

/* The kind of the folder DIR, whose subfolders are NAMES.  A package is a
 * folder with a scheme.conf, or one whose implementation trees
 * (Reference_Implementation and the like, of any kind) lie in it or
 * under one subfolder alone; trees under several subfolders make a
 * folder of packages. */
static enum scan_kind scan_kind(const char *dir, char *const *names)
{
    struct strlist roots = {0};
    size_t len = strlen(dir), groups = 0;
    char conf[PATH_MAX + 16];
    enum scan_kind kind;

    for (size_t i = 0; names[i] != NULL; i++)
        if (scan_is_instance(dir, names[i]))
            return SCAN_BUILT;
    snprintf(conf, sizeof conf, "%s/scheme.conf", dir);
    if (access(conf, F_OK) == 0)
        return SCAN_PACKAGE;
    plan_find_roots(dir, scan_trees, &roots);
    for (size_t r = 0; r < roots.n; r++) {
        const char *rel = roots.v[r] + len + 1;
        size_t first = strcspn(rel, "/");

        if (rel[first] == '\0')
            groups = 1; /* a tree right in DIR */
        else if (r == 0 || strncmp(roots.v[r - 1] + len + 1, rel, first + 1) != 0)
            groups++;
        if (rel[first] == '\0')
            break;
    }
    kind = groups == 1 ? SCAN_PACKAGE : groups > 1 ? SCAN_SPLIT : SCAN_FOLDER;
    strlist_free(&roots);
    return kind;
}

/* The folders a campaign takes jobs from, in the order given: built
 * schemes, and packages (folders or archives) to build first. */
struct scan_items {
    struct strlist path;
    bool *package;
};

/* Add PATH, a package or a built scheme, to ITEMS. */
static void scan_take(struct scan_items *items, const char *path, bool package)
{
    strlist_add(&items->path, path);
    items->package = realloc(items->package, items->path.n * sizeof *items->package);
    items->package[items->path.n - 1] = package;
}

/* The kind of the folder PATH one level down, where trees under several
 * subfolders are one package's: SCAN_BUILT, SCAN_PACKAGE, or SCAN_FOLDER
 * for neither; -1 after a one-line error. */
static int scan_child(const char *path)
{
    char **names = scan_subdirs(path);
    enum scan_kind kind;

    if (names == NULL) {
        cmd_error("%s: %s", path, strerror(errno));
        return -1;
    }
    kind = scan_kind(path, names);
    scan_free_list(names);
    return kind == SCAN_SPLIT ? SCAN_PACKAGE : (int)kind;
}

/* Add the folders of PATH to ITEMS: PATH itself when it is a package or a
 * built scheme, else each of its subfolders that is one; the others (a
 * documentation folder, an unzipper's leftovers, a package laid out past
 * recognition) go to C's left-out list, said on PROGRESS, since one of
 * them must not stop a campaign over a hundred packages.  A folder with
 * nothing to measure in it is an error. */
static int scan_folder(struct scan_items *items, const char *path, struct campaign *c,
                       FILE *progress)
{
    char real[PATH_MAX], **names;
    struct strlist strays = {0};
    size_t taken = items->path.n;
    int rc = 0;

    if (realpath(path, real) == NULL || !scan_is_dir(real)) {
        cmd_error("%s: %s", path, realpath(path, real) == NULL ? strerror(errno) : "not a folder");
        return -1;
    }
    if ((names = scan_subdirs(real)) == NULL) {
        cmd_error("%s: %s", path, strerror(errno));
        return -1;
    }
    switch (scan_kind(real, names)) {
    case SCAN_BUILT:
        scan_take(items, real, false);
        break;
    case SCAN_PACKAGE:
        scan_take(items, real, true);
        break;
    case SCAN_SPLIT:
    case SCAN_FOLDER:
        for (size_t i = 0; rc == 0 && names[i] != NULL; i++) {
            char *sub = xasprintf("%s/%s", real, names[i]);
            int kind = scan_child(sub);

            if (kind < 0)
                rc = -1;
            else if (kind == SCAN_FOLDER)
                strlist_add(&strays, sub);
            else
                scan_take(items, sub, kind == SCAN_PACKAGE);
            free(sub);
        }
        if (rc == 0 && items->path.n == taken) {
            cmd_error("%s: %s, nor a folder of them", path, scan_neither);
            rc = -1;
        }
        for (size_t i = 0; rc == 0 && i < strays.n; i++) {
            strlist_addf(&c->left_out, "%s: %s", strays.v[i], scan_neither);
            fprintf(progress, "campaign: left out: %s: %s\n", strays.v[i], scan_neither);
        }
        break;
    }
    strlist_free(&strays);
    scan_free_list(names);
    return rc;
}

/* Add the folders a list file names, one a line ('#' starts a comment
 * line), to ITEMS; relative paths are relative to the list's folder. */
static int scan_list(struct scan_items *items, const char *list, struct campaign *c, FILE *progress)
{
    FILE *f = fopen(list, "r");
    char line[PATH_MAX], *slash = strrchr(list, '/');
    int rc = 0, lineno = 0;

    if (f == NULL) {
        cmd_error("%s: %s", list, strerror(errno));
        return -1;
    }
    while (rc == 0 && fgets(line, sizeof line, f) != NULL) {
        char *p = line + strspn(line, " \t"), *path;

        lineno++;
        p[strcspn(p, "\r\n")] = '\0';
        if (*p == '\0' || *p == '#')
            continue;
        path = *p == '/' || slash == NULL ? strdup(p)
                                          : xasprintf("%.*s/%s", (int)(slash - list), list, p);
        if (scan_folder(items, path, c, progress) != 0) {
            cmd_error("%s:%d: the folder named here cannot be used", list, lineno);
            rc = -1;
        }
        free(path);
    }
    fclose(f);
    return rc;
}

/* Add the jobs of every input: every folder is found and checked before
 * the first package is built. */
int campaign_scan(struct campaign *c, char *const *inputs, size_t ninputs,
                  const struct campaign_build *b, const char *self, char *const *run_flags)
{
    struct scan_items items = {{0}, NULL};
    int rc = 0;

    for (size_t i = 0; rc == 0 && i < ninputs; i++) {
        size_t stem;

        /* an archive as downloaded is a package, unpacked by its build */
        if (!scan_is_dir(inputs[i]) && archive_is_named(inputs[i], &stem))
            scan_take(&items, inputs[i], true);
        else
            rc = scan_is_dir(inputs[i]) ? scan_folder(&items, inputs[i], c, b->progress)
                                        : scan_list(&items, inputs[i], c, b->progress);
    }
    for (size_t i = 0; rc == 0 && i < items.path.n; i++)
        rc = items.package[i] ? b->build_package(c, items.path.v[i], b, self, run_flags)
                              : scan_scheme(c, items.path.v[i], self, run_flags);
    for (size_t i = 0; rc == 0 && i < c->n; i++)
        for (size_t k = 0; rc == 0 && k < i; k++)
            if (strcmp(c->jobs[i].record, c->jobs[k].record) == 0) {
                cmd_error("%s %s %s: given twice (from %s and %s)", c->jobs[i].id,
                          c->jobs[i].instance, c->jobs[i].op, c->jobs[k].build_info,
                          c->jobs[i].build_info);
                rc = -1;
            }
    strlist_free(&items.path);
    free(items.package);
    return rc;
}
