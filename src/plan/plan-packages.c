/* plan-packages.c - the package a command names, found the way an
 * evaluator holds them: the official archives (one per submission) in a
 * folder, named by their id or official name, by the folder or archive
 * name the catalog gives, by a descriptor line "id = ...", or, renamed,
 * by their SHA-256. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/build-files.h"
#include "plan/catalog.h"
#include "util/libfile.h"
#include "plan/plan-packages.h"
#include "plan/plan-stages.h"

/* The folder of downloaded packages when nothing names one. */
#define PACKAGES_HOME_DIR "ngcc"

/* The packages folders searched. */
int packages_dirs(const char *dir, const char *schemes_dir, struct strlist *out)
{
    const char *env = getenv("ICCSPROF_PACKAGES"), *home = getenv("HOME");

    if (dir != NULL) {
        if (!plan_is_dir(dir)) {
            plan_say("--packages %s: not a folder", dir);
            return -1;
        }
        strlist_add(out, dir);
    } else if (env != NULL && env[0] != '\0') {
        if (!plan_is_dir(env)) {
            plan_say("ICCSPROF_PACKAGES=%s: not a folder", env);
            return -1;
        }
        strlist_add(out, env);
    } else if (home != NULL && home[0] != '\0') {
        char *ngcc = xasprintf("%s/%s", home, PACKAGES_HOME_DIR);

        if (plan_is_dir(ngcc))
            strlist_add(out, ngcc);
        free(ngcc);
    }
    if (schemes_dir != NULL)
        strlist_add(out, schemes_dir);
    return 0;
}

/* Whether the entry NAME (a folder when DIR, else a file) is called one
 * of NAMES: a folder by its name, an archive by its name less the ending. */
static bool packages_named(const char *name, bool dir, const struct strlist *names)
{
    size_t stem = strlen(name);

    if (!dir && !archive_is_named(name, &stem))
        return false;
    for (size_t k = 0; k < names->n; k++)
        if (strlen(names->v[k]) == stem && strncasecmp(name, names->v[k], stem) == 0)
            return true;
    return false;
}

/* The sorted entries of DIR that are folders (into DIRS) and archives
 * (into FILES), hidden ones aside. */
static void packages_list(const char *dir, struct strlist *dirs, struct strlist *files)
{
    DIR *d = opendir(dir);
    struct dirent *e;

    while (d != NULL && (e = readdir(d)) != NULL) {
        char *path = xasprintf("%s/%s", dir, e->d_name);
        struct stat st;
        size_t stem;

        if (e->d_name[0] != '.' && stat(path, &st) == 0) {
            if (S_ISDIR(st.st_mode))
                strlist_add(dirs, e->d_name);
            else if (S_ISREG(st.st_mode) && archive_is_named(e->d_name, &stem))
                strlist_add(files, e->d_name);
        }
        free(path);
    }
    if (d != NULL)
        closedir(d);
    strlist_sort(dirs);
    strlist_sort(files);
}

/* Whether the folder DIR/NAME has a descriptor saying id = ID. */
static bool packages_has_id(const char *dir, const char *name, const char *id)
{
    char *conf = xasprintf("%s/%s/scheme.conf", dir, name);
    char *value = conf_peek(conf, "id");
    bool yes = value != NULL && strcasecmp(value, id) == 0;

    free(value);
    free(conf);
    return yes;
}

/* The package in DIR called one of NAMES, else whose descriptor gives
 * ID, else the archive whose SHA-256 is SHA (when not NULL): its path,
 * newly allocated, or NULL. */
static char *packages_search(const char *dir, const struct strlist *names, const char *id,
                             const char *sha)
{
    struct strlist dirs = {0}, files = {0};
    char *found = NULL;

    packages_list(dir, &dirs, &files);
    for (size_t k = 0; k < dirs.n && found == NULL; k++)
        if (packages_named(dirs.v[k], true, names))
            found = xasprintf("%s/%s", dir, dirs.v[k]);
    for (size_t k = 0; k < files.n && found == NULL; k++)
        if (packages_named(files.v[k], false, names))
            found = xasprintf("%s/%s", dir, files.v[k]);
    for (size_t k = 0; k < dirs.n && found == NULL; k++)
        if (packages_has_id(dir, dirs.v[k], id))
            found = xasprintf("%s/%s", dir, dirs.v[k]);
    for (size_t k = 0; k < files.n && found == NULL && sha != NULL; k++) {
        char *path = xasprintf("%s/%s", dir, files.v[k]), hex[65];

        if (libfile_sha256(path, hex) == 0 && strcmp(hex, sha) == 0)
            found = path;
        else
            free(path);
    }
    strlist_free(&dirs);
    strlist_free(&files);
    return found;
}

