/* run-record.h - assembling the profile record of one operation from the
 * run's facts and the measuring process's outcome, and writing it. */
#ifndef ICCSPROF_RUN_RECORD_H
#define ICCSPROF_RUN_RECORD_H

#include <jansson.h>

#include "run/run-settings.h"

/* The schema id every record this iccsprof writes declares. */
#define RECORD_SCHEMA "iccsprof.profile/6"

struct run_outcome;

/* The record of operation OP from OUTCOME (run-passes.h); LOG_NAME is the
 * scheme's log beside it (NULL when it printed nothing). */
json_t *run_record(const struct run_facts *facts, const char *op, const struct run_outcome *outcome,
                   const char *log_name);

/* The SHA-256, in hex into KEY, of everything a record of OP depends on:
 * the tool's version, the measuring process's configuration (libraries,
 * operation and every setting of the method), the libraries' SHA-256, the
 * build description and the KAT result (what it found, not how long it
 * took: nothing a run discovers).  A record whose method gives the
 * same key may stand for a new measurement (--resume). */
void run_settings_key(const struct run_facts *facts, const char *op, char key[65]);

#endif
