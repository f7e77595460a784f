/* callsite.h - how a call site of a record is written and matched.
 *
 * A site is a helper and a chain of frames, innermost first.  Reports show
 * each frame as function+offset with its source line; comparisons match
 * sites between builds by helper and function names only, since addresses
 * and offsets change with any change of the code or the flags. */
#ifndef ICCSPROF_CALLSITE_H
#define ICCSPROF_CALLSITE_H

#include "record/record-read.h"

/* A frame: "function+0x1a (file.c:42)"; an unresolved one falls back to
 * "object+0x1f40", then to the raw address.  Only the file's base name is
 * shown. */
char *callsite_frame(char *buf, size_t size, const struct rec_frame *f);

/* The whole chain, frames joined by " ← " (callee ← caller); malloc'd. */
char *callsite_chain(const struct rec_site *s);

/* The chain by names alone ("expand ← keygen"), the key that matches a
 * site between builds; an unresolved frame contributes "object+0x…" or
 * its address.  malloc'd. */
char *callsite_names(const struct rec_site *s);

/* The innermost N frames of the chain as a folded stack
 * ("keygen;expand"): names alone, outermost first, joined by ';', as
 * flame-graph tools read it.  malloc'd. */
char *callsite_folded(const struct rec_site *s, size_t n);

#endif
