/* cmd-compare.c - `iccsprof compare`: two profile sets side by side, with
 * an exit status that a CI job can gate on. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "compare.h"
#include "report.h"

/* Call sites shown per matched pair unless --top says otherwise. */
#define COMPARE_DEFAULT_TOP 10

/* What condition COND of F says when it holds, for the error line. */
static char *compare_condition_says(char *buf, size_t size, const struct cmp_fail_on *f,
                                    enum cmp_condition cond)
{
    if (cond == CMP_CALLS)
        snprintf(buf, size, "calls per operation differ");
    else if (cond == CMP_SHARE)
        snprintf(buf, size, "a share moved by more than %g percentage points", f->share_pp);
    else
        snprintf(buf, size, "mean cycles grew by more than %g%%", f->cycles_pct);
    return buf;
}

/* Say on stderr which --fail-on conditions hold, one line each; whether
 * any does. */
static bool compare_conditions(const struct cmp *c, const struct cmp_fail_on *f)
{
    bool any = false;
    char text[64], says[128];

    for (int k = 0; k < CMP_NCONDITIONS; k++) {
        size_t held = 0;

        for (size_t i = 0; i < c->npairs; i++) {
            const struct rec *a = c->pairs[i].a;

            if (!cmp_condition_holds(f, (enum cmp_condition)k, &c->pairs[i]))
                continue;
            if (held++ == 0)
                fprintf(stderr, "iccsprof: compare: --fail-on %s holds, %s:",
                        cmp_condition_text(text, sizeof text, f, (enum cmp_condition)k),
                        compare_condition_says(says, sizeof says, f, (enum cmp_condition)k));
            fprintf(stderr, "%s %s %s", held > 1 ? "," : "", a->instance, rec_op_name(a->op));
        }
        if (held > 0)
            fputc('\n', stderr);
        any |= held > 0;
    }
    return any;
}

/* Read both sides, match them, print, and judge the conditions. */
static int compare_run(char *a_name, char *b_name, bool as_json, const struct cmp_fail_on *f,
                       size_t top)
{
    struct rec_set a = {0}, b = {0};
    struct cmp c = {.a_name = a_name, .b_name = b_name, .a = &a, .b = &b};
    int status = EXIT_USAGE;

    rec_set_scan(&a, &a_name, 1);
    rec_set_scan(&b, &b_name, 1);
    if (a.nbad == 0 && b.nbad == 0 && cmp_match(&c)) {
        if (as_json)
            cmp_print_json(&c, f, top, stdout);
        else
            cmp_print_md(&c, f, top, stdout);
        if (fflush(stdout) != 0 || ferror(stdout))
            cmd_error("standard output: %s", strerror(errno));
        else
            status = compare_conditions(&c, f) ? EXIT_FAIL : EXIT_OK;
    }
    cmp_free(&c);
    rec_set_free(&a);
    rec_set_free(&b);
    return status;
}

/* Parse the options and compare the two inputs. */
static int cmd_compare_exec(int argc, char **argv)
{
    static const struct option options[] = {{"format", required_argument, NULL, 'f'},
                                            {"fail-on", required_argument, NULL, 'F'},
                                            {"top", required_argument, NULL, 't'},
                                            {NULL, 0, NULL, 0}};
    struct cmp_fail_on f = {.calls = false, .share_pp = -1, .cycles_pct = -1};
    bool as_json = false;
    size_t top = COMPARE_DEFAULT_TOP;
    int c;

    optind = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":", options, NULL)) != -1) {
        switch (c) {
        case 'f':
            if (strcmp(optarg, "md") != 0 && strcmp(optarg, "json") != 0)
                return cmd_usage_error(&cmd_compare_entry, "unknown format: %s (md, json)", optarg);
            as_json = strcmp(optarg, "json") == 0;
            break;
        case 'F':
            if (!cmp_parse_fail_on(optarg, &f))
                return cmd_usage_error(&cmd_compare_entry,
                                       "bad --fail-on condition: %s (calls, share=PP, cycles=PCT)",
                                       optarg);
            break;
        case 't':
            if ((top = report_parse_top(optarg)) == 0)
                return cmd_usage_error(&cmd_compare_entry, "--top needs a whole number from 1: %s",
                                       optarg);
            break;
        case ':':
            return cmd_usage_error(&cmd_compare_entry, "%s needs a value", argv[optind - 1]);
        default:
            return cmd_usage_error(&cmd_compare_entry, "unknown option: %s", argv[optind - 1]);
        }
    }
    if (argc - optind != 2)
        return cmd_usage_error(&cmd_compare_entry, "give two profile sets, A and B");
    return compare_run(argv[optind], argv[optind + 1], as_json, &f, top);
}

const struct cmd_entry cmd_compare_entry = {
    .name = "compare",
    .usage = "[--format md|json] [--fail-on calls|share=PP|cycles=PCT[,...]] [--top N] A B",
    .summary = "compare two profile sets; exit 1 when a --fail-on condition holds",
    .exec = cmd_compare_exec,
};
