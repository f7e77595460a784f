/* terminal.h - text made safe for a terminal: the control characters in
 * names and strings the tool prints (a record's host name, a package's
 * path) shown as \xNN, so that none can move the cursor, retitle the
 * window or write the clipboard (ESC sequences, OSC 52). */
#ifndef ICCSPROF_TERMINAL_H
#define ICCSPROF_TERMINAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The number of bytes of the control character at S: a C0 control or DEL
 * (1), a C1 control in UTF-8 (2), or 0 when S starts with none; its code
 * in *CODE. */
size_t text_control(const char *s, unsigned *code);

/* TEXT with every control character but those in KEEP ("\t", "\n\t"...)
 * written as \xNN (\x1b for ESC, \x9b for CSI), malloc'd. */
char *text_for_terminal(const char *text, const char *keep);

/* Print the command ARGV (N words) on F as a shell's trace does, "+ cc -c
 * a.c", after "(in DIR)" when DIR is not NULL, each word as
 * text_for_terminal shows it: a package's file names and flags are in it. */
void text_show_command(FILE *f, const char *dir, char *const argv[], size_t n);

/* When *STREAM (stdout or stderr) is a terminal, replace it by a stream
 * that writes to the same descriptor what text_for_terminal shows, line
 * breaks and tabs kept, and a carriage return only where it ends a line
 * (CSV) or erases the progress line ("\r\033[K"). */
void text_guard_terminal(FILE **stream);

/* Whether F writes to a terminal (isatty of its descriptor), a stream
 * text_guard_terminal made included. */
bool text_is_terminal(FILE *f);

#endif
