/* check_intree.c - the in-tree schemes sign-wots and kem-mlwe, each instance
 * built plain and profiled from its package folder: sizes, correctness,
 * rejection, and the exact helper calls per operation of their READMEs. */
#include "config.h"

#include <check.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "iccsprof/wrap.h"
#include "oracle.h"
#include "suites.h"

#define MSG_BYTES 64
#define WOTS_W 16
#define MLWE_XOF_A_BITS 5376 /* 672 bytes per matrix entry */
#define MAX_WANT 16

/* One instance: its library's base name and parameters. */
struct instance {
    const char *lib;
    unsigned n;             /* WOTS+: hash and seed bytes */
    unsigned k, eta1, eta2; /* MLWE: rank and noise parameters */
};

static const struct instance wots[] = {{"libwots16", 16, 0, 0, 0}, {"libwots32", 32, 0, 0, 0}};
static const struct instance mlwe[] = {{"libmlwe512", 0, 2, 3, 2}, {"libmlwe768", 0, 3, 2, 2}};

/* The API functions, called through pointers from dlsym. */
typedef unsigned long long (*len_fn)(void);
typedef int (*keygen_fn)(unsigned char *, unsigned long long *, unsigned char *,
                         unsigned long long *);
typedef int (*sign_fn)(unsigned char *, unsigned long long, unsigned char *, unsigned long long,
                       unsigned char *, unsigned long long *);
typedef int (*verify_fn)(unsigned char *, unsigned long long, unsigned char *, unsigned long long,
                         unsigned char *, unsigned long long);
typedef int (*enc_fn)(unsigned char *, unsigned long long, unsigned char *, unsigned long long *,
                      unsigned char *, unsigned long long *);
typedef int (*dec_fn)(unsigned char *, unsigned long long, unsigned char *, unsigned long long,
                      unsigned char *, unsigned long long *);

/* The API of one loaded library, seeded with bytes 00..2f. */
struct scheme {
    void *lib;
    unsigned long long pk_len, sk_len, out_len, ss_len; /* out: signature or ciphertext */
    keygen_fn keygen;
    sign_fn sign;
    verify_fn verify;
    enc_fn enc;
    dec_fn dec;
    unsigned char *pk, *sk, *out, *ss;
};

static struct scheme plain, prof;
static const struct iccsprof_wrap_api *api;
static struct iccsprof_wrap_snapshot snap;
static unsigned char msg[MSG_BYTES];

/* A symbol of the library that must be there. */
static void *sym(void *lib, const char *name)
{
    void *p = dlsym(lib, name);

    ck_assert_msg(p != NULL, "no symbol %s", name);
    return p;
}

#define SYM_FN(var, lib, name) (*(void **)&(var) = sym(lib, name))

/* Length reported by one of the API's size functions. */
static unsigned long long api_len(void *lib, const char *name)
{
    len_fn f;

    SYM_FN(f, lib, name);
    return f();
}

/* Load base (".so" or "_prof.so" appended), seed its DRNG, find its API. */
static void load(struct scheme *s, const char *base, const char *suffix)
{
    char path[4096];
    unsigned char seed[48];
    int (*init)(void *, const unsigned char *, unsigned long long);
    int kem;

    snprintf(path, sizeof path, "%s/%s%s", INTREE_DIR, base, suffix);
    s->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    ck_assert_msg(s->lib != NULL, "dlopen %s: %s", path, dlerror());
    kem = dlsym(s->lib, "kem_keygen") != NULL;
    SYM_FN(init, s->lib, "init_random_number");
    for (int i = 0; i < 48; i++)
        seed[i] = (unsigned char)i;
    ck_assert_int_eq(init(sym(s->lib, "drng_algorithm"), seed, sizeof seed), 0);
    s->pk_len = api_len(s->lib, kem ? "kem_get_pk_len_bytes" : "sig_get_pk_len_bytes");
    s->sk_len = api_len(s->lib, kem ? "kem_get_sk_len_bytes" : "sig_get_sk_len_bytes");
    s->out_len = api_len(s->lib, kem ? "kem_get_ct_len_bytes" : "sig_get_sn_len_bytes");
    s->ss_len = kem ? api_len(s->lib, "kem_get_ss_len_bytes") : 0;
    if (kem) {
        SYM_FN(s->keygen, s->lib, "kem_keygen");
        SYM_FN(s->enc, s->lib, "kem_enc");
        SYM_FN(s->dec, s->lib, "kem_dec");
    } else {
        SYM_FN(s->keygen, s->lib, "sig_keygen");
        SYM_FN(s->sign, s->lib, "sig_sign");
        SYM_FN(s->verify, s->lib, "sig_verify");
    }
    s->pk = malloc(s->pk_len);
    s->sk = malloc(s->sk_len);
    s->out = malloc(s->out_len);
    s->ss = malloc(s->ss_len + 1);
    ck_assert(s->pk != NULL && s->sk != NULL && s->out != NULL && s->ss != NULL);
}

