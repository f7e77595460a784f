/* run-resume.c - keeping a finished record made under the same settings. */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "util/regfile.h"
#include "run/run-resume.h"

/* Whether REC is finished: a state other than failed, no pass missing. */
static int resume_finished(json_t *rec)
{
    json_t *status = json_object_get(rec, "status");
    const char *state = json_string_value(json_object_get(status, "state"));

    return state != NULL && strcmp(state, "failed") != 0 &&
           json_object_get(status, "incomplete") == NULL;
}

/* Whether REC is written in the schema this iccsprof writes: a record of
 * an older one lacks what a new measurement gives, though its settings
 * are the same. */
static int resume_current(json_t *rec)
{
    const char *schema = json_string_value(json_object_get(rec, "schema"));

    return schema != NULL && strcmp(schema, RECORD_SCHEMA) == 0;
}

/* The record at PATH when it stands for a measurement of OP. */
json_t *run_resume(const struct run_facts *facts, const char *op, const char *path)
{
    char why[256], key[65];
    FILE *f = regfile_fopen(path, why, sizeof why);
    json_t *rec;
    const char *kept;

    if (f == NULL)
        return NULL;
    rec = json_loadf(f, 0, NULL);
    fclose(f);
    kept = json_string_value(json_object_get(json_object_get(rec, "method"), "settings_sha256"));
    run_settings_key(facts, op, key);
    if (kept == NULL || strcmp(kept, key) != 0 || !resume_finished(rec) || !resume_current(rec) ||
        utimensat(AT_FDCWD, path, NULL, 0) != 0) {
        json_decref(rec);
        return NULL;
    }
    return rec;
}
