/* run-merge.c - the parts of a profile pass that several measuring
 * processes made, merged into one result (run-merge.h). */
#include "config.h"

#include <math.h>
#include <string.h>

#include "run-merge.h"

/* A number member of OBJ, 0 when it is not one. */
static double merge_num(json_t *obj, const char *key)
{
    return json_number_value(json_object_get(obj, key));
}

/* Add the number member KEY of FROM to INTO's: a whole number when both
 * are, else a real one; nothing when FROM has none. */
void run_merge_sum(json_t *into, json_t *from, const char *key)
{
    json_t *a = json_object_get(into, key), *b = json_object_get(from, key);

    if (!json_is_number(b))
        return;
    if (json_is_integer(a) && json_is_integer(b))
        json_object_set_new(into, key, json_integer(json_integer_value(a) + json_integer_value(b)));
    else if (json_is_number(a))
        json_object_set_new(into, key, json_real(json_number_value(a) + json_number_value(b)));
    else
        json_object_set(into, key, b);
}

/* Add the number members KEYS[] (NULL-ended) of FROM to INTO's. */
static void merge_sum_keys(json_t *into, json_t *from, const char *const *keys)
{
    for (; *keys != NULL; keys++)
        run_merge_sum(into, from, *keys);
}

/* Add every member of FROM, all numbers, to INTO's. */
static void merge_sum_all(json_t *into, json_t *from)
{
    const char *key;
    json_t *v;

    json_object_foreach(from, key, v) run_merge_sum(into, from, key);
}

/* What adds up in a row of counts and ticks: a helper's, a shape's, a
 * call site's. */
static const char *const merge_counts[] = {"calls",         "timed_calls",   "ticks",  "ticks_sq",
                                           "outlier_calls", "outlier_ticks", "nested", NULL};

/* Into A, the smaller (SMALLER true) or larger of the whole-number members
 * KEY of A and B that are not null. */
void run_merge_extreme(json_t *a, json_t *b, const char *key, int smaller)
{
    json_t *x = json_object_get(a, key), *y = json_object_get(b, key);

    if (!json_is_integer(y))
        return;
    if (!json_is_integer(x) || (smaller ? json_integer_value(y) < json_integer_value(x)
                                        : json_integer_value(y) > json_integer_value(x)))
        json_object_set(a, key, y);
}

/* INTO's member KEY as the mean of INTO's and FROM's, weighed by WA and WB. */
static void merge_mean(json_t *into, json_t *from, const char *key, double wa, double wb)
{
    if (wa + wb > 0)
        json_object_set_new(
            into, key,
            json_real((wa * merge_num(into, key) + wb * merge_num(from, key)) / (wa + wb)));
}

/* A distribution of calls per operation ({min, max, stddev}) of A's NA
 * operations, whose calls were CA, pooled into A with B's (NB, CB). */
static void merge_per_op(json_t *a, json_t *b, double na, double ca, double nb, double cb)
{
    double ma = na > 0 ? ca / na : 0, mb = nb > 0 ? cb / nb : 0, n = na + nb, m = (ca + cb) / n;
    double sa = merge_num(a, "stddev"), sb = merge_num(b, "stddev"), var;

    if (!json_is_object(a) || !json_is_object(b) || n < 2)
        return;
    var = ((na - 1) * sa * sa + (nb - 1) * sb * sb + na * (ma - m) * (ma - m) +
           nb * (mb - m) * (mb - m)) /
          (n - 1);
    run_merge_extreme(a, b, "min", 1);
    run_merge_extreme(a, b, "max", 0);
    json_object_set_new(a, "stddev", json_real(var > 0 ? sqrt(var) : 0));
}

/* A row of counts and ticks (a helper's or a shape's) of NA operations,
 * pooled into A with B's of NB, or with none when B is NULL (the row had
 * no calls in B's operations): sums, the fastest call, the calls per
 * operation. */
static void merge_row(json_t *a, json_t *b, double na, double nb)
{
    json_t *none = json_pack("{s:i, s:i, s:f}", "min", 0, "max", 0, "stddev", 0.0);
    double cb = b != NULL ? merge_num(b, "calls") : 0;

    merge_per_op(json_object_get(a, "per_op"), b != NULL ? json_object_get(b, "per_op") : none, na,
                 merge_num(a, "calls"), nb, cb);
    json_decref(none);
    if (b == NULL)
        return;
    if (merge_num(b, "timed_calls") > 0 && merge_num(a, "timed_calls") > 0)
        run_merge_extreme(a, b, "min_ticks", 1);
    else if (merge_num(b, "timed_calls") > 0)
        json_object_set(a, "min_ticks", json_object_get(b, "min_ticks"));
    merge_sum_keys(a, b, merge_counts);
}

/* Whether the members KEYS[] of A and B are equal. */
static int merge_same(json_t *a, json_t *b, const char *const *keys)
{
    for (; *keys != NULL; keys++)
        if (!json_equal(json_object_get(a, *keys), json_object_get(b, *keys)))
            return 0;
    return 1;
}

