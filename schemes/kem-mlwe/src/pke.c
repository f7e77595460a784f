/* pke.c - the CPA-secure module-LWE encryption: t = A s + e; a ciphertext
 * is u = A^T r + e1 and v = t^T r + e2 + round(q/2) m, both compressed.
 * A, s, t and r are kept in the NTT domain, where products are cheap. */
#include <string.h>

#include "mlwe_hash.h"
#include "ntt.h"
#include "pke.h"
#include "poly.h"

/* A from rho, one XOF call per entry; row i of the transpose is column i. */
static int expand_matrix(mlwe_polyvec a[MLWE_K], const unsigned char rho[MLWE_SYM_BYTES],
                         int transposed)
{
    unsigned char buf[MLWE_XOF_A_BYTES];
    int rc;

    for (unsigned i = 0; i < MLWE_K; i++)
        for (unsigned j = 0; j < MLWE_K; j++) {
            if ((rc = mlwe_hash_xof_a(buf, rho, transposed ? j : i, transposed ? i : j)) != 0 ||
                (rc = mlwe_poly_uniform(&a[i].p[j], buf, sizeof buf)) != 0)
                return rc;
        }
    return 0;
}

/* One noise polynomial with parameter eta from PRF(seed, nonce). */
static int sample_poly(mlwe_poly *p, const unsigned char seed[MLWE_SYM_BYTES], unsigned nonce,
                       unsigned eta)
{
    unsigned char buf[MLWE_PRF_BYTES(MLWE_ETA_MAX)];
    int rc = mlwe_hash_prf(buf, MLWE_PRF_BYTES(eta), seed, nonce);

    if (rc == 0)
        mlwe_poly_cbd(p, buf, eta);
    return rc;
}

/* k noise polynomials with parameter eta, nonces from *nonce on. */
static int sample_vec(mlwe_polyvec *v, const unsigned char seed[MLWE_SYM_BYTES], unsigned *nonce,
                      unsigned eta)
{
    int rc;

    for (unsigned i = 0; i < MLWE_K; i++)
        if ((rc = sample_poly(&v->p[i], seed, (*nonce)++, eta)) != 0)
            return rc;
    return 0;
}

/* The NTT of every polynomial of v. */
static void polyvec_ntt(mlwe_polyvec *v)
{
    for (unsigned i = 0; i < MLWE_K; i++)
        mlwe_ntt(&v->p[i]);
}

/* r = sum a_i b_i, all in the NTT domain. */
static void polyvec_dot(mlwe_poly *r, const mlwe_polyvec *a, const mlwe_polyvec *b)
{
    mlwe_poly t;

    mlwe_basemul(r, &a->p[0], &b->p[0]);
    for (unsigned i = 1; i < MLWE_K; i++) {
        mlwe_basemul(&t, &a->p[i], &b->p[i]);
        mlwe_poly_add(r, r, &t);
    }
}

/* Every polynomial of v in 12 bits per coefficient. */
static void polyvec_encode(unsigned char *out, const mlwe_polyvec *v)
{
    for (unsigned i = 0; i < MLWE_K; i++)
        mlwe_poly_encode(out + i * MLWE_POLY_BYTES, &v->p[i]);
}

/* The inverse of polyvec_encode; MLWE_ERR_INPUT on a value not below q. */
static int polyvec_decode(mlwe_polyvec *v, const unsigned char *in)
{
    int rc = 0;

    for (unsigned i = 0; i < MLWE_K; i++)
        rc |= mlwe_poly_decode(&v->p[i], in + i * MLWE_POLY_BYTES);
    return rc ? MLWE_ERR_INPUT : 0;
}

