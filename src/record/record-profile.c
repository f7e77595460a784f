/* record-profile.c - helper shares, shapes and call sites of a record. */
#include "config.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "iccsprof/wrap.h"
#include "record/record-profile.h"
#include "record/shares.h"
#include "record/symbolize.h"

static const char *const record_helper[ICCSPROF_NHELPERS] = ICCSPROF_HELPER_NAMES;

/* A shape more than this fraction of whose timed calls were set apart as
 * outliers is marked: its estimate rests on fewer calls than it seems,
 * taken on a machine busy enough to matter. */
#define RECORD_OUTLIER_FRACTION 0.02

/* What a timed call's tick reads hold inside an operation is taken as
 * what they hold in the wrappers' tight loop (inner_ticks), give or take
 * this part of it: the work around a call overlaps the fences and the
 * reads differently from one operation, one layout, to the next (`make
 * bench` part 3 finds the timed region of a call −38 to +36 ticks beyond
 * its true cost, with inner_ticks near 40).  A rectangular distribution
 * of that half-range has a standard uncertainty of half-range / sqrt 3. */
#define RECORD_READS_HALF_RANGE 0.5

/* Index of a helper name, or -1. */
static int record_helper_index(const char *name)
{
    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        if (name != NULL && strcmp(name, record_helper[h]) == 0)
            return h;
    return -1;
}

/* An unsigned member of a raw object. */
static uint64_t record_u64(json_t *obj, const char *key)
{
    return (uint64_t)json_integer_value(json_object_get(obj, key));
}

/* A numeric member of a raw object, integer or real. */
static double record_num(json_t *obj, const char *key)
{
    return json_number_value(json_object_get(obj, key));
}

/* The raw sums of a shape or a call site. */
static struct share_sums record_sums(json_t *obj)
{
    struct share_sums s = {record_u64(obj, "calls"), record_u64(obj, "timed_calls"),
                           record_num(obj, "ticks"), record_num(obj, "ticks_sq")};

    return s;
}

/* Whether a raw row groups several keys (a class or a rest). */
static bool record_grouped(json_t *shape)
{
    const char *kind = json_string_value(json_object_get(shape, "kind"));

    return kind != NULL && strcmp(kind, "exact") != 0;
}

/* What the helpers' figures rest on: per helper, the estimated time of
 * its rows (each row's mean of timed calls times its calls, so that
 * sampling stays stratified by shape) and the calls of its grouped rows;
 * the grouped rows in all. */
struct record_rows {
    struct share_estimate est[ICCSPROF_NHELPERS];
    uint64_t grouped_calls[ICCSPROF_NHELPERS], grouped_rows;
};

/* Sum the raw rows of SNAP per helper. */
static void record_sum_rows(json_t *snap, struct record_rows *r)
{
    json_t *shape;
    size_t i;

    memset(r, 0, sizeof *r);
    json_array_foreach(json_object_get(snap, "shapes"), i, shape)
    {
        int h = record_helper_index(json_string_value(json_object_get(shape, "helper")));
        struct share_sums s = record_sums(shape);
        struct share_estimate e = share_estimate(&s);

        if (h < 0)
            continue;
        share_add(&r->est[h], &e);
        if (record_grouped(shape)) {
            r->grouped_calls[h] += s.calls;
            r->grouped_rows++;
        }
    }
}

/* The totals of helper H in the raw snapshot SNAP. */
static json_t *record_total(json_t *snap, int h)
{
    return json_object_get(json_object_get(snap, "helpers"), record_helper[h]);
}

/* The count FIELD of every helper's totals in SNAP, summed. */
static uint64_t record_totals_sum(json_t *snap, const char *field)
{
    uint64_t sum = 0;

    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        sum += record_u64(record_total(snap, h), field);
    return sum;
}

/* Why the compensation of RAW cannot be trusted, or NULL when it can
 * (see share_doubt). */
