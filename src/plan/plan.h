/* plan.h - the build plan of a scheme package: its instances and, for
 * each, the sources, headers, include folders, exclusions and flags, from
 * the descriptor (scheme.conf) where it says so, from the package's own
 * build files where they state them, and autodetected otherwise.
 * Behind `iccsprof plan` and `iccsprof profile`.  The stages, in order:
 * locate the package, find its instances, list each one's files (the
 * fallback sources), then, once the build folder is locked, read the
 * build descriptions (plan_read_build_files). */
#ifndef ICCSPROF_PLAN_H
#define ICCSPROF_PLAN_H

#include <stdbool.h>
#include <stddef.h>

#include "util/strlist.h"

/* One line of the descriptor, checked. */
struct conf_line {
    long lineno;
    char *key;
    char *instance; /* the [INSTANCE] scope, or NULL */
    char *value;
};

struct conf {
    char *path;
    struct conf_line *lines;
    size_t n;
};

/* Read and check the descriptor at PATH; 0, or -1 with the one error
 * line printed (naming PATH:LINE). */
int conf_read(const char *path, struct conf *c);

/* Parse descriptor TEXT (named PATH in messages) into C; as conf_read. */
int conf_parse(const char *text, size_t len, const char *path, struct conf *c);

/* The value of the first unscoped KEY line of the descriptor at PATH,
 * newly allocated, or NULL when it has none or cannot be read. */
char *conf_peek(const char *path, const char *key);

/* Free what conf_read filled in. */
void conf_free(struct conf *c);

/* The value of an exclude line that matches the file NAME and no other
 * (glob characters escaped, blanks that the line would trim or take for a
 * comment bracketed), malloc'd; NULL when no line can hold NAME (a line
 * break in it). */
char *conf_exclude_pattern(const char *name);

/* What to do to leave the file NAME out: 'add the line "exclude = ..." to
 * CONF', or why no line can (malloc'd). */
char *conf_exclude_advice(const char *name, const char *conf);

/* A file compiled into an instance. */
struct plan_source {
    char *name; /* as recorded: relative to the instance folder, or to the package when shared */
    char *path; /* as compiled */
    char *obj;  /* the object, relative to the objects folder */
    struct strlist flags; /* from a build file: -D, -U, -I<dir> and OPT=<path> in its order, the
                           * paths relative to the instance folder or absolute */
};

struct plan_excluded {
    char *file, *reason;
};

/* One source set of an instance: what it compiles, with what include
 * folders, what it leaves out, and where all that came from.  An
 * instance whose build file gave one has a second, the set the planner
 * detected on its own, which the build falls back to. */
struct plan_source_set {
    struct plan_source *sources;
    size_t nsources;
    struct strlist incdirs;        /* folders of the instance holding headers, "." first */
    struct strlist shared_incdirs; /* absolute folders of shared ICCS headers */
    struct plan_excluded *excluded;
    size_t nexcluded;
    struct strlist notes;
    char *described;      /* where the sources and flags came from */
    bool from_build_file; /* the sources carry the build file's flags */
    char *std;            /* the build file's -std=, for the lenient flags; or NULL */
};

struct plan_instance {
    char *name;
    char *folder; /* real path of the instance folder */
    char *named;  /* how the name was found */
    char *algorithm, *algorithm_from;
    char *type;                 /* the descriptor's type, or "" */
    char *lenient;              /* auto, yes or no */
    char *build;                /* the instance's build folder */
    struct plan_source_set set; /* the source set in use */
    struct strlist headers;     /* relative to the folder */
    struct strlist conf_flags;  /* the descriptor's cflags and defines, as words */
    bool conf_defines;          /* the descriptor gives defines for this instance */
    struct strlist levels;      /* level macros to try when a level is missing */
    struct strlist level_from;  /* where each was read */
    struct strlist dangling;    /* "NAME -> TARGET": links of the instance to nothing */
    /* the other source set: while the build file's is used, the one the
     * planner detected on its own, which the build falls back to; after
     * that, the build file's; NULL when there is one set */
    struct plan_source_set *other;
};

/* The folder a walk stays in: links out of it are not followed. */
struct plan_tree {
    char *root;              /* the package's real path */
    char *also;              /* the tree's schemes folder, for its own schemes; or NULL */
    struct strlist outside;  /* "PATH -> TARGET" of links out of the tree, PATH as walked */
    struct strlist dangling; /* "PATH -> TARGET" of links to nothing */
    bool interrupted;        /* a signal asked to stop */
};

