/* run-resume.h - `iccsprof run --resume`: an operation whose record is
 * already in place, made under the same settings from the same libraries,
 * build description and KAT result (run_settings_key), finished (not
 * failed, no pass missing) and in the schema this iccsprof writes, is not
 * measured again. */
#ifndef ICCSPROF_RUN_RESUME_H
#define ICCSPROF_RUN_RESUME_H

#include <jansson.h>

#include "run/run-record.h"

/* The record at PATH when it stands for a measurement of OP under FACTS,
 * its modification time set to now (so that it counts among this run's
 * records); NULL when OP is to be measured. */
json_t *run_resume(const struct run_facts *facts, const char *op, const char *path);

#endif