static const char *record_untrusted(json_t *raw)
{
    json_t *c = json_object_get(raw, "compensation"), *snap = json_object_get(raw, "snapshot");
    double inner = record_num(json_object_get(raw, "overhead"), "inner_ticks"), helpers = 0;
    struct record_rows rows;

    if (c == NULL)
        return NULL;
    record_sum_rows(snap, &rows);
    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        helpers += rows.est[h].ticks - (double)record_u64(record_total(snap, h), "calls") * inner;
    return share_doubt(record_num(c, "added_ticks"), record_num(raw, "baseline_ticks"), helpers);
}

/* The basis of every share of RAW: the operations' ticks with the
 * wrappers on and off, both less the ticks the scheduler took from them,
 * and the inner cost of a timed call; *TIMED_OUT gets the timed calls of
 * every helper, from their totals, and *WHY why the compensation cannot
 * be trusted (NULL when it can).  A compensation that cannot be trusted
 * is not applied: the shares are then the raw ones. */
static struct share_basis record_basis(json_t *raw, uint64_t *timed_out, const char **why)
{
    double op_ticks =
        record_num(raw, "ticks") - record_num(json_object_get(raw, "preempted"), "ticks");

    *timed_out = record_totals_sum(json_object_get(raw, "snapshot"), "timed_calls");
    if ((*why = record_untrusted(raw)) != NULL)
        return share_basis(op_ticks, op_ticks, 0);
    return share_basis(op_ticks, record_num(raw, "baseline_ticks"),
                       record_num(json_object_get(raw, "overhead"), "inner_ticks"));
}

/* Whether a shape's outliers are more than RECORD_OUTLIER_FRACTION of
 * its timed calls. */
static bool record_many_outliers(json_t *shape)
{
    double outliers = (double)record_u64(shape, "outlier_calls");

    return outliers >
           RECORD_OUTLIER_FRACTION * (outliers + (double)record_u64(shape, "timed_calls"));
}

/* The outliers section of sampling: the rule, the calls and ticks set
 * apart (the helpers' totals), and the shapes marked for having many. */
static json_t *record_outliers(json_t *raw)
{
    json_t *rule = json_object_get(json_object_get(raw, "sampling"), "outliers"), *shape;
    json_t *snap = json_object_get(raw, "snapshot");
    uint64_t calls = record_totals_sum(snap, "outlier_calls");
    uint64_t ticks = record_totals_sum(snap, "outlier_ticks"), marked = 0;
    size_t i;

    json_array_foreach(json_object_get(snap, "shapes"), i, shape) marked +=
        record_many_outliers(shape);
    return json_pack("{s:O, s:O, s:f, s:I, s:I, s:I}", "multiple",
                     json_object_get(rule, "multiple"), "margin_ticks",
                     json_object_get(rule, "margin_ticks"), "max_fraction", RECORD_OUTLIER_FRACTION,
                     "calls", (json_int_t)calls, "ticks", (json_int_t)ticks, "shapes_marked",
                     (json_int_t)marked);
}

/* The compensation section: how the instrumentation's cost was measured
 * and whether it was taken off (WHY not, as record_basis said). */
static json_t *record_compensation(json_t *raw, const char *why)
{
    json_t *c = json_object_get(raw, "compensation");

    return json_pack("{s:O, s:O, s:O, s:b, s:o}", "paired", json_object_get(c, "paired"),
                     "added_ticks", json_object_get(c, "added_ticks"), "added_ticks_stderr",
                     json_object_get(c, "added_ticks_stderr"), "applied", why == NULL, "reason",
                     why != NULL ? json_string(why) : json_null());
}

/* The distribution of a count from the raw {min, max, stddev} D over OPS
 * operations, into ROW: calls_min, calls_max, calls_stddev and the
 * standard error of the mean per operation; both null below two
 * operations, whose count may or may not vary: one cannot tell. */
