/* plan-conf.c - the descriptor, scheme.conf: one "key = value" a line,
 * "key[INSTANCE] = value" for the scoped keys, "#" comments, blank lines.
 * Values are data: they are split into words, never given to a shell. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/plan.h"

static const char *const conf_keys[] = {"id",     "algorithm", "type",    "instance", "exclude",
                                        "cflags", "defines",   "lenient", NULL};
static const char *const conf_scoped[] = {"exclude", "cflags", "defines", "lenient", NULL};

/* Whether NAME is in the NULL-terminated LIST. */
static bool conf_in(const char *const *list, const char *name)
{
    for (; *list != NULL; list++)
        if (strcmp(*list, name) == 0)
            return true;
    return false;
}

/* S without leading and trailing blanks (in place). */
static char *conf_trim(char *s)
{
    char *end;

    while (*s == ' ' || *s == '\t')
        s++;
    end = s + strlen(s);
    while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
        *--end = '\0';
    return s;
}

/* Cut a comment off VALUE: a # after a blank starts one. */
static void conf_cut_comment(char *value)
{
    for (char *p = value; *p != '\0'; p++)
        if (*p == '#' && p > value && (p[-1] == ' ' || p[-1] == '\t')) {
            *p = '\0';
            return;
        }
}

/* Whether the key has been seen in C already. */
static bool conf_seen(const struct conf *c, const char *key)
{
    for (size_t i = 0; i < c->n; i++)
        if (strcmp(c->lines[i].key, key) == 0)
            return true;
    return false;
}

/* What is wrong with VALUE for KEY, or NULL. */
static const char *conf_check_value(const char *key, const char *value)
{
    if (strcmp(key, "type") == 0 && strcmp(value, "sig") != 0 && strcmp(value, "kem") != 0 &&
        strcmp(value, "kex") != 0)
        return "type must be sig, kem or kex";
    if (strcmp(key, "lenient") == 0 && strcmp(value, "auto") != 0 && strcmp(value, "yes") != 0 &&
        strcmp(value, "no") != 0)
        return "lenient must be auto, yes or no";
    if (strcmp(key, "instance") == 0) {
        size_t name = strcspn(value, " \t");

        if (value[name] == '\0' || value[name + strspn(value + name, " \t")] == '\0')
            return "instance needs a name and a folder";
    }
    return NULL;
}

/* Check and take one non-blank, non-comment LINE; NULL or the problem. */
static const char *conf_take(struct conf *c, char *line, long lineno)
{
    char *eq = strchr(line, '='), *key, *value, *scope = NULL, *open;
    static char msg[160];
    const char *problem;
    struct conf_line *l;

    if (eq == NULL)
        return "expected KEY = VALUE";
    *eq = '\0';
    key = conf_trim(line);
    value = eq + 1;
    conf_cut_comment(value);
    value = conf_trim(value);
    if ((open = strchr(key, '[')) != NULL && key[strlen(key) - 1] == ']') {
        key[strlen(key) - 1] = '\0';
        *open = '\0';
        scope = conf_trim(open + 1);
        key = conf_trim(key);
        if (*scope == '\0')
            return "empty instance name in []";
    }
    if (!conf_in(conf_keys, key)) {
        snprintf(msg, sizeof msg,
                 "unknown key \"%.40s\" (known: id, algorithm, type, instance, exclude, "
                 "cflags, defines, lenient)",
                 key);
        return msg;
    }
    if (scope != NULL && !conf_in(conf_scoped, key)) {
        snprintf(msg, sizeof msg, "%s applies to the whole scheme and takes no [instance]", key);
        return msg;
    }
    if (*value == '\0') {
        snprintf(msg, sizeof msg, "%s needs a value", key);
        return msg;
    }
    if ((strcmp(key, "id") == 0 || strcmp(key, "algorithm") == 0 || strcmp(key, "type") == 0) &&
        conf_seen(c, key)) {
        snprintf(msg, sizeof msg, "%s given twice", key);
        return msg;
    }
    if ((problem = conf_check_value(key, value)) != NULL)
        return problem;
    c->lines = realloc(c->lines, (c->n + 1) * sizeof *c->lines);
    if (c->lines == NULL)
        abort();
    l = &c->lines[c->n++];
    l->lineno = lineno;
    l->key = xstrdup(key);
    l->instance = scope != NULL ? xstrdup(scope) : NULL;
    l->value = xstrdup(value);
    return NULL;
}

