/* message.c - exit statuses, messages and verbosity (message.h). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>

#include "util/message.h"

enum cmd_verbosity cmd_verbosity = CMD_NORMAL;

/* Print PREFIX and the message FMT, AP as one line on stderr. */
void cmd_vmessage(const char *prefix, const char *fmt, va_list ap)
{
    fputs(prefix, stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

/* Report an error as "iccsprof: MESSAGE" on stderr. */
void cmd_error(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    cmd_vmessage("iccsprof: ", fmt, ap);
    va_end(ap);
}

/* Print "iccsprof: note: MESSAGE" on stderr, unless quiet. */
void cmd_note(const char *fmt, ...)
{
    va_list ap;

    if (cmd_verbosity == CMD_QUIET)
        return;
    va_start(ap, fmt);
    cmd_vmessage("iccsprof: note: ", fmt, ap);
    va_end(ap);
}

/* Report a usage error of COMMAND and return EXIT_USAGE. */
int usage_verror(const char *command, const char *fmt, va_list ap)
{
    fprintf(stderr, "iccsprof %s: ", command);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\nTry 'iccsprof %s --help'.\n", command);
    return EXIT_USAGE;
}

/* Report a usage error of COMMAND and return EXIT_USAGE. */
int usage_error(const char *command, const char *fmt, ...)
{
    va_list ap;
    int rc;

    va_start(ap, fmt);
    rc = usage_verror(command, fmt, ap);
    va_end(ap);
    return rc;
}