/* Take the catalog entry E (or none) as what S is: its id and name. */
static void packages_take_entry(const struct catalog_entry *e, const char *named,
                                struct package_source *s)
{
    s->scheme = xstrdup(e != NULL ? e->id : named);
    s->name = e != NULL ? xstrdup(e->name) : NULL;
}

/* The verdict on the archive S read, as the catalog C has it (E: the
 * submission it was named as, or NULL). */
static void packages_judge(const struct catalog *c, const struct catalog_entry *e,
                           struct package_source *s)
{
    if (e == NULL)
        e = catalog_by_sha256(c, s->sha256);
    s->verdict = catalog_verdict(e, s->sha256, &s->official);
}

/* The submission the archive PATH is, by its SHA-256 (into S), by the
 * scheme named WORD, or by its name; NULL when none. */
static const struct catalog_entry *packages_archive_entry(const struct catalog *c, const char *path,
                                                          const char *word,
                                                          struct package_source *s)
{
    const char *base = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
    const struct catalog_entry *e = NULL;
    size_t stem;
    char *name;

    if (word != NULL && (e = catalog_find(c, word)) != NULL)
        return e;
    if ((e = catalog_by_sha256(c, s->sha256)) != NULL)
        return e;
    if (!archive_is_named(base, &stem))
        return NULL;
    name = strndup(base, stem);
    e = name != NULL ? catalog_find(c, name) : NULL;
    free(name);
    return e;
}

/* An archive given or found at PATH, the scheme named WORD (or NULL). */
static int packages_archive(const struct catalog *c, const char *path, const char *word,
                            struct package_source *s)
{
    const struct catalog_entry *e;
    char hex[65];
    size_t stem;
    const char *base = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;

    if (libfile_sha256(path, hex) != 0) {
        plan_say("%s: %s", path, strerror(errno));
        return -1;
    }
    s->sha256 = xstrdup(hex);
    s->archive = xstrdup(path);
    e = packages_archive_entry(c, path, word, s);
    archive_is_named(base, &stem);
    if (e != NULL || word != NULL) {
        packages_take_entry(e, word, s);
    } else {
        char *named = strndup(base, stem);

        s->scheme = plan_file_name(named != NULL ? named : "scheme");
        s->provisional = true;
        free(named);
    }
    packages_judge(c, e, s);
    return 0;
}

/* A folder given at PATH, the scheme named WORD (or NULL): the catalog
 * knows it by WORD or by the folder's own name. */
static void packages_folder(const struct catalog *c, const char *path, const char *word,
                            struct package_source *s)
{
    char *real = realpath(path, NULL);
    const char *base = real != NULL && strrchr(real, '/') != NULL ? strrchr(real, '/') + 1 : path;
    const struct catalog_entry *e = catalog_find(c, word != NULL ? word : base);

    if (e != NULL)
        packages_take_entry(e, NULL, s);
    else if (word != NULL)
        s->scheme = xstrdup(word);
    else
        s->provisional = true;
    s->folder = xstrdup(path);
    free(real);
}

/* Where packages are looked for when no folder is given. */
#define PACKAGES_NONE "no packages folder to look in (--packages DIR, $ICCSPROF_PACKAGES or ~/ngcc)"

/* What the search for E (or WORD) looked for in DIRS, for the message. */
static char *packages_looked(const struct catalog_entry *e, const char *word,
                             const struct strlist *dirs)
{
    char *where = strlist_join(dirs, ", ");
    char *text;

    if (dirs->n == 0)
        text = e != NULL ? xasprintf("%s (%s): %s", e->id, e->name, PACKAGES_NONE)
                         : xstrdup(PACKAGES_NONE);
    else if (e != NULL)
        text = xasprintf("%s (%s): not found in %s: no folder %s or %s, no archive %s.zip, "
                         "%s.tar.gz or %s.tar.xz, no descriptor id = %s, no archive of SHA-256 "
                         "%.12s...",
                         e->id, e->name, where, e->folder, e->id, e->folder, e->folder, e->folder,
                         e->id, e->sha256);
    else
        text = xasprintf("nothing named %s in %s", word, where);
    free(where);
    return text;
}

