/* plan.c - the build plan of a scheme package, from the options, the
 * descriptor and the package's files.  Nothing is written: the build
 * (build.c) makes the folders the plan names. */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd.h"
#include "plan.h"

/* An instance as found, before selection. */
struct found {
    char *name, *folder, *named, *ai;
};

/* Print "profile: MESSAGE" on stderr. */
void plan_say(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    cmd_vmessage("profile: ", fmt, ap);
    va_end(ap);
}

/* Print progress "profile: MESSAGE" on stderr, unless quiet. */
void plan_note(const char *fmt, ...)
{
    va_list ap;

    if (cmd_verbosity == CMD_QUIET)
        return;
    va_start(ap, fmt);
    cmd_vmessage("profile: ", fmt, ap);
    va_end(ap);
}

/* Refuse link-time optimization flags in WORDS. */
int plan_check_lto(const char *where, const char *words)
{
    struct strlist w = {0};
    int rc = 0;

    strlist_add_words(&w, words);
    for (size_t i = 0; i < w.n && rc == 0; i++)
        if (strncmp(w.v[i], "-flto", 5) == 0 || strncmp(w.v[i], "-fwhopr", 7) == 0) {
            plan_say("%s: %s is refused: the profiled build wraps the helpers at link time, and "
                     "link-time optimization can resolve their calls where --wrap never sees them",
                     where, w.v[i]);
            rc = -1;
        }
    strlist_free(&w);
    return rc;
}

