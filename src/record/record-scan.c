/* record-scan.c - the records named on a command line, files and folders. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/message.h"
#include "record/record-scan.h"
#include "util/regfile.h"
#include "record/whatif-doc.h"

/* Room for one error line of the reader. */
#define SCAN_ERR 1024
/* How every profile record's schema id begins. */
#define REC_SCHEMA_PREFIX "iccsprof.profile/"

/* Note PATH as a bad input (its message is already printed). */
static void scan_bad(struct rec_set *set, const char *path)
{
    set->bad = realloc(set->bad, (set->nbad + 1) * sizeof *set->bad);
    set->bad[set->nbad++] = strdup(path);
}

/* Whether PATH, which the reader refused, is a JSON document of another
 * kind (an object whose "schema" does not name an iccsprof profile, such
 * as profile.schema.json itself); its schema, or "no schema member", is
 * put in WHAT.  A broken profile is not one: it must still be reported. */
static bool scan_other_document(const char *path, char *what, size_t size)
{
    char why[SCAN_ERR];
    FILE *f = regfile_fopen(path, why, sizeof why);
    json_t *doc = f != NULL ? json_loadf(f, 0, NULL) : NULL;
    json_t *schema = json_object_get(doc, "schema");
    bool other = json_is_object(doc) &&
                 (!json_is_string(schema) || strncmp(json_string_value(schema), REC_SCHEMA_PREFIX,
                                                     strlen(REC_SCHEMA_PREFIX)) != 0);

    if (other && json_is_string(schema))
        snprintf(what, size, "schema \"%s\"", json_string_value(schema));
    else if (other)
        snprintf(what, size, "no schema member");
    json_decref(doc);
    if (f != NULL)
        fclose(f);
    return other;
}

/* Load one record file into SET, or report it as bad.  A file found in a
 * folder (IN_FOLDER) that is not a profile at all is passed over with a
 * note, since a folder of profiles may hold other JSON, such as the record
 * schema; true when it was. */
static bool scan_file(struct rec_set *set, const char *path, bool in_folder)
{
    char err[SCAN_ERR], what[SCAN_ERR];
    struct rec *r = rec_load(path, err, sizeof err);

    if (r == NULL && in_folder && scan_other_document(path, what, sizeof what)) {
        cmd_note("%s skipped: not a profile record (%s)", path, what);
        return true;
    }
    if (r == NULL) {
        cmd_error("%s", err);
        scan_bad(set, path);
        return false;
    }
    if (set->n == set->cap) {
        set->cap = set->cap ? 2 * set->cap : 32;
        set->recs = realloc(set->recs, set->cap * sizeof *set->recs);
    }
    set->recs[set->n++] = r;
    if (cmd_verbosity == CMD_VERBOSE)
        cmd_error("read %s: %s %s %s, %s", path, r->scheme_id, r->instance, rec_op_name(r->op),
                  rec_state_name(r->state));
    return false;
}

/* Whether PATH names a what-if document: its file name is WHATIF_FILE. */
static bool scan_is_whatif(const char *path)
{
    const char *name = strrchr(path, '/');

    return strcmp(name != NULL ? name + 1 : path, WHATIF_FILE) == 0;
}

/* Whether a folder entry takes part: not hidden, not . or .. */
static int scan_visible(const struct dirent *e)
{
    return e->d_name[0] != '.';
}

/* Whether NAME ends in ".json". */
static int scan_is_json(const char *name)
{
    size_t n = strlen(name);

    return n > 5 && strcmp(name + n - 5, ".json") == 0;
}

/* Load every *.json under folder DIR (symbolic links to folders are not
 * followed, so a link cycle cannot loop); returns the number of *.json
 * files met, or -1 when DIR cannot be read (reported). */
static long scan_dir(struct rec_set *set, const char *dir)
{
    struct dirent **entries;
    int n = scandir(dir, &entries, scan_visible, alphasort);
    long found = 0;

    if (n < 0) {
        cmd_error("%s: %s", dir, strerror(errno));
        scan_bad(set, dir);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        size_t len = strlen(dir);
        char *path;
        struct stat st;

        if (asprintf(&path, "%s%s%s", dir, len > 0 && dir[len - 1] == '/' ? "" : "/",
                     entries[i]->d_name) < 0)
            abort();
        if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            long sub = scan_dir(set, path);

            found += sub > 0 ? sub : 0;
        } else if (scan_is_whatif(path)) {
            strlist_add(&set->whatif, path);
        } else if (scan_is_json(entries[i]->d_name)) {
            found += !scan_file(set, path, true);
        }
        free(path);
        free(entries[i]);
    }
    free(entries);
    return found;
}

/* Whether folder DIR holds nothing at all (not even hidden files). */
static int scan_dir_empty(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int empty = 1;

    if (d == NULL)
        return 0;
    while (empty && (e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            empty = 0;
    closedir(d);
    return empty;
}

/* Add the records of the NPATHS PATHS to SET and sort them. */
size_t rec_set_scan(struct rec_set *set, char *const *paths, size_t npaths)
{
    for (size_t i = 0; i < npaths; i++) {
        struct stat st;

        if (stat(paths[i], &st) != 0) {
            cmd_error("%s: %s", paths[i], strerror(errno));
            scan_bad(set, paths[i]);
        } else if (!S_ISDIR(st.st_mode) && scan_is_whatif(paths[i])) {
            strlist_add(&set->whatif, paths[i]);
        } else if (!S_ISDIR(st.st_mode)) {
            scan_file(set, paths[i], false);
        } else if (scan_dir_empty(paths[i])) {
            cmd_error("%s: empty directory", paths[i]);
            scan_bad(set, paths[i]);
        } else if (scan_dir(set, paths[i]) == 0) {
            cmd_error("%s: no profiles (no profile record in it)", paths[i]);
            scan_bad(set, paths[i]);
        }
    }
    if (set->n > 1)
        qsort(set->recs, set->n, sizeof *set->recs, rec_cmp);
    return set->nbad;
}

/* Free everything SET holds. */
void rec_set_free(struct rec_set *set)
{
    for (size_t i = 0; i < set->n; i++)
        rec_free(set->recs[i]);
    for (size_t i = 0; i < set->nbad; i++)
        free(set->bad[i]);
    free(set->recs);
    free(set->bad);
    strlist_free(&set->whatif);
    set->recs = NULL;
    set->bad = NULL;
    set->n = set->cap = set->nbad = 0;
}
