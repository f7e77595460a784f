/* run-lines.h - the measuring process's report channel read as lines:
 * each complete line is one message of the protocol (protocol.h), taken
 * as it arrives; a line may be long (a result with many call sites), up
 * to CHILD_LINE_LIMIT bytes. */
#ifndef ICCSPROF_RUN_LINES_H
#define ICCSPROF_RUN_LINES_H

#include <jansson.h>
#include <stddef.h>
#include <sys/types.h>

#include "measure/protocol.h"

/* The longest line the channel may carry (a result with many call sites
 * is long); a longer one fails the outcome. */
#define CHILD_LINE_LIMIT (256u << 20)

/* Called with each phase the measuring process enters, with each plan
 * of a pass it announces (checked, protocol.h), and with both NULL every
 * CHILD_TICK_SECONDS in between, so that progress can show the time
 * passing within a phase. */
typedef void (*child_progress_fn)(const char *phase, json_t *plan, void *arg);
#define CHILD_TICK_SECONDS 0.25

/* The channel's bytes not yet taken, and what its lines said. */
struct child_lines {
    char *buf;
    size_t len, cap;
    size_t scanned; /* the first SCANNED bytes of BUF hold no newline */
    char phase[PROTOCOL_PHASE_MAX];
    json_t *result, *error;
    char bad[512]; /* why the channel broke the protocol, or empty */
};

/* Read what descriptor FD has into L's growing buffer; 0 at its end, -1
 * on error, when nothing is there, or past the longest line (L->bad
 * says so). */
ssize_t child_lines_read(int fd, struct child_lines *l);

/* Take the complete lines of L's buffer, up to the last message, calling
 * PROGRESS with each phase; how many bytes were searched for a newline:
 * each byte once, however many reads a long line takes. */
size_t child_lines_take(struct child_lines *l, child_progress_fn progress, void *arg);

/* Whether the channel has said its last: a result, an error, or
 * something outside the protocol. */
int child_lines_done(const struct child_lines *l);

/* Free L's buffer and the messages it holds. */
void child_lines_free(struct child_lines *l);

#endif
