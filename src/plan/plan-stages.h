/* plan-stages.h - what the stages of the planner hand each other (inside
 * the planner only): the instances as found, and the helpers the stage
 * files share. */
#ifndef ICCSPROF_PLAN_STAGES_H
#define ICCSPROF_PLAN_STAGES_H

#include "plan/plan.h"

/* An instance as found, before selection. */
struct found {
    char *name, *folder, *named, *ai;
};

/* The instances of a package, as found. */
struct found_set {
    struct found *v;
    size_t n;
};

/* Whether S holds a tab or a line break, which no message or record line
 * could show as it is. */
bool plan_unprintable(const char *s);

/* S with tabs and line breaks shown as \t \n \r, newly allocated. */
char *plan_escaped(const char *s);

/* NAME as a file name: letters, digits and . _ + - kept, the rest '_',
 * and no leading '.' (a hidden file no report would list). */
char *plan_file_name(const char *name);

/* Whether DIR is a folder. */
bool plan_is_dir(const char *dir);

/* Find the instances of P's package: from the descriptor C's instance
 * lines when it has some, else autodetected under the implementation
 * trees of IMPL; their names made file names and checked apart.  0, or
 * -1 with the one error line printed. */
int plan_find_instances(const struct conf *c, struct plan *p, struct found_set *out);

/* The names of the selected instances (INSTANCES, comma-separated, or
 * NULL for all) into SELECTED; -1 with a message. */
int plan_select(const char *instances, const struct found_set *found, struct strlist *selected);

/* Check that the scoped lines of C name instances of FOUND; -1 with a
 * message. */
int plan_check_scopes(const struct conf *c, const struct found_set *found);

/* The algorithm of the instance in folder DIR of package PKG: the folder
 * above the first Implementations level, else the package's own name
 * when that is the first level, else the scheme id ID; with where it
 * came from. */
void plan_algorithm(const char *pkg, const char *dir, const char *id, char **alg, char **from);

/* Free the instances as found. */
void plan_found_free(struct found_set *f);

/* The sources, headers, include folders, exclusions and descriptor
 * flags of instance I (every .c of its folder but what the descriptor C
 * excludes); the numbers of the exclude lines used go to USED.  0, or
 * -1 with the one error line printed. */
int plan_files(struct plan *p, const struct conf *c, struct plan_instance *i, struct strlist *used);

/* The name of the first #include (#include_next, #import, #embed) of the
 * file PATH, in folder DIR and searched also from the folders BASES
 * (absolute), that could read a file out of the package ROOT (or the
 * tree's ALSO, NULL for none): absolute or climbing with ".." out of it,
 * by name or by real path; or *COMPUTED and the rest of the line when a
 * macro names the file, which no check can follow.  NULL when there is
 * none; newly allocated. */
char *plan_include_out(const char *path, const char *dir, const struct strlist *bases,
                       const char *root, const char *also, bool *computed);

/* The descriptor's flags and defines for instance I, its include folders
 * relative to the package ROOT made absolute, and its lenient policy. */
void plan_flags(const struct conf *c, const char *root, struct plan_instance *i);

/* Take the shared ICCS files instance I lacks from elsewhere in the
 * package PKG (ALL: its shared files, relative to PKG; T: its tree); -1
 * with the one error line when one of them includes a file out of the
 * package, as plan_include_out finds. */
int plan_take_shared(const struct plan_tree *t, const char *pkg, const struct strlist *all,
                     struct plan_instance *i);

/* Add a source NAME compiled from PATH into OBJ (.c made .o) to SET;
 * its entry. */
struct plan_source *plan_add_source(struct plan_source_set *set, const char *name, const char *path,
                                    const char *obj);

/* Add an excluded FILE with its REASON to SET. */
void plan_add_excluded(struct plan_source_set *set, const char *file, const char *reason);

/* A copy of SET, for an instance's other set. */
struct plan_source_set *plan_copy_sources(const struct plan_source_set *set);

/* Free the sources and exclusions of SET. */
void plan_clear_sources(struct plan_source_set *set);

/* Free everything SET holds. */
void plan_free_source_set(struct plan_source_set *set);

/* Whether the descriptor line L is KEY for instance NAME. */
bool plan_applies(const struct conf_line *l, const char *key, const char *name);

#endif
