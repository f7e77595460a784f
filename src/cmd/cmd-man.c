/* cmd-man.c - the manual pages iccsprof(1) and iccsprof-COMMAND(1) in
 * roff, written from the command and option tables that --help and the
 * parser read, so that the installed pages describe the installed
 * program. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "plan/catalog.h"
#include "paths.h"

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

/* The options of command E, then those every command takes, in its own
 * words. */
static void man_options(FILE *out, const struct cmd_entry *e)
{
    const struct cmd_option common[] = {
        {.name = "quiet", .short_name = 'q', .help = e->quiet != NULL ? e->quiet : CMD_QUIET_HELP},
        {.name = "verbose",
         .short_name = 'v',
         .help = e->verbose != NULL ? e->verbose : CMD_VERBOSE_HELP},
        {.name = "help", .short_name = 'h', .help = "print the command's options and exit"},
    };

    for (size_t i = 0; e->options != NULL && e->options[i].name != NULL; i++)
        man_option(out, &e->options[i]);
    for (size_t i = 0; i < sizeof common / sizeof common[0]; i++)
        man_option(out, &common[i]);
}

/* The synopsis of command E: "iccsprof NAME [OPTIONS] OPERANDS". */
static void man_synopsis(FILE *out, const struct cmd_entry *e)
{
    fputs("iccsprof ", out);
    man_text(out, e->name);
    fputs(" [\\fIOPTIONS\\fR]", out);
    if (e->operands[0] != '\0') {
        fputs(" \\fI", out);
        man_text(out, e->operands);
        fputs("\\fR", out);
    }
}

/* The summary of command E as a sentence. */
static void man_summary(FILE *out, const struct cmd_entry *e)
{
    fputc(toupper((unsigned char)e->summary[0]), out);
    man_text(out, e->summary + 1);
    fputs(".\n", out);
}