/* Parse descriptor TEXT (named PATH in messages) into C. */
int conf_parse(const char *text, size_t len, const char *path, struct conf *c)
{
    const char *p = text, *end = text + len;
    long lineno = 0;

    c->path = xstrdup(path);
    c->lines = NULL;
    c->n = 0;
    /* an editor's byte order mark is not part of the first key */
    if (len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
        p += 3;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl != NULL ? (size_t)(nl - p) : (size_t)(end - p);
        char *line = strndup(p, n), *s;
        const char *problem = NULL;

        lineno++;
        if (line == NULL)
            abort();
        if (memchr(p, '\0', n) != NULL)
            problem = "a NUL byte in the line";
        s = conf_trim(line);
        if (problem == NULL && *s != '\0' && *s != '#')
            problem = conf_take(c, s, lineno);
        free(line);
        if (problem != NULL) {
            plan_say("%s:%ld: %s", path, lineno, problem);
            conf_free(c);
            return -1;
        }
        p += n + (nl != NULL);
    }
    return 0;
}

/* Read and check the descriptor at PATH. */
int conf_read(const char *path, struct conf *c)
{
    FILE *f = fopen(path, "r");
    char *text = NULL;
    size_t len = 0;
    int rc;

    if (f == NULL) {
        plan_say("%s: %s", path, strerror(errno));
        return -1;
    }
    {
        FILE *m = open_memstream(&text, &len);
        char buf[4096];
        size_t n;

        while ((n = fread(buf, 1, sizeof buf, f)) > 0)
            fwrite(buf, 1, n, m);
        fclose(m);
    }
    if (ferror(f)) {
        plan_say("%s: %s", path, strerror(errno));
        fclose(f);
        free(text);
        return -1;
    }
    fclose(f);
    rc = conf_parse(text, len, path, c);
    free(text);
    return rc;
}

/* Free what conf_read filled in. */
void conf_free(struct conf *c)
{
    for (size_t i = 0; i < c->n; i++) {
        free(c->lines[i].key);
        free(c->lines[i].instance);
        free(c->lines[i].value);
    }
    free(c->lines);
    free(c->path);
    c->lines = NULL;
    c->path = NULL;
    c->n = 0;
}

/* The value of the first unscoped KEY line of the descriptor at PATH,
 * newly allocated, or NULL: what a search through many packages reads of
 * each, without judging the rest of a descriptor it may not use. */
char *conf_peek(const char *path, const char *key)
{
    FILE *f = fopen(path, "r");
    char *line = NULL, *found = NULL;
    size_t cap = 0;

    while (f != NULL && found == NULL && getline(&line, &cap, f) >= 0) {
        char *eq = strchr(line, '='), *value;

        if (eq == NULL)
            continue;
        *eq = '\0';
        value = eq + 1;
        value[strcspn(value, "\n")] = '\0';
        conf_cut_comment(value);
        value = conf_trim(value);
        if (strcmp(conf_trim(line), key) == 0 && *value != '\0')
            found = xstrdup(value);
    }
    free(line);
    if (f != NULL)
        fclose(f);
    return found;
}

/* The exclude value naming NAME alone: fnmatch reads a backslash as an
 * escape, and "[ ]" is a blank that neither the trim nor the comment rule
 * of a line can take. */
char *conf_exclude_pattern(const char *name)
{
    char *out, *o;

    if (strchr(name, '\n') != NULL)
        return NULL;
    out = o = xmalloc(3 * strlen(name) + 1);
    for (const char *c = name; *c != '\0'; c++) {
        if (*c == ' ' || *c == '\t' || *c == '\r') {
            *o++ = '[';
            *o++ = *c;
            *o++ = ']';
            continue;
        }
        if (strchr("*?[\\", *c) != NULL)
            *o++ = '\\';
        *o++ = *c;
    }
    *o = '\0';
    return out;
}

/* The advice to leave NAME out through CONF, its pattern escaped. */
char *conf_exclude_advice(const char *name, const char *conf)
{
    char *pattern = conf_exclude_pattern(name), *advice;

    if (pattern == NULL)
        return xstrdup("rename the file: a line break in its name cannot be given in an "
                       "exclude line");
    advice = xasprintf("add the line \"exclude = %s\" to %s", pattern, conf);
    free(pattern);
    return advice;
}
