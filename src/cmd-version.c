/* cmd-version.c - `iccsprof version` (also `iccsprof --version`). */
#include "config.h"

#include <stdio.h>

#include "cmd.h"

/* Print the tool version and the tick source it was configured with. */
static int cmd_version_exec(int argc, char **argv)
{
    (void)argv;
    if (argc > 1)
        return cmd_usage_error(&cmd_version_entry, "takes no arguments");
    printf("%s %s (tick source %s)\n", PACKAGE_NAME, PACKAGE_VERSION, ICCSPROF_TICK_SOURCE_NAME);
    return EXIT_OK;
}

const struct cmd_entry cmd_version_entry = {
    .name = "version",
    .usage = "",
    .summary = "print the version",
    .exec = cmd_version_exec,
};
