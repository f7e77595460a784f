/* cmd-audit.c - `iccsprof audit [--json] OBJECT...`: which helper calls
 * --wrap cannot see (audit.h), and the survey verdict of the objects
 * (survey.h). */
#include "config.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build/audit.h"
#include "cmd/cmd.h"
#include "build/survey.h"
#include "iccsprof/wrap.h"
#include "util/regfile.h"

/* Print the result for a person: where each helper is defined (the
 * first object; all of them with -v; none with -q), the calls --wrap
 * cannot see, the coverage and the SURVEY verdict. */
static void audit_print_text(const struct audit_result *r, const json_t *survey)
{
    size_t i;
    json_t *call;

    for (int h = 0; h < ICCSPROF_NHELPERS && cmd_verbosity != CMD_QUIET; h++) {
        size_t n = json_array_size(r->defined_by[h]);

        printf("%-18s ", audit_helper[h]);
        if (n == 0)
            printf("not defined");
        for (size_t k = 0; k < (cmd_verbosity == CMD_VERBOSE ? n : n > 0); k++)
            printf("%s%s", k == 0 ? "defined in " : ", ",
                   json_string_value(json_array_get(r->defined_by[h], k)));
        putchar('\n');
    }
    json_array_foreach(r->internal, i, call)
        printf("invisible to --wrap: %s in %s (%lld references%s)\n",
               json_string_value(json_object_get(call, "helper")),
               json_string_value(json_object_get(call, "object")),
               (long long)json_integer_value(json_object_get(call, "references")),
               json_is_true(json_object_get(call, "static")) ? ", static copy" : "");
    printf("coverage: %s\n", json_array_size(r->internal) == 0 ? "complete" : "partial");
    printf("survey: %s\n", json_string_value(json_object_get(survey, "text")));
}

enum { AUDIT_JSON };

static const struct cmd_option audit_options[] = {
    [AUDIT_JSON] = {.name = "json",
                    .kind = CMD_OPT_FLAG,
                    .help = "print the coverage as the JSON object build.json embeds"},
    {0},
};

/* Audit the objects named on the command line. */
static int cmd_audit_exec(const struct cmd_args *args)
{
    struct audit_result r;
    int as_json = args->opt[AUDIT_JSON].given > 0, status = EXIT_OK;
    json_t *coverage, *survey = NULL;

    if (args->argc == 0)
        return cmd_usage_error(&cmd_audit_entry, "no object files given");
    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        r.defined_by[h] = json_array();
    r.internal = json_array();
    for (int i = 0; i < args->argc && status == EXIT_OK; i++)
        if (audit_object(args->argv[i], args->argv[i], &r) != 0)
            status = EXIT_USAGE;
    if (status == EXIT_OK &&
        (survey = survey_of(NULL, args->argv, NULL, (size_t)args->argc)) == NULL)
        status = EXIT_USAGE;
    if (status == EXIT_OK) {
        if (as_json) {
            coverage = audit_coverage(&r, json_incref(survey));
            json_dumpf(coverage, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
            putchar('\n');
            json_decref(coverage);
        } else {
            audit_print_text(&r, survey);
        }
    }
    json_decref(survey);
    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        json_decref(r.defined_by[h]);
    json_decref(r.internal);
    return status;
}

const struct cmd_entry cmd_audit_entry = {
    .name = "audit",
    .operands = "OBJECT...",
    .summary = "list the ICCS helper calls that --wrap cannot see in a set of objects",
    .options = audit_options,
    .exec = cmd_audit_exec,
    .quiet = "print only the calls --wrap cannot see and the verdict",
    .verbose = "name every object that defines each helper, not only the first",
};
