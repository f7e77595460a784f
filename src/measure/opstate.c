/* opstate.c - the checks of a measured operation's calls (opstate.h). */
#include "config.h"

#include <stdlib.h>

#include "measure/channel.h"
#include "measure/opstate.h"

/* A zeroed buffer of LEN bytes (never NULL, even for 0); running out of
 * memory is the scheme's failure to measure, not the user's input. */
unsigned char *op_alloc(ull len)
{
    unsigned char *p = calloc(1, (size_t)len + (len == 0));

    if (p == NULL)
        channel_call_error("out of memory for a %llu-byte buffer", len);
    return p;
}

/* Fail the process when an API call wrote more than its buffer holds. */
void op_check_len(const struct op_state *st, const char *fn, const char *what, ull used, ull cap)
{
    if (used > cap)
        channel_call_error(
            "%s reported a %llu-byte %s, above the API's length %llu (%s, call %llu)", fn, used,
            what, cap, st->stage, (ull)st->calls + 1);
}

/* Fail the process for a non-zero return of FN. */
void op_check_rc(const struct op_state *st, const char *fn, int rc)
{
    if (rc != 0)
        channel_call_error("%s returned %d (%s, call %llu)", fn, rc, st->stage, (ull)st->calls + 1);
}
