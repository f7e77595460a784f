/* run-options.c - parsing and checking the options of `iccsprof run`. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "util/hex.h"
#include "host/pin.h"
#include "record/record-read.h"
#include "cmd/run-options.h"
#include "util/strlist.h"
#include "whatif/substitute.h"
#include "run/run-child.h"

/* A macro's value as a string literal: the limits' defaults are
 * run-child.h's. */
#define RUN_STR(x) RUN_STR_(x)
#define RUN_STR_(x) #x

/* The rows of run_option_table, in its order. */
enum {
    OPT_PLAIN,
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
    OPT_PROFILE_PROCESSES,
    OPT_TIMING_PROCESSES,
    OPT_MAX_SIGN_ATTEMPTS,
    OPT_TIMEOUT,
    OPT_MAX_MEMORY,
    OPT_MAX_FILE_SIZE,
    OPT_SEED,
    OPT_MESSAGE_BYTES,
    OPT_SAMPLE,
    OPT_FIRST_N,
    OPT_CALLERS,
    OPT_NO_PLAIN,
    OPT_NO_PROFILE,
    OPT_CPU,
    OPT_REQUIRE_QUIET_HOST,
    OPT_SUBSTITUTE,
    OPT_ALLOW_UNVERIFIED,
    OPT_PRECISION,
    OPT_RESUME,
    OPT_WITHIN,
};

/* The published method's defaults are the table's: --help prints them and
 * the parser applies them. */
