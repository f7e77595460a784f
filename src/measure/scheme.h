/* scheme.h - a scheme library loaded with dlopen: its ICCS API, its DRNG
 * and, for a profiled build, the wrappers' query interface. */
#ifndef ICCSPROF_MEASURE_SCHEME_H
#define ICCSPROF_MEASURE_SCHEME_H

#include <jansson.h>

#include "iccsprof/wrap.h"

enum scheme_type { SCHEME_SIG, SCHEME_KEM, SCHEME_KEX };

/* The most passes of a key exchange the driver resolves. */
#define KEX_MAX_PASSES 9

typedef unsigned long long ull;

struct sig_api {
    int (*keygen)(unsigned char *pk, ull *pk_len, unsigned char *sk, ull *sk_len);
    int (*sign)(unsigned char *sk, ull sk_len, unsigned char *m, ull m_len, unsigned char *sn,
                ull *sn_len);
    int (*verify)(unsigned char *pk, ull pk_len, unsigned char *sn, ull sn_len, unsigned char *m,
                  ull m_len);
};

struct kem_api {
    int (*keygen)(unsigned char *pk, ull *pk_len, unsigned char *sk, ull *sk_len);
    int (*enc)(unsigned char *pk, ull pk_len, unsigned char *ss, ull *ss_len, unsigned char *ct,
               ull *ct_len);
    int (*dec)(unsigned char *sk, ull sk_len, unsigned char *ct, ull ct_len, unsigned char *ss,
               ull *ss_len);
};

/* The key exchange: initiator a, responder b.  Pass 1 (by a) has no
 * incoming message; pass k > 1 answers message k - 1 and is made by a
 * when k is odd, by b when even. */
typedef int kex_init_fn(unsigned char *pk, ull *pk_len, unsigned char *sk, ull *sk_len,
                        unsigned char *st, ull *st_len);
typedef int kex_pass1_fn(unsigned char *sk, ull sk_len, unsigned char *peer_pk, ull peer_pk_len,
                         unsigned char *st, ull *st_len, unsigned char *m, ull *m_len);
typedef int kex_pass_fn(unsigned char *sk, ull sk_len, unsigned char *peer_pk, ull peer_pk_len,
                        unsigned char *in, ull in_len, unsigned char *st, ull *st_len,
                        unsigned char *m, ull *m_len);
typedef int kex_derive_fn(unsigned char *sk, ull sk_len, unsigned char *peer_pk, ull peer_pk_len,
                          unsigned char *in, ull in_len, unsigned char *st, ull st_len,
                          unsigned char *ss, ull *ss_len);

struct kex_api {
    kex_init_fn *init_a, *init_b;
    kex_pass1_fn *pass1;
    kex_pass_fn *pass[KEX_MAX_PASSES + 1]; /* pass[k] for k from 2 */
    kex_derive_fn *derive_a, *derive_b;
    ull passes, sta_len, stb_len;
};

/* A DRNG context the driver seeds besides drng_algorithm. */
struct scheme_context {
    const char *name;
    void *address;
};

struct scheme {
    const char *path;
    void *lib;
    enum scheme_type type;
    struct sig_api sig;
    struct kem_api kem;
    struct kex_api kex;
    void *drng; /* the package's DRNG_ctx drng_algorithm, opaque; NULL when not there */
    /* DRNG contexts of the scheme's own, found in its debugging information
     * by iccsprof run: data of type DRNG_ctx, seeded like drng_algorithm,
     * every one of them (the measuring process keeps them to its end). */
    size_t nprivate;
    struct scheme_context *private_ctx;
    int (*init_random_number)(void *drng, const unsigned char *seed, ull seed_len);
    /* From the API's length functions: pk, sk, and the maximum signature,
     * the ciphertext or a key exchange's messages in all, and the shared
     * secret (0 for signatures).  A key exchange's pk and sk may be 0. */
    ull pk_len, sk_len, out_len, ss_len;
    const struct iccsprof_wrap_api *wrap; /* profiled builds only */
};

/* Load the library at PATH and resolve everything the driver uses; a
 * profiled build must also carry the wrappers' interface at this ABI.
 * Anything missing ends the process with an input error naming it.
 * PRIVATE lists the scheme's own DRNG contexts ({name, vaddr}) to seed,
 * or is NULL. */
void scheme_load(struct scheme *s, const char *path, int profiled, json_t *private_ctx);

/* Seed every DRNG context the driver knows of S with SEED. */
void scheme_seed(struct scheme *s, const unsigned char *seed, size_t seed_len);

/* The name of the context at ADDRESS when the driver seeded it, else NULL. */
const char *scheme_seeded_name(const struct scheme *s, const void *address);

/* Set the wrappers' call-site depth (0: off); an input error naming the
 * library when its wrappers were built without libunwind. */
void scheme_set_callers(const struct scheme *s, unsigned depth);

/* The type's name as records spell it: "sig", "kem" or "kex". */
const char *scheme_type_name(enum scheme_type type);

#endif
