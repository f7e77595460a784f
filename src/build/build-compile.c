/* build-compile.c - the compile stage of the build: each source of an
 * instance compiled into its object (unless its dependencies and command
 * say it is up to date, or a failure of the same command still holds),
 * with the package's own defines and include order where its build file
 * states them, and otherwise the include folders of its layout; each
 * compiler with /dev/null as stdin, a time-out and a memory limit. */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/build-files.h"
#include "util/build-jobs.h"
#include "build/build-stages.h"
#include "plan/ctext.h"

/* Append TEXT to the log PATH, created 0600. */
void build_log(const char *path, const char *text, bool fresh)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (fresh ? O_TRUNC : O_APPEND), 0600);
    FILE *f = fd >= 0 ? fdopen(fd, fresh ? "w" : "a") : NULL;

    if (f == NULL) {
        if (fd >= 0)
            close(fd);
        return;
    }
    fputs(text, f);
    fclose(f);
}

/* The compiler flags of MODE for instance I, without include folders:
 * in the lenient mode the build file's own -std after the lenient flags
 * (what the package is known to build with). */
void build_flags(const struct build_settings *s, const struct plan_instance *i, const char *mode,
                 const char *level, struct strlist *out)
{
    if (strcmp(mode, "lenient") == 0) {
        strlist_add_words(out, s->lenient_cflags);
        if (i->set.std != NULL)
            strlist_add(out, i->set.std);
    } else {
        strlist_add_words(out, s->cflags);
        strlist_add_words(out, s->strict_cflags);
    }
    strlist_add(out, "-fPIC");
    strlist_add(out, "-g");
    strlist_extend(out, &i->conf_flags);
    if (level != NULL)
        strlist_addf(out, "-D%s", level);
    strlist_add_words(out, s->sanitizer_cflags);
}

/* The include folders of a source in folder DIR (relative to the
 * instance): its own folder and its nearest include/ first, as the
 * package's own layout wants, then every other folder with headers. */
static void build_includes(const struct plan_instance *i, const char *dir, struct strlist *out)
{
    struct strlist order = {0};
    char *d = xstrdup(dir);

    if (strlist_has(&i->set.incdirs, d))
        strlist_add(&order, d);
    for (;;) {
        char *inc = strcmp(d, ".") == 0 ? xstrdup("include") : xasprintf("%s/include", d);
        char *slash;

        if (strlist_has(&i->set.incdirs, inc) && !strlist_has(&order, inc)) {
            strlist_add(&order, inc);
            free(inc);
            break;
        }
        free(inc);
        if (strcmp(d, ".") == 0)
            break;
        slash = strrchr(d, '/');
        if (slash != NULL) {
            *slash = '\0';
        } else {
            free(d);
            d = xstrdup(".");
        }
    }
    for (size_t k = 0; k < i->set.incdirs.n; k++)
        if (!strlist_has(&order, i->set.incdirs.v[k]))
            strlist_add(&order, i->set.incdirs.v[k]);
    for (size_t k = 0; k < order.n; k++)
        if (strcmp(order.v[k], ".") == 0)
            strlist_addf(out, "-I%s/src", i->build);
        else
            strlist_addf(out, "-I%s/src/%s", i->build, order.v[k]);
    for (size_t k = 0; k < i->set.shared_incdirs.n; k++)
        strlist_addf(out, "-I%s", i->set.shared_incdirs.v[k]);
    strlist_free(&order);
    free(d);
}

/* The flags a build file gives source SRC of I: defines as they are
 * (a value is never a path, whatever it looks like), the folders and
 * files of -I and of the path options (held as "-isystem=DIR") made
 * paths of the instance's mirror in the build folder. */
