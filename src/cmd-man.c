/* cmd-man.c - the manual page iccsprof(1) in roff, written from the
 * command and option tables that --help and the parser read, so that the
 * installed page describes the installed program. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"

/* Write TEXT with the characters roff would take as its own escaped: a
 * backslash, a hyphen (which roff may print as a dash), and a dot or
 * quote at the start of a line. */
static void man_text(FILE *out, const char *text)
{
    if (text[0] == '.' || text[0] == '\'')
        fputs("\\&", out);
    for (const char *p = text; *p != '\0'; p++) {
        if (*p == '\\')
            fputs("\\e", out);
        else if (*p == '-')
            fputs("\\-", out);
        else
            fputc(*p, out);
    }
}

/* One option as a tagged paragraph: its names in bold, its value in
 * italics, then its help and default. */
static void man_option(FILE *out, const struct cmd_option *opt)
{
    fputs(".TP\n", out);
    if (opt->short_name != 0)
        fprintf(out, "\\fB\\-%c\\fR, ", opt->short_name);
    fputs("\\fB\\-\\-", out);
    man_text(out, opt->name);
    fputs("\\fR", out);
    if (opt->kind != CMD_OPT_FLAG) {
        fputs(opt->optional_value ? "[=\\fI" : " \\fI", out);
        if (opt->metavar != NULL)
            man_text(out, opt->metavar);
        for (size_t i = 0; opt->metavar == NULL && opt->choices[i] != NULL; i++) {
            fputs(i ? "|" : "", out);
            man_text(out, opt->choices[i]);
        }
        fputs(opt->optional_value ? "\\fR]" : "\\fR", out);
    }
    fputc('\n', out);
    man_text(out, opt->help);
    if (opt->def != NULL || opt->def_note != NULL) {
        fputs(" (default: ", out);
        man_text(out, opt->def_note != NULL ? opt->def_note : opt->def);
        fputc(')', out);
    }
    fputs(".\n", out);
}

/* One command: a subsection with its synopsis, summary and options. */
static void man_command(FILE *out, const struct cmd_entry *e)
{
    fputs(".SS \"iccsprof ", out);
    man_text(out, e->name);
    if (e->options != NULL && e->options[0].name != NULL)
        fputs(" [\\fIOPTIONS\\fR]", out);
    if (e->operands[0] != '\0') {
        fputs(" \\fI", out);
        man_text(out, e->operands);
        fputs("\\fR", out);
    }
    fprintf(out, "\"\n%c", toupper((unsigned char)e->summary[0]));
    man_text(out, e->summary + 1);
    fputs(".\n", out);
    for (size_t i = 0; e->options != NULL && e->options[i].name != NULL; i++)
        man_option(out, &e->options[i]);
    fputs(".TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nPrint the command's options and exit.\n", out);
}

/* The parts of the page that are not in the tables. */
static const char man_head[] =
    ".SH NAME\n"
    "iccsprof \\- measure the share of hash helper and DRNG time in post\\-quantum schemes\n"
    ".SH SYNOPSIS\n"
    ".B iccsprof\n"
    "\\fICOMMAND\\fR [\\fIOPTIONS\\fR] [\\fIARGS\\fR]\n"
    ".br\n"
    ".B iccsprof\n"
    "\\fB\\-\\-version\\fR | \\fB\\-\\-help\\fR\n"
    ".SH DESCRIPTION\n"
    "\\fBiccsprof\\fR measures how much of a post\\-quantum scheme's time goes into the ICCS\n"
    "hash helpers (pseudohash, pseudoXOF, sm3hash) and the ICCS DRNG (get_random_number).\n"
    "A scheme instance is built twice, plainly and with the helpers wrapped by GNU ld\n"
    "\\fB\\-\\-wrap\\fR; \\fBiccsprof run\\fR times each operation of both builds in a\n"
    "measuring process and writes one JSON profile per operation, and\n"
    "\\fBiccsprof report\\fR and \\fBiccsprof compare\\fR print profiles as tables.\n"
    ".PP\n"
    "Results go to standard output; progress and diagnostics go to standard error.\n"
    ".SH COMMANDS\n";

static const char man_tail[] =
    ".SH ENVIRONMENT\n"
    ".TP\n"
    ".B ICCSPROF_MEASURE\n"
    "The measuring program \\fBiccsprof run\\fR starts for each operation. When unset,\n"
    "\\fBiccsprof\\fR uses \\fIiccsprof\\-measure\\fR beside its own executable if there is one\n"
    "(a build tree), else the one installed in the package's libexec folder\n"
    "(\\fIPREFIX\\fR/libexec/iccsprof by default).\n"
    ".TP\n"
    ".B NO_COLOR\n"
    "When set, progress on a terminal is printed without colour.\n"
    ".TP\n"
    ".B TERM\n"
    "When \\fBdumb\\fR, progress is printed a line at a time, as off a terminal.\n"
    ".SH EXIT STATUS\n"
    ".TP\n"
    ".B 0\n"
    "Success.\n"
    ".TP\n"
    ".B 1\n"
    "The job ran but something it checks failed: a measurement failed, an input was\n"
    "left out, or a \\fB\\-\\-fail\\-on\\fR condition of \\fBiccsprof compare\\fR holds.\n"
    ".TP\n"
    ".B 2\n"
    "A usage error, an unreadable input or an unwritable output (standard output\n"
    "included).\n"
    ".SH FILES\n"
    "The record format of the profiles is described in \\fIprofiles/README.md\\fR of the\n"
    "installed documentation (\\fIPREFIX\\fR/share/doc/iccsprof by default),\n"
    "and its JSON Schema is \\fIprofile.schema.json\\fR in the profiles folder of the source.\n"
    ".SH COPYRIGHT\n"
    "Copyright \\(co 2026 the iccsprof contributors. Licensed under the MIT licence;\n"
    "see the file \\fILICENSE\\fR.\n"
    ".SH SEE ALSO\n"
    ".BR perf (1),\n"
    ".BR uftrace (1),\n"
    ".BR pkg\\-config (1)\n";

/* Print the manual page iccsprof(1). */
void cmd_print_man(FILE *out)
{
    fprintf(out, ".TH ICCSPROF 1 \"\" \"%s %s\" \"User Commands\"\n", PACKAGE_NAME,
            PACKAGE_VERSION);
    fputs(man_head, out);
    for (const struct cmd_entry *const *e = cmd_table; *e != NULL; e++)
        if (!(*e)->hidden)
            man_command(out, *e);
    fputs(man_tail, out);
}
