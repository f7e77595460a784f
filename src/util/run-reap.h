/* run-reap.h - ending a process of a package's code and everything it
 * started.  The caller becomes a child subreaper (PR_SET_CHILD_SUBREAPER)
 * and notes the children it has before starting the process: a
 * descendant that leaves the process's group or session, or joins the
 * caller's own group, comes to the caller when its parent dies, as a
 * child it did not have before, and is killed and reaped with the
 * process group. */
#ifndef ICCSPROF_RUN_REAP_H
#define ICCSPROF_RUN_REAP_H

#include <stddef.h>
#include <sys/types.h>

/* The children the caller had before: its own, never killed. */
struct reap_known {
    pid_t *pids;
    size_t n, cap;
};

/* Become a child subreaper and note the children there are now into K. */
void reap_begin(struct reap_known *k);

/* Kill process group GROUP (none when GROUP is not above 1) and every
 * child of this process that is not in K, reaping each, until none is
 * left (a killed process's children come next). */
void reap_descendants(pid_t group, const struct reap_known *k);

/* Free what K holds. */
void reap_end(struct reap_known *k);

#endif
