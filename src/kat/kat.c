/* kat.c - the KAT gate (kat.h). */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kat/kat-compare.h"
#include "kat/kat-exec.h"
#include "kat/kat.h"
#include "util/libfile.h"
#include "util/strlist.h"
#include "util/build-files.h"

/* The compiler gets this long to build the driver. */
#define KAT_BUILD_TIMEOUT 300.0
/* At most this many response files, include folders, flag words. */
/* Format into BUF (SIZE bytes), cutting what does not fit: paths and
 * messages here are far shorter than their buffers. */
static char *kat_fmt(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static char *kat_fmt(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    return buf;
}

/* Add a copy of S unless it is there already: however many response
 * files or include folders a package has, every one is kept. */
static void kat_add(struct strlist *l, const char *s)
{
    if (!strlist_has(l, s))
        strlist_add(l, s);
}

/* Whether NAME ends in SUFFIX, whatever the case. */
static int kat_ends(const char *name, const char *suffix)
{
    size_t n = strlen(name), s = strlen(suffix);

    return n >= s && strcasecmp(name + n - s, suffix) == 0;
}

/* The file part of PATH. */
static const char *kat_base(const char *path)
{
    const char *slash = strrchr(path, '/');

    return slash != NULL ? slash + 1 : path;
}

/* Whether PATH's real path lies in the real folder BOUND; when not,
 * "PATH -> TARGET" (TARGET its real path, or the error) is added to
 * OUTSIDE, unless it is NULL. */
static int kat_inside(const char *path, const char *bound, struct strlist *outside)
{
    char *real = realpath(path, NULL);
    size_t len = strlen(bound);
    int in =
        real != NULL && strncmp(real, bound, len) == 0 && (real[len] == '/' || real[len] == '\0');

    if (!in && outside != NULL)
        strlist_addf(outside, "%s -> %s", path, real != NULL ? real : strerror(errno));
    free(real);
    return in;
}

/* Add the *.rsp files of folder DIR to L: those whose real path lies in
 * the real folder BOUND (DIR too), the others to OUTSIDE, so that a link
 * out of the package is never read. */
static void kat_find_rsp(const char *dir, const char *bound, struct strlist *l,
                         struct strlist *outside)
{
    DIR *d;
    struct dirent *e;
    char path[PATH_MAX];
    struct stat st;

    if (!kat_inside(dir, bound, outside) || (d = opendir(dir)) == NULL)
        return;
    while ((e = readdir(d)) != NULL) {
        kat_fmt(path, sizeof path, "%s/%s", dir, e->d_name);
        if (e->d_name[0] != '.' && kat_ends(e->d_name, ".rsp") && stat(path, &st) == 0 &&
            S_ISREG(st.st_mode) && kat_inside(path, bound, outside))
            kat_add(l, path);
    }
    closedir(d);
}

/* The subfolder of DIR named NAME whatever the case (KAT, kat, Kat), into
 * BUF; NULL when there is none. */
static const char *kat_subdir(const char *dir, const char *name, char *buf, size_t size)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    const char *found = NULL;

    if (d == NULL)
        return NULL;
    while (found == NULL && (e = readdir(d)) != NULL)
        if (strcasecmp(e->d_name, name) == 0) {
            kat_fmt(buf, size, "%s/%s", dir, e->d_name);
            found = buf;
        }
    closedir(d);
    return found;
}

/* The response files the package ships for the instance in SRC whose
 * driver is DRIVER (a path below SRC), and in OUTSIDE those (or their
 * folders) that are links out of where they were looked for: the
 * instance folder, and for KAT/<instance folder>/ beside it, the folder
 * above. */
static void kat_responses(const char *src, const char *driver, struct strlist *l,
                          struct strlist *outside)
{
    char buf[PATH_MAX], dir[PATH_MAX], parent[PATH_MAX];
    char *bound = realpath(src, NULL), *above;

