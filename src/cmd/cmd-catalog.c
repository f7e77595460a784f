/* cmd-catalog.c - `iccsprof catalog [--category C] [PATTERN]`: the
 * official list of submissions the tool finds packages by, so that a user
 * can see which id names which package and which archive it expects. */
#include "config.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/catalog.h"
#include "cmd/cmd.h"

enum { CATALOG_OPT_CATEGORY };

static const struct cmd_option catalog_options[] = {
    [CATALOG_OPT_CATEGORY] = {.name = "category",
                              .kind = CMD_OPT_CHOICE,
                              .choices = catalog_categories,
                              .def_note = "every category",
                              .help = "list only the submissions of one category: sign, kem, "
                                      "kex or hash"},
    {.name = NULL}};

/* Whether E matches PATTERN: a shell pattern when it has one of * ? [,
 * else a part of its id, name or folder, letter case aside. */
static bool catalog_matches(const struct catalog_entry *e, const char *pattern)
{
    const char *fields[3] = {e->id, e->name, e->folder};
    bool glob = strpbrk(pattern, "*?[") != NULL;

    for (int k = 0; k < 3; k++)
        if (glob ? fnmatch(pattern, fields[k], FNM_CASEFOLD) == 0
                 : strcasestr(fields[k], pattern) != NULL)
            return true;
    return false;
}

/* Print the submissions of C that the options select, the folders in a
 * column as wide as the longest; 0 when one was printed. */
static int catalog_print(const struct catalog *c, const char *category, const char *pattern)
{
    int width = 0, printed = 0;
    bool *sel = calloc(c->n + 1, sizeof *sel);

    if (sel == NULL)
        abort();
    for (size_t k = 0; k < c->n; k++) {
        sel[k] = (category == NULL || strcmp(c->v[k].category, category) == 0) &&
                 (pattern == NULL || catalog_matches(&c->v[k], pattern));
        if (sel[k] && (int)strlen(c->v[k].folder) > width)
            width = (int)strlen(c->v[k].folder);
    }
    for (size_t k = 0; k < c->n; k++) {
        if (!sel[k])
            continue;
        printed++;
        if (cmd_verbosity == CMD_VERBOSE)
            printf("%-8s  %-*s  %s  %s\n", c->v[k].id, width, c->v[k].folder, c->v[k].sha256,
                   c->v[k].name);
        else
            printf("%-8s  %-*s  %s\n", c->v[k].id, width, c->v[k].folder, c->v[k].name);
    }
    free(sel);
    return printed > 0 ? 0 : -1;
}

/* List the catalog. */
static int cmd_catalog_exec(const struct cmd_args *args)
{
    const char *category = args->opt[CATALOG_OPT_CATEGORY].given > 0
                               ? catalog_categories[args->opt[CATALOG_OPT_CATEGORY].num]
                               : NULL;
    const char *pattern = args->argc > 0 ? args->argv[0] : NULL;
    struct catalog c;
    char *why;
    int rc = EXIT_OK;

    if (args->argc > 1)
        return cmd_usage_error(&cmd_catalog_entry, "one pattern at most: %s", args->argv[1]);
    if (catalog_load(&c, &why) != 0) {
        cmd_error("%s", why);
        free(why);
        return EXIT_USAGE;
    }
    if (catalog_print(&c, category, pattern) != 0) {
        cmd_error("no submission%s%s matches %s", category != NULL ? " of category " : "",
                  category != NULL ? category : "", pattern != NULL ? pattern : "");
        rc = EXIT_FAIL;
    }
    catalog_free(&c);
    return rc;
}

const struct cmd_entry cmd_catalog_entry = {
    .name = "catalog",
    .operands = "[PATTERN]",
    .summary = "list the official submissions (" CATALOG_VERSION
               "): id, the folder its archive unpacks to, official name",
    .options = catalog_options,
    .exec = cmd_catalog_exec,
    .verbose = "also print the SHA-256 of each official archive, before the name",
};
