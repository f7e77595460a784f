/* report-pictures.c - `iccsprof report --format svg` (the share chart)
 * and `--format folded` (call sites as folded stacks for flame graphs). */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "callsite.h"
#include "report.h"
#include "svg.h"

static const char *const pictures_helper_name[ICCSPROF_NHELPERS] = ICCSPROF_HELPER_NAMES;

/* Print the share chart of the N records RECS: a bar per record. */
void report_print_svg(struct rec *const *recs, size_t n, FILE *out)
{
    struct svg_group *groups = calloc(n + 1, sizeof *groups);

    for (size_t i = 0; i < n; i++)
        groups[i] = (struct svg_group){.instance = recs[i]->instance,
                                       .operation = rec_op_name(recs[i]->op),
                                       .bars = {{.r = recs[i]}},
                                       .nbars = 1};
    svg_print_shares("Share of each operation's time: hash helpers, DRNG, rest", NULL, groups, n,
                     out);
    free(groups);
}

/* Print the call sites of the N records RECS as folded stacks, one line
 * per site: "instance;operation;outermost;...;innermost;helper TICKS",
 * the ticks being the site's measured time per profile pass, rounded;
 * the calls beyond the wrappers' call-site table under a frame saying so.
 * False when no record has call sites. */
bool report_print_folded(struct rec *const *recs, size_t n, FILE *out)
{
    bool any = false;

    for (size_t i = 0; i < n; i++) {
        any |= recs[i]->has_callers;
        for (size_t k = 0; k < recs[i]->nsites; k++) {
            const struct rec_site *s = &recs[i]->sites[k];
            long long ticks = llround(s->ticks);
            char *stack;

            if (ticks <= 0)
                continue;
            stack = callsite_folded(s);
            fprintf(out, "%s;%s;%s%s%s %lld\n", recs[i]->instance, rec_op_name(recs[i]->op), stack,
                    stack[0] != '\0' ? ";" : "", pictures_helper_name[s->helper], ticks);
            free(stack);
        }
        for (size_t k = 0; k < recs[i]->nbeyond; k++) {
            const struct rec_site *s = &recs[i]->beyond[k];

            if (llround(s->ticks) > 0)
                fprintf(out, "%s;%s;(beyond the call-site table);%s %lld\n", recs[i]->instance,
                        rec_op_name(recs[i]->op), pictures_helper_name[s->helper],
                        llround(s->ticks));
        }
    }
    return any;
}
