/* ops.c - setup and measured calls of the scheme's operations. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "measure/channel.h"
#include "measure/kex.h"
#include "measure/ops.h"

static const char *const op_names[] = {"keygen",  "sign",     "verify",  "enc",     "dec",
                                       "init_a",  "init_b",   "pass1_a", "pass2_b", "pass3_a",
                                       "pass4_b", "pass5_a",  "pass6_b", "pass7_a", "pass8_b",
                                       "pass9_a", "derive_a", "derive_b"};

/* Whether OP is an operation of the scheme S. */
static int op_of(int op, const struct scheme *s)
{
    switch (s->type) {
    case SCHEME_SIG:
        return op == OP_KEYGEN || op == OP_SIGN || op == OP_VERIFY;
    case SCHEME_KEM:
        return op == OP_KEYGEN || op == OP_ENC || op == OP_DEC;
    case SCHEME_KEX:
        if (op == OP_INIT_A || op == OP_INIT_B || op == OP_DERIVE_A || op == OP_DERIVE_B)
            return 1;
        return op >= OP_PASS1 && op < OP_PASS1 + (int)s->kex.passes;
    }
    return 0;
}

/* Parse an operation name for the scheme S; -1 when it is not one of its. */
int op_parse(const char *name, const struct scheme *s)
{
    for (int op = 0; op < (int)(sizeof op_names / sizeof op_names[0]); op++)
        if (strcmp(name, op_names[op]) == 0 && op_of(op, s))
            return op;
    return -1;
}

/* The operation's name as records spell it. */
const char *op_name(enum op op)
{
    return op_names[op];
}

/* Key generation into ST's key buffers. */
static void op_keygen(struct op_state *st)
{
    struct scheme *s = st->s;
    const char *fn = s->type == SCHEME_SIG ? "sig_keygen" : "kem_keygen";
    int rc;

    st->pk_used = s->pk_len;
    st->sk_used = s->sk_len;
    rc = s->type == SCHEME_SIG ? s->sig.keygen(st->pk, &st->pk_used, st->sk, &st->sk_used)
                               : s->kem.keygen(st->pk, &st->pk_used, st->sk, &st->sk_used);
    op_check_rc(st, fn, rc);
    op_check_len(st, fn, "public key", st->pk_used, s->pk_len);
    op_check_len(st, fn, "secret key", st->sk_used, s->sk_len);
}

/* Sign the message, retrying a failed attempt with fresh randomness (the
 * DRNG has advanced) as an application would; the retries are counted and
 * their time is part of the signing time. */
static void op_sign(struct op_state *st)
{
    struct scheme *s = st->s;
    int rc;

    for (unsigned attempt = 1;; attempt++) {
        st->out_used = s->out_len;
        rc = s->sig.sign(st->sk, st->sk_used, st->msg, st->msg_len, st->out, &st->out_used);
        if (rc == 0)
            break;
        if (attempt == st->max_sign_attempts)
            channel_call_error("sig_sign failed %u times in a row, last with %d (%s, call %llu)",
                               attempt, rc, st->stage, (ull)st->calls + 1);
        if (st->counts != NULL)
            st->counts->sign_failures_retried++;
    }
    if (st->counts != NULL)
        st->counts->signatures++;
    op_check_len(st, "sig_sign", "signature", st->out_used, s->out_len);
    if (st->out_used < st->events->sig_min)
        st->events->sig_min = st->out_used;
    if (st->out_used > st->events->sig_max)
        st->events->sig_max = st->out_used;
}

/* Verify the setup signature; only 0 means valid, and a rejection of the
 * honest signature is counted, not fatal: the verifier is still timed. */
static void op_verify(struct op_state *st)
{
    int rc = st->s->sig.verify(st->pk, st->pk_used, st->out, st->out_used, st->msg, st->msg_len);

    if (st->counts == NULL)
        return;
    st->counts->verifications++;
    if (rc != 0)
        st->counts->verify_rejections++;
}

