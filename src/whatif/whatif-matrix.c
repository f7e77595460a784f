/* whatif-matrix.c - a record's rows of the what-if matrix, projected:
 * the candidates and the placeholder timed at the record's shapes by the
 * measuring program (the costs request, protocol.h), then whatif-project's
 * arithmetic per candidate. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "measure/protocol.h"
#include "run/run-child.h"
#include "whatif/whatif-project.h"
#include "whatif/whatif.h"

/* The costs request gets at most this long. */
#define WI_COSTS_TIMEOUT 900.0

const char wi_method[] =
    "projected ticks per operation = the placeholder record's timed ticks per operation - "
    "sum over its hash shapes of calls per operation x (placeholder - candidate ticks per call), "
    "both timed as a median per call in one measuring process on this host with the counter of "
    "the record's wrappers, the candidate through the shim's length extension and the "
    "placeholder through the record's profiled library (candidate iccs), or, where that library "
    "is gone, the record's in-situ ticks per timed call (placeholder_cost in-situ, approximate); "
    "ratio = projected / timed ticks; cycles = ratio x the record's cycles per operation; a "
    "grouped shape class is costed at the midpoint of its lengths in whole bytes (approximate)";

/* A hash shape of a record as costed: its lengths and calls per operation. */
struct wi_shape {
    const struct rec_shape *row;
    long long in_bits, out_bits;
    double calls_per_op;
};

/* The path of record R's library KIND, if it is still there (whatif.h). */
const char *wi_record_library(const struct rec *r, const char *kind)
{
    const char *path = strcmp(kind, "plain") == 0 ? r->plain_path : r->profiled_path;

    return path != NULL && access(path, R_OK) == 0 ? path : NULL;
}

/* The hash shapes of R into SH (room for r->nshapes); their number, and
 * whether any is grouped in *GROUPED. */
static size_t wi_shapes(const struct rec *r, struct wi_shape *sh, bool *grouped)
{
    size_t n = 0;

    *grouped = false;
    for (size_t i = 0; i < r->nshapes; i++) {
        const struct rec_shape *s = &r->shapes[i];

        if (s->helper == ICCSPROF_DRNG || s->out_bits <= 0)
            continue;
        sh[n].row = s;
        sh[n].in_bits = s->grouped ? wp_representative(s->in_bits, s->in_bits_max) : s->in_bits;
        sh[n].out_bits = s->grouped ? wp_representative(s->out_bits, s->out_bits_max) : s->out_bits;
        if (sh[n].out_bits <= 0)
            sh[n].out_bits = s->out_bits;
        sh[n].calls_per_op = (double)s->calls / (double)r->profile_calls;
        *grouped |= s->grouped;
        n++;
    }
    return n;
}

/* Time the candidates of S at the N shapes SH in a measuring process,
 * after the placeholder of LIB (candidate 0); without LIB, all but the
 * control.  The result, or NULL after a message (or, interrupted by a
 * signal, with *STATUS set to 128 + the signal). */
static json_t *wi_costs(const struct rec *r, const struct wi_set *s, const char *lib,
                        const struct wi_shape *sh, size_t n, int *status)
{
    static const char *const helpers[] = ICCSPROF_HELPER_NAMES;
    json_t *cands = json_array(), *shapes = json_array(), *cfg;
    struct child_outcome out;

    /* the placeholder first, timed apart from the control, so that the
     * control's ratio shows how far two timings of one function differ */
    if (lib != NULL)
        json_array_append_new(cands,
                              json_pack("{s:s, s:s}", "candidate", "placeholder", "kind", "iccs"));
    for (size_t k = 0; k < s->n; k++)
        if (lib != NULL || strcmp(s->c[k].kind, "control") != 0)
            json_array_append_new(cands, wi_cand_spec(&s->c[k]));
    for (size_t j = 0; j < n; j++)
        json_array_append_new(
            shapes, json_pack("{s:s, s:I, s:I}", "helper", helpers[sh[j].row->helper], "in_bits",
                              (json_int_t)sh[j].in_bits, "out_bits", (json_int_t)sh[j].out_bits));
    if (json_array_size(cands) == 0 || n == 0) {
        json_decref(cands);
        json_decref(shapes);
        return json_pack("{s:s, s:f, s:[]}", "tick_source", r->tick_source, "tick_hz", r->tick_hz,
                         "costs");
    }
    cfg = json_pack("{s:s, s:o, s:o, s:o}", PROTOCOL_KEY_REQUEST, PROTOCOL_REQUEST_COSTS,
                    "profiled", lib != NULL ? json_string(lib) : json_null(), "candidates", cands,
                    "shapes", shapes);
    if (child_run(child_measure_path(), cfg, WI_COSTS_TIMEOUT, -1, NULL, NULL, &out) != 0) {
        cmd_error("%s: cannot start the measuring program: %s", child_measure_path(),
                  strerror(errno));
        json_decref(cfg);
        return NULL;
    }
    json_decref(cfg);
    if (out.status == CHILD_INTERRUPTED) {
        *status = 128 + out.signal;
        return NULL;
    }
    if (out.status != CHILD_OK) {
        cmd_error("%s: timing the candidates at its shapes: %s", r->path, out.message);
        return NULL;
    }
    return out.result;
}