/* Close a library loaded by load(). */
static void unload(struct scheme *s)
{
    free(s->pk);
    free(s->sk);
    free(s->out);
    free(s->ss);
    dlclose(s->lib);
    memset(s, 0, sizeof *s);
}

/* Both builds of an instance, the profiled one's wrappers reset. */
static void load_both(const struct instance *in)
{
    const struct iccsprof_wrap_api *(*entry)(void);

    for (int i = 0; i < MSG_BYTES; i++)
        msg[i] = (unsigned char)((i * 131 + 64) % 256);
    load(&plain, in->lib, ".so");
    load(&prof, in->lib, "_prof.so");
    ck_assert_ptr_null(dlsym(plain.lib, "iccsprof_wrap_api"));
    SYM_FN(entry, prof.lib, "iccsprof_wrap_api");
    api = entry();
    ck_assert_uint_eq(api->abi, ICCSPROF_WRAP_ABI);
    api->disable();
    api->reset();
}

/* Close both builds of the instance. */
static void unload_both(void)
{
    unload(&plain);
    unload(&prof);
}

/* Expected shapes of one operation, equal keys merged. */
struct want {
    size_t n;
    struct {
        unsigned helper;
        uint64_t in, out, calls;
    } row[MAX_WANT];
};

/* Add calls of a shape to w. */
static void want_add(struct want *w, unsigned helper, uint64_t in, uint64_t out, uint64_t calls)
{
    for (size_t i = 0; i < w->n; i++)
        if (w->row[i].helper == helper && w->row[i].in == in && w->row[i].out == out) {
            w->row[i].calls += calls;
            return;
        }
    ck_assert_uint_lt(w->n, MAX_WANT);
    w->row[w->n].helper = helper, w->row[w->n].in = in, w->row[w->n].out = out;
    w->row[w->n++].calls = calls;
}

/* The snapshot holds exactly the shapes of w, nothing nested or lost. */
static void assert_calls(const struct want *w, const char *what)
{
    ck_assert_int_eq(api->snapshot(&snap), 0);
    ck_assert_msg(snap.nshapes == w->n, "%s: %zu shapes, expected %zu", what, snap.nshapes, w->n);
    for (size_t i = 0; i < w->n; i++) {
        const struct iccsprof_wrap_shape *got = NULL;

        for (size_t j = 0; j < snap.nshapes; j++)
            if (snap.shapes[j].helper == w->row[i].helper &&
                snap.shapes[j].in_bits == w->row[i].in && snap.shapes[j].out_bits == w->row[i].out)
                got = &snap.shapes[j];
        ck_assert_msg(got != NULL, "%s: no shape (%u, %llu, %llu)", what, w->row[i].helper,
                      (unsigned long long)w->row[i].in, (unsigned long long)w->row[i].out);
        ck_assert_msg(got->calls == w->row[i].calls,
                      "%s: shape (%u, %llu, %llu): %llu calls, not %llu", what, w->row[i].helper,
                      (unsigned long long)w->row[i].in, (unsigned long long)w->row[i].out,
                      (unsigned long long)got->calls, (unsigned long long)w->row[i].calls);
    }
    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        ck_assert_uint_eq(snap.helpers[h].nested, 0);
    for (size_t j = 0; j < snap.nshapes; j++)
        ck_assert_uint_eq(snap.shapes[j].kind, ICCSPROF_SHAPE_EXACT);
    api->reset();
}

