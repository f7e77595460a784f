/* candidate.c - opening a what-if candidate and making it keep a helper's
 * contract.  A candidate with a fixed digest of D bits serves a request
 * for N bits with its digest truncated to N when N <= D, and beyond that
 * in counter mode: H(M || ct_1) || H(M || ct_2) || ..., ct_i = i as a
 * 32-bit big-endian counter from 1 following the message's last bit (the
 * construction pseudoXOF itself uses over SM3), truncated to N.  An XOF
 * gives N bits itself; the control is the scheme's own helper.
 *
 * libcrypto is opened here with RTLD_LOCAL rather than linked: the
 * measuring process links little beyond libc, so that a scheme's symbols
 * bind to the scheme (measure.c). */
#include "config.h"

#include <dlfcn.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "measure/candidate.h"
#include "measure/channel.h"

#if OPENSSL_VERSION_MAJOR >= 3
#define CANDIDATE_CRYPTO_SONAME "libcrypto.so.3"
#else
#define CANDIDATE_CRYPTO_SONAME "libcrypto.so.1.1"
#endif

/* libcrypto's functions the candidates use. */
static struct {
    void *lib;
    const EVP_MD *(*byname)(const char *name);
    EVP_MD_CTX *(*ctx_new)(void);
    void (*ctx_free)(EVP_MD_CTX *ctx);
    int (*init)(EVP_MD_CTX *ctx, const EVP_MD *md, ENGINE *e);
    int (*update)(EVP_MD_CTX *ctx, const void *d, size_t n);
    int (*final)(EVP_MD_CTX *ctx, unsigned char *md, unsigned int *n);
    int (*final_xof)(EVP_MD_CTX *ctx, unsigned char *md, size_t n);
} crypto;

/* libcrypto's candidates: name, libcrypto's name, digest bits (0: XOF). */
static const struct {
    const char *name, *evp;
    unsigned bits;
} candidate_evp[] = {
    {"sm3", "SM3", 256},           {"sha256", "SHA256", 256},   {"sha3-256", "SHA3-256", 256},
    {"sha3-512", "SHA3-512", 512}, {"shake128", "SHAKE128", 0}, {"shake256", "SHAKE256", 0},
};

static const char *const candidate_helper[] = ICCSPROF_HELPER_NAMES;

/* Each thread's scratch buffer for M || ct_i and a partial byte's
 * padding, and its libcrypto digest context: a scheme may hash from
 * several threads at once. */
struct candidate_buf {
    unsigned char *p;
    size_t cap;
    EVP_MD_CTX *md_ctx;
    unsigned char *region; /* a package's digest, canary bytes and a guard page */
    size_t span;           /* the writable part of REGION, before the guard page */
};

/* The canary bytes after a package's digest: a write of up to this many
 * past it is seen when CryptHash returns, a longer one faults on the
 * guard page after them. */
#define CANDIDATE_CANARY 64
#define CANDIDATE_CANARY_BYTE 0xa5

/* The package's CryptHash call under way on this thread, for the fault
 * handler to name: the candidate, its message's bits and the guard page. */
static __thread struct {
    const struct candidate *c;
    unsigned long long msg_bits;
    const unsigned char *guard;
    size_t page;
} candidate_call;

static pthread_key_t scratch_key;
static pthread_once_t scratch_once = PTHREAD_ONCE_INIT;

/* Free a thread's buffer and context when the thread ends. */
static void candidate_scratch_free(void *arg)
{
    struct candidate_buf *b = arg;

    if (b->md_ctx != NULL)
        crypto.ctx_free(b->md_ctx);
    if (b->region != NULL)
        munmap(b->region, b->span + (size_t)sysconf(_SC_PAGESIZE));
    free(b->p);
    free(b);
}

/* Create the key of the threads' buffers, once. */
static void candidate_scratch_key(void)
{
    if (pthread_key_create(&scratch_key, candidate_scratch_free) != 0)
        channel_call_error("cannot create the candidates' thread-local buffer key");
}

/* This thread's buffers. */
static struct candidate_buf *candidate_thread(void)
{
    struct candidate_buf *b;

    pthread_once(&scratch_once, candidate_scratch_key);
    if ((b = pthread_getspecific(scratch_key)) == NULL) {
        if ((b = calloc(1, sizeof *b)) == NULL || pthread_setspecific(scratch_key, b) != 0)
            channel_call_error("out of memory for a candidate's buffer");
    }
    return b;
}