/* Encapsulate to the public key; the secret goes to ss_ref. */
static void op_enc(struct op_state *st)
{
    struct scheme *s = st->s;

    st->out_used = s->out_len;
    st->ss_used = s->ss_len;
    op_check_rc(st, "kem_enc",
                s->kem.enc(st->pk, st->pk_used, st->ss_ref, &st->ss_used, st->out, &st->out_used));
    op_check_len(st, "kem_enc", "ciphertext", st->out_used, s->out_len);
    op_check_len(st, "kem_enc", "shared secret", st->ss_used, s->ss_len);
}

/* Decapsulate the setup ciphertext; a secret that differs from the
 * encapsulation's is counted, not fatal. */
static void op_dec(struct op_state *st)
{
    struct scheme *s = st->s;
    ull ss_len = s->ss_len;

    op_check_rc(st, "kem_dec",
                s->kem.dec(st->sk, st->sk_used, st->out, st->out_used, st->ss, &ss_len));
    op_check_len(st, "kem_dec", "shared secret", ss_len, s->ss_len);
    if (st->counts == NULL)
        return;
    st->counts->decapsulations++;
    if (ss_len != st->ss_used || memcmp(st->ss, st->ss_ref, (size_t)ss_len) != 0)
        st->counts->decaps_mismatches++;
}

/* Allocate, seed and make the inputs OP needs, untimed. */
void op_setup(struct op_state *st, struct scheme *s, enum op op, const unsigned char *seed,
              size_t seed_len, ull msg_len, unsigned max_sign_attempts, struct op_events *events)
{
    memset(st, 0, sizeof *st);
    st->s = s;
    st->op = op;
    st->max_sign_attempts = max_sign_attempts;
    st->events = events;
    st->pass = PASS_SETUP;
    st->counts = &events->pass[PASS_SETUP];
    st->stage = "setup";
    channel_phase("setup");
    st->msg_len = msg_len;
    st->msg = op_alloc(msg_len + 1);
    for (ull i = 0; i < msg_len; i++)
        st->msg[i] = (unsigned char)((i * 131 + 64) % 256);
    if (s->type == SCHEME_KEX) {
        op_check_rc(st, "init_random_number", s->init_random_number(s->drng, seed, seed_len));
        kex_setup(st);
        return;
    }
    st->pk = op_alloc(s->pk_len);
    st->sk = op_alloc(s->sk_len);
    st->out = op_alloc(s->out_len);
    if (s->type == SCHEME_KEM) {
        st->ss = op_alloc(s->ss_len);
        st->ss_ref = op_alloc(s->ss_len);
    }
    scheme_seed(s, seed, seed_len);
    if (op == OP_KEYGEN)
        return;
    op_keygen(st);
    if (op == OP_VERIFY) {
        op_sign(st);
        op_verify(st);
    } else if (op == OP_DEC) {
        op_enc(st);
    }
}

/* One call of the operation, as measured. */
void op_call(struct op_state *st)
{
    switch (st->op) {
    case OP_KEYGEN:
        op_keygen(st);
        break;
    case OP_SIGN:
        op_sign(st);
        break;
    case OP_VERIFY:
        op_verify(st);
        break;
    case OP_ENC:
        op_enc(st);
        break;
    case OP_DEC:
        op_dec(st);
        break;
    default:
        kex_call(st);
        break;
    }
    st->calls++;
    if (st->counts != NULL)
        st->counts->operations++;
}

/* Start a stage of PASS, for the error messages and the counts. */
void op_stage(struct op_state *st, const char *stage, enum op_pass pass)
{
    st->stage = stage;
    st->calls = 0;
    st->pass = pass;
    st->counts = &st->events->pass[pass];
    channel_phase(stage);
}

/* Whether the following calls count in their pass. */
void op_count(struct op_state *st, int counted)
{
    st->counts = counted ? &st->events->pass[st->pass] : NULL;
}

/* Free ST's buffers. */
void op_free(struct op_state *st)
{
    free(st->msg);
    free(st->pk);
    free(st->sk);
    free(st->out);
    free(st->ss);
    free(st->ss_ref);
    kex_free(st);
}
