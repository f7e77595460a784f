/* kat.h - the KAT gate: does the library compute what the package says
 * it computes?
 *
 * For a built instance (its build.json): the package's KAT driver (the
 * program left out of the library because it defines main, named KAT*.c)
 * is compiled with the instance's flags and linked against the plain
 * library, run in a scratch folder with a time-out, and what it writes
 * (the *.rsp files it creates, else its stdout) is compared with the
 * response files the package ships (*.rsp beside the driver, in the
 * instance folder, in a KAT/ folder in it, or in KAT/<instance folder>/
 * beside it).  The same driver linked against the profiled library must
 * write byte-identical output: proof that the wrappers change nothing. */
#ifndef ICCSPROF_KAT_H
#define ICCSPROF_KAT_H

#include <jansson.h>

struct kat_config {
    json_t *build;        /* the instance's build description */
    const char *plain;    /* the plain library */
    const char *profiled; /* the profiled library, or NULL */
    const char *work;     /* the scratch folder (made when missing) */
    const char *cc;       /* the compiler command */
    double timeout;       /* seconds for each run of the driver */
};

/* Run the gate; the result as the record carries it:
 * {"result": "pass"|"fail"|"timeout"|"not_available", "detail": why or
 * where (empty for a pass), "driver", "responses", "seconds",
 * "timeout_seconds", "profiled": "identical"|"differs"|"timeout"|null
 * (not run), "profiled_detail"}.  NULL with errno set when the scratch
 * folder cannot be made. */
json_t *kat_check(const struct kat_config *c);

#endif
