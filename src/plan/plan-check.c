/* plan-check.c - the planner's messages and the checks of what a user or
 * a package gives it: the id, the implementation kind, flags that would
 * defeat the wrapping (LTO), that name programs the compiler would run
 * (-wrapper, -B, -specs=, -fplugin=, @file, and these inside -Wp,) or
 * files it would write (-o, -MF, ...), names no line can show. */
#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/message.h"
#include "plan/plan-stages.h"

/* Compiler options that name a program to run, a plugin to load or a
 * file of further options, by prefix; the separate-value forms take the
 * next word. */
static const char *const check_program_options[] = {
    "-wrapper",      "-B",          "-specs",          "--specs", "-fplugin",
    "-iplugindir",   "-fuse-ld",    "--ld-path",       "-Wl,",    "-Wa,",
    "-Xlinker",      "-Xassembler", "--gcc-toolchain", "-ccc-",   "-Xclang",
    "-fpass-plugin", "--config",    "-Xpreprocessor",  NULL};

/* Compiler options that name a file the compiler writes (beside its
 * object, which the build names), by prefix; the separate-value forms
 * take the next word.  A package could otherwise have the build write
 * anywhere the user can. */
static const char *const check_output_options[] = {"-o",
                                                   "--output",
                                                   "-MF",
                                                   "-MJ",
                                                   "-aux-info",
                                                   "-dumpdir",
                                                   "-dumpbase",
                                                   "-fprofile-generate=",
                                                   "-fprofile-dir=",
                                                   "-fcs-profile-generate=",
                                                   "-fprofile-instr-generate=",
                                                   "-ftime-trace=",
                                                   NULL};

/* Options that write a file only when given one after '=': dumps and
 * reports, which otherwise go beside the object or to stderr. */
static const char *const check_output_when_named[] = {"-fdump-", "-fopt-info", "-fcallgraph-info",
                                                      NULL};

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

/* The option of TABLE that WORD starts, or NULL. */
static const char *check_prefix(const char *word, const char *const *table)
{
    for (int k = 0; table[k] != NULL; k++)
        if (strncmp(word, table[k], strlen(table[k])) == 0)
            return table[k];
    return NULL;
}

/* What CHECK finds in WORD, or INNER in each comma-separated option of
 * -Wp, which the driver hands to the preprocessor as they are
 * (-Wp,-fplugin=x.so loads a plugin, -Wp,-MD,f writes f); NULL if none. */
static const char *check_with_wp(const char *word, const char *(*check)(const char *),
                                 const char *(*inner)(const char *))
{
    const char *found = check(word);

    if (found != NULL || strncmp(word, "-Wp,", 4) != 0)
        return found;
    for (const char *comma = word + 3; *comma == ','; comma += strcspn(comma + 1, ",") + 1) {
        char *piece = xasprintf("%.*s", (int)strcspn(comma + 1, ","), comma + 1);

        found = inner(piece);
        free(piece);
        if (found != NULL)
            return found;
    }
    return NULL;
}

/* The option of check_program_options (or @file) that WORD starts, or NULL. */
static const char *check_program_option(const char *word)
{
    return word[0] == '@' ? "@file" : check_prefix(word, check_program_options);
}

/* The option naming a file to write that WORD starts, or NULL. */
static const char *check_output_option(const char *word)
{
    const char *named = check_prefix(word, check_output_when_named);

    if (named != NULL && strchr(word, '=') != NULL)
        return named;
    return check_prefix(word, check_output_options);
}

/* As check_output_option, for an option the preprocessor gets itself,
 * whose -MD and -MMD take the file the driver's derive. */
static const char *check_preprocessor_output(const char *word)
{
    static const char *const deps[] = {"-MD", "-MMD", NULL};
    const char *found = check_output_option(word);

    return found != NULL ? found : check_prefix(word, deps);
}

/* Refuse options that name programs in WORDS from a package's file. */
int plan_check_programs(const char *where, const char *words)
{
    struct strlist w = {0};
    int rc = 0;

    strlist_add_words(&w, words);
    for (size_t i = 0; i < w.n && rc == 0; i++) {
        const char *opt = check_with_wp(w.v[i], check_program_option, check_program_option);

        if (opt != NULL) {
            plan_say("%s: %s is refused: %s names a program, a plugin or a file of options for "
                     "the compiler, which only the command line (--cflags) may give",
                     where, w.v[i], opt);
            rc = -1;
        } else if ((opt = check_with_wp(w.v[i], check_output_option, check_preprocessor_output)) !=
                   NULL) {
            plan_say("%s: %s is refused: %s names a file for the compiler to write, where the "
                     "build writes only into its own folder; only the command line (--cflags) "
                     "may give it",
                     where, w.v[i], opt);
            rc = -1;
        }
    }
    strlist_free(&w);
    return rc;
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