/* This thread's scratch buffer, with room for LEN bytes. */
static unsigned char *candidate_scratch(size_t len)
{
    struct candidate_buf *b = candidate_thread();

    if (len > b->cap) {
        free(b->p);
        b->cap = len * 2;
        if ((b->p = malloc(b->cap)) == NULL)
            channel_call_error("out of memory for a %zu-byte candidate message", len);
    }
    return b->p;
}

/* This thread's libcrypto digest context. */
static EVP_MD_CTX *candidate_md_ctx(void)
{
    struct candidate_buf *b = candidate_thread();

    if (b->md_ctx == NULL && (b->md_ctx = crypto.ctx_new()) == NULL)
        channel_call_error("out of memory for a libcrypto digest context");
    return b->md_ctx;
}

/* Clear the bits of OUT past OUT_BITS in its last byte. */
static void candidate_mask(unsigned char *out, unsigned long long out_bits)
{
    if (out_bits % 8 != 0)
        out[out_bits / 8] &= (unsigned char)(0xff00u >> (out_bits % 8));
}

/* A libcrypto hash of MSG_BITS bits: whole bytes as they are; a message
 * ending in a partial byte is hashed as its bytes, the unused bits
 * cleared, followed by one byte holding the count of used bits. */
static int candidate_evp_core(struct candidate *c, unsigned long long out_bits,
                              const unsigned char *msg, unsigned long long msg_bits,
                              unsigned char *out)
{
    EVP_MD_CTX *ctx = candidate_md_ctx();
    size_t len = (size_t)((msg_bits + 7) / 8);
    const unsigned char *m = msg;
    unsigned int n;

    if (msg_bits % 8 != 0) {
        unsigned char *p = candidate_scratch(len + 1);

        if (p != msg)
            memmove(p, msg, len);
        candidate_mask(p, msg_bits);
        p[len++] = (unsigned char)(msg_bits % 8);
        m = p;
    }
    if (crypto.init(ctx, c->impl, NULL) != 1 || crypto.update(ctx, m, len) != 1 ||
        (c->digest_bits == 0 ? crypto.final_xof(ctx, out, (size_t)((out_bits + 7) / 8))
                             : crypto.final(ctx, out, &n)) != 1)
        channel_call_error("candidate %s: libcrypto's digest of a %llu-bit message failed", c->name,
                           msg_bits);
    return 0;
}

/* A fault on the guard page after a package's digest: the candidate
 * under way wrote past it.  Reported as that call's failure; any other
 * fault is the crash it is. */
static void candidate_on_fault(int sig, siginfo_t *si, void *uc)
{
    const unsigned char *a = si->si_addr;

    (void)uc;
    if (candidate_call.c != NULL && a >= candidate_call.guard &&
        a < candidate_call.guard + candidate_call.page)
        channel_call_error("candidate %s: CryptHash(%u, a %llu-bit message) wrote more than %d "
                           "bytes past its %u-byte digest",
                           candidate_call.c->name, candidate_call.c->digest_bits,
                           candidate_call.msg_bits, CANDIDATE_CANARY,
                           candidate_call.c->digest_bits / 8);
    signal(sig, SIG_DFL);
}

/* This thread's buffer for a package's digest of BYTES (up to 1024):
 * its end followed by the canary bytes, set afresh, and the guard page. */
