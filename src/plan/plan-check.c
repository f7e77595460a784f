/* plan-check.c - the planner's messages and the checks of what a user or
 * a package gives it: the id, the implementation kind, flags that would
 * defeat the wrapping (LTO), the flags a descriptor may give (an
 * allow-list: a compiler has too many ways of running a program or
 * writing a file for a list of refusals to hold), names no line can
 * show. */
#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/message.h"
#include "plan/plan-stages.h"

/* Options that take an include folder, joined to it or as the next word. */
static const char *const check_include_options[] = {"-iquote", "-isystem", "-idirafter", "-I",
                                                    NULL};

/* Machine flags a descriptor may give, each as -mNAME or -mno-NAME; a
 * NAME ending in '=' takes a plain value. */
static const char *const check_machine_flags[] = {
    "arch=",    "tune=",    "cpu=",     "fpu=",       "float-abi=", "sse",  "sse2",    "sse3",
    "ssse3",    "sse4",     "sse4.1",   "sse4.2",     "avx",        "avx2", "avx512f", "avx512bw",
    "avx512dq", "avx512vl", "avx512cd", "avx512ifma", "avx512vbmi", "aes",  "pclmul",  "vpclmulqdq",
    "vaes",     "gfni",     "sha",      "bmi",        "bmi2",       "adx",  "popcnt",  "lzcnt",
    "fma",      "f16c",     "movbe",    "rdrnd",      "rdseed",     "64",   NULL};

/* Code generation flags a descriptor may give, each as -fNAME or
 * -fno-NAME; a NAME ending in '=' takes a plain value, one ending in '-'
 * any suffix without '=' (a report on stderr, never a file). */
static const char *const check_codegen_flags[] = {"omit-frame-pointer",
                                                  "unroll-loops",
                                                  "unroll-all-loops",
                                                  "peel-loops",
                                                  "PIC",
                                                  "pic",
                                                  "PIE",
                                                  "pie",
                                                  "strict-aliasing",
                                                  "wrapv",
                                                  "trapv",
                                                  "common",
                                                  "inline",
                                                  "inline-functions",
                                                  "inline-small-functions",
                                                  "tree-vectorize",
                                                  "tree-loop-vectorize",
                                                  "tree-slp-vectorize",
                                                  "vect-cost-model=",
                                                  "stack-protector",
                                                  "stack-protector-strong",
                                                  "stack-protector-all",
                                                  "stack-clash-protection",
                                                  "cf-protection",
                                                  "visibility=",
                                                  "builtin",
                                                  "signed-char",
                                                  "unsigned-char",
                                                  "math-errno",
                                                  "fast-math",
                                                  "plt",
                                                  "data-sections",
                                                  "function-sections",
                                                  "asynchronous-unwind-tables",
                                                  "unwind-tables",
                                                  "short-enums",
                                                  "expensive-optimizations",
                                                  "gnu89-inline",
                                                  "max-errors=",
                                                  "diagnostics-color",
                                                  "opt-info",
                                                  "opt-info-",
                                                  NULL};

/* Single flags a descriptor may give as they are. */
static const char *const check_plain_flags[] = {
    "-O",    "-O0",      "-O1", "-O2", "-O3", "-Os",   "-Ofast", "-Og",       "-Oz",
    "-g",    "-g0",      "-g1", "-g2", "-g3", "-ggdb", "-w",     "-pedantic", "-pedantic-errors",
    "-ansi", "-pthread", NULL};

/* Print "iccsprof COMMAND: MESSAGE" on stderr. */
void plan_say(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    cmd_vmessage(fmt, ap);
    va_end(ap);
}

