/* cmd-parse.c - the one option parser: any command's argv, read against
 * its option table, into typed values.  getopt_long does the scanning
 * (abbreviations, --name=value, "--", options after operands); this checks
 * each value once, by its kind, so every command reports a bad value the
 * same way. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"

/* getopt_long's codes for the table's rows start here, above any char. */
#define CMD_OPT_BASE 1000
/* --help, --quiet and --verbose, which every command takes without
 * declaring them. */
#define CMD_OPT_HELP 999
#define CMD_OPT_QUIET 998
#define CMD_OPT_VERBOSE 997
/* Their rows after the table's in getopt_long's table. */
#define CMD_BUILTINS 3

/* The longest a number of seconds may be (eleven days). */
#define CMD_MAX_SECONDS 1e6

/* Number of rows in a command's option table. */
static size_t cmd_noptions(const struct cmd_entry *entry)
{
    size_t n = 0;

    while (entry->options != NULL && entry->options[n].name != NULL)
        n++;
    return n;
}

/* Parse TEXT as a whole decimal number in [LO, HI]; a leading sign or
 * space is refused, as strtoull would quietly take it. */
static bool cmd_parse_uint(const char *text, unsigned long long lo, unsigned long long hi,
                           unsigned long long *out)
{
    char *end;

    if (!isdigit((unsigned char)text[0]))
        return false;
    errno = 0;
    *out = strtoull(text, &end, 10);
    return errno == 0 && *end == '\0' && *out >= lo && *out <= hi;
}

/* Parse TEXT as a positive, finite number of seconds. */
static bool cmd_parse_seconds(const char *text, double *out)
{
    char *end;

    errno = 0;
    *out = strtod(text, &end);
    return errno == 0 && end != text && *end == '\0' && isfinite(*out) && *out > 0 &&
           *out <= CMD_MAX_SECONDS;
}

/* Parse a percentage (cmd.h). */
bool cmd_parse_percent(const char *text, unsigned long long lo, unsigned long long hi, double *out)
{
    char *end;
    double p;

    if (!isdigit((unsigned char)text[0]))
        return false;
    errno = 0;
    p = strtod(text, &end);
    if (*end == '%')
        end++;
    *out = p / 100;
    return errno == 0 && *end == '\0' && p >= (double)lo && p <= (double)hi;
}

/* The index of TEXT among CHOICES, or -1. */
static long cmd_parse_choice(const char *text, const char *const *choices)
{
    for (long i = 0; choices[i] != NULL; i++)
        if (strcmp(choices[i], text) == 0)
            return i;
    return -1;
}

/* Name the choices of OPT in MESSAGE-ready form: "md, csv or json". */
static void cmd_choices_text(const struct cmd_option *opt, char *buf, size_t size)
{
    size_t used = 0;

    buf[0] = '\0';
    for (size_t i = 0; opt->choices[i] != NULL && used < size; i++) {
        const char *sep = i == 0 ? "" : opt->choices[i + 1] == NULL ? " or " : ", ";

        used += (size_t)snprintf(buf + used, size - used, "%s%s", sep, opt->choices[i]);
    }
}

/* Check TEXT as the value of OPT and store it in V; a usage error naming
 * the option otherwise. */
static int cmd_take_value(const struct cmd_entry *entry, const struct cmd_option *opt,
                          const char *text, struct cmd_value *v)
{
    char names[256];
    long choice;

    v->text = text;
    switch (opt->kind) {
    case CMD_OPT_FLAG:
    case CMD_OPT_STRING:
        return EXIT_OK;
    case CMD_OPT_UINT:
        if (cmd_parse_uint(text, opt->lo, opt->hi, &v->num))
            return EXIT_OK;
        return cmd_usage_error(entry, "--%s: '%s' is not a whole number from %llu to %llu",
                               opt->name, text, opt->lo, opt->hi);
    case CMD_OPT_SECONDS:
        if (cmd_parse_seconds(text, &v->seconds))
            return EXIT_OK;
        return cmd_usage_error(entry, "--%s: '%s' is not a number of seconds above 0", opt->name,
                               text);
    case CMD_OPT_PERCENT:
        if (cmd_parse_percent(text, opt->lo, opt->hi, &v->fraction))
            return EXIT_OK;
        return cmd_usage_error(entry, "--%s: '%s' is not a percentage from %llu to %llu", opt->name,
                               text, opt->lo, opt->hi);
    case CMD_OPT_CHOICE:
        if ((choice = cmd_parse_choice(text, opt->choices)) >= 0) {
            v->num = (unsigned long long)choice;
            return EXIT_OK;
        }
        cmd_choices_text(opt, names, sizeof names);
        return cmd_usage_error(entry, "--%s: '%s' is not one of %s", opt->name, text, names);
    }
    return EXIT_USAGE;
}

