/* builddesc-line.c - compiler lines read as data: a shell command line
 * split into commands and words (quotes and backslashes as sh reads
 * them, nothing expanded or run), a C compiler's words into its source
 * files, defines and include folders. */
#include "config.h"

#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/builddesc.h"

/* Options whose value is the next word, which is then no source. */
static const char *const line_takes_value[] = {"-o",
                                               "-MF",
                                               "-MT",
                                               "-MQ",
                                               "-x",
                                               "-Xlinker",
                                               "-Xassembler",
                                               "-Xpreprocessor",
                                               "-T",
                                               "-wrapper",
                                               "-B",
                                               "-u",
                                               "-z",
                                               "-aux-info",
                                               "-iprefix",
                                               "-iwithprefix",
                                               "-iwithprefixbefore",
                                               "-isysroot",
                                               "--sysroot",
                                               "--param",
                                               "-e",
                                               "-L",
                                               "-l",
                                               "-specs",
                                               "--specs",
                                               NULL};

/* Options naming a folder or file the preprocessor reads. */
static const char *const line_path_options[] = {"-I",       "-iquote",  "-isystem", "-idirafter",
                                                "-include", "-imacros", NULL};

/* Whether WORD is one of LIST; its index, or -1. */
static int line_index(const char *const *list, const char *word)
{
    for (int i = 0; list[i] != NULL; i++)
        if (strcmp(list[i], word) == 0)
            return i;
    return -1;
}

/* The end of the current word: flush BUF into WORDS when HAVE. */
static void line_flush(struct strlist *words, char *buf, size_t *len, bool *have)
{
    if (*have) {
        buf[*len] = '\0';
        strlist_add(words, buf);
    }
    *len = 0;
    *have = false;
}

/* The number of bytes of a command separator at P (; && || | &), or 0. */
static size_t line_separator(const char *p)
{
    if (strncmp(p, "&&", 2) == 0 || strncmp(p, "||", 2) == 0)
        return 2;
    return *p == ';' || *p == '|' || *p == '&' ? 1 : 0;
}

/* Close the command WORDS into CMDS[*N] when it has words. */
static void line_close(struct strlist *words, struct strlist **cmds, size_t *n)
{
    if (words->n == 0)
        return;
    *cmds = realloc(*cmds, (*n + 1) * sizeof **cmds);
    if (*cmds == NULL)
        abort();
    (*cmds)[(*n)++] = *words;
    memset(words, 0, sizeof *words);
}

/* Split LINE into commands and words. */
void bd_split_line(const char *line, struct strlist **cmds, size_t *n)
{
    char *buf = xmalloc(strlen(line) + 1);
    struct strlist words = {0};
    size_t len = 0, sep;
    bool have = false;
    char quote = 0;

    for (const char *p = line; *p != '\0'; p++) {
        if (quote == '\'') {
            if (*p == '\'')
                quote = 0;
            else
                buf[len++] = *p;
        } else if (quote == '"') {
            if (*p == '"')
                quote = 0;
            else if (*p == '\\' && p[1] != '\0' && strchr("\"\\$`", p[1]) != NULL)
                buf[len++] = *++p;
            else
                buf[len++] = *p;
        } else if (*p == '\'' || *p == '"') {
            quote = *p;
            have = true;
        } else if (*p == '\\' && p[1] != '\0') {
            buf[len++] = *++p;
            have = true;
        } else if (*p == ' ' || *p == '\t' || *p == '\n') {
            line_flush(&words, buf, &len, &have);
        } else if ((sep = line_separator(p)) > 0) {
            line_flush(&words, buf, &len, &have);
            line_close(&words, cmds, n);
            p += sep - 1;
        } else {
            buf[len++] = *p;
            have = true;
        }
    }
    line_flush(&words, buf, &len, &have);
    line_close(&words, cmds, n);
    free(buf);
}

/* PATH with . and .. resolved lexically. */
char *bd_normal_path(const char *path)
{
    struct strlist parts = {0};
    char *copy = xstrdup(path), *save = NULL, *joined, *out;
    bool absolute = path[0] == '/';

    for (char *c = strtok_r(copy, "/", &save); c != NULL; c = strtok_r(NULL, "/", &save)) {
        if (strcmp(c, ".") == 0)
            continue;
        if (strcmp(c, "..") == 0 && parts.n > 0 && strcmp(parts.v[parts.n - 1], "..") != 0) {
            free(parts.v[--parts.n]);
            parts.v[parts.n] = NULL;
        } else if (strcmp(c, "..") != 0 || !absolute) {
            strlist_add(&parts, c);
        }
    }
    joined = strlist_join(&parts, "/");
    out = absolute ? xasprintf("/%s", joined) : xstrdup(joined[0] != '\0' ? joined : ".");
    free(joined);
    free(copy);
    strlist_free(&parts);
    return out;
}

