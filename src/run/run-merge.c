/* run-merge.c - the results of the profile pass's processes merged into
 * one (run-merge.h). */
#include "config.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "run/run-merge.h"

/* A number member of OBJ, integer or real; 0 when absent. */
static double merge_num(json_t *obj, const char *key)
{
    return json_number_value(json_object_get(obj, key));
}

/* Add member KEY of FROM to INTO's: an integer while both are. */
static void merge_add(json_t *into, json_t *from, const char *key)
{
    json_t *a = json_object_get(into, key), *b = json_object_get(from, key);

    if (!json_is_number(a) || !json_is_number(b))
        return;
    if (json_is_integer(a) && json_is_integer(b))
        json_object_set_new(into, key, json_integer(json_integer_value(a) + json_integer_value(b)));
    else
        json_object_set_new(into, key, json_real(json_number_value(a) + json_number_value(b)));
}

/* Add the members KEYS (NULL-ended) of FROM to INTO's. */
static void merge_add_all(json_t *into, json_t *from, const char *const *keys)
{
    for (; *keys != NULL; keys++)
        merge_add(into, from, *keys);
}

/* The smaller (SMALLER true) or larger of the integer members KEY of
 * INTO and FROM that are not null, into INTO. */
static void merge_extreme(json_t *into, json_t *from, const char *key, bool smaller)
{
    json_t *x = json_object_get(into, key), *y = json_object_get(from, key);

    if (!json_is_integer(y))
        return;
    if (!json_is_integer(x) || (smaller ? json_integer_value(y) < json_integer_value(x)
                                        : json_integer_value(y) > json_integer_value(x)))
        json_object_set(into, key, y);
}

/* The mean of the number members KEY of INTO and FROM, weighted by WA
 * and WB, into INTO: a figure each process measured for itself (what a
 * timed call's reads hold, what the instrumentation added to an
 * operation), taken over the operations it stands for. */
static void merge_weighted(json_t *into, json_t *from, const char *key, double wa, double wb)
{
    if (wa + wb > 0 && json_is_number(json_object_get(into, key)) &&
        json_is_number(json_object_get(from, key)))
        json_object_set_new(
            into, key,
            json_real((wa * merge_num(into, key) + wb * merge_num(from, key)) / (wa + wb)));
}

/* Merge the distribution FROM of a count that made CB calls over NB
 * operations into INTO, of CA calls over NA: the extremes, and the
 * standard deviation of the whole from the two sums of squares (each
 * sample's variance times n - 1, and its sum squared over n). */
static void merge_per_op(json_t *into, json_t *from, double ca, double na, double cb, double nb)
{
    double sa = merge_num(into, "stddev"), sb = merge_num(from, "stddev"), n = na + nb;
    double sq = (na > 1 ? (na - 1) * sa * sa : 0) + (nb > 1 ? (nb - 1) * sb * sb : 0) +
                (na > 0 ? ca * ca / na : 0) + (nb > 0 ? cb * cb / nb : 0);
    double var = n > 1 ? (sq - (ca + cb) * (ca + cb) / n) / (n - 1) : 0;

    merge_extreme(into, from, "min", true);
    merge_extreme(into, from, "max", false);
    json_object_set_new(into, "stddev", json_real(var > 0 ? sqrt(var) : 0.0));
}

/* A count made by none of NB operations: the distribution a shape one
 * process did not see has in that process. */
static json_t *merge_none(void)
{
    return json_pack("{s:i, s:i, s:f}", "min", 0, "max", 0, "stddev", 0.0);
}

/* Merge the totals of one helper FROM (over NB operations) into INTO
 * (over NA). */
static void merge_total(json_t *into, json_t *from, double na, double nb)
{
    static const char *const counts[] = {
        "calls",         "timed_calls", "ticks",      "outlier_calls",
        "outlier_ticks", "nested",      "warm_calls", NULL};

    merge_per_op(json_object_get(into, "per_op"), json_object_get(from, "per_op"),
                 merge_num(into, "calls"), na, merge_num(from, "calls"), nb);
    merge_add_all(into, from, counts);
}

