/* plan-includes.c - the #include lines of a package's files that could
 * read a file out of the package: an absolute name, a name climbing out
 * with "..", or a name a macro computes.  The compiler would quote such a
 * file in its errors, and its errors go into logs and summaries, so a
 * source holding one is refused before anything is compiled, as a link
 * out of the package is. */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/build-files.h"
#include "plan/plan-stages.h"

/* Whether PATH lies in ROOT or in ALSO (NULL: none), by name. */
static bool inc_in_roots(const char *path, const char *root, const char *also)
{
    const char *roots[2] = {root, also};

    for (int k = 0; k < 2; k++) {
        size_t len = roots[k] != NULL ? strlen(roots[k]) : 0;

        if (roots[k] != NULL && strncmp(path, roots[k], len) == 0 &&
            (path[len] == '/' || path[len] == '\0'))
            return true;
    }
    return false;
}

/* PATH (absolute) with "." and ".." taken out by name, newly allocated. */
static char *inc_normal(const char *path)
{
    char *out = xmalloc(strlen(path) + 2), *end = out;
    const char *p = path;

    *out = '\0';
    while (*p != '\0') {
        size_t len;

        while (*p == '/')
            p++;
        len = strcspn(p, "/");
        if (len == 0)
            break;
        if (len == 2 && strncmp(p, "..", 2) == 0) {
            while (end > out && *--end != '/')
                ;
            *end = '\0';
        } else if (!(len == 1 && p[0] == '.')) {
            end += sprintf(end, "/%.*s", (int)len, p);
        }
        p += len;
    }
    if (out[0] == '\0')
        strcpy(out, "/");
    return out;
}

/* Whether the include name NAME, looked for in folder BASE, stays in the
 * package (ROOT, ALSO) both by name and by real path. */
static bool inc_stays(const char *base, const char *name, const char *root, const char *also)
{
    char *full = name[0] == '/' ? xstrdup(name) : xasprintf("%s/%s", base, name);
    char *normal = inc_normal(full), *real = realpath(full, NULL);
    bool in = inc_in_roots(normal, root, also) && (real == NULL || inc_in_roots(real, root, also));

    free(real);
    free(normal);
    free(full);
    return in;
}

/* Whether NAME has a ".." component. */
static bool inc_climbs(const char *name)
{
    for (const char *p = name; (p = strstr(p, "..")) != NULL; p += 2)
        if ((p == name || p[-1] == '/') && (p[2] == '/' || p[2] == '\0'))
            return true;
    return false;
}

/* TEXT as the compiler's first phases see it: trigraphs and digraphs of
 * '#' and '\' replaced, lines continued by a backslash joined, comments
 * made blanks (a line break for each they held, so that line numbers
 * stay), string and character literals kept.  In place. */
static void inc_phases(char *text)
{
    char *r = text, *w = text;
    char quote = 0;

    while (*r != '\0') {
        char c = *r;

        if (c == '?' && r[1] == '?' && (r[2] == '=' || r[2] == '/')) {
            c = r[2] == '=' ? '#' : '\\';
            r += 2;
        }
        if (c == '\\' && (r[1] == '\n' || (r[1] == '\r' && r[2] == '\n'))) {
            r += r[1] == '\r' ? 3 : 2;
            continue;
        }
        if (quote == 0 && c == '/' && r[1] == '*') {
            for (r += 2; *r != '\0' && !(r[0] == '*' && r[1] == '/'); r++)
                if (*r == '\n')
                    *w++ = '\n';
            r += *r != '\0' ? 2 : 0;
            *w++ = ' ';
            continue;
        }
        if (quote == 0 && c == '/' && r[1] == '/') {
            while (*r != '\0' && *r != '\n')
                r++;
            continue;
        }
        if (quote == 0 && (c == '"' || c == '\'')) {
            quote = c;
        } else if (quote != 0 && c == '\\' && r[1] != '\0' && r[1] != '\n') {
            *w++ = c;
            c = *++r;
        } else if (quote != 0 && (c == quote || c == '\n')) {
            quote = 0;
        }
        *w++ = c;
        r++;
    }
    *w = '\0';
}

/* The include name of the directive at LINE ("#  include ..."), or NULL
 * when LINE is no include; *COMPUTED when the name is a macro's. */
static char *inc_directive(const char *line, bool *computed)
{
    static const char *const kinds[] = {"include_next", "include", "import", "embed", NULL};
    const char *p = line + strspn(line, " \t\f\v\r");
    size_t len;

    *computed = false;
    if (*p == '#')
        p++;
    else if (p[0] == '%' && p[1] == ':')
        p += 2;
    else
        return NULL;
    p += strspn(p, " \t\f\v\r");
    for (int k = 0;; k++) {
        if (kinds[k] == NULL)
            return NULL;
        len = strlen(kinds[k]);
        if (strncmp(p, kinds[k], len) == 0 && strchr(" \t\f\v\r\"<", p[len]) != NULL &&
            p[len] != '\0') {
            p += len;
            break;
        }
    }
    p += strspn(p, " \t\f\v\r");
    if (*p == '"' || *p == '<') {
        const char *end = strchr(p + 1, *p == '"' ? '"' : '>');
        size_t n = end != NULL ? (size_t)(end - p - 1) : strlen(p + 1);

        return strndup(p + 1, n);
    }
    *computed = true;
    return xstrdup(p);
}

/* Whether the include NAME of a file in folder DIR stays in the package
 * ROOT (or ALSO) from DIR and from each of BASES. */
static bool inc_name_ok(const char *name, const char *dir, const struct strlist *bases,
                        const char *root, const char *also)
{
    if (name[0] == '/')
        return inc_stays(dir, name, root, also);
    if (!inc_climbs(name))
        return true;
    if (!inc_stays(dir, name, root, also))
        return false;
    for (size_t b = 0; b < bases->n; b++)
        if (!inc_stays(bases->v[b], name, root, also))
            return false;
    return true;
}

/* The first include of the file PATH (in folder DIR, searched also from
 * BASES) that could read a file out of the package ROOT or ALSO. */
char *plan_include_out(const char *path, const char *dir, const struct strlist *bases,
                       const char *root, const char *also, bool *computed)
{
    char *text = file_read(path), *line, *found = NULL;

    *computed = false;
    if (text == NULL)
        return NULL;
    inc_phases(text);
    for (line = text; line != NULL && found == NULL;) {
        char *next = strchr(line, '\n'), *name;

        if (next != NULL)
            *next = '\0';
        if ((name = inc_directive(line, computed)) != NULL) {
            if (*computed || !inc_name_ok(name, dir, bases, root, also))
                found = name;
            else
                free(name);
        }
        line = next != NULL ? next + 1 : NULL;
    }
    free(text);
    return found;
}