static unsigned char *candidate_guarded(size_t bytes)
{
    struct candidate_buf *b = candidate_thread();
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    unsigned char *canary;

    if (b->region == NULL) {
        void *map;

        b->span = (1024 + CANDIDATE_CANARY + page - 1) / page * page;
        map =
            mmap(NULL, b->span + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (map == MAP_FAILED || mprotect((unsigned char *)map + b->span, page, PROT_NONE) != 0)
            channel_call_error("no memory for a candidate's guarded digest buffer");
        b->region = map;
    }
    canary = b->region + b->span - CANDIDATE_CANARY;
    memset(canary, CANDIDATE_CANARY_BYTE, CANDIDATE_CANARY);
    candidate_call.guard = b->region + b->span;
    candidate_call.page = page;
    return canary - bytes;
}

/* An NGCC candidate's CryptHash at its own digest length, into a buffer
 * that ends at canary bytes and a guard page: a nonzero return or a write
 * past the digest ends the measurement naming the candidate and the call,
 * rather than failing the scheme's operation or passing the works-check
 * unseen. */
static int candidate_pkg_core(struct candidate *c, unsigned long long out_bits,
                              const unsigned char *msg, unsigned long long msg_bits,
                              unsigned char *out)
{
    int (*crypthash)(int, const unsigned char *, unsigned long long, unsigned char *) =
        (int (*)(int, const unsigned char *, unsigned long long, unsigned char *))c->impl;
    size_t bytes = c->digest_bits / 8;
    unsigned char *digest = candidate_guarded(bytes);
    int rc;

    (void)out_bits;
    candidate_call.c = c;
    candidate_call.msg_bits = msg_bits;
    rc = crypthash((int)c->digest_bits, msg, msg_bits, digest);
    candidate_call.c = NULL;
    if (rc != 0)
        channel_call_error("candidate %s: CryptHash(%u, a %llu-bit message) returned %d", c->name,
                           c->digest_bits, msg_bits, rc);
    for (size_t i = 0; i < CANDIDATE_CANARY; i++)
        if (digest[bytes + i] != CANDIDATE_CANARY_BYTE)
            channel_call_error("candidate %s: CryptHash(%u, a %llu-bit message) wrote past its "
                               "%zu-byte digest",
                               c->name, c->digest_bits, msg_bits, bytes);
    memcpy(out, digest, bytes);
    return 0;
}

/* N bits of a fixed digest: truncated, or in counter mode. */
static int candidate_fixed(void *ctx, unsigned long long out_bits, const unsigned char *msg,
                           unsigned long long msg_bits, unsigned char *out)
{
    struct candidate *c = ctx;
    size_t msg_bytes = (size_t)((msg_bits + 7) / 8);
    unsigned char digest[1024];
    unsigned char *m;
    unsigned shift = (unsigned)(msg_bits % 8);

    if (out_bits <= c->digest_bits) {
        c->truncated += out_bits < c->digest_bits;
        if (c->core(c, c->digest_bits, msg, msg_bits, digest) != 0)
            return -3;
        memcpy(out, digest, (size_t)((out_bits + 7) / 8));
        candidate_mask(out, out_bits);
        return 0;
    }
    c->extended++;
    m = candidate_scratch(msg_bytes + 5);
    memcpy(m, msg, msg_bytes);
    for (unsigned long long i = 0, done = 0; done < out_bits; i++, done += c->digest_bits) {
        uint32_t ct = (uint32_t)(i + 1);
        unsigned char be[4] = {(unsigned char)(ct >> 24), (unsigned char)(ct >> 16),
                               (unsigned char)(ct >> 8), (unsigned char)ct};
        unsigned long long want =
            out_bits - done < c->digest_bits ? out_bits - done : c->digest_bits;

        /* the counter's bits follow the message's last bit */
        if (shift == 0)
            memcpy(m + msg_bytes, be, 4);
        else {
            m[msg_bytes - 1] &= (unsigned char)(0xff00u >> shift);
            for (int k = 0; k < 4; k++) {
                m[msg_bytes - 1 + k] |= (unsigned char)(be[k] >> shift);
                m[msg_bytes + k] = (unsigned char)(be[k] << (8 - shift));
            }
        }
        if (c->core(c, c->digest_bits, m, msg_bits + 32, digest) != 0)
            return -3;
        memcpy(out + done / 8, digest, (size_t)((want + 7) / 8));
    }
    candidate_mask(out, out_bits);
    return 0;
}

/* N bits of an XOF. */
static int candidate_xof(void *ctx, unsigned long long out_bits, const unsigned char *msg,
                         unsigned long long msg_bits, unsigned char *out)
{
    struct candidate *c = ctx;

    if (c->core(c, out_bits, msg, msg_bits, out) != 0)
        return -3;
    candidate_mask(out, out_bits);
    return 0;
}

/* The scheme's own digest helper (pseudohash or sm3hash), the control. */
static int candidate_own_digest(void *ctx, unsigned long long out_bits, const unsigned char *msg,
                                unsigned long long msg_bits, unsigned char *out)
{
    struct candidate *c = ctx;

    return ((int (*)(int, const unsigned char *, unsigned long long, unsigned char *))c->impl)(
        (int)out_bits, msg, msg_bits, out);
}

/* The scheme's own pseudoXOF, the control. */
static int candidate_own_xof(void *ctx, unsigned long long out_bits, const unsigned char *msg,
                             unsigned long long msg_bits, unsigned char *out)
{
    struct candidate *c = ctx;

    return ((int (*)(unsigned long long, const unsigned char *, unsigned long long,
                     unsigned char *))c->impl)(out_bits, msg, msg_bits, out);
}

/* Resolve libcrypto's functions, once. */
static void candidate_crypto(const char *name)
{
    if (crypto.lib != NULL)
        return;
    if ((crypto.lib = dlopen(CANDIDATE_CRYPTO_SONAME, RTLD_NOW | RTLD_LOCAL)) == NULL)
        channel_input_error("candidate %s: %s", name, dlerror());
    *(void **)&crypto.byname = dlsym(crypto.lib, "EVP_get_digestbyname");
    *(void **)&crypto.ctx_new = dlsym(crypto.lib, "EVP_MD_CTX_new");
    *(void **)&crypto.ctx_free = dlsym(crypto.lib, "EVP_MD_CTX_free");
    *(void **)&crypto.init = dlsym(crypto.lib, "EVP_DigestInit_ex");
    *(void **)&crypto.update = dlsym(crypto.lib, "EVP_DigestUpdate");
    *(void **)&crypto.final = dlsym(crypto.lib, "EVP_DigestFinal_ex");
    *(void **)&crypto.final_xof = dlsym(crypto.lib, "EVP_DigestFinalXOF");
    if (!crypto.byname || !crypto.ctx_new || !crypto.ctx_free || !crypto.init || !crypto.update ||
        !crypto.final || !crypto.final_xof)
        channel_input_error("candidate %s: %s lacks the EVP digest functions", name,
                            CANDIDATE_CRYPTO_SONAME);
}

/* Open libcrypto's candidate NAME into C. */
static void candidate_open_evp(struct candidate *c, const char *name)
{
    size_t k = 0;

    while (k < sizeof candidate_evp / sizeof candidate_evp[0] &&
           strcmp(candidate_evp[k].name, name) != 0)
        k++;
    if (k == sizeof candidate_evp / sizeof candidate_evp[0])
        channel_input_error("candidate %s: not one of libcrypto's candidates", name);
    candidate_crypto(name);
    c->impl = (void *)crypto.byname(candidate_evp[k].evp);
    if (c->impl == NULL)
        channel_input_error("candidate %s: this libcrypto has no %s", name, candidate_evp[k].evp);
    c->digest_bits = candidate_evp[k].bits;
    c->core = candidate_evp_core;
}

/* Take the faults on the guard pages of the packages' digests. */
static void candidate_catch_faults(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = candidate_on_fault;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, NULL);
}