const struct cmd_option run_option_table[] = {
    [OPT_PLAIN] = {.name = "plain",
                   .kind = CMD_OPT_STRING,
                   .metavar = "LIB.so",
                   .help = "the scheme instance built plainly; required unless --no-plain"},
    [OPT_PROFILED] = {.name = "profiled",
                      .kind = CMD_OPT_STRING,
                      .metavar = "LIB.prof.so",
                      .help = "the same instance built with the wrappers; required unless "
                              "--no-profile"},
    [OPT_OP] = {.name = "op",
                .kind = CMD_OPT_STRING,
                .metavar = "OP[,OP...]|all",
                .help = "operations to measure: keygen, sign, verify (signatures), keygen, enc, "
                        "dec (KEMs), a comma-separated list, or all; required"},
    [OPT_OUT] = {.name = "out",
                 .kind = CMD_OPT_STRING,
                 .metavar = "FILE.json",
                 .help = "write the record of the one operation to FILE.json"},
    [OPT_OUT_DIR] = {.name = "out-dir",
                     .kind = CMD_OPT_STRING,
                     .metavar = "DIR",
                     .help = "write a record INSTANCE__OP.json per operation into DIR (give "
                             "--out or --out-dir)"},
    [OPT_SCHEME] = {.name = "scheme",
                    .kind = CMD_OPT_STRING,
                    .metavar = "ID",
                    .def_note = "the build info's scheme, else the instance",
                    .help = "scheme id written in the records"},
    [OPT_INSTANCE] = {.name = "instance",
                      .kind = CMD_OPT_STRING,
                      .metavar = "NAME",
                      .def_note = "the build info's instance, else the library's name",
                      .help = "instance name written in the records"},
    [OPT_BUILD_INFO] = {.name = "build-info",
                        .kind = CMD_OPT_STRING,
                        .metavar = "FILE",
                        .help = "the build.json of the instance, copied into the records"},
    [OPT_TRIALS] = {.name = "trials",
                    .kind = CMD_OPT_UINT,
                    .metavar = "N",
                    .lo = 1,
                    .hi = 1000000,
                    .def = "5",
                    .help = "timed trials of the plain pass"},
    [OPT_MIN_CALLS] = {.name = "min-calls",
                       .kind = CMD_OPT_UINT,
                       .metavar = "N",
                       .lo = 1,
                       .hi = 100000000,
                       .def = "25",
                       .help = "fewest calls in all trials, and operations profiled, when they "
                               "fit in --max-seconds (else 5 a trial, and 5 operations)"},
    [OPT_TARGET_SECONDS] = {.name = "target-seconds",
                            .kind = CMD_OPT_SECONDS,
                            .metavar = "S",
                            .def = "2",
                            .help = "seconds the plain pass's trials aim to take"},
    [OPT_MAX_SECONDS] = {.name = "max-seconds",
                         .kind = CMD_OPT_SECONDS,
                         .metavar = "S",
                         .def = "120",
                         .help = "seconds a pass may take at most, from its first warm-up call: "
                                 "it stops before a call that would end later"},
    [OPT_PROFILE_SECONDS] = {.name = "profile-seconds",
                             .kind = CMD_OPT_SECONDS,
                             .metavar = "S",
                             .def = "0.5",
                             .help = "seconds the profile pass aims to take"},
    [OPT_PROFILE_PROCESSES] = {.name = "profile-processes",
                               .kind = CMD_OPT_STRING,
                               .metavar = "N|auto",
                               .def = "1",
                               .help = "make the profile pass in N measuring processes, each with "
                                       "its part of --profile-seconds, and merge them: the "
                                       "played-back share is their mean, its uncertainty "
                                       "includes their spread; auto: up to 4, as many as can "
                                       "each make --min-calls operations by the timing pass's "
                                       "calibration"},
    [OPT_TIMING_PROCESSES] = {.name = "timing-processes",
                              .kind = CMD_OPT_UINT,
                              .metavar = "N",
                              .lo = 1,
                              .hi = RUN_MAX_PROCESSES,
                              .def = "1",
                              .help = "make the timing pass in N measuring processes, taking "
                                      "turns with the profile pass's, each with its part of "
                                      "--target-seconds: the mean cycles are the mean of their "
                                      "means, and their standard error includes the spread "
                                      "between processes, which one process cannot see"},
    [OPT_MAX_SIGN_ATTEMPTS] = {.name = "max-sign-attempts",
                               .kind = CMD_OPT_UINT,
                               .metavar = "N",
                               .lo = 1,
                               .hi = 1000000,
                               .def = "100",
                               .help = "signing calls tried before a failing one fails the record"},
    [OPT_TIMEOUT] = {.name = "timeout",
                     .kind = CMD_OPT_SECONDS,
                     .metavar = "S",
                     .def_note = "2 x max-seconds + 120",
                     .help = "seconds after which the measuring process of a pass is killed, as "
                             "hanging"},
    [OPT_MAX_MEMORY] = {.name = "max-memory",
                        .kind = CMD_OPT_UINT,
                        .metavar = "MIB",
                        .lo = 16,
                        .hi = 1ull << 30,
                        .def = RUN_STR(CHILD_MEMORY_MIB_DEFAULT),
                        .help = "mebibytes of memory (heap and private mappings) the measuring "
                                "process of a pass may take; past it the operation is not "
                                "recorded (not set in a build with AddressSanitizer)"},
    [OPT_MAX_FILE_SIZE] = {.name = "max-file-size",
                           .kind = CMD_OPT_UINT,
                           .metavar = "MIB",
                           .lo = 1,
                           .hi = 1ull << 30,
                           .def = RUN_STR(CHILD_FILE_MIB_DEFAULT),
                           .help = "mebibytes each file the measuring process writes may hold; "
                                   "past it the operation is not recorded"},
    [OPT_SEED] = {.name = "seed",
                  .kind = CMD_OPT_STRING,
                  .metavar = "HEX",
                  .def = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
                         "202122232425262728292a2b2c2d2e2f",
                  .def_note = "the 48 bytes 00 01 .. 2f",
                  .help = "the DRNG seed, 1 to 128 bytes in hex"},
    [OPT_MESSAGE_BYTES] = {.name = "message-bytes",
                           .kind = CMD_OPT_UINT,
                           .metavar = "N",
                           .lo = 0,
                           .hi = 1ull << 30,
                           .def = "64",
                           .help = "length of the message signed"},
    [OPT_SAMPLE] = {.name = "sample",
                    .kind = CMD_OPT_STRING,
                    .metavar = "K|auto",
                    .def = "1",
                    .help = "time about one helper call in K after the first --first-n of each "
                            "shape (1 times every call); auto picks K from the calibration"},
    [OPT_FIRST_N] = {.name = "first-n",
                     .kind = CMD_OPT_UINT,
                     .metavar = "N",
                     .lo = 0,
                     .hi = 1000000000,
                     .def = "64",
                     .help = "calls of each shape always timed when sampling"},
    [OPT_CALLERS] = {.name = "callers",
                     .kind = CMD_OPT_UINT,
                     .optional_value = true,
                     .metavar = "DEPTH",
                     .lo = 1,
                     .hi = 8,
                     .def_note = "off; DEPTH 1 when given alone",
                     .help = "record the call sites of each helper, DEPTH frames (1 to 8) up"},
    [OPT_NO_PLAIN] = {.name = "no-plain",
                      .kind = CMD_OPT_FLAG,
                      .help = "skip the plain pass (no cycles or shares of the plain build)"},
    [OPT_NO_PROFILE] = {.name = "no-profile",
                        .kind = CMD_OPT_FLAG,
                        .help = "skip the profile pass (timing only)"},
    [OPT_CPU] = {.name = "cpu",
                 .kind = CMD_OPT_UINT,
                 .metavar = "N",
                 .lo = 0,
                 .hi = CPU_SETSIZE - 1,
                 .def_note = "not pinned",
                 .help = "pin the measuring process to core N (sched_setaffinity)"},
    [OPT_REQUIRE_QUIET_HOST] = {.name = "require-quiet-host",
                                .kind = CMD_OPT_FLAG,
                                .help = "refuse to measure when the host check (iccsprof host) "
                                        "fails"},
    [OPT_SUBSTITUTE] = {.name = "substitute",
                        .kind = CMD_OPT_STRING,
                        .metavar = "HELPER=CANDIDATE[,...]",
                        .help = "what if: serve pseudohash, pseudoXOF or sm3hash with sm3, sha256, "
                                "sha3-256, sha3-512, shake128, shake256, iccs (the placeholder) "
                                "or pkg:PATH[:INSTANCE] (an NGCC hash package), timing the "
                                "profiled library after a works-check"},
    [OPT_ALLOW_UNVERIFIED] =
        {.name = "allow-unverified",
         .kind = CMD_OPT_FLAG,
         .help = "a hash package that ships no KAT responses serves unchecked (its record says "
                 "\"unverified: no responses shipped\") instead of being refused"},
    [OPT_PRECISION] = {.name = "precision",
                       .kind = CMD_OPT_STRING,
                       .metavar = "P%|off",
                       .def = "1%",
                       .help = "after its minimum, a pass goes on until the 95 % confidence "
                               "half-width of its mean (the shares' for the profile pass) is "
                               "within P of it, or --max-seconds"},
    [OPT_RESUME] = {.name = "resume",
                    .kind = CMD_OPT_FLAG,
                    .help = "keep a record already in place that the same settings made from the "
                            "same libraries, build description and KAT result: its operation is "
                            "not measured again"},
    [OPT_WITHIN] = {.name = "within",
                    .kind = CMD_OPT_STRING,
                    .metavar = "I/N:T0:OPS:S",
                    .help = "this run is instance I of N of a larger one (profile's) that started "
                            "at T0 (CLOCK_MONOTONIC seconds) and measured OPS operations in S "
                            "seconds before it: the progress shows the whole run"},
    {0},
};

