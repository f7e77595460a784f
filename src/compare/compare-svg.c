/* compare-svg.c - `iccsprof compare --format svg`: the share chart with
 * A's and B's bars of each matched record, and the difference of their
 * hash shares with its uncertainty. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "compare/compare.h"
#include "report/svg.h"

/* Print the chart of C's matched pairs. */
void cmp_print_svg(const struct cmp *c, FILE *out)
{
    struct svg_row *rows = calloc(c->npairs + 1, sizeof *rows);

    if (rows == NULL)
        abort();
    for (size_t i = 0; i < c->npairs; i++) {
        const struct cmp_pair *p = &c->pairs[i];
        struct cmp_share hash = cmp_hash_share(p);

        rows[i] = (struct svg_row){.bar = {p->a, p->b},
                                   .has_diff = hash.known,
                                   .diff = hash.diff,
                                   .diff_below = hash.known ? hash.margin_below : 0,
                                   .diff_above = hash.known ? hash.margin_above : 0};
    }
    svg_print_chart(&(struct svg_chart){.title = "Time share of the ICCS helpers: A against B",
                                        .sides = {c->a_name, c->b_name},
                                        .rows = rows,
                                        .n = c->npairs},
                    out);
    free(rows);
}