/* WORD (relative to DIR, or absolute) as a path relative to ROOT,
 * newly allocated: "../x" when above it. */
static char *line_relative(const char *word, const char *root, const char *dir)
{
    char *full = word[0] == '/' ? bd_normal_path(word) : NULL, *rel;
    size_t rl = strlen(root);
    struct strlist up = {0};

    if (full == NULL) {
        char *joined = xasprintf("%s/%s", dir, word);

        full = bd_normal_path(joined);
        free(joined);
    }
    if (strncmp(full, root, rl) == 0 && (full[rl] == '/' || full[rl] == '\0')) {
        rel = xstrdup(full[rl] == '\0' ? "." : full + rl + 1);
        free(full);
        return rel;
    }
    /* above the root: climb until a common prefix */
    {
        char *base = xstrdup(root), *slash;

        while ((slash = strrchr(base, '/')) != NULL && slash != base) {
            size_t bl;

            *slash = '\0';
            strlist_add(&up, "..");
            bl = strlen(base);
            if (strncmp(full, base, bl) == 0 && full[bl] == '/') {
                char *ups = strlist_join(&up, "/");

                rel = xasprintf("%s/%s", ups, full + bl + 1);
                free(ups);
                free(base);
                free(full);
                strlist_free(&up);
                return rel;
            }
        }
        free(base);
    }
    strlist_free(&up);
    return full;
}

/* Whether WORD names a C compiler (cc, gcc-12, x86_64-linux-gnu-gcc,
 * clang-16, c99 ...). */
static bool line_is_compiler(const char *word)
{
    const char *base = strrchr(word, '/') != NULL ? strrchr(word, '/') + 1 : word;
    regex_t re;
    bool yes;

    regcomp(&re, "^([A-Za-z0-9_.]+-)*(gcc|cc|clang|c99|c89|icx|icc)(-[0-9.]+)?$",
            REG_EXTENDED | REG_NOSUB);
    yes = regexec(&re, base, 0, NULL, 0) == 0;
    regfree(&re);
    return yes;
}

/* Whether NAME is a C source. */
static bool line_is_c(const char *name)
{
    size_t n = strlen(name);

    return n > 2 && strcmp(name + n - 2, ".c") == 0;
}

/* Take option WORD (with VALUE when separate) into C's flags. */
static void line_take(struct bd_command *c, const char *opt, const char *value, const char *root,
                      const char *dir)
{
    if (strcmp(opt, "-D") == 0 || strcmp(opt, "-U") == 0) {
        strlist_addf(&c->flags, "%s%s", opt, value);
    } else {
        char *rel = line_relative(value, root, dir);

        if (strcmp(opt, "-I") == 0)
            strlist_addf(&c->flags, "-I%s", rel);
        else
            strlist_addf(&c->flags, "%s=%s", opt, rel);
        free(rel);
    }
}

/* The flags of the compiler words ARGV[1..] (run in DIR) into C, the C
 * files they name into SOURCES. */
static void line_parse(const struct strlist *argv, size_t from, const char *root, const char *dir,
                       struct bd_command *c, struct strlist *sources)
{
    for (size_t k = from; k < argv->n; k++) {
        const char *w = argv->v[k], *next = k + 1 < argv->n ? argv->v[k + 1] : NULL;
        int p = line_index(line_path_options, w);

        if ((strcmp(w, "-D") == 0 || strcmp(w, "-U") == 0 || p >= 0) && next != NULL) {
            line_take(c, p >= 0 ? line_path_options[p] : w, next, root, dir);
            k++;
        } else if ((strncmp(w, "-D", 2) == 0 || strncmp(w, "-U", 2) == 0) && w[2] != '\0') {
            char opt[3] = {w[0], w[1], '\0'};

            line_take(c, opt, w + 2, root, dir);
        } else if (strncmp(w, "-I", 2) == 0 && w[2] != '\0') {
            line_take(c, "-I", w + 2, root, dir);
        } else if (strncmp(w, "-std=", 5) == 0) {
            free(c->std);
            c->std = xstrdup(w);
        } else if (line_index(line_takes_value, w) >= 0) {
            k++;
        } else if (w[0] != '-' && line_is_c(w)) {
            char *rel = line_relative(w, root, dir);

            strlist_add(sources, rel);
            free(rel);
        }
    }
}