/* Parse the seed's hex digits; a usage error of ENTRY otherwise. */
static int run_seed(const struct cmd_entry *entry, struct run_options *o, const char *arg)
{
    long n = hex_decode(arg, o->seed, RUN_MAX_SEED);

    if (n < 0) {
        cmd_usage_error(entry, "--seed: '%s' is not 1 to %d bytes of hex digits (two per byte)",
                        arg, RUN_MAX_SEED);
        return -1;
    }
    o->seed_len = (size_t)n;
    return 0;
}

/* Parse --sample's K or "auto"; a usage error of ENTRY otherwise. */
static int run_sample(const struct cmd_entry *entry, struct run_options *o, const char *arg)
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
    cmd_usage_error(entry, "--sample: '%s' is neither auto nor a whole number from 1 to %u", arg,
                    1u << 20);
    return -1;
}

/* Parse --profile-processes's N or "auto"; a usage error of ENTRY
 * otherwise. */
static int run_processes(const struct cmd_entry *entry, struct run_options *o, const char *arg)
{
    if (strcmp(arg, "auto") == 0) {
        o->profile_processes = 0;
        return 0;
    }
    if (isdigit((unsigned char)arg[0])) {
        unsigned long long n;
        char *end;

        errno = 0;
        n = strtoull(arg, &end, 10);
        if (errno == 0 && *end == '\0' && n >= 1 && n <= RUN_MAX_PROCESSES) {
            o->profile_processes = (unsigned)n;
            return 0;
        }
    }
    cmd_usage_error(entry,
                    "--profile-processes: '%s' is neither auto nor a whole number from 1 to %d",
                    arg, RUN_MAX_PROCESSES);
    return -1;
}