/* The word O names the package by, a catalog entry or not, found in
 * DIRS into S. */
static int packages_by_word(const struct catalog *c, const struct plan_options *o, const char *word,
                            const struct strlist *dirs, struct package_source *s)
{
    const struct catalog_entry *e = catalog_find(c, word);
    struct strlist names = {0}, near = {0};
    char *found = NULL, *own, *looked, *listed;
    size_t stem;
    int rc = 0;

    if (e != NULL) {
        strlist_add(&names, e->folder);
        strlist_add(&names, e->id);
        strlist_add(&names, e->name);
    } else {
        strlist_add(&names, word);
    }
    for (size_t d = 0; d < dirs->n && found == NULL; d++)
        found = packages_search(dirs->v[d], &names, e != NULL ? e->id : word,
                                e != NULL ? e->sha256 : NULL);
    if (found != NULL && archive_is_named(found, &stem) && !plan_is_dir(found)) {
        rc = packages_archive(c, found, e != NULL ? e->id : word, s);
    } else if (found != NULL) {
        packages_folder(c, found, e != NULL ? e->id : word, s);
        own = o->schemes_dir != NULL ? xasprintf("%s/%s", o->schemes_dir, s->scheme) : NULL;
        /* a scheme of the tree is planned as one: beside its shared files */
        if (own != NULL && strcmp(found, own) == 0) {
            free(s->folder);
            s->folder = NULL;
        }
        free(own);
    } else if (e != NULL) {
        looked = packages_looked(e, word, dirs);
        plan_say("%s", looked);
        free(looked);
        rc = -1;
    } else {
        /* not in the catalog and not found: the tree's own message says
         * what it has, after what was looked for here */
        catalog_nearest(c, word, 3, &near);
        listed = strlist_join(&near, ", ");
        looked = packages_looked(NULL, word, dirs);
        s->scheme = xstrdup(word);
        s->looked = xasprintf("not in the catalog%s%s%s, %s", near.n > 0 ? " (nearest: " : "",
                              listed, near.n > 0 ? ")" : "", looked);
        free(looked);
        free(listed);
    }
    free(found);
    strlist_free(&names);
    strlist_free(&near);
    return rc;
}

/* The package the operand PATH, an existing file or folder, is, named
 * WORD (or NULL), into S. */
static int packages_given(const struct catalog *c, const char *path, const char *word,
                          struct package_source *s)
{
    size_t stem;

    if (plan_is_dir(path)) {
        packages_folder(c, path, word, s);
        return 0;
    }
    if (!archive_is_named(path, &stem)) {
        plan_say("%s: not a folder nor an archive (.zip, .tar.gz, .tgz, .tar.xz, .txz)", path);
        return -1;
    }
    return packages_archive(c, path, word, s);
}

/* Point O at what S found. */
static void packages_apply(const struct package_source *s, struct plan_options *o)
{
    if (s->scheme != NULL)
        o->scheme = s->scheme;
    if (s->folder != NULL)
        o->package = s->folder;
    o->official = s->name;
    o->archive = s->archive;
    o->archive_sha256 = s->sha256;
    o->archive_verdict = s->verdict;
    o->archive_official = s->official;
    o->provisional = s->provisional;
    o->looked = s->looked;
}