/* The element of LIST whose members KEYS[] are those of ROW, or NULL. */
static json_t *merge_find(json_t *list, json_t *row, const char *const *keys)
{
    size_t i;
    json_t *x;

    json_array_foreach(list, i, x) if (merge_same(x, row, keys)) return x;
    return NULL;
}

/* The shape table of B's NB operations pooled into A's of NA: a shape
 * that only one process met had no calls in the other's operations. */
static void merge_snapshot(json_t *a, json_t *b, double na, double nb)
{
    static const char *const shape_key[] = {"helper", "kind", "in_bits", "out_bits", NULL};
    json_t *shapes = json_object_get(a, "shapes"), *helpers = json_object_get(a, "helpers"), *x;
    json_t *theirs = json_object_get(b, "shapes"), *added = json_array();
    const char *name;
    size_t i;

    json_array_foreach(shapes, i, x) merge_row(x, merge_find(theirs, x, shape_key), na, nb);
    json_array_foreach(theirs, i, x)
    {
        json_t *row;

        if (merge_find(shapes, x, shape_key) != NULL)
            continue;
        row = json_deep_copy(x);
        merge_row(row, NULL, nb, na);
        json_array_append_new(added, row);
    }
    json_array_extend(shapes, added);
    json_decref(added);
    json_object_foreach(json_object_get(b, "helpers"), name, x)
        merge_row(json_object_get(helpers, name), x, na, nb);
    run_merge_sum(a, b, "total_calls");
}

/* The compensation and the tight loop's costs of B's NB operations
 * averaged into A's of NA; the added ticks' standard errors combined as
 * those of the mean they weigh into. */
static void merge_costs(json_t *a, json_t *b, double na, double nb)
{
    static const char *const overhead[] = {"inner_ticks", "outer_ticks", "untimed_outer_ticks",
                                           "callers_outer_ticks"};
    json_t *ca = json_object_get(a, "compensation"), *cb = json_object_get(b, "compensation");
    json_t *oa = json_object_get(a, "overhead"), *ob = json_object_get(b, "overhead");
    double sa = na * merge_num(ca, "added_ticks_stderr"),
           sb = nb * merge_num(cb, "added_ticks_stderr");

    json_object_set_new(ca, "paired",
                        json_boolean(json_is_true(json_object_get(ca, "paired")) &&
                                     json_is_true(json_object_get(cb, "paired"))));
    merge_mean(ca, cb, "added_ticks", na, nb);
    json_object_set_new(ca, "added_ticks_stderr", json_real(sqrt(sa * sa + sb * sb) / (na + nb)));
    for (size_t i = 0; i < sizeof overhead / sizeof overhead[0]; i++)
        merge_mean(oa, ob, overhead[i], na, nb);
}

/* The raw profile section B pooled into A. */
static void merge_raw(json_t *a, json_t *b)
{
    double na = merge_num(a, "calls"), nb = merge_num(b, "calls");
    json_t *processes = json_object_get(a, "processes");

    merge_snapshot(json_object_get(a, "snapshot"), json_object_get(b, "snapshot"), na, nb);
    merge_costs(a, b, na, nb);
    json_array_extend(json_object_get(a, "trials"), json_object_get(b, "trials"));
    run_merge_sum(a, b, "calls");
    run_merge_sum(a, b, "ticks");
    run_merge_sum(a, b, "baseline_ticks");
    merge_sum_all(json_object_get(a, "preempted"), json_object_get(b, "preempted"));
    json_object_set_new(
        a, "processes",
        json_integer(json_is_integer(processes) ? json_integer_value(processes) + 1 : 2));
}

/* Whether frames A and B are the same place: the same offset in the same
 * object (each process has its addresses of its own), or where no object
 * is known, the same address. */
static int merge_same_frame(json_t *a, json_t *b)
{
    static const char *const place[] = {"object", "offset", NULL};
    static const char *const address[] = {"address", NULL};

    return merge_same(a, b, json_is_string(json_object_get(a, "object")) ? place : address);
}

/* Whether call sites A and B are the same: the helper and every frame. */
static int merge_same_site(json_t *a, json_t *b)
{
    json_t *fa = json_object_get(a, "frames"), *fb = json_object_get(b, "frames");

    if (!json_equal(json_object_get(a, "helper"), json_object_get(b, "helper")) ||
        json_array_size(fa) != json_array_size(fb))
        return 0;
    for (size_t i = 0; i < json_array_size(fa); i++)
        if (!merge_same_frame(json_array_get(fa, i), json_array_get(fb, i)))
            return 0;
    return 1;
}

/* The rows of LIST (call sites or DRNG contexts) of B pooled into A's:
 * the same row (SAME) adds up, a new one joins while A holds fewer than
 * its "table", and one beyond goes to SPILL (A's table full). */
