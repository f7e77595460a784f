/* channel.c - the measuring process's reports to iccsprof run. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "measure/channel.h"

/* The channel's descriptor, from channel_open. */
static int channel_fd = -1;

/* Take the channel from the program's argument. */
int channel_open(const char *arg)
{
    char *end;
    long fd;

    errno = 0;
    fd = strtol(arg, &end, 10);
    if (errno != 0 || end == arg || *end != '\0' || fd < 3 || fd > INT_MAX ||
        fcntl((int)fd, F_SETFD, FD_CLOEXEC) != 0)
        return -1;
    channel_fd = (int)fd;
    return 0;
}

/* Write one object as a line on the channel, then release it.  A short
 * write is not retried: the parent then reports the process as having
 * ended without a result, which is what happened. */
static void channel_send(json_t *message)
{
    char *line;

    json_object_set_new(message, PROTOCOL_KEY_VERSION, json_integer(PROTOCOL_VERSION));
    line = json_dumps(message, JSON_COMPACT);
    json_decref(message);
    if (line == NULL)
        return;
    size_t len = strlen(line);
    line[len] = '\n';
    (void)!write(channel_fd, line, len + 1);
    free(line);
}

/* Say which phase the measurement is in. */
void channel_phase(const char *phase)
{
    channel_send(json_pack("{s:s}", PROTOCOL_MSG_PHASE, phase));
}

/* Announce the plan of the pass under way. */
void channel_plan(json_t *plan)
{
    channel_send(json_pack("{s:o}", PROTOCOL_MSG_PLAN, plan));
}

/* Send the result and end the process.  The scheme's buffered output is
 * flushed first, so that the parent's log holds all of it. */
void channel_result(json_t *result)
{
    fflush(NULL);
    channel_send(json_pack("{s:o}", PROTOCOL_MSG_RESULT, result));
    _exit(0);
}

/* Send an error of KIND with its message and end with STATUS. */
static __attribute__((noreturn)) void channel_error(const char *kind, int status, const char *fmt,
                                                    va_list ap)
{
    char message[PROTOCOL_MESSAGE_MAX];

    vsnprintf(message, sizeof message, fmt, ap);
    fflush(NULL);
    channel_send(json_pack("{s:{s:s, s:s}}", PROTOCOL_MSG_ERROR, "kind", kind, "message", message));
    _exit(status);
}

/* Report input the user got wrong. */
void channel_input_error(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    channel_error(PROTOCOL_ERROR_INPUT, 2, fmt, ap);
}

/* Report a failing call of the scheme. */
void channel_call_error(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    channel_error(PROTOCOL_ERROR_CALL, 1, fmt, ap);
}
