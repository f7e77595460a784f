/* build.c - building the instances of a plan, all of them side by side,
 * as a pipeline of stages: compile (guide flags, a level macro when one
 * is missing), decide per instance (the lenient flags when the guide
 * ones fail), compile again, read the objects, link plain and profiled
 * (build-link.c), write build.json.  Every file is remade only when what
 * it is made from changed: objects by their -MMD dependencies and a
 * stamp of their command (build-compile.c), libraries by their objects
 * and command. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "util/build-files.h"
#include "build/build-stages.h"

/* Seconds of CLOCK_MONOTONIC. */
static double build_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Switch B to MODE. */
static void build_set_mode(struct ib *b, const char *mode)
{
    free(b->mode);
    b->mode = xstrdup(mode);
    free(b->r->mode);
    b->r->mode = xstrdup(mode);
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

/* The instances of P being built into R, each in its first mode, its
 * build folder prepared and its remembered level read. */
static struct ib *build_begin(const struct plan *p, struct build_result *r)
{
    struct ib *ib = calloc(p->n + 1, sizeof *ib);

    if (ib == NULL)
        abort();
    for (size_t x = 0; x < p->n; x++) {
        struct ib *b = &ib[x];

        memset(&r[x], 0, sizeof r[x]);
        b->i = &p->inst[x];
        b->r = &r[x];
        b->active = true;
        b->failed = calloc(b->i->set.nsources + 1, sizeof *b->failed);
        b->output = calloc(b->i->set.nsources + 1, sizeof *b->output);
        if (b->failed == NULL || b->output == NULL)
            abort();
        build_set_mode(b, strcmp(b->i->lenient, "yes") == 0 ? "lenient" : "guide");
        build_newest(b);
        if (build_prepare(b) == 0)
            build_remembered_level(b);
    }
    return ib;
}

/* After the guide compilation, instance B (of P): on to the lenient flags
 * when the guide ones fail (a source, or zero-filled globals that need
 * -fcommon), unless its descriptor says never. */
static void build_guide_verdict(const struct plan *p, struct ib *b)
{
    if (build_first_failure(b) >= 0) {
        char *why = build_failure_reason(b, p->conf_hint);

        b->guide_why = xasprintf("%s; see %s/guide.log", why, b->i->build);
        free(why);
        if (strcmp(b->i->lenient, "no") == 0)
            build_fail(b, xasprintf("compilation failed under the guide flags (lenient = no): %s",
                                    b->guide_why));
        else
            build_set_mode(b, "lenient");
        return;
    }
    build_read_objects(b, p->conf_hint);
    if (b->r->f.needs_common == NULL)
        return;
    if (strcmp(b->i->lenient, "no") == 0) {
        build_fail(b, strlist_join(&b->r->f.errors, "\n"));
    } else {
        b->guide_why = xasprintf("zero-filled globals defined in several files, %s, need -fcommon",
                                 b->r->f.needs_common);
        build_set_mode(b, "lenient");
    }
}

/* After the last compilation, instance B (of P): failed with the first
 * error, or its objects read (programs left out, warnings counted). */
static void build_final_verdict(const struct plan *p, struct ib *b)
{
    if (build_first_failure(b) >= 0) {
        char *why = build_failure_reason(b, p->conf_hint);

        build_fail(b, xasprintf("compilation failed under the %s flags: %s; see %s/build.log",
                                strcmp(b->mode, "guide") == 0       ? "guide"
                                : strcmp(b->i->lenient, "yes") == 0 ? "lenient"
                                                                    : "guide and the lenient",
                                why, b->i->build));
        free(why);
        return;
    }
    build_read_objects(b, p->conf_hint);
    build_note_left_out(b);
    build_count_warnings(b);
    if (b->r->f.errors.n > 0)
        build_fail(b, strlist_join(&b->r->f.errors, "\n"));
}

/* Compile the instances of IB[N]: the guide flags (a level macro where
 * one is missing, then everything again with it), each instance's
 * verdict, the lenient flags where it fell back, the final verdicts.
 * -1 when a signal stopped it. */
static int build_compile_all(const struct plan *p, struct ib *ib, const struct build_settings *s)
{
    if (build_compile(ib, p->n, s) != 0 || build_try_levels(ib, p->n, s) != 0 ||
        build_compile(ib, p->n, s) != 0)
        return -1;
    for (size_t x = 0; x < p->n; x++)
        if (ib[x].active && strcmp(ib[x].mode, "guide") == 0)
            build_guide_verdict(p, &ib[x]);
    if (build_compile(ib, p->n, s) != 0)
        return -1;
    for (size_t x = 0; x < p->n; x++)
        if (ib[x].active)
            build_final_verdict(p, &ib[x]);
    return 0;
}

/* The outcome of instance B of P: its flags, build.json (or none, when
 * it failed: nothing may profile stale libraries), its message. */
static void build_finish(const struct plan *p, struct ib *b, const struct build_settings *s,
                         double start)
{
    struct strlist flags = {0};

    build_flags(s, b->i, b->mode, b->level, &flags);
    build_package_defines(b->i, &flags);
    b->r->cflags = strlist_join(&flags, " ");
    strlist_free(&flags);
    if (b->active && s->link)
        build_write_record(p, b, s);
    if (b->active) {
        b->r->ok = true;
        b->r->message = s->link ? build_outcome(b) : xstrdup("planned");
    } else if (s->link) {
        char *json = xasprintf("%s/build.json", b->i->build);

        unlink(json);
        free(json);
    }
    b->r->seconds = build_now() - start;
}

/* Free the instances being built IB[N]. */
static void build_end(struct ib *ib, size_t n)
{
    for (size_t x = 0; x < n; x++) {
        for (size_t k = 0; k < ib[x].i->set.nsources; k++)
            free(ib[x].output[k]);
        free(ib[x].output);
        free(ib[x].failed);
        free(ib[x].mode);
        free(ib[x].level);
        free(ib[x].guide_why);
    }
    free(ib);
}

/* Build every instance of P into R, as their plans say. */
static int build_pass(const struct plan *p, const struct build_settings *s, struct build_result *r)
{
    double start = build_now();
    struct ib *ib = build_begin(p, r);
    int rc = build_compile_all(p, ib, s);

    if (rc == 0 && s->link)
        rc = build_link(ib, p->n, s);
    for (size_t x = 0; rc == 0 && x < p->n; x++)
        build_finish(p, &ib[x], s, start);
    build_end(ib, p->n);
    return rc;
}

/* Instance I of P, whose build file's sources failed as R says, switched
 * to the sources the planner detected on its own, which say why; the
 * failed build's log kept as build-file.log, where the reason points. */
static void build_take_autodetected(struct plan_instance *i, const struct build_result *r)
{
    char *log = xasprintf("%s/build.log", i->build),
         *kept = xasprintf("%s/build-file.log", i->build),
         *why = xasprintf("%.*s", (int)strcspn(r->message, "\n"), r->message), *at, *described;

    if (rename(log, kept) == 0 && (at = strstr(why, log)) != NULL) {
        described = xasprintf("%.*s%s%s", (int)(at - why), why, kept, at + strlen(log));
        free(why);
        why = described;
    }
    free(log);
    free(kept);
    plan_swap_sources(i);
    described = xasprintf("%s (%s did not build: %s)", i->set.described, i->other->described, why);
    free(i->set.described);
    i->set.described = described;
    free(why);
}

/* Build again, from the sources the planner detected on its own, each
 * instance of P whose build file's sources did not build (R): never
 * worse than not reading the build files.  The results replace those in
 * R where they built. */
static int build_fallback(struct plan *p, const struct build_settings *s, struct build_result *r)
{
    struct plan q = *p;
    struct build_result *qr;
    size_t *at = calloc(p->n + 1, sizeof *at);
    int rc;

    q.inst = calloc(p->n + 1, sizeof *q.inst);
    qr = calloc(p->n + 1, sizeof *qr);
    if (at == NULL || q.inst == NULL || qr == NULL)
        abort();
    q.n = 0;
    for (size_t x = 0; x < p->n; x++)
        if (!r[x].ok && p->inst[x].other != NULL && p->inst[x].set.from_build_file) {
            build_take_autodetected(&p->inst[x], &r[x]);
            at[q.n] = x;
            q.inst[q.n++] = p->inst[x];
        }
    rc = q.n > 0 ? build_pass(&q, s, qr) : 0;
    for (size_t k = 0; k < q.n; k++) {
        size_t x = at[k];

        if (rc == 0 && qr[k].ok) {
            plan_note("%s: the build file's sources did not build; the autodetected ones did",
                      p->inst[x].name);
            build_results_free(&r[x], 1);
            r[x] = qr[k];
        } else {
            /* the failure shown is the build file's; its plan is put back */
            const char *m = qr[k].message != NULL ? qr[k].message : "interrupted";
            char *both = xasprintf("%s\nthe autodetected sources did not build either: %.*s",
                                   r[x].message, (int)strcspn(m, "\n"), m);

            free(r[x].message);
            r[x].message = both;
            plan_swap_sources(&p->inst[x]);
            build_results_free(&qr[k], 1);
        }
    }
    free(q.inst);
    free(qr);
    free(at);
    return rc;
}

/* Build every instance of P into R. */
int build_all(struct plan *p, const struct build_settings *s, struct build_result *r)
{
    int rc = build_pass(p, s, r);

    return rc == 0 ? build_fallback(p, s, r) : rc;
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
        free(r[x].layout_why);
        strlist_free(&r[x].left_out);
        strlist_free(&r[x].left_out_why);
        strlist_free(&r[x].notes);
        build_findings_free(&r[x].f);
    }
}