    if (bound == NULL)
        return;
    kat_fmt(dir, sizeof dir, "%.*s", (int)(kat_base(driver) - driver - 1), driver);
    kat_find_rsp(dir, bound, l, outside);
    kat_find_rsp(src, bound, l, outside);
    if (kat_subdir(src, "KAT", buf, sizeof buf) != NULL)
        kat_find_rsp(buf, bound, l, outside);
    kat_fmt(parent, sizeof parent, "%s/..", src);
    if ((above = realpath(parent, NULL)) != NULL &&
        kat_subdir(parent, "KAT", dir, sizeof dir) != NULL && kat_inside(dir, above, outside) &&
        kat_subdir(dir, kat_base(src), buf, sizeof buf) != NULL)
        kat_find_rsp(buf, above, l, outside);
    free(above);
    free(bound);
    strlist_sort(l);
}

/* Add to L every folder below DIR (DIR first) that holds a header. */
static void kat_includes(const char *dir, struct strlist *l, int depth)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    struct strlist sub = {0};
    char path[PATH_MAX];
    struct stat st;
    int header = 0;

    if (d == NULL || depth > 8) {
        if (d != NULL)
            closedir(d);
        return;
    }
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        kat_fmt(path, sizeof path, "%s/%s", dir, e->d_name);
        if (stat(path, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode))
            kat_add(&sub, path);
        else if (kat_ends(e->d_name, ".h"))
            header = 1;
    }
    closedir(d);
    if (header)
        kat_add(l, dir);
    strlist_sort(&sub);
    for (size_t i = 0; i < sub.n; i++)
        kat_includes(sub.v[i], l, depth + 1);
    strlist_free(&sub);
}

/* The KAT driver among the build's excluded programs: the first, in name
 * order, whose file name starts with KAT; NULL when none does. */
static const char *kat_driver(json_t *build)
{
    json_t *excluded = json_object_get(build, "excluded"), *e;
    const char *best = NULL;
    size_t i;

    json_array_foreach(excluded, i, e)
    {
        const char *file = json_string_value(json_object_get(e, "file"));
        const char *why = json_string_value(json_object_get(e, "reason"));

        if (file != NULL && why != NULL && strcmp(why, "defines main") == 0 &&
            strncasecmp(kat_base(file), "KAT", 3) == 0 && kat_ends(file, ".c") &&
            (best == NULL || strcmp(file, best) < 0))
            best = file;
    }
    return best;
}

/* Make folder PATH unless it exists, and remove the files directly in it
 * (what an earlier run of the driver wrote). */
static int kat_fresh_dir(const char *path)
{
    DIR *d;
    struct dirent *e;
    char file[PATH_MAX];

    if (mkdir(path, 0755) != 0 && errno != EEXIST)
        return -1;
    if ((d = opendir(path)) == NULL)
        return -1;
    while ((e = readdir(d)) != NULL)
        if (e->d_name[0] != '.' || (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)) {
            kat_fmt(file, sizeof file, "%s/%s", path, e->d_name);
            unlink(file);
        }
    closedir(d);
    return 0;
}

/* The first line of FILE into BUF (for a compiler's error); "" if none. */
static const char *kat_first_line(const char *file, char *buf, size_t size)
{
    FILE *f = fopen(file, "r");

    buf[0] = '\0';
    if (f != NULL) {
        if (fgets(buf, (int)size, f) != NULL)
            buf[strcspn(buf, "\n")] = '\0';
        fclose(f);
    }
    return buf;
}

/* Compile DRIVER with the build's flags and link it against LIB into
 * OUT; 0, else -1 with the reason in WHY. */
