/* opstats.c - per-operation call counts from successive table readings. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "measure/channel.h"
#include "measure/method.h"
#include "measure/opstats.h"

/* Start with no operation read. */
void opstats_init(struct opstats *o)
{
    free(o->shape);
    memset(o, 0, sizeof *o);
}

/* Add COUNT, one operation's calls, to S; OPS_BEFORE operations were
 * counted before (a shape first seen later keeps the minimum 0 of the
 * operations that made none of its calls). */
static void opstats_count(struct opstat *s, uint64_t count, uint64_t ops_before)
{
    if (ops_before == 0 || count < s->min)
        s->min = count;
    if (count > s->max)
        s->max = count;
    s->sum += (double)count;
    s->sum_sq += (double)count * (double)count;
}

/* Whether row X of O has the key of row KEY of a snapshot. */
static int opstats_same(const struct opstats_shape *x, const struct iccsprof_wrap_shape *key)
{
    return x->helper == key->helper && x->kind == key->kind && x->in_bits == key->in_bits &&
           x->out_bits == key->out_bits;
}

/* The mean kept timed call of the table's row S, or -1 while it has none. */
static double opstats_row_mean(const struct iccsprof_wrap_shape *s)
{
    return s->timed_calls > 0 ? (double)s->ticks / (double)s->timed_calls : -1;
}

/* The ticks the calls of shape J made since the last reading, from the
 * table's row S: those of its timed calls, and its mean for the others;
 * and into *EX what its timed calls took beyond that mean. */
static double opstats_ticks(struct opstats *o, size_t j, const struct iccsprof_wrap_shape *s,
                            struct opstats_excess *ex)
{
    struct opstats_shape *r = &o->shape[j];
    double mean = opstats_row_mean(s);
    /* signed: a reclassified row moves kept calls to its outliers */
    double timed = (double)s->timed_calls - (double)r->last_timed;
    double ticks = (double)s->ticks - (double)r->last_ticks;
    double calls = (double)(s->calls - r->last);

    if (mean >= 0) {
        ex->kept += ticks - timed * mean;
        ex->outlier += (double)(s->outlier_ticks - r->last_outlier_ticks) -
                       (double)(s->outlier_calls - r->last_outliers) * mean;
        if (calls > timed)
            ticks += (calls - timed) * mean;
    }
    r->last = s->calls;
    r->last_timed = s->timed_calls;
    r->last_ticks = s->ticks;
    r->last_outliers = s->outlier_calls;
    r->last_outlier_ticks = s->outlier_ticks;
    return ticks;
}

/* Add one operation's helper ticks H of OP_TICKS to the sums R. */
static void opstats_ratio_add(struct opstats_ratio *r, double h, double op_ticks)
{
    r->h += h;
    r->t += op_ticks;
    r->hh += h * h;
    r->tt += op_ticks * op_ticks;
    r->ht += h * op_ticks;
}

/* The index of the row of KEY in O, added (with the operations before
 * that made none of its calls) when new.  HINT, the row's place in the
 * snapshot, is tried first: the wrappers give their rows in the same
 * order from one reading to the next. */
static size_t opstats_find(struct opstats *o, const struct iccsprof_wrap_shape *key, size_t hint)
{
    if (hint < o->nshapes && opstats_same(&o->shape[hint], key))
        return hint;
    for (size_t i = 0; i < o->nshapes; i++)
        if (opstats_same(&o->shape[i], key))
            return i;
    if (o->nshapes == o->room) {
        size_t room = o->room ? 2 * o->room : ICCSPROF_WRAP_MAX_ROWS;
        struct opstats_shape *more = realloc(o->shape, room * sizeof *more);

        if (more == NULL)
            channel_call_error("out of memory for %zu shapes' counts", room);
        o->shape = more;
        o->room = room;
    }
    memset(&o->shape[o->nshapes], 0, sizeof o->shape[0]);
    o->shape[o->nshapes].helper = key->helper;
    o->shape[o->nshapes].kind = key->kind;
    o->shape[o->nshapes].in_bits = key->in_bits;
    o->shape[o->nshapes].out_bits = key->out_bits;
    return o->nshapes++;
}

