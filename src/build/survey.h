/* survey.h - the survey verdict of a package: whether its symmetric work
 * goes only through the ICCS helpers, or also through hash, XOF or cipher
 * code of its own that the wrappers never see.
 *
 * Found from the objects of one build: a permutation or compression
 * function is recognised by its well-known constants in the code or data
 * (Keccak-f[1600]'s round constants, SHA-2's and SM3's, the AES S-box,
 * ChaCha's "expand 32-byte k") or by its name (KeccakF1600_StatePermute,
 * sha256_transform, sm3_compress); functions named like a hash (shake*,
 * sha3*) in an object that calls a hash helper and holds no such code
 * are shims over the helper.  Code reached only through the helpers'
 * own objects is the helpers' implementation, measured with them. */
#ifndef ICCSPROF_SURVEY_H
#define ICCSPROF_SURVEY_H

#include <jansson.h>
#include <stddef.h>

/* The survey of the objects DIR/OBJS[N] (OBJS[k] as it is when DIR is
 * NULL), each shown by the base name of
 * SOURCES[k] (its source file; OBJS[k]'s when SOURCES is NULL):
 * {"verdict": "iccs-only" | "shims" | "mixed", "text": the verdict as the
 * page prints it, "shims": [{"family", "source", "helpers"}], "own":
 * [{"primitive", "source", "evidence"}]}.  NULL with a message when an
 * object cannot be read. */
json_t *survey_of(const char *dir, char *const *objs, char *const *sources, size_t n);

#endif