static void record_per_op(json_t *row, json_t *d, uint64_t ops)
{
    double sd = record_num(d, "stddev");

    json_object_set(row, "calls_min", json_object_get(d, "min"));
    json_object_set(row, "calls_max", json_object_get(d, "max"));
    json_object_set_new(row, "calls_stddev", ops > 1 ? json_real(sd) : json_null());
    json_object_set_new(row, "calls_per_op_stderr",
                        ops > 1 ? json_real(sd / sqrt((double)ops)) : json_null());
}

/* Order shapes by estimated time, largest first. */
static int record_by_estimate(const void *a, const void *b)
{
    double x = json_real_value(json_object_get(*(json_t *const *)a, "estimate"));
    double y = json_real_value(json_object_get(*(json_t *const *)b, "estimate"));

    return (x < y) - (x > y);
}

/* The upper bound of a raw row's KEY bits ("in_bits" or "out_bits"): a
 * key's own bits, the top of a class [b, 2b - 1] (0 for the class of 0),
 * null for a rest, which has none. */
static json_t *record_bound(json_t *shape, const char *key)
{
    const char *kind = json_string_value(json_object_get(shape, "kind"));
    uint64_t b = record_u64(shape, key);

    if (kind != NULL && strcmp(kind, "rest") == 0)
        return json_null();
    if (kind != NULL && strcmp(kind, "class") == 0 && b != 0)
        return json_integer((json_int_t)(2 * b - 1));
    return json_integer((json_int_t)b);
}

/* One row of the record's shapes from a raw row, with its estimated
 * time as "estimate", the sort key. */
static json_t *record_shape(json_t *shape, uint64_t ops)
{
    struct share_sums s = record_sums(shape);
    struct share_estimate e = share_estimate(&s);
    json_t *row =
        json_pack("{s:O, s:b, s:O, s:o, s:O, s:o, s:O, s:O, s:O, s:f}", "helper",
                  json_object_get(shape, "helper"), "grouped", record_grouped(shape), "in_bits",
                  json_object_get(shape, "in_bits"), "in_bits_max", record_bound(shape, "in_bits"),
                  "out_bits", json_object_get(shape, "out_bits"), "out_bits_max",
                  record_bound(shape, "out_bits"), "calls", json_object_get(shape, "calls"),
                  "timed_calls", json_object_get(shape, "timed_calls"), "ticks",
                  json_object_get(shape, "ticks"), "estimate", e.ticks);

    json_object_set(row, "outlier_calls", json_object_get(shape, "outlier_calls"));
    json_object_set(row, "outlier_ticks", json_object_get(shape, "outlier_ticks"));
    json_object_set(row, "min_ticks", json_object_get(shape, "min_ticks"));
    json_object_set_new(row, "many_outliers", json_boolean(record_many_outliers(shape)));
    if (json_is_object(json_object_get(shape, "per_op")))
        record_per_op(row, json_object_get(shape, "per_op"), ops);
    return row;
}

/* The shapes sorted by estimated time, without the sort key, each with
 * the distribution of its calls over the OPS operations. */
static json_t *record_shapes(json_t *raw_shapes, uint64_t ops)
{
    size_t n = json_array_size(raw_shapes), i;
    json_t **rows = calloc(n ? n : 1, sizeof *rows), *shapes = json_array(), *shape;

    json_array_foreach(raw_shapes, i, shape) rows[i] = record_shape(shape, ops);
    qsort(rows, n, sizeof *rows, record_by_estimate);
    for (i = 0; i < n; i++) {
        json_object_del(rows[i], "estimate");
        json_array_append_new(shapes, rows[i]);
    }
    free(rows);
    return shapes;
}

/* The row of helper H: its totals (exact whatever the shape table held),
 * its estimated time and shares on basis B, over OPS operations. */
