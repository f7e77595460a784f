/* plan.h - the build plan of a scheme package: its instances and, for
 * each, the sources, headers, include folders, exclusions and flags, from
 * the descriptor (scheme.conf) where it says so and autodetected
 * otherwise.  Behind `iccsprof plan` and `iccsprof profile`. */
#ifndef ICCSPROF_PLAN_H
#define ICCSPROF_PLAN_H

#include <stdbool.h>
#include <stddef.h>

#include "strlist.h"

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

/* Free what conf_read filled in. */
void conf_free(struct conf *c);

/* A file compiled into an instance. */
struct plan_source {
    char *name; /* as recorded: relative to the instance folder, or to the package when shared */
    char *path; /* as compiled */
    char *obj;  /* the object, relative to the objects folder */
};

struct plan_excluded {
    char *file, *reason;
};

struct plan_instance {
    char *name;
    char *folder; /* real path of the instance folder */
    char *named;  /* how the name was found */
    char *algorithm, *algorithm_from;
    char *type;    /* the descriptor's type, or "" */
    char *lenient; /* auto, yes or no */
    char *build;   /* the instance's build folder */
    struct plan_source *sources;
    size_t nsources;
    struct strlist headers;        /* relative to the folder */
    struct strlist incdirs;        /* folders of the instance holding headers, "." first */
    struct strlist shared_incdirs; /* absolute folders of shared ICCS headers */
    struct plan_excluded *excluded;
    size_t nexcluded;
    struct strlist conf_flags; /* the descriptor's cflags and defines, as words */
    bool conf_defines;         /* the descriptor gives defines for this instance */
    struct strlist levels;     /* level macros to try when a level is missing */
    struct strlist level_from; /* where each was read */
    struct strlist notes;
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
};

struct plan {
    char *scheme, *package, *descriptor, *impl;
    char *conf_hint; /* where a descriptor line the build suggests goes */
    char *build;     /* the scheme's build folder */
    struct strlist notes;
    struct plan_instance *inst;
    size_t n;
};

/* Print "profile: MESSAGE" on stderr: the one line of an error the user
 * can cause, or a line of progress. */
void plan_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Print progress as "profile: MESSAGE" on stderr, unless -q was given. */
void plan_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Refuse link-time optimization flags in WORDS (named WHERE); -1 with a
 * message: a helper call resolved inside the LTO unit is never wrapped. */
int plan_check_lto(const char *where, const char *words);

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

/* The files named *SUFFIX under DIR, following symlinks and skipping
 * hidden entries, as sorted paths relative to DIR. */
void plan_list_files(const char *dir, const char *suffix, struct strlist *out);

/* Add the folders under DIR whose name is one of NAMES (NULL-ended),
 * matched without regard to case, to ROOTS, sorted and not below a match:
 * the implementation trees of a package (Reference_Implementation...). */
void plan_find_roots(const char *dir, const char *const *names, struct strlist *roots);

/* The level macros the package's own build files, the instance name and
 * ALGORITHM_INSTANCE suggest for instance I of the package PKG. */
void plan_level_candidates(const char *pkg, struct plan_instance *i, const char *ai);

#endif
