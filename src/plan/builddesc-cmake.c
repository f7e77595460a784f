/* builddesc-cmake.c - a CMakeLists' targets and what each compiles:
 * configured in the scratch copy with CMAKE_EXPORT_COMPILE_COMMANDS=ON,
 * its compile database grouped by target (CMakeFiles/<target>.dir/ in
 * each object's name), and a program joined with the libraries its link
 * command names, as a KAT program linked to the scheme's library is. */
#include "config.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/build-files.h"
#include "plan/builddesc.h"

/* The target an object OUTPUT belongs to ("CMakeFiles/<t>.dir/..."), or
 * NULL. */
static char *cmake_target_of(const char *output)
{
    const char *at = strstr(output, "CMakeFiles/"), *end;

    if (at == NULL || (end = strstr(at + 11, ".dir/")) == NULL)
        return NULL;
    return strndup(at + 11, (size_t)(end - at - 11));
}

/* The target named NAME in OUT, made when new. */
static struct bd_target *cmake_group(struct bd_targets *out, const char *file, const char *name)
{
    for (size_t k = 0; k < out->n; k++)
        if (strcmp(out->v[k].name, name) == 0)
            return &out->v[k];
    out->v = realloc(out->v, (out->n + 1) * sizeof *out->v);
    if (out->v == NULL)
        abort();
    memset(&out->v[out->n], 0, sizeof out->v[out->n]);
    out->v[out->n].file = xstrdup(file);
    out->v[out->n].name = xstrdup(name);
    return &out->v[out->n++];
}

/* The words of compile database entry E. */
static void cmake_words(json_t *e, struct strlist *argv)
{
    json_t *args = json_object_get(e, "arguments"), *w;
    size_t i;

    if (json_is_array(args)) {
        json_array_foreach(args, i, w) if (json_is_string(w))
            strlist_add(argv, json_string_value(w));
    } else if (json_is_string(json_object_get(e, "command"))) {
        struct strlist *cmds = NULL;
        size_t n = 0;

        bd_split_line(json_string_value(json_object_get(e, "command")), &cmds, &n);
        for (size_t c = 0; c < n; c++) {
            if (c == 0)
                strlist_extend(argv, &cmds[c]);
            strlist_free(&cmds[c]);
        }
        free(cmds);
    }
}

/* Read the compile database DB (of the copy ROOT) into targets of FILE. */
static void cmake_read_db(json_t *db, const char *file, const char *root, struct bd_targets *out,
                          struct strlist *dirs)
{
    json_t *e;
    size_t i;

    json_array_foreach(db, i, e)
    {
        const char *dir = json_string_value(json_object_get(e, "directory"));
        const char *obj = json_string_value(json_object_get(e, "output"));
        struct strlist argv = {0};
        char *name;

        cmake_words(e, &argv);
        /* older CMake names the object only in the command */
        for (size_t w = 0; obj == NULL && w + 1 < argv.n; w++)
            if (strcmp(argv.v[w], "-o") == 0)
                obj = argv.v[w + 1];
        name = obj != NULL ? cmake_target_of(obj) : NULL;
        if (dir != NULL && name != NULL) {
            bd_add_command(cmake_group(out, file, name), &argv, root, dir);
            if (!strlist_has(dirs, name))
                strlist_addf(dirs, "%s\n%s", name, dir);
        }
        strlist_free(&argv);
        free(name);
    }
}

/* The libraries (lib<name>.a or .so words) the link command of target
 * NAME in folder DIR names, into LIBS. */
static void cmake_linked(const char *dir, const char *name, struct strlist *libs)
{
    char *path = xasprintf("%s/CMakeFiles/%s.dir/link.txt", dir, name), *text = file_read(path);
    struct strlist *cmds = NULL;
    size_t n = 0;

    if (text != NULL)
        bd_split_line(text, &cmds, &n);
    for (size_t c = 0; c < n; c++) {
        for (size_t w = 1; w < cmds[c].n; w++) {
            const char *base =
                strrchr(cmds[c].v[w], '/') != NULL ? strrchr(cmds[c].v[w], '/') + 1 : cmds[c].v[w];
            size_t len = strlen(base);

            if (strncmp(base, "lib", 3) == 0 && len > 5 &&
                (strcmp(base + len - 2, ".a") == 0 || strcmp(base + len - 3, ".so") == 0))
                strlist_addf(libs, "%.*s", (int)(len - 3 - (base[len - 1] == 'a' ? 2 : 3)),
                             base + 3);
        }
        strlist_free(&cmds[c]);
    }
    free(cmds);
    free(text);
    free(path);
}

