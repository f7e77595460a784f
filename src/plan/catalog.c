/* catalog.c - the official list of submissions, read from its
 * tab-separated file at run time, so that a newer list needs no new
 * program. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "plan/catalog.h"
#include "util/message.h"
#include "util/format.h"
#include "paths.h"
#include "util/self-exe.h"

const char *const catalog_categories[] = {"sign", "kem", "kex", "hash", NULL};

/* The header line the file starts with: its columns, in order. */
#define CATALOG_HEADER "id\tcategory\tname\tfolder\tzip_sha256"
#define CATALOG_COLUMNS 5

/* Where the catalog is read from. */
char *catalog_path(void)
{
    const char *env = getenv("ICCSPROF_CATALOG");
    char *status = self_exe_beside("../config.status");
    bool tree = status != NULL && access(status, R_OK) == 0;

    free(status);
    if (env != NULL && env[0] != '\0')
        return xstrdup(env);
    /* a build tree reads its source tree's list, not an installed one */
    if (tree)
        return xstrdup(ICCSPROF_TREE_DATADIR "/" CATALOG_FILE);
    return xstrdup(ICCSPROF_PKGDATADIR "/" CATALOG_FILE);
}

/* Whether S is 64 lower-case hex digits. */
static bool catalog_is_sha256(const char *s)
{
    return strlen(s) == 64 && strspn(s, "0123456789abcdef") == 64;
}

/* Whether NAME is a category. */
static bool catalog_is_category(const char *name)
{
    for (int k = 0; catalog_categories[k] != NULL; k++)
        if (strcmp(catalog_categories[k], name) == 0)
            return true;
    return false;
}

/* Split LINE at tabs into at most CATALOG_COLUMNS fields (in place); the
 * number of fields, CATALOG_COLUMNS + 1 when there are more. */
static int catalog_split(char *line, char *field[CATALOG_COLUMNS])
{
    int n = 0;

    for (char *p = line; n <= CATALOG_COLUMNS; n++) {
        char *tab = strchr(p, '\t');

        if (n < CATALOG_COLUMNS)
            field[n] = p;
        if (tab == NULL)
            return n + 1;
        *tab = '\0';
        p = tab + 1;
    }
    return CATALOG_COLUMNS + 1;
}

/* What is wrong with the row FIELD of C, or NULL. */
static const char *catalog_check_row(const struct catalog *c, char *const *field)
{
    for (int k = 0; k < CATALOG_COLUMNS; k++)
        if (field[k][0] == '\0')
            return "an empty field";
    if (!catalog_is_category(field[1]))
        return "the category is not sign, kem, kex or hash";
    if (!catalog_is_sha256(field[4]))
        return "the SHA-256 is not 64 lower-case hex digits";
    if (strncmp(field[0], field[1], strlen(field[1])) != 0 || field[0][strlen(field[1])] != '-')
        return "the id does not start with its category";
    for (int k = 0; k < CATALOG_COLUMNS - 1; k++)
        if (k != 1 && catalog_find(c, field[k]) != NULL)
            return "an id, name or folder already listed";
    return NULL;
}

/* Add the row FIELD to C. */
static void catalog_add(struct catalog *c, char *const *field)
{
    struct catalog_entry *e;

    c->v = realloc(c->v, (c->n + 1) * sizeof *c->v);
    if (c->v == NULL)
        abort();
    e = &c->v[c->n++];
    e->id = xstrdup(field[0]);
    e->category = xstrdup(field[1]);
    e->name = xstrdup(field[2]);
    e->folder = xstrdup(field[3]);
    e->sha256 = xstrdup(field[4]);
}

/* Read the open file F into C; 0, or -1 with *WHY. */
static int catalog_read(FILE *f, struct catalog *c, char **why)
{
    char *line = NULL;
    size_t cap = 0;
    long lineno = 0;
    bool header = false;
    ssize_t len;

    while ((len = getline(&line, &cap, f)) >= 0) {
        char *field[CATALOG_COLUMNS];
        const char *bad = NULL;

        lineno++;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (len == 0 || line[0] == '#')
            continue;
        if (!header) {
            header = true;
            if (strcmp(line, CATALOG_HEADER) != 0)
                bad = "not the header line id, category, name, folder, zip_sha256 (tab-separated)";
        } else if (catalog_split(line, field) != CATALOG_COLUMNS) {
            bad = "not 5 tab-separated fields";
        } else if ((bad = catalog_check_row(c, field)) == NULL) {
            catalog_add(c, field);
        }
        if (bad != NULL) {
            *why = xasprintf("%s:%ld: %s", c->path, lineno, bad);
            free(line);
            return -1;
        }
    }
    free(line);
    if (ferror(f)) {
        *why = xasprintf("%s: %s", c->path, strerror(errno));
        return -1;
    }
    if (c->n == 0) {
        *why = xasprintf("%s: lists no submission", c->path);
        return -1;
    }
    return 0;
}

/* Read the catalog. */
int catalog_load(struct catalog *c, char **why)
{
    FILE *f;
    int rc;

    memset(c, 0, sizeof *c);
    c->path = catalog_path();
    *why = NULL;
    if ((f = fopen(c->path, "r")) == NULL) {
        *why = xasprintf("%s: %s", c->path, strerror(errno));
        catalog_free(c);
        return -1;
    }
    rc = catalog_read(f, c, why);
    fclose(f);
    if (rc != 0)
        catalog_free(c);
    return rc;
}