static json_t *record_helper_row(json_t *snap, int h, const struct record_rows *rows,
                                 const struct share_basis *b, uint64_t ops)
{
    json_t *total = record_total(snap, h), *d = json_object_get(total, "per_op");
    uint64_t calls = record_u64(total, "calls");
    const struct share_estimate *e = &rows->est[h];
    json_t *row = json_pack("{s:I, s:f, s:O, s:f, s:f, s:f, s:f, s:O}", "calls", (json_int_t)calls,
                            "calls_per_op", ops ? (double)calls / (double)ops : 0.0, "timed_calls",
                            json_object_get(total, "timed_calls"), "ticks", e->ticks, "share_raw",
                            share_raw(b, e), "share", share_of(b, e, calls), "share_stderr",
                            share_stderr(b, e), "nested_calls", json_object_get(total, "nested"));

    if (d != NULL)
        record_per_op(row, d, ops);
    json_object_set(row, "outlier_calls", json_object_get(total, "outlier_calls"));
    json_object_set(row, "outlier_ticks", json_object_get(total, "outlier_ticks"));
    json_object_set_new(row, "grouped_calls", json_integer((json_int_t)rows->grouped_calls[h]));
    return row;
}

/* The share of GROUP ("hash" or "drng") in one TRIAL of the profile
 * pass (see share_of_trial); INNER < 0 when the pass's compensation is
 * not applied. */
static double record_trial_share(json_t *trial, const char *group, double inner)
{
    char ticks_key[16], calls_key[16];
    struct share_trial t = {record_num(trial, "pairs"), record_num(trial, "ticks"),
                            record_num(trial, "added_ticks"), 0, 0};

    snprintf(ticks_key, sizeof ticks_key, "%s_ticks", group);
    snprintf(calls_key, sizeof calls_key, "%s_calls", group);
    t.helper_ticks = record_num(trial, ticks_key);
    t.helper_calls = record_num(trial, calls_key);
    return share_of_trial(&t, inner);
}

/* The standard error a share of CALLS helper calls over the basis B gets
 * from what their tick reads hold inside the operation, RAW's inner cost
 * give or take RECORD_READS_HALF_RANGE of it: alike in every trial, so
 * that their spread cannot show it. */
static double record_reads_stderr(json_t *raw, const struct share_basis *b, double calls)
{
    double inner = record_num(json_object_get(raw, "overhead"), "inner_ticks");

    if (b->baseline_ticks <= 0)
        return 0;
    return calls * RECORD_READS_HALF_RANGE * inner / sqrt(3.0) / b->baseline_ticks;
}

/* Add to PROFILE each share's uncertainty (shares.h) and the trials it
 * comes from: the shares of each group in each trial of RAW's profile
 * pass, with the group's sampling standard error SE[g], the reads' (see
 * record_reads_stderr, for the group's CALLS[g] calls) beside it, and the
 * compensation's (none when it was not applied: UNTRUSTED), over the
 * basis B. */
static void record_uncertainty(json_t *profile, json_t *raw, const struct share_basis *b,
                               const double *se, const double *calls, bool untrusted)
{
    static const char *const group[] = {"hash", "drng"};
    json_t *trials = json_object_get(raw, "trials"), *t;
    size_t n = json_array_size(trials), i;
    double *v = calloc(n ? n : 1, sizeof *v), inner = untrusted ? -1 : b->inner;
    double added_se = record_num(json_object_get(raw, "compensation"), "added_ticks_stderr");
    json_t *section = json_pack("{s:f, s:I}", "level", 0.95, "count", (json_int_t)n);

    for (int g = 0; g < 2; g++) {
        char key[32];
        json_t *list = json_array();
        double share = record_num(profile, g == 0 ? "hash_share" : "drng_share");
        double comp =
            inner < 0 ? 0 : share_compensation_stderr(b, share, record_num(raw, "calls"), added_se);
        double beside = hypot(se[g], record_reads_stderr(raw, b, calls[g]));

        json_array_foreach(trials, i, t)
        {
            v[i] = record_trial_share(t, group[g], inner);
            json_array_append_new(list, json_real(v[i]));
        }
        snprintf(key, sizeof key, "%s_shares", group[g]);
        json_object_set_new(section, key, list);
        snprintf(key, sizeof key, "%s_share_uncertainty", group[g]);
        json_object_set_new(profile, key, json_real(share_uncertainty(v, n, beside, comp)));
    }
    json_object_set_new(profile, "trials", section);
    free(v);
}

