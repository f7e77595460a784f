/* builddesc.c - the build files of an instance, and the scratch copy
 * that make and CMake run in, so that whatever they write lands there
 * and never in the package. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/build-files.h"
#include "util/build-jobs.h"
#include "plan/builddesc.h"
#include "util/run-reap.h"

/* A file larger than this (a KAT response file) is not copied: no build
 * description needs it to say what it compiles. */
#define BD_COPY_MAX_FILE (16L << 20)
/* Nor is anything past this much in all. */
#define BD_COPY_MAX_TOTAL (256L << 20)
/* What make and CMake may take: memory, and bytes of output (and of any
 * file they write). */
#define BD_MEMORY_MIB 2048
#define BD_OUTPUT_MIB 64
/* What each run of make or CMake may add to the scratch copy all
 * together: bytes and files (each file under BD_OUTPUT_MIB, many would
 * fill the disk all the same). */
#define BD_WRITE_MIB 128
#define BD_WRITE_FILES 4096

/* The make files make itself reads in a folder, in its order, and the
 * CMake one. */
static const char *const bd_makefiles[] = {"GNUmakefile", "makefile", "Makefile", NULL};

/* The folder part of REL ("" for the instance folder), newly allocated. */
static char *bd_folder(const char *rel)
{
    const char *slash = strrchr(rel, '/');

    return slash != NULL ? strndup(rel, (size_t)(slash - rel)) : xstrdup("");
}

/* The depth of REL: its number of slashes. */
static size_t bd_depth(const char *rel)
{
    size_t d = 0;

    for (; *rel != '\0'; rel++)
        d += *rel == '/';
    return d;
}

/* Add the build files of FOLDER (among FILES) to OUT: the make file
 * make would read there, then CMakeLists.txt. */
static void bd_find_in(const char *folder, const struct strlist *files, struct strlist *out)
{
    char *cm =
        folder[0] != '\0' ? xasprintf("%s/CMakeLists.txt", folder) : xstrdup("CMakeLists.txt");

    for (int m = 0; bd_makefiles[m] != NULL; m++) {
        char *mk = folder[0] != '\0' ? xasprintf("%s/%s", folder, bd_makefiles[m])
                                     : xstrdup(bd_makefiles[m]);
        bool has = strlist_has(files, mk);

        if (has)
            strlist_add(out, mk);
        free(mk);
        if (has)
            break;
    }
    if (strlist_has(files, cm))
        strlist_add(out, cm);
    free(cm);
}

/* The build files among FILES, the shallowest folders first. */
void bd_find(const char *dir, const struct strlist *files, struct strlist *out)
{
    struct strlist folders = {0};
    size_t deepest = 0;

    (void)dir;
    for (size_t f = 0; f < files->n; f++) {
        char *folder = bd_folder(files->v[f]);

        if (!strlist_has(&folders, folder))
            strlist_add(&folders, folder);
        if (bd_depth(files->v[f]) > deepest)
            deepest = bd_depth(files->v[f]);
        free(folder);
    }
    strlist_sort(&folders);
    for (size_t d = 0; d <= deepest; d++)
        for (size_t k = 0; k < folders.n; k++)
            if ((folders.v[k][0] == '\0' ? 0 : bd_depth(folders.v[k]) + 1) == d)
                bd_find_in(folders.v[k], files, out);
    strlist_free(&folders);
}

/* Copy the regular file FROM to TO (mode 0600: the copy is the tool's
 * scratch); 0, or -1 with errno set. */
static int bd_copy_file(const char *from, const char *to)
{
    int in = open(from, O_RDONLY | O_CLOEXEC), out;
    char buf[65536];
    ssize_t n = 0;

    if (in < 0)
        return -1;
    if ((out = open(to, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600)) < 0) {
        close(in);
        return -1;
    }
    while ((n = read(in, buf, sizeof buf)) > 0)
        if (write(out, buf, (size_t)n) != n) {
            n = -1;
            break;
        }
    close(in);
    if (close(out) != 0 || n < 0)
        return -1;
    return 0;
}

