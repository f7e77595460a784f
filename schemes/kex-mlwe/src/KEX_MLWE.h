/* KEX_MLWE.h - the ICCS key-exchange API of the instance in params.h, and
 * the DRNG state every random draw of the package uses. */
#ifndef KEX_MLWE_H
#define KEX_MLWE_H

#include "drng.h"
#include "params.h" /* ALGORITHM_INSTANCE and the parameters */

/* The package's DRNG; a KAT or benchmark driver seeds it with
 * init_random_number() before the exchange. */
extern DRNG_ctx drng_algorithm;

unsigned long long kex_get_passes_num(void);
unsigned long long kex_get_pk_len_bytes(void);
unsigned long long kex_get_sk_len_bytes(void);
unsigned long long kex_get_sta_len_bytes(void);
unsigned long long kex_get_stb_len_bytes(void);
unsigned long long kex_get_ss_len_bytes(void);
unsigned long long kex_get_total_msg_len_bytes(void);
int kex_init_a(unsigned char *pka, unsigned long long *pka_len_bytes, unsigned char *ska,
               unsigned long long *ska_len_bytes, unsigned char *sta,
               unsigned long long *sta_len_bytes);
int kex_init_b(unsigned char *pkb, unsigned long long *pkb_len_bytes, unsigned char *skb,
               unsigned long long *skb_len_bytes, unsigned char *stb,
               unsigned long long *stb_len_bytes);
/* Returns 0: pass 2 follows. */
int kex_generate_pass1_msg_a(unsigned char *ska, unsigned long long ska_len_bytes,
                             unsigned char *pkb, unsigned long long pkb_len_bytes,
                             unsigned char *sta, unsigned long long *sta_len_bytes,
                             unsigned char *m1, unsigned long long *m1_len_bytes);
/* Returns 1: the exchange is finished after it. */
int kex_generate_pass2_msg_b(unsigned char *skb, unsigned long long skb_len_bytes,
                             unsigned char *pka, unsigned long long pka_len_bytes,
                             unsigned char *m1, unsigned long long m1_len_bytes, unsigned char *stb,
                             unsigned long long *stb_len_bytes, unsigned char *m2,
                             unsigned long long *m2_len_bytes);
int kex_derive_ss_a(unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
                    unsigned long long pkb_len_bytes, unsigned char *mb,
                    unsigned long long mb_len_bytes, unsigned char *sta,
                    unsigned long long sta_len_bytes, unsigned char *ssa,
                    unsigned long long *ssa_len_bytes);
int kex_derive_ss_b(unsigned char *skb, unsigned long long skb_len_bytes, unsigned char *pka,
                    unsigned long long pka_len_bytes, unsigned char *ma,
                    unsigned long long ma_len_bytes, unsigned char *stb,
                    unsigned long long stb_len_bytes, unsigned char *ssb,
                    unsigned long long *ssb_len_bytes);

#endif
