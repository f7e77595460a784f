/* kat-gate.c - running the KAT gate of a built instance and reading its
 * verdict. */
#include "config.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "util/build-files.h"
#include "kat/kat-gate.h"
#include "build/build-tools.h"

/* Remove BUILD's kat.json. */
void katgate_forget(const char *build)
{
    char *result = xasprintf("%s/kat.json", build);

    unlink(result);
    free(result);
}

/* The gate's command line: the driver is built with the compiler that
 * built the instance. */
void katgate_job(const char *build, const char *name, const char *timeout, struct job *j)
{
    katgate_forget(build);
    strlist_add(&j->argv, profile_self());
    strlist_add(&j->argv, "kat");
    strlist_add(&j->argv, "--build-info");
    strlist_addf(&j->argv, "%s/build.json", build);
    strlist_add(&j->argv, "--plain");
    strlist_addf(&j->argv, "%s/lib%s.so", build, name);
    strlist_add(&j->argv, "--profiled");
    strlist_addf(&j->argv, "%s/lib%s.prof.so", build, name);
    strlist_add(&j->argv, "--timeout");
    strlist_add(&j->argv, timeout);
    strlist_add(&j->argv, "--cc");
    strlist_add(&j->argv, profile_cc());
}

/* The result word of BUILD's kat.json. */
char *katgate_result(const char *build)
{
    char *path = xasprintf("%s/kat.json", build), *word = NULL;
    json_t *kat = json_load_file(path, 0, NULL);
    const char *result = json_string_value(json_object_get(kat, "result"));

    if (result != NULL)
        word = xstrdup(result);
    json_decref(kat);
    free(path);
    return word;
}

/* The verdict of a gate that ran. */
bool katgate_passed(const char *mode, const char *build, const char *name, const char *result,
                    const struct job *j, struct strlist *failures)
{
    if (j->status == 2 || j->status < 0) {
        strlist_addf(failures, "%s: the KAT gate could not run (exit %d)", name, j->status);
        return false;
    }
    if (strcmp(mode, "require") == 0 && (result == NULL || strcmp(result, "pass") != 0)) {
        strlist_addf(failures, "%s: --kat require and its KAT did not pass (%s/kat.json says why)",
                     name, build);
        return false;
    }
    return true;
}

/* Whether kat.json is newer than what it was made from. */
bool katgate_current(const char *build, const char *name)
{
    char *paths[] = {xasprintf("%s/kat.json", build), xasprintf("%s/lib%s.so", build, name),
                     xasprintf("%s/lib%s.prof.so", build, name), xasprintf("%s/build.json", build)};
    struct timespec result, t;
    bool current = file_mtime(paths[0], &result);

    for (size_t k = 1; k < sizeof paths / sizeof paths[0]; k++) {
        current = current && file_mtime(paths[k], &t) && !file_time_after(&t, &result);
        free(paths[k]);
    }
    free(paths[0]);
    return current;
}