/* Copy FILES of the instance into the scratch tree. */
int bd_copy(struct bd_run *r, const struct strlist *files)
{
    char *tree = xasprintf("%s/tree", r->scratch);
    long total = 0;
    int rc = 0;

    file_remove_tree(r->scratch);
    for (size_t f = 0; rc == 0 && f < files->n; f++) {
        char *from = xasprintf("%s/%s", r->instance, files->v[f]);
        char *to = xasprintf("%s/%s", tree, files->v[f]), *dir = bd_folder(to);
        struct stat st;

        if (stat(from, &st) == 0 && S_ISREG(st.st_mode) && st.st_size <= BD_COPY_MAX_FILE &&
            (total += st.st_size) <= BD_COPY_MAX_TOTAL) {
            if (file_mkdirs(dir) != 0 || bd_copy_file(from, to) != 0) {
                strlist_addf(&r->notes, "cannot copy %s into %s: %s", files->v[f], tree,
                             strerror(errno));
                rc = -1;
            }
        }
        free(dir);
        free(to);
        free(from);
    }
    if (rc == 0 && file_mkdirs(tree) != 0) {
        strlist_addf(&r->notes, "%s: %s", tree, strerror(errno));
        rc = -1;
    }
    free(tree);
    return rc;
}

/* Remove the scratch folder, unless asked to keep it. */
void bd_remove_scratch(const struct bd_run *r)
{
    const char *keep = getenv(BD_KEEP_ENV);

    if (keep == NULL || keep[0] == '\0')
        file_remove_tree(r->scratch);
}

/* Run ARGV in the folder DIR of the scratch copy, its output into
 * *OUTPUT: stdin /dev/null, no make variables of ours (a make running
 * this program must not hand the package its jobserver), the time-out,
 * its output and each file capped, and what it adds to the scratch copy
 * all together; whatever it started is killed when it ends.  0 when it exited 0; -2 with WHY
 * when the time-out, the output limit or another signal stopped it;
 * else -1 with WHY (the last line it printed). */
int bd_run_tool(struct bd_run *r, const struct strlist *argv, const char *dir, char **output,
                char **why)
{
    static const char *const drop[] = {"MAKEFLAGS",     "MFLAGS",       "MAKELEVEL", "MAKEFILES",
                                       "MAKEOVERRIDES", "GNUMAKEFLAGS", NULL};
    static const char *const set[] = {"LC_ALL=C", NULL};
    struct job j = {0};
    struct reap_known known;
    int rc = -1, stopped;

    strlist_extend(&j.argv, argv);
    j.dir = dir;
    j.capture = true;
    j.limits.seconds = r->seconds;
    j.limits.memory_mib = BD_MEMORY_MIB;
    j.limits.file_mib = BD_OUTPUT_MIB;
    job_environment(&j, drop, set);
    j.quota_dir = r->scratch;
    quota_count(r->scratch, &j.quota);
    j.quota.max_bytes = j.quota.bytes + ((unsigned long long)BD_WRITE_MIB << 20);
    j.quota.max_files = j.quota.files + BD_WRITE_FILES;
    *why = NULL;
    /* what the package's make or CMake starts and leaves behind (a
     * daemon of $(shell ... &) or execute_process) comes to this process
     * and is killed with the tool's group once it ends */
    reap_begin(&known);
    stopped = jobs_run(&j, 1, 1);
    reap_descendants(j.group, &known);
    reap_end(&known);
    if (stopped != 0) {
        r->interrupted = true;
        *why = xstrdup("interrupted");
    } else if (j.over_quota) {
        *why = xasprintf("stopped by the quota of its scratch copy (%d MiB and %d files more "
                         "than the copy)",
                         BD_WRITE_MIB, BD_WRITE_FILES);
        rc = -2;
    } else if (j.timed_out) {
        *why = xasprintf("stopped by the time-out (%g s)", r->seconds);
        rc = -2;
    } else if (j.signal == SIGXFSZ) {
        *why = xasprintf("stopped by the output limit (%d MiB)", BD_OUTPUT_MIB);
        rc = -2;
    } else if (j.signal != 0) {
        *why = xasprintf("killed by signal %d (%s)", j.signal, strsignal(j.signal));
        rc = -2;
    } else if (j.status != 0) {
        char *last = text_last_line(j.output != NULL ? j.output : "");

        *why = xasprintf("exit status %d%s%s", j.status, last[0] != '\0' ? ": " : "", last);
        free(last);
    } else {
        rc = 0;
    }
    *output = j.output != NULL ? j.output : xstrdup("");
    j.output = NULL;
    job_free(&j);
    return rc;
}