static void build_package_flags(const struct plan_instance *i, const struct plan_source *src,
                                struct strlist *argv)
{
    for (size_t f = 0; f < src->flags.n; f++) {
        const char *w = src->flags.v[f], *eq = strchr(w, '=');
        bool include = strncmp(w, "-I", 2) == 0,
             define = strncmp(w, "-D", 2) == 0 || strncmp(w, "-U", 2) == 0;
        const char *path = include ? w + 2 : eq != NULL && !define ? eq + 1 : NULL;
        char *where;

        if (path == NULL) {
            strlist_add(argv, w);
            continue;
        }
        where = path[0] == '/'           ? xstrdup(path)
                : strcmp(path, ".") == 0 ? xasprintf("%s/src", i->build)
                                         : xasprintf("%s/src/%s", i->build, path);
        if (include) {
            strlist_addf(argv, "-I%s", where);
        } else {
            strlist_addf(argv, "%.*s", (int)(eq - w), w);
            strlist_add(argv, where);
        }
        free(where);
    }
}

/* The defines the build file gives the sources of I, each once, in
 * order. */
void build_package_defines(const struct plan_instance *i, struct strlist *out)
{
    for (size_t k = 0; k < i->set.nsources; k++)
        for (size_t f = 0; f < i->set.sources[k].flags.n; f++) {
            const char *w = i->set.sources[k].flags.v[f];

            if ((strncmp(w, "-D", 2) == 0 || strncmp(w, "-U", 2) == 0) && !strlist_has(out, w))
                strlist_add(out, w);
        }
}

/* The compile command of source SRC of I in MODE into OBJ. */
void build_compile_argv(const struct build_settings *s, const struct plan_instance *i,
                        const char *mode, const char *level, const struct plan_source *src,
                        const char *obj, struct strlist *argv)
{
    char *dir = xstrdup(src->name), *slash = strrchr(dir, '/');

    if (slash != NULL)
        *slash = '\0';
    strlist_extend(argv, &s->cc);
    build_flags(s, i, mode, level, argv);
    if (i->set.from_build_file)
        build_package_flags(i, src, argv);
    else if (strncmp(src->obj, "+shared/", 8) == 0)
        /* a shared file's own folder comes first; it is outside the instance */
        build_includes(i, "\x01", argv);
    else
        build_includes(i, slash != NULL ? dir : ".", argv);
    strlist_add(argv, "-MMD");
    strlist_add(argv, "-MP");
    strlist_add(argv, "-c");
    strlist_add(argv, src->path);
    strlist_add(argv, "-o");
    strlist_add(argv, obj);
    free(dir);
}

/* The stamp key of a command: its words and the folder it reads. */
char *build_key(const struct strlist *argv, const char *folder)
{
    char *words = strlist_join(argv, "\n"), *key = xasprintf("%s\nfolder %s\n", words, folder);

    free(words);
    return key;
}

/* The line a log shows for ARGV, then its OUTPUT. */
char *build_log_entry(const struct strlist *argv, const char *output)
{
    char *words = strlist_join(argv, " "),
         *entry = xasprintf("%s\n%s", words, output != NULL ? output : "");

    free(words);
    return entry;
}

/* The first compiler error line of TEXT with the build folder B's
 * src/ prefix taken off, newly allocated. */
char *build_first_error(const char *text, const char *b)
{
    char *prefix = xasprintf("%s/src/", b), *line = NULL;
    const char *p = text != NULL ? text : "";

    while (*p != '\0' && line == NULL) {
        size_t n = strcspn(p, "\n");
        char *l = strndup(p, n);

        if (l != NULL && (strstr(l, "error:") != NULL || strstr(l, "error ") != NULL ||
                          strstr(l, "Error:") != NULL || strstr(l, "Error ") != NULL))
            line = l;
        else
            free(l);
        p += n + (p[n] == '\n');
    }
    if (line == NULL)
        line = xstrdup("no error line in the log");
    for (char *at; (at = strstr(line, prefix)) != NULL;)
        memmove(at, at + strlen(prefix), strlen(at + strlen(prefix)) + 1);
    free(prefix);
    return line;
}

