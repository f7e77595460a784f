/* cmd-run.c - `iccsprof run`: measure a built scheme instance, one
 * process and one JSON record per operation. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/atomic-file.h"
#include "cmd/cmd.h"
#include "util/format.h"
#include "host/host.h"
#include "host/hostcheck.h"
#include "util/libfile.h"
#include "host/pin.h"
#include "record/record-read.h"
#include "record/record-schema.h"
#include "util/regfile.h"
#include "run/run-child.h"
#include "cmd/run-options.h"
#include "run/run-passes.h"
#include "run/run-progress.h"
#include "run/run-record.h"
#include "util/strlist.h"
#include "whatif/substitute.h"
#include "run/run-resume.h"

static const char *const run_sig_ops[] = {"keygen", "sign", "verify", NULL};
static const char *const run_kem_ops[] = {"keygen", "enc", "dec", NULL};

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
    char why[256];
    json_error_t err;
    json_t *build;
    FILE *f;

    *bad = 0;
    if (path == NULL)
        return NULL;
    if ((f = regfile_fopen(path, why, sizeof why)) == NULL) {
        cmd_error("%s: %s", path, why);
        *bad = 1;
        return NULL;
    }
    build = json_loadf(f, 0, &err);
    fclose(f);
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

/* Resolve the library *PATH to an absolute path once, into *OWNED, so
 * that the file hashed is the file loaded (dlopen searches the library
 * path for a name without '/') and a scheme's chdir cannot change it;
 * check that it is a shared object of this machine; -1 after a message. */
static int run_resolve_library(const char **path, char **owned)
{
    char why[256];

    if (*path == NULL)
        return 0;
    if ((*owned = realpath(*path, NULL)) == NULL) {
        cmd_error("%s: %s", *path, strerror(errno));
        return -1;
    }
    if (libfile_check(*owned, why, sizeof why) != 0) {
        cmd_error("%s: %s", *path, why);
        return -1;
    }
    *path = *owned;
    return 0;
}

/* The name of PATH when it is one of the files the build of BUILD_INFO
 * keeps beside it (its description, its KAT result, its compilers' logs),
 * existing or not: inputs of a run, never its outputs; else NULL. */
static const char *run_build_own(const char *build_info, const char *path)
{
    static const char *const own[] = {"build.json", "kat.json", "build.log", "guide.log", NULL};
    const char *base = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
    char *dir, *info_dir;
    bool same;

    if (build_info == NULL)
        return NULL;
    for (size_t i = 0; own[i] != NULL; i++)
        if (strcmp(base, own[i]) == 0) {
            dir = base > path ? strndup(path, (size_t)(base - path - 1)) : strdup(".");
            info_dir = strrchr(build_info, '/') != NULL
                           ? strndup(build_info, (size_t)(strrchr(build_info, '/') - build_info))
                           : strdup(".");
            same = atomic_same_file(dir[0] ? dir : "/", info_dir[0] ? info_dir : "/");
            free(dir);
            free(info_dir);
            return same ? own[i] : NULL;
        }
    return NULL;
}

/* Check that the record PATH and its log LOG_PATH may be written: each
 * missing or a regular file, neither an input, and not one file; -1
 * after a message naming the path. */
static int run_check_output(const struct run_options *o, const char *path, const char *log_path)
{
    const char *inputs[] = {o->plain, o->profiled, o->build_info};
    const char *outputs[] = {path, log_path}, *why;

    if (strcmp(path, log_path) == 0) {
        cmd_error("%s: the record would have the name of its own log (.log); give it another "
                  "extension",
                  path);
        return -1;
    }
    for (size_t i = 0; i < 2; i++) {
        if ((why = atomic_refusal(outputs[i])) != NULL) {
            cmd_error("%s: %s", outputs[i], why);
            return -1;
        }
        if ((why = run_build_own(o->build_info, outputs[i])) != NULL) {
            cmd_error("%s: is the build's own %s (beside --build-info): refusing to write over it",
                      outputs[i], why);
            return -1;
        }
        for (size_t j = 0; j < 3; j++)
            if (inputs[j] != NULL && atomic_same_file(outputs[i], inputs[j])) {
                cmd_error("%s: is the input %s: refusing to write over it", outputs[i], inputs[j]);
                return -1;
            }
    }
    return 0;
}

