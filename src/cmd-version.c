/* cmd-version.c - `iccsprof version` (also `iccsprof --version`). */
#include "config.h"

#include <stdio.h>

#include "cmd.h"

/* Print the version, the tick source it was configured with, and the
 * copyright and licence, as GNU tools do. */
static int cmd_version_exec(const struct cmd_args *args)
{
    if (args->argc > 0)
        return cmd_usage_error(&cmd_version_entry, "takes no arguments");
    printf("%s %s (tick source %s)\n", PACKAGE_NAME, PACKAGE_VERSION, ICCSPROF_TICK_SOURCE_NAME);
    puts("Copyright (C) 2026 the iccsprof contributors.\n"
         "License: MIT <https://opensource.org/licenses/MIT>.\n"
         "This is free software: you are free to change and redistribute it.\n"
         "There is NO WARRANTY, to the extent permitted by law.");
    return EXIT_OK;
}

const struct cmd_entry cmd_version_entry = {
    .name = "version",
    .operands = "",
    .summary = "print the version, copyright and licence",
    .exec = cmd_version_exec,
};
