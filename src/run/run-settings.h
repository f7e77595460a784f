/* run-settings.h - what one `iccsprof run` is asked to do: the settings
 * its options give (cmd/run-options.h parses and checks them), and the
 * facts every record of the run shares, read by the stages that measure,
 * report progress and write the record. */
#ifndef ICCSPROF_RUN_SETTINGS_H
#define ICCSPROF_RUN_SETTINGS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* --profile-processes is at most this many. */
#define RUN_MAX_PROCESSES 64

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
    unsigned long long max_memory_mib, max_file_mib; /* each measuring process's limits */
    unsigned char seed[RUN_MAX_SEED];
    size_t seed_len;
    int no_plain, no_profile;
    int cpu; /* the core to pin to; -1: not pinned */
    int require_quiet_host;
    json_t *substitutes;        /* --substitute's list (substitute.h), or NULL */
    bool allow_unverified;      /* --allow-unverified */
    double precision;           /* the relative 95 % half-width a pass goes on to; 0: off */
    unsigned profile_processes; /* the measuring processes of the profile pass; 0: auto */
    unsigned timing_processes;  /* the measuring processes of the timing pass */
    int resume;                 /* keep the records this same command made already */
    struct run_within within;
};

/* What every record of one run shares. */
struct run_facts {
    const struct run_options *options;
    const char *scheme_id, *algorithm, *instance;
    const char *type;     /* "sig", "kem" or "kex" */
    json_t *sizes;        /* the API's lengths: pk, sk, out, ss; sta, stb, passes (kex) */
    json_t *build;        /* the scheme build's description, or NULL */
    json_t *kat;          /* the KAT gate's result (kat.json), or NULL */
    json_t *plain_lib;    /* {path, sha256} or null */
    json_t *profiled_lib; /* {path, sha256} or null */
    long long image_bytes;
    char cpu_model[256], kernel[256];
    char emulation[512]; /* why the run is emulated; "" when it is not */
    json_t *host_check;  /* the host check at the start of the run */
    double timeout;
};

#endif