/* The newest modification time of the instance's files. */
void build_newest(struct ib *b)
{
    struct timespec t;

    b->newest.tv_sec = 0;
    b->newest.tv_nsec = 0;
    for (size_t k = 0; k < b->i->set.nsources; k++)
        if (file_mtime(b->i->set.sources[k].path, &t) && file_time_after(&t, &b->newest))
            b->newest = t;
    for (size_t k = 0; k < b->i->headers.n; k++) {
        char *path = xasprintf("%s/%s", b->i->folder, b->i->headers.v[k]);

        if (file_mtime(path, &t) && file_time_after(&t, &b->newest))
            b->newest = t;
        free(path);
    }
}

/* Whether the failure remembered for OBJ still holds: same command, and
 * no file of the instance changed since. */
static bool build_failure_holds(const struct ib *b, const char *obj, const char *key)
{
    char *stamp = xasprintf("%s.fail", obj), *old = file_read(stamp);
    struct timespec t;
    bool holds = old != NULL && strcmp(old, key) == 0 && file_mtime(stamp, &t) &&
                 !file_time_after(&b->newest, &t);

    free(old);
    free(stamp);
    return holds;
}

/* Whether source K of B failed and is not a program: a file whose text
 * defines main is a program even when it does not compile. */
static bool build_library_failed(const struct ib *b, size_t k)
{
    return b->failed[k] && !ctext_defines_main(b->i->set.sources[k].path);
}

/* The first library source of B that failed, or -1. */
long build_first_failure(const struct ib *b)
{
    for (size_t k = 0; k < b->i->set.nsources; k++)
        if (build_library_failed(b, k))
            return (long)k;
    return -1;
}

/* When the failing source K of B includes a header whose name two
 * folders of the instance hold, the two files and the exclude line that
 * leaves K out; else NULL. */
static char *build_same_named_hint(const struct ib *b, size_t k, const char *conf)
{
    char *text = file_read(b->i->set.sources[k].path), *hint = NULL;

    for (size_t h = 0; text != NULL && hint == NULL && h < b->i->headers.n; h++) {
        const char *base = strrchr(b->i->headers.v[h], '/');
        char *quoted;

        base = base != NULL ? base + 1 : b->i->headers.v[h];
        quoted = xasprintf("%s\"", base);
        for (size_t g = h + 1; strstr(text, quoted) != NULL && g < b->i->headers.n; g++) {
            const char *other = strrchr(b->i->headers.v[g], '/');

            if (strcmp(other != NULL ? other + 1 : b->i->headers.v[g], base) == 0) {
                char *advice = conf_exclude_advice(b->i->set.sources[k].name, conf);

                hint = xasprintf("; %s is both %s and %s (headers of alternative modules?): if %s "
                                 "is not part of the library, %s",
                                 base, b->i->headers.v[h], b->i->headers.v[g],
                                 b->i->set.sources[k].name, advice);
                free(advice);
                break;
            }
        }
        free(quoted);
    }
    free(text);
    return hint;
}

/* Mark instance B failed with MESSAGE (taken), naming the links of its
 * package that point nowhere: a copy that kept relative links fails for
 * them, whatever the compiler says. */
void build_fail(struct ib *b, char *message)
{
    b->active = false;
    b->r->ok = false;
    free(b->r->message);
    b->r->message = message;
    if (b->i->dangling.n > 0) {
        char *links = strlist_join(&b->i->dangling, ", ");

        b->r->message = xasprintf("%s; links of the package that point nowhere: %s (a copy that "
                                  "kept relative links? copy the package whole, or with cp -RL)",
                                  message, links);
        free(links);
        free(message);
    }
}

/* Why the sources of B failed in its mode: the first error, its file,
 * and a hint about same-named headers. */
char *build_failure_reason(const struct ib *b, const char *conf)
{
    long k = build_first_failure(b);
    char *first = build_first_error(k >= 0 ? b->output[k] : NULL, b->i->build), *hint, *why;

    if (k < 0)
        return first;
    hint = build_same_named_hint(b, (size_t)k, conf);
    why = xasprintf("%s%s", first, hint != NULL ? hint : "");
    free(first);
    free(hint);
    return why;
}