/* The share the pairs on each core give, into C's cores: what playing
 * the helpers' outputs back took off an operation over its twin's ticks
 * with the wrappers off (medians of the pairs), cut to [0, 1]; their
 * mean, the share of the machine and not of one of its cores, into
 * *SHARE, and its standard error, from each core's removed ticks', into
 * *SE.  False when no core has pairs. */
static bool record_replay_cores(json_t *cores, double *share, double *se)
{
    double sum = 0, var = 0;
    size_t k = json_array_size(cores), i;
    json_t *c;

    json_array_foreach(cores, i, c)
    {
        double off = record_num(c, "off_ticks");
        double x = off > 0 ? fmin(1, fmax(0, record_num(c, "removed_ticks") / off)) : 0;
        double e = off > 0 ? record_num(c, "removed_ticks_stderr") / off : 1;

        json_object_set_new(c, "share", json_real(x));
        sum += x;
        var += e * e;
    }
    if (k == 0)
        return false;
    *share = sum / (double)k;
    *se = fmin(1, sqrt(var) / (double)k);
    return true;
}

/* The hash share the played operations give (profile.replay): the mean
 * of the shares the pairs give on each core the trials took in turn
 * (record_replay_cores); its standard error; its statistical 95 %
 * half-width, the larger of 1.96 of those and the trials' (what moves the
 * share within the run, the cores' difference with it); and the bias
 * bound, what serving T's recording costs (played_ticks, over the twin's
 * median ticks): a played operation still spends up to that in its
 * helpers, so that the share can only read low, by as much at most.  The
 * interval is therefore asymmetric: share_lower is the share less the
 * statistical half-width, share_upper the share plus that and the whole
 * bound (a bound, not an error that averages out with the other);
 * share_uncertainty, the two in quadrature, is the symmetric half-width
 * readers of version 5 know.  Each is a fraction of the operation.  RAW's
 * replay section is kept beside, each core with its share; with only its
 * fault, the share is null. */
static json_t *record_replay(json_t *raw)
{
    json_t *r = json_object_get(raw, "replay"), *out = json_deep_copy(r);
    double off = record_num(r, "off_ticks"), share, se, stat, bias;

    if (!(off > 0)) { /* only a fault: nothing was played back */
        json_object_set_new(out, "share", json_null());
        return out;
    }
    if (!record_replay_cores(json_object_get(out, "cores"), &share, &se)) {
        json_object_set_new(out, "share", json_null());
        json_object_set_new(out, "fault", json_string("its pairs name no core"));
        return out;
    }
    stat = fmax(1.96 * se, record_num(r, "trials_half_width"));
    bias = record_num(r, "played_ticks") / off;
    json_object_set_new(out, "share", json_real(share));
    json_object_set_new(out, "share_stderr", json_real(se));
    json_object_set_new(out, "share_uncertainty", json_real(fmin(1, hypot(stat, bias))));
    json_object_set_new(out, "share_lower", json_real(fmax(0, share - stat)));
    json_object_set_new(out, "share_upper", json_real(fmin(1, share + stat + bias)));
    return out;
}

/* The record's profile section from the measuring process's raw one.  A
 * baseline the measured cost would leave below zero is written as 0: the
 * compensation is then not applied, and its reason says why. */