/* Append the commands of FROM to T. */
static void cmake_copy_commands(struct bd_target *t, const struct bd_target *from)
{
    for (size_t c = 0; c < from->n; c++)
        bd_append(t, from->cmds[c].source, &from->cmds[c].flags, from->cmds[c].std);
}

/* The folder of target NAME's objects, from DIRS ("name\nfolder"), or
 * NULL. */
static const char *cmake_dir_of(const struct strlist *dirs, const char *name)
{
    size_t len = strlen(name);

    for (size_t d = 0; d < dirs->n; d++)
        if (strncmp(dirs->v[d], name, len) == 0 && dirs->v[d][len] == '\n')
            return dirs->v[d] + len + 1;
    return NULL;
}

/* Add to OUT, for each target that links a library target of OUT, the
 * two joined, named "PROGRAM + LIBRARY". */
static void cmake_join_libraries(struct bd_targets *out, const struct strlist *dirs)
{
    size_t n = out->n;

    for (size_t k = 0; k < n; k++) {
        struct strlist libs = {0};
        const char *dir = cmake_dir_of(dirs, out->v[k].name);

        if (dir != NULL)
            cmake_linked(dir, out->v[k].name, &libs);
        for (size_t l = 0; l < libs.n; l++)
            for (size_t m = 0; m < n; m++)
                if (m != k && strcmp(out->v[m].name, libs.v[l]) == 0) {
                    struct bd_target j = {0};

                    j.file = xstrdup(out->v[k].file);
                    j.name = xasprintf("%s + %s", out->v[k].name, libs.v[l]);
                    cmake_copy_commands(&j, &out->v[k]);
                    cmake_copy_commands(&j, &out->v[m]);
                    out->v = realloc(out->v, (out->n + 1) * sizeof *out->v);
                    if (out->v == NULL)
                        abort();
                    out->v[out->n++] = j;
                }
        strlist_free(&libs);
    }
}

/* The first "CMake Error" line of OUTPUT with the two non-blank lines
 * after it (what is wrong, and the file it names), or NULL. */
static char *cmake_error(const char *output)
{
    const char *at = strstr(output, "CMake Error");
    struct strlist lines = {0};
    char *joined;

    if (at == NULL)
        return NULL;
    while (*at != '\0' && lines.n < 3) {
        size_t lead = strspn(at, " "), n = strcspn(at + lead, "\n");

        if (n > 0)
            strlist_addf(&lines, "%.*s", (int)n, at + lead);
        at += lead + n + (at[lead + n] == '\n');
    }
    joined = strlist_join(&lines, " ");
    strlist_free(&lines);
    return joined;
}

/* The targets of the CMakeLists.txt FILE. */
void bd_cmake(struct bd_run *r, const char *file, struct bd_targets *out)
{
    char *root = xasprintf("%s/tree", r->scratch), *bin = xasprintf("%s/cmake", r->scratch);
    char *src = xasprintf("%s/%s", root, file), *out_text = NULL, *why = NULL, *dbpath;
    struct strlist argv = {0}, dirs = {0};
    json_t *db;

    *strrchr(src, '/') = '\0';
    strlist_add(&argv, "cmake");
    strlist_addf(&argv, "-S%s", src);
    strlist_addf(&argv, "-B%s", bin);
    strlist_add(&argv, "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON");
    strlist_addf(&argv, "-DCMAKE_C_COMPILER=%s", r->cc);
    file_mkdirs(bin);
    if (bd_run_tool(r, &argv, bin, &out_text, &why) != 0) {
        char *err = cmake_error(out_text);

        if (!r->interrupted)
            strlist_addf(&r->notes, "%s: configuring failed (%s)", file, err != NULL ? err : why);
        free(err);
    } else {
        dbpath = xasprintf("%s/compile_commands.json", bin);
        if ((db = json_load_file(dbpath, 0, NULL)) == NULL || !json_is_array(db))
            strlist_addf(&r->notes, "%s: no compile database in %s", file, dbpath);
        else
            cmake_read_db(db, file, root, out, &dirs);
        cmake_join_libraries(out, &dirs);
        json_decref(db);
        free(dbpath);
    }
    strlist_free(&dirs);
    strlist_free(&argv);
    free(out_text);
    free(why);
    free(src);
    free(bin);
    free(root);
}
