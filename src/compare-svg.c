/* compare-svg.c - `iccsprof compare --format svg`: the share chart with
 * the two builds' bars of each matched record next to each other. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "compare.h"
#include "svg.h"

/* Print the chart of C's matched pairs. */
void cmp_print_svg(const struct cmp *c, FILE *out)
{
    struct svg_group *groups = calloc(c->npairs + 1, sizeof *groups);
    char *subtitle;

    for (size_t i = 0; i < c->npairs; i++)
        groups[i] = (struct svg_group){
            .instance = c->pairs[i].a->instance,
            .operation = rec_op_name(c->pairs[i].a->op),
            .bars = {{.r = c->pairs[i].a, .tag = "A"}, {.r = c->pairs[i].b, .tag = "B"}},
            .nbars = 2};
    if (asprintf(&subtitle, "A = %s, B = %s", c->a_name, c->b_name) < 0)
        abort();
    svg_print_shares("Share of each operation's time, A and B: hash helpers, DRNG, rest", subtitle,
                     groups, c->npairs, out);
    free(subtitle);
    free(groups);
}