/* Sum of the WOTS+ digits of msg under pk (pub_seed || root), from the
 * digest redone with OpenSSL: the first 256 bits of pseudohash-512(M) are
 * SM3(M || 0x02 0x00). */
static unsigned wots_digit_sum(const unsigned char *pk, unsigned n)
{
    unsigned char buf[2 * 32 + MSG_BYTES + 2], h1[32];
    unsigned sum = 0, checksum = 0;

    memcpy(buf, pk, 2 * n);
    memcpy(buf + 2 * n, msg, MSG_BYTES);
    buf[2 * n + MSG_BYTES] = 0x02, buf[2 * n + MSG_BYTES + 1] = 0x00;
    oracle_sm3(buf, 2 * n + MSG_BYTES + 2, h1);
    for (unsigned i = 0; i < n; i++) {
        unsigned hi = h1[i] >> 4, lo = h1[i] & 15;

        sum += hi + lo;
        checksum += 2 * (WOTS_W - 1) - hi - lo;
    }
    return sum + ((checksum >> 8) & 15) + ((checksum >> 4) & 15) + (checksum & 15);
}

START_TEST(wots_sizes_from_api)
{
    unsigned n = wots[_i].n;

    load_both(&wots[_i]);
    ck_assert_uint_eq(plain.pk_len, 2 * n);
    ck_assert_uint_eq(plain.sk_len, 3 * n);
    ck_assert_uint_eq(plain.out_len, (2 * n + 3) * n);
    ck_assert_uint_eq(prof.out_len, plain.out_len);
    unload_both();
}
END_TEST

START_TEST(wots_sign_verify_round_trip)
{
    unsigned long long pkl, skl, snl;
    unsigned char *again;

    load_both(&wots[_i]);
    ck_assert_int_eq(plain.keygen(plain.pk, &pkl, plain.sk, &skl), 0);
    ck_assert_uint_eq(pkl, plain.pk_len);
    ck_assert_uint_eq(skl, plain.sk_len);
    ck_assert_int_eq(plain.sign(plain.sk, skl, msg, MSG_BYTES, plain.out, &snl), 0);
    ck_assert_uint_eq(snl, plain.out_len);
    ck_assert_int_eq(plain.verify(plain.pk, pkl, plain.out, snl, msg, MSG_BYTES), 0);
    /* deterministic, and the profiled build computes the same values */
    ck_assert_int_eq(prof.keygen(prof.pk, &pkl, prof.sk, &skl), 0);
    ck_assert_mem_eq(prof.pk, plain.pk, pkl);
    ck_assert_mem_eq(prof.sk, plain.sk, skl);
    again = malloc(snl);
    ck_assert_int_eq(plain.sign(plain.sk, skl, msg, MSG_BYTES, again, &snl), 0);
    ck_assert_mem_eq(again, plain.out, snl);
    ck_assert_int_eq(prof.sign(prof.sk, skl, msg, MSG_BYTES, prof.out, &snl), 0);
    ck_assert_mem_eq(prof.out, plain.out, snl);
    free(again);
    unload_both();
}
END_TEST

