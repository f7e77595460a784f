/* run-options.c - parsing and checking the options of `iccsprof run`. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "hex.h"
#include "run-options.h"

enum {
    OPT_PLAIN = 256,
    OPT_PROFILED,
    OPT_OP,
    OPT_OUT,
    OPT_OUT_DIR,
    OPT_SCHEME,
    OPT_INSTANCE,
    OPT_BUILD_INFO,
    OPT_TRIALS,
    OPT_MIN_CALLS,
    OPT_TARGET_SECONDS,
    OPT_MAX_SECONDS,
    OPT_PROFILE_SECONDS,
    OPT_MAX_SIGN_ATTEMPTS,
    OPT_TIMEOUT,
    OPT_SEED,
    OPT_MESSAGE_BYTES,
    OPT_SAMPLE,
    OPT_FIRST_N,
    OPT_CALLERS,
    OPT_NO_PLAIN,
    OPT_NO_PROFILE,
};

static const struct option run_longopts[] = {
    {"plain", required_argument, NULL, OPT_PLAIN},
    {"profiled", required_argument, NULL, OPT_PROFILED},
    {"op", required_argument, NULL, OPT_OP},
    {"out", required_argument, NULL, OPT_OUT},
    {"out-dir", required_argument, NULL, OPT_OUT_DIR},
    {"scheme", required_argument, NULL, OPT_SCHEME},
    {"instance", required_argument, NULL, OPT_INSTANCE},
    {"build-info", required_argument, NULL, OPT_BUILD_INFO},
    {"trials", required_argument, NULL, OPT_TRIALS},
    {"min-calls", required_argument, NULL, OPT_MIN_CALLS},
    {"target-seconds", required_argument, NULL, OPT_TARGET_SECONDS},
    {"max-seconds", required_argument, NULL, OPT_MAX_SECONDS},
    {"profile-seconds", required_argument, NULL, OPT_PROFILE_SECONDS},
    {"max-sign-attempts", required_argument, NULL, OPT_MAX_SIGN_ATTEMPTS},
    {"timeout", required_argument, NULL, OPT_TIMEOUT},
    {"seed", required_argument, NULL, OPT_SEED},
    {"message-bytes", required_argument, NULL, OPT_MESSAGE_BYTES},
    {"sample", required_argument, NULL, OPT_SAMPLE},
    {"first-n", required_argument, NULL, OPT_FIRST_N},
    {"callers", optional_argument, NULL, OPT_CALLERS},
    {"no-plain", no_argument, NULL, OPT_NO_PLAIN},
    {"no-profile", no_argument, NULL, OPT_NO_PROFILE},
    {NULL, 0, NULL, 0},
};

/* Parse ARG as a whole decimal number in [LO, HI] into *OUT; a usage
 * error naming OPTION otherwise. */
static int run_uint(const char *option, const char *arg, unsigned long long lo,
                    unsigned long long hi, unsigned long long *out)
{
    char *end;

    errno = 0;
    if (isdigit((unsigned char)arg[0])) {
        *out = strtoull(arg, &end, 10);
        if (errno == 0 && *end == '\0' && *out >= lo && *out <= hi)
            return 0;
    }
    cmd_usage_error(&cmd_run_entry, "--%s: '%s' is not a whole number from %llu to %llu", option,
                    arg, lo, hi);
    return -1;
}

/* run_uint into an unsigned. */
static int run_unsigned(const char *option, const char *arg, unsigned lo, unsigned hi,
                        unsigned *out)
{
    unsigned long long v;

    if (run_uint(option, arg, lo, hi, &v) != 0)
        return -1;
    *out = (unsigned)v;
    return 0;
}

/* Parse ARG as a positive, finite number of seconds. */
static int run_seconds(const char *option, const char *arg, double *out)
{
    char *end;

    errno = 0;
    *out = strtod(arg, &end);
    if (errno == 0 && end != arg && *end == '\0' && isfinite(*out) && *out > 0 && *out <= 1e6)
        return 0;
    cmd_usage_error(&cmd_run_entry, "--%s: '%s' is not a number of seconds above 0", option, arg);
    return -1;
}

/* Parse the seed's hex digits. */
static int run_seed(struct run_options *o, const char *arg)
{
    long n = hex_decode(arg, o->seed, RUN_MAX_SEED);

    if (n < 0) {
        cmd_usage_error(&cmd_run_entry,
                        "--seed: '%s' is not 1 to %d bytes of hex digits (two per byte)", arg,
                        RUN_MAX_SEED);
        return -1;
    }
    o->seed_len = (size_t)n;
    return 0;
}

/* Parse --sample's K or "auto". */
static int run_sample(struct run_options *o, const char *arg)
{
    if (strcmp(arg, "auto") == 0) {
        o->sample = 0;
        return 0;
    }
    if (isdigit((unsigned char)arg[0])) {
        unsigned long long k;
        char *end;

        errno = 0;
        k = strtoull(arg, &end, 10);
        if (errno == 0 && *end == '\0' && k >= 1 && k <= 1u << 20) {
            o->sample = (unsigned)k;
            return 0;
        }
    }
    cmd_usage_error(&cmd_run_entry,
                    "--sample: '%s' is neither auto nor a whole number from 1 to %u", arg,
                    1u << 20);
    return -1;
}

