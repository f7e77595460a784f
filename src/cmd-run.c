/* cmd-run.c - `iccsprof run`: measure a built scheme instance, one
 * process and one JSON record per operation. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "atomic-file.h"
#include "cmd.h"
#include "format.h"
#include "hex.h"
#include "host.h"
#include "libfile.h"
#include "run-child.h"
#include "run-options.h"
#include "run-record.h"

static const char *const run_sig_ops[] = {"keygen", "sign", "verify", NULL};
static const char *const run_kem_ops[] = {"keygen", "enc", "dec", NULL};

/* The run's progress on a terminal: which instance and operation. */
struct run_progress {
    const char *instance, *op;
};

/* Show the phase the measuring process entered, on a terminal only. */
static void run_show_phase(const char *phase, void *arg)
{
    const struct run_progress *p = arg;

    fprintf(stderr, "\r\033[K%s %s: %s", p->instance, p->op, phase);
    fflush(stderr);
}

/* The folder records go to. */
static const char *run_out_dir(const struct run_options *o, char *buf, size_t len)
{
    const char *slash;

    if (o->out_dir != NULL)
        return o->out_dir;
    slash = strrchr(o->out, '/');
    if (slash == NULL)
        return ".";
    snprintf(buf, len, "%.*s", slash == o->out ? 1 : (int)(slash - o->out), o->out);
    return buf;
}

/* Load the scheme build's description; NULL after an error naming the
 * file (and the place in it). */
static json_t *run_load_build(const char *path, int *bad)
{
    json_error_t err;
    json_t *build;

    *bad = 0;
    if (path == NULL)
        return NULL;
    build = json_load_file(path, 0, &err);
    if (build == NULL || !json_is_object(build)) {
        if (build == NULL && err.line < 1)
            cmd_error("%s: %s", path, err.text);
        else if (build == NULL)
            cmd_error("%s:%d:%d: %s", path, err.line, err.column, err.text);
        else
            cmd_error("%s: not a build description (a JSON object)", path);
        json_decref(build);
        *bad = 1;
    }
    return build;
}

/* A string member of the build description, or NULL. */
static const char *run_build_string(json_t *build, const char *key)
{
    return build != NULL ? json_string_value(json_object_get(build, key)) : NULL;
}

/* The instance name from a library's file name: libX.so or libX.prof.so. */
static const char *run_instance_from(const char *lib, char *buf, size_t len)
{
    const char *base = strrchr(lib, '/') != NULL ? strrchr(lib, '/') + 1 : lib;
    char *dot;

    if (strncmp(base, "lib", 3) == 0 && base[3] != '\0')
        base += 3;
    snprintf(buf, len, "%s", base);
    if ((dot = strstr(buf, ".prof.so")) != NULL || (dot = strstr(buf, ".so")) != NULL)
        *dot = '\0';
    return buf;
}

/* A library's {path, sha256}, or null when not used; -1 after an error. */
static int run_library(const char *path, json_t **out)
{
    char hex[65];

    *out = json_null();
    if (path == NULL)
        return 0;
    if (libfile_sha256(path, hex) != 0) {
        cmd_error("%s: %s", path, strerror(errno));
        return -1;
    }
    json_decref(*out);
    *out = json_pack("{s:s, s:s}", "path", path, "sha256", hex);
    return 0;
}

/* The configuration the measuring process gets: the probe, or one
 * operation's measurement. */
static json_t *run_config(const struct run_options *o, const char *op)
{
    char seed[2 * RUN_MAX_SEED + 1];

    hex_encode(o->seed, o->seed_len, seed);
    return json_pack(
        "{s:b, s:o, s:o, s:s, s:s, s:I, s:i, s:i, s:i, s:i, s:i, s:o, s:f, s:f, s:f}", "probe",
        op == NULL, "plain", o->plain != NULL ? json_string(o->plain) : json_null(), "profiled",
        o->profiled != NULL ? json_string(o->profiled) : json_null(), "op", op != NULL ? op : "",
        "seed", seed, "message_bytes", (json_int_t)o->message_bytes, "trials", (int)o->trials,
        "min_calls", (int)o->min_calls, "max_sign_attempts", (int)o->max_sign_attempts, "first_n",
        (int)o->first_n, "callers", (int)o->callers, "sample",
        o->sample == 0 ? json_string("auto") : json_integer((json_int_t)o->sample),
        "target_seconds", o->target_seconds, "max_seconds", o->max_seconds, "profile_seconds",
        o->profile_seconds);
}

