/* whatif-matrix.c - a record's rows of the what-if matrix, projected:
 * from the operation played back with each candidate (whatif-replay.c),
 * or where it cannot be, from the candidates and the placeholder timed at
 * the record's shapes by the measuring program (the costs request,
 * protocol.h) and whatif-project's arithmetic per candidate. */
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
    "method replay (the record's profiled library there to run): its operation run with the "
    "record's inputs in one measuring process, its hash helpers' outputs recorded and played back "
    "in rounds, plainly (P), with the placeholder hashing each call's message while the recorded "
    "output is returned (H) and likewise with each candidate (C), and unplayed (T), the plays of a "
    "round in turn and the rounds in 10 trials taking the cores in turn; per trial the medians of "
    "T, H - P and C - P; ratio = mean over the trials of (T - (H - P) + (C - P)) / T, half_width "
    "= its 95 % half-width (Student's t over the trials); method microbenchmark (the operation "
    "cannot be played back, or the library is gone): projected ticks per operation = the "
    "placeholder record's timed ticks per operation - sum over its hash shapes of calls per "
    "operation x (placeholder - candidate ticks per call), both timed as a median per call in one "
    "measuring process with the counter of the record's wrappers, or, where the library is gone, "
    "the record's in-situ ticks per timed call (placeholder_cost in-situ, approximate), a grouped "
    "shape class costed at the midpoint of its lengths in whole bytes (approximate); either way "
    "cycles = ratio x the record's cycles per operation, and calls_depend_on_hash where the "
    "calls per operation would not be the placeholder's with the candidate";

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
    json_t *cands = json_array(), *shapes = json_array(), *cfg, *result;
    char why[1200];

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
    if ((result = wi_request(cfg, WI_COSTS_TIMEOUT, status, why, sizeof why)) == NULL &&
        *status <= 128)
        cmd_error("%s: timing the candidates at its shapes: %s", r->path, why);
    return result;
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

/* A row of R for candidate NAME by METHOD ("replay", "microbenchmark";
 * the placeholder's cost COST), not yet projected nor measured. */
static json_t *wi_row(const struct rec *r, const char *name, const char *method, const char *cost)
{
    return json_pack("{s:s, s:s, s:s, s:s, s:s, s:f, s:n, s:n, s:n, s:b, s:s, s:s}", "scheme",
                     r->scheme_id, "instance", r->instance, "operation", rec_op_name(r->op),
                     "candidate", name, "method", method, "placeholder_cycles", r->mean_cycles,
                     "projected", "measured", "difference_percent", "flagged", 0,
                     "placeholder_cost", cost, "cycles_source", r->cycles_source);
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

/* The rows of record R, one per candidate of S, projected from the
 * shapes' costs (the microbenchmark), with the profiled library LIB or
 * without (NULL); NULL after a message, or with *STATUS 128 + a signal. */
static json_t *wi_project_costs(const struct rec *r, const struct wi_set *s, const char *lib,
                                int *status)
{
    struct wi_shape *sh = calloc(r->nshapes, sizeof *sh);
    json_t *result, *rows;
    bool grouped;
    size_t n = wi_shapes(r, sh, &grouped);
    double scale = 1;
    long k;

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
        json_t *row =
            wi_row(r, s->c[i].name, "microbenchmark", lib == NULL ? "in-situ" : "microbenchmark");

        wi_fill(row, r, result, lib == NULL && control ? -1 : k, scale, sh, n, grouped,
                lib == NULL);
        wi_calls_depend(row, r, &s->c[i], NULL, 0);
        if (lib != NULL || !control)
            k++;
        json_array_append_new(rows, row);
    }
    json_decref(result);
    free(sh);
    return rows;
}

/* The rows of record R, one per candidate of S, each played back with
 * its profiled library LIB (wi_replay); NULL with why in WHY at the first
 * that cannot be, or with *STATUS 128 + a signal. */
static json_t *wi_project_replay(const struct rec *r, const struct wi_set *s, const char *lib,
                                 int *status, char *why, size_t len)
{
    json_t *rows = json_array(), *result;

    for (size_t i = 0; i < s->n; i++) {
        json_t *row = wi_row(r, s->c[i].name, "replay", "replay");

        json_array_append_new(rows, row);
        if ((result = wi_replay(r, &s->c[i], lib, status, why, len)) == NULL) {
            json_decref(rows);
            return NULL;
        }
        wi_replay_fill(row, r, result, 1);
        wi_calls_depend(row, r, &s->c[i], result, 1);
        json_decref(result);
    }
    return rows;
}

/* The projected rows of record R, one per candidate (whatif.h): played
 * back where its profiled library is there and its operation repeats
 * itself, else from the microbenchmark, with a note saying why. */
json_t *wi_project(const struct rec *r, const struct wi_set *s, int *status)
{
    const char *lib;
    json_t *rows;
    char why[PROTOCOL_MESSAGE_MAX];

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
    if ((lib = wi_record_library(r, "profiled")) == NULL)
        return wi_project_costs(r, s, NULL, status);
    if ((rows = wi_project_replay(r, s, lib, status, why, sizeof why)) == NULL) {
        if (*status > 128)
            return NULL;
        cmd_note("%s: %s %s cannot be played back (%s): projected from the microbenchmark", r->path,
                 r->instance, rec_op_name(r->op), why);
        return wi_project_costs(r, s, lib, status);
    }
    return rows;
}