static int kat_build(const struct kat_config *c, const char *driver, const struct strlist *inc,
                     const char *lib, const char *out, const char *log, char *why, size_t size)
{
    const char *cflags = json_string_value(json_object_get(c->build, "cflags"));
    char dir[PATH_MAX], line[256];
    struct strlist argv = {0};
    struct kat_exit ex;
    int rc, err;

    /* a command of several words ("ccache gcc"), as the scheme build
     * takes it */
    strlist_add_words(&argv, c->cc);
    if (argv.n == 0) {
        kat_fmt(why, size, "the compiler command '%s' names no program", c->cc);
        return -1;
    }
    strlist_add_words(&argv, cflags != NULL ? cflags : "");
    for (size_t i = 0; i < inc->n; i++) {
        strlist_add(&argv, "-I");
        strlist_add(&argv, inc->v[i]);
    }
    kat_fmt(dir, sizeof dir, "%.*s", (int)(kat_base(lib) - lib - (kat_base(lib) > lib)), lib);
    strlist_add(&argv, driver);
    strlist_add(&argv, lib);
    strlist_addf(&argv, "-Wl,-rpath,%s", dir[0] ? dir : ".");
    strlist_add(&argv, "-lm");
    strlist_add(&argv, "-o");
    strlist_add(&argv, out);
    rc = kat_exec(argv.v, ".", "/dev/null", log, KAT_BUILD_TIMEOUT, &ex);
    err = errno;
    strlist_free(&argv);
    if (rc != 0) {
        kat_fmt(why, size, "%s: %s", c->cc, strerror(err));
        return -1;
    }
    if (ex.timed_out || ex.signal || ex.status != 0) {
        kat_fmt(why, size, "%s does not build against %s (%s; %s)", kat_base(driver), kat_base(lib),
                kat_first_line(log, line, sizeof line), log);
        return -1;
    }
    return 0;
}

/* The least a driver may write to one file; more is allowed up to twice
 * the largest response file the package ships. */
#define KAT_FILE_LIMIT_MIN (1ull << 20)
/* What a driver may leave in its folder all together: this many times the
 * limit of one file, in at most this many files (a driver writing many
 * files, each under the limit, would fill the disk all the same). */
#define KAT_DIR_FILE_LIMITS 8
#define KAT_DIR_FILES 256

/* One run of the driver: where, the limit on each file it writes, and how
 * it ended. */
struct kat_run {
    char dir[PATH_MAX], out[PATH_MAX], err[PATH_MAX];
    unsigned long long limit;
    struct kat_exit ex;
    struct strlist written; /* the *.rsp files it created, by file name */
};

/* Build the driver against LIB and run it in WORK/NAME; 0 when it ran
 * (whatever its end), else -1 with the reason in WHY. */
static int kat_run(const struct kat_config *c, const char *name, const char *driver,
                   const struct strlist *inc, const char *lib, struct kat_run *r, char *why,
                   size_t size)
{
    char exe[PATH_MAX], log[PATH_MAX];
    char *argv[2] = {exe, NULL}, *bound;
    struct strlist found = {0};
    struct kat_limits limits = {0};

    kat_fmt(r->dir, sizeof r->dir, "%s/%s", c->work, name);
    kat_fmt(exe, sizeof exe, "%s/kat-%s", c->work, name);
    kat_fmt(log, sizeof log, "%s/build-%s.log", c->work, name);
    kat_fmt(r->out, sizeof r->out, "%s/%s.stdout", c->work, name);
    kat_fmt(r->err, sizeof r->err, "%s/%s.stderr", c->work, name);
    if (kat_fresh_dir(r->dir) != 0) {
        kat_fmt(why, size, "%s: %s", r->dir, strerror(errno));
        return -1;
    }
    if (kat_build(c, driver, inc, lib, exe, log, why, size) != 0)
        return -1;
    limits.file_bytes = r->limit;
    limits.dir_bytes = KAT_DIR_FILE_LIMITS * r->limit;
    limits.dir_files = KAT_DIR_FILES;
    limits.confine = 1;
    if (kat_exec_limited(argv, r->dir, r->out, r->err, c->timeout, &limits, &r->ex) != 0) {
        kat_fmt(why, size, "%s: %s", exe, strerror(errno));
        return -1;
    }
    /* a link it made to a file elsewhere is not what it wrote */
    if ((bound = realpath(r->dir, NULL)) != NULL)
        kat_find_rsp(r->dir, bound, &found, NULL);
    free(bound);
    for (size_t i = 0; i < found.n; i++)
        kat_add(&r->written, kat_base(found.v[i]));
    strlist_sort(&r->written);
    strlist_free(&found);
    return 0;
}

