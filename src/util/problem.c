/* problem.c - the first problem a check meets (problem.h). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>

#include "util/problem.h"

/* Record the problem unless one was recorded already: the first is the
 * one that explains the others. */
void problem_set(struct problem *p, const char *fmt, ...)
{
    va_list ap;

    if (p->failed)
        return;
    p->failed = true;
    va_start(ap, fmt);
    vsnprintf(p->why, p->size, fmt, ap);
    va_end(ap);
}
