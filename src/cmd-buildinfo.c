/* cmd-buildinfo.c - `iccsprof buildinfo INFO COVERAGE OUT`: write the
 * build.json of a scheme instance for the driver.
 *
 * The scheme build rules are shell and make; they describe an instance in
 * INFO, one "key<TAB>value" a line, and this turns it into JSON with
 * jansson so that every string is escaped properly whatever the package's
 * paths and flags hold.  COVERAGE is the output of `iccsprof audit --json`
 * on the library objects, embedded as it is.  OUT is replaced atomically. */
#include "config.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buildinfo.h"
#include "cmd.h"

/* The single-valued keys, in the order build.json lists them; those
 * marked optional are null when INFO has no line for them. */
static const struct {
    const char *key;
    int optional;
} buildinfo_scalar[] = {
    {"scheme", 0},   {"algorithm", 0}, {"instance", 0}, {"implementation", 0}, {"source_dir", 0},
    {"compiler", 0}, {"cflags", 0},    {"fallback", 1}, {"drng_global", 1},
};
#define BUILDINFO_NSCALAR (sizeof buildinfo_scalar / sizeof buildinfo_scalar[0])

/* Index of KEY among the single-valued keys, or -1. */
static int buildinfo_scalar_index(const char *key)
{
    for (size_t i = 0; i < BUILDINFO_NSCALAR; i++)
        if (strcmp(buildinfo_scalar[i].key, key) == 0)
            return (int)i;
    return -1;
}

/* Record one INFO line into the scalars, sources and excluded lists;
 * -1 with a message (naming NAME:LINENO) when the line is malformed. */
static int buildinfo_take_line(char *line, const char *name, long lineno, json_t *scalars,
                               json_t *sources, json_t *excluded)
{
    char *value = strchr(line, '\t'), *reason;
    json_t *probe;
    int idx;

    if (value == NULL) {
        cmd_error("%s:%ld: expected KEY<TAB>VALUE", name, lineno);
        return -1;
    }
    *value++ = '\0';
    /* JSON strings are UTF-8; a path in another encoding cannot be kept. */
    if ((probe = json_string(value)) == NULL) {
        cmd_error("%s:%ld: the value of '%s' is not UTF-8", name, lineno, line);
        return -1;
    }
    json_decref(probe);
    if (strcmp(line, "source") == 0)
        return json_array_append_new(sources, json_string(value));
    if (strcmp(line, "excluded") == 0) {
        if ((reason = strchr(value, '\t')) == NULL) {
            cmd_error("%s:%ld: excluded needs FILE<TAB>REASON", name, lineno);
            return -1;
        }
        *reason++ = '\0';
        return json_array_append_new(excluded,
                                     json_pack("{s:s, s:s}", "file", value, "reason", reason));
    }
    if ((idx = buildinfo_scalar_index(line)) < 0) {
        cmd_error("%s:%ld: unknown key '%s'", name, lineno, line);
        return -1;
    }
    if (json_object_get(scalars, line) != NULL) {
        cmd_error("%s:%ld: '%s' given twice", name, lineno, line);
        return -1;
    }
    if (strcmp(line, "drng_global") == 0 && strcmp(value, "package") != 0 &&
        strcmp(value, "supplied") != 0) {
        cmd_error("%s:%ld: drng_global must be package or supplied, not '%s'", name, lineno, value);
        return -1;
    }
    return json_object_set_new(scalars, line, json_string(value));
}

/* Assemble build.json from its parts; NULL with a message when a
 * required key is missing. */
static json_t *buildinfo_assemble(const char *name, json_t *scalars, json_t *sources,
                                  json_t *excluded, json_t *coverage)
{
    json_t *doc = json_object();

    for (size_t i = 0; i < BUILDINFO_NSCALAR; i++) {
        json_t *v = json_object_get(scalars, buildinfo_scalar[i].key);

        if (v == NULL && !buildinfo_scalar[i].optional) {
            cmd_error("%s: no '%s' line", name, buildinfo_scalar[i].key);
            json_decref(doc);
            return NULL;
        }
        json_object_set(doc, buildinfo_scalar[i].key, v != NULL ? v : json_null());
    }
    json_object_set(doc, "sources", sources);
    json_object_set(doc, "excluded", excluded);
    json_object_set(doc, "coverage", coverage);
    return doc;
}