START_TEST(wots_rejects_tampering)
{
    unsigned long long pkl, skl, snl;
    unsigned char other[MSG_BYTES];
    size_t spots[3];

    load_both(&wots[_i]);
    ck_assert_int_eq(plain.keygen(plain.pk, &pkl, plain.sk, &skl), 0);
    ck_assert_int_eq(plain.sign(plain.sk, skl, msg, MSG_BYTES, plain.out, &snl), 0);
    spots[0] = 0, spots[1] = snl / 2, spots[2] = snl - 1;
    for (int s = 0; s < 3; s++)
        for (int bit = 0; bit < 8; bit += 7) {
            plain.out[spots[s]] ^= (unsigned char)(1u << bit);
            ck_assert_int_ne(plain.verify(plain.pk, pkl, plain.out, snl, msg, MSG_BYTES), 0);
            plain.out[spots[s]] ^= (unsigned char)(1u << bit);
        }
    memcpy(other, msg, MSG_BYTES);
    other[MSG_BYTES - 1] ^= 1;
    ck_assert_int_ne(plain.verify(plain.pk, pkl, plain.out, snl, other, MSG_BYTES), 0);
    ck_assert_int_ne(plain.verify(plain.pk, pkl, plain.out, snl, msg, MSG_BYTES - 1), 0);
    ck_assert_int_ne(plain.verify(plain.pk, pkl, plain.out, snl - 1, msg, MSG_BYTES), 0);
    plain.pk[pkl - 1] ^= 1;
    ck_assert_int_ne(plain.verify(plain.pk, pkl, plain.out, snl, msg, MSG_BYTES), 0);
    plain.pk[pkl - 1] ^= 1;
    ck_assert_int_eq(plain.verify(plain.pk, pkl, plain.out, snl, msg, MSG_BYTES), 0);
    unload_both();
}
END_TEST

START_TEST(wots_calls_per_operation)
{
    unsigned n = wots[_i].n, len = 2 * n + 3, steps;
    uint64_t f_in = 8 * (2 * n + 4), root_in = 8ull * n * (len + 1);
    uint64_t starts_in = 16 * n + 8, starts_out = 8ull * n * len;
    uint64_t masks_in = 8 * n + 8, masks_out = 8ull * n * (WOTS_W - 1);
    uint64_t digest_in = 8 * (2 * n + MSG_BYTES);
    unsigned long long pkl, skl, snl;
    struct want w = {0};

    load_both(&wots[_i]);
    api->enable();
    ck_assert_int_eq(prof.keygen(prof.pk, &pkl, prof.sk, &skl), 0);
    api->disable();
    want_add(&w, ICCSPROF_DRNG, 0, 8 * n, 2);
    want_add(&w, ICCSPROF_PSEUDOXOF, starts_in, starts_out, 1);
    want_add(&w, ICCSPROF_PSEUDOXOF, masks_in, masks_out, 1);
    want_add(&w, ICCSPROF_SM3HASH, f_in, 256, (WOTS_W - 1) * len);
    want_add(&w, ICCSPROF_SM3HASH, root_in, 256, 1);
    assert_calls(&w, "keygen");

    steps = wots_digit_sum(prof.pk, n);
    ck_assert_uint_gt(steps, 0);
    ck_assert_uint_lt(steps, (WOTS_W - 1) * len);
    api->enable();
    ck_assert_int_eq(prof.sign(prof.sk, skl, msg, MSG_BYTES, prof.out, &snl), 0);
    api->disable();
    memset(&w, 0, sizeof w);
    want_add(&w, ICCSPROF_PSEUDOHASH, digest_in, 512, 1);
    want_add(&w, ICCSPROF_PSEUDOXOF, starts_in, starts_out, 1);
    want_add(&w, ICCSPROF_PSEUDOXOF, masks_in, masks_out, 1);
    want_add(&w, ICCSPROF_SM3HASH, f_in, 256, steps);
    assert_calls(&w, "sign");

    api->enable();
    ck_assert_int_eq(prof.verify(prof.pk, pkl, prof.out, snl, msg, MSG_BYTES), 0);
    api->disable();
    memset(&w, 0, sizeof w);
    want_add(&w, ICCSPROF_PSEUDOHASH, digest_in, 512, 1);
    want_add(&w, ICCSPROF_PSEUDOXOF, masks_in, masks_out, 1);
    want_add(&w, ICCSPROF_SM3HASH, f_in, 256, (WOTS_W - 1) * len - steps);
    want_add(&w, ICCSPROF_SM3HASH, root_in, 256, 1);
    assert_calls(&w, "verify");
    unload_both();
}
END_TEST

