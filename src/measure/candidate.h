/* candidate.h - the hashes that can serve the ICCS hash helpers in a
 * what-if run: libcrypto's digests and XOFs, an NGCC hash candidate's
 * CryptHash from a built package, and the scheme's own placeholder (the
 * control), each under the helper's contract of bits in and bits out. */
#ifndef ICCSPROF_MEASURE_CANDIDATE_H
#define ICCSPROF_MEASURE_CANDIDATE_H

#include <jansson.h>

#include "iccsprof/substitute.h"
#include "measure/scheme.h"

/* A candidate opened for one helper. */
struct candidate {
    unsigned helper;              /* enum iccsprof_helper */
    const char *name;             /* as given: sha256, pkg:..., iccs */
    iccsprof_candidate_fn *fn;    /* what the shim calls */
    unsigned digest_bits;         /* a fixed digest's length; 0 for an XOF or the control */
    unsigned long long extended;  /* calls that asked more than digest_bits (counter mode) */
    unsigned long long truncated; /* calls that asked fewer */
    /* the hash itself: one digest of digest_bits bits of MSG_BITS bits,
     * or for an XOF OUT_BITS bits */
    int (*core)(struct candidate *c, unsigned long long out_bits, const unsigned char *msg,
                unsigned long long msg_bits, unsigned char *out);
    void *impl;       /* libcrypto's EVP_MD, CryptHash or the real helper */
    const char *kat;  /* a package's KAT verdict; NULL for the others */
    char method[160]; /* how outputs are made, for the record */
};

/* Open the candidate SPEC ({"helper", "candidate", "kind", "library",
 * "digest_bits", "kat"}) for calling it as the shim would; S, the profiled
 * scheme, is needed by the control (iccs) only and may otherwise be NULL.
 * An input error naming the candidate for what cannot serve. */
void candidate_open(struct candidate *c, struct scheme *s, json_t *spec);

/* Open the candidate SPEC ({"helper", "candidate", "kind", "library",
 * "digest_bits"}) for the profiled scheme S and set it in S's shims;
 * an input error naming the candidate for what cannot serve. */
void candidate_install(struct candidate *c, struct scheme *s, json_t *spec);

/* Give S's helpers their own placeholders again (ON = 0) or the
 * candidates C[N] (ON = 1). */
void candidate_switch(struct scheme *s, struct candidate *c, size_t n, int on);

/* The what-if seam of the profiled scheme S, or NULL when its wrappers
 * predate it. */
iccsprof_substitute_fn *candidate_seam_of(struct scheme *s);

/* Whether S wraps HELPER (defines __wrap_<helper>): a library without
 * the helper has no shim for it. */
int candidate_wraps(struct scheme *s, unsigned helper);

/* What the record says of candidate C. */
json_t *candidate_json(const struct candidate *c);

#endif