/* Parse --precision: a percentage (cmd_parse_percent's form) or off. */
static int run_precision(const struct cmd_entry *entry, struct run_options *o, const char *arg)
{
    if (strcmp(arg, "off") == 0) {
        o->precision = 0;
        return 0;
    }
    if (cmd_parse_percent(arg, 0, 50, &o->precision))
        return 0;
    cmd_usage_error(entry, "--precision: '%s' is neither off nor a percentage from 0 to 50", arg);
    return -1;
}

/* Parse --within. */
static int run_within(const struct cmd_entry *entry, struct run_options *o, const char *arg)
{
    struct run_within *w = &o->within;
    int used = 0;

    if (arg == NULL)
        return 0;
    if (sscanf(arg, "%u/%u:%lf:%u:%lf%n", &w->index, &w->count, &w->start, &w->ops, &w->seconds,
               &used) == 5 &&
        arg[used] == '\0' && w->index >= 1 && w->index <= w->count && w->start >= 0 &&
        w->seconds >= 0)
        return 0;
    memset(w, 0, sizeof *w);
    cmd_usage_error(entry,
                    "--within: '%s' is not I/N:T0:OPS:S (instance I of N, a start and the "
                    "operations and seconds before)",
                    arg);
    return -1;
}

/* Copy the parsed values of ARGS into O. */
static int run_take(struct run_options *o, const struct cmd_args *args)
{
    const struct cmd_value *v = args->opt;

    memset(o, 0, sizeof *o);
    o->plain = v[OPT_PLAIN].text;
    o->profiled = v[OPT_PROFILED].text;
    o->ops = v[OPT_OP].text;
    o->out = v[OPT_OUT].text;
    o->out_dir = v[OPT_OUT_DIR].text;
    o->scheme = v[OPT_SCHEME].text;
    o->instance = v[OPT_INSTANCE].text;
    o->build_info = v[OPT_BUILD_INFO].text;
    o->trials = (unsigned)v[OPT_TRIALS].num;
    o->min_calls = (unsigned)v[OPT_MIN_CALLS].num;
    o->target_seconds = v[OPT_TARGET_SECONDS].seconds;
    o->max_seconds = v[OPT_MAX_SECONDS].seconds;
    o->profile_seconds = v[OPT_PROFILE_SECONDS].seconds;
    o->timing_processes = (unsigned)v[OPT_TIMING_PROCESSES].num;
    o->max_sign_attempts = (unsigned)v[OPT_MAX_SIGN_ATTEMPTS].num;
    o->timeout = v[OPT_TIMEOUT].given ? v[OPT_TIMEOUT].seconds : 0;
    o->max_memory_mib = v[OPT_MAX_MEMORY].num;
    o->max_file_mib = v[OPT_MAX_FILE_SIZE].num;
    o->message_bytes = v[OPT_MESSAGE_BYTES].num;
    o->first_n = (unsigned)v[OPT_FIRST_N].num;
    o->callers = v[OPT_CALLERS].given ? (unsigned)v[OPT_CALLERS].num : 0;
    o->no_plain = v[OPT_NO_PLAIN].given > 0;
    o->no_profile = v[OPT_NO_PROFILE].given > 0;
    o->cpu = v[OPT_CPU].given ? (int)v[OPT_CPU].num : -1;
    o->require_quiet_host = v[OPT_REQUIRE_QUIET_HOST].given > 0;
    if (v[OPT_SUBSTITUTE].text != NULL &&
        subst_parse(args->entry->name, v[OPT_SUBSTITUTE].text, &o->substitutes) != EXIT_OK)
        return EXIT_USAGE;
    o->allow_unverified = v[OPT_ALLOW_UNVERIFIED].given > 0;
    o->resume = v[OPT_RESUME].given > 0;
    if (run_seed(args->entry, o, v[OPT_SEED].text) != 0 ||
        run_sample(args->entry, o, v[OPT_SAMPLE].text) != 0 ||
        run_precision(args->entry, o, v[OPT_PRECISION].text) != 0 ||
        run_processes(args->entry, o, v[OPT_PROFILE_PROCESSES].text) != 0 ||
        run_within(args->entry, o, v[OPT_WITHIN].text) != 0)
        return EXIT_USAGE;
    return EXIT_OK;
}