/* Print progress "iccsprof COMMAND: MESSAGE" on stderr, unless quiet. */
void plan_note(const char *fmt, ...)
{
    va_list ap;

    if (cmd_verbosity == CMD_QUIET)
        return;
    va_start(ap, fmt);
    cmd_vmessage(fmt, ap);
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

/* Whether V is a plain value: letters, digits and . _ + -, not empty. */
static bool check_plain_value(const char *v)
{
    if (*v == '\0')
        return false;
    for (; *v != '\0'; v++)
        if (!isalnum((unsigned char)*v) && strchr("._+-", *v) == NULL)
            return false;
    return true;
}

/* Whether NAME (after -m or -f, "no-" taken off) is one of TABLE. */
static bool check_listed(const char *name, const char *const *table)
{
    if (strncmp(name, "no-", 3) == 0)
        name += 3;
    for (int k = 0; table[k] != NULL; k++) {
        size_t len = strlen(table[k]);
        char last = table[k][len - 1];

        if (last == '=' && strncmp(name, table[k], len) == 0 && check_plain_value(name + len))
            return true;
        if (last == '-' && strncmp(name, table[k], len) == 0 && strchr(name, '=') == NULL)
            return true;
        if (strcmp(name, table[k]) == 0)
            return true;
    }
    return false;
}

/* Whether the single word W is a flag a descriptor may give: a define,
 * -std=, a warning (no -Wl, -Wa, -Wp, which hand options on), an
 * optimisation or debugging level, or a listed machine or code
 * generation flag. */
static bool check_allowed_word(const char *w)
{
    for (int k = 0; check_plain_flags[k] != NULL; k++)
        if (strcmp(w, check_plain_flags[k]) == 0)
            return true;
    if ((strncmp(w, "-D", 2) == 0 || strncmp(w, "-U", 2) == 0) && w[2] != '\0')
        return true;
    if (strncmp(w, "-std=", 5) == 0)
        return check_plain_value(w + 5);
    if (strncmp(w, "-W", 2) == 0)
        return w[2] != '\0' && strchr(w, ',') == NULL;
    if (strncmp(w, "-m", 2) == 0)
        return check_listed(w + 2, check_machine_flags);
    if (strncmp(w, "-f", 2) == 0)
        return check_listed(w + 2, check_codegen_flags);
    return false;
}

/* The option of check_include_options that WORD starts, or NULL. */
const char *plan_include_option(const char *word)
{
    for (int k = 0; check_include_options[k] != NULL; k++)
        if (strncmp(word, check_include_options[k], strlen(check_include_options[k])) == 0)
            return check_include_options[k];
    return NULL;
}

/* Whether DIR (relative to ROOT, or absolute) is a folder inside ROOT, by
 * its real path: no link or ../ leads out. */
static bool check_inside(const char *root, const char *dir)
{
    char *full = dir[0] == '/' ? xstrdup(dir) : xasprintf("%s/%s", root, dir);
    char *real = realpath(full, NULL);
    size_t len = strlen(root);
    bool in =
        real != NULL && strncmp(real, root, len) == 0 && (real[len] == '/' || real[len] == '\0');

    free(real);
    free(full);
    return in;
}

/* Refuse in WORDS from a descriptor every flag but those it may give. */
int plan_check_allowed(const char *where, const char *words, const char *root)
{
    struct strlist w = {0};
    int rc = 0;

    strlist_add_words(&w, words);
    for (size_t i = 0; i < w.n && rc == 0; i++) {
        const char *opt = plan_include_option(w.v[i]), *dir;
        bool apart = (strcmp(w.v[i], "-D") == 0 || strcmp(w.v[i], "-U") == 0 ||
                      (opt != NULL && w.v[i][strlen(opt)] == '\0'));

        if (apart && i + 1 == w.n) {
            plan_say("%s: %s is refused: it takes a value, and none follows", where, w.v[i]);
            rc = -1;
        } else if (opt != NULL) {
            dir = apart ? w.v[i + 1] : w.v[i] + strlen(opt);
            if (!check_inside(root, dir)) {
                plan_say("%s: %s%s%s is refused: %s is not a folder inside the package, and "
                         "only the command line (--cflags) may give include folders outside it",
                         where, w.v[i], apart ? " " : "", apart ? dir : "", dir);
                rc = -1;
            }
        } else if (!apart && !check_allowed_word(w.v[i])) {
            plan_say("%s: %s is refused: a descriptor may give only defines (-D, -U), include "
                     "folders inside the package (-I), -std=, warnings (-W), optimisation (-O), "
                     "-g and listed -m and -f flags; only the command line (--cflags) may give "
                     "others",
                     where, w.v[i]);
            rc = -1;
        }
        i += apart;
    }
    strlist_free(&w);
    return rc;
}

/* WORDS of a descriptor with the include folders relative to ROOT made
 * absolute, since the compilers do not run in the package: appended to
 * OUT. */
void plan_descriptor_words(const char *words, const char *root, struct strlist *out)
{
    struct strlist w = {0};

    strlist_add_words(&w, words);
    for (size_t i = 0; i < w.n; i++) {
        const char *opt = plan_include_option(w.v[i]);
        const char *dir = opt == NULL                   ? NULL
                          : w.v[i][strlen(opt)] != '\0' ? w.v[i] + strlen(opt)
                          : i + 1 < w.n                 ? w.v[++i]
                                                        : NULL;

        if (dir != NULL && dir[0] != '/')
            strlist_addf(out, "%s%s/%s", opt, root, dir);
        else if (dir != NULL)
            strlist_addf(out, "%s%s", opt, dir);
        else
            strlist_add(out, w.v[i]);
    }
    strlist_free(&w);
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

/* Whether S holds a tab or a line break. */
bool plan_unprintable(const char *s)
{
    return strpbrk(s, "\t\n\r") != NULL;
}

/* S with tabs and line breaks shown as \t \n \r. */
char *plan_escaped(const char *s)
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

/* NAME as a file name. */
char *plan_file_name(const char *name)
{
    char *n = xstrdup(name);

    for (char *p = n; *p != '\0'; p++)
        if (!isalnum((unsigned char)*p) && strchr("._+-", *p) == NULL)
            *p = '_';
    if (n[0] == '.')
        n[0] = '_';
    return n;
}