/* Load both libraries in a measuring process and learn the scheme's type
 * and lengths; EXIT_OK, or the status to exit with after a message. */
static int run_probe(const struct run_options *o, double timeout, json_t **probe)
{
    struct child_outcome out;
    json_t *cfg = run_config(o, NULL);
    int rc = child_run(child_measure_path(), cfg, timeout, -1, NULL, NULL, &out);

    json_decref(cfg);
    *probe = NULL;
    if (rc != 0) {
        cmd_error("%s: cannot start the measuring program: %s", child_measure_path(),
                  strerror(errno));
        return EXIT_FAIL;
    }
    if (out.status == CHILD_OK) {
        *probe = out.result;
        return EXIT_OK;
    }
    if (out.status == CHILD_INPUT_ERROR) {
        cmd_error("%s", out.message);
        return EXIT_USAGE;
    }
    cmd_error("loading %s: %s", o->plain != NULL ? o->plain : o->profiled, out.message);
    return EXIT_FAIL;
}

/* Whether OP is in the NULL-terminated list OPS. */
static int run_known_op(const char *const *ops, const char *op)
{
    for (; *ops != NULL; ops++)
        if (strcmp(*ops, op) == 0)
            return 1;
    return 0;
}

/* The operations of the scheme the probe found, in API order: a key
 * exchange's steps follow its number of passes.  Freed by the caller. */
static char **run_all_ops(const char *type, json_t *sizes)
{
    const char *const *fixed = strcmp(type, "sig") == 0 ? run_sig_ops : run_kem_ops;
    json_int_t passes = json_integer_value(json_object_get(sizes, "passes"));
    char **list = calloc((size_t)passes + 5, sizeof *list), name[32];
    size_t n = 0;

    if (strcmp(type, "kex") != 0) {
        for (size_t i = 0; fixed[i] != NULL; i++)
            list[n++] = strdup(fixed[i]);
        return list;
    }
    list[n++] = strdup("init_a");
    list[n++] = strdup("init_b");
    for (json_int_t k = 1; k <= passes; k++) {
        snprintf(name, sizeof name, "pass%lld_%c", (long long)k, k % 2 ? 'a' : 'b');
        list[n++] = strdup(name);
    }
    list[n++] = strdup("derive_a");
    list[n++] = strdup("derive_b");
    return list;
}

/* Free a NULL-terminated list of names. */
static void run_free_list(char **list)
{
    for (size_t i = 0; list != NULL && list[i] != NULL; i++)
        free(list[i]);
    free(list);
}

/* The operations to measure, in API order, from --op; NULL after a usage
 * error naming the unknown one.  The list is freed by the caller. */
static char **run_ops(const char *spec, const char *type, json_t *sizes)
{
    char **known = run_all_ops(type, sizes), **list;
    char *copy, *tok, *save = NULL;
    size_t nknown = 0, n = 0;

    if (strcmp(spec, "all") == 0)
        return known;
    while (known[nknown] != NULL)
        nknown++;
    copy = strdup(spec);
    list = calloc(nknown + 1, sizeof *list);
    for (tok = strtok_r(copy, ",", &save); tok != NULL; tok = strtok_r(NULL, ",", &save)) {
        if (!run_known_op((const char *const *)known, tok)) {
            cmd_error("--op: '%s' is not an operation of a %s scheme (%s, %s, %s%s or all)", tok,
                      type, known[0], known[1], nknown > 3 ? "..., " : "", known[nknown - 1]);
            goto bad;
        }
        if (run_known_op((const char *const *)list, tok)) {
            cmd_error("--op: '%s' is given twice", tok);
            goto bad;
        }
        list[n++] = strdup(tok);
    }
    free(copy);
    run_free_list(known);
    return list;
bad:
    run_free_list(list);
    run_free_list(known);
    free(copy);
    return NULL;
}

