/* compare-json.c - a comparison as one JSON object, with the content of
 * the Markdown form and the full-precision figures. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "compare/compare.h"
#include "report/flat.h"

static const char *const cmp_json_helper_name[ICCSPROF_NHELPERS] = ICCSPROF_HELPER_NAMES;

/* The values of attribute A on one side, as an array (null = unknown). */
static json_t *cmp_json_values(const struct cmp_attr *a, const struct rec_set *set)
{
    const char **values = calloc(set->n + 1, sizeof *values);
    size_t n = cmp_attr_values(a, set, values);
    json_t *arr = json_array();

    for (size_t i = 0; i < n; i++)
        json_array_append_new(arr, flat_string(values[i]));
    free(values);
    return arr;
}

/* The builds and hosts of both sides. */
static json_t *cmp_json_builds(const struct cmp *c)
{
    json_t *builds = json_object();
    size_t compared, differ;

    for (size_t i = 0; i < CMP_NATTRS; i++) {
        const struct cmp_attr *a = &cmp_attrs[i];

        json_object_set_new(builds, a->key,
                            json_pack("{s:o, s:o, s:b}", "a", cmp_json_values(a, c->a), "b",
                                      cmp_json_values(a, c->b), "same", cmp_attr_same(c, a)));
    }
    for (int profiled = 0; profiled <= 1; profiled++) {
        differ = cmp_libraries_differ(c, profiled, &compared);
        json_object_set_new(builds, profiled ? "profiled_libraries" : "plain_libraries",
                            json_pack("{s:I, s:I}", "compared", (json_int_t)compared, "differ",
                                      (json_int_t)differ));
    }
    return builds;
}

/* Set the fields of one share of a pair, named after PREFIX. */
static void cmp_json_share(json_t *row, const char *prefix, const struct cmp_share *s)
{
    char key[64];

    snprintf(key, sizeof key, "%s_a", prefix);
    json_object_set_new(row, key, s->known ? json_real(s->a) : json_null());
    snprintf(key, sizeof key, "%s_stderr_a", prefix);
    json_object_set_new(row, key, s->known ? json_real(s->se_a) : json_null());
    snprintf(key, sizeof key, "%s_b", prefix);
    json_object_set_new(row, key, s->known ? json_real(s->b) : json_null());
    snprintf(key, sizeof key, "%s_stderr_b", prefix);
    json_object_set_new(row, key, s->known ? json_real(s->se_b) : json_null());
    snprintf(key, sizeof key, "%s_uncertainty_a", prefix);
    json_object_set_new(row, key, s->known ? json_real(s->u_a) : json_null());
    snprintf(key, sizeof key, "%s_uncertainty_b", prefix);
    json_object_set_new(row, key, s->known ? json_real(s->u_b) : json_null());
    snprintf(key, sizeof key, "%s_diff_pp", prefix);
    json_object_set_new(row, key, s->known ? json_real(s->diff * 100) : json_null());
    snprintf(key, sizeof key, "%s_diff_margin_pp", prefix);
    json_object_set_new(row, key, s->known ? json_real(s->margin * 100) : json_null());
    snprintf(key, sizeof key, "%s_diff_below_pp", prefix);
    json_object_set_new(row, key, s->known ? json_real(s->margin_below * 100) : json_null());
    snprintf(key, sizeof key, "%s_diff_above_pp", prefix);
    json_object_set_new(row, key, s->known ? json_real(s->margin_above * 100) : json_null());
    snprintf(key, sizeof key, "%s_within_noise", prefix);
    json_object_set_new(row, key, json_boolean(s->noise));
}

/* Set NAME_a to A and NAME_b to B in ROW. */
static void cmp_json_sides(json_t *row, const char *name, json_t *a, json_t *b)
{
    char key[128]; /* names are the callers' keys, at most 64 bytes */

    snprintf(key, sizeof key, "%s_a", name);
    json_object_set_new(row, key, a);
    snprintf(key, sizeof key, "%s_b", name);
    json_object_set_new(row, key, b);
}

/* A count of record R for a row: null without a profile. */
static json_t *cmp_json_count(const struct rec *r, long long count)
{
    return r->has_profile ? json_integer(count) : json_null();
}

/* The timing processes record R was made in: one where it lists none. */
static int cmp_json_processes(const struct rec *r)
{
    return r->timing_processes > 1 ? r->timing_processes : 1;
}

/* The verdict C of P's mean cycles (cmp_cycles_compare) into ROW, a
 * string of enum cmp_cycles's order (null: not both timed), the record
 * whose cores' or processes' spread or whose lengthened timing it lies
 * within, and each record's CPU share, cores (their spread and whether
 * they disagree beyond their errors) and timing processes. */
