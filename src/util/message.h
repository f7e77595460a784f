/* message.h - how every part of iccsprof speaks to its user: the exit
 * statuses, one-line messages on stderr, and how much to say (-q, -v).
 * Below every stage, so that a stage reports in the command's voice
 * without depending on the command layer. */
#ifndef ICCSPROF_MESSAGE_H
#define ICCSPROF_MESSAGE_H

#include <stdarg.h>
#include <stddef.h>

/* Exit statuses shared by every subcommand. */
enum {
    EXIT_OK = 0,   /* success */
    EXIT_FAIL = 1, /* the job ran but something it checks failed */
    EXIT_USAGE = 2 /* bad option, unreadable input or unwritable output */
};

/* How much a command says on stderr, from -q/--quiet and -v/--verbose,
 * which every command takes, else from $ICCSPROF_VERBOSITY (quiet or
 * verbose), which the parser sets for the commands this one starts. */
enum cmd_verbosity { CMD_QUIET = -1, CMD_NORMAL = 0, CMD_VERBOSE = 1 };
extern enum cmd_verbosity cmd_verbosity;

/* Name the command this process runs (NAME lives as long as the process):
 * every message after it begins "iccsprof NAME: ". */
void cmd_set_running(const char *name);

/* The prefix of every message: "iccsprof COMMAND: ", or "iccsprof: "
 * before a command is known (an unknown command, say). */
const char *cmd_prefix(void);

/* Print the message FMT, AP as one line on stderr after the prefix: the
 * one way messages are written. */
void cmd_vmessage(const char *fmt, va_list ap);

/* Report an error as "iccsprof COMMAND: MESSAGE" on stderr. */
void cmd_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Print "iccsprof COMMAND: note: MESSAGE" on stderr, unless -q was given. */
void cmd_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Report a usage error of the command named COMMAND, one line and where
 * to find help, and return EXIT_USAGE: for the checks of a stage that
 * knows which command it serves by name only. */
int usage_error(const char *command, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* usage_error with the message's arguments in AP. */
int usage_verror(const char *command, const char *fmt, va_list ap);

/* The edit distance between A and B (insertions, deletions, substitutions
 * and swaps of neighbours), or (size_t)-1 past 32 characters. */
size_t cmd_distance(const char *a, const char *b);

#endif
