/* katcheck.h - the "crypthash-kat" request (protocol.h): a hash
 * candidate's CryptHash, loaded into the measuring process, held to the
 * short-message vectors of the ICCS KAT response files its package ships,
 * so that a candidate is checked in seconds rather than by its KAT
 * program's gigabyte message and million-call loop. */
#ifndef ICCSPROF_MEASURE_KATCHECK_H
#define ICCSPROF_MEASURE_KATCHECK_H

#include <jansson.h>

/* Check CFG's "library" against each of its "responses" files: the
 * result {"vectors": checked, "skipped": not checkable here, "differs":
 * null or why the first differing vector differs}.  An input error
 * naming what cannot be read or loaded. */
json_t *katcheck_run(json_t *cfg);

#endif
