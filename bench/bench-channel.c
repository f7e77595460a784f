/* bench-channel.c - the measuring process's error reports (channel.h) for
 * the bench's own driver, which links the operation and loading code of
 * iccsprof-measure: it has no parent reading descriptor 3, so a failing
 * call or a bad library is one line on stderr, and phases are not
 * reported. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "measure/channel.h"

/* Phases only matter to a parent naming where a crash happened. */
void channel_phase(const char *phase)
{
    (void)phase;
}

/* Print "opbench: " and the message, then end with STATUS. */
static __attribute__((noreturn)) void bench_fail(int status, const char *fmt, va_list ap)
{
    fflush(stdout);
    fputs("opbench: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    exit(status);
}

/* A library or symbol the user named is wrong. */
void channel_input_error(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    bench_fail(2, fmt, ap);
}

/* A call of the scheme failed. */
void channel_call_error(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    bench_fail(1, fmt, ap);
}
