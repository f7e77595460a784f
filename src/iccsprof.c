/* iccsprof.c - entry point: dispatch to the subcommand named first. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd.h"

int main(int argc, char **argv)
{
    const struct cmd_entry *entry;
    char *version_argv[] = {(char *)"version", NULL};

    if (argc < 2) {
        cmd_print_usage(stderr);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0)
        return cmd_version_entry.exec(1, version_argv);
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)
        return cmd_help_entry.exec(1, argv + 1);
    if ((entry = cmd_find(argv[1])) == NULL)
        return EXIT_USAGE;
    return entry->exec(argc - 1, argv + 1);
}
