/* params.h - WOTS-SM3-16: the parameters of this instance. */
#ifndef WOTS_PARAMS_H
#define WOTS_PARAMS_H

#define ALGORITHM_INSTANCE "WOTS-SM3-16"

#define WOTS_N 16 /* bytes of a seed, a chain element, the root and the digest used */
#define WOTS_W 16 /* Winternitz parameter: 4-bit digits, chains of 15 steps */

#endif
