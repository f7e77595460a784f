/* cmd.h - the iccsprof subcommand table and the helpers every command uses. */
#ifndef ICCSPROF_CMD_H
#define ICCSPROF_CMD_H

#include <stdio.h>

/* Exit statuses shared by every subcommand. */
enum {
    EXIT_OK = 0,   /* success */
    EXIT_FAIL = 1, /* the job ran but something it checks failed */
    EXIT_USAGE = 2 /* bad option, unreadable input or unwritable output */
};

struct cmd_entry {
    const char *name;
    const char *usage; /* arguments after the name, for help and errors */
    const char *summary;
    int (*exec)(int argc, char **argv); /* argv[0] is the command name */
};

extern const struct cmd_entry cmd_audit_entry;
extern const struct cmd_entry cmd_buildinfo_entry;
extern const struct cmd_entry cmd_compare_entry;
extern const struct cmd_entry cmd_report_entry;
extern const struct cmd_entry cmd_help_entry;
extern const struct cmd_entry cmd_run_entry;
extern const struct cmd_entry cmd_version_entry;

/* Find a command by its exact name; NULL and a message when unknown. */
const struct cmd_entry *cmd_find(const char *name);

/* Print every command with its usage, for `iccsprof help`. */
void cmd_print_usage(FILE *out);

/* Report an error as "iccsprof: MESSAGE" on stderr. */
void cmd_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Report a usage error for ENTRY and return EXIT_USAGE. */
int cmd_usage_error(const struct cmd_entry *entry, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
