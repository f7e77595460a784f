/* katcheck.h - the "crypthash-kat" request (protocol.h): a hash
 * candidate's CryptHash, loaded into the measuring process, held to the
 * short-message vectors of the ICCS KAT response files its package ships,
 * so that a candidate is checked in seconds rather than by its KAT
 * program's gigabyte message and million-call loop. */
#ifndef ICCSPROF_MEASURE_KATCHECK_H
#define ICCSPROF_MEASURE_KATCHECK_H

#include <jansson.h>

/* A candidate's functions: its CryptHash, and its ICCS DRNG (NULL when it
 * has none), which rebuilds the random messages the responses give by
 * their seeds. */
struct katcheck_lib {
    int (*hash)(int, const unsigned char *, unsigned long long, unsigned char *);
    int (*drng_init)(void *, const unsigned char *, unsigned long long);
    int (*drng_get)(void *, unsigned char *, unsigned long long);
};

/* Check LIB against each response file of FILES (paths): {"vectors":
 * checked, "skipped": not checkable here, "differs": null or why the
 * first differing vector differs}.  An input error naming a file that
 * cannot be read. */
json_t *katcheck_files(const struct katcheck_lib *lib, json_t *files);

/* Check CFG's "library" against each of its "responses" files, as
 * katcheck_files; an input error naming what cannot be loaded. */
json_t *katcheck_run(json_t *cfg);

#endif