/* Record one occurrence of row I of the table, with its value TEXT (NULL
 * for a flag, or an optional value left out). */
static int cmd_take(const struct cmd_entry *entry, size_t i, const char *text,
                    struct cmd_args *args, int argc)
{
    const struct cmd_option *opt = &entry->options[i];
    struct cmd_value *v = &args->opt[i];

    if (v->all == NULL && (v->all = calloc((size_t)argc, sizeof *v->all)) == NULL) {
        cmd_error("%s", strerror(ENOMEM));
        return EXIT_USAGE;
    }
    v->all[v->given++] = text;
    if (text == NULL) {
        v->text = NULL;
        v->num = opt->lo;
        return EXIT_OK;
    }
    return cmd_take_value(entry, opt, text, v);
}

/* Fill every row with its default, checked as if it were given, so that
 * the default printed by --help is the one used. */
static int cmd_defaults(const struct cmd_entry *entry, struct cmd_args *args, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (entry->options[i].def != NULL &&
            cmd_take_value(entry, &entry->options[i], entry->options[i].def, &args->opt[i]) !=
                EXIT_OK)
            return EXIT_USAGE;
    return EXIT_OK;
}

/* The getopt_long tables for ENTRY: LONGOPTS (n + CMD_BUILTINS + 1 rows)
 * and SHORTOPTS (3 chars a row, plus ":hqv" and the end). */
static void cmd_getopt_tables(const struct cmd_entry *entry, size_t n, struct option *longopts,
                              char *shortopts)
{
    char *s = shortopts;

    *s++ = ':';
    for (size_t i = 0; i < n; i++) {
        const struct cmd_option *opt = &entry->options[i];
        int has_arg = opt->kind == CMD_OPT_FLAG ? no_argument
                      : opt->optional_value     ? optional_argument
                                                : required_argument;

        longopts[i] = (struct option){opt->name, has_arg, NULL, CMD_OPT_BASE + (int)i};
        if (opt->short_name != 0) {
            *s++ = opt->short_name;
            if (has_arg != no_argument)
                *s++ = ':';
            if (has_arg == optional_argument)
                *s++ = ':';
        }
    }
    longopts[n] = (struct option){"help", no_argument, NULL, CMD_OPT_HELP};
    longopts[n + 1] = (struct option){"quiet", no_argument, NULL, CMD_OPT_QUIET};
    longopts[n + 2] = (struct option){"verbose", no_argument, NULL, CMD_OPT_VERBOSE};
    longopts[n + 3] = (struct option){NULL, 0, NULL, 0};
    strcpy(s, "hqv");
}

/* The usage error of an unknown option ARG ("--trails=3", "-x"), with
 * the closest of ENTRY's options when ARG looks like a slip. */
static int cmd_unknown_option(const struct cmd_entry *entry, size_t n, const char *arg)
{
    const char **names = calloc(n + CMD_BUILTINS + 1, sizeof *names);
    const char *near = NULL;
    char word[64];
    int status;

    if (names != NULL && strncmp(arg, "--", 2) == 0) {
        snprintf(word, sizeof word, "%.*s", (int)strcspn(arg + 2, "="), arg + 2);
        for (size_t i = 0; i < n; i++)
            names[i] = entry->options[i].name;
        names[n] = "help";
        names[n + 1] = "quiet";
        names[n + 2] = "verbose";
        near = cmd_closest(word, names, n + CMD_BUILTINS);
    }
    if (near != NULL)
        status = cmd_usage_error(entry, "unknown option: --%s (did you mean --%s?)", word, near);
    else
        status = cmd_usage_error(entry, "unknown option: %s", arg);
    free(names);
    return status;
}

/* Take -q or -v (CODE) into *VERBOSITY; a usage error when both are
 * given. */
static int cmd_take_verbosity(const struct cmd_entry *entry, int code,
                              enum cmd_verbosity *verbosity)
{
    enum cmd_verbosity v = code == CMD_OPT_QUIET ? CMD_QUIET : CMD_VERBOSE;

    if (*verbosity != CMD_NORMAL && *verbosity != v)
        return cmd_usage_error(entry, "--quiet and --verbose ask for opposites: give one");
    *verbosity = v;
    return EXIT_OK;
}

/* Set the process's verbosity: V when -q or -v was given (and passed on
 * to the commands this one starts, through the environment), else what
 * the environment says. */
