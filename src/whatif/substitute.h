/* substitute.h - --substitute HELPER=CANDIDATE[,...]: which hash stands
 * behind which ICCS helper in a what-if run, checked before any work,
 * and the hash packages among the candidates built and KAT-checked. */
#ifndef ICCSPROF_SUBSTITUTE_H
#define ICCSPROF_SUBSTITUTE_H

#include <jansson.h>
#include <stdbool.h>

#include "util/message.h"

/* Parse SPEC into *OUT, an array of {"helper", "candidate", "kind"
 * (openssl, iccs or pkg), and for a package "package" and "instance"
 * (null: its only one)}; EXIT_OK, or EXIT_USAGE after a one-line message
 * of the command named COMMAND naming the item at fault. */
int subst_parse(const char *command, const char *spec, json_t **out);

/* The item of the list subst_parse gives serving HELPER with candidate
 * CAND, which the user wrote as LABEL (the option and the value, for the
 * one-line error of COMMAND); NULL after that usage error. */
json_t *subst_candidate(const char *command, const char *label, const char *helper,
                        const char *cand);

/* Build and KAT-check each package of LIST under BUILD_ROOT (one that
 * ships no KAT responses only with ALLOW_UNVERIFIED), adding "library",
 * "digest_bits" and "kat" to its item; EXIT_OK, or EXIT_FAILURE after a
 * message saying why the candidate is refused. */
int subst_resolve(json_t *list, const char *build_root, bool allow_unverified);

#endif
