/* cmd-report.c - `iccsprof report`: profile records as the published NICCS
 * page of each scheme (Markdown), as CSV or JSON rows, or as a chart. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "report/provenance.h"
#include "record/record-scan.h"
#include "report/report.h"
#include "record/whatif-doc.h"

/* --format's names, in the order of enum report_format. */
static const char *const report_formats[] = {"md", "csv", "json", "svg", "folded", NULL};

enum { REPORT_OPT_FORMAT, REPORT_OPT_SECTION, REPORT_OPT_TOP };

static const struct cmd_option report_options[] = {
    [REPORT_OPT_FORMAT] = {.name = "format",
                           .kind = CMD_OPT_CHOICE,
                           .choices = report_formats,
                           .def = "md",
                           .help = "the Markdown page of each scheme, one CSV or JSON row per "
                                   "record, an SVG chart of the hash, DRNG and other shares per "
                                   "record, or the call sites as folded stacks for flame-graph "
                                   "tools"},
    [REPORT_OPT_SECTION] = {.name = "section",
                            .kind = CMD_OPT_STRING,
                            .metavar = "LIST",
                            .def_note =
                                "all in md (callers when recorded), the record-level ones in csv "
                                "and json (kat when recorded)",
                            .help = "comma-separated sections to print, of basic, environment, "
                                    "kat, perf, memory, sizes, symmetric, shapes, callers, whatif "
                                    "and evidence; may be repeated"},
    [REPORT_OPT_TOP] = {.name = "top",
                        .kind = CMD_OPT_UINT,
                        .metavar = "N",
                        .lo = 1,
                        .hi = 1000000,
                        .def = "10",
                        .help = "call sites shown per record, and shapes per record in Markdown "
                                "(all shapes with --section shapes and no --top)"},
    {0},
};

/* Mark the sections named in the comma-separated LIST in CHOSEN; false and
 * a message when a name is unknown. */
static bool report_parse_sections(const char *list, bool *chosen)
{
    char *copy = strdup(list), *save = NULL;
    bool ok = true;

    for (char *name = strtok_r(copy, ",", &save); ok && name != NULL;
         name = strtok_r(NULL, ",", &save)) {
        size_t s = 0;

        while (report_sections[s] != NULL && strcmp(report_sections[s]->name, name) != 0)
            s++;
        if (report_sections[s] == NULL) {
            cmd_usage_error(&cmd_report_entry, "unknown section: %s (%s)", name, REPORT_NAMES);
            ok = false;
        } else {
            chosen[s] = true;
        }
    }
    free(copy);
    return ok;
}

/* Say which inputs were left out; the exit status that follows. */
static int report_left_out(const struct rec_set *set)
{
    struct strlist bad = {0};
    char *list;

    if (set->nbad == 0)
        return EXIT_OK;
    for (size_t i = 0; i < set->nbad; i++)
        strlist_add(&bad, set->bad[i]);
    list = strlist_join(&bad, " ");
    cmd_error("%zu input%s left out: %s", set->nbad, set->nbad == 1 ? "" : "s", list);
    free(list);
    strlist_free(&bad);
    return EXIT_FAIL;
}

/* Print the share chart, what made it in its metadata. */
static void report_svg(struct rec_set *set)
{
    struct provenance_svg svg;

    report_print_svg(set->recs, set->n, provenance_svg_open(&svg));
    provenance_svg_close(&svg, stdout);
}

/* Whether the sections printed (the ones CHOSEN, else the defaults of
 * FORMAT) include What if. */
static bool report_wants_whatif(const bool *chosen, bool sections_given, enum report_format format)
{
    for (size_t s = 0; sections_given && report_sections[s] != NULL; s++)
        if (report_sections[s] == &report_whatif)
            return chosen[s];
    return !sections_given && format == REPORT_MD;
}

/* Print the report and say which inputs were left out. */
static int report_run(struct rec_set *set, bool *chosen, bool sections_given,
                      enum report_format format, struct report_opts *opts)
{
    const struct report_section *sel[REPORT_NSECTIONS];
    json_t **docs = NULL;
    size_t nsel = 0;