/* The published method's defaults. */
static void run_defaults(struct run_options *o)
{
    memset(o, 0, sizeof *o);
    o->trials = 5;
    o->min_calls = 100;
    o->max_sign_attempts = 100;
    o->first_n = 64;
    o->sample = 1;
    o->message_bytes = 64;
    o->target_seconds = 2.0;
    o->max_seconds = 120.0;
    o->profile_seconds = 0.5;
    o->seed_len = 48;
    for (size_t i = 0; i < o->seed_len; i++)
        o->seed[i] = (unsigned char)i;
}

/* Apply one parsed option. */
static int run_apply(struct run_options *o, int opt, const char *arg)
{
    unsigned long long v;

    switch (opt) {
    case OPT_PLAIN:
        o->plain = arg;
        return 0;
    case OPT_PROFILED:
        o->profiled = arg;
        return 0;
    case OPT_OP:
        o->ops = arg;
        return 0;
    case OPT_OUT:
        o->out = arg;
        return 0;
    case OPT_OUT_DIR:
        o->out_dir = arg;
        return 0;
    case OPT_SCHEME:
        o->scheme = arg;
        return 0;
    case OPT_INSTANCE:
        o->instance = arg;
        return 0;
    case OPT_BUILD_INFO:
        o->build_info = arg;
        return 0;
    case OPT_TRIALS:
        return run_unsigned("trials", arg, 1, 1000000, &o->trials);
    case OPT_MIN_CALLS:
        return run_unsigned("min-calls", arg, 1, 100000000, &o->min_calls);
    case OPT_TARGET_SECONDS:
        return run_seconds("target-seconds", arg, &o->target_seconds);
    case OPT_MAX_SECONDS:
        return run_seconds("max-seconds", arg, &o->max_seconds);
    case OPT_PROFILE_SECONDS:
        return run_seconds("profile-seconds", arg, &o->profile_seconds);
    case OPT_MAX_SIGN_ATTEMPTS:
        return run_unsigned("max-sign-attempts", arg, 1, 1000000, &o->max_sign_attempts);
    case OPT_TIMEOUT:
        return run_seconds("timeout", arg, &o->timeout);
    case OPT_SEED:
        return run_seed(o, arg);
    case OPT_MESSAGE_BYTES:
        if (run_uint("message-bytes", arg, 0, 1ull << 30, &v) != 0)
            return -1;
        o->message_bytes = v;
        return 0;
    case OPT_SAMPLE:
        return run_sample(o, arg);
    case OPT_FIRST_N:
        return run_unsigned("first-n", arg, 0, 1000000000, &o->first_n);
    case OPT_CALLERS:
        o->callers = 1;
        return arg == NULL ? 0 : run_unsigned("callers", arg, 1, 8, &o->callers);
    case OPT_NO_PLAIN:
        o->no_plain = 1;
        return 0;
    case OPT_NO_PROFILE:
        o->no_profile = 1;
        return 0;
    default:
        return -1;
    }
}

/* Check the combination of options. */
static int run_check(const struct run_options *o)
{
    if (o->no_plain && o->no_profile)
        return cmd_usage_error(&cmd_run_entry, "--no-plain and --no-profile leave nothing to run");
    if (!o->no_plain && o->plain == NULL)
        return cmd_usage_error(&cmd_run_entry, "--plain LIB.so is required (or --no-plain)");
    if (!o->no_profile && o->profiled == NULL)
        return cmd_usage_error(&cmd_run_entry,
                               "--profiled LIB.prof.so is required (or --no-profile)");
    if (o->ops == NULL)
        return cmd_usage_error(&cmd_run_entry, "--op is required (an operation, a list, or all)");
    if ((o->out == NULL) == (o->out_dir == NULL))
        return cmd_usage_error(&cmd_run_entry, "give one of --out FILE.json or --out-dir DIR");
    if (o->out != NULL && (strcmp(o->ops, "all") == 0 || strchr(o->ops, ',') != NULL))
        return cmd_usage_error(&cmd_run_entry, "--out takes one operation; use --out-dir for %s",
                               o->ops);
    if (o->callers != 0 && o->no_profile)
        return cmd_usage_error(&cmd_run_entry,
                               "--callers needs the profile pass (drop --no-profile)");
    if (o->target_seconds > o->max_seconds)
        return cmd_usage_error(&cmd_run_entry, "--target-seconds %g exceeds --max-seconds %g",
                               o->target_seconds, o->max_seconds);
    return EXIT_OK;
}

/* Parse ARGV into O with the published method's defaults. */
int run_options_parse(struct run_options *o, int argc, char **argv)
{
    int opt;

    run_defaults(o);
    optind = 0;
    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":", run_longopts, NULL)) != -1) {
        if (opt == '?')
            return cmd_usage_error(&cmd_run_entry, "unknown option: %s", argv[optind - 1]);
        if (opt == ':')
            return cmd_usage_error(&cmd_run_entry, "option needs a value: %s", argv[optind - 1]);
        if (run_apply(o, opt, optarg) != 0)
            return EXIT_USAGE;
    }
    if (optind < argc)
        return cmd_usage_error(&cmd_run_entry, "unexpected argument: %s", argv[optind]);
    if (o->no_plain)
        o->plain = NULL;
    if (o->no_profile)
        o->profiled = NULL;
    return run_check(o);
}

/* The default time-out of one measuring process. */
double run_default_timeout(const struct run_options *o)
{
    return 3 * o->max_seconds + 120;
}
