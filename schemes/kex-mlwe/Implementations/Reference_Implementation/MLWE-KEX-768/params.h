/* params.h - MLWE-KEX-768: the parameters of this instance. */
#ifndef MLWE_PARAMS_H
#define MLWE_PARAMS_H

#define ALGORITHM_INSTANCE "MLWE-KEX-768"

#define MLWE_K 3    /* module rank: A is k x k over Z_q[X]/(X^256 + 1) */
#define MLWE_ETA1 2 /* centred binomial parameter of s, e and r */
#define MLWE_ETA2 2 /* centred binomial parameter of e1 and e2 */
#define MLWE_DU 10  /* bits per coefficient of the compressed u */
#define MLWE_DV 4   /* bits per coefficient of the compressed v */

#endif
