/* cmd-compare.c - `iccsprof compare`: two profile sets side by side, with
 * an exit status that a CI job can gate on. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "compare/compare.h"
#include "report/provenance.h"
#include "report/report.h"
#include "util/format.h"
#include "util/strlist.h"

/* --format's names. */
static const char *const compare_formats[] = {"md", "json", "svg", NULL};
enum compare_format { COMPARE_MD, COMPARE_JSON, COMPARE_SVG };

enum { COMPARE_OPT_FORMAT, COMPARE_OPT_FAIL_ON, COMPARE_OPT_NOISE, COMPARE_OPT_TOP };

static const struct cmd_option compare_options[] = {
    [COMPARE_OPT_FORMAT] = {.name = "format",
                            .kind = CMD_OPT_CHOICE,
                            .choices = compare_formats,
                            .def = "md",
                            .help = "Markdown tables, one JSON document, or an SVG chart of "
                                    "the hash, DRNG and other shares with A's and B's bars of "
                                    "each record side by side"},
    [COMPARE_OPT_FAIL_ON] = {.name = "fail-on",
                             .kind = CMD_OPT_STRING,
                             .metavar = "COND[,COND...]",
                             .def_note = "none: exit 0 whatever differs",
                             .help =
                                 "exit 1 when a condition holds for a matched pair: calls "
                                 "(calls per operation differ), share=PP (a share moved by more "
                                 "than PP percentage points), cycles=PCT (mean cycles grew by "
                                 "more than PCT %); may be repeated"},
    [COMPARE_OPT_NOISE] = {.name = "noise-threshold",
                           .kind = CMD_OPT_PERCENT,
                           .metavar = "PCT",
                           .lo = 0,
                           .hi = 100,
                           .def = "1%",
                           .help = "a difference of mean cycles smaller than PCT % of A's is not "
                                   "significant whatever the errors say: one build measured "
                                   "twice minutes apart moves by more than either run's errors "
                                   "state (0: judge by the errors alone)"},
    [COMPARE_OPT_TOP] = {.name = "top",
                         .kind = CMD_OPT_UINT,
                         .metavar = "N",
                         .lo = 1,
                         .hi = 1000000,
                         .def = "10",
                         .help = "call sites shown per matched pair"},
    {0},
};

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

static const char *const compare_helper_name[ICCSPROF_NHELPERS] = ICCSPROF_HELPER_NAMES;

/* The figure that makes condition COND hold for pair P, for the error
 * line: the calls per operation that differ, the share that moved, or
 * B/A. */
static char *compare_condition_value(char *buf, size_t size, enum cmp_condition cond,
                                     const struct cmp_pair *p)
{
    char a[FMT_CELL], b[FMT_CELL];
    struct cmp_share hash = cmp_hash_share(p), drng = cmp_drng_share(p);
    const struct cmp_share *moved = fabs(drng.diff) > fabs(hash.diff) ? &drng : &hash;

    buf[0] = '\0';
    if (cond == CMP_CALLS) {
        for (int h = 0; h < ICCSPROF_NHELPERS; h++) {
            size_t len = strlen(buf);

            if (cmp_helper_calls(p, h) == CMP_CALLS_DIFFER)
                snprintf(buf + len, size - len, "%s%s %s \xe2\x86\x92 %s", len > 0 ? ", " : "",
                         compare_helper_name[h], fmt_g3(a, sizeof a, p->a->helper[h].calls_per_op),
                         fmt_g3(b, sizeof b, p->b->helper[h].calls_per_op));
        }
        if (buf[0] == '\0')
            snprintf(
                buf, size, "calls beyond the shape table %s \xe2\x86\x92 %s",
                fmt_g3(a, sizeof a, (double)p->a->overflow_calls / (double)p->a->profile_calls),
                fmt_g3(b, sizeof b, (double)p->b->overflow_calls / (double)p->b->profile_calls));
    } else if (cond == CMP_SHARE)
        snprintf(buf, size, "%s share %s", moved == &drng ? "DRNG" : "hash",
                 fmt_pp(a, sizeof a, moved->diff));
    else
        snprintf(buf, size, "%.2fx", cmp_cycles_ratio(p));
    return buf;
}

/* Say on stderr which --fail-on conditions hold, one line each, with the
 * figure of each pair it holds for; whether any does. */
static bool compare_conditions(const struct cmp *c, const struct cmp_fail_on *f)
{
    bool any = false;
    char text[64], says[128], value[512];

    for (int k = 0; k < CMP_NCONDITIONS; k++) {
        size_t held = 0;

        for (size_t i = 0; i < c->npairs; i++) {
            const struct rec *a = c->pairs[i].a;

            if (!cmp_condition_holds(f, (enum cmp_condition)k, &c->pairs[i]))
                continue;
            if (held++ == 0)
                fprintf(stderr, "%s--fail-on %s holds, %s:", cmd_prefix(),
                        cmp_condition_text(text, sizeof text, f, (enum cmp_condition)k),
                        compare_condition_says(says, sizeof says, f, (enum cmp_condition)k));
            fprintf(
                stderr, "%s %s %s (%s)", held > 1 ? "," : "", a->instance, rec_op_name(a->op),
                compare_condition_value(value, sizeof value, (enum cmp_condition)k, &c->pairs[i]));
        }
        if (held > 0)
            fputc('\n', stderr);
        any |= held > 0;
    }
    return any;
}

