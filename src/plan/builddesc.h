/* builddesc.h - what a package's own build files would compile: its
 * Makefiles (a dry run, make -n -B, of each candidate target) and its
 * CMakeLists (configured with CMAKE_EXPORT_COMPILE_COMMANDS=ON), read
 * into compile commands per target.  Make and CMake run only in a
 * scratch copy of the instance folder, with /dev/null as stdin, a
 * time-out and capped output: they run the package's code. */
#ifndef ICCSPROF_BUILDDESC_H
#define ICCSPROF_BUILDDESC_H

#include <stdbool.h>
#include <stddef.h>

#include "util/strlist.h"

/* Set, this environment variable keeps the scratch copies. */
#define BD_KEEP_ENV "ICCSPROF_KEEP_BUILD_FILES"

/* One C file a build file compiles, and how. */
struct bd_command {
    char *source;         /* lexically normal, relative to the instance folder ("../x" above it) */
    struct strlist flags; /* in order: -DX, -UX, -IPATH, and OPT=PATH for -iquote, -isystem,
                           * -idirafter, -include, -imacros; each PATH relative to the
                           * instance folder ("." for itself, "../x" above it) */
    char *std;            /* its -std=, or NULL */
};

/* A target and the C files it compiles. */
struct bd_target {
    char *file; /* the build file, relative to the instance folder */
    char *name; /* the target ("" for make's default goal) */
    struct bd_command *cmds;
    size_t n;
};

/* The targets a build file states. */
struct bd_targets {
    struct bd_target *v;
    size_t n;
};

/* How build files are run. */
struct bd_run {
    const char *instance; /* the real instance folder, only read */
    const char *scratch;  /* the folder for copies and runs, made afresh */
    const char *cc;       /* the C compiler CMake is told to use */
    double seconds;       /* the time-out of each make or cmake run */
    struct strlist notes; /* why a build file gave nothing */
    bool interrupted;     /* a signal stopped a run */
};

/* The build files of the instance folder DIR and of the folders below it
 * (Makefile, makefile, GNUmakefile, CMakeLists.txt), as paths relative to
 * DIR: the folder's own first, make before CMake. */
void bd_find(const char *dir, const struct strlist *files, struct strlist *out);

/* Copy the files of the instance (FILES, relative to R->instance) into
 * R->scratch/tree; 0, or -1 with a note. */
int bd_copy(struct bd_run *r, const struct strlist *files);

/* Remove the scratch folder R->scratch once what make and CMake said is
 * read, unless the environment variable BD_KEEP_ENV is set (not empty):
 * it is kept then, to look at what they did. */
void bd_remove_scratch(const struct bd_run *r);

/* Run ARGV (make or cmake) in the folder DIR of the scratch copy with
 * the limits of R, its output into *OUTPUT; 0 when it exited 0, -2 with
 * WHY when a limit or a signal stopped it, else -1 with WHY (its last
 * line). */
int bd_run_tool(struct bd_run *r, const struct strlist *argv, const char *dir, char **output,
                char **why);

/* The targets of the Makefile FILE (relative to the instance), dry-run
 * in the scratch copy: its default goal first, then, when
 * WANT(target, ARG) says the default goal is not the one, each other
 * target it states. */
void bd_make(struct bd_run *r, const char *file, bool (*want)(const struct bd_target *, void *),
             void *arg, struct bd_targets *out);

/* The targets of the CMakeLists.txt FILE, configured in the scratch
 * folder: one per target of its compile database. */
void bd_cmake(struct bd_run *r, const char *file, struct bd_targets *out);

/* Parse the compiler lines of a dry run's OUTPUT (make -n -w, run in the
 * folder DIR of the scratch tree ROOT) into T; the words of each command
 * are split as a shell would, never run. */
void bd_parse_dry_run(const char *output, const char *root, const char *dir, struct bd_target *t);

/* Add the compile command ARGV (run in folder DIR, under the scratch
 * tree ROOT) to T when its first word is a C compiler: one command per C
 * file it names. */
void bd_add_command(struct bd_target *t, const struct strlist *argv, const char *root,
                    const char *dir);

/* Append to T the command compiling SOURCE with FLAGS and STD (NULL for
 * none), all copied. */
void bd_append(struct bd_target *t, const char *source, const struct strlist *flags,
               const char *std);

/* Split the shell command line LINE into commands at ; && || | and into
 * words, with quotes and backslashes as sh reads them; each command is
 * appended to CMDS as one strlist. */
void bd_split_line(const char *line, struct strlist **cmds, size_t *n);

/* PATH with "." and ".." components resolved lexically, newly allocated. */
char *bd_normal_path(const char *path);

/* Free the targets. */
void bd_targets_free(struct bd_targets *t);

/* Free one target. */
void bd_target_free(struct bd_target *t);

#endif