START_TEST(mlwe_sizes_from_api)
{
    unsigned k = mlwe[_i].k;

    load_both(&mlwe[_i]);
    ck_assert_uint_eq(plain.pk_len, 384 * k + 32);
    ck_assert_uint_eq(plain.sk_len, 2 * 384 * k + 32 + 64);
    ck_assert_uint_eq(plain.out_len, 320 * k + 128);
    ck_assert_uint_eq(plain.ss_len, 32);
    ck_assert_uint_eq(prof.out_len, plain.out_len);
    unload_both();
}
END_TEST

START_TEST(mlwe_shared_secrets_agree)
{
    unsigned long long pkl, skl, ctl, ssl, ssl2;
    unsigned char ss2[32];

    load_both(&mlwe[_i]);
    for (int round = 0; round < 3; round++) {
        ck_assert_int_eq(plain.keygen(plain.pk, &pkl, plain.sk, &skl), 0);
        ck_assert_uint_eq(pkl, plain.pk_len);
        ck_assert_uint_eq(skl, plain.sk_len);
        ck_assert_int_eq(plain.enc(plain.pk, pkl, plain.ss, &ssl, plain.out, &ctl), 0);
        ck_assert_uint_eq(ssl, 32);
        ck_assert_uint_eq(ctl, plain.out_len);
        ck_assert_int_eq(plain.dec(plain.sk, skl, plain.out, ctl, ss2, &ssl2), 0);
        ck_assert_uint_eq(ssl2, 32);
        ck_assert_mem_eq(ss2, plain.ss, 32);
    }
    /* the profiled build computes the same values from the same seed */
    for (int round = 0; round < 3; round++) {
        ck_assert_int_eq(prof.keygen(prof.pk, &pkl, prof.sk, &skl), 0);
        ck_assert_int_eq(prof.enc(prof.pk, pkl, prof.ss, &ssl, prof.out, &ctl), 0);
    }
    ck_assert_mem_eq(prof.pk, plain.pk, pkl);
    ck_assert_mem_eq(prof.out, plain.out, ctl);
    ck_assert_mem_eq(prof.ss, plain.ss, 32);
    unload_both();
}
END_TEST

START_TEST(mlwe_implicit_rejection)
{
    unsigned long long pkl, skl, ctl, ssl;
    unsigned char got[32], hc[32], zhc[64], want[32];
    size_t spots[2];

    load_both(&mlwe[_i]);
    ck_assert_int_eq(plain.keygen(plain.pk, &pkl, plain.sk, &skl), 0);
    ck_assert_int_eq(plain.enc(plain.pk, pkl, plain.ss, &ssl, plain.out, &ctl), 0);
    spots[0] = 0, spots[1] = ctl - 1; /* in u, and in v */
    for (int s = 0; s < 2; s++) {
        plain.out[spots[s]] ^= 0x80;
        ck_assert_int_eq(plain.dec(plain.sk, skl, plain.out, ctl, got, &ssl), 0);
        ck_assert(memcmp(got, plain.ss, 32) != 0);
        /* the rejection key is KDF(z || H(c)), z the last 32 bytes of sk */
        oracle_sm3(plain.out, ctl, hc);
        memcpy(zhc, plain.sk + skl - 32, 32);
        memcpy(zhc + 32, hc, 32);
        oracle_sm3(zhc, 64, want);
        ck_assert_mem_eq(got, want, 32);
        plain.out[spots[s]] ^= 0x80;
    }
    ck_assert_int_eq(plain.dec(plain.sk, skl, plain.out, ctl, got, &ssl), 0);
    ck_assert_mem_eq(got, plain.ss, 32);
    ck_assert_int_ne(plain.dec(plain.sk, skl, plain.out, ctl - 1, got, &ssl), 0);
    ck_assert_int_ne(plain.dec(plain.sk, skl - 1, plain.out, ctl, got, &ssl), 0);
    ck_assert_int_ne(plain.enc(plain.pk, pkl - 1, got, &ssl, plain.out, &ctl), 0);
    unload_both();
}
END_TEST

