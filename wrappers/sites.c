/* sites.c - call-site capture: each outermost wrapped call, while the mode
 * is on, is counted under (helper, chain of return addresses above its
 * shim).  Depth 1 is the shim's own return address, which costs nothing to
 * read; deeper chains come from libunwind.  Addresses stay raw: resolving
 * them to symbols is the driver's job, after the run. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

/* A build variant may leave libunwind out where configure found it: the
 * tests build one to see call sites refused as a build without it must. */
#if defined(HAVE_LIBUNWIND) && !defined(ICCSPROF_WITHOUT_LIBUNWIND)
#define WRAP_UNWIND 1
#endif

#ifdef WRAP_UNWIND
#define UNW_LOCAL_ONLY
#include <libunwind.h>
#endif

#include "sites.h"

uint32_t wrap_callers;

/* Fill FRAMES with the chain of wrap_callers return addresses starting at
 * RET, the shim's return address; the number of frames found. */
static unsigned wrap_chain(uintptr_t *frames, void *ret)
{
#ifdef WRAP_UNWIND
    void *trace[ICCSPROF_WRAP_MAX_DEPTH + 8];
    int n;

    if (wrap_callers > 1) {
        /* Find RET in the trace rather than skipping a fixed number of
         * frames, which would depend on what the compiler inlined.  The
         * trace holds return addresses on x86-64 but one byte below them
         * on AArch64 (inside the call, for line lookup): BACK restores
         * return addresses, so that chains and depth 1 agree. */
        n = unw_backtrace(trace, (int)(sizeof trace / sizeof trace[0]));
        for (int i = 0; i < n; i++) {
            uintptr_t back = (uintptr_t)ret - (uintptr_t)trace[i];
            unsigned depth = 0;

            if (back > 1)
                continue;
            while (depth < wrap_callers && i + (int)depth < n) {
                frames[depth] = (uintptr_t)trace[i + (int)depth] + back;
                depth++;
            }
            return depth;
        }
    }
#endif
    frames[0] = (uintptr_t)ret;
    return 1;
}

/* Hash of a call site, for the open-addressing table. */
static unsigned wrap_site_hash(unsigned helper, const uintptr_t *frames, unsigned depth)
{
    uint64_t h = helper;

    for (unsigned i = 0; i < depth; i++)
        h = (h ^ frames[i]) * 0x9e3779b97f4a7c15ull;
    return (unsigned)((h ^ (h >> 31)) % WRAP_SITE_SLOTS);
}

/* Find or add a site in TABLE; NULL when the table holds its maximum. */
static struct iccsprof_wrap_site *wrap_site_slot(struct wrap_site_table *table, unsigned helper,
                                                 const uintptr_t *frames, unsigned depth)
{
    unsigned i = wrap_site_hash(helper, frames, depth);

    for (;;) {
        struct iccsprof_wrap_site *s = &table->slot[i];

        if (s->depth == 0) {
            if (table->nsites == ICCSPROF_WRAP_MAX_SITES)
                return NULL;
            table->nsites++;
            s->helper = helper;
            s->depth = depth;
            memcpy(s->frames, frames, depth * sizeof frames[0]);
            return s;
        }
        if (s->helper == helper && s->depth == depth &&
            memcmp(s->frames, frames, depth * sizeof frames[0]) == 0)
            return s;
        i = (i + 1) % WRAP_SITE_SLOTS;
    }
}

/* Count one outermost call at its call site; the site the call's ticks
 * go to, the thread's overflow entry of the helper when the table is
 * full, NULL only if the table could not be allocated. */
struct iccsprof_wrap_site *wrap_capture(struct wrap_table *t, unsigned helper, void *ret)
{
    uintptr_t frames[ICCSPROF_WRAP_MAX_DEPTH];
    unsigned depth = wrap_chain(frames, ret);
    struct iccsprof_wrap_site *s;

    if (t->sites == NULL && (t->sites = calloc(1, sizeof *t->sites)) == NULL)
        return NULL;
    s = wrap_site_slot(t->sites, helper, frames, depth);
    if (s == NULL) {
        s = &t->sites->overflow[helper];
        s->helper = helper;
    }
    s->calls++;
    return s;
}

/* Clear every thread's call sites. */
void wrap_reset_sites(void)
{
    for (struct wrap_table *t = wrap_lock_tables(); t != NULL; t = t->next)
        if (t->sites != NULL)
            memset(t->sites, 0, sizeof *t->sites);
    wrap_unlock_tables();
}

/* Record call sites with chains of DEPTH frames; 0 turns it off. */
int wrap_set_callers(uint32_t depth)
{
#ifdef WRAP_UNWIND
    if (depth > ICCSPROF_WRAP_MAX_DEPTH)
        return -1;
#else
    if (depth > 0)
        return -1;
#endif
    wrap_callers = depth;
    return 0;
}

#ifdef WRAP_UNWIND
/* Add the calls, timed calls and ticks of SRC to DST. */
static void wrap_add_site(struct iccsprof_wrap_site *dst, const struct iccsprof_wrap_site *src)
{
    dst->calls += src->calls;
    dst->timed_calls += src->timed_calls;
    dst->ticks += src->ticks;
}
#endif

/* Merge every thread's call sites into OUT; -1 without libunwind. */
int wrap_get_sites(struct iccsprof_wrap_sites *out)
{
#ifdef WRAP_UNWIND
    static struct wrap_site_table merged; /* too large for the caller's stack */
    struct wrap_table *t = wrap_lock_tables();

    memset(out, 0, sizeof *out);
    memset(&merged, 0, sizeof merged);
    for (unsigned h = 0; h < ICCSPROF_NHELPERS; h++)
        out->overflow[h].helper = h;
    for (; t != NULL; t = t->next) {
        if (t->sites == NULL)
            continue;
        for (unsigned h = 0; h < ICCSPROF_NHELPERS; h++)
            wrap_add_site(&out->overflow[h], &t->sites->overflow[h]);
        for (unsigned i = 0; i < WRAP_SITE_SLOTS; i++) {
            const struct iccsprof_wrap_site *src = &t->sites->slot[i];
            struct iccsprof_wrap_site *dst;

            if (src->depth == 0)
                continue;
            dst = wrap_site_slot(&merged, src->helper, src->frames, src->depth);
            wrap_add_site(dst != NULL ? dst : &out->overflow[src->helper], src);
        }
    }
    for (unsigned i = 0; i < WRAP_SITE_SLOTS; i++)
        if (merged.slot[i].depth != 0)
            out->sites[out->nsites++] = merged.slot[i];
    wrap_unlock_tables();
    return 0;
#else
    (void)out;
    return -1;
#endif
}