static void merge_rows(json_t *a, json_t *b, const char *list, int (*same)(json_t *, json_t *),
                       void (*spill)(json_t *a, json_t *row))
{
    json_t *rows = json_object_get(a, list), *x, *y;
    size_t table = (size_t)json_integer_value(json_object_get(a, "table")), i, j;

    json_array_foreach(json_object_get(b, list), i, x)
    {
        json_t *into = NULL;

        json_array_foreach(rows, j, y) if (same(y, x))
        {
            into = y;
            break;
        }
        if (into != NULL)
            merge_sum_keys(into, x, merge_counts);
        else if (json_array_size(rows) < table)
            json_array_append(rows, x);
        else
            spill(a, x);
    }
}

/* A call site beyond A's table: into its helper's overflow row. */
static void merge_site_spill(json_t *a, json_t *site)
{
    const char *helper = json_string_value(json_object_get(site, "helper"));

    merge_sum_keys(json_object_get(json_object_get(a, "overflow"), helper), site, merge_counts);
}

/* The call sites of B pooled into A's (null when not recorded). */
static void merge_sites(json_t *a, json_t *b)
{
    const char *name;
    json_t *v;

    if (!json_is_object(a) || !json_is_object(b))
        return;
    merge_rows(a, b, "sites", merge_same_site, merge_site_spill);
    json_object_foreach(json_object_get(b, "overflow"), name, v)
        merge_sum_keys(json_object_get(json_object_get(a, "overflow"), name), v, merge_counts);
}

/* A DRNG context beyond A's table: its calls into the others'. */
static void merge_context_spill(json_t *a, json_t *context)
{
    json_t *other = json_object_get(a, "other_calls");

    json_object_set_new(a, "other_calls",
                        json_integer(json_integer_value(other) +
                                     json_integer_value(json_object_get(context, "calls"))));
}

/* The DRNG contexts of B pooled into A's, matched by place. */
static void merge_drng(json_t *a, json_t *b)
{
    if (!json_is_object(a) || !json_is_object(b))
        return;
    merge_rows(a, b, "contexts", merge_same_frame, merge_context_spill);
    run_merge_sum(a, b, "other_calls");
}

/* The events of B's profile pass added to A's: the sums, and the counts
 * of its setup and its profile pass. */
static void merge_events(json_t *a, json_t *b)
{
    static const char *const sums[] = {"sign_failures_retried", "verify_rejections",
                                       "decaps_mismatches", "kex_mismatches"};
    json_t *pa = json_object_get(a, "passes"), *pb = json_object_get(b, "passes");

    for (size_t i = 0; i < sizeof sums / sizeof sums[0]; i++)
        run_merge_sum(a, b, sums[i]);
    merge_sum_all(json_object_get(pa, "setup"), json_object_get(pb, "setup"));
    merge_sum_all(json_object_get(pa, "profile"), json_object_get(pb, "profile"));
}

/* How B's part of the pass ran, added to A's: its calls and seconds, and
 * the precision both parts reach together (each a relative half-width,
 * combined as independent estimates of one share). */
static void merge_facts(json_t *a, json_t *b)
{
    static const char *const sums[] = {"warmup_calls", "seconds", "minimum_calls", "calls"};
    json_t *pa = json_object_get(a, "precision"), *pb = json_object_get(b, "precision");

    for (size_t i = 0; i < sizeof sums / sizeof sums[0]; i++)
        run_merge_sum(a, b, sums[i]);
    if (json_is_number(pa) && json_is_number(pb) && json_number_value(pa) > 0 &&
        json_number_value(pb) > 0) {
        double x = json_number_value(pa), y = json_number_value(pb);

        json_object_set_new(a, "precision", json_real(1 / sqrt(1 / (x * x) + 1 / (y * y))));
    } else {
        json_object_set_new(a, "precision", json_null());
    }
    /* a part that the budget cut short says so for the whole */
    if (json_equal(json_object_get(b, "stop"), json_string("max-seconds")))
        json_object_set(a, "stop", json_object_get(b, "stop"));
}

/* See run-merge.h. */
int run_merge_profile(json_t *into, json_t *from)
{
    json_t *a = json_object_get(into, "profile"), *b = json_object_get(from, "profile");

    if (!json_is_object(a) || !json_is_object(b))
        return -1;
    merge_raw(a, b);
    merge_sites(json_object_get(into, "sites"), json_object_get(from, "sites"));
    merge_drng(json_object_get(into, "drng"), json_object_get(from, "drng"));
    merge_events(json_object_get(into, "events"), json_object_get(from, "events"));
    merge_facts(json_object_get(json_object_get(into, "passes"), "profile"),
                json_object_get(json_object_get(from, "passes"), "profile"));
    run_merge_sum(json_object_get(into, "involuntary_switches"),
                  json_object_get(from, "involuntary_switches"), "profile");
    run_merge_extreme(into, from, "sig_observed_min", 1);
    run_merge_extreme(into, from, "sig_observed_max", 0);
    return 0;
}
