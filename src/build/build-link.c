/* build-link.c - the link stage of the build: the DRNG global a library
 * uses but no object of it defines, the plain and the profiled library
 * (the same objects, the latter with libiccswrap and --wrap for each
 * helper they define, and the padding that keeps the scheme's code where
 * the plain library has it in a cache line), remade only when an object
 * or the command changed; then build.json, and compile_commands.json for
 * editors. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build/audit.h"
#include "util/build-files.h"
#include "util/build-jobs.h"
#include "build/build-stages.h"

/* The DRNG state a package's library uses but does not define (only its
 * KAT driver, left out of the library, did): compiled against the
 * package's own drng.h, so its size is the package's. */
static const char build_drng_global[] =
    "/* the DRNG state the library uses; written by iccsprof */\n"
    "#include \"drng.h\"\n"
    "\n"
    "DRNG_ctx drng_algorithm;\n";

/* Whether TARGET is up to date with its command KEY and its inputs
 * OBJS (relative to DIR) and EXTRA (NULL-terminated). */
static bool build_link_up_to_date(const char *target, const char *key, const char *dir,
                                  const struct strlist *objs, const char *const *extra)
{
    char *stamp = xasprintf("%s.cmd", target), *old = file_read(stamp);
    struct timespec t, o;
    bool ok = old != NULL && strcmp(old, key) == 0 && file_mtime(target, &t);

    for (size_t k = 0; ok && k < objs->n; k++) {
        char *path = xasprintf("%s/%s", dir, objs->v[k]);

        ok = file_mtime(path, &o) && !file_time_after(&o, &t);
        free(path);
    }
    for (size_t k = 0; ok && extra[k] != NULL; k++)
        ok = file_mtime(extra[k], &o) && !file_time_after(&o, &t);
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

/* The link commands of B: plain and profiled, into their .tmp files; PAD,
 * when not NULL, the profiled library's padding, linked first. */
static void build_link_argv(const struct build_settings *s, const struct ib *b,
                            const struct strlist *objs, bool profiled, const char *out,
                            const char *pad, struct strlist *argv)
{
    strlist_extend(argv, &s->cc);
    strlist_add(argv, "-shared");
    strlist_add_words(argv, s->sanitizer_cflags);
    strlist_add(argv, "-o");
    strlist_addf(argv, "%s.tmp", out);
    if (profiled && pad != NULL)
        strlist_add(argv, pad);
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

/* The link jobs of a stage and, for each, its instance, target and
 * stamp key. */
struct link_queue {
    struct job *jobs;
    size_t *owner;
    char **targets, **keys;
    size_t n;
};

/* Queue the command ARGV (taken) making TARGET (taken) for instance X,
 * with its stamp KEY (taken) and PARTIAL, the file to remove when
 * stopped. */
static void link_enqueue(struct link_queue *q, size_t x, struct strlist *argv, char *target,
                         char *key, const char *partial)
{
    job_append(&q->jobs, q->n, argv, partial);
    q->owner = realloc(q->owner, (q->n + 1) * sizeof *q->owner);
    q->targets = realloc(q->targets, (q->n + 1) * sizeof *q->targets);
    q->keys = realloc(q->keys, (q->n + 1) * sizeof *q->keys);
    if (q->owner == NULL || q->targets == NULL || q->keys == NULL)
        abort();
    q->owner[q->n] = x;
    q->targets[q->n] = target;
    q->keys[q->n++] = key;
}

/* Free the jobs of Q. */
static void link_queue_free(struct link_queue *q)
{
    for (size_t j = 0; j < q->n; j++) {
        free(q->targets[j]);
        free(q->keys[j]);
        job_free(&q->jobs[j]);
    }
    free(q->jobs);
    free(q->owner);
    free(q->targets);
    free(q->keys);
    memset(q, 0, sizeof *q);
}

/* The objects of B's library into OBJS. */
static void link_objects(const struct ib *b, struct strlist *objs)
{
    for (size_t k = 0; k < b->i->set.nsources; k++)
        if (strlist_has(&b->r->f.library, b->i->set.sources[k].name))
            strlist_add(objs, b->i->set.sources[k].obj);
}

/* The flags of the library source USER of I (which uses the DRNG
 * global) into OUT, its own folder first: the global is compiled as if
 * it stood beside USER, so that drng.h is found, and DRNG_ctx sized, as
 * for that source. */
static void drng_user_flags(const struct plan_instance *i, const char *user, struct strlist *out)
{
    const char *slash = user != NULL ? strrchr(user, '/') : NULL;

    if (user == NULL)
        return;
    strlist_addf(out, "-I%.*s", slash != NULL ? (int)(slash - user) : 1,
                 slash != NULL ? user : ".");
    for (size_t k = 0; k < i->set.nsources; k++)
        if (strcmp(i->set.sources[k].name, user) == 0)
            strlist_extend(out, &i->set.sources[k].flags);
}

/* Queue the DRNG global of instance X (B) into Q where the library uses
 * it without defining it; its object then joins OBJS. */
static void link_drng_global(struct ib *b, size_t x, const struct build_settings *s,
                             struct link_queue *q, struct strlist *objs)
{
    struct plan_source src = {.name = "drng_global.c", .obj = "drng_global.o"};
    struct strlist argv = {0};
    char *obj, *key;

    if (b->r->f.drng_global == NULL || strcmp(b->r->f.drng_global, "supplied") != 0)
        return;
    if (b->i->set.from_build_file)
        drng_user_flags(b->i, b->r->f.drng_user, &src.flags);
    src.path = xasprintf("%s/drng_global.c", b->i->build);
    file_replace(src.path, build_drng_global);
    obj = xasprintf("%s/%s/obj/drng_global.o", b->i->build, b->mode);
    build_compile_argv(s, b->i, b->mode, b->level, &src, obj, &argv);
    key = build_key(&argv, b->i->folder);
    if (!deps_up_to_date(obj, key, b->i->build)) {
        link_enqueue(q, x, &argv, xstrdup(obj), key, obj);
        b->r->rebuilt = true;
    } else {
        free(key);
    }
    strlist_add(objs, "drng_global.o");
    strlist_free(&src.flags);
    strlist_free(&argv);
    free(obj);
    free(src.path);
}

/* Take the result of the DRNG global's compile job J of Q. */
static void link_drng_done(struct ib *ib, const struct link_queue *q, size_t j)
{
    struct ib *b = &ib[q->owner[j]];
    char *log = xasprintf("%s/build.log", b->i->build),
         *entry = build_log_entry(&q->jobs[j].argv, q->jobs[j].output),
         *stamp = xasprintf("%s.cmd", q->targets[j]);

    build_log(log, entry, false);
    if (q->jobs[j].status == 0)
        file_replace(stamp, q->keys[j]);
    else
        build_fail(b, xasprintf("the DRNG global did not compile: see %s", log));
    free(stamp);
    free(entry);
    free(log);
}

/* The path of B's plain or (PROF) profiled library, newly allocated. */
static char *link_library(const struct ib *b, bool prof)
{
    return xasprintf("%s/lib%s%s.so", b->i->build, b->i->name, prof ? ".prof" : "");
}

/* Queue the link of B's plain or (PROF) profiled library (objects OBJS)
 * into Q as instance X's; unless it is up to date, when UNLESS_CURRENT.
 * Whether it was queued. */
static bool link_library_job(struct ib *b, size_t x, const struct build_settings *s,
                             const struct strlist *objs, bool prof, bool unless_current,
                             struct link_queue *q)
{
    char *dir = xasprintf("%s/%s/obj", b->i->build, b->mode), *out = link_library(b, prof);
    char *pad = build_align_pad_path(out), *tmp = xasprintf("%s.tmp", out), *key;
    bool padded = prof && access(pad, F_OK) == 0, queued = false;
    const char *extra[] = {prof ? s->wrap_archive : NULL, padded ? pad : NULL, NULL};
    struct strlist argv = {0};

    build_link_argv(s, b, objs, prof, out, padded ? pad : NULL, &argv);
    key = build_key(&argv, b->i->folder);
    if (unless_current && build_link_up_to_date(out, key, dir, objs, extra)) {
        free(key);
        free(out);
    } else {
        link_enqueue(q, x, &argv, out, key, tmp);
        b->r->rebuilt = queued = true;
    }
    strlist_free(&argv);
    free(tmp);
    free(pad);
    free(dir);
    return queued;
}

/* Queue the plain and the profiled link of instance X (B, objects OBJS)
 * into Q, unless they are up to date; whether either was queued. */
static bool link_libraries(struct ib *b, size_t x, const struct build_settings *s,
                           const struct strlist *objs, struct link_queue *q)
{
    bool queued = false;

    for (int prof = 0; b->active && prof < 2; prof++)
        queued |= link_library_job(b, x, s, objs, prof, true, q);
    return queued;
}

/* The functions B's objects OBJS define, the scheme's code its layout
 * is judged by, into FUNCTIONS. */
static void link_functions(const struct ib *b, const struct strlist *objs,
                           struct strlist *functions)
{
    char *dir = xasprintf("%s/%s/obj", b->i->build, b->mode);

    build_align_functions(dir, objs, functions);
    free(dir);
}

/* Read where B's FUNCTIONS lie in its profiled library against the plain
 * one into its result; when the libraries were just LINKED and most of
 * that code lies elsewhere in a cache line, set the padding that puts it
 * back and queue the profiled link again into Q (whether it was queued).
 * A build where nothing was linked keeps the padding it has, so that it
 * links nothing. */
static bool link_align(struct ib *b, size_t x, const struct build_settings *s,
                       const struct strlist *objs, const struct strlist *functions, bool linked,
                       struct link_queue *q)
{
    char *plain = link_library(b, false), *prof = link_library(b, true);
    char *pad = build_align_pad_path(prof);
    unsigned shift, next;
    double aligned;
    bool queued = false;
    char err[256];

    b->r->layout_known = false;
    free(b->r->layout_why);
    b->r->layout_why = NULL;
    if (!b->active)
        goto done;
    if (build_align_shift(plain, prof, functions, &shift, &aligned, err, sizeof err) != 0) {
        b->r->layout_why = xstrdup(err);
        goto done;
    }
    b->r->layout_known = true;
    b->r->layout_pad = build_align_pad_of(pad);
    b->r->layout_aligned = aligned;
    next = build_align_next_pad(b->r->layout_pad, shift);
    if (linked && shift != 0 && build_align_set_pad(pad, next) == 0)
        queued = link_library_job(b, x, s, objs, true, false, q);
done:
    free(pad);
    free(prof);
    free(plain);
    return queued;
}

/* Take the result of link job J of Q: the library in place, or the
 * instance failed with the undefined symbols or the first error. */
static void link_done(struct ib *ib, const struct link_queue *q, size_t j)
{
    struct ib *b = &ib[q->owner[j]];
    const struct job *job = &q->jobs[j];
    char *log = xasprintf("%s/build.log", b->i->build),
         *entry = build_log_entry(&job->argv, job->output);
    char *tmp = xasprintf("%s.tmp", q->targets[j]), *stamp = xasprintf("%s.cmd", q->targets[j]);
    char *undefined;

    build_log(log, entry, false);
    if (job->status == 0 && rename(tmp, q->targets[j]) == 0) {
        file_replace(stamp, q->keys[j]);
    } else {
        unlink(tmp);
        unlink(stamp);
        undefined = build_undefined(job->output);
        if (b->active && undefined != NULL) {
            build_fail(b, xasprintf("link failed: undefined symbol %s; see %s", undefined, log));
        } else if (b->active) {
            char *first = build_first_error(job->output, b->i->build);

            build_fail(b, xasprintf("link failed: %s; see %s", first, log));
            free(first);
        }
        free(undefined);
    }
    free(tmp);
    free(stamp);
    free(entry);
    free(log);
}

/* Run the link jobs of Q and take their results into IB; Q emptied.  0,
 * or -1 when a signal stopped them. */
static int link_run(struct ib *ib, struct link_queue *q, const struct build_settings *s)
{
    int rc = jobs_run(q->jobs, q->n, s->jobs);

    for (size_t j = 0; rc == 0 && j < q->n; j++)
        link_done(ib, q, j);
    link_queue_free(q);
    return rc;
}

/* Link the libraries of the instances of IB[N]. */
int build_link(struct ib *ib, size_t n, const struct build_settings *s)
{
    struct strlist *objs = calloc(n + 1, sizeof *objs),
                   *functions = calloc(n + 1, sizeof *functions);
    bool *linked = calloc(n + 1, sizeof *linked);
    struct link_queue q = {0};
    int rc;

    if (objs == NULL || functions == NULL || linked == NULL)
        abort();
    /* the DRNG global first: the links need its object */
    for (size_t x = 0; x < n; x++)
        if (ib[x].active) {
            link_objects(&ib[x], &objs[x]);
            link_drng_global(&ib[x], x, s, &q, &objs[x]);
        }
    rc = jobs_run(q.jobs, q.n, s->jobs);
    for (size_t j = 0; rc == 0 && j < q.n; j++)
        link_drng_done(ib, &q, j);
    link_queue_free(&q);
    for (size_t x = 0; rc == 0 && x < n; x++)
        linked[x] = link_libraries(&ib[x], x, s, &objs[x], &q);
    if (rc == 0)
        rc = link_run(ib, &q, s);
    /* then the profiled library again where its code lies elsewhere, and
     * the layout read once more where it was linked again */
    for (size_t x = 0; rc == 0 && x < n; x++) {
        if (ib[x].active)
            link_functions(&ib[x], &objs[x], &functions[x]);
        linked[x] = link_align(&ib[x], x, s, &objs[x], &functions[x], linked[x], &q);
    }
    if (rc == 0 && q.n > 0) {
        rc = link_run(ib, &q, s);
        for (size_t x = 0; rc == 0 && x < n; x++)
            if (linked[x])
                link_align(&ib[x], x, s, &objs[x], &functions[x], false, &q);
    }
    link_queue_free(&q);
    for (size_t x = 0; x < n; x++) {
        strlist_free(&objs[x]);
        strlist_free(&functions[x]);
    }
    free(linked);
    free(functions);
    free(objs);
    return rc;
}

/* The compile database of B's library: the command of each of its
 * sources as it was compiled, the package's file named (so that an
 * editor opening it finds its command), in the folder the compilers ran
 * in (this process's, absolute: a build folder given relative leaves
 * relative paths in the commands). */
static json_t *link_compile_db(const struct ib *b, const struct build_settings *s)
{
    json_t *db = json_array();
    char *cwd = getcwd(NULL, 0);

    for (size_t k = 0; k < b->i->set.nsources; k++) {
        const struct plan_source *src = &b->i->set.sources[k];
        char *obj = xasprintf("%s/%s/obj/%s", b->i->build, b->mode, src->obj);
        char *file = strncmp(src->obj, "+shared/", 8) == 0
                         ? xstrdup(src->path)
                         : xasprintf("%s/%s", b->i->folder, src->name);
        struct strlist argv = {0};
        json_t *args = json_array();

        if (strlist_has(&b->r->f.library, src->name)) {
            build_compile_argv(s, b->i, b->mode, b->level, src, obj, &argv);
            for (size_t w = 0; w < argv.n; w++)
                json_array_append_new(
                    args, json_string(strcmp(argv.v[w], src->path) == 0 ? file : argv.v[w]));
            json_array_append_new(db, json_pack("{s:s, s:s, s:o, s:s}", "directory",
                                                cwd != NULL ? cwd : b->i->build, "file", file,
                                                "arguments", args, "output", obj));
        } else {
            json_decref(args);
        }
        strlist_free(&argv);
        free(file);
        free(obj);
    }
    free(cwd);
    return db;
}

/* Write the document DOC into PATH, B failed when it cannot be. */
static void link_write_json(struct ib *b, const char *path, json_t *doc)
{
    char *text = json_dumps(doc, JSON_INDENT(2)),
         *line = text != NULL ? xasprintf("%s\n", text) : NULL;

    if (line == NULL || file_replace(path, line) != 0)
        build_fail(b, xasprintf("%s: %s", path, strerror(errno)));
    free(line);
    free(text);
}

/* Write B's build.json and compile_commands.json. */
void build_write_record(const struct plan *p, struct ib *b, const struct build_settings *s)
{
    struct strlist objs = {0}, srcs = {0};
    char *dir = xasprintf("%s/%s/obj", b->i->build, b->mode),
         *path = xasprintf("%s/build.json", b->i->build),
         *db = xasprintf("%s/compile_commands.json", b->i->build);
    json_t *coverage, *doc;

    link_objects(b, &objs);
    for (size_t k = 0; k < b->i->set.nsources; k++)
        if (strlist_has(&b->r->f.library, b->i->set.sources[k].name))
            strlist_add(&srcs, b->i->set.sources[k].name);
    coverage = audit_coverage_of(dir, objs.v, srcs.v, objs.n);
    if (coverage == NULL) {
        build_fail(b, xasprintf("the coverage audit could not read the objects in %s", dir));
    } else {
        doc = build_record(p, b->i, b->r, s, coverage);
        link_write_json(b, path, doc);
        json_decref(doc);
        json_decref(coverage);
        doc = link_compile_db(b, s);
        link_write_json(b, db, doc);
        json_decref(doc);
    }
    strlist_free(&objs);
    strlist_free(&srcs);
    free(db);
    free(dir);
    free(path);
}
