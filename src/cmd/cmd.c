/* cmd.c - the table of subcommands, their lookup, and usage errors. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"

/* In the order a user meets them: profile a package, read and compare its
 * records; then what a harder case needs (the build plan, the host, many
 * packages, the KAT gate), and the parts profile runs by itself. */
const struct cmd_entry *const cmd_table[] = {
    &cmd_profile_entry, &cmd_report_entry,   &cmd_compare_entry, &cmd_plan_entry,
    &cmd_catalog_entry, /* the official ids packages are found by */
    &cmd_host_entry,    &cmd_campaign_entry, &cmd_kat_entry,     &cmd_run_entry,
    &cmd_site_entry,   /* publishing campaigns' pages */
    &cmd_whatif_entry, /* another hash behind the helpers */
    &cmd_audit_entry,   &cmd_help_entry,     &cmd_version_entry, NULL,
};

/* Room for every command of the table. */
#define CMD_MAX_COMMANDS 32

/* The name among the N NAMES closest to WORD, within two edits (one for
 * words of three letters or fewer, where two edits make anything out of
 * anything); NULL when none is that close. */
const char *cmd_closest(const char *word, const char *const *names, size_t n)
{
    const char *best = NULL;
    size_t best_d = strlen(word) <= 3 ? 2 : 3;

    for (size_t i = 0; i < n; i++) {
        size_t d = cmd_distance(word, names[i]);

        if (d < best_d) {
            best = names[i];
            best_d = d;
        }
    }
    return best;
}

/* The closest listed command to NAME, when it is a slip of the fingers. */
const struct cmd_entry *cmd_suggest(const char *name)
{
    const char *names[CMD_MAX_COMMANDS] = {0};
    const struct cmd_entry *listed[CMD_MAX_COMMANDS];
    const char *best;
    size_t n = 0;

    for (const struct cmd_entry *const *e = cmd_table; *e != NULL && n < CMD_MAX_COMMANDS; e++)
        if (!(*e)->hidden) {
            listed[n] = *e;
            names[n++] = (*e)->name;
        }
    best = cmd_closest(name, names, n);
    for (size_t i = 0; i < n; i++)
        if (names[i] == best)
            return listed[i];
    return NULL;
}

/* Find a command by its exact name; NULL and a message when unknown. */
const struct cmd_entry *cmd_find(const char *name)
{
    const struct cmd_entry *near;

    for (const struct cmd_entry *const *e = cmd_table; *e != NULL; e++)
        if (strcmp((*e)->name, name) == 0)
            return *e;
    if ((near = cmd_suggest(name)) != NULL)
        cmd_error("unknown command: %s (did you mean '%s'?)", name, near->name);
    else
        cmd_error("unknown command: %s (try 'iccsprof help')", name);
    return NULL;
}

/* Report a usage error for ENTRY and return EXIT_USAGE. */
int cmd_usage_error(const struct cmd_entry *entry, const char *fmt, ...)
{
    va_list ap;
    int rc;

    va_start(ap, fmt);
    rc = usage_verror(entry->name, fmt, ap);
    va_end(ap);
    return rc;
}
