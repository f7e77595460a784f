/* cmd-help.c - `iccsprof help [COMMAND]` and `iccsprof help --man
 * [COMMAND]`. */
#include "config.h"

#include <stdio.h>

#include "cmd/cmd.h"

enum { HELP_MAN, HELP_BASH };

static const struct cmd_option help_options[] = {
    [HELP_MAN] = {.name = "man",
                  .kind = CMD_OPT_FLAG,
                  .help = "print the manual page iccsprof(1) in roff instead, or "
                          "iccsprof-COMMAND(1) when a COMMAND is given"},
    [HELP_BASH] = {.name = "bash-completion",
                   .kind = CMD_OPT_FLAG,
                   .help = "print the bash completion script instead"},
    {0},
};

/* Print the command list, one command's options, or the manual page. */
static int cmd_help_exec(const struct cmd_args *args)
{
    const struct cmd_entry *entry;

    if (args->argc > 1)
        return cmd_usage_error(&cmd_help_entry, "too many arguments");
    if (args->opt[HELP_MAN].given && args->opt[HELP_BASH].given)
        return cmd_usage_error(&cmd_help_entry, "--man and --bash-completion: give one");
    if (args->opt[HELP_BASH].given && args->argc > 0)
        return cmd_usage_error(&cmd_help_entry,
                               "--bash-completion covers every command; give no COMMAND");
    if (args->opt[HELP_MAN].given && args->argc == 0) {
        cmd_print_man(stdout);
        return EXIT_OK;
    }
    if (args->opt[HELP_BASH].given) {
        cmd_print_bash_completion(stdout);
        return EXIT_OK;
    }
    if (args->argc == 0) {
        cmd_print_commands(stdout);
        for (const struct cmd_entry *const *e = cmd_table;
             cmd_verbosity == CMD_VERBOSE && *e != NULL; e++)
            if (!(*e)->hidden) {
                fputc('\n', stdout);
                cmd_print_help(*e, stdout);
            }
        return EXIT_OK;
    }
    if ((entry = cmd_find(args->argv[0])) == NULL)
        return EXIT_USAGE;
    if (args->opt[HELP_MAN].given)
        cmd_print_man_command(entry, stdout);
    else
        cmd_print_help(entry, stdout);
    return EXIT_OK;
}

const struct cmd_entry cmd_help_entry = {
    .name = "help",
    .operands = "[COMMAND]",
    .summary = "list the commands, or show one command's options and their defaults",
    .options = help_options,
    .exec = cmd_help_exec,
    .quiet = "the command names alone, a line each (for scripts)",
    .verbose = "the commands, then every command's options",
};
