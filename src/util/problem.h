/* problem.h - the first problem a check meets, kept as a one-line
 * message: the checks of documents that cross into the tool (a measuring
 * process's result, a what-if document) go on reading after a problem but
 * report only the first, which names the field at fault. */
#ifndef ICCSPROF_PROBLEM_H
#define ICCSPROF_PROBLEM_H

#include <stdbool.h>
#include <stddef.h>

struct problem {
    char *why;   /* the message, once failed */
    size_t size; /* the room in WHY */
    bool failed;
};

/* Record the problem unless one was recorded already. */
void problem_set(struct problem *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
