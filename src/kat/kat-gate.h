/* kat-gate.h - the KAT gate before an instance is measured, shared by
 * `iccsprof profile` and `iccsprof campaign`: `iccsprof kat` on the
 * instance's build folder, its result (kat.json beside build.json) going
 * into every record made from that build. */
#ifndef ICCSPROF_KAT_GATE_H
#define ICCSPROF_KAT_GATE_H

#include <stdbool.h>

#include "util/build-jobs.h"
#include "util/strlist.h"

/* Remove the result in the instance build folder BUILD: no result of an
 * earlier gate may mark this run's records. */
void katgate_forget(const char *build);

/* The `iccsprof kat` job of instance NAME built in BUILD, each run of the
 * driver given TIMEOUT seconds, into J (its old result removed). */
void katgate_job(const char *build, const char *name, const char *timeout, struct job *j);

/* The result word of the gate in the instance build folder BUILD (pass,
 * fail, timeout, not_available), newly allocated; NULL when there is
 * none. */
char *katgate_result(const char *build);

/* Whether instance NAME goes on to be measured after its gate J ran in
 * MODE (check, or require: only a RESULT of pass goes on); its reason
 * added to FAILURES otherwise. */
bool katgate_passed(const char *mode, const char *build, const char *name, const char *result,
                    const struct job *j, struct strlist *failures);

/* Whether BUILD holds a result newer than its libraries and build.json,
 * so that the gate need not run again. */
bool katgate_current(const char *build, const char *name);

#endif
