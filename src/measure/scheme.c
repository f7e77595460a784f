/* scheme.c - loading a scheme library and resolving its ICCS API. */
#include "config.h"

#include <dlfcn.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "channel.h"
#include "scheme.h"

/* A key or output larger than this is not a real length but a bug. */
#define SCHEME_MAX_LEN (1ull << 30)

/* The address of NAME in S's library; an input error when it is absent. */
static void *scheme_sym(const struct scheme *s, const char *name)
{
    void *p = dlsym(s->lib, name);

    if (p == NULL)
        channel_input_error("%s: missing symbol %s", s->path, name);
    return p;
}

/* Resolve NAME into the function pointer at SLOT. */
#define SCHEME_FN(s, slot, name) (*(void **)&(slot) = scheme_sym((s), (name)))

/* Call the length function NAME; an input error for 0 or absurd sizes. */
static ull scheme_len(const struct scheme *s, const char *name)
{
    ull (*fn)(void);
    ull len;

    SCHEME_FN(s, fn, name);
    len = fn();
    if (len == 0 || len > SCHEME_MAX_LEN)
        channel_input_error("%s: %s() returned %llu (a length must be 1 to %llu bytes)", s->path,
                            name, len, SCHEME_MAX_LEN);
    return len;
}

/* Detect sig or kem from the exported API. */
static void scheme_detect(struct scheme *s)
{
    int sig = dlsym(s->lib, "sig_keygen") != NULL, kem = dlsym(s->lib, "kem_keygen") != NULL;

    if (sig == kem)
        channel_input_error(sig ? "%s: exports both sig_keygen and kem_keygen: not one ICCS scheme"
                                : "%s: neither a signature nor a KEM library (no sig_keygen or "
                                  "kem_keygen)",
                            s->path);
    s->type = sig ? SCHEME_SIG : SCHEME_KEM;
}

/* Resolve the API of the detected type and read its lengths. */
static void scheme_resolve_api(struct scheme *s)
{
    if (s->type == SCHEME_SIG) {
        SCHEME_FN(s, s->sig.keygen, "sig_keygen");
        SCHEME_FN(s, s->sig.sign, "sig_sign");
        SCHEME_FN(s, s->sig.verify, "sig_verify");
        s->pk_len = scheme_len(s, "sig_get_pk_len_bytes");
        s->sk_len = scheme_len(s, "sig_get_sk_len_bytes");
        s->out_len = scheme_len(s, "sig_get_sn_len_bytes");
        s->ss_len = 0;
    } else {
        SCHEME_FN(s, s->kem.keygen, "kem_keygen");
        SCHEME_FN(s, s->kem.enc, "kem_enc");
        SCHEME_FN(s, s->kem.dec, "kem_dec");
        s->pk_len = scheme_len(s, "kem_get_pk_len_bytes");
        s->sk_len = scheme_len(s, "kem_get_sk_len_bytes");
        s->out_len = scheme_len(s, "kem_get_ct_len_bytes");
        s->ss_len = scheme_len(s, "kem_get_ss_len_bytes");
    }
}

/* Find the wrappers' query interface and check its ABI. */
static void scheme_resolve_wrap(struct scheme *s)
{
    const struct iccsprof_wrap_api *(*entry)(void);

    *(void **)&entry = dlsym(s->lib, "iccsprof_wrap_api");
    if (entry == NULL)
        channel_input_error("%s: not a profiled build (no iccsprof_wrap_api: link it with "
                            "libiccswrap and the --wrap flags)",
                            s->path);
    s->wrap = entry();
    if (s->wrap == NULL || s->wrap->abi != ICCSPROF_WRAP_ABI)
        channel_input_error("%s: wrapper interface ABI %u, this iccsprof reads ABI %d", s->path,
                            s->wrap != NULL ? s->wrap->abi : 0u, ICCSPROF_WRAP_ABI);
}

/* Load the library at PATH and resolve everything the driver uses. */
void scheme_load(struct scheme *s, const char *path, int profiled)
{
    memset(s, 0, sizeof *s);
    s->path = path;
    if (access(path, R_OK) != 0)
        channel_input_error("%s: %s", path, strerror(errno));
    /* RTLD_LOCAL keeps the plain and the profiled build apart: each binds
     * to its own helpers and its own drng_algorithm. */
    s->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (s->lib == NULL)
        channel_input_error("%s", dlerror());
    scheme_detect(s);
    scheme_resolve_api(s);
    s->drng = scheme_sym(s, "drng_algorithm");
    SCHEME_FN(s, s->init_random_number, "init_random_number");
    if (profiled)
        scheme_resolve_wrap(s);
}

/* Set the wrappers' call-site depth. */
void scheme_set_callers(const struct scheme *s, unsigned depth)
{
    if (s->wrap->set_callers(depth) != 0)
        channel_input_error("%s: --callers needs wrappers built with libunwind, and this "
                            "profiled build has none (configure iccsprof --with-libunwind "
                            "and relink it)",
                            s->path);
}

/* The type's name as records spell it. */
const char *scheme_type_name(enum scheme_type type)
{
    return type == SCHEME_SIG ? "sig" : "kem";
}
