/* build.c - building the instances of a plan, all of them side by side:
 * compile (guide flags, a level macro when one is missing, the lenient
 * flags when the guide ones fail), read the objects, link plain and
 * profiled, write build.json.  Every file is remade only when what it
 * is made from changed: objects by their -MMD dependencies and a stamp of
 * their command, libraries by their objects and command. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "audit.h"
#include "build-files.h"
#include "build-jobs.h"
#include "build.h"

/* The DRNG state a package's library uses but does not define (only its
 * KAT driver, left out of the library, did): compiled against the
 * package's own drng.h, so its size is the package's. */
static const char build_drng_global[] =
    "/* the DRNG state the library uses; written by iccsprof */\n"
    "#include \"drng.h\"\n"
    "\n"
    "DRNG_ctx drng_algorithm;\n";

/* One instance being built. */
struct ib {
    const struct plan_instance *i;
    struct build_result *r;
    char *mode;             /* the flag set being compiled */
    bool active;            /* still building */
    bool *failed;           /* per source, in the current mode */
    char **output;          /* per source: the compiler's output */
    struct timespec newest; /* of the instance's files */
    char *guide_why;        /* why the guide flags failed */
    bool guide_log_open;
};

/* Seconds of CLOCK_MONOTONIC. */
static double build_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Append TEXT to the file PATH (truncating it first when FRESH). */
static void build_log(const char *path, const char *text, bool fresh)
{
    FILE *f = fopen(path, fresh ? "w" : "a");

    if (f == NULL)
        return;
    fputs(text, f);
    fclose(f);
}