/* The cost per call (in the record's ticks) of the candidate at position
 * K of the request at shape J, from RESULT; NAN when it is not there. */
static double wi_cost(json_t *result, size_t k, size_t j, double scale)
{
    size_t i;
    json_t *c;

    json_array_foreach(json_object_get(result, "costs"), i, c)
    {
        if ((size_t)json_integer_value(json_object_get(c, "candidate")) == k &&
            (size_t)json_integer_value(json_object_get(c, "shape")) == j)
            return json_number_value(json_object_get(c, "ticks")) * scale;
    }
    return NAN;
}

/* A row of R for candidate NAME, not yet projected nor measured. */
static json_t *wi_row(const struct rec *r, const char *name, bool in_situ)
{
    return json_pack("{s:s, s:s, s:s, s:s, s:f, s:n, s:n, s:n, s:b, s:s, s:s}", "scheme",
                     r->scheme_id, "instance", r->instance, "operation", rec_op_name(r->op),
                     "candidate", name, "placeholder_cycles", r->mean_cycles, "projected",
                     "measured", "difference_percent", "flagged", 0, "placeholder_cost",
                     in_situ ? "in-situ" : "microbenchmark", "cycles_source", r->cycles_source);
}

/* Project candidate C (position K in the request, or -1 for the control
 * without a library) into ROW. */
static void wi_fill(json_t *row, const struct rec *r, json_t *result, long k, double scale,
                    const struct wi_shape *sh, size_t n, bool approximate, bool in_situ)
{
    struct wp_shape *ws = calloc(n + 1, sizeof *ws);
    struct wp_result pr;
    double base = r->mean_seconds * r->tick_hz;

    for (size_t j = 0; j < n; j++) {
        const struct rec_shape *s = sh[j].row;

        ws[j].calls_per_op = sh[j].calls_per_op;
        ws[j].placeholder = in_situ ? (s->timed_calls > 0 ? s->ticks / (double)s->timed_calls : NAN)
                                    : wi_cost(result, 0, j, scale);
        ws[j].candidate = k < 0 ? ws[j].placeholder : wi_cost(result, (size_t)k, j, scale);
        if (isnan(ws[j].placeholder) || isnan(ws[j].candidate)) {
            json_object_set_new(row, "why",
                                json_sprintf("no cost of the %s at %s %lld bits in, %lld out "
                                             "(no timed call in the record)",
                                             isnan(ws[j].placeholder) ? "placeholder" : "candidate",
                                             (const char *[])ICCSPROF_HELPER_NAMES[s->helper],
                                             sh[j].in_bits, sh[j].out_bits));
            free(ws);
            return;
        }
    }
    if (wp_project(base, r->mean_cycles, ws, n, &pr) != 0)
        json_object_set_new(row, "why",
                            json_sprintf("the shapes' placeholder time exceeds the operation's "
                                         "timed ticks by more than %g %%: the placeholder's "
                                         "timing and the record's disagree",
                                         100 * WP_OVER_WHOLE));
    else
        json_object_set_new(
            row, "projected",
            json_pack("{s:f, s:f, s:b, s:b}", "cycles", pr.cycles, "ratio", pr.ratio, "approximate",
                      approximate || in_situ || pr.all_helpers, "as_all_helpers", pr.all_helpers));
    free(ws);
}

/* The projected rows of record R, one per candidate (whatif.h). */
json_t *wi_project(const struct rec *r, const struct wi_set *s, int *status)
{
    struct wi_shape *sh;
    const char *lib;
    json_t *result, *rows;
    bool grouped;
    size_t n;
    double scale = 1;
    long k;

    *status = EXIT_FAIL;
    if (!r->has_timing || !(r->mean_cycles > 0) || !(r->mean_seconds > 0) || !(r->tick_hz > 0)) {
        cmd_error("%s: %s %s has no timing to project from", r->path, r->instance,
                  rec_op_name(r->op));
        return NULL;
    }
    if (!r->has_profile || r->nshapes == 0 || r->profile_calls <= 0) {
        cmd_error("%s: %s %s has no shapes (the profile pass did not run), so nothing can be "
                  "projected",
                  r->path, r->instance, rec_op_name(r->op));
        return NULL;
    }
    sh = calloc(r->nshapes, sizeof *sh);
    n = wi_shapes(r, sh, &grouped);
    lib = wi_record_library(r, "profiled");
    if ((result = wi_costs(r, s, lib, sh, n, status)) == NULL) {
        free(sh);
        return NULL;
    }
    if (strcmp(json_string_value(json_object_get(result, "tick_source")), r->tick_source) != 0)
        scale = r->tick_hz / json_number_value(json_object_get(result, "tick_hz"));
    rows = json_array();
    k = lib != NULL ? 1 : 0; /* after the placeholder */
    for (size_t i = 0; i < s->n; i++) {
        bool control = strcmp(s->c[i].kind, "control") == 0;
        json_t *row = wi_row(r, s->c[i].name, lib == NULL);

        wi_fill(row, r, result, lib == NULL && control ? -1 : k, scale, sh, n, grouped,
                lib == NULL);
        if (lib != NULL || !control)
            k++;
        json_array_append_new(rows, row);
    }
    json_decref(result);
    free(sh);
    return rows;
}