/* Build the build.json document from the INFO stream (named NAME in
 * messages) and the COVERAGE object; NULL with a message on bad input. */
json_t *buildinfo_read(FILE *info, const char *name, json_t *coverage)
{
    json_t *scalars = json_object(), *sources = json_array(), *excluded = json_array();
    json_t *doc = NULL;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long lineno = 0;

    if (!json_is_object(coverage)) {
        cmd_error("%s: the coverage is not a JSON object", name);
        goto out;
    }
    while ((len = getline(&line, &cap, info)) >= 0) {
        lineno++;
        if (len > 0 && line[len - 1] == '\n')
            line[--len] = '\0';
        if (len == 0)
            continue;
        if (buildinfo_take_line(line, name, lineno, scalars, sources, excluded) != 0)
            goto out;
    }
    if (ferror(info)) {
        cmd_error("%s: %s", name, strerror(errno));
        goto out;
    }
    doc = buildinfo_assemble(name, scalars, sources, excluded, coverage);
out:
    free(line);
    json_decref(scalars);
    json_decref(sources);
    json_decref(excluded);
    return doc;
}

/* The process's file creation mask (reading it means setting it). */
static mode_t buildinfo_umask(void)
{
    mode_t mask = umask(022);

    umask(mask);
    return mask;
}

/* Write DOC to PATH through a temporary file in the same folder and a
 * rename, so a reader never sees half a file; -1 with a message. */
int buildinfo_write_atomic(json_t *doc, const char *path)
{
    size_t n = strlen(path) + sizeof ".tmp.XXXXXX";
    char *tmp = malloc(n);
    FILE *f = NULL;
    int fd, rc = -1;

    if (tmp == NULL) {
        cmd_error("%s: %s", path, strerror(ENOMEM));
        return -1;
    }
    snprintf(tmp, n, "%s.tmp.XXXXXX", path);
    if ((fd = mkstemp(tmp)) < 0 || fchmod(fd, 0666 & ~buildinfo_umask()) != 0 ||
        (f = fdopen(fd, "w")) == NULL) {
        cmd_error("%s: %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        goto out;
    }
    if (json_dumpf(doc, f, JSON_INDENT(2)) != 0 || fputc('\n', f) == EOF || fflush(f) != 0 ||
        fsync(fileno(f)) != 0) {
        cmd_error("%s: %s", path, strerror(errno ? errno : EIO));
        fclose(f);
        goto out;
    }
    if (fclose(f) != 0 || rename(tmp, path) != 0) {
        cmd_error("%s: %s", path, strerror(errno));
        goto out;
    }
    rc = 0;
out:
    if (rc != 0 && fd >= 0)
        unlink(tmp);
    free(tmp);
    return rc;
}

/* Read INFO and COVERAGE, write OUT. */
static int cmd_buildinfo_exec(const struct cmd_args *args)
{
    const char *info_path, *coverage_path, *out_path;
    json_error_t jerr;
    json_t *coverage, *doc;
    FILE *info;
    int rc;

    if (args->argc != 3)
        return cmd_usage_error(&cmd_buildinfo_entry, "needs INFO, COVERAGE and OUT");
    info_path = args->argv[0];
    coverage_path = args->argv[1];
    out_path = args->argv[2];
    if ((coverage = json_load_file(coverage_path, 0, &jerr)) == NULL) {
        cmd_error("%s:%d: %s", coverage_path, jerr.line, jerr.text);
        return EXIT_USAGE;
    }
    if ((info = fopen(info_path, "r")) == NULL) {
        cmd_error("%s: %s", info_path, strerror(errno));
        json_decref(coverage);
        return EXIT_USAGE;
    }
    doc = buildinfo_read(info, info_path, coverage);
    fclose(info);
    json_decref(coverage);
    rc = doc != NULL && buildinfo_write_atomic(doc, out_path) == 0 ? EXIT_OK : EXIT_USAGE;
    json_decref(doc);
    return rc;
}

const struct cmd_entry cmd_buildinfo_entry = {
    .name = "buildinfo",
    .operands = "INFO COVERAGE OUT",
    .summary = "write a scheme instance's build.json (used by make profile)",
    .hidden = true,
    .exec = cmd_buildinfo_exec,
};
