/* cmd-site.c - `iccsprof site OUT RESULTS...`: the published measurement
 * pages of campaign output folders, one per system, as a static site. */
#include "config.h"

#include "cmd/cmd.h"
#include "site/site.h"

static const struct cmd_option site_options[] = {
    {0},
};

/* Write the site. */
static int cmd_site_exec(const struct cmd_args *args)
{
    if (args->argc == 0)
        return cmd_usage_error(&cmd_site_entry, "no output folder given");
    if (args->argc == 1)
        return cmd_usage_error(&cmd_site_entry,
                               "no results given (campaign output folders, one per system)");
    return site_make(args->argv[0], args->argv + 1, (size_t)args->argc - 1);
}

const struct cmd_entry cmd_site_entry = {
    .name = "site",
    .operands = "OUT RESULTS...",
    .summary = "write the published pages of campaign output folders (one per system) as a "
               "static HTML site",
    .options = site_options,
    .exec = cmd_site_exec,
    .quiet = "print the closing line and errors only: no note on a KAT log left unlinked",
};
