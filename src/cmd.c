/* cmd.c - the table of subcommands and their lookup. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"

static const struct cmd_entry *const cmd_table[] = {
    &cmd_audit_entry,  &cmd_buildinfo_entry, &cmd_compare_entry, &cmd_help_entry,
    &cmd_report_entry, &cmd_run_entry,       &cmd_version_entry, NULL,
};

/* Find a command by its exact name; NULL and a message when unknown. */
const struct cmd_entry *cmd_find(const char *name)
{
    for (const struct cmd_entry *const *e = cmd_table; *e != NULL; e++)
        if (strcmp((*e)->name, name) == 0)
            return *e;
    cmd_error("unknown command: %s (try 'iccsprof help')", name);
    return NULL;
}

/* Print every command with its usage, for `iccsprof help`. */
void cmd_print_usage(FILE *out)
{
    fprintf(out, "usage: iccsprof COMMAND [ARGS]\n\ncommands:\n");
    for (const struct cmd_entry *const *e = cmd_table; *e != NULL; e++)
        fprintf(out, "  %-8s %s\n           %s\n", (*e)->name, (*e)->usage, (*e)->summary);
}

/* Report an error as "iccsprof: MESSAGE" on stderr. */
void cmd_error(const char *fmt, ...)
{
    va_list ap;

    fputs("iccsprof: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* Report a usage error for ENTRY and return EXIT_USAGE. */
int cmd_usage_error(const struct cmd_entry *entry, const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "iccsprof %s: ", entry->name);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nusage: iccsprof %s %s\n", entry->name, entry->usage);
    return EXIT_USAGE;
}
