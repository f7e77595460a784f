/* build-record.c - build.json, what the driver records about the build of
 * an instance, and the plan as `iccsprof plan` prints it. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build/build.h"
#include "util/strlist.h"
#include "util/terminal.h"

/* qsort order of excluded files: by file, then reason. */
static int record_excluded_cmp(const void *a, const void *b)
{
    const struct plan_excluded *x = a, *y = b;
    int c = strcmp(x->file, y->file);

    return c != 0 ? c : strcmp(x->reason, y->reason);
}

/* The excluded files of I built as R, sorted: the descriptor's, the
 * programs, and the programs that do not compile. */
static struct plan_excluded *record_excluded(const struct plan_instance *i,
                                             const struct build_result *r, size_t *n)
{
    size_t cap = i->set.nexcluded + r->f.programs.n + r->left_out.n + 1;
    struct plan_excluded *e = xmalloc(cap * sizeof *e);

    *n = 0;
    for (size_t k = 0; k < i->set.nexcluded; k++)
        e[(*n)++] = i->set.excluded[k];
    for (size_t k = 0; k < r->f.programs.n; k++)
        e[(*n)++] = (struct plan_excluded){r->f.programs.v[k], "defines main"};
    for (size_t k = 0; k < r->left_out.n; k++)
        e[(*n)++] = (struct plan_excluded){r->left_out.v[k], "defines main, does not compile"};
    qsort(e, *n, sizeof *e, record_excluded_cmp);
    return e;
}

/* The notes of I built as R: what the build resolved by itself. */
static void record_notes(const struct plan_instance *i, const struct build_result *r,
                         struct strlist *notes)
{
    strlist_extend(notes, &i->set.notes);
    for (size_t k = 0; k < i->dangling.n; k++)
        strlist_addf(notes, "a link to nothing: %s", i->dangling.v[k]);
    if (r->level != NULL)
        strlist_addf(notes,
                     "level macro -D%s (from %s): the sources need one and the descriptor "
                     "gives none",
                     r->level, r->level_from);
    for (size_t k = 0; k < r->left_out.n; k++)
        strlist_addf(notes, "left out %s, a program that does not compile: %s", r->left_out.v[k],
                     r->left_out_why.v[k]);
    if (r->layout_why != NULL)
        strlist_addf(notes,
                     "the profiled library's layout was not compared with the plain one's: %s",
                     r->layout_why);
}

/* The build.json document of instance I built as R. */
json_t *build_record(const struct plan *p, const struct plan_instance *i,
                     const struct build_result *r, const struct build_settings *s, json_t *coverage)
{
    json_t *doc = json_object(), *sources = json_array(), *excluded = json_array(),
           *notes = json_array();
    struct strlist n = {0};
    struct plan_excluded *e;
    size_t ne;
    bool lenient = strcmp(r->mode, "lenient") == 0;

    for (size_t k = 0; k < r->f.library.n; k++)
        json_array_append_new(sources, json_string(r->f.library.v[k]));
    e = record_excluded(i, r, &ne);
    for (size_t k = 0; k < ne; k++)
        json_array_append_new(excluded,
                              json_pack("{s:s, s:s}", "file", e[k].file, "reason", e[k].reason));
    free(e);
    record_notes(i, r, &n);
    for (size_t k = 0; k < n.n; k++)
        json_array_append_new(notes, json_string(n.v[k]));
    strlist_free(&n);
    json_object_set_new(doc, "scheme", json_string(p->scheme));
    json_object_set_new(doc, "algorithm", json_string(i->algorithm));
    json_object_set_new(doc, "instance", json_string(i->name));
    json_object_set_new(doc, "implementation", json_string(p->impl));
    json_object_set_new(doc, "source_dir", json_string(i->folder));
    if (p->archive != NULL)
        json_object_set_new(
            doc, "archive",
            json_pack("{s:s, s:s, s:b, s:s}", "name",
                      strrchr(p->archive, '/') != NULL ? strrchr(p->archive, '/') + 1 : p->archive,
                      "sha256", p->archive_sha256, "official", p->archive_official, "verdict",
                      p->archive_verdict));
    json_object_set_new(doc, "described", json_string(i->set.described));
    json_object_set_new(doc, "compiler", json_string(s->compiler));
    json_object_set_new(doc, "cflags", json_string(r->cflags));
    json_object_set_new(doc, "fallback", lenient ? json_string(s->lenient_cflags) : json_null());
    json_object_set_new(doc, "drng_global",
                        r->f.drng_global != NULL ? json_string(r->f.drng_global) : json_null());
    json_object_set_new(doc, "sources", sources);
    json_object_set_new(doc, "excluded", excluded);
    json_object_set(doc, "coverage", coverage);
    json_object_set_new(
        doc, "profiled_layout",
        r->layout_known ? json_pack("{s:i, s:i, s:f}", "line_bytes", BUILD_ALIGN_LINE, "pad_bytes",
                                    (int)r->layout_pad, "aligned_code_share", r->layout_aligned)
                        : json_null());
    json_object_set_new(doc, "notes", notes);
    return doc;
}