struct plan_options {
    const char *scheme;      /* the id; NULL: from the package folder's name */
    const char *package;     /* the package folder; NULL: SCHEMES_DIR/<id> */
    const char *schemes_dir; /* the source tree's schemes/, or NULL when installed */
    const char *conf;        /* the descriptor given, or NULL */
    const char *impl;        /* reference, optimized or additional */
    const char *instances;   /* comma-separated names, or NULL for all */
    const char *cflags;      /* the guide flags */
    const char *builddir;    /* the root of the build folders */
    bool no_build_files;     /* never run the package's make or cmake */
    const char *official;    /* the catalog's name of the submission, or NULL */
    const char *archive;     /* the archive the package was unpacked from, or NULL */
    const char *archive_sha256, *archive_verdict;
    bool archive_official; /* its SHA-256 is the catalog's */
    bool provisional;      /* the id is a file or folder name, not the catalog's */
    const char *looked;    /* where a scheme not found was looked for, or NULL */
};

struct plan {
    char *scheme, *package, *descriptor, *impl;
    char *conf_hint; /* where a descriptor line the build suggests goes */
    char *build;     /* the scheme's build folder */
    char *official;  /* the catalog's name of the submission, or NULL */
    char *archive, *archive_sha256, *archive_verdict; /* the archive read, or NULLs */
    bool archive_official;                            /* its SHA-256 is the catalog's */
    struct strlist notes;
    struct plan_instance *inst;
    size_t n;
    struct plan_tree tree;
};

/* Swap the source sets of I and I->other (sources, exclusions, include
 * folders, notes, how they were found): the build's fallback from the
 * build file's sources to the autodetected ones. */
void plan_swap_sources(struct plan_instance *i);

/* Print "iccsprof COMMAND: MESSAGE" on stderr: the one line of an error the user
 * can cause, or a line of progress. */
void plan_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Print progress as "iccsprof COMMAND: MESSAGE" on stderr, unless -q was given. */
void plan_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Refuse link-time optimization flags in WORDS (named WHERE); -1 with a
 * message: a helper call resolved inside the LTO unit is never wrapped. */
int plan_check_lto(const char *where, const char *words);

/* Refuse, in WORDS from a descriptor (named WHERE), every flag but those
 * it may give: defines, include folders inside the package ROOT (a real
 * path), -std=, warnings, optimisation and debugging levels, and listed
 * -m and -f flags; -1 with a message naming the first other.  Only the
 * user's own command line may give the rest. */
int plan_check_allowed(const char *where, const char *words, const char *root);

/* The include option (-I, -iquote, -isystem, -idirafter) WORD starts, or
 * NULL. */
const char *plan_include_option(const char *word);

/* Append WORDS of a descriptor to OUT, their include folders relative to
 * the package ROOT made absolute. */
void plan_descriptor_words(const char *words, const char *root, struct strlist *out);

/* Read the build descriptions of the instances of P (the build folder
 * locked): each instance's Makefiles and CMakeLists, run in a scratch
 * copy under its build folder with the compiler CC and a time-out of
 * SECONDS; the target that compiles the ICCS API with the KAT driver
 * then gives the instance's sources and flags.  0, or -1 when a signal
 * stopped it. */
int plan_read_build_files(struct plan *p, const char *cc, double seconds);

/* Note on each instance of P that its build files were not read. */
void plan_skip_build_files(struct plan *p);

/* Check the options of O that do not depend on the package (the id,
 * the flags, the implementation kind); 0, or -1 with the one error line
 * printed. */
int plan_check_options(const struct plan_options *o);

/* Make the plan from O (nothing is written); 0, or -1 with the one error
 * line printed. */
int plan_make(const struct plan_options *o, struct plan *p);

/* Free a plan. */
void plan_free(struct plan *p);

/* Whether NAME is a shared ICCS file (drng.c, drng.h, auxfunc.c, auxfunc.h). */
bool plan_is_shared_iccs(const char *name);

/* The files named *SUFFIX under DIR, following symlinks that stay in the
 * tree T (links out of it and links to nothing are noted in T instead),
 * each folder once (by device and inode), skipping hidden entries, as
 * sorted paths relative to DIR.  A signal stops the walk (T->interrupted). */
void plan_list_files(struct plan_tree *t, const char *dir, const char *suffix, struct strlist *out);

/* Free what a walk noted in T. */
void plan_tree_free(struct plan_tree *t);

/* Add the folders under DIR whose name is one of NAMES (NULL-ended),
 * matched without regard to case, to ROOTS, sorted and not below a match:
 * the implementation trees of a package (Reference_Implementation...). */
void plan_find_roots(const char *dir, const char *const *names, struct strlist *roots);

/* The level macros the package's own build files, the instance name and
 * ALGORITHM_INSTANCE suggest for instance I of the package PKG. */
void plan_level_candidates(struct plan_tree *t, const char *pkg, struct plan_instance *i,
                           const char *ai);

#endif
