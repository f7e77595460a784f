/* run-options.h - the options of `iccsprof run`, parsed and checked
 * before anything is loaded or written. */
#ifndef ICCSPROF_RUN_OPTIONS_H
#define ICCSPROF_RUN_OPTIONS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "cmd.h"
#include "strlist.h"

/* The seed is at most this many bytes. */
#define RUN_MAX_SEED 128

/* The larger run this one is a part of (--within): instance INDEX of
 * COUNT, of a run that started at START (CLOCK_MONOTONIC seconds) and
 * measured OPS operations in SECONDS before this one; COUNT 0: none. */
struct run_within {
    unsigned index, count, ops;
    double start, seconds;
};

struct run_options {
    const char *plain, *profiled;
    const char *ops; /* "all" or a comma-separated list */
    const char *out, *out_dir;
    const char *scheme, *instance, *build_info;
    unsigned trials, min_calls, max_sign_attempts, first_n, callers;
    unsigned sample; /* K; 0 = auto */
    unsigned long long message_bytes;
    double target_seconds, max_seconds, timeout, profile_seconds;
    unsigned char seed[RUN_MAX_SEED];
    size_t seed_len;
    int no_plain, no_profile;
    int cpu; /* the core to pin to; -1: not pinned */
    int require_quiet_host;
    json_t *substitutes;   /* --substitute's list (substitute.h), or NULL */
    bool allow_unverified; /* --allow-unverified */
    double precision;      /* the relative 95 % half-width a pass goes on to; 0: off */
    int resume;            /* keep the records this same command made already */
    struct run_within within;
};

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
