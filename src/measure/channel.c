/* channel.c - the measuring process's reports to iccsprof run. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "channel.h"

/* Write one object as a line on the channel, then release it.  A short
 * write is not retried: the parent then reports the process as having
 * ended without a result, which is what happened. */
static void channel_send(json_t *message)
{
    char *line = json_dumps(message, JSON_COMPACT);

    json_decref(message);
    if (line == NULL)
        return;
    size_t len = strlen(line);
    line[len] = '\n';
    (void)!write(CHANNEL_FD, line, len + 1);
    free(line);
}

/* Say which phase the measurement is in. */
void channel_phase(const char *phase)
{
    channel_send(json_pack("{s:s}", "phase", phase));
}

/* Send the result and end the process.  The scheme's buffered output is
 * flushed first, so that the parent's log holds all of it. */
void channel_result(json_t *result)
{
    fflush(NULL);
    channel_send(json_pack("{s:o}", "result", result));
    _exit(0);
}

/* Send an error of KIND with its message and end with STATUS. */
static __attribute__((noreturn)) void channel_error(const char *kind, int status, const char *fmt,
                                                    va_list ap)
{
    char message[1024];

    vsnprintf(message, sizeof message, fmt, ap);
    fflush(NULL);
    channel_send(json_pack("{s:{s:s, s:s}}", "error", "kind", kind, "message", message));
    _exit(status);
}

/* Report input the user got wrong. */
void channel_input_error(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    channel_error("input", 2, fmt, ap);
}

/* Report a failing call of the scheme. */
void channel_call_error(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    channel_error("call", 1, fmt, ap);
}
