/* message.c - exit statuses, messages and verbosity (message.h). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/message.h"
#include "util/strlist.h"
#include "util/terminal.h"

enum cmd_verbosity cmd_verbosity = CMD_NORMAL;

/* The name of the command this process runs, which every message
 * carries; NULL until one is known. */
static const char *message_command;

/* Name NAME as the command this process runs. */
void cmd_set_running(const char *name)
{
    message_command = name;
}

/* Write "iccsprof COMMAND: " for COMMAND into BUF, or "iccsprof: " when
 * COMMAND is NULL; BUF. */
static const char *message_prefix(char *buf, size_t size, const char *command)
{
    if (command == NULL)
        snprintf(buf, size, "iccsprof: ");
    else
        snprintf(buf, size, "iccsprof %s: ", command);
    return buf;
}

/* "iccsprof COMMAND: ", or "iccsprof: " before a command is known. */
const char *cmd_prefix(void)
{
    static char prefix[64];

    return message_prefix(prefix, sizeof prefix, message_command);
}

/* Print the message FMT, AP as one line on stderr after the prefix of
 * COMMAND and TAG (a word and ": ", or ""): a line break or an ESC
 * sequence in a name it quotes is shown as \xNN. */
static void message_vsay(const char *command, const char *tag, const char *fmt, va_list ap)
{
    char prefix[64], *message = xvasprintf(fmt, ap), *shown = text_for_terminal(message, "\t");

    fprintf(stderr, "%s%s%s\n", message_prefix(prefix, sizeof prefix, command), tag, shown);
    free(shown);
    free(message);
}

/* Print the message FMT, AP as one line on stderr, after the prefix. */
void cmd_vmessage(const char *fmt, va_list ap)
{
    message_vsay(message_command, "", fmt, ap);
}

/* Report an error as "iccsprof COMMAND: MESSAGE" on stderr. */
void cmd_error(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    message_vsay(message_command, "", fmt, ap);
    va_end(ap);
}

/* Print "iccsprof COMMAND: note: MESSAGE" on stderr, unless quiet. */
void cmd_note(const char *fmt, ...)
{
    va_list ap;

    if (cmd_verbosity == CMD_QUIET)
        return;
    va_start(ap, fmt);
    message_vsay(message_command, "note: ", fmt, ap);
    va_end(ap);
}

/* Report a usage error of COMMAND and return EXIT_USAGE. */
int usage_verror(const char *command, const char *fmt, va_list ap)
{
    message_vsay(command, "", fmt, ap);
    fprintf(stderr, "Try 'iccsprof %s --help'.\n", command);
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

/* The longest words cmd_distance compares. */
#define MESSAGE_WORD_MAX 32

/* The optimal string alignment distance between A and B: insertions,
 * deletions, substitutions and swaps of neighbours each count one, which
 * are the slips a typist makes. */
size_t cmd_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    size_t d[MESSAGE_WORD_MAX + 1][MESSAGE_WORD_MAX + 1];

    if (la > MESSAGE_WORD_MAX || lb > MESSAGE_WORD_MAX)
        return (size_t)-1;
    for (size_t i = 0; i <= la; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);

            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}