/* The shipped response named NAME, or NULL. */
static const char *kat_shipped(const struct strlist *rsp, const char *name)
{
    for (size_t i = 0; i < rsp->n; i++)
        if (strcmp(kat_base(rsp->v[i]), name) == 0)
            return rsp->v[i];
    return NULL;
}

/* How a run ended, when it did not end with status 0: into WHY. */
static int kat_ended_badly(const struct kat_run *r, char *why, size_t size)
{
    if (r->ex.over_quota)
        kat_fmt(why, size,
                "the driver left more than %d files or %llu bytes in its folder (%d times the "
                "limit of one file) and was stopped",
                KAT_DIR_FILES, KAT_DIR_FILE_LIMITS * r->limit, KAT_DIR_FILE_LIMITS);
    else if (r->ex.signal == SIGXFSZ)
        kat_fmt(why, size,
                "the driver wrote more than %llu bytes to one file (twice the largest response "
                "file, at least 1 MiB) and was stopped",
                r->limit);
    else if (r->ex.signal)
        kat_fmt(why, size, "the driver was killed by signal %d (%s)", r->ex.signal,
                strsignal(r->ex.signal));
    else if (r->ex.status != 0)
        kat_fmt(why, size, "the driver exited with status %d", r->ex.status);
    return r->ex.over_quota || r->ex.signal || r->ex.status != 0;
}

/* Compare the plain run's output with the shipped responses: the result
 * ("pass", "fail", "not_available") and its detail. */
static const char *kat_verdict(const struct kat_run *r, const struct strlist *rsp,
                               const char *instance, char *detail, size_t size)
{
    char path[PATH_MAX];
    size_t compared = 0;
    const char *want = NULL;

    if (r->ex.over_quota || r->ex.signal == SIGXFSZ) { /* whatever it wrote is cut */
        kat_ended_badly(r, detail, size);
        return "fail";
    }
    for (size_t i = 0; i < r->written.n; i++) {
        const char *shipped = kat_shipped(rsp, r->written.v[i]);

        if (shipped == NULL)
            continue;
        kat_fmt(path, sizeof path, "%s/%s", r->dir, r->written.v[i]);
        if (kat_compare(shipped, kat_base(shipped), path, "the driver's", detail, size) != 0)
            return "fail";
        compared++;
    }
    if (compared > 0)
        return kat_ended_badly(r, detail, size) ? "fail" : "pass";
    if (r->written.n > 0) {
        kat_fmt(detail, size, "the driver wrote %s, which the package does not ship",
                r->written.v[0]);
        return "not_available";
    }
    for (size_t i = 0; i < rsp->n && want == NULL; i++)
        if (rsp->n == 1 || strstr(kat_base(rsp->v[i]), instance) != NULL)
            want = rsp->v[i];
    if (want == NULL) {
        kat_fmt(detail, size,
                "the driver writes to stdout, and none of the %zu response files names "
                "the instance",
                rsp->n);
        return "not_available";
    }
    if (kat_compare(want, kat_base(want), r->out, "the driver's output", detail, size) != 0)
        return "fail";
    return kat_ended_badly(r, detail, size) ? "fail" : "pass";
}

/* Whether the profiled run wrote exactly what the plain one did: NULL
 * when so, else into DETAIL where not. */
static const char *kat_same(const struct kat_run *a, const struct kat_run *b, char *detail,
                            size_t size)
{
    char pa[PATH_MAX], pb[PATH_MAX];

    if (a->written.n != b->written.n) {
        kat_fmt(detail, size, "the profiled build wrote %zu response files, the plain one %zu",
                b->written.n, a->written.n);
        return "differs";
    }
    for (size_t i = 0; i < a->written.n; i++) {
        kat_fmt(pa, sizeof pa, "%s/%s", a->dir, a->written.v[i]);
        kat_fmt(pb, sizeof pb, "%s/%s", b->dir, b->written.v[i]);
        if (strcmp(a->written.v[i], b->written.v[i]) != 0 ||
            kat_compare(pa, a->written.v[i], pb, "the profiled build's", detail, size) != 0)
            return "differs";
    }
    if (kat_compare(a->out, "the plain build's output", b->out, "the profiled build's", detail,
                    size) != 0)
        return "differs";
    return NULL;
}

