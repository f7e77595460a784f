/* run-settings.h - what one `iccsprof run` is asked to do: the settings
 * its options give (cmd/run-options.h parses and checks them), read by
 * the stages that measure, report progress and write the record. */
#ifndef ICCSPROF_RUN_SETTINGS_H
#define ICCSPROF_RUN_SETTINGS_H

#include <jansson.h>
#include <stddef.h>

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
    json_t *substitutes; /* --substitute's list (substitute.h), or NULL */
    double precision;    /* the relative 95 % half-width a pass goes on to; 0: off */
    int resume;          /* keep the records this same command made already */
    struct run_within within;
};

#endif
