/* cmd-kat.c - `iccsprof kat`: the KAT gate of one built instance (kat.h),
 * its result written as kat.json beside the build description, where
 * `iccsprof run` reads it into every record of the instance. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/atomic-file.h"
#include "cmd/cmd.h"
#include "kat/kat.h"

enum { KAT_BUILD_INFO, KAT_PLAIN, KAT_PROFILED, KAT_OUT, KAT_WORK, KAT_TIMEOUT, KAT_CC };

static const struct cmd_option kat_options[] = {
    [KAT_BUILD_INFO] = {.name = "build-info",
                        .kind = CMD_OPT_STRING,
                        .metavar = "FILE",
                        .help = "the instance's build.json (required): its folder, flags and "
                                "excluded programs"},
    [KAT_PLAIN] = {.name = "plain",
                   .kind = CMD_OPT_STRING,
                   .metavar = "LIB.so",
                   .help = "the plain library the driver is checked against (required)"},
    [KAT_PROFILED] = {.name = "profiled",
                      .kind = CMD_OPT_STRING,
                      .metavar = "LIB.prof.so",
                      .help = "the profiled library, whose output must be the plain one's"},
    [KAT_OUT] = {.name = "out",
                 .kind = CMD_OPT_STRING,
                 .metavar = "FILE",
                 .def_note = "kat.json beside the build description",
                 .help = "where the result goes"},
    [KAT_WORK] = {.name = "work",
                  .kind = CMD_OPT_STRING,
                  .metavar = "DIR",
                  .def_note = "kat/ beside the build description",
                  .help = "the scratch folder the driver is built and run in"},
    [KAT_TIMEOUT] = {.name = "timeout",
                     .kind = CMD_OPT_SECONDS,
                     .metavar = "S",
                     .def = "600",
                     .help = "seconds each run of the driver may take"},
    [KAT_CC] = {.name = "cc",
                .kind = CMD_OPT_STRING,
                .metavar = "CC",
                .def_note = "$CC, else cc",
                .help = "the compiler command that builds the driver (split at blanks)"},
    {0},
};

/* PATH's folder with NAME in it, into BUF. */
static const char *kat_beside(const char *path, const char *name, char *buf, size_t size)
{
    const char *slash = strrchr(path, '/');

    if (slash == NULL)
        snprintf(buf, size, "%s", name);
    else
        snprintf(buf, size, "%.*s/%s", (int)(slash - path), path, name);
    return buf;
}

/* The one-line summary: instance, result, why, the profiled build's. */
static void kat_summary(const char *instance, json_t *r)
{
    const char *result = json_string_value(json_object_get(r, "result"));
    const char *detail = json_string_value(json_object_get(r, "detail"));
    const char *prof = json_string_value(json_object_get(r, "profiled"));
    const char *prof_detail = json_string_value(json_object_get(r, "profiled_detail"));

    printf("%s: kat: %s", instance,
           strcmp(result, "not_available") == 0 ? "not available" : result);
    if (detail[0])
        printf(" (%s)", detail);
    if (prof != NULL)
        printf("; profiled build: %s%s%s%s", prof, prof_detail[0] ? " (" : "", prof_detail,
               prof_detail[0] ? ")" : "");
    printf("\n");
}

/* Run the gate on one instance and write its result. */
static int cmd_kat_exec(const struct cmd_args *args)
{
    const char *info = args->opt[KAT_BUILD_INFO].text, *cc = args->opt[KAT_CC].text;
    char out[4096], work[4096];
    struct kat_config c;
    json_error_t err;
    json_t *res;
    int status;

    if (args->argc != 0)
        return cmd_usage_error(&cmd_kat_entry, "unexpected operand: %s", args->argv[0]);
    if (info == NULL || args->opt[KAT_PLAIN].text == NULL)
        return cmd_usage_error(&cmd_kat_entry, "--build-info and --plain are required");
    memset(&c, 0, sizeof c);
    if ((c.build = json_load_file(info, 0, &err)) == NULL || !json_is_object(c.build)) {
        if (c.build == NULL)
            cmd_error("%s: %s", info, err.text);
        else
            cmd_error("%s: not a build description (a JSON object)", info);
        json_decref(c.build);
        return EXIT_USAGE;
    }
    c.plain = args->opt[KAT_PLAIN].text;
    c.profiled = args->opt[KAT_PROFILED].text;
    c.timeout = args->opt[KAT_TIMEOUT].seconds;
    c.cc = cc != NULL ? cc : getenv("CC") != NULL && *getenv("CC") ? getenv("CC") : "cc";
    c.work = args->opt[KAT_WORK].text != NULL ? args->opt[KAT_WORK].text
                                              : kat_beside(info, "kat", work, sizeof work);
    if (args->opt[KAT_OUT].text != NULL)
        snprintf(out, sizeof out, "%s", args->opt[KAT_OUT].text);
    else
        kat_beside(info, "kat.json", out, sizeof out);
    if ((res = kat_check(&c)) == NULL) {
        cmd_error("%s: %s", c.work, strerror(errno));
        json_decref(c.build);
        return EXIT_USAGE;
    }
    if (atomic_write_json(out, res) != 0) {
        cmd_error("%s: %s", out, strerror(errno));
        status = EXIT_USAGE;
    } else {
        const char *instance = json_string_value(json_object_get(c.build, "instance"));
        const char *result = json_string_value(json_object_get(res, "result"));
        const char *prof = json_string_value(json_object_get(res, "profiled"));

        if (cmd_verbosity != CMD_QUIET)
            kat_summary(instance != NULL ? instance : info, res);
        status = strcmp(result, "fail") == 0 || strcmp(result, "timeout") == 0 ||
                         (prof != NULL && strcmp(prof, "identical") != 0)
                     ? EXIT_FAIL
                     : EXIT_OK;
    }
    json_decref(res);
    json_decref(c.build);
    return status;
}

const struct cmd_entry cmd_kat_entry = {
    .name = "kat",
    .operands = "",
    .summary = "check a built instance against its package's KAT responses, plain and profiled",
    .options = kat_options,
    .exec = cmd_kat_exec,
    .quiet = "print errors only: the exit status and --out give the result",
    .verbose = "also show every command run (compiling and running the KAT driver)",
};
