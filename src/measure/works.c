/* works.c - a substituted scheme must still work: signatures verify,
 * decapsulation returns the encapsulated secret, both parties of a key
 * exchange derive the same secret.  The substituted outputs differ from
 * the KAT responses, so this replaces the KAT gate for a what-if run. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "measure/channel.h"

#include "measure/works.h"

static const char *const works_helper[] = ICCSPROF_HELPER_NAMES;

/* The operation whose setup (and one call) checks a whole round. */
static enum op works_op(const struct scheme *s)
{
    return s->type == SCHEME_SIG ? OP_VERIFY : s->type == SCHEME_KEM ? OP_DEC : OP_DERIVE_A;
}

/* What a round of S checks, as the record says it. */
static const char *works_what(const struct scheme *s)
{
    return s->type == SCHEME_SIG   ? "signatures verify"
           : s->type == SCHEME_KEM ? "decapsulation returns the encapsulated secret"
                                   : "both parties derive the same secret";
}

/* METHOD's seed with its last byte moved on by ROUND. */
static void works_seed(const struct method *m, unsigned round, unsigned char *seed)
{
    memcpy(seed, m->seed, m->seed_len);
    if (m->seed_len > 0)
        seed[m->seed_len - 1] = (unsigned char)(seed[m->seed_len - 1] + round);
}

/* Append LEN bytes of P to the buffer (*BUF, *USED). */
static void works_keep(unsigned char **buf, size_t *used, const unsigned char *p, ull len)
{
    if (p == NULL || len == 0)
        return;
    if ((*buf = realloc(*buf, *used + (size_t)len)) == NULL)
        channel_call_error("out of memory for the works-check's outputs");
    memcpy(*buf + *used, p, (size_t)len);
    *used += (size_t)len;
}

/* Run the rounds of S: the failed checks, and the outputs of each round
 * (keys, signature or ciphertext, secret) into (*BUF, *USED). */
static uint64_t works_rounds(struct scheme *s, const struct method *m, unsigned char **buf,
                             size_t *used)
{
    unsigned char seed[256];
    uint64_t failures = 0;

    for (unsigned r = 0; r < WORKS_ROUNDS; r++) {
        struct op_events ev = {.sig_min = ~0ull};
        struct op_state st;
        const struct op_counts *c = &ev.pass[PASS_SETUP];

        works_seed(m, r, seed);
        op_setup(&st, s, works_op(s), seed, m->seed_len, m->message_bytes, m->max_sign_attempts,
                 &ev);
        op_stage(&st, "works-check", PASS_SETUP);
        if (s->type == SCHEME_KEM)
            op_call(&st);
        works_keep(buf, used, st.pk, st.pk_used);
        works_keep(buf, used, st.sk, st.sk_used);
        works_keep(buf, used, st.out, st.out_used);
        works_keep(buf, used, st.ss_ref, st.ss_used);
        op_free(&st);
        failures += c->verify_rejections + c->decaps_mismatches + c->kex_mismatches;
    }
    return failures;
}

json_t *works_check(struct scheme *s, const struct method *m, struct candidate *c, size_t n)
{
    unsigned char *with = NULL, *without = NULL;
    size_t with_len = 0, without_len = 0;
    uint64_t failures = works_rounds(s, m, &with, &with_len);
    json_t *same;

    candidate_switch(s, c, n, 0);
    works_rounds(s, m, &without, &without_len);
    candidate_switch(s, c, n, 1);
    /* a key exchange's outputs stay inside its exchange */
    same = s->type == SCHEME_KEX
               ? json_null()
               : json_boolean(with_len == without_len && memcmp(with, without, with_len) == 0);
    free(with);
    free(without);
    return json_pack("{s:b, s:i, s:I, s:s, s:o}", "passed", failures == 0, "rounds", WORKS_ROUNDS,
                     "failures", (json_int_t)failures, "check", works_what(s),
                     "same_outputs_as_placeholder", same);
}

/* Each helper's outermost calls in WORKS_ROUNDS calls of the
 * operation, into CALLS. */
static void works_calls(struct scheme *s, const struct method *m, double *calls)
{
    static struct iccsprof_wrap_snapshot snap; /* too large for the stack */
    struct op_events ev = {.sig_min = ~0ull};
    struct op_state st;

    s->wrap->disable();
    op_setup(&st, s, m->op, m->seed, m->seed_len, m->message_bytes, m->max_sign_attempts, &ev);
    op_stage(&st, "works-check counts", PASS_SETUP);
    s->wrap->reset();
    s->wrap->enable();
    for (unsigned r = 0; r < WORKS_ROUNDS; r++)
        op_call(&st);
    s->wrap->disable();
    s->wrap->snapshot(&snap);
    op_free(&st);
    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        calls[h] = (double)snap.helpers[h].calls / WORKS_ROUNDS;
    s->wrap->reset();
}

json_t *works_counts(struct scheme *s, const struct method *m, struct candidate *c, size_t n)
{
    double before[ICCSPROF_NHELPERS], after[ICCSPROF_NHELPERS];
    json_t *out = json_object();

    candidate_switch(s, c, n, 0);
    works_calls(s, m, before);
    candidate_switch(s, c, n, 1);
    works_calls(s, m, after);
    for (int h = 0; h < ICCSPROF_NHELPERS; h++) {
        json_object_set_new(out, works_helper[h],
                            json_pack("{s:f, s:f, s:b}", "placeholder", before[h], "substituted",
                                      after[h], "differs", before[h] != after[h]));
    }
    return out;
}
