/* export.c - the report of a command's records, written into files in
 * the same run (--export-md, --export-csv, --export-json, --export-svg). */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "util/atomic-file.h"
#include "util/build-jobs.h"
#include "cmd/export.h"
#include "build/build-tools.h"

/* `iccsprof report --format` of each export, and its option's name. */
static const char *const export_format_name[EXPORT_NFORMATS] = {"md", "csv", "json", "svg"};

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

/* Check every file of E before any work. */
int export_check(const struct cmd_entry *entry, const struct export_files *e)
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
        if ((why = export_refusal(e->path[f])) != NULL) {
            cmd_error("--export-%s %s: %s", export_format_name[f], e->path[f], why);
            return EXIT_USAGE;
        }
    }
    return EXIT_OK;
}

/* Write one export, format F, of RECORDS: 0, 1 when it was not written
 * (said on stderr), -1 when a signal came. */
static int export_one(const struct export_files *e, int f, const struct strlist *records)
{
    struct job j = {0};
    char tmp[PATH_MAX];
    int fd, rc = 0;

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
