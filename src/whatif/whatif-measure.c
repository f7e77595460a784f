/* whatif-measure.c - a cell of the what-if matrix measured: the record's
 * profiled library run with the candidate behind each hash helper the
 * record calls, by `iccsprof run --substitute` in this process (the code
 * run uses), and its figure set beside the projection. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "whatif/whatif-project.h"
#include "whatif/whatif.h"

/* The --substitute value serving each hash helper R calls with C. */
static char *wi_substitute(const struct rec *r, const struct wi_cand *c)
{
    static const char *const helpers[] = ICCSPROF_HELPER_NAMES;
    struct strlist items = {0};
    char *spec;

    for (int h = 0; h < ICCSPROF_DRNG; h++)
        if (r->helper[h].calls > 0)
            strlist_addf(&items, "%s=%s", helpers[h], c->subst);
    spec = items.n > 0 ? strlist_join(&items, ",") : NULL;
    strlist_free(&items);
    return spec;
}

/* The library of KIND (plain, profiled) R was measured with, or NULL
 * after a message. */
static const char *wi_library_of(const struct rec *r, const char *kind)
{
    const char *lib = wi_record_library(r, kind);

    if (lib == NULL)
        cmd_error("%s: its %s library is not there to measure with", r->path, kind);
    return lib;
}

/* Whether the record DOC says its works-check passed: 1, 0, or -1 when
 * it does not say (a record failed by the works-check names it in its
 * status, having no verdict section). */
static int wi_works(json_t *doc)
{
    json_t *works = json_object_get(json_object_get(doc, "substitution"), "works");
    const char *msg = json_string_value(json_object_get(json_object_get(doc, "status"), "message"));

    if (json_is_object(works))
        return json_is_true(json_object_get(works, "passed"));
    return msg != NULL && strncmp(msg, "works-check failed", 18) == 0 ? 0 : -1;
}

/* Set ROW's measured ratio to RATIO (cycles with the placeholder's
 * cycles per operation), its basis and the difference to its projection. */
static void wi_measured_ratio(json_t *row, double ratio, const char *basis)
{
    json_t *m = json_object_get(row, "measured"), *p = json_object_get(row, "projected");
    double cycles = ratio * json_number_value(json_object_get(row, "placeholder_cycles"));

    json_object_set_new(m, "ratio", json_real(ratio));
    json_object_set_new(m, "cycles", json_real(cycles));
    json_object_set_new(m, "basis", json_string(basis));
    if (json_is_object(p)) {
        double d = wp_difference(json_number_value(json_object_get(p, "cycles")), cycles);

        json_object_set_new(row, "difference_percent", json_real(d));
        json_object_set_new(row, "flagged", json_boolean(wp_flagged(d, WHATIF_FLAG_PERCENT)));
    }
}

/* Whether the substituted record DOC's calls per operation differ from
 * the placeholder's (counts that depend on the hash's outputs), which
 * the projection, made at the placeholder's counts, cannot foresee. */
static bool wi_calls_differ(json_t *doc)
{
    const char *helper;
    json_t *counts;

    json_object_foreach(json_object_get(json_object_get(doc, "substitution"), "calls_per_op"),
                        helper, counts)
    {
        if (json_is_true(json_object_get(counts, "differs")))
            return true;
    }
    return false;
}

/* Set ROW's measurement from the record at OUT written with status RC. */
static int wi_measured(json_t *row, const char *out, int rc, const struct rec *r)
{
    json_t *doc = json_load_file(out, 0, NULL);
    json_t *timing = json_object_get(doc, "timing");
    double cycles = json_number_value(json_object_get(timing, "mean_cycles"));
    const char *cand = json_string_value(json_object_get(row, "candidate"));
    int works = wi_works(doc);

    if (works == 0) {
        json_object_set_new(row, "measured",
                            json_pack("{s:n, s:n, s:b}", "cycles", "ratio", "works", 0));
    } else if (works < 0 || !json_is_object(timing) || !(cycles > 0)) {
        json_decref(doc);
        cmd_error("%s %s with %s: the substituted run was not timed (iccsprof run exited %d)",
                  r->instance, rec_op_name(r->op), cand, rc);
        return rc != EXIT_OK ? rc : EXIT_FAIL;
    } else {
        json_object_set_new(row, "measured",
                            json_pack("{s:f, s:b, s:b}", "run_cycles", cycles, "works", 1,
                                      "calls_differ", wi_calls_differ(doc)));
    }
    json_decref(doc);
    return EXIT_OK;
}

/* The cycles per operation ROW's substituted run measured (0: none). */
static double wi_run_cycles(const json_t *row)
{
    return json_number_value(json_object_get(json_object_get(row, "measured"), "run_cycles"));
}

/* Whether ROW was measured and timed. */
static bool wi_timed(const json_t *row)
{
    const json_t *m = json_object_get(row, "measured");

    return json_is_true(json_object_get(m, "works")) && wi_run_cycles(row) > 0;
}