/* The compiler flags of MODE for instance I, without include folders. */
static void build_flags(const struct build_settings *s, const struct plan_instance *i,
                        const char *mode, const char *level, struct strlist *out)
{
    if (strcmp(mode, "lenient") == 0) {
        strlist_add_words(out, s->lenient_cflags);
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

    if (strlist_has(&i->incdirs, d))
        strlist_add(&order, d);
    for (;;) {
        char *inc = strcmp(d, ".") == 0 ? xstrdup("include") : xasprintf("%s/include", d);
        char *slash;

        if (strlist_has(&i->incdirs, inc) && !strlist_has(&order, inc)) {
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
    for (size_t k = 0; k < i->incdirs.n; k++)
        if (!strlist_has(&order, i->incdirs.v[k]))
            strlist_add(&order, i->incdirs.v[k]);
    for (size_t k = 0; k < order.n; k++)
        if (strcmp(order.v[k], ".") == 0)
            strlist_addf(out, "-I%s/src", i->build);
        else
            strlist_addf(out, "-I%s/src/%s", i->build, order.v[k]);
    for (size_t k = 0; k < i->shared_incdirs.n; k++)
        strlist_addf(out, "-I%s", i->shared_incdirs.v[k]);
    strlist_free(&order);
    free(d);
}

/* The compile command of source SRC of I in MODE into OBJ. */
static void build_compile_argv(const struct build_settings *s, const struct plan_instance *i,
                               const char *mode, const char *level, const struct plan_source *src,
                               const char *obj, struct strlist *argv)
{
    char *dir = xstrdup(src->name), *slash = strrchr(dir, '/');

    if (slash != NULL)
        *slash = '\0';
    strlist_extend(argv, &s->cc);
    build_flags(s, i, mode, level, argv);
    /* a shared file's own folder comes first; it is outside the instance */
    if (strncmp(src->obj, "+shared/", 8) == 0)
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
static char *build_key(const struct strlist *argv, const char *folder)
{
    char *words = strlist_join(argv, "\n"), *key = xasprintf("%s\nfolder %s\n", words, folder);

    free(words);
    return key;
}

/* The line a log shows for ARGV, then its OUTPUT. */
static char *build_log_entry(const struct strlist *argv, const char *output)
{
    char *words = strlist_join(argv, " "),
         *entry = xasprintf("%s\n%s", words, output != NULL ? output : "");

    free(words);
    return entry;
}

/* The first compiler error line of TEXT with the build folder B's
 * src/ prefix taken off, newly allocated. */
static char *build_first_error(const char *text, const char *b)
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
static void build_newest(struct ib *b)
{
    struct timespec t;

    b->newest.tv_sec = 0;
    b->newest.tv_nsec = 0;
    for (size_t k = 0; k < b->i->nsources; k++)
        if (file_mtime(b->i->sources[k].path, &t) && file_time_after(&t, &b->newest))
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

/* Compile the sources of every active instance of IB[N] in its mode
 * (LEVELS: the level macro of each, or NULL); per source failed/output
 * filled in.  -1 when a signal stopped it. */
static int build_compile(struct ib *ib, size_t n, const struct build_settings *s, char **levels)
{
    struct job *jobs = NULL;
    size_t njobs = 0, *owner = NULL, *which = NULL;
    char **keys = NULL;
    int rc;

    for (size_t x = 0; x < n; x++) {
        struct ib *b = &ib[x];

        if (!b->active)
            continue;
        for (size_t k = 0; k < b->i->nsources; k++) {
            const struct plan_source *src = &b->i->sources[k];
            char *obj = xasprintf("%s/%s/obj/%s", b->i->build, b->mode, src->obj);
            char *dir = xstrdup(obj), *key;
            struct strlist argv = {0};

            *strrchr(dir, '/') = '\0';
            file_mkdirs(dir);
            free(dir);
            build_compile_argv(s, b->i, b->mode, levels[x], src, obj, &argv);
            key = build_key(&argv, b->i->folder);
            free(b->output[k]);
            b->output[k] = NULL;
            b->failed[k] = false;
            if (deps_up_to_date(obj, key, b->i->build)) {
                char *out = xasprintf("%s.out", obj);

                b->output[k] = file_read(out);
                free(out);
            } else if (build_failure_holds(b, obj, key)) {
                char *err = xasprintf("%s.err", obj);

                b->failed[k] = true;
                b->output[k] = file_read(err);
                free(err);
            } else {
                jobs = realloc(jobs, (njobs + 1) * sizeof *jobs);
                owner = realloc(owner, (njobs + 1) * sizeof *owner);
                which = realloc(which, (njobs + 1) * sizeof *which);
                keys = realloc(keys, (njobs + 1) * sizeof *keys);
                if (jobs == NULL || owner == NULL || which == NULL || keys == NULL)
                    abort();
                memset(&jobs[njobs], 0, sizeof *jobs);
                jobs[njobs].argv = argv;
                memset(&argv, 0, sizeof argv);
                jobs[njobs].capture = true;
                strlist_add(&jobs[njobs].partial, obj);
                strlist_addf(&jobs[njobs].partial, "%.*s.d", (int)strlen(obj) - 2, obj);
                owner[njobs] = x;
                which[njobs] = k;
                keys[njobs++] = key;
                key = NULL;
                b->r->rebuilt = true;
            }
            strlist_free(&argv);
            free(key);
            free(obj);
        }
    }
    rc = jobs_run(jobs, njobs, s->jobs);
    for (size_t j = 0; j < njobs; j++) {
        struct ib *b = &ib[owner[j]];
        size_t k = which[j];
        char *obj = xasprintf("%s/%s/obj/%s", b->i->build, b->mode, b->i->sources[k].obj);
        char *entry = build_log_entry(&jobs[j].argv, jobs[j].output);
        char *stamp = xasprintf("%s.cmd", obj), *fail = xasprintf("%s.fail", obj),
             *err = xasprintf("%s.err", obj), *out = xasprintf("%s.out", obj);
        char *log = xasprintf("%s/build.log", b->i->build);

        if (rc == 0) {
            build_log(log, entry, false);
            if (strcmp(b->mode, "guide") == 0) {
                char *glog = xasprintf("%s/guide.log", b->i->build);

                build_log(glog, entry, !b->guide_log_open);
                b->guide_log_open = true;
                free(glog);
            }
            b->output[k] = jobs[j].output;
            jobs[j].output = NULL;
            if (jobs[j].status == 0) {
                file_replace(stamp, keys[j]);
                unlink(fail);
                if (b->output[k] != NULL && b->output[k][0] != '\0')
                    file_replace(out, b->output[k]);
                else
                    unlink(out);
            } else {
                b->failed[k] = true;
                unlink(stamp);
                unlink(obj);
                file_replace(err, b->output[k] != NULL ? b->output[k] : "");
                file_replace(fail, keys[j]);
            }
        }
        free(log);
        free(out);
        free(err);
        free(fail);
        free(stamp);
        free(entry);
        free(obj);
        free(keys[j]);
        job_free(&jobs[j]);
    }
    free(jobs);
    free(owner);
    free(which);
    free(keys);
    return rc;
}

/* Whether source K of B failed and is not a program: a file whose text
 * defines main is a program even when it does not compile. */
static bool build_library_failed(const struct ib *b, size_t k)
{
    return b->failed[k] && !build_text_defines_main(b->i->sources[k].path);
}

/* The first library source of B that failed, or -1. */
static long build_first_failure(const struct ib *b)
{
    for (size_t k = 0; k < b->i->nsources; k++)
        if (build_library_failed(b, k))
            return (long)k;
    return -1;
}

/* When the failing source K of B includes a header whose name two
 * folders of the instance hold, the two files and the exclude line that
 * leaves K out; else NULL. */
static char *build_same_named_hint(const struct ib *b, size_t k, const char *conf)
{
    char *text = file_read(b->i->sources[k].path), *hint = NULL;

    for (size_t h = 0; text != NULL && hint == NULL && h < b->i->headers.n; h++) {
        const char *base = strrchr(b->i->headers.v[h], '/');
        char *quoted;

        base = base != NULL ? base + 1 : b->i->headers.v[h];
        quoted = xasprintf("%s\"", base);
        for (size_t g = h + 1; strstr(text, quoted) != NULL && g < b->i->headers.n; g++) {
            const char *other = strrchr(b->i->headers.v[g], '/');

            if (strcmp(other != NULL ? other + 1 : b->i->headers.v[g], base) == 0) {
                hint = xasprintf("; %s is both %s and %s (headers of alternative modules?): if %s "
                                 "is not part of the library, add the line \"exclude = %s\" to %s",
                                 base, b->i->headers.v[h], b->i->headers.v[g],
                                 b->i->sources[k].name, b->i->sources[k].name, conf);
                break;
            }
        }
        free(quoted);
    }
    free(text);
    return hint;
}

/* Why the sources of B failed in its mode: the first error, its file,
 * and a hint about same-named headers. */
static char *build_failure_reason(const struct ib *b, const char *conf)
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
    for (size_t k = 0; k < b->i->nsources; k++)
        if (build_library_failed(b, k) && b->output[k] != NULL &&
            (strstr(b->output[k], "#error") != NULL || strstr(b->output[k], "undeclared") != NULL))
            return true;
    return false;
}

/* Mark instance B failed with MESSAGE (taken). */
static void build_fail(struct ib *b, char *message)
{
    b->active = false;
    b->r->ok = false;
    free(b->r->message);
    b->r->message = message;
}

/* Try the level macros of the instances of IB[N] whose guide build
 * failed as a missing level would: each candidate in turn, on the files
 * that failed, into a scratch folder; the first that compiles them all
 * is kept in LEVELS (and B/level). -1 when a signal stopped it. */
static int build_try_levels(struct ib *ib, size_t n, const struct build_settings *s, char **levels)
{
    for (size_t x = 0; x < n; x++) {
        struct ib *b = &ib[x];

        if (!b->active || levels[x] != NULL || b->i->levels.n == 0 || build_first_failure(b) < 0 ||
            !build_level_missing(b))
            continue;
        for (size_t c = 0; c < b->i->levels.n && levels[x] == NULL; c++) {
            struct job *jobs = calloc(b->i->nsources + 1, sizeof *jobs);
            size_t njobs = 0;
            bool all = true;
            int rc;

            char *tdir = xasprintf("%s/try", b->i->build);

            if (jobs == NULL)
                abort();
            file_mkdirs(tdir);
            free(tdir);
            for (size_t k = 0; k < b->i->nsources; k++) {
                char *obj;

                if (!build_library_failed(b, k))
                    continue;
                obj = xasprintf("%s/try/%zu.o", b->i->build, k);
                build_compile_argv(s, b->i, "guide", b->i->levels.v[c], &b->i->sources[k], obj,
                                   &jobs[njobs].argv);
                jobs[njobs].capture = true;
                strlist_add(&jobs[njobs].partial, obj);
                strlist_addf(&jobs[njobs++].partial, "%.*s.d", (int)strlen(obj) - 2, obj);
                free(obj);
            }
            rc = jobs_run(jobs, njobs, s->jobs);
            for (size_t j = 0; j < njobs; j++) {
                char *log = xasprintf("%s/build.log", b->i->build),
                     *entry = build_log_entry(&jobs[j].argv, jobs[j].output);

                all &= jobs[j].status == 0;
                build_log(log, entry, false);
                free(log);
                free(entry);
                job_free(&jobs[j]);
            }
            free(jobs);
            if (rc != 0)
                return -1;
            if (all) {
                char *stamp = xasprintf("%s/level", b->i->build), *text;

                levels[x] = xstrdup(b->i->levels.v[c]);
                b->r->level = xstrdup(b->i->levels.v[c]);
                b->r->level_from = xstrdup(b->i->level_from.v[c]);
                text = xasprintf("%s\n", levels[x]);
                file_replace(stamp, text);
                free(text);
                free(stamp);
            }
        }
    }
    return 0;
}

/* The level macro remembered for B from an earlier build, when it is
 * still one of its candidates; else NULL. */
static char *build_remembered_level(struct ib *b)
{
    char *stamp = xasprintf("%s/level", b->i->build), *text = file_read(stamp), *level = NULL;

    if (text != NULL) {
        text[strcspn(text, "\n")] = '\0';
        for (size_t c = 0; c < b->i->levels.n; c++)
            if (strcmp(b->i->levels.v[c], text) == 0) {
                level = xstrdup(text);
                b->r->level = xstrdup(text);
                b->r->level_from = xstrdup(b->i->level_from.v[c]);
            }
    }
    free(text);
    free(stamp);
    return level;
}

/* Switch B to MODE. */
static void build_set_mode(struct ib *b, const char *mode)
{
    free(b->mode);
    b->mode = xstrdup(mode);
    free(b->r->mode);
    b->r->mode = xstrdup(mode);
}

/* The objects and names of B's sources that compiled. */
static void build_compiled(const struct ib *b, struct strlist *objs, struct strlist *names)
{
    for (size_t k = 0; k < b->i->nsources; k++)
        if (!b->failed[k]) {
            strlist_add(objs, b->i->sources[k].obj);
            strlist_add(names, b->i->sources[k].name);
        }
}

/* Read B's objects into its findings. */
static void build_read_objects(struct ib *b, const char *conf)
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
static void build_note_left_out(struct ib *b)
{
    strlist_free(&b->r->left_out);
    strlist_free(&b->r->left_out_why);
    for (size_t k = 0; k < b->i->nsources; k++)
        if (b->failed[k] && !build_library_failed(b, k)) {
            char *first = build_first_error(b->output[k], b->i->build);

            strlist_add(&b->r->left_out, b->i->sources[k].name);
            strlist_add(&b->r->left_out_why, first);
            free(first);
        }
}

/* Count the compiler warnings of B's library sources, and keep them in
 * B/warnings.log (only rewritten when they change). */
static void build_count_warnings(struct ib *b)
{
    struct strlist texts = {0};
    char *all, *path = xasprintf("%s/warnings.log", b->i->build);

    b->r->warnings = 0;
    for (size_t k = 0; k < b->i->nsources; k++) {
        const char *p = b->output[k];

        if (b->failed[k] || p == NULL || !strlist_has(&b->r->f.library, b->i->sources[k].name))
            continue;
        strlist_add(&texts, p);
        while ((p = strstr(p, ": warning: ")) != NULL) {
            b->r->warnings++;
            p++;
        }
    }
    all = strlist_join(&texts, "");
    if (b->r->warnings > 0)
        file_replace(path, all);
    else
        unlink(path);
    free(all);
    free(path);
    strlist_free(&texts);
}

/* Whether TARGET is up to date with its command KEY and its inputs
 * OBJS (relative to DIR) and EXTRA. */
static bool build_link_up_to_date(const char *target, const char *key, const char *dir,
                                  const struct strlist *objs, const char *extra)
{
    char *stamp = xasprintf("%s.cmd", target), *old = file_read(stamp);
    struct timespec t, o;
    bool ok = old != NULL && strcmp(old, key) == 0 && file_mtime(target, &t);

    for (size_t k = 0; ok && k < objs->n; k++) {
        char *path = xasprintf("%s/%s", dir, objs->v[k]);

        ok = file_mtime(path, &o) && !file_time_after(&o, &t);
        free(path);
    }
    if (ok && extra != NULL)
        ok = file_mtime(extra, &o) && !file_time_after(&o, &t);
    free(old);
    free(stamp);
    return ok;
}

/* The undefined symbols a linker's OUTPUT names, or NULL. */
static char *build_undefined(const char *output)
{
    struct strlist syms = {0};
    const char *p = output != NULL ? output : "";
    char *s;

    while ((p = strstr(p, "undefined reference to `")) != NULL) {
        const char *name = p + strlen("undefined reference to `");
        size_t n = strcspn(name, "'");
        char *sym = strndup(name, n);

        if (sym != NULL && !strlist_has(&syms, sym))
            strlist_add(&syms, sym);
        free(sym);
        p = name + n;
    }
    if (syms.n == 0)
        return NULL;
    strlist_sort(&syms);
    s = strlist_join(&syms, " ");
    strlist_free(&syms);
    return s;
}

/* The link commands of B: plain and profiled, into their .tmp files. */
static void build_link_argv(const struct build_settings *s, const struct ib *b,
                            const struct strlist *objs, bool profiled, const char *out,
                            struct strlist *argv)
{
    strlist_extend(argv, &s->cc);
    strlist_add(argv, "-shared");
    strlist_add_words(argv, s->sanitizer_cflags);
    strlist_add(argv, "-o");
    strlist_addf(argv, "%s.tmp", out);
    for (size_t k = 0; k < objs->n; k++)
        strlist_addf(argv, "%s/%s/obj/%s", b->i->build, b->mode, objs->v[k]);
    if (profiled) {
        strlist_add(argv, s->wrap_archive);
        strlist_add_words(argv, s->wrap_libs);
        strlist_add(argv, "-Wl,--undefined=iccsprof_wrap_api");
        for (size_t w = 0; w < b->r->f.wraps.n; w++)
            strlist_addf(argv, "-Wl,--wrap=%s", b->r->f.wraps.v[w]);
    }
    strlist_add(argv, "-Wl,--no-undefined");
    strlist_add(argv, "-lm");
}

/* Link the libraries of the instances of IB[N] that got this far: the
 * supplied DRNG global compiled first where needed.  -1 on a signal. */
static int build_link(struct ib *ib, size_t n, const struct build_settings *s)
{
    struct job *jobs = calloc(3 * n + 1, sizeof *jobs);
    size_t njobs = 0, *owner = calloc(3 * n + 1, sizeof *owner);
    char **targets = calloc(3 * n + 1, sizeof *targets), **keys = calloc(3 * n + 1, sizeof *keys);
    struct strlist *objs = calloc(n + 1, sizeof *objs);
    int rc;

    if (jobs == NULL || owner == NULL || targets == NULL || keys == NULL || objs == NULL)
        abort();
    /* the DRNG global first: the links need its object */
    for (size_t x = 0; x < n; x++) {
        struct ib *b = &ib[x];
        struct plan_source src = {.name = "drng_global.c", .obj = "drng_global.o"};
        char *obj;
        struct strlist argv = {0};

        if (!b->active)
            continue;
        for (size_t k = 0; k < b->i->nsources; k++)
            if (strlist_has(&b->r->f.library, b->i->sources[k].name))
                strlist_add(&objs[x], b->i->sources[k].obj);
        if (b->r->f.drng_global == NULL || strcmp(b->r->f.drng_global, "supplied") != 0)
            continue;
        src.path = xasprintf("%s/drng_global.c", b->i->build);
        file_replace(src.path, build_drng_global);
        obj = xasprintf("%s/%s/obj/drng_global.o", b->i->build, b->mode);
        build_compile_argv(s, b->i, b->mode, b->r->level, &src, obj, &argv);
        keys[njobs] = build_key(&argv, b->i->folder);
        if (!deps_up_to_date(obj, keys[njobs], b->i->build)) {
            jobs[njobs].argv = argv;
            memset(&argv, 0, sizeof argv);
            jobs[njobs].capture = true;
            strlist_add(&jobs[njobs].partial, obj);
            owner[njobs] = x;
            targets[njobs++] = xasprintf("%s", obj);
            b->r->rebuilt = true;
        } else {
            free(keys[njobs]);
        }
        strlist_add(&objs[x], "drng_global.o");
        strlist_free(&argv);
        free(obj);
        free(src.path);
    }
    rc = jobs_run(jobs, njobs, s->jobs);
    for (size_t j = 0; j < njobs; j++) {
        char *log = xasprintf("%s/build.log", ib[owner[j]].i->build),
             *entry = build_log_entry(&jobs[j].argv, jobs[j].output), *stamp;

        build_log(log, entry, false);
        stamp = xasprintf("%s.cmd", targets[j]);
        if (rc == 0 && jobs[j].status == 0)
            file_replace(stamp, keys[j]);
        else if (rc == 0)
            build_fail(&ib[owner[j]], xasprintf("the DRNG global did not compile: see %s", log));
        free(stamp);
        free(log);
        free(entry);
        free(targets[j]);
        free(keys[j]);
        job_free(&jobs[j]);
    }
    njobs = 0;
    for (size_t x = 0; rc == 0 && x < n; x++) {
        struct ib *b = &ib[x];

        for (int prof = 0; b->active && prof < 2; prof++) {
            char *out = xasprintf("%s/lib%s%s.so", b->i->build, b->i->name, prof ? ".prof" : "");
            char *dir = xasprintf("%s/%s/obj", b->i->build, b->mode);
            struct strlist argv = {0};

            build_link_argv(s, b, &objs[x], prof, out, &argv);
            keys[njobs] = build_key(&argv, b->i->folder);
            if (build_link_up_to_date(out, keys[njobs], dir, &objs[x],
                                      prof ? s->wrap_archive : NULL)) {
                free(keys[njobs]);
                free(out);
            } else {
                jobs[njobs].argv = argv;
                memset(&argv, 0, sizeof argv);
                jobs[njobs].capture = true;
                strlist_addf(&jobs[njobs].partial, "%s.tmp", out);
                owner[njobs] = x;
                targets[njobs++] = out;
                b->r->rebuilt = true;
            }
            strlist_free(&argv);
            free(dir);
        }
    }
    if (rc == 0)
        rc = jobs_run(jobs, njobs, s->jobs);
    for (size_t j = 0; j < njobs; j++) {
        struct ib *b = &ib[owner[j]];
        char *log = xasprintf("%s/build.log", b->i->build),
             *entry = build_log_entry(&jobs[j].argv, jobs[j].output);
        char *tmp = xasprintf("%s.tmp", targets[j]), *stamp = xasprintf("%s.cmd", targets[j]);

        build_log(log, entry, false);
        if (rc == 0 && jobs[j].status == 0 && rename(tmp, targets[j]) == 0) {
            file_replace(stamp, keys[j]);
        } else if (rc == 0) {
            char *undefined = build_undefined(jobs[j].output);

            unlink(tmp);
            unlink(stamp);
            if (b->active) {
                if (undefined != NULL) {
                    build_fail(
                        b, xasprintf("link failed: undefined symbol %s; see %s", undefined, log));
                } else {
                    char *first = build_first_error(jobs[j].output, b->i->build);

                    build_fail(b, xasprintf("link failed: %s; see %s", first, log));
                    free(first);
                }
            }
            free(undefined);
        }
        free(tmp);
        free(stamp);
        free(log);
        free(entry);
        free(targets[j]);
        free(keys[j]);
        job_free(&jobs[j]);
    }
    for (size_t x = 0; x < n; x++)
        strlist_free(&objs[x]);
    free(objs);
    free(jobs);
    free(owner);
    free(targets);
    free(keys);
    return rc;
}

/* Write B's build.json (unless it holds the same already). */
static void build_write_record(const struct plan *p, struct ib *b, const struct build_settings *s)
{
    struct strlist objs = {0}, srcs = {0};
    char *dir = xasprintf("%s/%s/obj", b->i->build, b->mode),
         *path = xasprintf("%s/build.json", b->i->build), *text;
    json_t *coverage, *doc;

    for (size_t k = 0; k < b->i->nsources; k++)
        if (strlist_has(&b->r->f.library, b->i->sources[k].name)) {
            strlist_add(&objs, b->i->sources[k].obj);
            strlist_add(&srcs, b->i->sources[k].name);
        }
    coverage = audit_coverage_of(dir, objs.v, srcs.v, objs.n);
    if (coverage == NULL) {
        build_fail(b, xasprintf("the coverage audit could not read the objects in %s", dir));
    } else {
        doc = build_record(p, b->i, b->r, s, coverage);
        text = json_dumps(doc, JSON_INDENT(2));
        char *line = text != NULL ? xasprintf("%s\n", text) : NULL;

        if (line == NULL || file_replace(path, line) != 0)
            build_fail(b, xasprintf("%s: %s", path, strerror(errno)));
        free(line);
        free(text);
        json_decref(doc);
        json_decref(coverage);
    }
    strlist_free(&objs);
    strlist_free(&srcs);
    free(dir);
    free(path);
}

/* The outcome line of a built instance B. */
static char *build_outcome(const struct ib *b)
{
    const struct build_result *r = b->r;
    char *what, *line;

    if (strcmp(r->mode, "guide") == 0)
        what = xstrdup("built with the guide flags");
    else if (strcmp(b->i->lenient, "yes") == 0)
        what = xstrdup("built with the lenient flags (lenient = yes)");
    else
        what = xasprintf("built with the lenient flags: the guide flags failed (%s)",
                         b->guide_why != NULL ? b->guide_why : "");
    line = what;
    if (r->level != NULL) {
        line = xasprintf("%s, with -D%s (from %s)", what, r->level, r->level_from);
        free(what);
        what = line;
    }
    if (r->warnings > 0) {
        line = xasprintf("%s; %d compiler warning%s in %s/warnings.log", what, r->warnings,
                         r->warnings == 1 ? "" : "s", b->i->build);
        free(what);
        what = line;
    }
    if (!r->rebuilt) {
        line = xasprintf("up to date, %s", what);
        free(what);
    }
    return line;
}

/* Prepare B's build folder: the folders, the link to the instance folder
 * (so that compiler messages name package files), a fresh build.log. */
static int build_prepare(struct ib *b)
{
    char *src = xasprintf("%s/src", b->i->build), *log = xasprintf("%s/build.log", b->i->build);
    char target[4096];
    ssize_t len;
    int rc = 0;

    if (file_mkdirs(b->i->build) != 0) {
        build_fail(b, xasprintf("%s: %s", b->i->build, strerror(errno)));
        rc = -1;
    } else {
        len = readlink(src, target, sizeof target - 1);
        if (len < 0 || (target[len] = '\0', strcmp(target, b->i->folder) != 0)) {
            unlink(src);
            if (symlink(b->i->folder, src) != 0) {
                build_fail(b, xasprintf("%s: %s", src, strerror(errno)));
                rc = -1;
            }
        }
        build_log(log, "", true);
    }
    free(src);
    free(log);
    return rc;
}

/* Build every instance of P into R. */
int build_all(const struct plan *p, const struct build_settings *s, struct build_result *r)
{
    struct ib *ib = calloc(p->n + 1, sizeof *ib);
    char **levels = calloc(p->n + 1, sizeof *levels);
    double start = build_now();
    int rc = -1;

    if (ib == NULL || levels == NULL)
        abort();
    for (size_t x = 0; x < p->n; x++) {
        struct ib *b = &ib[x];

        memset(&r[x], 0, sizeof r[x]);
        b->i = &p->inst[x];
        b->r = &r[x];
        b->active = true;
        b->failed = calloc(b->i->nsources + 1, sizeof *b->failed);
        b->output = calloc(b->i->nsources + 1, sizeof *b->output);
        if (b->failed == NULL || b->output == NULL)
            abort();
        build_set_mode(b, strcmp(b->i->lenient, "yes") == 0 ? "lenient" : "guide");
        build_newest(b);
        if (build_prepare(b) == 0)
            levels[x] = build_remembered_level(b);
    }
    /* the guide flags, a level macro where one is missing */
    if (build_compile(ib, p->n, s, levels) != 0 || build_try_levels(ib, p->n, s, levels) != 0)
        goto out;
    /* with a level chosen now, everything compiles again with it */
    if (build_compile(ib, p->n, s, levels) != 0)
        goto out;
    for (size_t x = 0; x < p->n; x++) {
        struct ib *b = &ib[x];
        long k;

        if (!b->active || strcmp(b->mode, "guide") != 0)
            continue;
        if ((k = build_first_failure(b)) >= 0) {
            char *why = build_failure_reason(b, p->conf_hint);

            b->guide_why = xasprintf("%s; see %s/guide.log", why, b->i->build);
            if (strcmp(b->i->lenient, "no") == 0)
                build_fail(b,
                           xasprintf("compilation failed under the guide flags (lenient = no): %s",
                                     b->guide_why));
            else
                build_set_mode(b, "lenient");
            free(why);
            continue;
        }
        build_read_objects(b, p->conf_hint);
        if (b->r->f.needs_common != NULL) {
            if (strcmp(b->i->lenient, "no") == 0) {
                build_fail(b, strlist_join(&b->r->f.errors, "\n"));
            } else {
                b->guide_why = xasprintf("zero-filled globals defined in several files, %s, need "
                                         "-fcommon",
                                         b->r->f.needs_common);
                build_set_mode(b, "lenient");
            }
        }
    }
    if (build_compile(ib, p->n, s, levels) != 0)
        goto out;
    for (size_t x = 0; x < p->n; x++) {
        struct ib *b = &ib[x];
        char *log = xasprintf("%s/build.log", b->i->build);

        if (b->active && build_first_failure(b) >= 0) {
            char *why = build_failure_reason(b, p->conf_hint);

            build_fail(b, xasprintf("compilation failed under the %s flags: %s; see %s",
                                    strcmp(b->mode, "guide") == 0       ? "guide"
                                    : strcmp(b->i->lenient, "yes") == 0 ? "lenient"
                                                                        : "guide and the lenient",
                                    why, log));
            free(why);
        } else if (b->active) {
            build_read_objects(b, p->conf_hint);
            build_note_left_out(b);
            build_count_warnings(b);
            if (b->r->f.errors.n > 0)
                build_fail(b, strlist_join(&b->r->f.errors, "\n"));
        }
        free(log);
    }
    if (s->link && build_link(ib, p->n, s) != 0)
        goto out;
    for (size_t x = 0; x < p->n; x++) {
        struct ib *b = &ib[x];

        struct strlist flags = {0};

        build_flags(s, b->i, b->mode, b->r->level, &flags);
        b->r->cflags = strlist_join(&flags, " ");
        strlist_free(&flags);
        if (b->active && s->link)
            build_write_record(p, b, s);
        if (b->active) {
            b->r->ok = true;
            b->r->message = s->link ? build_outcome(b) : xstrdup("planned");
        } else if (s->link) {
            /* a failed instance keeps no build.json: nothing may profile stale libraries */
            char *json = xasprintf("%s/build.json", b->i->build);

            unlink(json);
            free(json);
        }
        b->r->seconds = build_now() - start;
    }
    rc = 0;
out:
    for (size_t x = 0; x < p->n; x++) {
        for (size_t k = 0; k < ib[x].i->nsources; k++)
            free(ib[x].output[k]);
        free(ib[x].output);
        free(ib[x].failed);
        free(ib[x].mode);
        free(ib[x].guide_why);
        free(levels[x]);
    }
    free(ib);
    free(levels);
    return rc;
}

/* Free the results R[N]. */
void build_results_free(struct build_result *r, size_t n)
{
    for (size_t x = 0; x < n; x++) {
        free(r[x].mode);
        free(r[x].cflags);
        free(r[x].message);
        free(r[x].level);
        free(r[x].level_from);
        strlist_free(&r[x].left_out);
        strlist_free(&r[x].left_out_why);
        strlist_free(&r[x].notes);
        build_findings_free(&r[x].f);
    }
}
