/* cmd-report.c - `iccsprof report`: profile records as the tables of the
 * published NICCS pages (Markdown), or as CSV or JSON rows. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "record-scan.h"
#include "report.h"

/* Call sites shown per record unless --top says otherwise. */
#define REPORT_DEFAULT_TOP 10

/* Parse a --format value; -1 when unknown. */
static int report_parse_format(const char *s)
{
    if (strcmp(s, "md") == 0)
        return REPORT_MD;
    if (strcmp(s, "csv") == 0)
        return REPORT_CSV;
    if (strcmp(s, "json") == 0)
        return REPORT_JSON;
    return -1;
}

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
            cmd_usage_error(&cmd_report_entry,
                            "unknown section: %s (perf, memory, sizes, symmetric, shapes, callers)",
                            name);
            ok = false;
        } else {
            chosen[s] = true;
        }
    }
    free(copy);
    return ok;
}

/* The sections to print when --section is not given: in Markdown all of
 * them, call sites only when a record has some; in CSV and JSON the
 * record-level ones, which share one row per record. */
static void report_default_sections(bool *chosen, enum report_format format,
                                    const struct rec_set *set)
{
    bool any_callers = false;

    for (size_t i = 0; i < set->n; i++)
        any_callers |= set->recs[i]->has_callers;
    for (size_t s = 0; report_sections[s] != NULL; s++) {
        const struct report_section *sec = report_sections[s];

        if (format == REPORT_MD)
            chosen[s] = sec != &report_callers || any_callers;
        else
            chosen[s] = sec->fields != NULL;
    }
}

/* Print the report and say which inputs were left out. */
static int report_run(struct rec_set *set, bool *chosen, bool sections_given,
                      enum report_format format, const struct report_opts *opts)
{
    const struct report_section *sel[REPORT_NSECTIONS];
    size_t nsel = 0;

    if (!sections_given)
        report_default_sections(chosen, format, set);
    for (size_t s = 0; report_sections[s] != NULL; s++)
        if (chosen[s])
            sel[nsel++] = report_sections[s];
    report_print(sel, nsel, set->recs, set->n, format, opts, stdout);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        cmd_error("standard output: %s", strerror(errno));
        return EXIT_USAGE;
    }
    if (set->nbad == 0)
        return EXIT_OK;
    fprintf(stderr, "iccsprof: report: %zu input%s left out:", set->nbad,
            set->nbad == 1 ? "" : "s");
    for (size_t i = 0; i < set->nbad; i++)
        fprintf(stderr, " %s", set->bad[i]);
    fputc('\n', stderr);
    return EXIT_FAIL;
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

/* Parse the options, read the records, print the report. */
static int cmd_report_exec(int argc, char **argv)
{
    static const struct option options[] = {{"format", required_argument, NULL, 'f'},
                                            {"section", required_argument, NULL, 's'},
                                            {"top", required_argument, NULL, 't'},
                                            {NULL, 0, NULL, 0}};
    bool chosen[REPORT_NSECTIONS] = {false}, sections_given = false;
    enum report_format format = REPORT_MD;
    struct report_opts opts = {.top = REPORT_DEFAULT_TOP};
    struct rec_set set = {0};
    int c, status;

    optind = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":", options, NULL)) != -1) {
        switch (c) {
        case 'f':
            if (report_parse_format(optarg) < 0)
                return cmd_usage_error(&cmd_report_entry, "unknown format: %s (md, csv, json)",
                                       optarg);
            format = (enum report_format)report_parse_format(optarg);
            break;
        case 's':
            if (!report_parse_sections(optarg, chosen))
                return EXIT_USAGE;
            sections_given = true;
            break;
        case 't':
            if ((opts.top = report_parse_top(optarg)) == 0)
                return cmd_usage_error(&cmd_report_entry, "--top needs a whole number from 1: %s",
                                       optarg);
            break;
        case ':':
            return cmd_usage_error(&cmd_report_entry, "%s needs a value", argv[optind - 1]);
        default:
            return cmd_usage_error(&cmd_report_entry, "unknown option: %s", argv[optind - 1]);
        }
    }
    if (optind >= argc)
        return cmd_usage_error(&cmd_report_entry, "no profiles given");
    if (format != REPORT_MD && sections_given && !report_flat_possible(chosen))
        return cmd_usage_error(&cmd_report_entry,
                               "--format %s prints one table: give shapes or callers alone",
                               format == REPORT_CSV ? "csv" : "json");
    rec_set_scan(&set, argv + optind, (size_t)(argc - optind));
    status = set.n == 0 ? EXIT_USAGE : report_run(&set, chosen, sections_given, format, &opts);
    rec_set_free(&set);
    return status;
}

const struct cmd_entry cmd_report_entry = {
    .name = "report",
    .usage = "[--format md|csv|json] [--section perf,memory,sizes,symmetric,shapes,callers] "
             "[--top N] DIR_OR_FILE...",
    .summary = "print profile records as the tables of the published measurement pages",
    .exec = cmd_report_exec,
};