static void cmp_json_cycles(json_t *row, const struct cmp_pair *p, enum cmp_cycles c)
{
    static const char *const verdict[] = {NULL,
                                          "same",
                                          "within the 95% interval",
                                          "within the cores' spread",
                                          "within the processes' spread",
                                          "within the time taken",
                                          "within the noise threshold",
                                          "the same code and inputs",
                                          "differ"};
    char cores[2] = {cmp_cycles_cores_side(p), '\0'};
    char stolen[2] = {cmp_cycles_stolen_side(p), '\0'};
    char processes[2] = {cmp_cycles_processes_side(p), '\0'};

    json_object_set_new(row, "cycles_verdict",
                        verdict[c] != NULL ? json_string(verdict[c]) : json_null());
    json_object_set_new(row, "cycles_within_cores_of",
                        c == CMP_CYCLES_WITHIN_CORES ? json_string(cores) : json_null());
    json_object_set_new(row, "cycles_within_processes_of",
                        c == CMP_CYCLES_WITHIN_PROCESSES ? json_string(processes) : json_null());
    json_object_set_new(row, "cycles_time_taken_from",
                        c == CMP_CYCLES_WITHIN_STOLEN ? json_string(stolen) : json_null());
    cmp_json_sides(row, "cpu_share", flat_number(p->a->cpu_share), flat_number(p->b->cpu_share));
    cmp_json_sides(row, "core_spread", flat_number(p->a->core_spread),
                   flat_number(p->b->core_spread));
    cmp_json_sides(row, "timing_processes", json_integer(cmp_json_processes(p->a)),
                   json_integer(cmp_json_processes(p->b)));
    cmp_json_sides(row, "cores_disagree", json_boolean(rec_cores_disagree(p->a)),
                   json_boolean(rec_cores_disagree(p->b)));
}

/* The flat row of one matched pair. */
static json_t *cmp_json_pair(const struct cmp_pair *p)
{
    const struct rec *a = p->a, *b = p->b;
    struct cmp_share hash = cmp_hash_share(p), drng = cmp_drng_share(p);
    enum cmp_cycles cycles = cmp_cycles_compare(p);
    json_t *row = json_object();
    char key[64];

    json_object_set_new(row, "scheme", json_string(a->scheme_id));
    json_object_set_new(row, "instance", json_string(a->instance));
    json_object_set_new(row, "operation", json_string(rec_op_name(a->op)));
    json_object_set_new(row, "type", json_string(rec_type_name(a->type)));
    json_object_set_new(row, "file_a", json_string(a->path));
    json_object_set_new(row, "file_b", json_string(b->path));
    json_object_set_new(row, "status_a", json_string(rec_state_name(a->state)));
    json_object_set_new(row, "status_b", json_string(rec_state_name(b->state)));
    json_object_set_new(row, "mean_cycles_a", flat_number(a->mean_cycles));
    json_object_set_new(row, "mean_cycles_b", flat_number(b->mean_cycles));
    json_object_set_new(row, "cycles_ratio", flat_number(cmp_cycles_ratio(p)));
    json_object_set_new(row, "cycles_ratio_halfwidth", flat_number(cmp_cycles_ratio_halfwidth(p)));
    json_object_set_new(row, "cycles_df", flat_number(cmp_cycles_df(p)));
    cmp_json_share(row, "hash_share", &hash);
    cmp_json_share(row, "drng_share", &drng);
    cmp_json_sides(row, "profile_calls", flat_count(a->profile_calls),
                   flat_count(b->profile_calls));
    cmp_json_sides(row, "calls_in_no_helper", cmp_json_count(a, a->overflow_calls),
                   cmp_json_count(b, b->overflow_calls));
    for (int h = 0; h < ICCSPROF_NHELPERS; h++) {
        snprintf(key, sizeof key, "%s_calls", cmp_json_helper_name[h]);
        cmp_json_sides(row, key, cmp_json_count(a, a->helper[h].calls),
                       cmp_json_count(b, b->helper[h].calls));
        snprintf(key, sizeof key, "%s_calls_per_op", cmp_json_helper_name[h]);
        cmp_json_sides(row, key,
                       a->has_profile ? json_real(a->helper[h].calls_per_op) : json_null(),
                       b->has_profile ? json_real(b->helper[h].calls_per_op) : json_null());
    }
    json_object_set_new(row, "calls_differ", json_boolean(cmp_calls_differ(p)));
    json_object_set_new(row, "calls_within_noise",
                        json_boolean(cmp_calls_compare(p) == CMP_CALLS_WITHIN_NOISE));
    json_object_set_new(row, "cycles_within_noise",
                        json_boolean(cycles != CMP_CYCLES_UNKNOWN && cycles != CMP_CYCLES_SAME &&
                                     cycles != CMP_CYCLES_DIFFER));
    cmp_json_cycles(row, p, cycles);
    return row;
}