/* False, after saying so, when C's sides are the very same files: a set
 * against itself is a slip of the command line, not a comparison; copies
 * are compared, with a note that nothing can differ. */
static bool compare_sides_apart(const struct cmp *c)
{
    const char *s = c->npairs == 1 ? "" : "s";

    switch (cmp_sides(c)) {
    case CMP_SIDES_SAME_FILES:
        cmd_error("A and B are the same record%s (%s and %s name the same files): "
                  "nothing to compare",
                  s, c->a_name, c->b_name);
        return false;
    case CMP_SIDES_COPIES:
        cmd_note("A and B hold the same %zu record%s, byte for byte: every difference "
                 "is zero",
                 c->npairs, s);
        return true;
    default:
        return true;
    }
}

/* The distinct scheme ids of SET, as "a, b", newly allocated. */
static char *compare_schemes(const struct rec_set *set)
{
    struct strlist ids = {0};
    char *all;

    for (size_t i = 0; i < set->n; i++)
        if (!strlist_has(&ids, set->recs[i]->scheme_id))
            strlist_add(&ids, set->recs[i]->scheme_id);
    all = strlist_join(&ids, ", ");
    strlist_free(&ids);
    return all;
}

/* False, after saying so, when C matched no record: sets that share no
 * scheme, instance and operation have nothing to compare, and empty
 * tables with exit 0 would pass a gate that compared nothing. */
static bool compare_sides_meet(const struct cmp *c)
{
    char *a, *b;

    if (c->npairs > 0)
        return true;
    a = compare_schemes(c->a);
    b = compare_schemes(c->b);
    cmd_error("%s and %s share no record (records match by scheme, instance and "
              "operation; A holds %zu records of %s, B %zu of %s): nothing to compare",
              c->a_name, c->b_name, c->a->n, a, c->b->n, b);
    free(a);
    free(b);
    return false;
}

/* Read both sides, match them, print, and judge the conditions; a
 * difference of mean cycles under NOISE_THRESHOLD of A's is not
 * significant. */
static int compare_run(char *a_name, char *b_name, enum compare_format format,
                       const struct cmp_fail_on *f, double noise_threshold, size_t top)
{
    struct rec_set a = {0}, b = {0};
    struct cmp c = {
        .a_name = a_name, .b_name = b_name, .noise_threshold = noise_threshold, .a = &a, .b = &b};
    struct provenance_svg svg;
    int status = EXIT_USAGE;

    rec_set_scan(&a, &a_name, 1);
    rec_set_scan(&b, &b_name, 1);
    if (a.nbad == 0 && b.nbad == 0 && cmp_match(&c) && compare_sides_meet(&c) &&
        compare_sides_apart(&c)) {
        if (format == COMPARE_JSON)
            cmp_print_json(&c, f, top, stdout);
        else if (format == COMPARE_SVG)
            cmp_print_svg(&c, provenance_svg_open(&svg));
        else
            cmp_print_md(&c, f, top, stdout);
        if (format == COMPARE_SVG)
            provenance_svg_close(&svg, stdout);
        status = compare_conditions(&c, f) ? EXIT_FAIL : EXIT_OK;
    }
    cmp_free(&c);
    rec_set_free(&a);
    rec_set_free(&b);
    return status;
}

/* Compare the two inputs under the --fail-on conditions given. */
static int cmd_compare_exec(const struct cmd_args *args)
{
    const struct cmd_value *fail_on = &args->opt[COMPARE_OPT_FAIL_ON];
    struct cmp_fail_on f = {.calls = false, .share_pp = -1, .cycles_pct = -1};

    for (unsigned i = 0; i < fail_on->given; i++)
        if (!cmp_parse_fail_on(fail_on->all[i], &f))
            return cmd_usage_error(&cmd_compare_entry,
                                   "bad --fail-on condition: %s (calls, share=PP, cycles=PCT)",
                                   fail_on->all[i]);
    if (args->argc != 2)
        return cmd_usage_error(&cmd_compare_entry, "give two profile sets, A and B");
    return compare_run(
        args->argv[0], args->argv[1], (enum compare_format)args->opt[COMPARE_OPT_FORMAT].num, &f,
        args->opt[COMPARE_OPT_NOISE].fraction, (size_t)args->opt[COMPARE_OPT_TOP].num);
}

const struct cmd_entry cmd_compare_entry = {
    .name = "compare",
    .operands = "A B",
    .summary = "compare two profile sets; exit 1 when a --fail-on condition holds",
    .options = compare_options,
    .exec = cmd_compare_exec,
    .quiet = "print the comparison and errors only: no notes",
    .verbose = "also name every record read, with its scheme, instance, operation and state",
};