/* Whether DIR is a folder. */
static bool plan_is_dir(const char *dir)
{
    struct stat st;

    return stat(dir, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The real path of DIR, newly allocated, or NULL. */
static char *plan_real(const char *dir)
{
    char *r = realpath(dir, NULL);

    return r;
}

/* Whether S holds a tab or a line break, which no message or record line
 * could show as it is. */
static bool plan_unprintable(const char *s)
{
    return strpbrk(s, "\t\n\r") != NULL;
}

/* S with tabs and line breaks shown as \t \n \r, newly allocated. */
static char *plan_escaped(const char *s)
{
    char *out = xmalloc(2 * strlen(s) + 1), *p = out;

    for (; *s != '\0'; s++) {
        if (*s == '\t' || *s == '\n' || *s == '\r') {
            *p++ = '\\';
            *p++ = *s == '\t' ? 't' : *s == '\n' ? 'n' : 'r';
        } else {
            *p++ = *s;
        }
    }
    *p = '\0';
    return out;
}

/* Whether ID is a valid scheme id. */
static bool plan_valid_id(const char *id)
{
    if (id[0] == '\0' || id[0] == '.')
        return false;
    for (const char *p = id; *p != '\0'; p++)
        if (!isalnum((unsigned char)*p) && strchr("._+-", *p) == NULL)
            return false;
    return true;
}

/* NAME as a file name: letters, digits and . _ + - kept, the rest '_',
 * and no leading '.' (a hidden file no report would list). */
static char *plan_file_name(const char *name)
{
    char *n = xstrdup(name);

    for (char *p = n; *p != '\0'; p++)
        if (!isalnum((unsigned char)*p) && strchr("._+-", *p) == NULL)
            *p = '_';
    if (n[0] == '.')
        n[0] = '_';
    return n;
}

/* The ALGORITHM_INSTANCE values the headers of DIR define: each distinct
 * value once into VALUES, the header of the first into FIRST. */
static void plan_algorithm_instance(const char *dir, struct strlist *values, char **first)
{
    struct strlist headers = {0};
    regex_t re;
    regmatch_t m[2];

    *first = NULL;
    regcomp(
        &re,
        "^[[:space:]]*#[[:space:]]*define[[:space:]]+ALGORITHM_INSTANCE[[:space:]]+\"([^\"]*)\"",
        REG_EXTENDED);
    plan_list_files(dir, ".h", &headers);
    for (size_t h = 0; h < headers.n; h++) {
        char *path = xasprintf("%s/%s", dir, headers.v[h]), line[1024];
        FILE *f = fopen(path, "r");

        while (f != NULL && fgets(line, sizeof line, f) != NULL)
            if (regexec(&re, line, 2, m, 0) == 0) {
                char *v = strndup(line + m[1].rm_so, (size_t)(m[1].rm_eo - m[1].rm_so));

                if (*first == NULL)
                    *first = xstrdup(headers.v[h]);
                if (v != NULL && !strlist_has(values, v))
                    strlist_add(values, v);
                free(v);
            }
        if (f != NULL)
            fclose(f);
        free(path);
    }
    regfree(&re);
    strlist_free(&headers);
}

/* Name the instance in folder DIR (real path) into F. */
static void plan_name_instance(const char *dir, struct found *f)
{
    struct strlist values = {0};
    char *first;
    const char *base = strrchr(dir, '/') != NULL ? strrchr(dir, '/') + 1 : dir;

    plan_algorithm_instance(dir, &values, &first);
    f->folder = xstrdup(dir);
    f->ai = values.n == 1 ? xstrdup(values.v[0]) : NULL;
    if (values.n == 1) {
        f->name = xstrdup(values.v[0]);
        f->named = xasprintf("ALGORITHM_INSTANCE in %s", first);
    } else if (values.n > 1) {
        char *all = strlist_join(&values, " ");

        f->name = xstrdup(base);
        f->named = xasprintf(
            "the folder name (the headers define several ALGORITHM_INSTANCE values: %s)", all);
        free(all);
    } else {
        f->name = xstrdup(base);
        f->named = xstrdup("the folder name");
    }
    free(first);
    strlist_free(&values);
}

/* Whether DIR holds a .c file directly. */
static bool plan_has_c_here(const char *dir)
{
    struct strlist c = {0};
    bool any = false;

    plan_list_files(dir, ".c", &c);
    for (size_t i = 0; i < c.n && !any; i++)
        any = strchr(c.v[i], '/') == NULL;
    strlist_free(&c);
    return any;
}

/* Whether every .c file under DIR is a shared ICCS file (a Common/ folder
 * beside the instances, not an instance); false when there is none. */
static bool plan_only_shared(const struct strlist *c)
{
    for (size_t i = 0; i < c->n; i++)
        if (!plan_is_shared_iccs(c->v[i]) &&
            strcmp(strrchr(c->v[i], '/') != NULL ? strrchr(c->v[i], '/') + 1 : c->v[i], "sm3.c") !=
                0)
            return false;
    return c->n > 0;
}

/* Add the folders under DIR (DEPTH levels below the start) named one of
 * NAMES to ROOTS, not looking below a match. */
static void plan_walk_roots(const char *dir, const char *const *names, int depth,
                            struct strlist *roots)
{
    struct strlist entries = {0};
    DIR *d = depth < 24 ? opendir(dir) : NULL;
    struct dirent *e;

    while (d != NULL && (e = readdir(d)) != NULL)
        if (e->d_name[0] != '.')
            strlist_add(&entries, e->d_name);
    if (d != NULL)
        closedir(d);
    strlist_sort(&entries);
    for (size_t i = 0; i < entries.n; i++) {
        char *path = xasprintf("%s/%s", dir, entries.v[i]);

        if (plan_is_dir(path)) {
            bool match = false;

            for (size_t k = 0; names[k] != NULL && !match; k++)
                match = strcasecmp(entries.v[i], names[k]) == 0;
            if (match)
                strlist_add(roots, path);
            else
                plan_walk_roots(path, names, depth + 1, roots);
        }
        free(path);
    }
    strlist_free(&entries);
}

/* The implementation folders under DIR. */
void plan_find_roots(const char *dir, const char *const *names, struct strlist *roots)
{
    plan_walk_roots(dir, names, 0, roots);
}

/* Autodetect the instances of PKG into FOUND[*N]; notes into P; -1 with
 * the message printed. */
static int plan_autodetect(const char *pkg, const char *impl, struct plan *p, struct found **found,
                           size_t *n)
{
    const char *names[3] = {NULL, NULL, NULL};
    struct strlist roots = {0}, dirs = {0};
    int rc = 0;

    names[0] = strcmp(impl, "reference") == 0   ? "Reference_Implementation"
               : strcmp(impl, "optimized") == 0 ? "Optimized_Implementation"
                                                : "Additional_Implementation";
    names[1] = strcmp(impl, "reference") == 0   ? "Reference"
               : strcmp(impl, "optimized") == 0 ? "Optimized"
                                                : "Additional";
    plan_find_roots(pkg, names, &roots);
    if (roots.n == 0) {
        plan_say("%s: no folder named %s or %s (--impl %s); name the instances with instance "
                 "lines in scheme.conf",
                 pkg, names[0], names[1], impl);
        return -1;
    }
    for (size_t r = 0; r < roots.n; r++) {
        struct strlist entries = {0};
        DIR *d;
        struct dirent *e;

        if (plan_has_c_here(roots.v[r])) {
            strlist_add(&dirs, roots.v[r]);
            continue;
        }
        if ((d = opendir(roots.v[r])) != NULL) {
            while ((e = readdir(d)) != NULL)
                if (e->d_name[0] != '.')
                    strlist_add(&entries, e->d_name);
            closedir(d);
        }
        strlist_sort(&entries);
        for (size_t i = 0; i < entries.n; i++) {
            char *path = xasprintf("%s/%s", roots.v[r], entries.v[i]);
            struct strlist c = {0};

            if (plan_is_dir(path)) {
                plan_list_files(path, ".c", &c);
                if (c.n == 0)
                    strlist_addf(&p->notes, "skipped %s: no .c file", path + strlen(pkg) + 1);
                else if (plan_only_shared(&c))
                    strlist_addf(
                        &p->notes,
                        "skipped %s: only shared ICCS files (for instances that lack them)",
                        path + strlen(pkg) + 1);
                else
                    strlist_add(&dirs, path);
            }
            strlist_free(&c);
            free(path);
        }
        strlist_free(&entries);
    }
    if (dirs.n == 0) {
        char *all = strlist_join(&roots, " ");

        plan_say("%s: no instance folder with .c files under %s", pkg, all);
        free(all);
        rc = -1;
    }
    *found = xmalloc((dirs.n + 1) * sizeof **found);
    *n = 0;
    for (size_t i = 0; rc == 0 && i < dirs.n; i++) {
        char *real = plan_real(dirs.v[i]);

        if (plan_unprintable(dirs.v[i])) {
            char *shown = plan_escaped(dirs.v[i]);

            plan_say("%s: an instance folder's name holds a tab or a line break; rename the "
                     "folder, or name the instance with an instance line in scheme.conf",
                     shown);
            free(shown);
            free(real);
            rc = -1;
            break;
        }
        plan_name_instance(real != NULL ? real : dirs.v[i], &(*found)[(*n)++]);
        free(real);
    }
    strlist_free(&roots);
    strlist_free(&dirs);
    return rc;
}

/* The instances the descriptor's instance lines name; -1 with a message. */
static int plan_from_conf(const struct conf *c, const char *pkg, struct found **found, size_t *n)
{
    *found = xmalloc((c->n + 1) * sizeof **found);
    *n = 0;
    for (size_t l = 0; l < c->n; l++) {
        const struct conf_line *line = &c->lines[l];
        size_t len;
        const char *dir;
        char *path, *real;
        struct found *f;

        if (strcmp(line->key, "instance") != 0)
            continue;
        len = strcspn(line->value, " \t");
        dir = line->value + len + strspn(line->value + len, " \t");
        path = dir[0] == '/' ? xstrdup(dir) : xasprintf("%s/%s", pkg, dir);
        if (!plan_is_dir(path) || (real = plan_real(path)) == NULL) {
            plan_say("%s:%ld: instance %.*s: no folder %s", c->path, line->lineno, (int)len,
                     line->value, path);
            free(path);
            return -1;
        }
        f = &(*found)[(*n)++];
        plan_name_instance(real, f);
        free(f->name);
        free(f->named);
        f->name = strndup(line->value, len);
        f->named = xasprintf("scheme.conf line %ld", line->lineno);
        free(real);
        free(path);
    }
    return 0;
}

/* Whether the descriptor line L applies to instance NAME. */
static bool plan_applies(const struct conf_line *l, const char *key, const char *name)
{
    return strcmp(l->key, key) == 0 && (l->instance == NULL || strcmp(l->instance, name) == 0);
}

/* The folder above the first Implementations level of DIR in PKG, else
 * the package's own name when it is the package's first level, else the
 * scheme id; with where it came from. */
static void plan_algorithm(const char *pkg, const char *dir, const char *id, char **alg,
                           char **from)
{
    size_t pl = strlen(pkg);
    const char *rel = strncmp(dir, pkg, pl) == 0 && dir[pl] == '/' ? dir + pl + 1 : NULL;
    struct strlist parts = {0};

    *from = xstrdup("the scheme id");
    *alg = xstrdup(id);
    if (rel == NULL)
        return;
    for (const char *s = rel; *s != '\0';) {
        size_t n = strcspn(s, "/");
        char *part = strndup(s, n);

        strlist_add(&parts, part != NULL ? part : "");
        free(part);
        s += n + (s[n] == '/');
    }
    for (size_t i = 0; i < parts.n; i++)
        if (strcasecmp(parts.v[i], "implementations") == 0) {
            const char *base = strrchr(pkg, '/') != NULL ? strrchr(pkg, '/') + 1 : pkg;

            free(*alg);
            free(*from);
            *alg = xstrdup(i > 0 ? parts.v[i - 1] : base);
            *from = xstrdup("the folder above Implementations");
            break;
        }
    strlist_free(&parts);
}

/* Add a source to I. */
static void plan_add_source(struct plan_instance *i, const char *name, const char *path,
                            const char *obj)
{
    struct plan_source *s;
    size_t len = strlen(obj);

    i->sources = realloc(i->sources, (i->nsources + 1) * sizeof *i->sources);
    if (i->sources == NULL)
        abort();
    s = &i->sources[i->nsources++];
    s->name = xstrdup(name);
    s->path = xstrdup(path);
    s->obj = xasprintf("%.*s.o", (int)(len >= 2 ? len - 2 : len), obj);
}

/* Add an excluded file to I. */
static void plan_add_excluded(struct plan_instance *i, const char *file, const char *reason)
{
    i->excluded = realloc(i->excluded, (i->nexcluded + 1) * sizeof *i->excluded);
    if (i->excluded == NULL)
        abort();
    i->excluded[i->nexcluded].file = xstrdup(file);
    i->excluded[i->nexcluded++].reason = xstrdup(reason);
}

/* Whether NAME is a C source. */
static bool plan_ends_with_c(const char *name)
{
    size_t n = strlen(name);

    return n >= 2 && strcmp(name + n - 2, ".c") == 0;
}

/* Take the shared ICCS files instance I lacks from elsewhere in the
 * package (ALL: its .c and .h files, relative to PKG): a Common/ folder
 * first, else the nearest copy. */
static void plan_take_shared(const char *pkg, const struct strlist *all, const struct strlist *have,
                             struct plan_instance *i)
{
    static const char *const files[] = {"drng.c", "drng.h", "auxfunc.c", "auxfunc.h", NULL};
    size_t inlen = strlen(i->folder) - strlen(pkg) - 1;
    const char *inrel = strlen(i->folder) > strlen(pkg) ? i->folder + strlen(pkg) + 1 : "";

    for (int f = 0; files[f] != NULL; f++) {
        const char *best = NULL;
        bool best_common = false;

        for (size_t h = 0; h < have->n; h++)
            if (strcmp(strrchr(have->v[h], '/') != NULL ? strrchr(have->v[h], '/') + 1 : have->v[h],
                       files[f]) == 0)
                goto next;
        for (size_t a = 0; a < all->n; a++) {
            const char *base =
                strrchr(all->v[a], '/') != NULL ? strrchr(all->v[a], '/') + 1 : all->v[a];
            bool common;
            char *lower;

            if (strcmp(base, files[f]) != 0 ||
                (inlen > 0 && strncmp(all->v[a], inrel, inlen) == 0 && all->v[a][inlen] == '/'))
                continue;
            lower = plan_file_name(all->v[a]);
            for (char *p = lower; *p != '\0'; p++)
                *p = (char)tolower((unsigned char)*p);
            common = strncmp(lower, "common/", 7) == 0 || strstr(lower, "/common/") != NULL;
            free(lower);
            if (best == NULL || (common && !best_common) ||
                (common == best_common && strlen(all->v[a]) < strlen(best)))
                best = all->v[a], best_common = common;
        }
        if (best != NULL) {
            char *path = xasprintf("%s/%s", pkg, best), *dir = xstrdup(path);

            *strrchr(dir, '/') = '\0';
            if (plan_ends_with_c(best)) {
                char *obj = xasprintf("+shared/%s", best);

                plan_add_source(i, best, path, obj);
                free(obj);
            } else if (!strlist_has(&i->shared_incdirs, dir)) {
                strlist_add(&i->shared_incdirs, dir);
            }
            strlist_addf(&i->notes, "%s taken from %s (the instance folder has none)", files[f],
                         best);
            free(path);
            free(dir);
        }
    next:;
    }
}

/* Sources, headers, include folders and exclusions of instance I; the
 * numbers of the descriptor lines that excluded something go to USED. */
static int plan_files(const struct conf *c, struct plan_instance *i, struct strlist *used)
{
    struct strlist all = {0};

    plan_list_files(i->folder, ".c", &all);
    plan_list_files(i->folder, ".h", &i->headers);
    for (size_t h = 0; h < i->headers.n; h++) {
        char *dir = xstrdup(i->headers.v[h]), *slash = strrchr(dir, '/');

        if (slash != NULL)
            *slash = '\0';
        if (!strlist_has(&i->incdirs, slash != NULL ? dir : "."))
            strlist_add(&i->incdirs, slash != NULL ? dir : ".");
        free(dir);
    }
    /* the instance folder first, then the others in name order */
    strlist_sort(&i->incdirs);
    for (size_t d = 0; d < i->incdirs.n; d++)
        if (strcmp(i->incdirs.v[d], ".") == 0 && d > 0) {
            char *dot = i->incdirs.v[d];

            memmove(i->incdirs.v + 1, i->incdirs.v, d * sizeof *i->incdirs.v);
            i->incdirs.v[0] = dot;
        }
    for (size_t s = 0; s < all.n; s++) {
        const struct conf_line *why = NULL;

        if (plan_unprintable(all.v[s]) || plan_unprintable(i->folder)) {
            char *shown = plan_escaped(all.v[s]);

            plan_say("instance %s: the file name '%s' holds a tab or a line break; exclude it in "
                     "scheme.conf if the library does not need it",
                     i->name, shown);
            free(shown);
            strlist_free(&all);
            return -1;
        }
        for (size_t l = 0; c != NULL && l < c->n; l++)
            if (plan_applies(&c->lines[l], "exclude", i->name) &&
                fnmatch(c->lines[l].value, all.v[s], 0) == 0) {
                char num[32];

                snprintf(num, sizeof num, "%ld", c->lines[l].lineno);
                if (!strlist_has(used, num))
                    strlist_add(used, num);
                if (why == NULL)
                    why = &c->lines[l];
            }
        if (why != NULL) {
            char *reason = xasprintf("scheme.conf line %ld: exclude = %s", why->lineno, why->value);

            plan_add_excluded(i, all.v[s], reason);
            free(reason);
        } else {
            char *path = xasprintf("%s/src/%s", i->build, all.v[s]);

            plan_add_source(i, all.v[s], path, all.v[s]);
            free(path);
        }
    }
    strlist_free(&all);
    return 0;
}

/* The descriptor's flags and defines for instance I, and its lenient
 * policy. */
static void plan_flags(const struct conf *c, struct plan_instance *i)
{
    bool scoped = false;

    i->lenient = NULL;
    for (size_t l = 0; c != NULL && l < c->n; l++) {
        const struct conf_line *line = &c->lines[l];

        if (plan_applies(line, "cflags", i->name)) {
            strlist_add_words(&i->conf_flags, line->value);
        } else if (plan_applies(line, "defines", i->name)) {
            struct strlist words = {0};

            strlist_add_words(&words, line->value);
            for (size_t w = 0; w < words.n; w++)
                strlist_addf(&i->conf_flags, "-D%s", words.v[w]);
            strlist_free(&words);
            i->conf_defines = true;
        } else if (plan_applies(line, "lenient", i->name) && (line->instance != NULL || !scoped)) {
            /* a line for this instance wins over the scheme-wide ones */
            free(i->lenient);
            i->lenient = xstrdup(line->value);
            scoped = line->instance != NULL;
        }
    }
    if (i->lenient == NULL)
        i->lenient = xstrdup("auto");
}

/* The value of the unscoped descriptor KEY, or NULL. */
static const char *plan_conf_value(const struct conf *c, const char *key)
{
    for (size_t l = 0; c != NULL && l < c->n; l++)
        if (strcmp(c->lines[l].key, key) == 0)
            return c->lines[l].value;
    return NULL;
}

/* The names of FOUND[N], joined by ", ". */
static char *plan_known(const struct found *found, size_t n)
{
    struct strlist names = {0};
    char *s;

    for (size_t i = 0; i < n; i++)
        strlist_add(&names, found[i].name);
    s = strlist_join(&names, ", ");
    strlist_free(&names);
    return s;
}

/* Find the package folder and the descriptor of O into P; -1 with a message. */
static int plan_locate(const struct plan_options *o, struct plan *p)
{
    char *pkg, *conf = NULL;

    if (o->package != NULL) {
        if (!plan_is_dir(o->package)) {
            plan_say("%s: not a folder", o->package);
            return -1;
        }
        pkg = xstrdup(o->package);
    } else if (o->schemes_dir != NULL) {
        pkg = xasprintf("%s/%s", o->schemes_dir, p->scheme);
        if (!plan_is_dir(pkg)) {
            struct strlist known = {0};
            struct strlist dirs = {0};
            char *all;
            DIR *d = opendir(o->schemes_dir);
            struct dirent *e;

            while (d != NULL && (e = readdir(d)) != NULL) {
                char *path = xasprintf("%s/%s", o->schemes_dir, e->d_name);

                if (e->d_name[0] != '.' && strcmp(e->d_name, "iccs") != 0 && plan_is_dir(path))
                    strlist_add(&dirs, e->d_name);
                free(path);
            }
            if (d != NULL)
                closedir(d);
            strlist_sort(&dirs);
            for (size_t i = 0; i < dirs.n; i++)
                strlist_addf(&known, " %s", dirs.v[i]);
            all = strlist_join(&known, "");
            plan_say("no scheme '%s': %s is not a folder (in the tree:%s; or give the package "
                     "folder: SCHEME_DIR=/path/to/package)",
                     p->scheme, pkg, known.n > 0 ? all : " none");
            free(all);
            strlist_free(&known);
            strlist_free(&dirs);
            free(pkg);
            return -1;
        }
    } else {
        pkg = xstrdup(".");
    }
    if ((p->package = plan_real(pkg)) == NULL) {
        plan_say("%s: %s", pkg, strerror(errno));
        free(pkg);
        return -1;
    }
    free(pkg);
    if (o->conf != NULL) {
        if (access(o->conf, R_OK) != 0 || plan_is_dir(o->conf)) {
            plan_say("--conf %s: no such readable file", o->conf);
            return -1;
        }
        conf = xstrdup(o->conf);
    } else if (o->schemes_dir != NULL &&
               access((conf = xasprintf("%s/%s/scheme.conf", o->schemes_dir, p->scheme)), R_OK) ==
                   0) {
        /* the tree's descriptor for the id */
    } else {
        free(conf);
        conf = xasprintf("%s/scheme.conf", p->package);
        if (access(conf, R_OK) != 0) {
            free(conf);
            conf = NULL;
        }
    }
    if (conf != NULL) {
        char *dir = xstrdup(conf), *slash = strrchr(dir, '/'), *real;

        if (slash != NULL)
            *slash = '\0';
        real = plan_real(slash != NULL ? (dir[0] != '\0' ? dir : "/") : ".");
        p->descriptor =
            xasprintf("%s/%s", real != NULL ? real : dir, slash != NULL ? slash + 1 : conf);
        free(real);
        free(dir);
        free(conf);
        p->conf_hint = xstrdup(p->descriptor);
    } else if (o->schemes_dir != NULL) {
        char *real = plan_real(o->schemes_dir);

        p->conf_hint =
            xasprintf("%s/%s/scheme.conf", real != NULL ? real : o->schemes_dir, p->scheme);
        free(real);
    } else {
        p->conf_hint = xstrdup("a descriptor given with --conf FILE");
    }
    return 0;
}

/* Fill instance I (named by F) of plan P. */
static int plan_instance(const struct conf *c, const struct found *f, const struct strlist *shared,
                         struct plan *p, struct plan_instance *i, struct strlist *used)
{
    const char *alg = plan_conf_value(c, "algorithm");

    i->name = xstrdup(f->name);
    i->folder = xstrdup(f->folder);
    i->named = xstrdup(f->named);
    i->build = xasprintf("%s/%s", p->build, f->name);
    if (alg != NULL) {
        i->algorithm = xstrdup(alg);
        i->algorithm_from = xstrdup("scheme.conf");
    } else {
        plan_algorithm(p->package, f->folder, p->scheme, &i->algorithm, &i->algorithm_from);
    }
    i->type = xstrdup(plan_conf_value(c, "type") != NULL ? plan_conf_value(c, "type") : "");
    if (plan_files(c, i, used) != 0)
        return -1;
    plan_flags(c, i);
    {
        struct strlist have = {0};

        for (size_t s = 0; s < i->nsources; s++)
            strlist_add(&have, i->sources[s].name);
        for (size_t e = 0; e < i->nexcluded; e++)
            strlist_add(&have, i->excluded[e].file);
        strlist_extend(&have, &i->headers);
        plan_take_shared(p->package, shared, &have, i);
        strlist_free(&have);
    }
    if (!i->conf_defines)
        plan_level_candidates(p->package, i, f->ai);
    return 0;
}

/* Pick the selected instances of FOUND[N] into SELECTED; -1 with a message. */
static int plan_select(const char *instances, const struct found *found, size_t n,
                       struct strlist *selected)
{
    struct strlist want = {0};
    char *copy, *save = NULL, *known;
    int rc = 0;

    if (instances == NULL) {
        for (size_t i = 0; i < n; i++)
            strlist_add(selected, found[i].name);
        return 0;
    }
    copy = xstrdup(instances);
    for (char *w = strtok_r(copy, ",", &save); w != NULL; w = strtok_r(NULL, ",", &save)) {
        char *t = w + strspn(w, " \t");

        t[strcspn(t, " \t")] = '\0';
        if (*t != '\0')
            strlist_add(&want, t);
    }
    free(copy);
    known = plan_known(found, n);
    if (want.n == 0) {
        plan_say("--instances '%s': names no instance (known: %s)", instances, known);
        rc = -1;
    }
    for (size_t w = 0; rc == 0 && w < want.n; w++) {
        size_t i = 0;

        while (i < n && strcmp(found[i].name, want.v[w]) != 0)
            i++;
        if (i == n) {
            plan_say("--instances: no instance named %s (known: %s)", want.v[w], known);
            rc = -1;
        } else if (!strlist_has(selected, want.v[w])) {
            strlist_add(selected, want.v[w]);
        }
    }
    free(known);
    strlist_free(&want);
    return rc;
}

/* Check what O says apart from the package. */
int plan_check_options(const struct plan_options *o)
{
    const char *impl = o->impl != NULL ? o->impl : "reference";

    if (o->scheme != NULL && !plan_valid_id(o->scheme)) {
        plan_say("--scheme '%s': an id is made of letters, digits and . _ + - and does not "
                 "start with .",
                 o->scheme);
        return -1;
    }
    if (plan_check_lto("--cflags", o->cflags != NULL ? o->cflags : "") != 0)
        return -1;
    if (strcmp(impl, "reference") != 0 && strcmp(impl, "optimized") != 0 &&
        strcmp(impl, "additional") != 0) {
        plan_say("--impl %s: expected reference, optimized or additional", impl);
        return -1;
    }
    return 0;
}

static void plan_instance_free(struct plan_instance *i);

/* Make the plan from O into P, which may be left half made on failure. */
static int plan_fill(const struct plan_options *o, struct plan *p)
{
    struct conf c = {0}, *conf = NULL;
    struct found *found = NULL;
    struct strlist used = {0}, selected = {0}, shared = {0};
    size_t nfound = 0;
    int rc = -1;

    memset(p, 0, sizeof *p);
    if (plan_check_options(o) != 0)
        return -1;
    p->impl = xstrdup(o->impl != NULL ? o->impl : "reference");
    if (o->scheme != NULL)
        p->scheme = xstrdup(o->scheme);
    if (p->scheme == NULL) {
        /* no folder and no id: the package is the current folder */
        const char *pkg = o->package != NULL ? o->package : ".";
        char *real = plan_real(pkg);
        const char *base;

        if (real == NULL) {
            plan_say("%s: %s", pkg, strerror(errno));
            return -1;
        }
        base = strrchr(real, '/') != NULL && strrchr(real, '/')[1] != '\0' ? strrchr(real, '/') + 1
                                                                           : "scheme";
        p->scheme = plan_file_name(base);
        free(real);
    }
    if (plan_locate(o, p) != 0)
        return -1;
    p->build = xasprintf("%s/%s", o->builddir, p->scheme);
    if (p->descriptor != NULL) {
        if (conf_read(p->descriptor, &c) != 0)
            return -1;
        conf = &c;
        for (size_t l = 0; l < c.n; l++)
            if (strcmp(c.lines[l].key, "cflags") == 0) {
                char *where = xasprintf("%s:%ld", c.path, c.lines[l].lineno);
                int bad = plan_check_lto(where, c.lines[l].value);

                free(where);
                if (bad != 0)
                    goto out;
            }
    }
    if (plan_conf_value(conf, "instance") != NULL
            ? plan_from_conf(conf, p->package, &found, &nfound)
            : plan_autodetect(p->package, p->impl, p, &found, &nfound))
        goto out;
    for (size_t i = 0; i < nfound; i++) {
        char *n = plan_file_name(found[i].name);

        if (strcmp(n, found[i].name) != 0) {
            char *named =
                xasprintf("%s, made a file name from \"%s\"", found[i].named, found[i].name);

            free(found[i].named);
            found[i].named = named;
        }
        free(found[i].name);
        found[i].name = n;
    }
    for (size_t i = 0; i < nfound; i++)
        for (size_t j = i + 1; j < nfound; j++)
            if (strcmp(found[i].name, found[j].name) == 0) {
                plan_say("two instances are named %s: %s and %s; name them apart with instance "
                         "lines in scheme.conf",
                         found[i].name, found[i].folder, found[j].folder);
                goto out;
            }
    for (size_t l = 0; conf != NULL && l < conf->n; l++) {
        size_t i = 0;

        if (conf->lines[l].instance == NULL)
            continue;
        while (i < nfound && strcmp(found[i].name, conf->lines[l].instance) != 0)
            i++;
        if (i == nfound) {
            char *known = plan_known(found, nfound);

            plan_say("%s:%ld: no instance named %s (known: %s)", conf->path, conf->lines[l].lineno,
                     conf->lines[l].instance, known);
            free(known);
            goto out;
        }
    }
    if (plan_select(o->instances, found, nfound, &selected) != 0)
        goto out;
    {
        struct strlist c_files = {0}, h_files = {0};

        plan_list_files(p->package, ".c", &c_files);
        plan_list_files(p->package, ".h", &h_files);
        for (size_t f = 0; f < c_files.n; f++)
            if (plan_is_shared_iccs(c_files.v[f]))
                strlist_add(&shared, c_files.v[f]);
        for (size_t f = 0; f < h_files.n; f++)
            if (plan_is_shared_iccs(h_files.v[f]))
                strlist_add(&shared, h_files.v[f]);
        strlist_free(&c_files);
        strlist_free(&h_files);
    }
    /* every instance's files, selected or not, so that an exclude line
     * matching nothing anywhere is caught */
    p->inst = xmalloc((nfound + 1) * sizeof *p->inst);
    memset(p->inst, 0, (nfound + 1) * sizeof *p->inst);
    for (size_t f = 0; f < nfound; f++) {
        struct plan_instance tmp = {0};
        bool sel = strlist_has(&selected, found[f].name);

        if (plan_instance(conf, &found[f], &shared, p, sel ? &p->inst[p->n] : &tmp, &used) != 0)
            goto out;
        if (sel)
            p->n++;
        else
            strlist_addf(&p->notes, "not selected by --instances: %s", found[f].name);
        if (!sel)
            plan_instance_free(&tmp);
    }
    for (size_t l = 0; conf != NULL && l < conf->n; l++) {
        char num[32];

        snprintf(num, sizeof num, "%ld", conf->lines[l].lineno);
        if (strcmp(conf->lines[l].key, "exclude") == 0 && !strlist_has(&used, num)) {
            plan_say("%s:%ld: exclude = %s matches no source of any instance", conf->path,
                     conf->lines[l].lineno, conf->lines[l].value);
            goto out;
        }
    }
    /* selected instances in the order they were found */
    for (size_t i = 0; i < p->n; i++)
        if (p->inst[i].nsources == 0) {
            plan_say("instance %s: no source left to compile in %s", p->inst[i].name,
                     p->inst[i].folder);
            goto out;
        }
    rc = 0;
out:
    for (size_t i = 0; i < nfound; i++) {
        free(found[i].name);
        free(found[i].folder);
        free(found[i].named);
        free(found[i].ai);
    }
    free(found);
    strlist_free(&used);
    strlist_free(&selected);
    strlist_free(&shared);
    if (conf != NULL)
        conf_free(conf);
    return rc;
}

/* Make the plan from O; on failure nothing of P is left allocated. */
int plan_make(const struct plan_options *o, struct plan *p)
{
    if (plan_fill(o, p) == 0)
        return 0;
    plan_free(p);
    return -1;
}

/* Free one instance of a plan. */
static void plan_instance_free(struct plan_instance *i)
{
    free(i->name);
    free(i->folder);
    free(i->named);
    free(i->algorithm);
    free(i->algorithm_from);
    free(i->type);
    free(i->lenient);
    free(i->build);
    for (size_t s = 0; s < i->nsources; s++) {
        free(i->sources[s].name);
        free(i->sources[s].path);
        free(i->sources[s].obj);
    }
    free(i->sources);
    for (size_t e = 0; e < i->nexcluded; e++) {
        free(i->excluded[e].file);
        free(i->excluded[e].reason);
    }
    free(i->excluded);
    strlist_free(&i->headers);
    strlist_free(&i->incdirs);
    strlist_free(&i->shared_incdirs);
    strlist_free(&i->conf_flags);
    strlist_free(&i->levels);
    strlist_free(&i->level_from);
    strlist_free(&i->notes);
}

/* Free a plan. */
void plan_free(struct plan *p)
{
    for (size_t i = 0; i < p->n; i++)
        plan_instance_free(&p->inst[i]);
    free(p->inst);
    free(p->scheme);
    free(p->package);
    free(p->descriptor);
    free(p->impl);
    free(p->conf_hint);
    free(p->build);
    strlist_free(&p->notes);
    memset(p, 0, sizeof *p);
}
