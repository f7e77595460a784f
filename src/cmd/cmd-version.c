/* cmd-version.c - `iccsprof version` (also `iccsprof --version`). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "cmd/cmd.h"
#include "plan/catalog.h"
#include "paths.h"
#include "cmd/profile-options.h"
#include "record/record-read.h"
#include "run/run-child.h"

/* With -v: where this program looks for what it runs and reads, as it
 * was configured, to tell one installation from another. */
static void version_configuration(void)
{
    char *wrap = profile_wrap_archive();

    printf("measuring program: %s\n", child_measure_path());
    printf("wrapper library:   %s\n", wrap);
    free(wrap);
    printf("record schema:     %s/profile.schema.json (reads iccsprof.profile/1 to /%d)\n",
           ICCSPROF_PKGDATADIR, REC_VERSION_MAX);
    printf("compiler:          %s\n", ICCSPROF_CC);
    printf("wrapper links:     %s\n", ICCSPROF_WRAP_LIBS);
}

/* The catalog this program finds packages by: its version, size and
 * file, or why it cannot be read. */
static void version_catalog(void)
{
    struct catalog c;
    char *why;

    if (catalog_load(&c, &why) != 0) {
        printf("catalog: %s, not readable: %s\n", CATALOG_VERSION, why);
        free(why);
        return;
    }
    printf("catalog: %s, %zu submissions (%zu sign, %zu kem, %zu kex, %zu hash), from %s\n",
           CATALOG_VERSION, c.n, catalog_count(&c, "sign"), catalog_count(&c, "kem"),
           catalog_count(&c, "kex"), catalog_count(&c, "hash"), c.path);
    catalog_free(&c);
}

/* Print the version, the tick source it was configured with, and the
 * copyright and licence, as GNU tools do; the version alone with -q. */
static int cmd_version_exec(const struct cmd_args *args)
{
    if (args->argc > 0)
        return cmd_usage_error(&cmd_version_entry, "takes no arguments");
    if (cmd_verbosity == CMD_QUIET) {
        puts(PACKAGE_VERSION);
        return EXIT_OK;
    }
    printf("%s %s (tick source %s)\n", PACKAGE_NAME, PACKAGE_VERSION, ICCSPROF_TICK_SOURCE_NAME);
    version_catalog();
    if (cmd_verbosity == CMD_VERBOSE)
        version_configuration();
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
    .quiet = "print the version number alone",
    .verbose = "also print where the measuring program, the wrapper library and the record "
               "schema are looked for, and the compiler",
};
