/* ntt.c - the number-theoretic transform of Z_q[X]/(X^256 + 1), q = 3329.
 *
 * zeta = 17 is a primitive 256th root of unity mod q, so X^256 + 1 =
 * X^256 - zeta^128 splits, one layer at a time, into 128 factors
 * X^2 - gamma.  A node k of the splitting tree (k = 1 .. 127, children 2k
 * and 2k + 1) divides X^(2 len) - zeta_k^2 into X^len - zeta_k and
 * X^len + zeta_k, with zeta_k = zeta^brv7(k) (brv7: 7-bit bit reversal).
 * The leaves under node 64 + b are X^2 - zeta_(64+b) and X^2 + zeta_(64+b).
 */
#include "ntt.h"
#include "zq.h"

/* zeta_k = 17^brv7(k) mod 3329, for k = 0 .. 127. */
static const uint16_t zetas[128] = {
    1,    1729, 2580, 3289, 2642, 630,  1897, 848,  1062, 1919, 193,  797,  2786, 3260, 569,  1746,
    296,  2447, 1339, 1476, 3046, 56,   2240, 1333, 1426, 2094, 535,  2882, 2393, 2879, 1974, 821,
    289,  331,  3253, 1756, 1197, 2304, 2277, 2055, 650,  1977, 2513, 632,  2865, 33,   1320, 1915,
    2319, 1435, 807,  452,  1438, 2868, 1534, 2402, 2647, 2617, 1481, 648,  2474, 3110, 1227, 910,
    17,   2761, 583,  2649, 1637, 723,  2288, 1100, 1409, 2662, 3281, 233,  756,  2156, 3015, 3050,
    1703, 1651, 2789, 1789, 1847, 952,  1461, 2687, 939,  2308, 2437, 2388, 733,  2337, 268,  641,
    1584, 2298, 2037, 3220, 375,  2549, 2090, 1645, 1063, 319,  2773, 757,  2099, 561,  2466, 2594,
    2804, 1092, 403,  1026, 1143, 2150, 2775, 886,  1722, 1212, 1874, 1029, 2110, 2935, 885,  2154};

/* zeta_k^-1 = 17^-brv7(k) mod 3329, for k = 0 .. 127. */
static const uint16_t zetas_inv[128] = {
    1,    1600, 40,   749,  2481, 1432, 2699, 687,  1583, 2760, 69,   543,  2532, 3136, 1410, 2267,
    2508, 1355, 450,  936,  447,  2794, 1235, 1903, 1996, 1089, 3273, 283,  1853, 1990, 882,  3033,
    2419, 2102, 219,  855,  2681, 1848, 712,  682,  927,  1795, 461,  1891, 2877, 2522, 1894, 1010,
    1414, 2009, 3296, 464,  2697, 816,  1352, 2679, 1274, 1052, 1025, 2132, 1573, 76,   2998, 3040,
    1175, 2444, 394,  1219, 2300, 1455, 2117, 1607, 2443, 554,  1179, 2186, 2303, 2926, 2237, 525,
    735,  863,  2768, 1230, 2572, 556,  3010, 2266, 1684, 1239, 780,  2954, 109,  1292, 1031, 1745,
    2688, 3061, 992,  2596, 941,  892,  1021, 2390, 642,  1868, 2377, 1482, 1540, 540,  1678, 1626,
    279,  314,  1173, 2573, 3096, 48,   667,  1920, 2229, 1041, 2606, 1692, 680,  2746, 568,  3312};

#define MLWE_INV_128 3303 /* 128^-1 mod q: seven inverse layers each double */

/* Cooley-Tukey layers, root first: the block of node k at half-size len
 * maps (x, y) to (x + zeta_k y, x - zeta_k y), its residues mod
 * X^len - zeta_k and X^len + zeta_k. */
void mlwe_ntt(mlwe_poly *a)
{
    for (unsigned len = 128; len >= 2; len >>= 1)
        for (unsigned start = 0; start < MLWE_N; start += 2 * len) {
            uint16_t zeta = zetas[128 / len + start / (2 * len)];

            for (unsigned j = start; j < start + len; j++) {
                uint16_t t = mlwe_zq_mul(zeta, a->c[j + len]);

                a->c[j + len] = mlwe_zq_sub(a->c[j], t);
                a->c[j] = mlwe_zq_add(a->c[j], t);
            }
        }
}

/* Gentleman-Sande layers, leaves first: (u, v) to (u + v, (u - v) /
 * zeta_k) undoes a forward butterfly up to a factor 2, removed at the end. */
void mlwe_invntt(mlwe_poly *a)
{
    for (unsigned len = 2; len <= 128; len <<= 1)
        for (unsigned start = 0; start < MLWE_N; start += 2 * len) {
            uint16_t zeta_inv = zetas_inv[128 / len + start / (2 * len)];

            for (unsigned j = start; j < start + len; j++) {
                uint16_t u = a->c[j], v = a->c[j + len];

                a->c[j] = mlwe_zq_add(u, v);
                a->c[j + len] = mlwe_zq_mul(zeta_inv, mlwe_zq_sub(u, v));
            }
        }
    for (unsigned j = 0; j < MLWE_N; j++)
        a->c[j] = mlwe_zq_mul(a->c[j], MLWE_INV_128);
}

/* (a0 + a1 X)(b0 + b1 X) mod X^2 - gamma. */
static void mul_quadratic(uint16_t r[2], const uint16_t a[2], const uint16_t b[2], uint16_t gamma)
{
    r[0] = mlwe_zq_add(mlwe_zq_mul(a[0], b[0]), mlwe_zq_mul(mlwe_zq_mul(a[1], b[1]), gamma));
    r[1] = mlwe_zq_add(mlwe_zq_mul(a[0], b[1]), mlwe_zq_mul(a[1], b[0]));
}

/* Residue by residue: pairs 4b and 4b + 2 sit under leaf node 64 + b. */
void mlwe_basemul(mlwe_poly *r, const mlwe_poly *a, const mlwe_poly *b)
{
    for (unsigned i = 0; i < MLWE_N / 4; i++) {
        uint16_t gamma = zetas[64 + i];

        mul_quadratic(r->c + 4 * i, a->c + 4 * i, b->c + 4 * i, gamma);
        mul_quadratic(r->c + 4 * i + 2, a->c + 4 * i + 2, b->c + 4 * i + 2,
                      (uint16_t)(MLWE_Q - gamma));
    }
}