/* Whether the raw shapes A and B are the same row of the table. */
static bool merge_same_shape(json_t *a, json_t *b)
{
    static const char *const key[] = {"helper", "kind", "in_bits", "out_bits"};

    for (size_t i = 0; i < sizeof key / sizeof key[0]; i++)
        if (!json_equal(json_object_get(a, key[i]), json_object_get(b, key[i])))
            return false;
    return true;
}

/* Merge the shape FROM (over NB operations; NULL: not seen there) into
 * INTO (over NA). */
static void merge_shape(json_t *into, json_t *from, double na, double nb)
{
    static const char *const counts[] = {"calls",         "timed_calls",   "ticks", "ticks_sq",
                                         "outlier_calls", "outlier_ticks", NULL};
    if (from == NULL) {
        json_t *none = merge_none();

        merge_per_op(json_object_get(into, "per_op"), none, merge_num(into, "calls"), na, 0, nb);
        json_decref(none);
        return;
    }
    if (merge_num(from, "timed_calls") > 0 &&
        (merge_num(into, "timed_calls") == 0 ||
         merge_num(from, "min_ticks") < merge_num(into, "min_ticks")))
        json_object_set(into, "min_ticks", json_object_get(from, "min_ticks"));
    merge_per_op(json_object_get(into, "per_op"), json_object_get(from, "per_op"),
                 merge_num(into, "calls"), na, merge_num(from, "calls"), nb);
    merge_add_all(into, from, counts);
}

/* The row of LIST that is the same shape as SHAPE, or NULL. */
static json_t *merge_find_shape(json_t *list, json_t *shape)
{
    json_t *s;
    size_t i;

    json_array_foreach(list, i, s) if (merge_same_shape(s, shape)) return s;
    return NULL;
}

/* Merge the shapes FROM (over NB operations) into INTO (over NA): each
 * row of either, with the calls of both. */
static void merge_shapes(json_t *into, json_t *from, double na, double nb)
{
    size_t n = json_array_size(into), i;
    json_t *s, *none;

    for (i = 0; i < n; i++) {
        s = json_array_get(into, i);
        merge_shape(s, merge_find_shape(from, s), na, nb);
    }
    json_array_foreach(from, i, s)
    {
        json_t *copy;

        if (merge_find_shape(into, s) != NULL)
            continue;
        copy = json_deep_copy(s);
        none = merge_none();
        merge_per_op(json_object_get(copy, "per_op"), none, merge_num(copy, "calls"), nb, 0, na);
        json_decref(none);
        json_array_append_new(into, copy);
    }
}

/* Merge the wrappers' snapshot FROM (over NB operations) into INTO (over
 * NA); the table's capacities are the same build's. */
static void merge_snapshot(json_t *into, json_t *from, double na, double nb)
{
    json_t *helpers = json_object_get(into, "helpers"), *total;
    const char *name;

    json_object_foreach(helpers, name, total)
        merge_total(total, json_object_get(json_object_get(from, "helpers"), name), na, nb);
    merge_shapes(json_object_get(into, "shapes"), json_object_get(from, "shapes"), na, nb);
    merge_add(into, from, "total_calls");
}

/* Merge the raw profile FROM into INTO, all but its played-back part:
 * the sums add, the snapshot's rows add, the trials follow each other,
 * and what each process measured of the instrumentation is averaged over
 * the operations. */
