/* plan-packages.h - finding the package a command names: a folder, an
 * archive, or an official id or name looked up in the catalog and then
 * searched for in the packages folders (an archive as downloaded, a
 * folder, a descriptor saying "id = sign-29"); an archive is unpacked
 * into the scheme's build folder. */
#ifndef ICCSPROF_PLAN_PACKAGES_H
#define ICCSPROF_PLAN_PACKAGES_H

#include <stdbool.h>

#include "plan/plan-archive.h"
#include "plan/plan.h"

/* What the search found, owned here; plan_options point into it. */
struct package_source {
    char *scheme;     /* the scheme id: the catalog's, else as named */
    char *name;       /* the official name, or NULL when not in the catalog */
    char *folder;     /* the package folder; NULL: the tree's schemes/SCHEME */
    char *archive;    /* the archive read, or NULL */
    char *sha256;     /* the archive's SHA-256 */
    char *verdict;    /* whether it is the official archive, in words */
    bool official;    /* its SHA-256 is the catalog's for the submission */
    bool provisional; /* the scheme id is only a file or folder name */
    char *looked;     /* where a name not found was looked for, for the message */
};

/* The packages folders searched, in order: DIR (--packages), else
 * $ICCSPROF_PACKAGES, else ~/ngcc when it exists; then SCHEMES_DIR when
 * given.  -1 with a message when DIR is given and is not a folder. */
int packages_dirs(const char *dir, const char *schemes_dir, struct strlist *out);

/* Find the package O names (its package operand, else its scheme with
 * the tree's schemes folder) in DIRS, and point O at it (package,
 * scheme, official name, archive); S holds what O points to.  0, or -1
 * with the one error line printed. */
int packages_find(struct plan_options *o, const struct strlist *dirs, struct package_source *s);

/* Unpack the archive S found (if any) under BUILD, the scheme's build
 * folder, which the caller has locked, unless the same archive is
 * unpacked there already; older unpacked archives are removed.  O then
 * names the package folder in it.  0, or -1 with the one error line
 * printed and nothing left of the archive. */
int packages_unpack(struct plan_options *o, const char *build, const struct archive_limits *lim,
                    struct package_source *s);

/* Free what packages_find filled in. */
void package_source_free(struct package_source *s);

#endif
