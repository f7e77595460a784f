/* iccsprof/substitute.h - the what-if seam of a profiled library.
 *
 * A driver that wants a helper's calls served by another hash finds
 * iccsprof_wrap_substitute with dlsym and gives it a candidate for the
 * helper; from then on the helper's shim calls the candidate instead of
 * __real_<helper>, whether accounting is enabled or not, under the same
 * contract: OUT_BITS bits of output (the digest length asked of
 * pseudohash and sm3hash, the length asked of pseudoXOF) for MSG_BITS
 * bits of message.  A profiled library without the symbol predates the
 * seam and cannot be substituted.
 */
#ifndef ICCSPROF_SUBSTITUTE_H
#define ICCSPROF_SUBSTITUTE_H

#ifdef __cplusplus
extern "C" {
#endif

/* A candidate: 0 on success, as the helper it stands for. */
typedef int iccsprof_candidate_fn(void *ctx, unsigned long long out_bits, const unsigned char *msg,
                                  unsigned long long msg_bits, unsigned char *out);

/* The seam's type, for a driver that finds it with dlsym. */
typedef int iccsprof_substitute_fn(unsigned helper, iccsprof_candidate_fn *fn, void *ctx);

/* Serve HELPER (an enum iccsprof_helper hash, not the DRNG) with FN
 * called with CTX, or with __real_<helper> again when FN is NULL; 0, or
 * -1 for a helper that cannot be substituted.  Called with accounting
 * disabled and no helper call in flight. */
int iccsprof_wrap_substitute(unsigned helper, iccsprof_candidate_fn *fn, void *ctx);

#ifdef __cplusplus
}
#endif

#endif
