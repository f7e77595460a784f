/* cmd-usage.c - `iccsprof help`, `iccsprof CMD --help`: the command list
 * and each command's options with their defaults, read from the same
 * tables the parser uses so that help cannot drift from behaviour. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"

/* Where the help text of an option starts, and where lines end. */
#define HELP_COLUMN 30
#define HELP_WIDTH 79

/* Write "md|csv|json" for a choice option into BUF. */
static const char *usage_metavar(const struct cmd_option *opt, char *buf, size_t size)
{
    size_t used = 0;

    if (opt->metavar != NULL || opt->kind != CMD_OPT_CHOICE)
        return opt->metavar != NULL ? opt->metavar : "VALUE";
    buf[0] = '\0';
    for (size_t i = 0; opt->choices[i] != NULL && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? "|" : "", opt->choices[i]);
    return buf;
}

/* Write an option's label, "-f, --format FMT" or "    --callers[=N]",
 * into BUF. */
static void usage_label(const struct cmd_option *opt, char *buf, size_t size)
{
    char metabuf[128], shortbuf[8] = "    ";
    const char *meta = usage_metavar(opt, metabuf, sizeof metabuf);

    if (opt->short_name != 0)
        snprintf(shortbuf, sizeof shortbuf, "-%c, ", opt->short_name);
    if (opt->kind == CMD_OPT_FLAG)
        snprintf(buf, size, "%s--%s", shortbuf, opt->name);
    else if (opt->optional_value)
        snprintf(buf, size, "%s--%s[=%s]", shortbuf, opt->name, meta);
    else
        snprintf(buf, size, "%s--%s %s", shortbuf, opt->name, meta);
}

/* Print TEXT word-wrapped from column COL (the cursor is at column AT). */
static void usage_wrap(FILE *out, const char *text, size_t at, size_t col)
{
    while (*text != '\0') {
        size_t word = strcspn(text, " ");

        if (at > col && at + 1 + word > HELP_WIDTH) {
            fprintf(out, "\n%*s", (int)col, "");
            at = col;
        } else if (at > col) {
            fputc(' ', out);
            at++;
        }
        for (; at < col; at++)
            fputc(' ', out);
        fwrite(text, 1, word, out);
        at += word;
        text += word;
        text += strspn(text, " ");
    }
    fputc('\n', out);
}

/* The help line of OPT with its default appended, into BUF: the words
 * for it when the table has some, else the value. */
static const char *usage_help_text(const struct cmd_option *opt, char *buf, size_t size)
{
    if (opt->def_note != NULL)
        snprintf(buf, size, "%s (default: %s)", opt->help, opt->def_note);
    else if (opt->def != NULL)
        snprintf(buf, size, "%s (default: %s)", opt->help, opt->def);
    else
        snprintf(buf, size, "%s", opt->help);
    return buf;
}

/* Print one option: its label, then its help from HELP_COLUMN. */
static void usage_option(FILE *out, const struct cmd_option *opt)
{
    char label[160], text[512];
    size_t at;

    usage_label(opt, label, sizeof label);
    at = (size_t)fprintf(out, "  %s", label);
    if (at + 2 > HELP_COLUMN) {
        fputc('\n', out);
        at = 0;
    }
    usage_wrap(out, usage_help_text(opt, text, sizeof text), at, HELP_COLUMN);
}

/* Print ENTRY's usage and every option with its default, then the
 * options every command takes. */
void cmd_print_help(const struct cmd_entry *entry, FILE *out)
{
    const struct cmd_option common[] = {
        {.name = "quiet",
         .short_name = 'q',
         .help = entry->quiet != NULL ? entry->quiet : CMD_QUIET_HELP},
        {.name = "verbose",
         .short_name = 'v',
         .help = entry->verbose != NULL ? entry->verbose : CMD_VERBOSE_HELP},
        {.name = "help", .short_name = 'h', .help = "print this help and exit"},
    };
    bool has_options = entry->options != NULL && entry->options[0].name != NULL;
    char summary[256];

    fprintf(out, "Usage: iccsprof %s [OPTIONS]%s%s\n", entry->name,
            entry->operands[0] != '\0' ? " " : "", entry->operands);
    snprintf(summary, sizeof summary, "%c%s.", toupper((unsigned char)entry->summary[0]),
             entry->summary + 1);
    usage_wrap(out, summary, 0, 0);
    fputs("\nOptions:\n", out);
    for (size_t i = 0; has_options && entry->options[i].name != NULL; i++)
        usage_option(out, &entry->options[i]);
    for (size_t i = 0; i < sizeof common / sizeof common[0]; i++)
        usage_option(out, &common[i]);
}

/* Print the list of commands, for `iccsprof help`: the names alone when
 * quiet, for scripts. */
void cmd_print_commands(FILE *out)
{
    if (cmd_verbosity == CMD_QUIET) {
        for (const struct cmd_entry *const *e = cmd_table; *e != NULL; e++)
            if (!(*e)->hidden)
                fprintf(out, "%s\n", (*e)->name);
        return;
    }
    fputs("Usage: iccsprof COMMAND [OPTIONS] [ARGS]\n"
          "       iccsprof --version | --help\n"
          "Measure the share of a post-quantum scheme's time spent in the ICCS hash\n"
          "helpers and DRNG.\n\nCommands, in the order a user meets them:\n",
          out);
    for (const struct cmd_entry *const *e = cmd_table; *e != NULL; e++)
        if (!(*e)->hidden) {
            size_t at = (size_t)fprintf(out, "  %-10s", (*e)->name);

            usage_wrap(out, (*e)->summary, at, 12);
        }
    fputs("\nStart with 'iccsprof profile PKGDIR > report.md'. Run 'iccsprof COMMAND --help'\n"
          "(or 'iccsprof help COMMAND') for a command's options and their defaults, and\n"
          "'man iccsprof' for the manual.\n",
          out);
}
