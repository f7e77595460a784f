/* check_candidate.c - a what-if candidate called from two threads at
 * once, as a scheme hashing in threads calls it through the shims: each
 * thread's outputs must be the ones it gets alone (the candidates'
 * scratch buffer and digest context are the thread's own). */
#include "config.h"

#include <check.h>
#include <pthread.h>
#include <string.h>

#include "measure/candidate.h"
#include "suites.h"

/* Calls per thread, and the output asked: beyond SHA-256's 256 bits, so
 * that counter mode builds M || ct_i in the scratch buffer. */
#define CAND_CALLS 20000
#define CAND_OUT_BITS 1000

/* One thread's work: its message (a partial last byte, which the
 * libcrypto candidates pad in the scratch buffer too), the output it
 * must give, and how many calls gave another. */
struct cand_job {
    struct candidate *c;
    unsigned char msg[64];
    unsigned long long msg_bits;
    unsigned char want[CAND_OUT_BITS / 8 + 1];
    long wrong;
};

/* Call the candidate CAND_CALLS times and count the wrong outputs. */
static void *cand_run(void *arg)
{
    struct cand_job *j = arg;
    unsigned char out[CAND_OUT_BITS / 8 + 1];

    for (int i = 0; i < CAND_CALLS; i++) {
        memset(out, 0, sizeof out);
        if (j->c->fn(j->c, CAND_OUT_BITS, j->msg, j->msg_bits, out) != 0 ||
            memcmp(out, j->want, sizeof out) != 0)
            j->wrong++;
    }
    return NULL;
}

START_TEST(two_threads_get_their_own_outputs)
{
    json_t *spec = json_pack("{s:s, s:s, s:s}", "helper", "pseudoXOF", "candidate", "sha256",
                             "kind", "openssl");
    struct candidate c;
    struct cand_job job[2];
    pthread_t t[2];

    candidate_open(&c, NULL, spec);
    for (int k = 0; k < 2; k++) {
        memset(&job[k], 0, sizeof job[k]);
        job[k].c = &c;
        for (size_t i = 0; i < sizeof job[k].msg; i++)
            job[k].msg[i] = (unsigned char)(i * 7 + 100 * k + 1);
        job[k].msg_bits = k == 0 ? 8 * 37 + 3 : 8 * 61 + 5;
        ck_assert_int_eq(c.fn(&c, CAND_OUT_BITS, job[k].msg, job[k].msg_bits, job[k].want), 0);
    }
    ck_assert(memcmp(job[0].want, job[1].want, sizeof job[0].want) != 0);
    for (int k = 0; k < 2; k++)
        ck_assert_int_eq(pthread_create(&t[k], NULL, cand_run, &job[k]), 0);
    for (int k = 0; k < 2; k++)
        pthread_join(t[k], NULL);
    ck_assert_int_eq(job[0].wrong, 0);
    ck_assert_int_eq(job[1].wrong, 0);
    json_decref(spec);
}
END_TEST

Suite *make_candidate_suite(void)
{
    Suite *s = suite_create("candidate");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, two_threads_get_their_own_outputs);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}