/* The merged call sites of every pair, the top TOP of each. */
static json_t *cmp_json_sites(const struct cmp *c, size_t top)
{
    json_t *rows = json_array();

    for (size_t i = 0; i < c->npairs; i++) {
        const struct cmp_pair *p = &c->pairs[i];
        size_t n;
        struct cmp_site *sites = cmp_sites(p, &n);

        for (size_t k = 0; k < n && k < top; k++) {
            const struct cmp_site *s = &sites[k];

            json_array_append_new(
                rows, json_pack("{s:s, s:s, s:s, s:s, s:s, s:I, s:I, s:f, s:f, s:f, s:f, s:b}",
                                "scheme", p->a->scheme_id, "instance", p->a->instance, "operation",
                                rec_op_name(p->a->op), "helper", cmp_json_helper_name[s->helper],
                                "chain", s->names, "calls_a", (json_int_t)s->calls_a, "calls_b",
                                (json_int_t)s->calls_b, "calls_per_op_a", s->calls_per_op_a,
                                "calls_per_op_b", s->calls_per_op_b, "share_of_op_a", s->share_a,
                                "share_of_op_b", s->share_b, "calls_differ",
                                cmp_site_calls_differ(s, p)));
        }
        cmp_sites_free(sites, n);
    }
    return rows;
}

/* The records of one side only. */
static json_t *cmp_json_only(const struct rec *const *recs, size_t n)
{
    json_t *rows = json_array();

    for (size_t i = 0; i < n; i++)
        json_array_append_new(rows, json_pack("{s:s, s:s, s:s, s:s}", "scheme", recs[i]->scheme_id,
                                              "instance", recs[i]->instance, "operation",
                                              rec_op_name(recs[i]->op), "file", recs[i]->path));
    return rows;
}

/* The conditions set by --fail-on and the pairs each holds for. */
static json_t *cmp_json_conditions(const struct cmp *c, const struct cmp_fail_on *f)
{
    json_t *conditions = json_array();
    char text[64];

    for (int k = 0; k < CMP_NCONDITIONS; k++) {
        json_t *holds_for;

        if (!cmp_condition_set(f, (enum cmp_condition)k))
            continue;
        holds_for = json_array();
        for (size_t i = 0; i < c->npairs; i++)
            if (cmp_condition_holds(f, (enum cmp_condition)k, &c->pairs[i]))
                json_array_append_new(holds_for, json_pack("{s:s, s:s, s:s}", "scheme",
                                                           c->pairs[i].a->scheme_id, "instance",
                                                           c->pairs[i].a->instance, "operation",
                                                           rec_op_name(c->pairs[i].a->op)));
        json_array_append_new(
            conditions, json_pack("{s:s, s:b, s:o}", "condition",
                                  cmp_condition_text(text, sizeof text, f, (enum cmp_condition)k),
                                  "holds", json_array_size(holds_for) > 0, "records", holds_for));
    }
    return conditions;
}

/* Print C as one JSON object. */
void cmp_print_json(const struct cmp *c, const struct cmp_fail_on *f, size_t top, FILE *out)
{
    json_t *pairs = json_array(), *doc = flat_document(FLAT_COMPARE_SCHEMA), *body;

    for (size_t i = 0; i < c->npairs; i++)
        json_array_append_new(pairs, cmp_json_pair(&c->pairs[i]));
    body =
        json_pack("{s:{s:s, s:I}, s:{s:s, s:I}, s:o, s:o, s:o, s:o, s:o, s:o, s:f}", "a", "input",
                  c->a_name, "records", (json_int_t)c->a->n, "b", "input", c->b_name, "records",
                  (json_int_t)c->b->n, "builds", cmp_json_builds(c), "records", pairs, "call_sites",
                  cmp_json_sites(c, top), "only_a", cmp_json_only(c->only_a, c->nonly_a), "only_b",
                  cmp_json_only(c->only_b, c->nonly_b), "fail_on", cmp_json_conditions(c, f),
                  "noise_threshold", c->noise_threshold);
    json_object_update(doc, body);
    json_decref(body);
    flat_dump(doc, out);
    json_decref(doc);
}