/* Whether the record at PATH, about to be replaced, names LOG_NAME as its
 * log: only then is a log of that name this tool's to remove. */
static int run_log_is_ours(const char *path, const char *log_name)
{
    char why[256];
    FILE *f = regfile_fopen(path, why, sizeof why);
    json_t *old;
    const char *named;
    int ours;

    if (f == NULL)
        return 0;
    old = json_loadf(f, 0, NULL);
    fclose(f);
    named = json_string_value(json_object_get(json_object_get(old, "log"), "path"));
    ours = named != NULL && strcmp(named, log_name) == 0;
    json_decref(old);
    return ours;
}

/* The KAT gate's result for the build described at BUILD_INFO: kat.json
 * beside it, as `iccsprof kat` writes it; NULL when there is none (or
 * after an error naming it, with *BAD set). */
static json_t *run_load_kat(const char *build_info, int *bad)
{
    const char *slash = build_info != NULL ? strrchr(build_info, '/') : NULL;
    char path[4096], why[512];
    json_t *kat;

    if (build_info == NULL)
        return NULL;
    if (slash == NULL)
        snprintf(path, sizeof path, "kat.json");
    else
        snprintf(path, sizeof path, "%.*s/kat.json", (int)(slash - build_info), build_info);
    if (access(path, F_OK) != 0)
        return NULL;
    if ((kat = run_load_build(path, bad)) == NULL)
        return NULL;
    /* copied into every record: checked as the record schema checks it */
    if (record_schema_check(kat, "/properties/kat/oneOf/1", "", why, sizeof why) != 0) {
        cmd_error("%s: not a KAT result (iccsprof kat): %s", path, why);
        json_decref(kat);
        *bad = 1;
        return NULL;
    }
    return kat;
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

/* The file name of PATH. */
static const char *run_base(const char *path)
{
    return strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
}

/* The exit status for an interruption by SIG (during operation OP, after
 * DONE finished ones; OP NULL: while loading), after a line naming the
 * signal, what is kept and how to resume. */
static int run_interrupted(const struct run_facts *f, int sig, const char *op, size_t done)
{
    char name[32];

    fmt_signal(name, sizeof name, sig);
    if (op == NULL)
        cmd_error("interrupted by %s while loading the libraries: nothing was measured", name);
    else
        cmd_error("interrupted by %s during %s %s: its measurement was stopped and not recorded; "
                  "the %zu operation%s finished before it %s kept%s",
                  name, f->instance, op, done, done == 1 ? "" : "s", done == 1 ? "is" : "are",
                  f->options->within.count > 0
                      ? ""
                      : ", and the same command with --resume measures only the rest");
    return 128 + sig;
}

/* Load both libraries in a measuring process and learn the scheme's type
 * and lengths; EXIT_OK, or the status to exit with after a message. */
static int run_probe(const struct run_options *o, double timeout, json_t **probe)
{
    struct child_outcome out;
    json_t *cfg = run_config(o, NULL, NULL);
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
    if (out.status == CHILD_INTERRUPTED)
        return run_interrupted(NULL, out.signal, NULL, 0);
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
 * with any '/' of the instance name, and a leading '.', made harmless. */
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
    if (buf[strlen(o->out_dir) + 1] == '.') /* report skips hidden files */
        buf[strlen(o->out_dir) + 1] = '_';
}

/* The share GROUP ("hash" or "drng") of the record's PROFILE with its
 * half-width as the reports show it (rec_share_halfwidth): the hash share
 * played back where the record has one (record-read.c, rr_played), whose
 * members are named as the timed share's without the group. */
static char *run_share_cell(char *buf, size_t size, json_t *profile, const char *group)
{
    json_t *replay = json_object_get(profile, "replay"), *from = profile, *u;
    char prefix[16], key[64];
    double share, se;

    snprintf(prefix, sizeof prefix, "%s_", group);
    if (strcmp(group, "hash") == 0 && json_is_number(json_object_get(replay, "share"))) {
        from = replay;
        prefix[0] = '\0';
    }
    snprintf(key, sizeof key, "%sshare", prefix);
    share = json_number_value(json_object_get(from, key));
    snprintf(key, sizeof key, "%sshare_stderr", prefix);
    se = json_number_value(json_object_get(from, key));
    snprintf(key, sizeof key, "%sshare_uncertainty", prefix);
    u = json_object_get(from, key);
    return fmt_share_pm(buf, size, share,
                        fmt_share_halfwidth(u != NULL ? json_number_value(u) : NAN, se));
}

/* Print the one-line summary of a record, in the reports' formats, with
 * TAIL ("(1.23 s)": the seconds its measurement took) after it. */
static void run_summary(json_t *rec, const char *tail)
{
    json_t *timing = json_object_get(rec, "timing"), *profile = json_object_get(rec, "profile");
    json_t *status = json_object_get(rec, "status");
    const char *state = json_string_value(json_object_get(status, "state"));
    char cycles[FMT_CELL], rate[FMT_CELL], hash[FMT_CELL], drng[FMT_CELL];

    if (cmd_verbosity == CMD_QUIET) /* -q: the record, and nothing said */
        return;
    printf("%s %s:", json_string_value(json_object_get(json_object_get(rec, "scheme"), "instance")),
           json_string_value(json_object_get(rec, "operation")));
    if (json_is_object(timing)) {
        json_t *host = json_object_get(rec, "host");
        double hz = json_number_value(json_object_get(host, "tick_hz"));

        printf(" %s", fmt_cycles(cycles, sizeof cycles,
                                 json_number_value(json_object_get(timing, "mean_cycles"))));
        /* without a hardware cycle counter the figure is ticks: say so, at their rate */
        if (strcmp(json_string_value(json_object_get(host, "cycles_source")), "ticks") != 0)
            printf(" cycles");
        else if (hz > 0)
            printf(" ticks (%s)", fmt_hz(rate, sizeof rate, hz));
        else
            printf(" ticks");
    }
    if (json_is_object(profile))
        printf("%s hash %s, DRNG %s", json_is_object(timing) ? "," : "",
               run_share_cell(hash, sizeof hash, profile, "hash"),
               run_share_cell(drng, sizeof drng, profile, "drng"));
    if (strcmp(state, "complete") != 0)
        printf(" [%s: %s]", state, json_string_value(json_object_get(status, "message")));
    printf(" %s\n", tail);
    fflush(stdout);
}

/* Flush the log LOG_FD to the disk and close it; 0, or -1 with errno.
 * ERR is the error of an earlier write to it, or 0. */
static int run_close_log(int log_fd, int err)
{
    if (err == 0 && fsync(log_fd) != 0)
        err = errno;
    if (close(log_fd) != 0 && err == 0)
        err = errno;
    errno = err;
    return err == 0 ? 0 : -1;
}

/* Write the record REC and the log's temporary LOG_TMP (NULL: no log) so
 * that both appear or neither: the record is written out before the log
 * is renamed, and a failing rename of the record removes the new log.  A
 * log of an earlier run is removed only when the record it replaces
 * names it.  EXIT_OK, or EXIT_USAGE after a message. */
static int run_write_pair(const char *path, json_t *rec, const char *log_path, const char *log_tmp)
{
    char tmp[4096], why[1024];
    struct rec *back;

    if (atomic_prepare_json(path, rec, tmp, sizeof tmp) != 0) {
        cmd_error("%s: %s", path, strerror(errno));
        if (log_tmp != NULL)
            unlink(log_tmp);
        return EXIT_USAGE;
    }
    /* what report, compare and the site read must read back: a record
     * the reader refuses is this program's defect, said before it lands */
    if ((back = rec_load(tmp, why, sizeof why)) == NULL) {
        cmd_error("%s: the record does not read back: %s", path, why);
        unlink(tmp);
        if (log_tmp != NULL)
            unlink(log_tmp);
        return EXIT_FAIL;
    }
    rec_free(back);
    if (log_tmp != NULL && atomic_commit(log_tmp, log_path) != 0) {
        cmd_error("%s: %s", log_path, strerror(errno));
        unlink(tmp);
        return EXIT_USAGE;
    }
    if (log_tmp == NULL && run_log_is_ours(path, run_base(log_path)))
        unlink(log_path); /* it would be taken for this run's */
    if (atomic_commit(tmp, path) != 0) {
        cmd_error("%s: %s", path, strerror(errno));
        if (log_tmp != NULL)
            unlink(log_path);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* The exit status of a record written: EXIT_FAIL when it failed. */
static int run_record_status(json_t *rec)
{
    const char *state = json_string_value(json_object_get(json_object_get(rec, "status"), "state"));

    return strcmp(state, "failed") == 0 ? EXIT_FAIL : EXIT_OK;
}

/* Measure one operation (the INDEX-th) and write its record and log;
 * EXIT_OK, EXIT_FAIL for a failed record or one with a pass missing,
 * EXIT_USAGE when the measuring process found bad input or a file could
 * not be written (nothing is written then), 128 + the signal when
 * interrupted. */
static int run_measure_one(const struct run_facts *facts, const char *op, size_t index,
                           struct run_progress *progress)
{
    const struct run_options *o = facts->options;
    char path[4096], log_path[4096], log_tmp[4096], tail[64];
    struct run_outcome out;
    json_t *rec;
    double start;
    int log_fd, rc, log_rc;

    run_record_path(o, facts->instance, op, path, sizeof path);
    run_sibling(path, ".log", log_path, sizeof log_path);
    if (o->resume && (rec = run_resume(facts, op, path)) != NULL) {
        run_progress_op_done(progress, 0, false);
        run_summary(rec, "(up to date: kept as measured)");
        rc = run_record_status(rec);
        json_decref(rec);
        return rc;
    }
    if ((log_fd = atomic_open(log_path, log_tmp, sizeof log_tmp)) < 0) {
        cmd_error("%s: %s", log_path, strerror(errno));
        return EXIT_USAGE;
    }
    start = child_seconds();
    run_progress_op(progress, op, (unsigned)index + 1);
    rc = run_passes(facts, op, log_fd, progress, &out);
    run_progress_op_done(progress, child_seconds() - start, rc == EXIT_OK);
    log_rc = run_close_log(log_fd, rc == -1 ? errno : 0);
    if (rc == -1 || (log_rc != 0 && rc == EXIT_OK)) {
        cmd_error("%s: %s", log_path, strerror(errno));
        unlink(log_tmp);
        json_decref(out.result);
        return EXIT_USAGE;
    }
    if (rc != EXIT_OK) {
        unlink(log_tmp);
        return rc > EXIT_USAGE ? run_interrupted(facts, rc - 128, op, index) : rc;
    }
    if (out.log_bytes == 0)
        unlink(log_tmp);
    rec = run_record(facts, op, &out, out.log_bytes != 0 ? run_base(log_path) : NULL);
    json_decref(out.result);
    if ((rc = run_write_pair(path, rec, log_path, out.log_bytes != 0 ? log_tmp : NULL)) != 0) {
        json_decref(rec);
        return rc;
    }
    snprintf(tail, sizeof tail, "(%.2f s)", child_seconds() - start);
    run_summary(rec, tail);
    rc = out.failed_pass != NULL ? EXIT_FAIL : run_record_status(rec);
    json_decref(rec);
    return rc;
}

/* Check the host for the records; with --require-quiet-host, refuse to
 * measure on one that is not ready, in one line naming what failed. */
static int run_host_check(const struct run_options *o, struct run_facts *facts)
{
    char failed[2048];

    facts->host_check = hostcheck_run(hostcheck_root(), o->cpu);
    if (!o->require_quiet_host || json_is_true(json_object_get(facts->host_check, "ready")))
        return EXIT_OK;
    hostcheck_failures(facts->host_check, failed, sizeof failed);
    cmd_error("--require-quiet-host: the host is not ready: %s", failed);
    json_decref(facts->host_check);
    facts->host_check = NULL;
    return EXIT_USAGE;
}

/* run_measure_one with SIGINT, SIGTERM and SIGHUP held back outside the
 * measurement (child_run takes them while it runs): one arriving while
 * the record and its log are written ends the program after they are
 * whole, never between the temporary and the rename. */
static int run_one(const struct run_facts *facts, const char *op, size_t index,
                   struct run_progress *progress)
{
    sigset_t stop, old;
    int rc;

    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGHUP);
    sigprocmask(SIG_BLOCK, &stop, &old);
    rc = run_measure_one(facts, op, index, progress);
    sigprocmask(SIG_SETMASK, &old, NULL);
    return rc;
}

/* Build and check the hash packages --substitute names, beside the
 * profiled library. */
static int run_substitutes(const struct run_options *o)
{
    const char *slash = strrchr(o->profiled, '/');
    char *root = slash != NULL ? xasprintf("%.*s/whatif", (int)(slash - o->profiled), o->profiled)
                               : xstrdup("whatif");
    int rc;

    rc = subst_resolve(o->substitutes, root, o->allow_unverified);
    free(root);
    return rc;
}

/* Check, before anything is measured, that --out and its log may be
 * written and that the output folder takes new files; 0, or -1 after a
 * message naming the path. */
static int run_check_dest(const struct run_options *o)
{
    char dirbuf[4096], log_path[4096];
    const char *dir = run_out_dir(o, dirbuf, sizeof dirbuf);

    if (o->out != NULL) {
        run_sibling(o->out, ".log", log_path, sizeof log_path);
        if (run_check_output(o, o->out, log_path) != 0)
            return -1;
    }
    if (atomic_dir_writable(dir) != 0) {
        cmd_error("%s: %s", dir, strerror(errno));
        return -1;
    }
    return 0;
}

/* Load --build-info's description and KAT result into FACTS and probe the
 * library for its type and sizes into PROBE; EXIT_OK, or the exit status
 * after a message. */
static int run_load_inputs(const struct run_options *o, struct run_facts *facts, json_t **probe)
{
    int bad = 0;

    facts->build = run_load_build(o->build_info, &bad);
    if (!bad)
        facts->kat = run_load_kat(o->build_info, &bad);
    if (bad)
        return EXIT_USAGE;
    return run_probe(o, facts->timeout, probe);
}

/* Name what the records describe in FACTS: the instance (from the options,
 * the build, or the library GIVEN, into INSTBUF), scheme and algorithm,
 * the library's size, and the host's CPU, kernel and emulation. */
static void run_name_facts(const struct run_options *o, struct run_facts *facts, const char *given,
                           char *instbuf, size_t len)
{
    facts->instance = o->instance ? o->instance : run_build_string(facts->build, "instance");
    if (facts->instance == NULL)
        facts->instance = run_instance_from(given, instbuf, len);
    facts->scheme_id = o->scheme ? o->scheme : run_build_string(facts->build, "scheme");
    if (facts->scheme_id == NULL)
        facts->scheme_id = facts->instance;
    facts->algorithm = run_build_string(facts->build, "algorithm");
    if (facts->algorithm == NULL)
        facts->algorithm = facts->scheme_id;
    facts->image_bytes = o->plain != NULL ? libfile_image_bytes(o->plain) : -1;
    host_cpu_model(facts->cpu_model, sizeof facts->cpu_model);
    host_kernel(facts->kernel, sizeof facts->kernel);
    if (host_emulation(facts->emulation, sizeof facts->emulation) <= 0)
        facts->emulation[0] = '\0';
}

/* Check every record of OPS and its log may be written before the first is
 * measured, so that a bad path costs no measurement; 0, or -1 after a
 * message naming the path. */
static int run_check_records(const struct run_options *o, const char *instance, char **ops)
{
    char path[4096], log_path[4096];

    for (size_t i = 0; ops[i] != NULL; i++) {
        run_record_path(o, instance, ops[i], path, sizeof path);
        run_sibling(path, ".log", log_path, sizeof log_path);
        if (run_check_output(o, path, log_path) != 0)
            return -1;
    }
    return 0;
}

/* Measure each of OPS in turn; EXIT_OK, EXIT_FAIL when a record failed,
 * or the status of the first one that stops the run (EXIT_USAGE, or 128 +
 * the signal when interrupted). */
static int run_measure_all(const struct run_facts *facts, char **ops)
{
    struct run_progress progress;
    size_t nops = 0;
    int status = EXIT_OK;

    while (ops[nops] != NULL)
        nops++;
    run_progress_init(&progress, facts->options, facts->instance, (unsigned)nops);
    for (size_t i = 0; ops[i] != NULL; i++) {
        int rc = run_one(facts, ops[i], i, &progress);

        if (rc == EXIT_USAGE || rc > EXIT_USAGE)
            return rc;
        if (rc == EXIT_FAIL)
            status = EXIT_FAIL;
    }
    return status;
}

/* The limits every measuring process of the run gets from O: its time-out
 * (in FACTS, which takes O) and its memory and file-size quotas. */
static void run_set_limits(struct run_options *o, struct run_facts *facts)
{
    facts->options = o;
    facts->timeout = o->timeout > 0 ? o->timeout : run_default_timeout(o);
    child_set_limits(
        &(struct child_limits){.memory_mib = o->max_memory_mib, .file_mib = o->max_file_mib});
}

/* Measure each requested operation of the libraries. */
static int cmd_run_exec(const struct cmd_args *args)
{
    struct run_options o;
    struct run_facts facts;
    char instbuf[256];
    char *plain_abs = NULL, *profiled_abs = NULL;
    const char *given;
    json_t *probe = NULL;
    char **ops = NULL;
    int status = EXIT_USAGE;

    memset(&facts, 0, sizeof facts);
    facts.plain_lib = json_null();
    facts.profiled_lib = json_null();
    if (run_options_take(&o, args) != EXIT_OK)
        return EXIT_USAGE;
    given = o.plain != NULL ? o.plain : o.profiled;
    if (run_resolve_library(&o.plain, &plain_abs) != 0 ||
        run_resolve_library(&o.profiled, &profiled_abs) != 0)
        goto out;
    run_set_limits(&o, &facts);
    if (run_check_dest(&o) != 0)
        goto out;
    if ((o.cpu >= 0 && pin_self(cmd_run_entry.name, o.cpu) != EXIT_OK) ||
        run_host_check(&o, &facts) != EXIT_OK)
        goto out;
    if (o.substitutes != NULL && run_substitutes(&o) != EXIT_OK) {
        status = EXIT_FAIL;
        goto out;
    }
    if ((status = run_load_inputs(&o, &facts, &probe)) != EXIT_OK)
        goto out;
    facts.type = json_string_value(json_object_get(probe, "type"));
    facts.sizes = json_object_get(probe, "sizes");
    if ((ops = run_ops(o.ops, facts.type, facts.sizes)) == NULL ||
        run_library(o.plain, &facts.plain_lib) != 0 ||
        run_library(o.profiled, &facts.profiled_lib) != 0) {
        status = EXIT_USAGE;
        goto out;
    }
    run_name_facts(&o, &facts, given, instbuf, sizeof instbuf);
    if (run_check_records(&o, facts.instance, ops) != 0)
        status = EXIT_USAGE;
    else
        status = run_measure_all(&facts, ops);
out:
    run_free_list(ops);
    json_decref(probe);
    json_decref(facts.build);
    json_decref(facts.kat);
    json_decref(facts.plain_lib);
    json_decref(facts.profiled_lib);
    json_decref(facts.host_check);
    json_decref(o.substitutes);
    free(plain_abs);
    free(profiled_abs);
    return status;
}

const struct cmd_entry cmd_run_entry = {
    .name = "run",
    .operands = "",
    .summary = "measure a built scheme instance and write a JSON profile per operation",
    .options = run_option_table,
    .exec = cmd_run_exec,
    .quiet = "print errors only: no progress, no line per record (the records are the result)",
    .verbose = "a progress line for every phase of the measurement, also on a terminal",
};