static void merge_profile(json_t *into, json_t *from)
{
    static const char *const overheads[] = {"inner_ticks", "outer_ticks", "untimed_outer_ticks",
                                            "callers_outer_ticks"};
    static const char *const sums[] = {"ticks", "baseline_ticks", NULL};
    static const char *const preempted[] = {"operations", "ticks", NULL};
    json_t *ca = json_object_get(into, "compensation"), *cb = json_object_get(from, "compensation");
    double na = merge_num(into, "calls"), nb = merge_num(from, "calls");
    double sa = merge_num(ca, "added_ticks_stderr"), sb = merge_num(cb, "added_ticks_stderr");

    merge_snapshot(json_object_get(into, "snapshot"), json_object_get(from, "snapshot"), na, nb);
    for (size_t i = 0; i < sizeof overheads / sizeof overheads[0]; i++)
        merge_weighted(json_object_get(into, "overhead"), json_object_get(from, "overhead"),
                       overheads[i], na, nb);
    merge_weighted(ca, cb, "added_ticks", na, nb);
    json_object_set_new(ca, "added_ticks_stderr",
                        json_real(na + nb > 0 ? hypot(na * sa, nb * sb) / (na + nb) : 0.0));
    json_object_set_new(ca, "paired",
                        json_boolean(json_is_true(json_object_get(ca, "paired")) &&
                                     json_is_true(json_object_get(cb, "paired"))));
    merge_add_all(into, from, sums);
    merge_add_all(json_object_get(into, "preempted"), json_object_get(from, "preempted"),
                  preempted);
    json_array_extend(json_object_get(into, "trials"), json_object_get(from, "trials"));
    merge_add(into, from, "calls");
}

/* Whether the raw frames A and B (of a call site, or a DRNG context) are
 * the same place: the same object and offset in it where known
 * (addresses move from one process to the next), else the same address. */
static bool merge_same_frame(json_t *a, json_t *b)
{
    if (json_is_string(json_object_get(a, "object")) ||
        json_is_string(json_object_get(b, "object")))
        return json_equal(json_object_get(a, "object"), json_object_get(b, "object")) &&
               json_equal(json_object_get(a, "offset"), json_object_get(b, "offset"));
    return json_equal(json_object_get(a, "address"), json_object_get(b, "address"));
}

/* Whether the raw call sites A and B are the same: the helper, and each
 * frame. */
static bool merge_same_site(json_t *a, json_t *b)
{
    json_t *fa = json_object_get(a, "frames"), *fb = json_object_get(b, "frames");

    if (!json_equal(json_object_get(a, "helper"), json_object_get(b, "helper")) ||
        json_array_size(fa) != json_array_size(fb))
        return false;
    for (size_t i = 0; i < json_array_size(fa); i++)
        if (!merge_same_frame(json_array_get(fa, i), json_array_get(fb, i)))
            return false;
    return true;
}

/* Add each element of FROM to the element of INTO that SAME says is the
 * same one, its members KEYS added, or append a copy of it. */
static void merge_list(json_t *into, json_t *from, bool (*same)(json_t *, json_t *),
                       const char *const *keys)
{
    size_t n = json_array_size(into), i;
    json_t *b;

    json_array_foreach(from, i, b)
    {
        size_t j = 0;

        while (j < n && !same(json_array_get(into, j), b))
            j++;
        if (j < n)
            merge_add_all(json_array_get(into, j), b, keys);
        else
            json_array_append_new(into, json_deep_copy(b));
    }
}

/* Merge the raw call sites FROM into INTO (either may be null: no
 * callers asked). */
static void merge_sites(json_t *into, json_t *from)
{
    static const char *const counts[] = {"calls", "timed_calls", "ticks", NULL};
    json_t *over = json_object_get(into, "overflow"), *v;
    const char *name;

    if (!json_is_object(into) || !json_is_object(from))
        return;
    merge_list(json_object_get(into, "sites"), json_object_get(from, "sites"), merge_same_site,
               counts);
    json_object_foreach(over, name, v)
        merge_add_all(v, json_object_get(json_object_get(from, "overflow"), name), counts);
}

/* Merge the raw DRNG section FROM into INTO: the contexts' draws by
 * where the context lies, and the draws beyond the table. */
static void merge_drng(json_t *into, json_t *from)
{
    static const char *const counts[] = {"calls", NULL};

    if (!json_is_object(into) || !json_is_object(from))
        return;
    if (json_is_array(json_object_get(into, "contexts")))
        merge_list(json_object_get(into, "contexts"), json_object_get(from, "contexts"),
                   merge_same_frame, counts);
    merge_add(into, from, "other_calls");
}

