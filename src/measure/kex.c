/* kex.c - setup and measured calls of a key exchange's steps (kex.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/channel.h"
#include "measure/kex.h"

/* One party's keys and state. */
struct kex_party {
    unsigned char *pk, *sk, *st, *st_copy;
    ull pk_used, sk_used, st_used, st_copy_used, st_cap;
};

struct kex_state {
    struct kex_party a, b;
    unsigned char *msg[KEX_MAX_PASSES + 1]; /* msg[k]: message k of the setup exchange */
    ull msg_used[KEX_MAX_PASSES + 1];
    unsigned char *scratch; /* what a measured pass writes */
    unsigned char *ss_a, *ss_b, *ss_out;
    ull ss_a_used, ss_b_used;
};

/* The API name of pass K, for messages. */
static const char *kex_pass_name(ull k, char *buf, size_t len)
{
    snprintf(buf, len, "kex_generate_pass%llu_msg_%c", k, k % 2 ? 'a' : 'b');
    return buf;
}

/* Allocate a party's buffers from the API's lengths. */
static void kex_party_alloc(struct kex_party *p, const struct scheme *s, ull st_cap)
{
    p->pk = op_alloc(s->pk_len);
    p->sk = op_alloc(s->sk_len);
    p->st = op_alloc(st_cap);
    p->st_copy = op_alloc(st_cap);
    p->st_cap = st_cap;
}

/* Free a party's buffers. */
static void kex_party_free(struct kex_party *p)
{
    free(p->pk);
    free(p->sk);
    free(p->st);
    free(p->st_copy);
}

/* Keep a copy of the party's state as it is now. */
static void kex_save(struct kex_party *p)
{
    memcpy(p->st_copy, p->st, (size_t)p->st_used);
    p->st_copy_used = p->st_used;
}

/* Put the kept copy of the party's state back. */
static void kex_restore(struct kex_party *p)
{
    memcpy(p->st, p->st_copy, (size_t)p->st_copy_used);
    p->st_used = p->st_copy_used;
}

/* init_a or init_b: the party's long-term keys and first state. */
static void kex_init(struct op_state *st, struct kex_party *p, kex_init_fn *fn, const char *name)
{
    const struct scheme *s = st->s;

    p->pk_used = s->pk_len;
    p->sk_used = s->sk_len;
    p->st_used = p->st_cap;
    op_check_rc(st, name, fn(p->pk, &p->pk_used, p->sk, &p->sk_used, p->st, &p->st_used));
    op_check_len(st, name, "public key", p->pk_used, s->pk_len);
    op_check_len(st, name, "secret key", p->sk_used, s->sk_len);
    op_check_len(st, name, "state", p->st_used, p->st_cap);
}

/* Pass K into OUT (its length in *OUT_USED): the party whose turn it is
 * answers message K - 1 of the setup exchange, its state's length going in
 * as the step before left it.  A pass returns 1 after the
 * last pass and 0 before it; anything else ends the process. */
static void kex_pass(struct op_state *st, ull k, unsigned char *out, ull *out_used)
{
    const struct scheme *s = st->s;
    struct kex_state *x = st->kex;
    struct kex_party *me = k % 2 ? &x->a : &x->b, *peer = k % 2 ? &x->b : &x->a;
    char name[64];
    int rc;

    kex_pass_name(k, name, sizeof name);
    *out_used = s->out_len;
    if (k == 1)
        rc = s->kex.pass1(me->sk, me->sk_used, peer->pk, peer->pk_used, me->st, &me->st_used, out,
                          out_used);
    else
        rc = s->kex.pass[k](me->sk, me->sk_used, peer->pk, peer->pk_used, x->msg[k - 1],
                            x->msg_used[k - 1], me->st, &me->st_used, out, out_used);
    if (rc != (k == s->kex.passes))
        channel_call_error("%s returned %d, where %s (%s, call %llu)", name, rc,
                           k == s->kex.passes
                               ? "1 ends the exchange after the last of kex_get_passes_num()'s "
                                 "passes"
                               : "0 says another pass follows, as kex_get_passes_num() claims",
                           st->stage, (ull)st->calls + 1);
    op_check_len(st, name, "message", *out_used, s->out_len);
    op_check_len(st, name, "state", me->st_used, me->st_cap);
}

/* The last message the party that sends odd (A) or even passes sent:
 * its number, 0 (an empty message) when it sent none. */
static ull kex_last_by(const struct scheme *s, int odd)
{
    ull k = s->kex.passes;

    if (k % 2 != (ull)odd)
        k--;
    return k;
}

