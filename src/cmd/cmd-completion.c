/* cmd-completion.c - bash completion for iccsprof, written from the
 * command and option tables (as the manual page is), so that it offers
 * exactly the commands, options and choices the parser takes. */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"

/* What the value of an option completes to, from its name in help. */
enum completion_value { VALUE_NONE, VALUE_DIR, VALUE_FILE };

/* A value named like a folder completes to folders, one named like a
 * file (or a library, a record) to files; numbers, lists and flags
 * complete to nothing. */
static enum completion_value completion_value(const struct cmd_option *opt)
{
    const char *m = opt->metavar;

    if (m == NULL)
        return VALUE_NONE;
    if (strstr(m, "DIR") != NULL)
        return VALUE_DIR;
    if (strstr(m, "FILE") != NULL || strstr(m, ".so") != NULL || strstr(m, ".json") != NULL)
        return VALUE_FILE;
    return VALUE_NONE;
}

/* The options of E, every spelling, separated by blanks. */
static void completion_words(FILE *out, const struct cmd_entry *e)
{
    for (size_t i = 0; e->options != NULL && e->options[i].name != NULL; i++) {
        const struct cmd_option *opt = &e->options[i];

        if (opt->short_name != 0)
            fprintf(out, "-%c ", opt->short_name);
        fprintf(out, "--%s ", opt->name);
    }
    fputs("-q --quiet -v --verbose -h --help", out);
}

/* The names of E's options whose values complete by ACTION, as one case
 * pattern ("--builddir | --profile-dir"); whether there is any.  An
 * optional value follows its option only after '=', so it gets none. */
static bool completion_pattern(FILE *out, const struct cmd_entry *e, enum completion_value action)
{
    bool any = false;

    for (size_t i = 0; e->options != NULL && e->options[i].name != NULL; i++) {
        const struct cmd_option *opt = &e->options[i];

        if (opt->kind == CMD_OPT_FLAG || opt->kind == CMD_OPT_CHOICE || opt->optional_value ||
            completion_value(opt) != action)
            continue;
        fprintf(out, "%s--%s", any ? " | " : "        ", opt->name);
        if (opt->short_name != 0)
            fprintf(out, " | -%c", opt->short_name);
        any = true;
    }
    return any;
}

/* The case arms that complete the value of E's options: each choice
 * option's choices, then folders, files, or nothing (a number, a list). */
static void completion_values(FILE *out, const struct cmd_entry *e)
{
    static const char *const reply[] = {
        [VALUE_NONE] = "COMPREPLY=()",
        [VALUE_DIR] = "COMPREPLY=($(compgen -d -- \"$cur\"))",
        [VALUE_FILE] = "COMPREPLY=($(compgen -f -- \"$cur\"))",
    };

    for (size_t i = 0; e->options != NULL && e->options[i].name != NULL; i++) {
        const struct cmd_option *opt = &e->options[i];

        if (opt->kind != CMD_OPT_CHOICE)
            continue;
        fprintf(out, "        --%s)\n            COMPREPLY=($(compgen -W '", opt->name);
        for (size_t c = 0; opt->choices[c] != NULL; c++)
            fprintf(out, "%s%s", c ? " " : "", opt->choices[c]);
        fputs("' -- \"$cur\"))\n            return ;;\n", out);
    }
    for (int action = VALUE_NONE; action <= VALUE_FILE; action++)
        if (completion_pattern(out, e, (enum completion_value)action))
            fprintf(out, ")\n            %s\n            return ;;\n", reply[action]);
}

/* Print the bash completion script of iccsprof. */
void cmd_print_bash_completion(FILE *out)
{
    fprintf(out,
            "# bash completion for iccsprof %s, written by `iccsprof help --bash-completion`\n"
            "# from its option tables; do not edit.\n"
            "_iccsprof()\n"
            "{\n"
            "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}\n"
            "    local cmd=${COMP_WORDS[1]} opts\n"
            "    # --name=value: bash splits at '=', the option is before it\n"
            "    if [[ $cur == = ]]; then\n"
            "        cur=\n"
            "    elif [[ $prev == = && $COMP_CWORD -ge 3 ]]; then\n"
            "        prev=${COMP_WORDS[COMP_CWORD - 2]}\n"
            "    fi\n"
            "    if [[ $COMP_CWORD -eq 1 ]]; then\n"
            "        COMPREPLY=($(compgen -W '",
            PACKAGE_VERSION);
    for (const struct cmd_entry *const *e = cmd_table; *e != NULL; e++)
        if (!(*e)->hidden)
            fprintf(out, "%s ", (*e)->name);
    fputs("--help --version' -- \"$cur\"))\n"
          "        return\n"
          "    fi\n"
          "    case $cmd in\n",
          out);
    for (const struct cmd_entry *const *e = cmd_table; *e != NULL; e++) {
        if ((*e)->hidden)
            continue;
        fprintf(out, "    %s)\n        opts='", (*e)->name);
        completion_words(out, *e);
        fputs("'\n        case $prev in\n", out);
        completion_values(out, *e);
        fputs("        esac\n", out);
        if (*e == &cmd_help_entry) {
            fputs("        [[ $cur == -* ]] || { COMPREPLY=($(compgen -W '", out);
            for (const struct cmd_entry *const *h = cmd_table; *h != NULL; h++)
                if (!(*h)->hidden)
                    fprintf(out, "%s%s", h == cmd_table ? "" : " ", (*h)->name);
            fputs("' -- \"$cur\")); return; }\n", out);
        }
        fputs("        ;;\n", out);
    }
    fputs("    *)\n"
          "        return ;;\n"
          "    esac\n"
          "    if [[ $cur == -* ]]; then\n"
          "        COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
          "    else\n"
          "        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
          "    fi\n"
          "}\n"
          "complete -o filenames -F _iccsprof iccsprof\n",
          out);
}