/* Merge the events and the account of pass PASS ("timing" or "profile")
 * of FROM into INTO: counts add; the pass's calls and seconds add, its
 * precision is the least precise process's (null: one had too few
 * values). */
static void merge_events(json_t *into, json_t *from, const char *pass_name)
{
    static const char *const sums[] = {"sign_failures_retried", "verify_rejections",
                                       "decaps_mismatches", "kex_mismatches", NULL};
    static const char *const pass[] = {
        "operations",        "signatures",        "sign_failures_retried",
        "verifications",     "verify_rejections", "decapsulations",
        "decaps_mismatches", "kex_mismatches",    NULL};
    static const char *const facts[] = {"warmup_calls", "seconds", "minimum_calls", "calls", NULL};
    json_t *ea = json_object_get(into, "events"), *eb = json_object_get(from, "events");
    json_t *pa = json_object_get(json_object_get(into, "passes"), pass_name);
    json_t *pb = json_object_get(json_object_get(from, "passes"), pass_name);
    json_t *prec = json_object_get(pb, "precision");

    merge_add_all(ea, eb, sums);
    merge_add_all(json_object_get(json_object_get(ea, "passes"), "setup"),
                  json_object_get(json_object_get(eb, "passes"), "setup"), pass);
    merge_add_all(json_object_get(json_object_get(ea, "passes"), pass_name),
                  json_object_get(json_object_get(eb, "passes"), pass_name), pass);
    merge_add(json_object_get(into, "involuntary_switches"),
              json_object_get(from, "involuntary_switches"), pass_name);
    merge_add_all(pa, pb, facts);
    if (json_is_null(prec) || (json_is_number(json_object_get(pa, "precision")) &&
                               json_number_value(prec) > merge_num(pa, "precision")))
        json_object_set(pa, "precision", prec);
    merge_extreme(into, from, "sig_observed_min", true);
    merge_extreme(into, from, "sig_observed_max", false);
}

/* The mean of the K played-back parts P (a process's whole, or its pairs
 * on one core) as one: the pairs added, the medians and the cost of
 * serving the tape averaged, and the standard error and the half-width
 * those of the average (root of the sum of squares, over K). */
static json_t *merge_mean(json_t *const *p, size_t k)
{
    static const char *const means[] = {"off_ticks", "removed_ticks", "played_ticks"};
    static const char *const errors[] = {"removed_ticks_stderr", "trials_half_width"};
    json_t *out = json_object();
    json_int_t pairs = 0;

    for (size_t j = 0; j < k; j++)
        pairs += json_integer_value(json_object_get(p[j], "pairs"));
    json_object_set_new(out, "pairs", json_integer(pairs));
    for (size_t m = 0; m < sizeof means / sizeof means[0]; m++) {
        double sum = 0;

        for (size_t j = 0; j < k && json_is_number(json_object_get(p[0], means[m])); j++)
            sum += merge_num(p[j], means[m]);
        if (json_is_number(json_object_get(p[0], means[m])))
            json_object_set_new(out, means[m], json_real(sum / (double)k));
    }
    for (size_t e = 0; e < sizeof errors / sizeof errors[0]; e++) {
        double sq = 0;

        for (size_t j = 0; j < k && json_is_number(json_object_get(p[0], errors[e])); j++)
            sq += merge_num(p[j], errors[e]) * merge_num(p[j], errors[e]);
        if (json_is_number(json_object_get(p[0], errors[e])))
            json_object_set_new(out, errors[e], json_real(sqrt(sq) / (double)k));
    }
    return out;
}

/* The cores of the K played-back parts P, each core's pairs of every
 * process that ran on it as one (merge_mean), in the order first met. */