/* Find the package O names. */
int packages_find(struct plan_options *o, const struct strlist *dirs, struct package_source *s)
{
    struct catalog c;
    char *why;
    const char *operand = o->package;
    int rc = 0;

    memset(s, 0, sizeof *s);
    if (catalog_load(&c, &why) != 0) {
        plan_say("the catalog: %s", why);
        free(why);
        return -1;
    }
    if (operand != NULL && access(operand, F_OK) == 0) {
        rc = packages_given(&c, operand, o->scheme, s);
    } else if (operand != NULL && strchr(operand, '/') != NULL) {
        plan_say("%s: no such folder or archive", operand);
        rc = -1;
    } else if (operand != NULL || (o->scheme != NULL && o->schemes_dir != NULL)) {
        /* an id or a name: the operand, or make's SCHEME */
        const char *word = operand != NULL ? operand : o->scheme;

        rc = packages_by_word(&c, o, word, dirs, s);
        if (rc == 0 && s->looked != NULL && o->schemes_dir == NULL) {
            plan_say("no scheme '%s': %s", word, s->looked);
            rc = -1;
        }
        if (rc == 0 && operand != NULL && s->folder == NULL && s->archive == NULL)
            o->package = NULL;
    } else if (o->scheme != NULL) {
        /* --scheme names the package of the current folder */
        const struct catalog_entry *e = catalog_find(&c, o->scheme);

        packages_take_entry(e, o->scheme, s);
    }
    if (rc == 0)
        packages_apply(s, o);
    catalog_free(&c);
    return rc;
}

/* The folder the archive unpacked into DEST holds the package in: its
 * one top folder, as published archives have, else DEST itself. */
static char *packages_top(const char *dest)
{
    struct strlist dirs = {0}, files = {0};
    DIR *d = opendir(dest);
    struct dirent *e;
    size_t others = 0;
    char *top;

    while (d != NULL && (e = readdir(d)) != NULL)
        others += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    if (d != NULL)
        closedir(d);
    packages_list(dest, &dirs, &files);
    top = others == 1 && dirs.n == 1 ? xasprintf("%s/%s", dest, dirs.v[0]) : xstrdup(dest);
    strlist_free(&dirs);
    strlist_free(&files);
    return top;
}

/* Remove what ROOT holds but KEEP: the unpacked archives of before. */
static void packages_forget(const char *root, const char *keep)
{
    DIR *d = opendir(root);
    struct dirent *e;
    struct strlist old = {0};

    while (d != NULL && (e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 &&
            strcmp(e->d_name, keep) != 0)
            strlist_add(&old, e->d_name);
    if (d != NULL)
        closedir(d);
    for (size_t k = 0; k < old.n; k++) {
        char *path = xasprintf("%s/%s", root, old.v[k]);

        file_remove_tree(path);
        free(path);
    }
    strlist_free(&old);
}

/* Unpack the archive S found under BUILD (the scheme's build folder,
 * locked), unless it was already, and point O at the package in it. */
int packages_unpack(struct plan_options *o, const char *build, const struct archive_limits *lim,
                    struct package_source *s)
{
    char *root = xasprintf("%s/.archive", build), *real, *dest, *tmp, *why, key[17];
    int rc = 0;

    if (s->archive == NULL) {
        free(root);
        return 0;
    }
    if (file_mkdirs(root) != 0 || (real = realpath(root, NULL)) == NULL) {
        plan_say("%s: %s", root, strerror(errno));
        free(root);
        return -1;
    }
    /* by content: a changed archive is unpacked again, an unchanged one
     * is not */
    snprintf(key, sizeof key, "%.16s", s->sha256);
    dest = xasprintf("%s/%s", real, key);
    tmp = xasprintf("%s/.new-%ld", real, (long)getpid());
    if (plan_is_dir(dest)) {
        plan_note("%s: unchanged, as unpacked in %s", s->archive, dest);
    } else {
        file_remove_tree(tmp);
        if (archive_unpack(s->archive, tmp, lim, &why) != 0) {
            plan_say("%s (nothing of it unpacked)", why);
            free(why);
            rc = -1;
        } else if (rename(tmp, dest) != 0) {
            plan_say("%s: %s", dest, strerror(errno));
            file_remove_tree(tmp);
            rc = -1;
        } else {
            plan_note("%s: unpacked into %s", s->archive, dest);
            packages_forget(real, key);
        }
    }
    if (rc == 0) {
        free(s->folder);
        s->folder = packages_top(dest);
        o->package = s->folder;
    }
    free(tmp);
    free(dest);
    free(real);
    free(root);
    return rc;
}

/* Free what the search found. */
void package_source_free(struct package_source *s)
{
    free(s->scheme);
    free(s->name);
    free(s->folder);
    free(s->archive);
    free(s->sha256);
    free(s->verdict);
    free(s->looked);
    memset(s, 0, sizeof *s);
}