/* PATH's file name with its extension replaced by EXT. */
static void run_sibling(const char *path, const char *ext, char *buf, size_t len)
{
    const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');

    if (dot == NULL || (slash != NULL && dot < slash))
        dot = path + strlen(path);
    snprintf(buf, len, "%.*s%s", (int)(dot - path), path, ext);
}

/* The record's path for OP: --out, or <out-dir>/<instance>__<op>.json
 * with any '/' of the instance name made harmless. */
static void run_record_path(const struct run_options *o, const char *instance, const char *op,
                            char *buf, size_t len)
{
    if (o->out != NULL) {
        snprintf(buf, len, "%s", o->out);
        return;
    }
    snprintf(buf, len, "%s/%s__%s.json", o->out_dir, instance, op);
    for (char *p = buf + strlen(o->out_dir) + 1; *p != '\0'; p++)
        if (*p == '/')
            *p = '_';
}

/* Print the one-line summary of a record, in the reports' formats, with
 * the ELAPSED seconds its measurement took. */
static void run_summary(json_t *rec, double elapsed)
{
    json_t *timing = json_object_get(rec, "timing"), *profile = json_object_get(rec, "profile");
    json_t *status = json_object_get(rec, "status");
    const char *state = json_string_value(json_object_get(status, "state"));
    char cycles[FMT_CELL], hash[FMT_CELL], drng[FMT_CELL];

    printf("%s %s:", json_string_value(json_object_get(json_object_get(rec, "scheme"), "instance")),
           json_string_value(json_object_get(rec, "operation")));
    if (json_is_object(timing))
        printf(" %s cycles", fmt_cycles(cycles, sizeof cycles,
                                        json_number_value(json_object_get(timing, "mean_cycles"))));
    if (json_is_object(profile))
        printf("%s hash %s, DRNG %s", json_is_object(timing) ? "," : "",
               fmt_share_stderr(hash, sizeof hash,
                                json_number_value(json_object_get(profile, "hash_share")),
                                json_number_value(json_object_get(profile, "hash_share_stderr"))),
               fmt_share_stderr(drng, sizeof drng,
                                json_number_value(json_object_get(profile, "drng_share")),
                                json_number_value(json_object_get(profile, "drng_share_stderr"))));
    if (strcmp(state, "complete") != 0)
        printf(" [%s: %s]", state, json_string_value(json_object_get(status, "message")));
    printf(" (%.2f s)\n", elapsed);
    fflush(stdout);
}

/* Measure one operation and write its record and log; EXIT_OK, EXIT_FAIL
 * for a failed record, EXIT_USAGE when the measuring process found bad
 * input (nothing is written then). */
static int run_one(const struct run_facts *facts, const char *op)
{
    const struct run_options *o = facts->options;
    char path[4096], log_path[4096], log_tmp[4096];
    const char *log_name;
    struct run_progress progress = {facts->instance, op};
    struct child_outcome out;
    json_t *cfg, *rec;
    double start;
    int log_fd, rc;

    run_record_path(o, facts->instance, op, path, sizeof path);
    run_sibling(path, ".log", log_path, sizeof log_path);
    if ((log_fd = atomic_open(log_path, log_tmp, sizeof log_tmp)) < 0) {
        cmd_error("%s: %s", log_path, strerror(errno));
        return EXIT_USAGE;
    }
    cfg = run_config(o, op);
    start = child_seconds();
    rc = child_run(child_measure_path(), cfg, facts->timeout, log_fd,
                   isatty(2) ? run_show_phase : NULL, &progress, &out);
    json_decref(cfg);
    close(log_fd);
    if (isatty(2))
        fprintf(stderr, "\r\033[K");
    if (rc != 0 || out.status == CHILD_INPUT_ERROR) {
        unlink(log_tmp);
        if (rc != 0)
            cmd_error("%s: cannot start the measuring program: %s", child_measure_path(),
                      strerror(errno));
        else
            cmd_error("%s", out.message);
        return rc != 0 ? EXIT_FAIL : EXIT_USAGE;
    }
    if (out.log_bytes == 0) {
        unlink(log_tmp);
        unlink(log_path); /* a log of an earlier run would be taken for this one's */
        log_name = NULL;
    } else if (rename(log_tmp, log_path) != 0) {
        cmd_error("%s: %s", log_path, strerror(errno));
        unlink(log_tmp);
        json_decref(out.result);
        return EXIT_USAGE;
    } else {
        log_name = strrchr(log_path, '/') != NULL ? strrchr(log_path, '/') + 1 : log_path;
    }
    rec = run_record(facts, op, &out, log_name);
    json_decref(out.result);
    if (atomic_write_json(path, rec) != 0) {
        cmd_error("%s: %s", path, strerror(errno));
        json_decref(rec);
        return EXIT_USAGE;
    }
    run_summary(rec, child_seconds() - start);
    rc = strcmp(json_string_value(json_object_get(json_object_get(rec, "status"), "state")),
                "failed") == 0
             ? EXIT_FAIL
             : EXIT_OK;
    json_decref(rec);
    return rc;
}

