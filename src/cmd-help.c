/* cmd-help.c - `iccsprof help [COMMAND]`. */
#include "config.h"

#include <stdio.h>

#include "cmd.h"

/* Print the command list, or one command's usage. */
static int cmd_help_exec(int argc, char **argv)
{
    const struct cmd_entry *entry;

    if (argc > 2)
        return cmd_usage_error(&cmd_help_entry, "too many arguments");
    if (argc == 1) {
        cmd_print_usage(stdout);
        return EXIT_OK;
    }
    if ((entry = cmd_find(argv[1])) == NULL)
        return EXIT_USAGE;
    printf("usage: iccsprof %s %s\n  %s\n", entry->name, entry->usage, entry->summary);
    return EXIT_OK;
}

const struct cmd_entry cmd_help_entry = {
    .name = "help",
    .usage = "[COMMAND]",
    .summary = "list the commands, or show how one is used",
    .exec = cmd_help_exec,
};
