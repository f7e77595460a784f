/* provenance.c - what made an output: tool, date, host, command line. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "util/markup.h"
#include "report/mdtable.h"
#include "report/provenance.h"
#include "util/strlist.h"

#define PROVENANCE_ENV "ICCSPROF_COMMAND"

static char *provenance_argv; /* the command line as set, quoted */

/* Whether WORD can stand unquoted in a POSIX shell command. */
static bool provenance_plain(const char *word)
{
    return word[0] != '\0' && strspn(word, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                           "0123456789_@%+=:,./-") == strlen(word);
}

/* Append WORD to L as a shell would need it: plain, or in single quotes
 * with each quote written '\''. */
static void provenance_quote(struct strlist *l, const char *word)
{
    struct strlist parts = {0};
    char *joined;

    if (provenance_plain(word)) {
        strlist_add(l, word);
        return;
    }
    for (const char *s = word, *q;; s = q + 1) {
        q = strchr(s, '\'');
        strlist_addf(&parts, "%.*s", (int)(q != NULL ? q - s : (ptrdiff_t)strlen(s)), s);
        if (q == NULL)
            break;
    }
    joined = strlist_join(&parts, "'\\''");
    strlist_addf(l, "'%s'", joined);
    free(joined);
    strlist_free(&parts);
}

/* Remember the command line; the program is named by its base name, so
 * that the line reads the same from the build tree and an install. */
void provenance_set_command(int argc, char **argv)
{
    struct strlist words = {0};
    const char *slash = argc > 0 ? strrchr(argv[0], '/') : NULL;

    if (argc > 0)
        provenance_quote(&words, slash != NULL ? slash + 1 : argv[0]);
    for (int i = 1; i < argc; i++)
        provenance_quote(&words, argv[i]);
    free(provenance_argv);
    provenance_argv = strlist_join(&words, " ");
    strlist_free(&words);
}

/* Give children this command line, unless a command above set one. */
void provenance_export(void)
{
    setenv(PROVENANCE_ENV, provenance_command(), 0);
}

/* The tool and its version. */
const char *provenance_tool(void)
{
    return PACKAGE_NAME " " PACKAGE_VERSION;
}

/* The date: SOURCE_DATE_EPOCH when it holds a number of seconds, else
 * now; in UTC. */
const char *provenance_date(void)
{
    static char buf[32];
    const char *epoch = getenv("SOURCE_DATE_EPOCH");
    time_t t = time(NULL);
    struct tm tm;
    char *end;

    if (epoch != NULL && epoch[0] != '\0') {
        long long v;

        errno = 0;
        v = strtoll(epoch, &end, 10);
        if (errno == 0 && *end == '\0' && v >= 0)
            t = (time_t)v;
    }
    if (gmtime_r(&t, &tm) == NULL || strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
        snprintf(buf, sizeof buf, "unknown");
    return buf;
}

/* The host name. */
const char *provenance_host(void)
{
    static char buf[HOST_NAME_MAX + 1];

    if (gethostname(buf, sizeof buf) != 0 || buf[0] == '\0')
        snprintf(buf, sizeof buf, "unknown");
    buf[sizeof buf - 1] = '\0';
    return buf;
}

/* The command line: ICCSPROF_COMMAND, else this process's. */
const char *provenance_command(void)
{
    const char *env = getenv(PROVENANCE_ENV);

    if (env != NULL && env[0] != '\0')
        return env;
    return provenance_argv != NULL ? provenance_argv : PACKAGE_NAME;
}

/* "Made by iccsprof 0.1.0 on host H, DATE: COMMAND", the command in a
 * code span in MARKDOWN. */
char *provenance_line(bool markdown)
{
    const char *command = provenance_command();
    size_t size = 2 * strlen(command) + 16;
    char *code = xmalloc(size), *line;

    if (markdown)
        md_code(code, size, command);
    else
        snprintf(code, size, "%s", command);
    line = xasprintf("Made by %s on host %s, %s: %s", provenance_tool(), provenance_host(),
                     provenance_date(), code);
    free(code);
    return line;
}

/* The line without the command. */
char *provenance_short_line(void)
{
    return xasprintf("Made by %s on host %s, %s", provenance_tool(), provenance_host(),
                     provenance_date());
}

/* The "made" member of a JSON output. */
json_t *provenance_json(void)
{
    return json_pack("{s:s, s:s, s:s}", "date", provenance_date(), "host", provenance_host(),
                     "command", provenance_command());
}

static const char *const provenance_names[] = {"made_by", "made_date", "made_host", "made_command"};

/* Append the provenance columns to KEYS. */
void provenance_columns(json_t *keys)
{
    for (size_t i = 0; i < sizeof provenance_names / sizeof provenance_names[0]; i++)
        json_array_append_new(keys, json_string(provenance_names[i]));
}

/* Set the provenance columns' values in ROW. */
void provenance_fields(json_t *row)
{
    const char *values[] = {provenance_tool(), provenance_date(), provenance_host(),
                            provenance_command()};

    for (size_t i = 0; i < sizeof provenance_names / sizeof provenance_names[0]; i++)
        json_object_set_new(row, provenance_names[i], json_string(values[i]));
}

/* The stream to draw an SVG document into: memory, so that the metadata
 * can go inside its root. */
FILE *provenance_svg_open(struct provenance_svg *svg)
{
    svg->text = NULL;
    svg->len = 0;
    if ((svg->m = open_memstream(&svg->text, &svg->len)) == NULL)
        abort();
    return svg->m;
}

/* Print the document with the provenance in a <metadata> element opening
 * its root: after the end of the root's start tag, the first '>' after
 * "<svg". */
void provenance_svg_close(struct provenance_svg *svg, FILE *out)
{
    const char *root, *end = NULL;
    char *line;

    fclose(svg->m);
    root = memmem(svg->text, svg->len, "<svg", 4);
    if (root != NULL)
        end = memchr(root, '>', svg->len - (size_t)(root - svg->text));
    if (end == NULL) {
        fwrite(svg->text, 1, svg->len, out);
    } else {
        line = provenance_line(false);
        fwrite(svg->text, 1, (size_t)(end + 1 - svg->text), out);
        fputs("\n<metadata>", out);
        markup_escape(out, line);
        fputs("</metadata>", out);
        fwrite(end + 1, 1, svg->len - (size_t)(end + 1 - svg->text), out);
        free(line);
    }
    free(svg->text);
}