/* Measure each requested operation of the libraries. */
static int cmd_run_exec(const struct cmd_args *args)
{
    struct run_options o;
    struct run_facts facts;
    char dirbuf[4096], instbuf[256];
    const char *dir;
    json_t *probe = NULL;
    char **ops = NULL;
    int status, bad;

    if (run_options_take(&o, args) != EXIT_OK)
        return EXIT_USAGE;
    memset(&facts, 0, sizeof facts);
    facts.options = &o;
    facts.timeout = o.timeout > 0 ? o.timeout : run_default_timeout(&o);
    dir = run_out_dir(&o, dirbuf, sizeof dirbuf);
    if (atomic_dir_writable(dir) != 0) {
        cmd_error("%s: %s", dir, strerror(errno));
        return EXIT_USAGE;
    }
    facts.build = run_load_build(o.build_info, &bad);
    facts.plain_lib = json_null();
    facts.profiled_lib = json_null();
    if (bad || (status = run_probe(&o, facts.timeout, &probe)) != EXIT_OK) {
        status = bad ? EXIT_USAGE : status;
        goto out;
    }
    facts.type = json_string_value(json_object_get(probe, "type"));
    facts.sizes = json_object_get(probe, "sizes");
    if ((ops = run_ops(o.ops, facts.type, facts.sizes)) == NULL ||
        run_library(o.plain, &facts.plain_lib) != 0 ||
        run_library(o.profiled, &facts.profiled_lib) != 0) {
        status = EXIT_USAGE;
        goto out;
    }
    facts.instance = o.instance ? o.instance : run_build_string(facts.build, "instance");
    if (facts.instance == NULL)
        facts.instance = run_instance_from(o.plain ? o.plain : o.profiled, instbuf, sizeof instbuf);
    facts.scheme_id = o.scheme ? o.scheme : run_build_string(facts.build, "scheme");
    if (facts.scheme_id == NULL)
        facts.scheme_id = facts.instance;
    facts.algorithm = run_build_string(facts.build, "algorithm");
    if (facts.algorithm == NULL)
        facts.algorithm = facts.scheme_id;
    facts.image_bytes = o.plain != NULL ? libfile_image_bytes(o.plain) : -1;
    host_cpu_model(facts.cpu_model, sizeof facts.cpu_model);
    host_kernel(facts.kernel, sizeof facts.kernel);
    for (size_t i = 0; ops[i] != NULL; i++) {
        int rc = run_one(&facts, ops[i]);

        if (rc == EXIT_USAGE) {
            status = EXIT_USAGE;
            break;
        }
        if (rc == EXIT_FAIL)
            status = EXIT_FAIL;
    }
out:
    run_free_list(ops);
    json_decref(probe);
    json_decref(facts.build);
    json_decref(facts.plain_lib);
    json_decref(facts.profiled_lib);
    return status;
}

const struct cmd_entry cmd_run_entry = {
    .name = "run",
    .operands = "",
    .summary = "measure a built scheme instance and write a JSON profile per operation",
    .options = run_option_table,
    .exec = cmd_run_exec,
};