/* One line of the printed plan. */
static void show_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Print one line of the plan with its control characters as \xNN,
 * wherever standard output goes: the names in it are a package's, which
 * may hold any byte, and a listing saved to a file or piped to a pager
 * reaches a terminal in the end. */
static void show_line(const char *fmt, ...)
{
    va_list ap;
    char *text, *shown;

    va_start(ap, fmt);
    text = xvasprintf(fmt, ap);
    va_end(ap);
    shown = text_for_terminal(text, "");
    puts(shown);
    free(shown);
    free(text);
}

/* One row of the printed plan. */
static void show_row(const char *key, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Print "  KEY  VALUE" (show_line). */
static void show_row(const char *key, const char *fmt, ...)
{
    va_list ap;
    char *value;

    va_start(ap, fmt);
    value = xvasprintf(fmt, ap);
    va_end(ap);
    show_line("  %-12s %s", key, value);
    free(value);
}

/* Print the flags rows of instance I with its result R. */
static void show_flags(const struct build_settings *s, const struct plan_instance *i,
                       const struct build_result *r)
{
    bool lenient = r->mode != NULL && strcmp(r->mode, "lenient") == 0;

    struct strlist defines = {0};
    char *flags;

    if (i->conf_flags.n > 0) {
        flags = strlist_join(&i->conf_flags, " ");
        show_row("scheme.conf", "%s", flags);
        free(flags);
    }
    build_package_defines(i, &defines);
    if (defines.n > 0) {
        flags = strlist_join(&defines, " ");
        show_row("build file", "%s", flags);
        free(flags);
    }
    strlist_free(&defines);
    show_row("flags", "%s: %s", lenient ? "lenient" : "guide", r->cflags != NULL ? r->cflags : "");
    if (strcmp(i->lenient, "yes") == 0)
        show_row("fallback", "always (lenient = yes)");
    else if (strcmp(i->lenient, "no") == 0)
        show_row("fallback", "never (lenient = no)");
    else if (lenient)
        show_row("fallback", "used: the guide flags failed");
    else
        show_row("fallback", "when the guide flags fail: %s", s->lenient_cflags);
}

/* Print what the objects of instance I say (R): the DRNG global, the
 * helpers to wrap, the API. */
static void show_findings(const struct plan_instance *i, const struct build_result *r)
{
    char *wraps;

    if (!r->analysed || r->f.errors.n > 0)
        return;
    wraps = strlist_join(&r->f.wraps, " ");
    if (r->f.drng_file != NULL)
        show_row("drng_global", "%s (defined in %s)", r->f.drng_global, r->f.drng_file);
    else if (r->f.drng_user != NULL && i->set.from_build_file)
        show_row("drng_global", "%s (compiled with the flags of %s, which uses it)",
                 r->f.drng_global, r->f.drng_user);
    else
        show_row("drng_global", "%s",
                 r->f.drng_global != NULL ? r->f.drng_global
                                          : "none (the library does not use drng_algorithm)");
    show_row("wrap", "%s", r->f.wraps.n > 0 ? wraps : "none");
    if (r->f.type != NULL)
        show_row("type", "%s (%s in %s)", r->f.type, r->f.type_entry, r->f.type_file);
    else
        show_row("type", "%s", i->type[0] != '\0' ? i->type : "none");
    free(wraps);
}

/* Print the sources, include folders and excluded files of I (R). */
static void show_files(const struct plan_instance *i, const struct build_result *r)
{
    struct plan_excluded *e;
    size_t ne;

    for (size_t k = 0; k < i->set.nsources; k++)
        if (!strlist_has(&r->f.programs, i->set.sources[k].name) || !r->analysed)
            show_row("source", "%s", i->set.sources[k].name);
    for (size_t k = 0; k < i->set.incdirs.n; k++)
        show_row("include", "%s", i->set.incdirs.v[k]);
    for (size_t k = 0; k < i->set.shared_incdirs.n; k++)
        show_row("include", "%s", i->set.shared_incdirs.v[k]);
    e = record_excluded(i, r, &ne);
    for (size_t k = 0; k < ne; k++)
        show_row("excluded", "%s (%s)", e[k].file, e[k].reason);
    free(e);
    if (!r->analysed)
        show_row("excluded", "files defining main: not known, the sources did not compile");
}

/* Whether source NAME is among those of SET. */
static bool show_has_source(const struct plan_source_set *set, const char *name)
{
    for (size_t k = 0; k < set->nsources; k++)
        if (strcmp(set->sources[k].name, name) == 0)
            return true;
    return false;
}

/* Print how the other source set of I (the build file's, or the
 * autodetected one) differs from the one built: a user sees what the
 * fallback changed, or would change. */
static void show_other_sources(const struct plan_instance *i)
{
    const struct plan_source_set *o = i->other;

    if (o == NULL)
        return;
    show_row("other set", "%s", o->described);
    for (size_t k = 0; k < o->nsources; k++)
        if (!show_has_source(&i->set, o->sources[k].name))
            show_row("  only there", "%s", o->sources[k].name);
    for (size_t k = 0; k < i->set.nsources; k++)
        if (!show_has_source(o, i->set.sources[k].name))
            show_row("  only here", "%s", i->set.sources[k].name);
}

/* Print the block of instance I with its result R. */
static void show_instance(const struct build_settings *s, const struct plan_instance *i,
                          const struct build_result *r)
{
    struct strlist notes = {0};

    putchar('\n');
    show_line("instance %s", i->name);
    show_row("folder", "%s", i->folder);
    show_row("named", "%s", i->named);
    show_row("algorithm", "%s (%s)", i->algorithm, i->algorithm_from);
    show_row("described", "%s", i->set.described);
    show_files(i, r);
    show_other_sources(i);
    show_flags(s, i, r);
    show_findings(i, r);
    record_notes(i, r, &notes);
    for (size_t k = 0; k < notes.n; k++)
        show_row("note", "%s", notes.v[k]);
    strlist_free(&notes);
    show_row("build", "%s", i->build);
    if (!r->ok) {
        const char *m = r->message != NULL ? r->message : "not analysed";

        while (*m != '\0') {
            size_t len = strcspn(m, "\n");

            show_row("error", "%.*s", (int)len, m);
            m += len + (m[len] == '\n');
        }
    }
}

/* Print the plan of P with the results R. */
int build_show_plan(const struct plan *p, const struct build_settings *s,
                    const struct build_result *r)
{
    int status = 0;

    show_line("scheme %s", p->scheme);
    show_row("package", "%s", p->package);
    if (p->official != NULL)
        show_row("submission", "%s %s", p->scheme, p->official);
    if (p->archive != NULL)
        show_row("archive", "%s (%s)",
                 strrchr(p->archive, '/') != NULL ? strrchr(p->archive, '/') + 1 : p->archive,
                 p->archive_verdict);
    show_row("descriptor", "%s", p->descriptor != NULL ? p->descriptor : "none (autodetected)");
    show_line("  implementation %s", p->impl);
    for (size_t k = 0; k < p->notes.n; k++)
        show_row("note", "%s", p->notes.v[k]);
    for (size_t x = 0; x < p->n; x++) {
        show_instance(s, &p->inst[x], &r[x]);
        if (!r[x].ok)
            status = 1;
    }
    return status;
}