/* One command: a subsection with its synopsis, summary and options. */
static void man_command(FILE *out, const struct cmd_entry *e)
{
    fputs(".SS \"", out);
    man_synopsis(out, e);
    fputs("\"\n", out);
    man_summary(out, e);
    man_options(out, e);
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

/* What a user types first, before the reference of every command. */
static const char man_examples[] =
    ".SH EXAMPLES\n"
    "Profile a submission by its official id, its archive as downloaded found in\n"
    "\\fI~/ngcc\\fR (by name or SHA\\-256) and unpacked into its build folder:\n"
    ".PP\n"
    ".EX\n"
    "iccsprof profile sign\\-29 \\-\\-packages ~/ngcc > tins.md\n"
    "iccsprof catalog \\-\\-category sign\n"
    ".EE\n"
    ".PP\n"
    "Profile every instance of a package and keep the report, a CSV table and\n"
    "the share chart:\n"
    ".PP\n"
    ".EX\n"
    "iccsprof profile /path/to/Tins > report.md \\e\n"
    "    \\-\\-export\\-csv report.csv \\-\\-export\\-svg shares.svg\n"
    ".EE\n"
    ".PP\n"
    "Profile only signing, with the call sites of each helper three frames up:\n"
    ".PP\n"
    ".EX\n"
    "iccsprof profile /path/to/Tins \\-\\-op sign \\-\\-callers=3\n"
    ".EE\n"
    ".PP\n"
    "Print the records again, as Markdown tables, CSV or folded stacks for a flame\n"
    "graph:\n"
    ".PP\n"
    ".EX\n"
    "iccsprof report profiles/Tins\n"
    "iccsprof report \\-\\-format csv profiles/Tins > tins.csv\n"
    "iccsprof report \\-\\-format folded profiles/Tins | flamegraph.pl > tins.svg\n"
    ".EE\n"
    ".PP\n"
    "Compare two builds, failing when the helper calls differ or a share moves by\n"
    "more than one percentage point:\n"
    ".PP\n"
    ".EX\n"
    "iccsprof compare \\-\\-fail\\-on calls,share=1 profiles/tins\\-O2 profiles/tins\\-O3\n"
    ".EE\n"
    ".PP\n"
    "Check the machine before a measurement meant for publication:\n"
    ".PP\n"
    ".EX\n"
    "iccsprof host \\-\\-cpu 3\n"
    ".EE\n";

static const char man_environment[] =
    ".SH ENVIRONMENT\n"
    ".TP\n"
    ".B ICCSPROF_MEASURE\n"
    "The measuring program \\fBiccsprof run\\fR starts for each operation. When unset,\n"
    "\\fBiccsprof\\fR uses \\fIiccsprof\\-measure\\fR beside its own executable if there is one\n"
    "(a build tree), else the one installed in the package's libexec folder.\n"
    ".TP\n"
    ".B ICCSPROF_PACKAGES\n"
    "The folder of submission packages (archives or folders) that \\fBiccsprof profile\\fR\n"
    "and \\fBiccsprof plan\\fR search for a package named by its id or name, when\n"
    "\\fB\\-\\-packages\\fR is not given; \\fI~/ngcc\\fR when unset.\n"
    ".TP\n"
    ".B ICCSPROF_CATALOG\n"
    "The catalog file to read instead of the installed one.\n"
    ".TP\n"
    ".B ICCSPROF_VERBOSITY\n"
    "\\fBquiet\\fR or \\fBverbose\\fR: what \\fB\\-q\\fR or \\fB\\-v\\fR would ask for, when\n"
    "neither is given. A command given one of them sets it for the commands it starts.\n"
    ".TP\n"
    ".B NO_COLOR\n"
    "When set, progress on a terminal is printed without colour.\n"
    ".TP\n"
    ".B TERM\n"
    "When \\fBdumb\\fR, progress is printed a line at a time, as off a terminal.\n";

static const char man_exit_status[] =
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
    "included), found before any work is done where it can be.\n"
    ".TP\n"
    ".B 129, 130, 143\n"
    "Interrupted by SIGHUP (129, a closed terminal), SIGINT (130) or SIGTERM (143):\n"
    "the compilers and measuring processes were stopped and what they were writing\n"
    "removed.\n";

static const char man_copyright[] =
    ".SH COPYRIGHT\n"
    "Copyright \\(co 2026 the iccsprof contributors. Licensed under the MIT licence;\n"
    "see the file \\fILICENSE\\fR.\n"
    ".SH SEE ALSO\n";

/* One file of the FILES section: PATH (DIR/NAME, DIR as configured),
 * then what it is. */
static void man_file(FILE *out, const char *dir, const char *name, const char *what)
{
    fputs(".TP\n.I ", out);
    man_text(out, dir);
    if (name != NULL) {
        fputc('/', out);
        man_text(out, name);
    }
    fputc('\n', out);
    man_text(out, what);
    fputc('\n', out);
}

/* The FILES section, with the paths this program was configured with. */
static void man_files(FILE *out)
{
    fputs(".SH FILES\n", out);
    man_file(out, ICCSPROF_PKGDATADIR, "profile.schema.json",
             "The JSON Schema of the profile records.");
    man_file(out, ICCSPROF_PKGDATADIR, CATALOG_FILE,
             "The catalog, " CATALOG_VERSION ": " CATALOG_SOURCE
             ". Packages named by id or name (iccsprof profile sign-29) are found by it, and "
             "iccsprof catalog lists it; $ICCSPROF_CATALOG names another file.");
    man_file(out, ICCSPROF_DOCDIR, "doc/guide/index.md",
             "The user guide, one chapter a subject; README.md beside it is the overview.");
    man_file(out, ICCSPROF_DOCDIR, "profiles/README.md", "The record format, field by field.");
    man_file(out, ICCSPROF_PKGLIBEXECDIR, "iccsprof-measure",
             "The measuring program iccsprof run starts for each operation.");
    man_file(out, ICCSPROF_BASHCOMPDIR, "iccsprof",
             "Bash completion of the commands, their options and the values of their choices.");
    man_file(out, "~/.cache/iccsprof", NULL,
             "The build folders of iccsprof profile (--builddir; $XDG_CACHE_HOME/iccsprof when "
             "that is set).");
    man_file(out, "profiles/ID", NULL,
             "The records iccsprof profile writes, ID being the scheme id (--profile-dir).");
}

/* Print the manual page iccsprof(1). */
void cmd_print_man(FILE *out)
{
    fprintf(out, ".TH ICCSPROF 1 \"\" \"%s %s\" \"User Commands\"\n", PACKAGE_NAME,
            PACKAGE_VERSION);
    fputs(man_head, out);
    for (const struct cmd_entry *const *e = cmd_table; *e != NULL; e++)
        if (!(*e)->hidden)
            man_command(out, *e);
    fputs(man_examples, out);
    fputs(man_environment, out);
    fputs(man_exit_status, out);
    man_files(out);
    fputs(man_copyright, out);
    for (const struct cmd_entry *const *e = cmd_table; *e != NULL; e++)
        if (!(*e)->hidden) {
            fputs(".BR iccsprof\\-", out);
            man_text(out, (*e)->name);
            fputs(" (1),\n", out);
        }
    fputs(".BR perf (1),\n.BR uftrace (1),\n.BR pkg\\-config (1)\n", out);
}

/* Print the manual page iccsprof-NAME(1) of command E. */
void cmd_print_man_command(const struct cmd_entry *e, FILE *out)
{
    fputs(".TH ICCSPROF\\-", out);
    for (const char *c = e->name; *c != '\0'; c++)
        fputc(toupper((unsigned char)*c), out);
    fprintf(out, " 1 \"\" \"%s %s\" \"User Commands\"\n.SH NAME\niccsprof\\-", PACKAGE_NAME,
            PACKAGE_VERSION);
    man_text(out, e->name);
    fputs(" \\- ", out);
    man_text(out, e->summary);
    fputs("\n.SH SYNOPSIS\n", out);
    man_synopsis(out, e);
    fputs("\n.SH DESCRIPTION\n", out);
    man_summary(out, e);
    fputs(".PP\nResults go to standard output; progress and diagnostics go to standard error.\n"
          ".SH OPTIONS\n",
          out);
    man_options(out, e);
    fputs(man_exit_status, out);
    fputs(man_copyright, out);
    fputs(".BR iccsprof (1)\n", out);
}
