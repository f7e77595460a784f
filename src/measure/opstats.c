/* opstats.c - per-operation call counts from successive table readings. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "opstats.h"

/* Start with no operation read. */
void opstats_init(struct opstats *o)
{
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

/* The index of the shape of KEY in O, added (with the operations before
 * that made none of its calls) when new; -1 when O is full. */
static int opstats_find(struct opstats *o, const struct iccsprof_wrap_shape *key)
{
    for (size_t i = 0; i < o->nshapes; i++)
        if (o->shape[i].helper == key->helper && o->shape[i].in_bits == key->in_bits &&
            o->shape[i].out_bits == key->out_bits)
            return (int)i;
    if (o->nshapes == ICCSPROF_WRAP_MAX_SHAPES)
        return -1;
    memset(&o->shape[o->nshapes], 0, sizeof o->shape[0]);
    o->shape[o->nshapes].helper = key->helper;
    o->shape[o->nshapes].in_bits = key->in_bits;
    o->shape[o->nshapes].out_bits = key->out_bits;
    return (int)o->nshapes++;
}

/* Count one operation from the table after it. */
void opstats_add(struct opstats *o, const struct iccsprof_wrap_snapshot *snap)
{
    uint64_t grew[ICCSPROF_WRAP_MAX_SHAPES] = {0}, per_helper[ICCSPROF_NHELPERS] = {0};

    for (size_t i = 0; i < snap->nshapes; i++) {
        int j = opstats_find(o, &snap->shapes[i]);

        if (j < 0)
            continue;
        grew[j] = snap->shapes[i].calls - o->shape[j].last;
        o->shape[j].last = snap->shapes[i].calls;
    }
    for (size_t j = 0; j < o->nshapes; j++) {
        opstats_count(&o->shape[j].per_op, grew[j], o->ops);
        per_helper[o->shape[j].helper] += grew[j];
    }
    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        opstats_count(&o->helper[h], per_helper[h], o->ops);
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

/* The distribution of a shape, or NULL. */
const struct opstat *opstats_shape(const struct opstats *o, uint32_t helper, uint64_t in_bits,
                                   uint64_t out_bits)
{
    for (size_t i = 0; i < o->nshapes; i++)
        if (o->shape[i].helper == helper && o->shape[i].in_bits == in_bits &&
            o->shape[i].out_bits == out_bits)
            return &o->shape[i].per_op;
    return NULL;
}
