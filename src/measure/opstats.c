/* opstats.c - per-operation call counts from successive table readings. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "channel.h"
#include "opstats.h"

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

/* Count one operation from the totals and the table after it.  The
 * helpers' counts come from their totals, exact whatever the table
 * holds; a row holds one key, or the keys grouped in it. */
void opstats_add(struct opstats *o, const struct iccsprof_wrap_snapshot *snap)
{
    for (size_t i = 0; i < snap->nshapes; i++) {
        size_t j = opstats_find(o, &snap->shapes[i], i); /* may move o->shape */
        struct opstats_shape *x = &o->shape[j];

        x->grew = snap->shapes[i].calls - x->last;
        x->last = snap->shapes[i].calls;
    }
    for (size_t j = 0; j < o->nshapes; j++) {
        opstats_count(&o->shape[j].per_op, o->shape[j].grew, o->ops);
        o->shape[j].grew = 0;
    }
    for (int h = 0; h < ICCSPROF_NHELPERS; h++) {
        opstats_count(&o->helper[h], snap->helpers[h].calls - o->helper_last[h], o->ops);
        o->helper_last[h] = snap->helpers[h].calls;
    }
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