/* Append to T the command compiling SOURCE with FLAGS and STD (copied). */
void bd_append(struct bd_target *t, const char *source, const struct strlist *flags,
               const char *std)
{
    struct bd_command *d;

    t->cmds = realloc(t->cmds, (t->n + 1) * sizeof *t->cmds);
    if (t->cmds == NULL)
        abort();
    d = &t->cmds[t->n++];
    memset(d, 0, sizeof *d);
    d->source = xstrdup(source);
    strlist_extend(&d->flags, flags);
    d->std = std != NULL ? xstrdup(std) : NULL;
}

/* Add the compile command ARGV to T when it runs a C compiler. */
void bd_add_command(struct bd_target *t, const struct strlist *argv, const char *root,
                    const char *dir)
{
    static const char *const launchers[] = {"ccache", "distcc", "time", "nice", NULL};
    struct bd_command c = {0};
    struct strlist sources = {0};
    size_t first = 0;

    /* VAR=value prefixes and launchers before the compiler */
    while (first < argv->n && (strchr(argv->v[first], '=') != NULL && argv->v[first][0] != '-'))
        first++;
    while (first < argv->n && line_index(launchers, argv->v[first]) >= 0)
        first++;
    if (first >= argv->n || !line_is_compiler(argv->v[first]))
        return;
    line_parse(argv, first + 1, root, dir, &c, &sources);
    for (size_t s = 0; s < sources.n; s++)
        bd_append(t, sources.v[s], &c.flags, c.std);
    strlist_free(&sources);
    strlist_free(&c.flags);
    free(c.std);
}

/* The folder a "make[N]: Entering directory 'X'" line names, or NULL. */
static char *line_entering(const char *line, bool *leaving)
{
    const char *e = strstr(line, ": Entering directory '");
    const char *l = strstr(line, ": Leaving directory '");
    const char *q = e != NULL ? e + 22 : l != NULL ? l + 21 : NULL;
    size_t n;

    if (strncmp(line, "make", 4) != 0 || q == NULL)
        return NULL;
    n = strcspn(q, "'");
    *leaving = e == NULL;
    return strndup(q, n);
}

/* Take the commands of one logical LINE run in folder DIR into T. */
static void line_commands(const char *line, const char *root, const char *dir, struct bd_target *t)
{
    struct strlist *cmds = NULL;
    size_t n = 0;
    char *cwd = xstrdup(dir);

    bd_split_line(line, &cmds, &n);
    for (size_t c = 0; c < n; c++) {
        if (cmds[c].n == 2 && strcmp(cmds[c].v[0], "cd") == 0) {
            char *next = cmds[c].v[1][0] == '/' ? xstrdup(cmds[c].v[1])
                                                : xasprintf("%s/%s", cwd, cmds[c].v[1]);

            free(cwd);
            cwd = bd_normal_path(next);
            free(next);
        } else {
            bd_add_command(t, &cmds[c], root, cwd);
        }
        strlist_free(&cmds[c]);
    }
    free(cmds);
    free(cwd);
}

/* Parse the compiler lines of a dry run's OUTPUT into T. */
void bd_parse_dry_run(const char *output, const char *root, const char *dir, struct bd_target *t)
{
    struct strlist dirs = {0};
    char *text = xstrdup(output), *line = text;

    strlist_add(&dirs, dir);
    while (*line != '\0') {
        char *end = line, *entered;
        bool leaving = false;

        /* a backslash at the end of a line continues it */
        for (; *end != '\0' && *end != '\n'; end++)
            if (*end == '\\' && end[1] == '\n')
                end[0] = end[1] = ' ';
        if (*end == '\n')
            *end++ = '\0';
        if ((entered = line_entering(line, &leaving)) != NULL) {
            if (!leaving)
                strlist_add(&dirs, entered);
            else if (dirs.n > 1)
                free(dirs.v[--dirs.n]), dirs.v[dirs.n] = NULL;
            free(entered);
        } else {
            line_commands(line, root, dirs.v[dirs.n - 1], t);
        }
        line = end;
    }
    strlist_free(&dirs);
    free(text);
}

/* Free one target. */
void bd_target_free(struct bd_target *t)
{
    for (size_t c = 0; c < t->n; c++) {
        free(t->cmds[c].source);
        strlist_free(&t->cmds[c].flags);
        free(t->cmds[c].std);
    }
    free(t->cmds);
    free(t->file);
    free(t->name);
    memset(t, 0, sizeof *t);
}

/* Free the targets. */
void bd_targets_free(struct bd_targets *t)
{
    for (size_t k = 0; k < t->n; k++)
        bd_target_free(&t->v[k]);
    free(t->v);
    t->v = NULL;
    t->n = 0;
}