/* derive_a or derive_b into OUT; its length. */
static ull kex_derive(struct op_state *st, int a, unsigned char *out)
{
    const struct scheme *s = st->s;
    struct kex_state *x = st->kex;
    struct kex_party *me = a ? &x->a : &x->b, *peer = a ? &x->b : &x->a;
    const char *name = a ? "kex_derive_ss_a" : "kex_derive_ss_b";
    ull in = kex_last_by(s, !a), used = s->ss_len;

    op_check_rc(st, name,
                (a ? s->kex.derive_a : s->kex.derive_b)(me->sk, me->sk_used, peer->pk,
                                                        peer->pk_used, x->msg[in], x->msg_used[in],
                                                        me->st, me->st_used, out, &used));
    op_check_len(st, name, "shared secret", used, s->ss_len);
    return used;
}

/* Count a disagreement of the secrets (A, A_LEN) and (B, B_LEN). */
static void kex_compare(struct op_state *st, const unsigned char *a, ull a_len,
                        const unsigned char *b, ull b_len)
{
    if (a_len != b_len || memcmp(a, b, (size_t)a_len) != 0)
        if (st->counts != NULL)
            st->counts->kex_mismatches++;
}

/* Whether ST measures the step that comes next in the setup exchange;
 * if so, keep the state of the party that makes it. */
static void kex_mark(struct op_state *st, enum op step, struct kex_party *p)
{
    if (st->op == step)
        kex_save(p);
}

/* Allocate and run the setup exchange. */
void kex_setup(struct op_state *st)
{
    const struct scheme *s = st->s;
    struct kex_state *x = calloc(1, sizeof *x);
    ull total = 0;

    if (x == NULL)
        channel_call_error("out of memory for the key exchange's state");
    st->kex = x;
    kex_party_alloc(&x->a, s, s->kex.sta_len);
    kex_party_alloc(&x->b, s, s->kex.stb_len);
    for (ull k = 0; k <= s->kex.passes; k++)
        x->msg[k] = op_alloc(s->out_len);
    x->scratch = op_alloc(s->out_len);
    x->ss_a = op_alloc(s->ss_len);
    x->ss_b = op_alloc(s->ss_len);
    x->ss_out = op_alloc(s->ss_len);
    kex_init(st, &x->a, s->kex.init_a, "kex_init_a");
    kex_init(st, &x->b, s->kex.init_b, "kex_init_b");
    for (ull k = 1; k <= s->kex.passes; k++) {
        kex_mark(st, (enum op)(OP_PASS1 + k - 1), k % 2 ? &x->a : &x->b);
        kex_pass(st, k, x->msg[k], &x->msg_used[k]);
        total += x->msg_used[k];
        st->events->kex_msg_len[k] = x->msg_used[k];
    }
    op_check_len(st, "the exchange", "of messages in all", total, s->out_len);
    st->events->kex_passes = s->kex.passes;
    kex_mark(st, OP_DERIVE_A, &x->a);
    x->ss_a_used = kex_derive(st, 1, x->ss_a);
    kex_mark(st, OP_DERIVE_B, &x->b);
    x->ss_b_used = kex_derive(st, 0, x->ss_b);
    kex_compare(st, x->ss_a, x->ss_a_used, x->ss_b, x->ss_b_used);
}

/* One measured call of the step. */
void kex_call(struct op_state *st)
{
    const struct scheme *s = st->s;
    struct kex_state *x = st->kex;
    ull used;

    switch (st->op) {
    case OP_INIT_A:
        kex_init(st, &x->a, s->kex.init_a, "kex_init_a");
        break;
    case OP_INIT_B:
        kex_init(st, &x->b, s->kex.init_b, "kex_init_b");
        break;
    case OP_DERIVE_A:
        kex_restore(&x->a);
        used = kex_derive(st, 1, x->ss_out);
        kex_compare(st, x->ss_out, used, x->ss_b, x->ss_b_used);
        break;
    case OP_DERIVE_B:
        kex_restore(&x->b);
        used = kex_derive(st, 0, x->ss_out);
        kex_compare(st, x->ss_out, used, x->ss_a, x->ss_a_used);
        break;
    default: {
        ull k = (ull)(st->op - OP_PASS1) + 1;

        kex_restore(k % 2 ? &x->a : &x->b);
        kex_pass(st, k, x->scratch, &used);
        break;
    }
    }
}

/* Free the exchange's buffers. */
void kex_free(struct op_state *st)
{
    struct kex_state *x = st->kex;

    if (x == NULL)
        return;
    kex_party_free(&x->a);
    kex_party_free(&x->b);
    for (ull k = 0; k <= st->s->kex.passes; k++)
        free(x->msg[k]);
    free(x->scratch);
    free(x->ss_a);
    free(x->ss_b);
    free(x->ss_out);
    free(x);
    st->kex = NULL;
}