json_t *record_profile(json_t *raw)
{
    json_t *snap = json_object_get(raw, "snapshot"), *helpers = json_object();
    json_t *table = json_object_get(snap, "table");
    struct share_estimate hash = {0, 0};
    struct record_rows rows;
    uint64_t hash_calls = 0, grouped_calls = 0, all_timed, ops = record_u64(raw, "calls");
    uint64_t drng_calls = record_u64(record_total(snap, ICCSPROF_DRNG), "calls");
    const char *why;
    struct share_basis b = record_basis(raw, &all_timed, &why);
    double se[2], calls[2];
    json_t *profile;

    record_sum_rows(snap, &rows);
    for (int h = 0; h < ICCSPROF_NHELPERS; h++) {
        json_object_set_new(helpers, record_helper[h], record_helper_row(snap, h, &rows, &b, ops));
        grouped_calls += rows.grouped_calls[h];
    }
    for (int h = 0; h < ICCSPROF_DRNG; h++) {
        share_add(&hash, &rows.est[h]);
        hash_calls += record_u64(record_total(snap, h), "calls");
    }
    se[0] = share_stderr(&b, &hash);
    se[1] = share_stderr(&b, &rows.est[ICCSPROF_DRNG]);
    profile = json_pack(
        "{s:I, s:O, s:f, s:O, s:o, s:O, s:o, s:o, s:{s:I, s:I, s:O, s:O}, s:f, s:f, s:f, s:f, "
        "s:f, s:f, s:{s:O, s:O, s:O, s:O, s:I, s:I, s:o}}",
        "calls", (json_int_t)ops, "ticks", json_object_get(raw, "ticks"), "baseline_ticks",
        fmax(0, record_num(raw, "baseline_ticks")), "preempted", json_object_get(raw, "preempted"),
        "compensation", record_compensation(raw, why), "overhead", json_object_get(raw, "overhead"),
        "helpers", helpers, "shapes", record_shapes(json_object_get(snap, "shapes"), ops),
        "grouped", "rows", (json_int_t)rows.grouped_rows, "calls", (json_int_t)grouped_calls,
        "table_shapes", json_object_get(table, "shapes"), "table_classes",
        json_object_get(table, "classes"), "hash_share", share_of(&b, &hash, hash_calls),
        "hash_share_raw", share_raw(&b, &hash), "hash_share_stderr", share_stderr(&b, &hash),
        "drng_share", share_of(&b, &rows.est[ICCSPROF_DRNG], drng_calls), "drng_share_raw",
        share_raw(&b, &rows.est[ICCSPROF_DRNG]), "drng_share_stderr",
        share_stderr(&b, &rows.est[ICCSPROF_DRNG]), "sampling", "k",
        json_object_get(json_object_get(raw, "sampling"), "k"), "auto",
        json_object_get(json_object_get(raw, "sampling"), "auto"), "k_estimate",
        json_object_get(json_object_get(raw, "sampling"), "estimate"), "first_n",
        json_object_get(json_object_get(raw, "sampling"), "first_n"), "timed_calls",
        (json_int_t)all_timed, "warm_calls",
        (json_int_t)record_totals_sum(json_object_get(raw, "snapshot"), "warm_calls"), "outliers",
        record_outliers(raw));
    calls[0] = (double)hash_calls;
    calls[1] = (double)drng_calls;
    record_uncertainty(profile, raw, &b, se, calls, why != NULL);
    json_object_set_new(profile, "replay", record_replay(raw));
    return profile;
}

/* A raw frame resolved: the object's file name, and what the file says
 * of the address. */
static json_t *record_frame(struct symbolizer *sym, json_t *raw)
{
    const char *object = json_string_value(json_object_get(raw, "object"));
    json_t *offset = json_object_get(raw, "offset");
    const char *base = object != NULL && strrchr(object, '/') ? strrchr(object, '/') + 1 : object;
    json_t *frame = json_pack("{s:O, s:o, s:O}", "address", json_object_get(raw, "address"),
                              "object", base != NULL ? json_string(base) : json_null(), "offset",
                              offset != NULL ? offset : json_null());

    symbolizer_resolve(sym, object, (uint64_t)json_integer_value(offset), frame);
    return frame;
}

/* Order call sites by share of the operation, largest first. */
static int record_by_share(const void *a, const void *b)
{
    double x = json_real_value(json_object_get(*(json_t *const *)a, "share_of_op"));
    double y = json_real_value(json_object_get(*(json_t *const *)b, "share_of_op"));

    return (x < y) - (x > y);
}