/* Whether the failures of B look like a missing level macro. */
static bool build_level_missing(const struct ib *b)
{
    for (size_t k = 0; k < b->i->set.nsources; k++)
        if (build_library_failed(b, k) && b->output[k] != NULL &&
            (strstr(b->output[k], "#error") != NULL || strstr(b->output[k], "undeclared") != NULL))
            return true;
    return false;
}

/* The level macro remembered for B, when still one of its candidates. */
void build_remembered_level(struct ib *b)
{
    char *stamp = xasprintf("%s/level", b->i->build), *text = file_read(stamp);

    if (text != NULL) {
        text[strcspn(text, "\n")] = '\0';
        for (size_t c = 0; c < b->i->levels.n && b->level == NULL; c++)
            if (strcmp(b->i->levels.v[c], text) == 0) {
                b->level = xstrdup(text);
                b->r->level = xstrdup(text);
                b->r->level_from = xstrdup(b->i->level_from.v[c]);
            }
    }
    free(text);
    free(stamp);
}

/* The objects and names of B's sources that compiled. */
static void build_compiled(const struct ib *b, struct strlist *objs, struct strlist *names)
{
    for (size_t k = 0; k < b->i->set.nsources; k++)
        if (!b->failed[k]) {
            strlist_add(objs, b->i->set.sources[k].obj);
            strlist_add(names, b->i->set.sources[k].name);
        }
}

/* Read B's objects into its findings. */
void build_read_objects(struct ib *b, const char *conf)
{
    struct strlist objs = {0}, names = {0};
    char *dir = xasprintf("%s/%s/obj", b->i->build, b->mode);

    build_findings_free(&b->r->f);
    build_compiled(b, &objs, &names);
    build_analyze(b->i, dir, &objs, &names, strcmp(b->mode, "guide") == 0, conf, &b->r->f);
    b->r->analysed = true;
    free(dir);
    strlist_free(&objs);
    strlist_free(&names);
}

/* Programs of B that did not compile: left out, with their first error. */
void build_note_left_out(struct ib *b)
{
    strlist_free(&b->r->left_out);
    strlist_free(&b->r->left_out_why);
    for (size_t k = 0; k < b->i->set.nsources; k++)
        if (b->failed[k] && !build_library_failed(b, k)) {
            char *first = build_first_error(b->output[k], b->i->build);

            strlist_add(&b->r->left_out, b->i->set.sources[k].name);
            strlist_add(&b->r->left_out_why, first);
            free(first);
        }
}

/* Count the compiler warnings of B's library sources, and keep them in
 * B/warnings.log (only rewritten when they change). */
void build_count_warnings(struct ib *b)
{
    struct strlist texts = {0};
    char *all, *path = xasprintf("%s/warnings.log", b->i->build);

    b->r->warnings = 0;
    for (size_t k = 0; k < b->i->set.nsources; k++) {
        const char *p = b->output[k];

        if (b->failed[k] || p == NULL || !strlist_has(&b->r->f.library, b->i->set.sources[k].name))
            continue;
        strlist_add(&texts, p);
        while ((p = strstr(p, ": warning: ")) != NULL) {
            b->r->warnings++;
            p++;
        }
    }
    all = strlist_join(&texts, "");
    if (b->r->warnings > 0)
        file_replace_private(path, all);
    else
        unlink(path);
    free(all);
    free(path);
    strlist_free(&texts);
}

/* Give job J the limits of S. */
void build_job_limits(const struct build_settings *s, struct job *j)
{
    j->limits.seconds = s->compile_seconds;
    j->limits.memory_mib = s->compile_memory_mib;
}

/* The compile jobs of a stage and, for each, its instance and source. */
struct compile_queue {
    struct job *jobs;
    size_t *owner, *which;
    char **keys;
    size_t n;
};

/* Queue the compilation ARGV (taken) of source K of instance X into OBJ
 * with its stamp KEY (taken). */