/* The submission whose id, name or folder is WORD. */
const struct catalog_entry *catalog_find(const struct catalog *c, const char *word)
{
    for (size_t k = 0; k < c->n; k++)
        if (strcasecmp(c->v[k].id, word) == 0 || strcasecmp(c->v[k].name, word) == 0 ||
            strcasecmp(c->v[k].folder, word) == 0)
            return &c->v[k];
    return NULL;
}

/* The submission of the official archive HEX. */
const struct catalog_entry *catalog_by_sha256(const struct catalog *c, const char *hex)
{
    for (size_t k = 0; k < c->n; k++)
        if (strcmp(c->v[k].sha256, hex) == 0)
            return &c->v[k];
    return NULL;
}

/* WORD in lower case, newly allocated. */
static char *catalog_lower(const char *word)
{
    char *s = xstrdup(word);

    for (char *p = s; *p != '\0'; p++)
        *p = (char)tolower((unsigned char)*p);
    return s;
}

/* How far entry E is from the lower-case WORD: the edit distance to its
 * id, name or folder, and within WORD's category the numbers apart. */
static void catalog_how_far(const struct catalog_entry *e, const char *word, size_t *edits,
                            long *apart)
{
    const char *names[3] = {e->id, e->name, e->folder};
    const char *dash = strrchr(word, '-');
    size_t cat = strlen(e->category);

    *edits = (size_t)-1;
    for (int k = 0; k < 3; k++) {
        char *low = catalog_lower(names[k]);
        size_t d = cmd_distance(word, low);

        *edits = d < *edits ? d : *edits;
        free(low);
    }
    *apart = LONG_MAX;
    if (dash != NULL && strncmp(word, e->category, cat) == 0 && word[cat] == '-' &&
        dash == word + cat && dash[1] != '\0' && strspn(dash + 1, "0123456789") == strlen(dash + 1))
        *apart = labs(strtol(dash + 1, NULL, 10) - strtol(e->id + cat + 1, NULL, 10));
}

/* Up to MAX ids nearest to WORD. */
void catalog_nearest(const struct catalog *c, const char *word, size_t max, struct strlist *out)
{
    char *low = catalog_lower(word);
    size_t *edits = xmalloc((c->n + 1) * sizeof *edits);
    long *apart = xmalloc((c->n + 1) * sizeof *apart);
    bool *taken = calloc(c->n + 1, sizeof *taken);
    size_t limit = strlen(low) <= 3 ? 1 : 2;

    if (taken == NULL)
        abort();
    for (size_t k = 0; k < c->n; k++) {
        catalog_how_far(&c->v[k], low, &edits[k], &apart[k]);
        edits[k] = edits[k] <= limit ? edits[k] : limit + 1;
    }
    /* the best left each round, within reach by edits or in the same
     * category: a slip of the fingers first, then fewer numbers apart */
    for (size_t round = 0; round < max; round++) {
        size_t best = c->n;

        for (size_t k = 0; k < c->n; k++) {
            if (taken[k] || (edits[k] > limit && apart[k] == LONG_MAX))
                continue;
            if (best == c->n || edits[k] < edits[best] ||
                (edits[k] == edits[best] && apart[k] < apart[best]))
                best = k;
        }
        if (best == c->n)
            break;
        taken[best] = true;
        strlist_add(out, c->v[best].id);
    }
    free(taken);
    free(apart);
    free(edits);
    free(low);
}

/* The number of submissions of CATEGORY. */
size_t catalog_count(const struct catalog *c, const char *category)
{
    size_t n = 0;

    for (size_t k = 0; k < c->n; k++)
        n += strcmp(c->v[k].category, category) == 0;
    return n;
}

/* The catalog read once for the orderings of a process; NULL when it
 * cannot be read (the ids then keep their natural order). */
static const struct catalog *catalog_once(void)
{
    static struct catalog c;
    static int state; /* 0 not read, 1 read, -1 unreadable */
    char *why;

    if (state == 0) {
        state = catalog_load(&c, &why) == 0 ? 1 : -1;
        free(why);
    }
    return state > 0 ? &c : NULL;
}

/* The order of scheme ids A and B. */
int catalog_id_cmp(const char *a, const char *b)
{
    const struct catalog *c = catalog_once();
    size_t ra = c != NULL ? c->n : 0, rb = ra;

    for (size_t k = 0; c != NULL && k < c->n; k++) {
        if (strcmp(c->v[k].id, a) == 0)
            ra = k;
        if (strcmp(c->v[k].id, b) == 0)
            rb = k;
    }
    if (ra != rb)
        return ra < rb ? -1 : 1;
    return fmt_natural_cmp(a, b);
}

/* Free the catalog. */
void catalog_free(struct catalog *c)
{
    for (size_t k = 0; k < c->n; k++) {
        free(c->v[k].id);
        free(c->v[k].category);
        free(c->v[k].name);
        free(c->v[k].folder);
        free(c->v[k].sha256);
    }
    free(c->v);
    free(c->path);
    memset(c, 0, sizeof *c);
}

/* The verdict on an archive of SHA-256 SHA taken as the submission E (or
 * none), newly allocated; *OFFICIAL whether it is E's official archive. */
char *catalog_verdict(const struct catalog_entry *e, const char *sha, bool *official)
{
    *official = e != NULL && strcmp(e->sha256, sha) == 0;
    if (*official)
        return xasprintf("official Round 1 archive, SHA-256 matches %s", e->id);
    if (e != NULL)
        return xasprintf("SHA-256 differs from the official archive of %s: measured as given",
                         e->id);
    return xstrdup("not in the catalog: measured as given");
}
