/* cmd-host.c - `iccsprof host`: the host check that every run records,
 * for people (text) or tools (--json). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "host/hostcheck.h"
#include "host/pin.h"

enum { HOST_CPU, HOST_JSON };

static const struct cmd_option host_options[] = {
    [HOST_CPU] = {.name = "cpu",
                  .kind = CMD_OPT_UINT,
                  .metavar = "N",
                  .lo = 0,
                  .hi = CPU_SETSIZE - 1,
                  .def_note = "every allowed CPU, not pinned",
                  .help = "check the host for a measurement pinned to core N"},
    [HOST_JSON] = {.name = "json",
                   .kind = CMD_OPT_FLAG,
                   .help = "print the check as the host.check object of the records"},
    {0},
};

/* The state of an item as the text shows it. */
static const char *host_state_word(const char *state)
{
    if (strcmp(state, "not_ready") == 0)
        return "NOT READY";
    if (strcmp(state, "info") == 0)
        return "";
    return state;
}

/* Print CHECK for people: a verdict, then an item a line, with what an
 * item that is not ready or unknown needs and how to fix it. */
static void host_print_text(json_t *check)
{
    json_t *item, *names = json_object_get(check, "not_ready");
    const char *name;
    size_t i;

    if (json_is_true(json_object_get(check, "ready")))
        printf("host: ready for a published measurement\n");
    else {
        printf("host: not ready for a published measurement (");
        json_array_foreach(names, i, item) printf("%s%s", i ? ", " : "", json_string_value(item));
        printf(")\n");
    }
    json_object_foreach(json_object_get(check, "items"), name, item)
    {
        const char *state = json_string_value(json_object_get(item, "state"));
        const char *fix = json_string_value(json_object_get(item, "fix"));
        const char *needs = json_string_value(json_object_get(item, "needs"));
        bool wanting = strcmp(state, "not_ready") == 0 || strcmp(state, "unknown") == 0;

        if (!wanting && cmd_verbosity == CMD_QUIET)
            continue;
        printf("  %-20s %-10s %s\n", name, host_state_word(state),
               json_string_value(json_object_get(item, "value")));
        if (!wanting && cmd_verbosity != CMD_VERBOSE)
            continue;
        if (needs != NULL)
            printf("  %-20s %-10s needs: %s\n", "", "", needs);
        if (fix != NULL && fix[0] != '\0')
            printf("  %-20s %-10s fix:   %s\n", "", "", fix);
    }
}

/* Check the host; exit 0 when it is ready, 1 when it is not. */
static int cmd_host_exec(const struct cmd_args *args)
{
    int cpu = args->opt[HOST_CPU].given ? (int)args->opt[HOST_CPU].num : -1, ready;
    json_t *check;

    if (args->argc > 0)
        return cmd_usage_error(&cmd_host_entry, "unexpected argument: %s", args->argv[0]);
    if (cpu >= 0 && pin_allowed(cmd_host_entry.name, cpu) != EXIT_OK)
        return EXIT_USAGE;
    check = hostcheck_run(hostcheck_root(), cpu);
    if (args->opt[HOST_JSON].given) {
        json_dumpf(check, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        putchar('\n');
    } else {
        host_print_text(check);
    }
    ready = json_is_true(json_object_get(check, "ready"));
    json_decref(check);
    return ready ? EXIT_OK : EXIT_FAIL;
}

const struct cmd_entry cmd_host_entry = {
    .name = "host",
    .operands = "",
    .summary = "check that the machine is ready for measuring (governor, turbo, SMT, counters, "
               "isolation, load, emulation)",
    .options = host_options,
    .exec = cmd_host_exec,
    .quiet = "print the verdict and the items that are not ready, nothing else",
    .verbose = "give what every item needs, not only the items that are not ready",
};