static void compile_enqueue(struct compile_queue *q, const struct build_settings *s, size_t x,
                            size_t k, struct strlist *argv, const char *obj, char *key)
{
    struct job *j = job_append(&q->jobs, q->n, argv, obj);

    q->owner = realloc(q->owner, (q->n + 1) * sizeof *q->owner);
    q->which = realloc(q->which, (q->n + 1) * sizeof *q->which);
    q->keys = realloc(q->keys, (q->n + 1) * sizeof *q->keys);
    if (q->owner == NULL || q->which == NULL || q->keys == NULL)
        abort();
    build_job_limits(s, j);
    strlist_addf(&j->partial, "%.*s.d", (int)strlen(obj) - 2, obj);
    q->owner[q->n] = x;
    q->which[q->n] = k;
    q->keys[q->n++] = key;
}

/* Source K of instance X (B): taken from an up-to-date object, from a
 * failure that still holds, or queued into Q. */
static void compile_source(struct ib *b, size_t x, size_t k, const struct build_settings *s,
                           struct compile_queue *q)
{
    const struct plan_source *src = &b->i->set.sources[k];
    char *obj = xasprintf("%s/%s/obj/%s", b->i->build, b->mode, src->obj);
    char *dir = xstrdup(obj), *key, *saved;
    struct strlist argv = {0};

    *strrchr(dir, '/') = '\0';
    file_mkdirs(dir);
    free(dir);
    build_compile_argv(s, b->i, b->mode, b->level, src, obj, &argv);
    key = build_key(&argv, b->i->folder);
    free(b->output[k]);
    b->output[k] = NULL;
    b->failed[k] = false;
    if (deps_up_to_date(obj, key, b->i->build)) {
        saved = xasprintf("%s.out", obj);
        b->output[k] = file_read(saved);
        free(saved);
        free(key);
    } else if (build_failure_holds(b, obj, key)) {
        saved = xasprintf("%s.err", obj);
        b->failed[k] = true;
        b->output[k] = file_read(saved);
        free(saved);
        free(key);
    } else {
        compile_enqueue(q, s, x, k, &argv, obj, key);
        b->r->rebuilt = true;
    }
    strlist_free(&argv);
    free(obj);
}

/* The output of compile job J, with a first line saying which limit of S
 * stopped the compiler of SOURCE when one did, newly allocated. */
static char *compile_output(const struct job *j, const struct build_settings *s, const char *source)
{
    const char *out = j->output != NULL ? j->output : "";

    if (j->timed_out)
        return xasprintf("%s: error: the compiler was stopped by the time-out (%g s)\n%s", source,
                         s->compile_seconds, out);
    if (j->status != 0 && s->compile_memory_mib > 0 &&
        (strstr(out, "out of memory") != NULL || strstr(out, "memory exhausted") != NULL))
        return xasprintf("%s: error: the compiler was stopped by the memory limit (%u MiB)\n%s",
                         source, s->compile_memory_mib, out);
    return xstrdup(out);
}

/* Take the result of compile job J (of source K of B, stamp KEY): the
 * logs, the stamps, and B's per-source output and failure. */
static void compile_collect(struct ib *b, size_t k, const struct job *j, const char *key,
                            const struct build_settings *s)
{
    char *obj = xasprintf("%s/%s/obj/%s", b->i->build, b->mode, b->i->set.sources[k].obj);
    char *stamp = xasprintf("%s.cmd", obj), *fail = xasprintf("%s.fail", obj),
         *err = xasprintf("%s.err", obj), *out = xasprintf("%s.out", obj);
    char *log = xasprintf("%s/build.log", b->i->build), *entry;

    b->output[k] = compile_output(j, s, b->i->set.sources[k].name);
    entry = build_log_entry(&j->argv, b->output[k]);
    build_log(log, entry, false);
    if (strcmp(b->mode, "guide") == 0) {
        char *glog = xasprintf("%s/guide.log", b->i->build);

        build_log(glog, entry, !b->guide_log_open);
        b->guide_log_open = true;
        free(glog);
    }
    if (j->status == 0) {
        file_replace(stamp, key);
        unlink(fail);
        if (b->output[k][0] != '\0')
            file_replace_private(out, b->output[k]);
        else
            unlink(out);
    } else {
        b->failed[k] = true;
        unlink(stamp);
        unlink(obj);
        file_replace_private(err, b->output[k]);
        file_replace(fail, key);
    }
    free(entry);
    free(log);
    free(out);
    free(err);
    free(fail);
    free(stamp);
    free(obj);
}

