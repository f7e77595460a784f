/* cmd-audit.c - `iccsprof audit [--json] OBJECT...`: which helper calls
 * --wrap cannot see.
 *
 * --wrap rewrites only undefined references, so a call from inside the
 * object that defines a helper (or to a static copy of one) is never
 * wrapped.  For every helper this finds the objects that define it, and in
 * those the relocations that reference it: each is an invisible call site.
 * It also gives the survey verdict of the objects (survey.h). */
#include "config.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build/audit.h"
#include "cmd/cmd.h"
#include "build/objects.h"
#include "util/strlist.h"
#include "build/survey.h"
#include "iccsprof/wrap.h"
#include "util/regfile.h"

static const char *const audit_helper[ICCSPROF_NHELPERS] = ICCSPROF_HELPER_NAMES;

struct audit_result {
    json_t *defined_by[ICCSPROF_NHELPERS]; /* arrays of object names */
    json_t *internal;                      /* {helper, object, references} */
};

/* Index of the helper a symbol names, or -1.  A local symbol may carry a
 * compiler clone suffix (sm3hash.constprop.0, .isra.0, .part.0): it is
 * still a private copy of the helper, callable from its object.  A .cold
 * part is not: it is the helper's own out-of-line error path, entered
 * only from the helper itself. */
static int audit_helper_index(const char *name, int local)
{
    const char *dot = local ? strchr(name, '.') : NULL;
    size_t len = dot != NULL ? (size_t)(dot - name) : strlen(name);

    if (dot != NULL && strncmp(dot, ".cold", 5) == 0)
        return -1;

    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        if (strlen(audit_helper[h]) == len && strncmp(name, audit_helper[h], len) == 0)
            return h;
    return -1;
}

/* Audit the object file at PATH, named NAME in the result, into R; -1
 * with a message when it is unreadable. */
static int audit_object(const char *path, const char *name, struct audit_result *r)
{
    struct obj_file obj;
    char err[256];

    if (obj_read(path, &obj, err, sizeof err) != 0) {
        cmd_error("%s: %s", path, err);
        return -1;
    }
    for (size_t i = 0; i < obj.n; i++) {
        const struct obj_symbol *sym = &obj.syms[i];
        int h;

        if (sym->storage == OBJ_UNDEFINED || (h = audit_helper_index(sym->name, sym->local)) < 0)
            continue;
        if (!sym->local)
            json_array_append_new(r->defined_by[h], json_string(name));
        /* a static copy is invisible even without a reference to it here */
        if (sym->references > 0 || sym->local)
            json_array_append_new(r->internal,
                                  json_pack("{s:s, s:s, s:I, s:b}", "helper", audit_helper[h],
                                            "object", name, "references",
                                            (json_int_t)sym->references, "static", sym->local));
    }
    obj_free(&obj);
    return 0;
}

/* The coverage object of a profile record, with the SURVEY of the same
 * objects (its reference taken). */
static json_t *audit_coverage(const struct audit_result *r, json_t *survey)
{
    json_t *wrapped = json_array(), *undefined = json_array();

    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        json_array_append_new(json_array_size(r->defined_by[h]) ? wrapped : undefined,
                              json_string(audit_helper[h]));
    return json_pack("{s:b, s:o, s:o, s:O, s:o}", "complete", json_array_size(r->internal) == 0,
                     "wrapped", wrapped, "undefined", undefined, "internal_calls", r->internal,
                     "survey", survey);
}

/* The coverage of the objects NAMES[N] in folder DIR, built from
 * SOURCES[N]. */
json_t *audit_coverage_of(const char *dir, char *const *names, char *const *sources, size_t n)
{
    struct audit_result r;
    json_t *coverage = NULL, *survey;
    size_t i;

    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        r.defined_by[h] = json_array();
    r.internal = json_array();
    for (i = 0; i < n; i++) {
        char *path = xasprintf("%s/%s", dir, names[i]);
        int bad = audit_object(path, names[i], &r);

        free(path);
        if (bad != 0)
            break;
    }
    if (i == n && (survey = survey_of(dir, names, sources, n)) != NULL)
        coverage = audit_coverage(&r, survey);
    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        json_decref(r.defined_by[h]);
    json_decref(r.internal);
    return coverage;
}

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
