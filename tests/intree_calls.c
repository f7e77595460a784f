/* intree_calls.c - prints the helper calls per operation that a profiled
 * in-tree scheme library makes, in the table format of
 * tests/intree_expected.py, so that the two can be compared line by line.
 *
 * Usage: intree_calls LIBRARY OP.  The DRNG is seeded with bytes 00..2f;
 * the set-up (key generation, and the signature or ciphertext an operation
 * needs) runs unaccounted; then OP runs REPEATS times with the wrappers
 * enabled, and each count must divide exactly by REPEATS. */
#include "config.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "iccsprof/wrap.h"

#define REPEATS 3
#define MSG_BYTES 64

static const char *const helper_names[] = ICCSPROF_HELPER_NAMES;

/* The DRNG seeding and API functions, called through pointers from dlsym. */
typedef int (*init_fn)(void *, const unsigned char *, unsigned long long);
typedef unsigned long long (*len_fn)(void);
typedef int (*keygen_fn)(unsigned char *, unsigned long long *, unsigned char *,
                         unsigned long long *);
typedef int (*sign_fn)(unsigned char *, unsigned long long, unsigned char *, unsigned long long,
                       unsigned char *, unsigned long long *);
typedef int (*verify_fn)(unsigned char *, unsigned long long, unsigned char *, unsigned long long,
                         unsigned char *, unsigned long long);
typedef int (*dec_fn)(unsigned char *, unsigned long long, unsigned char *, unsigned long long,
                      unsigned char *, unsigned long long *);
typedef int (*enc_fn)(unsigned char *, unsigned long long, unsigned char *, unsigned long long *,
                      unsigned char *, unsigned long long *);

static void *lib;

/* A symbol of the library under test, or exit with its name. */
static void *need(const char *name)
{
    void *p = dlsym(lib, name);

    if (p == NULL) {
        fprintf(stderr, "intree_calls: no symbol %s in the library\n", name);
        exit(1);
    }
    return p;
}

/* A function pointer from need(), without an object-to-function cast. */
#define NEED_FN(var, name) (*(void **)&(var) = need(name))

/* Run OP of a signature scheme REPEATS times; 0 on success. */
static int run_sig(const char *op, const struct iccsprof_wrap_api *api)
{
    keygen_fn keygen;
    sign_fn sign;
    verify_fn verify;
    len_fn pk_len, sk_len, sn_len;
    unsigned char *pk, *sk, *sn, m[MSG_BYTES];
    unsigned long long pkl, skl, snl;
    int rc = 0;

    NEED_FN(keygen, "sig_keygen");
    NEED_FN(sign, "sig_sign");
    NEED_FN(verify, "sig_verify");
    NEED_FN(pk_len, "sig_get_pk_len_bytes");
    NEED_FN(sk_len, "sig_get_sk_len_bytes");
    NEED_FN(sn_len, "sig_get_sn_len_bytes");
    pk = malloc(pk_len());
    sk = malloc(sk_len());
    sn = malloc(sn_len());
    if (pk == NULL || sk == NULL || sn == NULL)
        return -1;
    for (int i = 0; i < MSG_BYTES; i++)
        m[i] = (unsigned char)((i * 131 + 64) % 256);
    if (strcmp(op, "keygen") != 0)
        rc |= keygen(pk, &pkl, sk, &skl);
    if (strcmp(op, "verify") == 0)
        rc |= sign(sk, skl, m, MSG_BYTES, sn, &snl);
    api->enable();
    for (int r = 0; r < REPEATS && rc == 0; r++) {
        if (strcmp(op, "keygen") == 0)
            rc = keygen(pk, &pkl, sk, &skl);
        else if (strcmp(op, "sign") == 0)
            rc = sign(sk, skl, m, MSG_BYTES, sn, &snl);
        else
            rc = verify(pk, pkl, sn, snl, m, MSG_BYTES);
    }
    api->disable();
    free(pk);
    free(sk);
    free(sn);
    return rc;
}