/* Compile the sources of every active instance of IB[N]. */
int build_compile(struct ib *ib, size_t n, const struct build_settings *s)
{
    struct compile_queue q = {0};
    int rc;

    for (size_t x = 0; x < n; x++)
        for (size_t k = 0; ib[x].active && k < ib[x].i->set.nsources; k++)
            compile_source(&ib[x], x, k, s, &q);
    rc = jobs_run(q.jobs, q.n, s->jobs);
    for (size_t j = 0; j < q.n; j++) {
        if (rc == 0)
            compile_collect(&ib[q.owner[j]], q.which[j], &q.jobs[j], q.keys[j], s);
        free(q.keys[j]);
        job_free(&q.jobs[j]);
    }
    free(q.jobs);
    free(q.owner);
    free(q.which);
    free(q.keys);
    return rc;
}

/* Compile the failing library sources of B with level macro LEVEL into
 * its try/ folder; *ALL whether they all compiled.  -1 on a signal. */
static int compile_try_level(struct ib *b, const struct build_settings *s, const char *level,
                             bool *all)
{
    struct job *jobs = calloc(b->i->set.nsources + 1, sizeof *jobs);
    char *tdir = xasprintf("%s/try", b->i->build), *log = xasprintf("%s/build.log", b->i->build);
    size_t njobs = 0;
    int rc;

    if (jobs == NULL)
        abort();
    file_mkdirs(tdir);
    for (size_t k = 0; k < b->i->set.nsources; k++) {
        char *obj;

        if (!build_library_failed(b, k))
            continue;
        obj = xasprintf("%s/%zu.o", tdir, k);
        build_compile_argv(s, b->i, "guide", level, &b->i->set.sources[k], obj, &jobs[njobs].argv);
        jobs[njobs].capture = true;
        build_job_limits(s, &jobs[njobs]);
        strlist_add(&jobs[njobs].partial, obj);
        strlist_addf(&jobs[njobs++].partial, "%.*s.d", (int)strlen(obj) - 2, obj);
        free(obj);
    }
    rc = jobs_run(jobs, njobs, s->jobs);
    *all = true;
    for (size_t j = 0; j < njobs; j++) {
        char *entry = build_log_entry(&jobs[j].argv, jobs[j].output);

        *all &= jobs[j].status == 0;
        build_log(log, entry, false);
        free(entry);
        job_free(&jobs[j]);
    }
    free(jobs);
    free(log);
    free(tdir);
    return rc;
}

/* Keep candidate C of B's level macros: in B, its result and the level
 * stamp of its build folder. */
static void compile_keep_level(struct ib *b, size_t c)
{
    char *stamp = xasprintf("%s/level", b->i->build), *text;

    b->level = xstrdup(b->i->levels.v[c]);
    b->r->level = xstrdup(b->i->levels.v[c]);
    b->r->level_from = xstrdup(b->i->level_from.v[c]);
    text = xasprintf("%s\n", b->level);
    file_replace(stamp, text);
    free(text);
    free(stamp);
}

/* Try the level macros of the instances of IB[N]. */
int build_try_levels(struct ib *ib, size_t n, const struct build_settings *s)
{
    for (size_t x = 0; x < n; x++) {
        struct ib *b = &ib[x];

        if (!b->active || b->level != NULL || b->i->levels.n == 0 || build_first_failure(b) < 0 ||
            !build_level_missing(b))
            continue;
        for (size_t c = 0; c < b->i->levels.n && b->level == NULL; c++) {
            bool all;

            if (compile_try_level(b, s, b->i->levels.v[c], &all) != 0)
                return -1;
            if (all)
                compile_keep_level(b, c);
        }
    }
    return 0;
}