static json_t *merge_cores(json_t *const *p, size_t k)
{
    json_t *cores = json_array(), *all = json_array(), *c, **on;
    size_t i;

    for (size_t j = 0; j < k; j++)
        json_array_extend(all, json_object_get(p[j], "cores"));
    on = calloc(json_array_size(all) + 1, sizeof *on);
    json_array_foreach(all, i, c)
    {
        json_t *cpu = json_object_get(c, "cpu"), *core;
        size_t n = 0, m = 0;

        while (m < i && !json_equal(json_object_get(json_array_get(all, m), "cpu"), cpu))
            m++;
        if (m < i)
            continue; /* its core was merged where it was first met */
        for (m = i; m < json_array_size(all); m++)
            if (json_equal(json_object_get(json_array_get(all, m), "cpu"), cpu))
                on[n++] = json_array_get(all, m);
        core = merge_mean(on, n);
        json_object_set(core, "cpu", cpu);
        json_array_append_new(cores, core);
    }
    free(on);
    json_decref(all);
    return cores;
}

/* The played-back part of the processes' raw profiles RAW (an array) as
 * one, from those that played back (a part with its twins' ticks); with
 * none, the first's, which says why. */
static json_t *merge_replay(json_t *raw)
{
    json_t **played = calloc(json_array_size(raw) + 1, sizeof *played), *out;
    size_t k = 0;

    for (size_t j = 0; j < json_array_size(raw); j++) {
        json_t *r = json_object_get(json_array_get(raw, j), "replay");

        if (json_is_number(json_object_get(r, "off_ticks")))
            played[k++] = r;
    }
    if (k == 0) {
        free(played);
        return json_deep_copy(json_object_get(json_array_get(raw, 0), "replay"));
    }
    out = merge_mean(played, k);
    json_object_set_new(out, "cores", merge_cores(played, k));
    json_object_set_new(out, "fault", json_null());
    free(played);
    return out;
}

/* Merge the profile processes' results. */
void run_merge_profiles(json_t *const *r, size_t n)
{
    json_t *processes, *into = r[0], *p = json_object_get(into, "profile");

    if (n < 2)
        return;
    processes = json_array();
    json_array_append_new(processes, json_deep_copy(p));
    for (size_t j = 1; j < n; j++) {
        merge_profile(p, json_object_get(r[j], "profile"));
        merge_sites(json_object_get(into, "sites"), json_object_get(r[j], "sites"));
        merge_drng(json_object_get(into, "drng"), json_object_get(r[j], "drng"));
        merge_events(into, r[j], "profile");
        merge_extreme(json_object_get(into, "memory"), json_object_get(r[j], "memory"),
                      "peak_rss_kib", false);
        json_array_append_new(processes, json_deep_copy(json_object_get(r[j], "profile")));
    }
    json_object_set_new(p, "replay", merge_replay(processes));
    json_object_set_new(p, "processes", processes);
}

/* Number each trial of TRIALS with process K. */
static void merge_number_trials(json_t *trials, size_t k)
{
    size_t i;
    json_t *t;

    json_array_foreach(trials, i, t)
    {
        json_object_set_new(t, "process", json_integer((json_int_t)k));
    }
}

/* Merge the timing processes' results. */
void run_merge_timings(json_t *const *r, size_t n)
{
    json_t *into = r[0], *t = json_object_get(into, "timing");
    json_t *trials = json_object_get(t, "trials");
    double cpu = merge_num(t, "cpu_share");

    if (n < 2)
        return;
    merge_number_trials(trials, 0);
    for (size_t j = 1; j < n; j++) {
        json_t *from = json_object_get(r[j], "timing");

        merge_number_trials(json_object_get(from, "trials"), j);
        json_array_extend(trials, json_object_get(from, "trials"));
        cpu += merge_num(from, "cpu_share");
        merge_events(into, r[j], "timing");
        merge_extreme(json_object_get(into, "memory"), json_object_get(r[j], "memory"),
                      "peak_rss_kib", false);
    }
    json_object_set_new(t, "cpu_share", json_real(cpu / (double)n));
}
