/* callsite.c - how a call site of a record is written and matched. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/callsite.h"

/* Separator of the frames of a chain: callee ← caller. */
#define CALLSITE_ARROW " \xe2\x86\x90 "

/* Room for one frame's text. */
#define CALLSITE_FRAME 512

/* The last component of PATH. */
static const char *callsite_base(const char *path)
{
    const char *slash = strrchr(path, '/');

    return slash != NULL ? slash + 1 : path;
}

/* The name of a frame: its function, else object+offset, else the
 * address. */
static char *callsite_name(char *buf, size_t size, const struct rec_frame *f, bool with_offset)
{
    if (f->function != NULL && with_offset && f->function_offset >= 0)
        snprintf(buf, size, "%s+0x%llx", f->function, f->function_offset);
    else if (f->function != NULL)
        snprintf(buf, size, "%s", f->function);
    else if (f->object != NULL && f->offset >= 0)
        snprintf(buf, size, "%s+0x%llx", callsite_base(f->object), f->offset);
    else
        snprintf(buf, size, "%s", f->address);
    return buf;
}

/* A frame with its offset and source line. */
char *callsite_frame(char *buf, size_t size, const struct rec_frame *f)
{
    size_t len;

    callsite_name(buf, size, f, true);
    len = strlen(buf);
    if (f->file != NULL && f->line >= 0)
        snprintf(buf + len, size - len, " (%s:%lld)", callsite_base(f->file), f->line);
    else if (f->file != NULL)
        snprintf(buf + len, size - len, " (%s)", callsite_base(f->file));
    return buf;
}

/* Join the frames of S, in FULL or by names alone, with the arrow; each
 * piece is appended at the known end, so the work is linear in the
 * length of the chain. */
static char *callsite_join(const struct rec_site *s, bool full)
{
    size_t size = s->nframes * (CALLSITE_FRAME + sizeof CALLSITE_ARROW) + 1, len = 0;
    char *out = malloc(size), frame[CALLSITE_FRAME];

    out[0] = '\0';
    for (size_t i = 0; i < s->nframes; i++) {
        if (full)
            callsite_frame(frame, sizeof frame, &s->frames[i]);
        else
            callsite_name(frame, sizeof frame, &s->frames[i], false);
        len += (size_t)snprintf(out + len, size - len, "%s%s", i > 0 ? CALLSITE_ARROW : "", frame);
    }
    return out;
}

/* The whole chain, frames joined by " ← ". */
char *callsite_chain(const struct rec_site *s)
{
    return callsite_join(s, true);
}

/* The chain by names alone. */
char *callsite_names(const struct rec_site *s)
{
    return callsite_join(s, false);
}

/* The innermost N frames as a folded stack: names alone, outermost caller
 * first, joined by ';', with the characters the folded format gives
 * meaning to (';' and space) replaced by '_'.  malloc'd. */
char *callsite_folded(const struct rec_site *s, size_t n)
{
    size_t size = n * (CALLSITE_FRAME + 1) + 1, len = 0;
    char *out = malloc(size), frame[CALLSITE_FRAME];

    out[0] = '\0';
    for (size_t i = n < s->nframes ? n : s->nframes; i-- > 0;) {
        callsite_name(frame, sizeof frame, &s->frames[i], false);
        for (char *c = frame; *c != '\0'; c++)
            if (*c == ';' || *c == ' ')
                *c = '_';
        len += (size_t)snprintf(out + len, size - len, "%s%s", len > 0 ? ";" : "", frame);
    }
    return out;
}
