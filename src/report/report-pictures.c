/* report-pictures.c - `iccsprof report --format svg` (the share chart)
 * and `--format folded` (call sites as folded stacks for flame graphs). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "record/callsite.h"
#include "report/report.h"
#include "util/strlist.h"
#include "report/svg.h"

static const char *const pictures_helper_name[ICCSPROF_NHELPERS] = ICCSPROF_HELPER_NAMES;

/* Print the share chart of the N records RECS: a bar per record. */
void report_print_svg(struct rec *const *recs, size_t n, FILE *out)
{
    struct svg_row *rows = calloc(n + 1, sizeof *rows);

    if (rows == NULL)
        abort();
    for (size_t i = 0; i < n; i++)
        rows[i] = (struct svg_row){.bar = {recs[i], NULL}};
    svg_print_chart(&(struct svg_chart){.title = "Time share of the ICCS helpers per operation",
                                        .rows = rows,
                                        .n = n},
                    out);
    free(rows);
}

/* The ICCS API function that record R's operation calls (sig_sign,
 * kem_dec, kex_generate_pass2_msg_b, ...), into BUF. */
static const char *pictures_api_function(const struct rec *r, char *buf, size_t size)
{
    const char *op = rec_op_name(r->op);

    if (r->type != REC_KEX)
        snprintf(buf, size, "%s_%s", rec_type_name(r->type), op);
    else if (r->op >= REC_PASS1 && r->op < REC_DERIVE_A)
        snprintf(buf, size, "kex_generate_%.*s_msg_%s", (int)strcspn(op, "_"), op,
                 op + strcspn(op, "_") + 1);
    else if (r->op == REC_DERIVE_A || r->op == REC_DERIVE_B)
        snprintf(buf, size, "kex_derive_ss_%s", op + strlen("derive_"));
    else
        snprintf(buf, size, "kex_%s", op);
    return buf;
}

/* How many of S's frames, innermost first, lie below the API function
 * API: those under its frame when it is on the chain; else (it tail-called
 * into the scheme, or the chain was cut short) those in the scheme's own
 * object, up to the first frame of another one (the measuring program,
 * libc).  *CUT_SHORT: the chain may go on above the frames recorded. */
static size_t pictures_scheme_frames(const struct rec_site *s, const char *api, long long depth,
                                     bool *cut_short)
{
    const char *object = s->nframes > 0 ? s->frames[0].object : NULL;
    size_t n = 0;

    *cut_short = false;
    for (size_t i = s->nframes; i-- > 0;)
        if (s->frames[i].function != NULL && strcmp(s->frames[i].function, api) == 0)
            return i;
    while (n < s->nframes && (object == NULL || s->frames[n].object == NULL ||
                              strcmp(s->frames[n].object, object) == 0))
        n++;
    *cut_short = n == s->nframes && (long long)n >= depth;
    return n;
}

/* Folded stacks, summed by their text in the order first met. */
struct pictures_folds {
    struct strlist stacks;
    double *ticks;
};

/* Add TICKS to STACK's line of F. */
static void pictures_fold(struct pictures_folds *f, char *stack, double ticks)
{
    size_t k = 0;

    while (k < f->stacks.n && strcmp(f->stacks.v[k], stack) != 0)
        k++;
    if (k == f->stacks.n) {
        strlist_add(&f->stacks, stack);
        if ((f->ticks = realloc(f->ticks, f->stacks.n * sizeof *f->ticks)) == NULL)
            abort();
        f->ticks[k] = 0;
    }
    f->ticks[k] += ticks;
}

/* Print the call sites of the N records RECS as folded stacks, one line
 * per stack: "instance;operation;API;caller;...;helper TICKS", every
 * stack cut at the scheme's API function so that the measuring program's
 * frames are left out and all of an operation's stacks start at one
 * root, and the sites that differ only in their offsets folded into one
 * line, their ticks (measured time per profile pass) summed and rounded;
 * the calls beyond the wrappers' call-site table under a frame saying so.
 * False when no record has call sites. */
bool report_print_folded(struct rec *const *recs, size_t n, FILE *out)
{
    struct pictures_folds f = {0};
    bool any = false;

    for (size_t i = 0; i < n; i++) {
        char api[64];

        any |= recs[i]->has_callers;
        pictures_api_function(recs[i], api, sizeof api);
        for (size_t k = 0; k < recs[i]->nsites; k++) {
            const struct rec_site *s = &recs[i]->sites[k];
            bool cut_short;
            size_t frames = pictures_scheme_frames(s, api, recs[i]->callers_depth, &cut_short);
            char *inner = callsite_folded(s, frames);
            char *stack =
                xasprintf("%s;%s;%s%s%s%s;%s", recs[i]->instance, rec_op_name(recs[i]->op), api,
                          cut_short ? ";..." : "", inner[0] != '\0' ? ";" : "", inner,
                          pictures_helper_name[s->helper]);

            pictures_fold(&f, stack, s->ticks);
            free(stack);
            free(inner);
        }
        for (size_t k = 0; k < recs[i]->nbeyond; k++) {
            const struct rec_site *s = &recs[i]->beyond[k];
            char *stack = xasprintf("%s;%s;%s;(beyond the call-site table);%s", recs[i]->instance,
                                    rec_op_name(recs[i]->op), api, pictures_helper_name[s->helper]);

            pictures_fold(&f, stack, s->ticks);
            free(stack);
        }
    }
    for (size_t k = 0; k < f.stacks.n; k++)
        if (llround(f.ticks[k]) > 0)
            fprintf(out, "%s %lld\n", f.stacks.v[k], llround(f.ticks[k]));
    strlist_free(&f.stacks);
    free(f.ticks);
    return any;
}