/* The measured rows on the control's basis (whatif.h). */
void wi_measured_basis(json_t *rows)
{
    json_t *control = NULL, *row;
    double base;
    size_t k;

    json_array_foreach(rows, k, row)
    {
        if (strcmp(json_string_value(json_object_get(row, "candidate")), "iccs") == 0 &&
            wi_timed(row))
            control = row;
    }
    base = control != NULL ? wi_run_cycles(control) : 0;
    json_array_foreach(rows, k, row)
    {
        double run = wi_run_cycles(row);

        if (!wi_timed(row))
            continue;
        if (control != NULL)
            wi_measured_ratio(row, run / base, "control");
        else
            wi_measured_ratio(
                row, run / json_number_value(json_object_get(row, "placeholder_cycles")), "record");
    }
}

/* The `iccsprof run` options that measure as record R was measured: its
 * method's trials, limits, targets and precision (off when it names none:
 * it was measured before there was one) and its inputs, added to ARGV
 * before the --run-flags, which come later and so override them. */
static void wi_record_settings(const struct rec *r, struct strlist *argv)
{
    static const struct {
        const char *section, *key, *option;
    } settings[] = {{"method", "trials", "--trials"},
                    {"method", "min_calls", "--min-calls"},
                    {"method", "target_seconds", "--target-seconds"},
                    {"method", "max_seconds", "--max-seconds"},
                    {"method", "profile_seconds", "--profile-seconds"},
                    {"method", "max_sign_attempts", "--max-sign-attempts"},
                    {"method", "timeout_seconds", "--timeout"},
                    {"inputs", "seed", "--seed"},
                    {"inputs", "message_bytes", "--message-bytes"}};
    json_t *doc = json_load_file(r->path, 0, NULL), *precision;

    for (size_t i = 0; i < sizeof settings / sizeof settings[0]; i++) {
        json_t *v = json_object_get(json_object_get(doc, settings[i].section), settings[i].key);

        if (json_is_integer(v))
            strlist_addf(argv, "%s=%" JSON_INTEGER_FORMAT, settings[i].option,
                         json_integer_value(v));
        else if (json_is_real(v))
            strlist_addf(argv, "%s=%.15g", settings[i].option, json_real_value(v));
        else if (json_is_string(v))
            strlist_addf(argv, "%s=%s", settings[i].option, json_string_value(v));
    }
    precision = json_object_get(json_object_get(doc, "method"), "precision");
    if (json_is_number(precision))
        strlist_addf(argv, "--precision=%.15g%%", json_number_value(precision) * 100);
    else
        strlist_add(argv, "--precision=off");
    json_decref(doc);
}

/* Run the substitution SPEC on the libraries PLAIN and LIB for ROW,
 * the record written under TMPDIR and removed. */
static int wi_measure_run(json_t *row, const struct rec *r, const char *plain, const char *lib,
                          const char *spec, const struct strlist *run_flags, const char *tmpdir,
                          wi_run_fn run)
{
    char *out = xasprintf("%s/measured.json", tmpdir), *log = xasprintf("%s/measured.log", tmpdir);
    struct strlist argv = {0};
    int rc;

    unlink(out);
    strlist_add(&argv, "run");
    strlist_add(&argv, "--plain");
    strlist_add(&argv, plain);
    strlist_add(&argv, "--profiled");
    strlist_add(&argv, lib);
    strlist_add(&argv, "--op");
    strlist_add(&argv, rec_op_name(r->op));
    strlist_add(&argv, "--scheme");
    strlist_add(&argv, r->scheme_id);
    strlist_add(&argv, "--instance");
    strlist_add(&argv, r->instance);
    strlist_add(&argv, "--substitute");
    strlist_add(&argv, spec);
    strlist_add(&argv, "--out");
    strlist_add(&argv, out);
    wi_record_settings(r, &argv);
    strlist_extend(&argv, run_flags);
    rc = wi_measured(row, out, run(&argv), r);
    unlink(out);
    unlink(log);
    strlist_free(&argv);
    free(out);
    free(log);
    return rc;
}

/* Measure ROW with its candidate substituted (whatif.h). */
int wi_measure(json_t *row, const struct rec *r, const struct wi_cand *c,
               const struct strlist *run_flags, const char *tmpdir, wi_run_fn run)
{
    char *spec = wi_substitute(r, c);
    const char *plain, *lib;
    int rc = EXIT_FAIL;

    if (spec == NULL) { /* nothing to substitute: the projection is the record */
        cmd_note("%s: %s %s calls no hash helper: not measured", r->path, r->instance,
                 rec_op_name(r->op));
        return EXIT_OK;
    }
    if ((plain = wi_library_of(r, "plain")) != NULL && (lib = wi_library_of(r, "profiled")) != NULL)
        rc = wi_measure_run(row, r, plain, lib, spec, run_flags, tmpdir, run);
    free(spec);
    return rc;
}
