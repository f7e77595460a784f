/* catalog.h - the official list of the NGCC Round 1 submissions (id,
 * category, official name, the folder its archive unpacks to, the SHA-256
 * of the official archive), installed as data and read at run time: how
 * a package named by its id or name is found and how its pages are
 * titled. */
#ifndef ICCSPROF_CATALOG_H
#define ICCSPROF_CATALOG_H

#include <stdbool.h>
#include <stddef.h>

#include "util/strlist.h"

/* What the catalog is, for --version and the manual page. */
#define CATALOG_VERSION "NGCC Round 1"
#define CATALOG_SOURCE                                                                             \
    "the official list of Round 1 submissions: ids numbered in each category's order, "            \
    "SHA-256 of each official archive"
#define CATALOG_FILE "ngcc-catalog.tsv"

/* One submission. */
struct catalog_entry {
    char *id;       /* sign-29 */
    char *category; /* sign, kem, kex or hash */
    char *name;     /* the official name: Tins */
    char *folder;   /* the folder its archive unpacks to, and the archive's name before .zip */
    char *sha256;   /* of the official archive, lower-case hex */
};

struct catalog {
    char *path;
    struct catalog_entry *v;
    size_t n;
};

/* The categories, in the catalog's order, NULL-terminated. */
extern const char *const catalog_categories[];

/* Where the catalog is read from: $ICCSPROF_CATALOG, else the source
 * tree's data/ when this program runs from its build tree, else the
 * installed one; newly allocated. */
char *catalog_path(void);

/* Read the catalog into C; 0, or -1 with the reason (naming the file and
 * line) in *WHY, newly allocated. */
int catalog_load(struct catalog *c, char **why);

/* The submission whose id, official name or folder is WORD (letter case
 * aside), or NULL. */
const struct catalog_entry *catalog_find(const struct catalog *c, const char *word);

/* The submission whose official archive has the SHA-256 HEX, or NULL. */
const struct catalog_entry *catalog_by_sha256(const struct catalog *c, const char *hex);

/* Up to MAX ids nearest to WORD, an id or a name not in the catalog, into
 * OUT: by edit distance, then (in WORD's category) by number. */
void catalog_nearest(const struct catalog *c, const char *word, size_t max, struct strlist *out);

/* The number of submissions of CATEGORY in C. */
size_t catalog_count(const struct catalog *c, const char *category);

/* The order of the scheme ids A and B as the pages list them: the
 * catalog's (sign, kem, kex, hash, each by number), the ids it does not
 * list after, in natural order. */
int catalog_id_cmp(const char *a, const char *b);

/* Free what catalog_load read. */
void catalog_free(struct catalog *c);

/* The verdict on an archive of SHA-256 SHA taken as the submission E (or
 * none), newly allocated; *OFFICIAL whether it is E's official archive. */
char *catalog_verdict(const struct catalog_entry *e, const char *sha, bool *official);

#endif