/* Whether NAME is an operation of some type of scheme. */
static bool run_op_exists(const char *name, size_t len)
{
    for (int op = 0; op < REC_NOPS; op++)
        if (strlen(rec_op_name((enum rec_op)op)) == len &&
            strncmp(rec_op_name((enum rec_op)op), name, len) == 0)
            return true;
    return false;
}

/* Check --op's list before anything runs: each item an operation of some
 * type of scheme (which ones the scheme has is known once it is loaded),
 * none twice, "all" alone. */
static int run_check_ops(const struct cmd_entry *entry, const char *ops)
{
    if (strcmp(ops, "all") == 0)
        return EXIT_OK;
    for (const char *p = ops; *p != '\0'; p += strcspn(p, ",") + (p[strcspn(p, ",")] == ',')) {
        size_t len = strcspn(p, ",");

        if (!run_op_exists(p, len))
            return cmd_usage_error(entry,
                                   "--op: '%.*s' is not an operation (keygen, sign, verify, enc, "
                                   "dec, a key exchange's init_a ... derive_b, or all alone)",
                                   (int)len, p);
        for (const char *q = ops; q < p; q += strcspn(q, ",") + 1)
            if (strcspn(q, ",") == len && strncmp(q, p, len) == 0)
                return cmd_usage_error(entry, "--op: '%.*s' is given twice", (int)len, p);
    }
    return EXIT_OK;
}

/* Check the values that parse but make no sense: empty paths and names,
 * an --op list with an empty item, an instance name that would make its
 * records hidden files. */
static int run_check_values(const struct cmd_entry *entry, const struct run_options *o)
{
    const struct {
        const char *option, *value;
    } given[] = {{"plain", o->plain},          {"profiled", o->profiled}, {"out", o->out},
                 {"out-dir", o->out_dir},      {"scheme", o->scheme},     {"instance", o->instance},
                 {"build-info", o->build_info}};
    size_t len;

    for (size_t i = 0; i < sizeof given / sizeof given[0]; i++)
        if (given[i].value != NULL && given[i].value[0] == '\0')
            return cmd_usage_error(entry, "--%s: the value is empty", given[i].option);
    if (o->ops != NULL) {
        len = strlen(o->ops);
        if (len == 0)
            return cmd_usage_error(entry,
                                   "--op: the value is empty (an operation, a list, or all)");
        if (o->ops[0] == ',' || o->ops[len - 1] == ',' || strstr(o->ops, ",,") != NULL)
            return cmd_usage_error(entry, "--op: '%s' has an empty item", o->ops);
        if (run_check_ops(entry, o->ops) != EXIT_OK)
            return EXIT_USAGE;
    }
    if (o->instance != NULL && o->instance[0] == '.')
        return cmd_usage_error(entry,
                               "--instance: '%s' starts with '.': its records would be hidden "
                               "files, which report skips",
                               o->instance);
    return EXIT_OK;
}

/* Check the combination of options; usage errors are ENTRY's. */
static int run_check(const struct cmd_entry *entry, const struct run_options *o)
{
    if (run_check_values(entry, o) != EXIT_OK)
        return EXIT_USAGE;
    if (o->no_plain && o->no_profile)
        return cmd_usage_error(entry, "--no-plain and --no-profile leave nothing to run");
    if (!o->no_plain && o->plain == NULL)
        return cmd_usage_error(entry, "--plain LIB.so is required (or --no-plain)");
    if (!o->no_profile && o->profiled == NULL)
        return cmd_usage_error(entry, "--profiled LIB.prof.so is required (or --no-profile)");
    if (o->ops == NULL)
        return cmd_usage_error(entry, "--op is required (an operation, a list, or all)");
    if ((o->out == NULL) == (o->out_dir == NULL))
        return cmd_usage_error(entry, "give one of --out FILE.json or --out-dir DIR");
    if (o->out != NULL && (strcmp(o->ops, "all") == 0 || strchr(o->ops, ',') != NULL))
        return cmd_usage_error(entry, "--out takes one operation; use --out-dir for %s", o->ops);
    if (o->substitutes != NULL && o->no_profile)
        return cmd_usage_error(entry, "--substitute needs the profiled library (drop "
                                      "--no-profile)");
    if (o->callers != 0 && o->no_profile)
        return cmd_usage_error(entry, "--callers needs the profile pass (drop --no-profile)");
    if (o->target_seconds > o->max_seconds)
        return cmd_usage_error(entry, "--target-seconds %g exceeds --max-seconds %g",
                               o->target_seconds, o->max_seconds);
    return EXIT_OK;
}