static void cmd_set_verbosity(enum cmd_verbosity v)
{
    const char *env = getenv("ICCSPROF_VERBOSITY");

    if (v == CMD_QUIET || v == CMD_VERBOSE) {
        cmd_verbosity = v;
        setenv("ICCSPROF_VERBOSITY", v == CMD_QUIET ? "quiet" : "verbose", 1);
    } else if (env != NULL && strcmp(env, "quiet") == 0) {
        cmd_verbosity = CMD_QUIET;
    } else if (env != NULL && strcmp(env, "verbose") == 0) {
        cmd_verbosity = CMD_VERBOSE;
    } else {
        cmd_verbosity = CMD_NORMAL;
    }
}

/* The table row whose short name is C, or n. */
static size_t cmd_short_index(const struct cmd_entry *entry, size_t n, int c)
{
    size_t i = 0;

    while (i < n && entry->options[i].short_name != c)
        i++;
    return i;
}

/* Scan ARGV with getopt_long and take each option; EXIT_USAGE after a
 * message at the first that is wrong. */
static int cmd_scan(const struct cmd_entry *entry, size_t n, int argc, char **argv,
                    struct cmd_args *args)
{
    struct option *longopts = calloc(n + CMD_BUILTINS + 1, sizeof *longopts);
    char *shortopts = malloc(3 * n + CMD_BUILTINS + 2);
    enum cmd_verbosity verbosity = CMD_NORMAL;
    int c, status = EXIT_OK;

    if (longopts == NULL || shortopts == NULL) {
        free(longopts);
        free(shortopts);
        cmd_error("%s", strerror(ENOMEM));
        return EXIT_USAGE;
    }
    cmd_getopt_tables(entry, n, longopts, shortopts);
    optind = 0;
    opterr = 0;
    while (status == EXIT_OK && !args->help &&
           (c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
        size_t i = c >= CMD_OPT_BASE ? (size_t)(c - CMD_OPT_BASE) : cmd_short_index(entry, n, c);

        if (c == CMD_OPT_HELP || c == 'h')
            args->help = true;
        else if (c == CMD_OPT_QUIET || c == 'q')
            status = cmd_take_verbosity(entry, CMD_OPT_QUIET, &verbosity);
        else if (c == CMD_OPT_VERBOSE || c == 'v')
            status = cmd_take_verbosity(entry, CMD_OPT_VERBOSE, &verbosity);
        else if (c == ':')
            status = cmd_usage_error(entry, "%s needs a value", argv[optind - 1]);
        else if (c == '?' && optopt >= CMD_OPT_BASE)
            status = cmd_usage_error(entry, "--%s takes no value",
                                     entry->options[optopt - CMD_OPT_BASE].name);
        else if (c == '?' && optopt >= CMD_OPT_VERBOSE && optopt <= CMD_OPT_HELP)
            status = cmd_usage_error(entry, "--%s takes no value",
                                     optopt == CMD_OPT_HELP    ? "help"
                                     : optopt == CMD_OPT_QUIET ? "quiet"
                                                               : "verbose");
        else if (c == '?' && optopt != 0)
            status = cmd_usage_error(entry, "unknown option: -%c", optopt);
        else if (c == '?' || i >= n)
            status = cmd_unknown_option(entry, n, argv[optind - 1]);
        else
            status = cmd_take(entry, i, optarg, args, argc);
    }
    if (status == EXIT_OK)
        cmd_set_verbosity(verbosity);
    free(longopts);
    free(shortopts);
    return status;
}

/* Parse ARGV against ENTRY's options into ARGS. */
int cmd_parse(const struct cmd_entry *entry, int argc, char **argv, struct cmd_args *args)
{
    size_t n = cmd_noptions(entry);

    memset(args, 0, sizeof *args);
    args->entry = entry;
    if ((args->opt = calloc(n + 1, sizeof *args->opt)) == NULL) {
        cmd_error("%s", strerror(ENOMEM));
        return EXIT_USAGE;
    }
    if (cmd_defaults(entry, args, n) != EXIT_OK || cmd_scan(entry, n, argc, argv, args) != EXIT_OK)
        return EXIT_USAGE;
    args->argc = argc - optind;
    args->argv = argv + optind;
    return EXIT_OK;
}

/* Release what cmd_parse allocated. */
void cmd_args_free(struct cmd_args *args)
{
    for (size_t i = 0; args->opt != NULL && i < cmd_noptions(args->entry); i++)
        free(args->opt[i].all);
    free(args->opt);
    args->opt = NULL;
}
