/* scheme.h - a scheme library loaded with dlopen: its ICCS API, its DRNG
 * and, for a profiled build, the wrappers' query interface. */
#ifndef ICCSPROF_MEASURE_SCHEME_H
#define ICCSPROF_MEASURE_SCHEME_H

#include "iccsprof/wrap.h"

enum scheme_type { SCHEME_SIG, SCHEME_KEM };

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

struct scheme {
    const char *path;
    void *lib;
    enum scheme_type type;
    struct sig_api sig;
    struct kem_api kem;
    void *drng; /* the package's DRNG_ctx drng_algorithm, opaque */
    int (*init_random_number)(void *drng, const unsigned char *seed, ull seed_len);
    /* From the API's length functions: pk, sk, and the maximum signature
     * or the ciphertext, and the shared secret (0 for signatures). */
    ull pk_len, sk_len, out_len, ss_len;
    const struct iccsprof_wrap_api *wrap; /* profiled builds only */
};

/* Load the library at PATH and resolve everything the driver uses; a
 * profiled build must also carry the wrappers' interface at this ABI.
 * Anything missing ends the process with an input error naming it. */
void scheme_load(struct scheme *s, const char *path, int profiled);

/* Set the wrappers' call-site depth (0: off); an input error naming the
 * library when its wrappers were built without libunwind. */
void scheme_set_callers(const struct scheme *s, unsigned depth);

/* The type's name as records spell it: "sig" or "kem". */
const char *scheme_type_name(enum scheme_type type);

#endif
