/* export.c - the report of a command's records, written into files in
 * the same run (--export-md, --export-csv, --export-json, --export-svg). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "util/atomic-file.h"
#include "util/build-jobs.h"
#include "cmd/export.h"
#include "build/build-tools.h"

/* `iccsprof report --format` of each export, and its option's name. */
static const char *const export_format_name[EXPORT_NFORMATS] = {"md", "csv", "json", "svg"};

/* The standard output the command was given, once an export took it
 * (export_check); NULL until then. */
static FILE *export_out;

/* Whether PATH names standard output. */
bool export_is_stdout(const char *path)
{
    return path != NULL && strcmp(path, "-") == 0;
}

/* Take standard output for an export: keep it aside (not inherited by
 * the jobs) and point descriptor 1 at stderr, so that what the command
 * prints there cannot mix with the export.  0, or -1 with errno. */
static int export_take_stdout(void)
{
    int fd;

    if (export_out != NULL)
        return 0;
    fflush(stdout);
    if ((fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)) < 0)
        return -1;
    if ((export_out = fdopen(fd, "w")) == NULL || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
        close(fd);
        export_out = NULL;
        return -1;
    }
    return 0;
}

/* The standard output an export took, or stdout when none did. */
FILE *export_stdout(void)
{
    return export_out != NULL ? export_out : stdout;
}

/* Whether an export of E goes to standard output. */
bool export_to_stdout(const struct export_files *e)
{
    for (int f = 0; f < EXPORT_NFORMATS; f++)
        if (export_is_stdout(e->path[f]))
            return true;
    return false;
}

/* Take the export options of ARGS into E. */
void export_take(const struct cmd_args *args, int first, struct export_files *e)
{
    for (int f = 0; f < EXPORT_NFORMATS; f++)
        e->path[f] = args->opt[first + f].given > 0 ? args->opt[first + f].text : NULL;
}

/* Whether E asks for any file. */
bool export_any(const struct export_files *e)
{
    for (int f = 0; f < EXPORT_NFORMATS; f++)
        if (e->path[f] != NULL)
            return true;
    return false;
}

/* Why PATH cannot be written as a new file: NULL when it can, else the
 * reason (the folder missing, not a folder, or not taking new files). */
static const char *export_refusal(const char *path)
{
    const char *slash = strrchr(path, '/'), *why;
    char dir[PATH_MAX];

    if ((why = atomic_refusal(path)) != NULL)
        return why;
    if (slash == NULL)
        snprintf(dir, sizeof dir, ".");
    else if (slash == path)
        snprintf(dir, sizeof dir, "/");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    return atomic_dir_writable(dir) == 0 ? NULL : strerror(errno);
}

/* PATH, a file that need not exist, with its folder's links resolved;
 * NULL when the folder cannot be. */
static char *export_real(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir = slash == NULL   ? xstrdup(".")
                : slash == path ? xstrdup("/")
                                : xasprintf("%.*s", (int)(slash - path), path),
         real[PATH_MAX], *out = NULL;

    if (realpath(dir, real) != NULL)
        out = xasprintf("%s/%s", strcmp(real, "/") == 0 ? "" : real, slash ? slash + 1 : path);
    free(dir);
    return out;
}

/* Refuse, in one line, the export F at PATH when it is one of the records
 * read (an input file) or lies in a folder of them: EXIT_OK or EXIT_USAGE. */
static int export_among(int f, const char *path, char *const *inputs, size_t ninputs)
{
    char *real = export_real(path), in[PATH_MAX];
    int rc = EXIT_OK;

    for (size_t i = 0; real != NULL && rc == EXIT_OK && i < ninputs; i++) {
        size_t n;

        if (realpath(inputs[i], in) == NULL)
            continue;
        n = strlen(in);
        if (strcmp(real, in) == 0 || atomic_same_file(path, inputs[i])) {
            cmd_error("--export-%s %s: is a record read (%s): refusing to write over it",
                      export_format_name[f], path, inputs[i]);
            rc = EXIT_USAGE;
        } else if (strncmp(real, in, n) == 0 && (real[n] == '/' || strcmp(in, "/") == 0)) {
            cmd_error("--export-%s %s: lies among the records read (%s): refusing to write there",
                      export_format_name[f], path, inputs[i]);
            rc = EXIT_USAGE;
        }
    }
    free(real);
    return rc;
}