/* (rho, sigma) = G(d); s and e from sigma; t = A s + e. */
int mlwe_pke_keygen(unsigned char pk[MLWE_PK_BYTES], unsigned char sk[MLWE_PKE_SK_BYTES],
                    const unsigned char d[MLWE_SYM_BYTES])
{
    unsigned char seeds[2 * MLWE_SYM_BYTES];
    const unsigned char *rho = seeds, *sigma = seeds + MLWE_SYM_BYTES;
    mlwe_polyvec a[MLWE_K], s, e, t;
    unsigned nonce = 0;
    int rc;

    if ((rc = mlwe_hash_g(seeds, d, MLWE_SYM_BYTES)) != 0 || (rc = expand_matrix(a, rho, 0)) != 0 ||
        (rc = sample_vec(&s, sigma, &nonce, MLWE_ETA1)) != 0 ||
        (rc = sample_vec(&e, sigma, &nonce, MLWE_ETA1)) != 0)
        return rc;
    polyvec_ntt(&s);
    polyvec_ntt(&e);
    for (unsigned i = 0; i < MLWE_K; i++) {
        polyvec_dot(&t.p[i], &a[i], &s);
        mlwe_poly_add(&t.p[i], &t.p[i], &e.p[i]);
    }
    polyvec_encode(pk, &t);
    memcpy(pk + MLWE_POLYVEC_BYTES, rho, MLWE_SYM_BYTES);
    polyvec_encode(sk, &s);
    return 0;
}

/* r, e1 and e2 from the coins; u = A^T r + e1, v = t^T r + e2 + m. */
int mlwe_pke_enc(unsigned char ct[MLWE_CT_BYTES], const unsigned char pk[MLWE_PK_BYTES],
                 const unsigned char m[MLWE_SYM_BYTES], const unsigned char coins[MLWE_SYM_BYTES])
{
    mlwe_polyvec at[MLWE_K], t, r, e1;
    mlwe_poly e2, u, v, msg;
    unsigned nonce = 0;
    int rc;

    if ((rc = polyvec_decode(&t, pk)) != 0 ||
        (rc = expand_matrix(at, pk + MLWE_POLYVEC_BYTES, 1)) != 0 ||
        (rc = sample_vec(&r, coins, &nonce, MLWE_ETA1)) != 0 ||
        (rc = sample_vec(&e1, coins, &nonce, MLWE_ETA2)) != 0 ||
        (rc = sample_poly(&e2, coins, nonce, MLWE_ETA2)) != 0)
        return rc;
    polyvec_ntt(&r);
    for (unsigned i = 0; i < MLWE_K; i++) {
        polyvec_dot(&u, &at[i], &r);
        mlwe_invntt(&u);
        mlwe_poly_add(&u, &u, &e1.p[i]);
        mlwe_poly_compress(ct + i * (MLWE_U_BYTES / MLWE_K), &u, MLWE_DU);
    }
    polyvec_dot(&v, &t, &r);
    mlwe_invntt(&v);
    mlwe_poly_add(&v, &v, &e2);
    mlwe_poly_decompress(&msg, m, 1); /* bit b becomes b * round(q/2) */
    mlwe_poly_add(&v, &v, &msg);
    mlwe_poly_compress(ct + MLWE_U_BYTES, &v, MLWE_DV);
    return 0;
}

/* v - s^T u = e^T r - s^T e1 + e2 + round(q/2) m + rounding errors: each
 * coefficient is near 0 or near q/2, and rounding to 1 bit recovers m. */
int mlwe_pke_dec(unsigned char m[MLWE_SYM_BYTES], const unsigned char sk[MLWE_PKE_SK_BYTES],
                 const unsigned char ct[MLWE_CT_BYTES])
{
    mlwe_polyvec s, u;
    mlwe_poly v, w;
    int rc;

    if ((rc = polyvec_decode(&s, sk)) != 0)
        return rc;
    for (unsigned i = 0; i < MLWE_K; i++)
        mlwe_poly_decompress(&u.p[i], ct + i * (MLWE_U_BYTES / MLWE_K), MLWE_DU);
    mlwe_poly_decompress(&v, ct + MLWE_U_BYTES, MLWE_DV);
    polyvec_ntt(&u);
    polyvec_dot(&w, &s, &u);
    mlwe_invntt(&w);
    mlwe_poly_sub(&w, &v, &w);
    mlwe_poly_compress(m, &w, 1);
    return 0;
}