/* The helper calls shared by encapsulation and decapsulation: the
 * re-encryption and the key derivation. */
static void want_encrypt(struct want *w, const struct instance *in)
{
    uint64_t k = in->k, ct_bits = 8 * (320 * k + 128);

    want_add(w, ICCSPROF_PSEUDOHASH, 512, 512, 1);
    want_add(w, ICCSPROF_PSEUDOXOF, 272, MLWE_XOF_A_BITS, k * k);
    want_add(w, ICCSPROF_PSEUDOXOF, 264, 512 * in->eta1, k);
    want_add(w, ICCSPROF_PSEUDOXOF, 264, 512 * in->eta2, k + 1);
    want_add(w, ICCSPROF_SM3HASH, ct_bits, 256, 1);
    want_add(w, ICCSPROF_SM3HASH, 512, 256, 1);
}

START_TEST(mlwe_calls_per_operation)
{
    const struct instance *in = &mlwe[_i];
    uint64_t k = in->k, pk_bits = 8 * (384 * k + 32);
    unsigned long long pkl, skl, ctl, ssl;
    struct want w = {0};

    load_both(in);
    api->enable();
    ck_assert_int_eq(prof.keygen(prof.pk, &pkl, prof.sk, &skl), 0);
    api->disable();
    want_add(&w, ICCSPROF_DRNG, 0, 256, 2);
    want_add(&w, ICCSPROF_PSEUDOHASH, 256, 512, 1);
    want_add(&w, ICCSPROF_PSEUDOXOF, 272, MLWE_XOF_A_BITS, k * k);
    want_add(&w, ICCSPROF_PSEUDOXOF, 264, 512 * in->eta1, 2 * k);
    want_add(&w, ICCSPROF_SM3HASH, pk_bits, 256, 1);
    assert_calls(&w, "keygen");

    api->enable();
    ck_assert_int_eq(prof.enc(prof.pk, pkl, prof.ss, &ssl, prof.out, &ctl), 0);
    api->disable();
    memset(&w, 0, sizeof w);
    want_add(&w, ICCSPROF_DRNG, 0, 256, 1);
    want_add(&w, ICCSPROF_SM3HASH, pk_bits, 256, 1);
    want_encrypt(&w, in);
    assert_calls(&w, "enc");

    api->enable();
    ck_assert_int_eq(prof.dec(prof.sk, skl, prof.out, ctl, prof.ss, &ssl), 0);
    api->disable();
    memset(&w, 0, sizeof w);
    want_encrypt(&w, in);
    assert_calls(&w, "dec");
    unload_both();
}
END_TEST

Suite *make_intree_suite(void)
{
    Suite *s = suite_create("intree");
    TCase *sig = tcase_create("sign-wots"), *kem = tcase_create("kem-mlwe");
    int nw = (int)(sizeof wots / sizeof wots[0]), nk = (int)(sizeof mlwe / sizeof mlwe[0]);

    tcase_set_timeout(sig, 60);
    tcase_set_timeout(kem, 60);
    tcase_add_loop_test(sig, wots_sizes_from_api, 0, nw);
    tcase_add_loop_test(sig, wots_sign_verify_round_trip, 0, nw);
    tcase_add_loop_test(sig, wots_rejects_tampering, 0, nw);
    tcase_add_loop_test(sig, wots_calls_per_operation, 0, nw);
    tcase_add_loop_test(kem, mlwe_sizes_from_api, 0, nk);
    tcase_add_loop_test(kem, mlwe_shared_secrets_agree, 0, nk);
    tcase_add_loop_test(kem, mlwe_implicit_rejection, 0, nk);
    tcase_add_loop_test(kem, mlwe_calls_per_operation, 0, nk);
    suite_add_tcase(s, sig);
    suite_add_tcase(s, kem);
    return s;
}