/* Open the built package's CryptHash at LIBRARY, of DIGEST_BITS bits. */
static void candidate_open_pkg(struct candidate *c, const char *library, unsigned digest_bits)
{
    void *lib = dlopen(library, RTLD_NOW | RTLD_LOCAL);

    if (lib == NULL)
        channel_input_error("candidate %s: %s", c->name, dlerror());
    if ((c->impl = dlsym(lib, "CryptHash")) == NULL)
        channel_input_error("candidate %s: %s defines no CryptHash", c->name, library);
    if (digest_bits == 0 || digest_bits % 8 != 0 || digest_bits > 8192)
        channel_input_error("candidate %s: DIGEST_BIT_LENGTH %u is not whole bytes up to 8192, "
                            "which counter mode needs",
                            c->name, digest_bits);
    c->digest_bits = digest_bits;
    c->core = candidate_pkg_core;
    candidate_catch_faults();
}

/* Open the scheme's own helper as the control. */
static void candidate_open_own(struct candidate *c, struct scheme *s)
{
    if ((c->impl = dlsym(s->lib, candidate_helper[c->helper])) == NULL)
        channel_input_error("candidate iccs: %s defines no %s", s->path,
                            candidate_helper[c->helper]);
    c->fn = c->helper == ICCSPROF_PSEUDOXOF ? candidate_own_xof : candidate_own_digest;
    snprintf(c->method, sizeof c->method, "the scheme's own %s", candidate_helper[c->helper]);
}

