/* iccsprof.c - entry point: parse the options of the subcommand named
 * first, run it, and check that its results reached standard output. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "report/provenance.h"
#include "util/terminal.h"

/* Flush and close standard output once for every command, so that a full
 * disk or a closed pipe is an error rather than a silently short result. */
static int main_close_stdout(int status)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        cmd_error("standard output: %s", strerror(errno != 0 ? errno : EIO));
        return EXIT_USAGE;
    }
    if (fclose(stdout) != 0) {
        cmd_error("standard output: %s", strerror(errno));
        return EXIT_USAGE;
    }
    return status;
}

/* Run ENTRY on ARGV (ARGV[0] is its name), or print its help. */
static int main_run(const struct cmd_entry *entry, int argc, char **argv)
{
    struct cmd_args args;
    int status = cmd_parse(entry, argc, argv, &args);

    if (status == EXIT_OK && args.help)
        cmd_print_help(entry, stdout);
    else if (status == EXIT_OK)
        status = entry->exec(&args);
    cmd_args_free(&args);
    return status;
}

int main(int argc, char **argv)
{
    const struct cmd_entry *entry;

    if (argc < 2) {
        cmd_print_commands(stderr);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0)
        entry = &cmd_version_entry;
    else if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)
        entry = &cmd_help_entry;
    else if ((entry = cmd_find(argv[1])) == NULL)
        return EXIT_USAGE;
    provenance_set_command(argc, argv);
    cmd_set_running(entry->name);
    /* names and strings from records and packages reach the terminal */
    text_guard_terminal(&stdout);
    text_guard_terminal(&stderr);
    errno = 0;
    return main_close_stdout(main_run(entry, argc - 1, argv + 1));
}