/* Check every file of E before any work. */
int export_check(const struct cmd_entry *entry, const struct export_files *e, char *const *inputs,
                 size_t ninputs)
{
    for (int f = 0; f < EXPORT_NFORMATS; f++) {
        const char *why;

        if (e->path[f] == NULL)
            continue;
        if (e->path[f][0] == '\0')
            return cmd_usage_error(entry, "--export-%s: the value is empty", export_format_name[f]);
        for (int g = 0; g < f; g++)
            if (e->path[g] != NULL && strcmp(e->path[g], e->path[f]) == 0)
                return cmd_usage_error(entry, "--export-%s and --export-%s name one file: %s",
                                       export_format_name[g], export_format_name[f], e->path[f]);
        if (export_is_stdout(e->path[f]))
            continue;
        if ((why = export_refusal(e->path[f])) != NULL) {
            cmd_error("--export-%s %s: %s", export_format_name[f], e->path[f], why);
            return EXIT_USAGE;
        }
        if (export_among(f, e->path[f], inputs, ninputs) != EXIT_OK)
            return EXIT_USAGE;
    }
    if (export_to_stdout(e) && export_take_stdout() != 0) {
        cmd_error("standard output: %s", strerror(errno));
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* Write format F of RECORDS to the standard output an export took: the
 * report run with it as its own.  0, 1 when it was not written (said on
 * stderr), -1 when a signal came. */
static int export_one_stdout(int f, const struct strlist *records)
{
    struct job j = {0};
    int rc = 0, saved = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);

    strlist_add(&j.argv, profile_self());
    strlist_add(&j.argv, "report");
    strlist_add(&j.argv, "--format");
    strlist_add(&j.argv, export_format_name[f]);
    strlist_extend(&j.argv, records);
    j.keep_stdout = true;
    fflush(stdout);
    fflush(export_out);
    if (saved < 0 || dup2(fileno(export_out), STDOUT_FILENO) < 0) {
        cmd_error("--export-%s -: %s", export_format_name[f], strerror(errno));
        rc = 1;
    } else if (jobs_run(&j, 1, 1) != 0) {
        rc = -1;
    } else if (j.status != EXIT_OK && j.status != EXIT_FAIL) {
        cmd_error("--export-%s -: not written: the report failed (exit %d)", export_format_name[f],
                  j.status);
        rc = 1;
    }
    if (saved >= 0) {
        dup2(saved, STDOUT_FILENO);
        close(saved);
    }
    job_free(&j);
    return rc;
}

/* Write one export, format F, of RECORDS: 0, 1 when it was not written
 * (said on stderr), -1 when a signal came. */
static int export_one(const struct export_files *e, int f, const struct strlist *records)
{
    struct job j = {0};
    char tmp[PATH_MAX];
    int fd, rc = 0;

    if (export_is_stdout(e->path[f]))
        return export_one_stdout(f, records);
    if ((fd = atomic_open(e->path[f], tmp, sizeof tmp)) < 0) {
        cmd_error("--export-%s %s: %s", export_format_name[f], e->path[f], strerror(errno));
        return 1;
    }
    close(fd);
    strlist_add(&j.argv, profile_self());
    strlist_add(&j.argv, "report");
    strlist_add(&j.argv, "--format");
    strlist_add(&j.argv, export_format_name[f]);
    strlist_extend(&j.argv, records);
    strlist_add(&j.partial, tmp);
    j.stdout_file = tmp;
    if (jobs_run(&j, 1, 1) != 0) {
        rc = -1;
    } else if (j.status != EXIT_OK && j.status != EXIT_FAIL) {
        /* 1: some inputs were left out, and said so; the others are in */
        cmd_error("--export-%s %s: not written: the report failed (exit %d)", export_format_name[f],
                  e->path[f], j.status);
        rc = 1;
    } else if (atomic_commit(tmp, e->path[f]) != 0) {
        cmd_error("--export-%s %s: %s", export_format_name[f], e->path[f], strerror(errno));
        rc = 1;
    }
    if (rc != 0)
        unlink(tmp);
    job_free(&j);
    return rc;
}

/* Write each file of E. */
int export_write(const struct export_files *e, const struct strlist *records)
{
    int failed = 0;

    for (int f = 0; f < EXPORT_NFORMATS; f++) {
        int rc = e->path[f] != NULL ? export_one(e, f, records) : 0;

        if (rc < 0)
            return -1;
        failed += rc;
    }
    return failed;
}
