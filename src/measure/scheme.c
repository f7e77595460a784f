/* scheme.c - loading a scheme library and resolving its ICCS API. */
#include "config.h"

#include <dlfcn.h>
#include <link.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "measure/channel.h"
#include "measure/scheme.h"

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

/* Detect sig, kem or kex from the exported API: exactly one of them. */
static void scheme_detect(struct scheme *s)
{
    int sig = dlsym(s->lib, "sig_keygen") != NULL, kem = dlsym(s->lib, "kem_keygen") != NULL;
    int kex = dlsym(s->lib, "kex_init_a") != NULL;

    if (sig + kem + kex == 0)
        channel_input_error("%s: neither a signature, a KEM nor a key exchange library (no "
                            "sig_keygen, kem_keygen or kex_init_a)",
                            s->path);
    if (sig + kem + kex > 1)
        channel_input_error("%s: exports more than one of sig_keygen, kem_keygen and kex_init_a: "
                            "not one ICCS scheme",
                            s->path);
    s->type = sig ? SCHEME_SIG : kem ? SCHEME_KEM : SCHEME_KEX;
}

/* Call the length function NAME, which may return 0 (a key exchange
 * without long-term keys); an input error for absurd sizes. */
static ull scheme_len0(const struct scheme *s, const char *name)
{
    ull (*fn)(void);
    ull len;

    SCHEME_FN(s, fn, name);
    len = fn();
    if (len > SCHEME_MAX_LEN)
        channel_input_error("%s: %s() returned %llu (a length must be 0 to %llu bytes)", s->path,
                            name, len, SCHEME_MAX_LEN);
    return len;
}

/* Resolve the key exchange's steps, as many passes as it claims. */
static void scheme_resolve_kex(struct scheme *s)
{
    char name[64];

    SCHEME_FN(s, s->kex.init_a, "kex_init_a");
    SCHEME_FN(s, s->kex.init_b, "kex_init_b");
    SCHEME_FN(s, s->kex.pass1, "kex_generate_pass1_msg_a");
    s->kex.passes = scheme_len(s, "kex_get_passes_num");
    if (s->kex.passes > KEX_MAX_PASSES)
        channel_input_error("%s: kex_get_passes_num() returned %llu (this iccsprof measures 1 to "
                            "%d passes)",
                            s->path, s->kex.passes, KEX_MAX_PASSES);
    for (ull k = 2; k <= s->kex.passes; k++) {
        snprintf(name, sizeof name, "kex_generate_pass%llu_msg_%c", k, k % 2 ? 'a' : 'b');
        SCHEME_FN(s, s->kex.pass[k], name);
    }
    SCHEME_FN(s, s->kex.derive_a, "kex_derive_ss_a");
    SCHEME_FN(s, s->kex.derive_b, "kex_derive_ss_b");
    s->pk_len = scheme_len0(s, "kex_get_pk_len_bytes");
    s->sk_len = scheme_len0(s, "kex_get_sk_len_bytes");
    s->kex.sta_len = scheme_len0(s, "kex_get_sta_len_bytes");
    s->kex.stb_len = scheme_len0(s, "kex_get_stb_len_bytes");
    s->out_len = scheme_len(s, "kex_get_total_msg_len_bytes");
    s->ss_len = scheme_len(s, "kex_get_ss_len_bytes");
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
    } else if (s->type == SCHEME_KEX) {
        scheme_resolve_kex(s);
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

/* Resolve the scheme's own DRNG contexts that iccsprof run found in the
 * file (their link-time addresses) to addresses in this process. */
static void scheme_resolve_private(struct scheme *s, json_t *list)
{
    struct link_map *map;
    json_t *c;
    size_t i;

    if (list == NULL || json_array_size(list) == 0 || dlinfo(s->lib, RTLD_DI_LINKMAP, &map) != 0)
        return;
    if ((s->private_ctx = calloc(json_array_size(list), sizeof *s->private_ctx)) == NULL)
        channel_call_error("out of memory for %zu DRNG contexts", json_array_size(list));
    json_array_foreach(list, i, c)
    {
        s->private_ctx[s->nprivate].name = json_string_value(json_object_get(c, "name"));
        s->private_ctx[s->nprivate++].address =
            (void *)(map->l_addr + (uintptr_t)json_integer_value(json_object_get(c, "vaddr")));
    }
}

/* Seed drng_algorithm, when the library has it, and every private
 * context found, the way the KAT drivers seed drng_algorithm. */
void scheme_seed(struct scheme *s, const unsigned char *seed, size_t seed_len)
{
    int rc;

    if (s->drng != NULL && (rc = s->init_random_number(s->drng, seed, seed_len)) != 0)
        channel_call_error("init_random_number(&drng_algorithm) returned %d (setup)", rc);
    for (size_t i = 0; i < s->nprivate; i++)
        if ((rc = s->init_random_number(s->private_ctx[i].address, seed, seed_len)) != 0)
            channel_call_error("init_random_number(&%s) returned %d (setup)",
                               s->private_ctx[i].name, rc);
}

/* The name of a context the driver seeded, or NULL. */
const char *scheme_seeded_name(const struct scheme *s, const void *address)
{
    if (s->drng != NULL && address == s->drng)
        return "drng_algorithm";
    for (size_t i = 0; i < s->nprivate; i++)
        if (address == s->private_ctx[i].address)
            return s->private_ctx[i].name;
    return NULL;
}

/* Load the library at PATH and resolve everything the driver uses. */
void scheme_load(struct scheme *s, const char *path, int profiled, json_t *private_ctx)
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
    /* a library that does not use drng_algorithm may not define it:
     * its randomness then comes from a context of its own */
    s->drng = dlsym(s->lib, "drng_algorithm");
    SCHEME_FN(s, s->init_random_number, "init_random_number");
    scheme_resolve_private(s, private_ctx);
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
    static const char *const names[] = {"sig", "kem", "kex"};

    return names[type];
}