/* The most bytes the driver may write to one file: twice the largest of
 * the response files RSP, at least KAT_FILE_LIMIT_MIN (a driver printing
 * without end would fill the disk, and its output cannot match). */
static unsigned long long kat_file_limit(const struct strlist *rsp)
{
    unsigned long long limit = KAT_FILE_LIMIT_MIN;
    struct stat st;

    for (size_t i = 0; i < rsp->n; i++)
        if (stat(rsp->v[i], &st) == 0 && 2 * (unsigned long long)st.st_size > limit)
            limit = 2 * (unsigned long long)st.st_size;
    return limit;
}

/* The result object. */
static json_t *kat_result(const char *result, const char *detail, const char *driver,
                          const struct strlist *rsp, const char *src, double seconds,
                          double timeout)
{
    json_t *names = json_array();
    size_t len = strlen(src);

    for (size_t i = 0; rsp != NULL && i < rsp->n; i++)
        json_array_append_new(names,
                              json_string(strncmp(rsp->v[i], src, len) == 0 && rsp->v[i][len] == '/'
                                              ? rsp->v[i] + len + 1
                                              : rsp->v[i]));
    return json_pack("{s:s, s:s, s:o, s:o, s:o, s:f, s:n, s:s}", "result", result, "detail", detail,
                     "driver", driver != NULL ? json_string(driver) : json_null(), "responses",
                     names, "seconds", seconds >= 0 ? json_real(seconds) : json_null(),
                     "timeout_seconds", timeout, "profiled", "profiled_detail", "");
}

/* Add to RES's detail that the run R was not confined, and why, when it
 * was not: the verdict says what the driver could reach. */
static void kat_note_unconfined(json_t *res, const struct kat_run *r)
{
    const char *detail = json_string_value(json_object_get(res, "detail"));
    char *note;

    if (r->ex.unconfined[0] == '\0')
        return;
    note = xasprintf("%s%sthe driver ran unconfined (%s)", detail, detail[0] ? "; " : "",
                     r->ex.unconfined);
    json_object_set_new(res, "detail", json_string(note));
    free(note);
}

/* Add to RES the log of the run R: the file its output went to, with
 * its SHA-256, so that the page's evidence index names what the verdict
 * was made on. */
static void kat_log(json_t *res, const struct kat_run *r)
{
    char hex[65];

    if (libfile_sha256(r->out, hex) == 0)
        json_object_set_new(res, "log", json_pack("{s:s, s:s}", "path", r->out, "sha256", hex));
}

/* Run the driver DRIVER (built with INC) on C's profiled build too, into
 * PROF, and set RES's profiled and profiled_detail: whether it wrote
 * exactly what the plain run PLAIN did, and if not why (into WHY). */
static void kat_profiled(const struct kat_config *c, const char *driver, const struct strlist *inc,
                         const struct kat_run *plain, struct kat_run *prof, json_t *res, char *why,
                         size_t size)
{
    const char *same;

    if (kat_run(c, "profiled", driver, inc, c->profiled, prof, why, size) != 0) {
        json_object_set_new(res, "profiled", json_string("differs"));
        json_object_set_new(res, "profiled_detail", json_string(why));
    } else if (prof->ex.timed_out) {
        kat_fmt(why, size, "the KAT driver on the profiled build did not finish within %g s",
                c->timeout);
        json_object_set_new(res, "profiled", json_string("timeout"));
        json_object_set_new(res, "profiled_detail", json_string(why));
    } else {
        same = kat_same(plain, prof, why, size);
        json_object_set_new(res, "profiled", json_string(same ? same : "identical"));
        json_object_set_new(res, "profiled_detail", json_string(same ? why : ""));
    }
}

/* The not_available result of a gate that has no response file to read
 * (one is a link out of the package, or there are none), or NULL. */