/* Read one operation from the totals and the table after it.  The
 * helpers' counts come from their totals, exact whatever the table holds;
 * a row holds one key, or the keys grouped in it, and every call is in
 * one row, so the rows' ticks are the helpers'.  A row not read before
 * made none of the earlier operations' calls. */
void opstats_read(struct opstats *o, const struct iccsprof_wrap_snapshot *snap,
                  struct opstats_excess *ex)
{
    ex->outlier = ex->kept = 0;
    for (int g = 0; g < OPSTATS_NGROUPS; g++)
        o->read_ticks[g] = 0;
    for (size_t i = 0; i < snap->nshapes; i++) {
        const struct iccsprof_wrap_shape *s = &snap->shapes[i];
        size_t j = opstats_find(o, s, i); /* may move o->shape */
        uint64_t before = o->shape[j].last;

        o->read_ticks[s->helper == ICCSPROF_DRNG ? OPSTATS_DRNG : OPSTATS_HASH] +=
            opstats_ticks(o, j, s, ex);
        o->shape[j].grew = s->calls - before;
    }
    for (size_t j = 0; j < o->nshapes; j++) {
        opstats_count(&o->shape[j].per_op, o->shape[j].grew, o->ops);
        o->shape[j].grew = 0;
    }
    for (int h = 0; h < ICCSPROF_NHELPERS; h++) {
        opstats_count(&o->helper[h], snap->helpers[h].calls - o->helper_last[h], o->ops);
        o->helper_last[h] = snap->helpers[h].calls;
    }
}

/* Count the operation last read. */
void opstats_add(struct opstats *o, double op_ticks)
{
    for (int g = 0; g < OPSTATS_NGROUPS; g++)
        opstats_ratio_add(&o->group[g], o->read_ticks[g], op_ticks);
    o->ops++;
}

/* The distribution as {min, max, stddev}. */
json_t *opstats_json(const struct opstats *o, const struct opstat *s)
{
    double n = (double)o->ops, var = 0;

    if (o->ops > 1) {
        var = (s->sum_sq - s->sum * s->sum / n) / (n - 1);
        if (var < 0 || s->min == s->max)
            var = 0; /* rounding; a fixed count has none */
    }
    return json_pack("{s:I, s:I, s:f}", "min", (json_int_t)(o->ops ? s->min : 0), "max",
                     (json_int_t)s->max, "stddev", sqrt(var));
}

/* The distribution of a row, or NULL. */
const struct opstat *opstats_shape(const struct opstats *o, const struct iccsprof_wrap_shape *key)
{
    for (size_t i = 0; i < o->nshapes; i++)
        if (opstats_same(&o->shape[i], key))
            return &o->shape[i].per_op;
    return NULL;
}

/* The relative 95 % half-width of one group's share, from the standard
 * error of a ratio of sums over N operations. */
static double opstats_ratio_precision(const struct opstats_ratio *r, double n)
{
    double share, var, se;

    if (n < 2 || r->t <= 0)
        return INFINITY;
    share = r->h / r->t;
    var = (r->hh - 2 * share * r->ht + share * share * r->tt) / (n - 1);
    se = sqrt(var > 0 ? var : 0) / sqrt(n) / (r->t / n);
    return method_t95((unsigned long long)n - 1) * se / (share > 0.1 ? share : 0.1);
}

/* The precision of the hash and DRNG shares so far. */
double opstats_share_precision(const struct opstats *o)
{
    double worst = 0;

    for (int g = 0; g < OPSTATS_NGROUPS; g++) {
        double p = opstats_ratio_precision(&o->group[g], (double)o->ops);

        worst = p > worst ? p : worst;
    }
    return worst;
}