/* The figures of a call site, or of the calls of one helper beyond the
 * call-site table, from its raw sums: helper, calls, calls per operation
 * over OPS, estimated ticks and its shares of the helper (from HELPERS,
 * the profile's rows) and of the operation (on basis B). */
static json_t *record_site_figures(json_t *site, json_t *helpers, const struct share_basis *b,
                                   uint64_t ops)
{
    struct share_sums s = record_sums(site);
    struct share_estimate e = share_estimate(&s);
    double helper_ticks = json_real_value(json_object_get(
        json_object_get(helpers, json_string_value(json_object_get(site, "helper"))), "ticks"));

    return json_pack("{s:O, s:I, s:f, s:f, s:f, s:f}", "helper", json_object_get(site, "helper"),
                     "calls", (json_int_t)s.calls, "calls_per_op",
                     ops ? (double)s.calls / (double)ops : 0.0, "ticks", e.ticks, "share_of_helper",
                     helper_ticks > 0 ? (e.ticks > helper_ticks ? 1.0 : e.ticks / helper_ticks)
                                      : 0.0,
                     "share_of_op", share_of(b, &e, s.calls));
}

/* Per helper with any, the calls beyond the call-site table in the raw
 * overflow OVERFLOW (helper name -> sums), with their figures; *CALLS and
 * *TICKS get their sums. */
static json_t *record_beyond(json_t *overflow, json_t *helpers, const struct share_basis *b,
                             uint64_t ops, uint64_t *calls, uint64_t *ticks)
{
    json_t *list = json_array();

    *calls = *ticks = 0;
    for (int h = 0; h < ICCSPROF_NHELPERS; h++) {
        json_t *raw = json_deep_copy(json_object_get(overflow, record_helper[h]));

        if (raw == NULL || record_u64(raw, "calls") == 0) {
            json_decref(raw);
            continue;
        }
        *calls += record_u64(raw, "calls");
        *ticks += record_u64(raw, "ticks");
        json_object_set_new(raw, "helper", json_string(record_helper[h]));
        json_array_append_new(list, record_site_figures(raw, helpers, b, ops));
        json_decref(raw);
    }
    return list;
}

/* The record's callers section from the raw call sites. */
json_t *record_callers(json_t *sites, json_t *raw, json_t *profile)
{
    json_t *helpers = json_object_get(profile, "helpers"), *list = json_array(), *site, **rows;
    struct symbolizer *sym = symbolizer_new();
    uint64_t ops = record_u64(raw, "calls"), all_timed, beyond_calls, beyond_ticks;
    const char *why;
    struct share_basis b = record_basis(raw, &all_timed, &why);
    size_t n = json_array_size(json_object_get(sites, "sites")), i;
    json_t *beyond = record_beyond(json_object_get(sites, "overflow"), helpers, &b, ops,
                                   &beyond_calls, &beyond_ticks);

    rows = calloc(n ? n : 1, sizeof *rows);
    json_array_foreach(json_object_get(sites, "sites"), i, site)
    {
        json_t *frames = json_array(), *f;
        size_t j;

        json_array_foreach(json_object_get(site, "frames"), j, f)
            json_array_append_new(frames, record_frame(sym, f));
        rows[i] = record_site_figures(site, helpers, &b, ops);
        json_object_set_new(rows[i], "frames", frames);
    }
    qsort(rows, n, sizeof *rows, record_by_share);
    for (i = 0; i < n; i++)
        json_array_append_new(list, rows[i]);
    free(rows);
    symbolizer_free(sym);
    return json_pack(
        "{s:O, s:O, s:O, s:{s:I, s:I}, s:o, s:o}", "depth", json_object_get(sites, "depth"),
        "overhead_ticks", json_object_get(json_object_get(raw, "overhead"), "callers_outer_ticks"),
        "table", json_object_get(sites, "table"), "overflow", "calls", (json_int_t)beyond_calls,
        "ticks", (json_int_t)beyond_ticks, "sites", list, "beyond", beyond);
}
