/* run-lines.c - the report channel read as lines (run-lines.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run/run-lines.h"
#include "run/run-result.h"

/* Whether the channel has said its last: a result, an error, or
 * something outside the protocol. */
int child_lines_done(const struct child_lines *l)
{
    return l->result != NULL || l->error != NULL || l->bad[0] != '\0';
}

/* Take one message of the protocol; a message outside it ends the
 * channel with the reason in L->bad. */
static void child_take_message(struct child_lines *l, const char *line, size_t len,
                               child_progress_fn progress, void *arg)
{
    json_t *msg = json_loadb(line, len, JSON_REJECT_DUPLICATES, NULL), *v;
    json_t *version = json_object_get(msg, PROTOCOL_KEY_VERSION);
    const char *kind;

    if (!json_is_object(msg)) {
        snprintf(l->bad, sizeof l->bad, "the channel carried a line that is not a message");
    } else if (!json_is_integer(version) || json_integer_value(version) != PROTOCOL_VERSION) {
        snprintf(l->bad, sizeof l->bad, "the channel carried a message not of protocol %d",
                 PROTOCOL_VERSION);
    } else if (json_object_size(msg) != 2) {
        snprintf(l->bad, sizeof l->bad, "the channel carried a message of more than one type");
    } else if ((v = json_object_get(msg, PROTOCOL_MSG_PHASE)) != NULL) {
        if (!json_is_string(v) || json_string_length(v) >= sizeof l->phase ||
            strlen(json_string_value(v)) != json_string_length(v)) {
            snprintf(l->bad, sizeof l->bad, "the channel carried a malformed phase");
        } else {
            snprintf(l->phase, sizeof l->phase, "%s", json_string_value(v));
            if (progress != NULL)
                progress(l->phase, NULL, arg);
        }
    } else if ((v = json_object_get(msg, PROTOCOL_MSG_PLAN)) != NULL) {
        char why[256];

        if (result_check_plan(v, why, sizeof why) != 0)
            snprintf(l->bad, sizeof l->bad, "the channel carried a malformed plan: %s", why);
        else if (progress != NULL)
            progress(NULL, v, arg);
    } else if ((v = json_object_get(msg, PROTOCOL_MSG_RESULT)) != NULL) {
        l->result = json_incref(v);
    } else if ((v = json_object_get(msg, PROTOCOL_MSG_ERROR)) != NULL) {
        kind = json_string_value(json_object_get(v, "kind"));
        if (!json_is_object(v) || json_object_size(v) != 2 || kind == NULL ||
            (strcmp(kind, PROTOCOL_ERROR_INPUT) != 0 && strcmp(kind, PROTOCOL_ERROR_CALL) != 0) ||
            !json_is_string(json_object_get(v, "message")))
            snprintf(l->bad, sizeof l->bad, "the channel carried a malformed error");
        else
            l->error = json_incref(v);
    } else {
        snprintf(l->bad, sizeof l->bad, "the channel carried a message of no known type");
    }
    json_decref(msg);
}

/* Take the complete lines of L's buffer, up to the last message. */
size_t child_lines_take(struct child_lines *l, child_progress_fn progress, void *arg)
{
    char *start = l->buf, *from = l->buf + l->scanned, *nl;
    size_t searched = 0;

    /* the bytes before FROM were searched by an earlier call */
    while (!child_lines_done(l)) {
        size_t left = l->len - (size_t)(from - l->buf);

        nl = memchr(from, '\n', left);
        searched += nl != NULL ? (size_t)(nl - from) + 1 : left;
        if (nl == NULL)
            break;
        child_take_message(l, start, (size_t)(nl - start), progress, arg);
        start = from = nl + 1;
    }
    l->len -= (size_t)(start - l->buf);
    l->scanned = child_lines_done(l) ? 0 : l->len;
    if (start != l->buf)
        memmove(l->buf, start, l->len);
    return searched;
}

/* Free L's buffer and the messages it holds. */
void child_lines_free(struct child_lines *l)
{
    json_decref(l->result);
    json_decref(l->error);
    free(l->buf);
    memset(l, 0, sizeof *l);
}

/* Read what the channel has into L's growing buffer (a result with many
 * call sites is a long line); 0 at its end, -1 on error or when nothing
 * is there. */
ssize_t child_lines_read(int fd, struct child_lines *l)
{
    ssize_t n;

    if (l->cap - l->len < 4096) {
        size_t cap = l->cap == 0 ? 1 << 16 : 2 * l->cap;
        char *buf = cap <= CHILD_LINE_LIMIT ? realloc(l->buf, cap) : NULL;

        if (buf == NULL) {
            snprintf(l->bad, sizeof l->bad, "the channel carried a line longer than %u bytes",
                     CHILD_LINE_LIMIT);
            return -1;
        }
        l->buf = buf;
        l->cap = cap;
    }
    n = read(fd, l->buf + l->len, l->cap - l->len);
    if (n > 0)
        l->len += (size_t)n;
    return n;
}