/* Take the parsed ARGS into O and check them together. */
int run_options_take(struct run_options *o, const struct cmd_args *args)
{
    if (args->argc > 0)
        return cmd_usage_error(args->entry, "unexpected argument: %s", args->argv[0]);
    if (run_take(o, args) != EXIT_OK)
        return EXIT_USAGE;
    if (o->no_plain)
        o->plain = NULL;
    if (o->no_profile)
        o->profiled = NULL;
    return run_check(args->entry, o);
}

/* Parse ARGV into O with the published method's defaults. */
int run_options_parse(struct run_options *o, int argc, char **argv)
{
    struct cmd_args args;
    int status = cmd_parse(&cmd_run_entry, argc, argv, &args);

    if (status == EXIT_OK)
        status = run_options_take(o, &args);
    cmd_args_free(&args);
    return status;
}

/* Check the options of an `iccsprof run` that the command ENTRY is about
 * to start, ARGV[ARGC] (ARGV[0] a command name), as run will check them,
 * so that a bad value stops ENTRY before any work, in its own name. */
int run_options_check(const struct cmd_entry *entry, int argc, char **argv)
{
    struct cmd_entry as = cmd_run_entry;
    struct cmd_args args;
    struct run_options o;
    int status;

    as.name = entry->name;
    status = cmd_parse(&as, argc, argv, &args);
    if (status == EXIT_OK && args.help)
        status = cmd_usage_error(entry, "--help is not an option of the measurement");
    else if (status == EXIT_OK && (status = run_options_take(&o, &args)) == EXIT_OK && o.cpu >= 0)
        status = pin_allowed(entry->name, o.cpu);
    if (status == EXIT_OK)
        json_decref(o.substitutes);
    cmd_args_free(&args);
    return status;
}

/* The options a command that starts `iccsprof run` gives each run itself:
 * what is measured and where its records go. */
static const char *const run_own_options[] = {"plain",  "profiled", "op",         "out", "out-dir",
                                              "scheme", "instance", "build-info", NULL};

/* Whether NAME is one of run_own_options. */
static bool run_own(const char *name)
{
    for (size_t i = 0; run_own_options[i] != NULL; i++)
        if (strcmp(run_own_options[i], name) == 0)
            return true;
    return false;
}

/* Refuse, in the run options FLAGS that the command ENTRY hands on, one
 * that ENTRY gives each run itself: it would be given twice, and the run
 * would measure or write elsewhere than ENTRY says, found only after the
 * build.  EXIT_OK, or EXIT_USAGE naming the option. */
int run_flags_check_own(const struct cmd_entry *entry, const struct strlist *flags)
{
    struct cmd_entry as = cmd_run_entry;
    struct strlist argv = {0};
    struct cmd_args args;
    int status;

    as.name = entry->name;
    strlist_add(&argv, entry->name);
    strlist_extend(&argv, flags);
    status = cmd_parse(&as, (int)argv.n, argv.v, &args);
    for (size_t i = 0; status == EXIT_OK && run_option_table[i].name != NULL; i++)
        if (args.opt[i].given > 0 && run_own(run_option_table[i].name))
            status = cmd_usage_error(entry, "--run-flags: --%s is set by %s for each run",
                                     run_option_table[i].name, entry->name);
    cmd_args_free(&args); /* what a failed parse allocated too */
    strlist_free(&argv);
    return status;
}

/* The default time-out of one measuring process. */
double run_default_timeout(const struct run_options *o)
{
    return 2 * o->max_seconds + 120;
}