static json_t *kat_no_responses(const struct kat_config *c, const char *src, const char *file,
                                const struct strlist *rsp, const struct strlist *outside)
{
    char detail[1024];

    if (outside->n > 0) {
        kat_fmt(detail, sizeof detail,
                "%s is a link out of the package: iccsprof reads no response file through a "
                "link out of the package it checks",
                strncmp(outside->v[0], src, strlen(src)) == 0 && outside->v[0][strlen(src)] == '/'
                    ? outside->v[0] + strlen(src) + 1
                    : outside->v[0]);
        return kat_result("not_available", detail, file, NULL, src, -1, c->timeout);
    }
    if (rsp->n > 0)
        return NULL;
    kat_fmt(detail, sizeof detail,
            "no response file (*.rsp beside %s, in the instance folder or in a KAT folder)", file);
    return kat_result("not_available", detail, file, rsp, src, -1, c->timeout);
}

/* The gate, on the absolute paths of C. */
static json_t *kat_gate(const struct kat_config *c)
{
    const char *src = json_string_value(json_object_get(c->build, "source_dir"));
    const char *file = kat_driver(c->build), *instance;
    struct strlist rsp = {0}, inc = {0}, outside = {0};
    struct kat_run plain = {.written = {0}}, prof = {.written = {0}};
    char driver[PATH_MAX], detail[1024] = "", why[1024] = "";
    const char *verdict;
    json_t *res;

    instance = json_string_value(json_object_get(c->build, "instance"));
    if (src == NULL)
        return kat_result("not_available", "the build description names no source folder", NULL,
                          NULL, "", -1, c->timeout);
    if (file == NULL)
        return kat_result("not_available",
                          "no KAT driver (no program named KAT*.c among the files left out "
                          "of the library)",
                          NULL, NULL, src, -1, c->timeout);
    kat_fmt(driver, sizeof driver, "%s/%s", src, file);
    kat_responses(src, driver, &rsp, &outside);
    if ((res = kat_no_responses(c, src, file, &rsp, &outside)) != NULL)
        goto out;
    plain.limit = prof.limit = kat_file_limit(&rsp);
    kat_includes(src, &inc, 0);
    if (kat_run(c, "plain", driver, &inc, c->plain, &plain, why, sizeof why) != 0) {
        res = kat_result("not_available", why, file, &rsp, src, -1, c->timeout);
        goto out;
    }
    if (plain.ex.timed_out) {
        kat_fmt(detail, sizeof detail, "the KAT driver did not finish within %g s", c->timeout);
        res = kat_result("timeout", detail, file, &rsp, src, plain.ex.seconds, c->timeout);
        kat_log(res, &plain);
        kat_note_unconfined(res, &plain);
        goto out;
    }
    verdict = kat_verdict(&plain, &rsp, instance != NULL ? instance : "", detail, sizeof detail);
    res = kat_result(verdict, detail, file, &rsp, src, plain.ex.seconds, c->timeout);
    kat_log(res, &plain);
    kat_note_unconfined(res, &plain);
    if (c->profiled != NULL)
        kat_profiled(c, driver, &inc, &plain, &prof, res, why, sizeof why);
out:
    /* what the driver left is compared; it goes, so that no run keeps a
     * package's files */
    if (plain.dir[0] != '\0')
        file_remove_tree(plain.dir);
    if (prof.dir[0] != '\0')
        file_remove_tree(prof.dir);
    strlist_free(&outside);
    strlist_free(&rsp);
    strlist_free(&inc);
    strlist_free(&plain.written);
    strlist_free(&prof.written);
    return res;
}

/* Run the gate with every path absolute: the driver runs in its own
 * folder, and the libraries' folders become its run path. */
json_t *kat_check(const struct kat_config *given)
{
    char work[PATH_MAX], plain_lib[PATH_MAX], prof_lib[PATH_MAX];
    struct kat_config abs = *given;

    if (mkdir(given->work, 0755) != 0 && errno != EEXIST)
        return NULL;
    if (realpath(given->work, work) == NULL)
        return NULL;
    abs.work = work;
    abs.plain = realpath(given->plain, plain_lib) != NULL ? plain_lib : given->plain;
    if (given->profiled != NULL)
        abs.profiled = realpath(given->profiled, prof_lib) != NULL ? prof_lib : given->profiled;
    return kat_gate(&abs);
}