/* The what-if seam of S, or NULL. */
iccsprof_substitute_fn *candidate_seam_of(struct scheme *s)
{
    iccsprof_substitute_fn *set;

    *(void **)&set = dlsym(s->lib, "iccsprof_wrap_substitute");
    return set;
}

/* Whether S wraps HELPER. */
int candidate_wraps(struct scheme *s, unsigned helper)
{
    char wrap[64];

    snprintf(wrap, sizeof wrap, "__wrap_%s", candidate_helper[helper]);
    return dlsym(s->lib, wrap) != NULL;
}

/* The seam of S, or an input error naming what S lacks. */
static iccsprof_substitute_fn *candidate_seam(struct scheme *s, unsigned helper)
{
    iccsprof_substitute_fn *set = candidate_seam_of(s);

    if (set == NULL)
        channel_input_error("%s: its wrappers have no substitution seam (rebuild it with this "
                            "iccsprof)",
                            s->path);
    if (!candidate_wraps(s, helper))
        channel_input_error("%s: %s is not wrapped (the library does not define it), so no "
                            "candidate can stand in for it",
                            s->path, candidate_helper[helper]);
    return set;
}

/* Open the candidate SPEC into C; with SEAM, S's seam for its helper is
 * checked first. */
static void candidate_setup(struct candidate *c, struct scheme *s, json_t *spec, int seam)
{
    const char *kind = json_string_value(json_object_get(spec, "kind"));
    const char *helper = json_string_value(json_object_get(spec, "helper"));

    memset(c, 0, sizeof *c);
    c->name = json_string_value(json_object_get(spec, "candidate"));
    while (c->helper < ICCSPROF_DRNG && helper != NULL &&
           strcmp(candidate_helper[c->helper], helper) != 0)
        c->helper++;
    if (c->helper == ICCSPROF_DRNG || helper == NULL || c->name == NULL || kind == NULL)
        channel_input_error("configuration: bad substitution of %s", helper ? helper : "?");
    if (seam)
        candidate_seam(s, c->helper);
    if (strcmp(kind, "iccs") == 0) {
        if (s == NULL)
            channel_input_error("candidate iccs: no profiled library to take %s from", helper);
        candidate_open_own(c, s);
        return;
    }
    if (strcmp(kind, "pkg") == 0) {
        candidate_open_pkg(c, json_string_value(json_object_get(spec, "library")),
                           (unsigned)json_integer_value(json_object_get(spec, "digest_bits")));
        c->kat = json_string_value(json_object_get(spec, "kat"));
    } else if (strcmp(kind, "openssl") == 0)
        candidate_open_evp(c, c->name);
    else
        channel_input_error("configuration: candidate %s of an unknown kind \"%s\"", c->name, kind);
    c->fn = c->digest_bits == 0 ? candidate_xof : candidate_fixed;
    if (c->digest_bits == 0)
        snprintf(c->method, sizeof c->method, "the candidate's own XOF at the requested length");
    else
        snprintf(c->method, sizeof c->method,
                 "truncated from %u; longer outputs in counter mode H(M || ct_i), ct_i "
                 "32-bit big-endian from 1",
                 c->digest_bits);
}

void candidate_open(struct candidate *c, struct scheme *s, json_t *spec)
{
    candidate_setup(c, s, spec, 0);
}

void candidate_install(struct candidate *c, struct scheme *s, json_t *spec)
{
    candidate_setup(c, s, spec, 1);
}

void candidate_switch(struct scheme *s, struct candidate *c, size_t n, int on)
{
    for (size_t i = 0; i < n; i++)
        if (candidate_seam(s, c[i].helper)(c[i].helper, on ? c[i].fn : NULL, &c[i]) != 0)
            channel_input_error("%s: %s cannot be substituted", s->path,
                                candidate_helper[c[i].helper]);
}

json_t *candidate_json(const struct candidate *c)
{
    json_t *o = json_pack("{s:s, s:s, s:o, s:s, s:I, s:I}", "helper", candidate_helper[c->helper],
                          "candidate", c->name, "digest_bits",
                          c->digest_bits != 0 ? json_integer(c->digest_bits) : json_null(),
                          "method", c->method, "counter_mode_calls", (json_int_t)c->extended,
                          "truncated_calls", (json_int_t)c->truncated);

    if (c->kat != NULL)
        json_object_set_new(o, "kat", json_string(c->kat));
    return o;
}
