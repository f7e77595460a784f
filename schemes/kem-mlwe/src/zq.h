/* zq.h - arithmetic on representatives in [0, q), without data-dependent
 * branches. */
#ifndef MLWE_ZQ_H
#define MLWE_ZQ_H

#include <stdint.h>

#include "mlwe.h"

/* x in [0, 2q) to [0, q): subtract q, add it back when that went negative. */
static inline uint16_t mlwe_zq_reduce_once(uint32_t x)
{
    uint32_t d = x - MLWE_Q;

    return (uint16_t)(d + (MLWE_Q & (0u - (d >> 31))));
}

/* a + b mod q. */
static inline uint16_t mlwe_zq_add(uint16_t a, uint16_t b)
{
    return mlwe_zq_reduce_once((uint32_t)a + b);
}

/* a - b mod q, kept non-negative by adding q first. */
static inline uint16_t mlwe_zq_sub(uint16_t a, uint16_t b)
{
    return mlwe_zq_reduce_once((uint32_t)a + MLWE_Q - b);
}

/* a * b mod q: the product fits 24 bits, and % by a constant compiles to
 * multiplications. */
static inline uint16_t mlwe_zq_mul(uint16_t a, uint16_t b)
{
    return (uint16_t)((uint32_t)a * b % MLWE_Q);
}

#endif