    if (format == REPORT_SVG)
        report_svg(set);
    if (format == REPORT_FOLDED && !report_print_folded(set->recs, set->n, stdout))
        cmd_note("no record has call sites (iccsprof run --callers)");
    if (format == REPORT_SVG || format == REPORT_FOLDED)
        return report_left_out(set);
    if (report_wants_whatif(chosen, sections_given, format)) {
        if (whatif_docs_load(set->whatif.v, set->whatif.n, &docs) != 0)
            return EXIT_USAGE;
        opts->whatif = docs;
        opts->nwhatif = set->whatif.n;
        if (sections_given && set->whatif.n == 0)
            cmd_note("no what-if document (%s, written by iccsprof whatif --out) among the inputs",
                     WHATIF_FILE);
    }
    if (!sections_given)
        nsel = report_default_sections(sel, format, set->recs, set->n);
    for (size_t s = 0; sections_given && report_sections[s] != NULL; s++)
        if (chosen[s])
            sel[nsel++] = report_sections[s];
    report_print(sel, nsel, set->recs, set->n, format, opts, stdout);
    whatif_docs_free(docs, opts->nwhatif);
    return report_left_out(set);
}

/* Whether CSV/JSON can print the chosen sections as one table: either
 * record-level sections only, or one section with rows of its own. */
static bool report_flat_possible(const bool *chosen)
{
    size_t own = 0, total = 0;

    for (size_t s = 0; report_sections[s] != NULL; s++)
        if (chosen[s]) {
            total++;
            own += report_sections[s]->rows != NULL;
        }
    return own == 0 || total == 1;
}

/* The first chosen section that exists on the page alone (no CSV/JSON
 * fields), or NULL. */
static const struct report_section *report_page_only(const bool *chosen)
{
    for (size_t s = 0; report_sections[s] != NULL; s++)
        if (chosen[s] && report_sections[s]->columns == NULL)
            return report_sections[s];
    return NULL;
}

/* Whether any section is chosen: an empty --section is an error, not an
 * empty report. */
static bool report_any_section(const bool *chosen)
{
    for (size_t s = 0; report_sections[s] != NULL; s++)
        if (chosen[s])
            return true;
    return false;
}

/* Read the records and print the report. */
static int cmd_report_exec(const struct cmd_args *args)
{
    const struct cmd_value *sections = &args->opt[REPORT_OPT_SECTION];
    bool chosen[REPORT_NSECTIONS] = {false}, sections_given = sections->given > 0;
    enum report_format format = (enum report_format)args->opt[REPORT_OPT_FORMAT].num;
    struct report_opts opts = {.top = (size_t)args->opt[REPORT_OPT_TOP].num};
    /* the default report summarises the shapes; asked for by name, they are
     * all shown unless --top limits them */
    bool full_shapes = sections_given && args->opt[REPORT_OPT_TOP].given == 0;
    struct rec_set set = {0};
    int status;

    for (unsigned i = 0; i < sections->given; i++)
        if (!report_parse_sections(sections->all[i], chosen))
            return EXIT_USAGE;
    if (args->argc == 0)
        return cmd_usage_error(&cmd_report_entry, "no profiles given");
    if (sections_given && !report_any_section(chosen))
        return cmd_usage_error(&cmd_report_entry, "--section: the value names no section (%s)",
                               REPORT_NAMES);
    if ((format == REPORT_SVG || format == REPORT_FOLDED) && sections_given)
        return cmd_usage_error(&cmd_report_entry, "--format %s draws no sections: drop --section",
                               report_formats[format]);
    if (format != REPORT_MD && sections_given && report_page_only(chosen) != NULL)
        return cmd_usage_error(&cmd_report_entry,
                               "--format %s: section %s is on the Markdown page only",
                               report_formats[format], report_page_only(chosen)->name);
    if (format != REPORT_MD && sections_given && !report_flat_possible(chosen))
        return cmd_usage_error(&cmd_report_entry,
                               "--format %s prints one table: give shapes or callers alone",
                               report_formats[format]);
    opts.shapes_top = full_shapes ? 0 : opts.top;
    rec_set_scan(&set, args->argv, (size_t)args->argc);
    status = set.n == 0 ? EXIT_USAGE : report_run(&set, chosen, sections_given, format, &opts);
    rec_set_free(&set);
    return status;
}

const struct cmd_entry cmd_report_entry = {
    .name = "report",
    .operands = "DIR_OR_FILE...",
    .summary = "print profile records as the published measurement page of each scheme",
    .options = report_options,
    .exec = cmd_report_exec,
    .quiet = "print the report and errors only: no notes (files skipped, no call sites)",
    .verbose = "also name every record read, with its scheme, instance, operation and state",
};
