/* run-options.h - the options of `iccsprof run`, parsed and checked
 * before anything is loaded or written. */
#ifndef ICCSPROF_RUN_OPTIONS_H
#define ICCSPROF_RUN_OPTIONS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "cmd/cmd.h"
#include "run/run-settings.h"
#include "util/strlist.h"

/* The options of `iccsprof run`, for its command entry. */
extern const struct cmd_option run_option_table[];

/* Take the options parsed by cmd_parse into O and check them together;
 * EXIT_OK, or EXIT_USAGE after a one-line message naming the option. */
int run_options_take(struct run_options *o, const struct cmd_args *args);

/* Parse ARGV (ARGV[0] is "run") into O with the published method's
 * defaults; EXIT_OK, or EXIT_USAGE after a one-line message naming the
 * option at fault. */
int run_options_parse(struct run_options *o, int argc, char **argv);

/* Check ARGV[ARGC] (ARGV[0] a command name), the options of an
 * `iccsprof run` the command ENTRY will start, as run checks them; the
 * usage error, if any, is ENTRY's and names the option.  EXIT_OK or
 * EXIT_USAGE. */
int run_options_check(const struct cmd_entry *entry, int argc, char **argv);

/* Refuse, in the run options FLAGS that the command ENTRY hands on, one
 * that ENTRY sets for each run itself (--plain, --out-dir, --scheme, ...);
 * EXIT_OK, or EXIT_USAGE after a one-line error naming the option. */
int run_flags_check_own(const struct cmd_entry *entry, const struct strlist *flags);

/* The time-out of one measuring process (one pass) when --timeout is not
 * given: room for the pass at its longest, and as much again for setup
 * and a call past it. */
double run_default_timeout(const struct run_options *o);

#endif
