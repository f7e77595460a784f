/* cmd.h - the iccsprof subcommand table, the option tables every command
 * declares, and the helpers every command uses. */
#ifndef ICCSPROF_CMD_H
#define ICCSPROF_CMD_H

#include <stdbool.h>
#include <stdio.h>

#include "util/message.h"

/* What an option's value is, so that one parser checks it for every
 * command and hands the command a value of the right type. */
enum cmd_opt_kind {
    CMD_OPT_FLAG,    /* no value */
    CMD_OPT_STRING,  /* any text; the command interprets it */
    CMD_OPT_UINT,    /* a whole decimal number in [lo, hi] */
    CMD_OPT_SECONDS, /* a finite number of seconds above 0 */
    CMD_OPT_CHOICE,  /* one of choices[]; the value is its index */
    CMD_OPT_PERCENT, /* a percentage in [lo, hi], its % sign optional */
};

/* One option of a command, declared once: the parser, --help and the
 * manual page all read it. */
struct cmd_option {
    const char *name; /* long name, without the dashes */
    char short_name;  /* 0 when there is none */
    enum cmd_opt_kind kind;
    bool optional_value;        /* --name alone is allowed (then the value is lo) */
    const char *metavar;        /* the value's name in help, e.g. "N" */
    const char *def;            /* default value, parsed as if given; NULL when none */
    const char *def_note;       /* the default in words when it is not one value */
    const char *help;           /* one line */
    unsigned long long lo, hi;  /* CMD_OPT_UINT's and CMD_OPT_PERCENT's range */
    const char *const *choices; /* CMD_OPT_CHOICE's NULL-terminated names */
};

/* The value of one option after parsing. */
struct cmd_value {
    unsigned given;         /* how many times it was given */
    const char *text;       /* its last value as written, or the default */
    unsigned long long num; /* CMD_OPT_UINT's number, CMD_OPT_CHOICE's index */
    double seconds;         /* CMD_OPT_SECONDS's number */
    double fraction;        /* CMD_OPT_PERCENT's percentage over 100 */
    const char **all;       /* every value given, in order (given of them) */
};

struct cmd_entry;

/* A command line parsed against a command's option table. */
struct cmd_args {
    const struct cmd_entry *entry;
    struct cmd_value *opt; /* one per row of entry->options, in its order */
    int argc;              /* the operands, options removed */
    char **argv;
    bool help; /* --help was asked for */
};

struct cmd_entry {
    const char *name;
    const char *operands;             /* what follows the options, for usage; "" when none */
    const char *summary;              /* one line, lower case, no full stop */
    const struct cmd_option *options; /* ends with a row whose name is NULL */
    bool hidden;                      /* used by the build rules, not listed for people */
    const char *quiet, *verbose;      /* what -q and -v do here; NULL: the usual words */
    int (*exec)(const struct cmd_args *args);
};

extern const struct cmd_entry cmd_audit_entry;
extern const struct cmd_entry cmd_campaign_entry;
extern const struct cmd_entry cmd_catalog_entry;
extern const struct cmd_entry cmd_compare_entry;
extern const struct cmd_entry cmd_report_entry;
extern const struct cmd_entry cmd_help_entry;
extern const struct cmd_entry cmd_host_entry;
extern const struct cmd_entry cmd_kat_entry;
extern const struct cmd_entry cmd_plan_entry;
extern const struct cmd_entry cmd_profile_entry;
extern const struct cmd_entry cmd_run_entry;
extern const struct cmd_entry cmd_site_entry;
extern const struct cmd_entry cmd_version_entry;
extern const struct cmd_entry cmd_whatif_entry;

/* What -q and -v mean for a command that says nothing of its own. */
#define CMD_QUIET_HELP "print results and errors only: no progress, no notes"
#define CMD_VERBOSE_HELP "also say what is being done"

/* Every command, NULL-terminated, in the order help lists them. */
extern const struct cmd_entry *const cmd_table[];

/* The name among the N NAMES closest to WORD by edit distance, when it is
 * close enough to be a slip of the fingers; NULL otherwise. */
const char *cmd_closest(const char *word, const char *const *names, size_t n);

/* Find a command by its exact name; NULL and a message (with the closest
 * name when one is near) when unknown. */
const struct cmd_entry *cmd_find(const char *name);

/* The command whose name is closest to NAME by edit distance, when it is
 * close enough to be a slip of the fingers; NULL otherwise. */
const struct cmd_entry *cmd_suggest(const char *name);

/* Parse ARGV (ARGV[0] is the command name) against ENTRY's options into
 * ARGS; EXIT_OK, or EXIT_USAGE after a usage error. */
int cmd_parse(const struct cmd_entry *entry, int argc, char **argv, struct cmd_args *args);

/* Parse TEXT as a percentage in [LO, HI], "1" or "1%", into *OUT over
 * 100; a leading sign or space is refused, as for whole numbers. */
bool cmd_parse_percent(const char *text, unsigned long long lo, unsigned long long hi, double *out);

/* Release what cmd_parse allocated. */
void cmd_args_free(struct cmd_args *args);

/* Print the list of commands, for `iccsprof help`. */
void cmd_print_commands(FILE *out);

/* Print ENTRY's usage and every option with its default, for --help. */
void cmd_print_help(const struct cmd_entry *entry, FILE *out);

/* Print the manual page iccsprof(1) in roff, from the same tables. */
void cmd_print_man(FILE *out);

/* Print the manual page iccsprof-NAME(1) of command ENTRY in roff: its
 * synopsis, summary, options and exit status. */
void cmd_print_man_command(const struct cmd_entry *entry, FILE *out);

/* Print the bash completion script, from the same tables. */
void cmd_print_bash_completion(FILE *out);

/* Report a usage error for ENTRY, one line and where to find help, and
 * return EXIT_USAGE. */
int cmd_usage_error(const struct cmd_entry *entry, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