/* Run OP of a KEM REPEATS times; 0 on success. */
static int run_kem(const char *op, const struct iccsprof_wrap_api *api)
{
    keygen_fn keygen;
    enc_fn enc;
    dec_fn dec;
    len_fn pk_len, sk_len, ct_len, ss_len;
    unsigned char *pk, *sk, *ct, *ss;
    unsigned long long pkl, skl, ctl, ssl;
    int rc = 0;

    NEED_FN(keygen, "kem_keygen");
    NEED_FN(enc, "kem_enc");
    NEED_FN(dec, "kem_dec");
    NEED_FN(pk_len, "kem_get_pk_len_bytes");
    NEED_FN(sk_len, "kem_get_sk_len_bytes");
    NEED_FN(ct_len, "kem_get_ct_len_bytes");
    NEED_FN(ss_len, "kem_get_ss_len_bytes");
    pk = malloc(pk_len());
    sk = malloc(sk_len());
    ct = malloc(ct_len());
    ss = malloc(ss_len());
    if (pk == NULL || sk == NULL || ct == NULL || ss == NULL)
        return -1;
    if (strcmp(op, "keygen") != 0)
        rc |= keygen(pk, &pkl, sk, &skl);
    if (strcmp(op, "dec") == 0)
        rc |= enc(pk, pkl, ss, &ssl, ct, &ctl);
    api->enable();
    for (int r = 0; r < REPEATS && rc == 0; r++) {
        if (strcmp(op, "keygen") == 0)
            rc = keygen(pk, &pkl, sk, &skl);
        else if (strcmp(op, "enc") == 0)
            rc = enc(pk, pkl, ss, &ssl, ct, &ctl);
        else
            rc = dec(sk, skl, ct, ctl, ss, &ssl);
    }
    api->disable();
    free(pk);
    free(sk);
    free(ct);
    free(ss);
    return rc;
}

/* Whether op is one of the three operations of the scheme's type. */
static int known_op(const char *op, const char *a, const char *b, const char *c)
{
    return strcmp(op, a) == 0 || strcmp(op, b) == 0 || strcmp(op, c) == 0;
}

/* Print "shape" and "total" lines per operation; 1 when a count does not
 * divide by REPEATS (the calls per operation would not be fixed), a row
 * is grouped, or the rows do not sum to the helpers' totals. */
static int print_table(const struct iccsprof_wrap_snapshot *snap)
{
    uint64_t totals[ICCSPROF_NHELPERS] = {0};
    int uneven = 0;

    for (size_t i = 0; i < snap->nshapes; i++) {
        const struct iccsprof_wrap_shape *s = &snap->shapes[i];

        uneven |= s->calls % REPEATS != 0 || s->kind != ICCSPROF_SHAPE_EXACT;
        totals[s->helper] += s->calls;
        printf("shape %s %llu %llu %llu\n", helper_names[s->helper], (unsigned long long)s->in_bits,
               (unsigned long long)s->out_bits, (unsigned long long)(s->calls / REPEATS));
    }
    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        if (totals[h] != 0)
            printf("total %s %llu\n", helper_names[h], (unsigned long long)(totals[h] / REPEATS));
    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        uneven |= snap->helpers[h].nested != 0 || snap->helpers[h].calls != totals[h];
    return uneven;
}

/* Load the library, seed it, run the operation, print its table. */
int main(int argc, char **argv)
{
    static struct iccsprof_wrap_snapshot snap;
    const struct iccsprof_wrap_api *(*entry)(void);
    const struct iccsprof_wrap_api *api;
    unsigned char seed[48];
    init_fn init;
    int rc;

    if (argc != 3) {
        fprintf(stderr, "usage: intree_calls LIBRARY OP\n");
        return 2;
    }
    lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) {
        fprintf(stderr, "intree_calls: %s\n", dlerror());
        return 2;
    }
    NEED_FN(entry, "iccsprof_wrap_api");
    NEED_FN(init, "init_random_number");
    api = entry();
    if (api->abi != ICCSPROF_WRAP_ABI) {
        fprintf(stderr, "intree_calls: %s: wrapper ABI %u, expected %d\n", argv[1], api->abi,
                ICCSPROF_WRAP_ABI);
        return 1;
    }
    api->disable();
    api->reset();
    for (int i = 0; i < 48; i++)
        seed[i] = (unsigned char)i;
    if (init(need("drng_algorithm"), seed, sizeof seed) != 0) {
        fprintf(stderr, "intree_calls: %s: init_random_number failed\n", argv[1]);
        return 1;
    }
    if (dlsym(lib, "sig_keygen") != NULL)
        rc = known_op(argv[2], "keygen", "sign", "verify") ? run_sig(argv[2], api) : -2;
    else
        rc = known_op(argv[2], "keygen", "enc", "dec") ? run_kem(argv[2], api) : -2;
    if (rc == -2) {
        fprintf(stderr, "intree_calls: %s: unknown operation %s\n", argv[1], argv[2]);
        return 2;
    }
    if (rc != 0) {
        fprintf(stderr, "intree_calls: %s: %s returned %d\n", argv[1], argv[2], rc);
        return 1;
    }
    if (api->snapshot(&snap) != 0) {
        fprintf(stderr, "intree_calls: %s: snapshot failed\n", argv[1]);
        return 1;
    }
    return print_table(&snap);
}
