/* builddesc-make.c - a Makefile's targets and what each compiles: its
 * data base (make -p, asking for a goal that does not exist, so that no
 * recipe runs) names the default goal and the targets; a dry run (make
 * -n -B -w) of each prints the compiler lines, recursive makes
 * included. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "plan/builddesc.h"

/* The goal asked of make to print its data base and run nothing. */
#define MAKE_NO_GOAL ".iccsprof-no-such-goal"
/* Dry runs of one Makefile at most, the default goal's included. */
#define MAKE_MAX_TARGETS 24

/* Whether NAME may be a program or library target: not a special target,
 * a pattern, a file make only reads or an object. */
static bool make_candidate(const char *name)
{
    static const char *const skip[] = {".o", ".c", ".h", ".d", ".mk", ".in", ".txt", NULL};
    static const char *const names[] = {"Makefile",  "makefile",   "GNUmakefile",
                                        "clean",     "distclean",  "install",
                                        "uninstall", MAKE_NO_GOAL, NULL};
    size_t n = strlen(name);

    if (name[0] == '.' || name[0] == '\0' || strpbrk(name, "%$=() \t") != NULL)
        return false;
    for (int k = 0; skip[k] != NULL; k++)
        if (n >= strlen(skip[k]) && strcmp(name + n - strlen(skip[k]), skip[k]) == 0)
            return false;
    for (int k = 0; names[k] != NULL; k++)
        if (strcmp(name, names[k]) == 0)
            return false;
    return true;
}

/* Read make's data base TEXT: the default goal into *GOAL, the targets
 * into TARGETS. */
static void make_database(const char *text, char **goal, struct strlist *targets)
{
    bool files = false, not_target = false;

    *goal = NULL;
    for (const char *p = text; *p != '\0';) {
        size_t len = strcspn(p, "\n");
        char *line = strndup(p, len);
        size_t colon = strcspn(line, ":");

        if (strncmp(line, ".DEFAULT_GOAL := ", 17) == 0 && *goal == NULL)
            *goal = xstrdup(line + 17);
        else if (strcmp(line, "# Files") == 0)
            files = true;
        else if (strncmp(line, "# files hash-table stats", 24) == 0)
            files = false;
        if (files && line[0] != '#' && line[0] != '\t' && line[colon] == ':' &&
            line[colon + 1] != '=' && !not_target) {
            line[colon] = '\0';
            if (make_candidate(line) && !strlist_has(targets, line))
                strlist_add(targets, line);
        }
        not_target = strcmp(line, "# Not a target:") == 0;
        free(line);
        p += len + (p[len] == '\n');
    }
}

/* Order TARGETS for trying: GOAL first, then names holding "kat" (the KAT
 * program), then the rest in name order; at most MAKE_MAX_TARGETS. */
static void make_order(const char *goal, struct strlist *targets)
{
    struct strlist ordered = {0};

    strlist_sort(targets);
    if (goal != NULL)
        strlist_add(&ordered, goal);
    for (int pass = 0; pass < 2; pass++)
        for (size_t k = 0; k < targets->n; k++) {
            bool kat = strcasestr(targets->v[k], "kat") != NULL;

            if (kat == (pass == 0) && !strlist_has(&ordered, targets->v[k]) &&
                ordered.n < MAKE_MAX_TARGETS)
                strlist_add(&ordered, targets->v[k]);
        }
    strlist_free(targets);
    *targets = ordered;
}

/* The make command for FILE's base name BASE: its data base (GOAL NULL)
 * or a dry run of GOAL. */
static void make_argv(const char *base, const char *goal, struct strlist *argv)
{
    strlist_add(argv, "make");
    strlist_add(argv, "-f");
    strlist_add(argv, base);
    if (goal == NULL) {
        strlist_add(argv, "-p");
        strlist_add(argv, "-q");
        strlist_add(argv, "-n");
        strlist_add(argv, MAKE_NO_GOAL);
    } else {
        strlist_add(argv, "-n");
        strlist_add(argv, "-B");
        strlist_add(argv, "-w");
        strlist_add(argv, goal);
    }
}

/* Dry-run GOAL of the Makefile FILE (in folder DIR of the copy ROOT)
 * into T; false, with a note, when make fails. */
static bool make_dry_run(struct bd_run *r, const char *file, const char *root, const char *dir,
                         const char *goal, struct bd_target *t)
{
    struct strlist argv = {0};
    const char *base = strrchr(file, '/') != NULL ? strrchr(file, '/') + 1 : file;
    char *out, *why;
    bool ok;

    make_argv(base, goal, &argv);
    ok = bd_run_tool(r, &argv, dir, &out, &why) == 0;
    if (ok) {
        t->file = xstrdup(file);
        t->name = xstrdup(goal);
        bd_parse_dry_run(out, root, dir, t);
    } else if (!r->interrupted) {
        strlist_addf(&r->notes, "%s: make -n %s failed (%s)", file, goal, why);
    }
    free(out);
    free(why);
    strlist_free(&argv);
    return ok;
}

/* The targets of the Makefile FILE. */
void bd_make(struct bd_run *r, const char *file, bool (*want)(const struct bd_target *, void *),
             void *arg, struct bd_targets *out)
{
    char *root = xasprintf("%s/tree", r->scratch), *rel = xstrdup(file), *slash = strrchr(rel, '/');
    char *dir = slash != NULL ? (*slash = '\0', xasprintf("%s/%s", root, rel)) : xstrdup(root);
    struct strlist argv = {0}, targets = {0};
    char *db = NULL, *why = NULL, *goal = NULL;

    make_argv(slash != NULL ? slash + 1 : file, NULL, &argv);
    /* asked for a goal that does not exist, make exits 2 but prints its
     * data base: only a run that a limit or a signal stopped is a failure */
    if (bd_run_tool(r, &argv, dir, &db, &why) == -2) {
        strlist_addf(&r->notes, "%s: reading its targets (make -p) %s", file, why);
    } else {
        make_database(db, &goal, &targets);
        make_order(goal, &targets);
        if (targets.n == 0 && !r->interrupted)
            strlist_addf(&r->notes, "%s: no target", file);
    }
    for (size_t k = 0; k < targets.n && !r->interrupted; k++) {
        struct bd_target t = {0};
        bool found;

        if (!make_dry_run(r, file, root, dir, targets.v[k], &t))
            continue;
        out->v = realloc(out->v, (out->n + 1) * sizeof *out->v);
        if (out->v == NULL)
            abort();
        out->v[out->n++] = t;
        found = want(&t, arg);
        if (found)
            break;
    }
    strlist_free(&targets);
    strlist_free(&argv);
    free(goal);
    free(db);
    free(why);
    free(dir);
    free(rel);
    free(root);
}
