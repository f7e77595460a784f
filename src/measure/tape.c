/* tape.c - the hash helpers' outputs of one operation, recorded and
 * played back (tape.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "measure/channel.h"
#include "measure/tape.h"

static const char *const tape_helper[] = ICCSPROF_HELPER_NAMES;

/* Call HELPER's own function REAL as the shim would have. */
static int tape_real(unsigned helper, void *real, unsigned long long out_bits,
                     const unsigned char *msg, unsigned long long msg_bits, unsigned char *out)
{
    if (helper == ICCSPROF_PSEUDOXOF)
        return ((tape_xof_fn *)real)(out_bits, msg, msg_bits, out);
    return ((tape_digest_fn *)real)((int)out_bits, msg, msg_bits, out);
}

/* The first bytes of a message of MSG_BITS bits, up to 8, the unused bits
 * of a partial byte cleared: what tells one call's message from another's
 * at the cost of a load. */
static uint64_t tape_head(const unsigned char *msg, unsigned long long msg_bits)
{
    unsigned char b[8] = {0};
    size_t n = (size_t)((msg_bits + 7) / 8);
    uint64_t head;

    if (msg_bits >= 64) {
        memcpy(&head, msg, sizeof head); /* one load: a played call's cost is mostly this check */
        return head;
    }
    if (n > 0)
        memcpy(b, msg, n);
    if (msg_bits % 8 != 0)
        b[n - 1] &= (unsigned char)(0xff << (8 - msg_bits % 8));
    memcpy(&head, b, sizeof head);
    return head;
}

/* Bytes of an output of OUT_BITS bits. */
static size_t tape_out_bytes(unsigned long long out_bits)
{
    return (size_t)((out_bits + 7) / 8);
}

/* Copy LEN bytes from SRC to DST in place of memcpy: a played call's
 * output is a few dozen bytes, which 16-byte moves copy inline for less
 * than a call to the library's memcpy costs, and what a played call costs
 * is what the share played back is low by. */
static void tape_copy(unsigned char *dst, const unsigned char *src, size_t len)
{
    for (; len >= 16; len -= 16, dst += 16, src += 16)
        __builtin_memcpy(dst, src, 16);
    while (len-- > 0)
        *dst++ = *src++;
}

/* Make room on T for one more call of LEN output bytes; -1 when the tape
 * would exceed TAPE_MAX_BYTES. */
static int tape_room(struct tape *t, size_t len)
{
    if (t->ncalls == t->call_room) {
        size_t room = t->call_room ? 2 * t->call_room : 1024;
        struct tape_call *more = realloc(t->call, room * sizeof *more);

        if (more == NULL)
            channel_call_error("out of memory for %zu recorded helper calls", room);
        t->call = more;
        t->call_room = room;
    }
    if (len > TAPE_MAX_BYTES - t->nbytes)
        return -1;
    if (t->nbytes + len > t->byte_room) {
        size_t room = t->byte_room ? t->byte_room : 1u << 16;
        unsigned char *more;

        while (room < t->nbytes + len)
            room *= 2;
        if ((more = realloc(t->bytes, room)) == NULL)
            channel_call_error("out of memory for %zu bytes of helper outputs", room);
        t->bytes = more;
        t->byte_room = room;
    }
    return 0;
}

/* The server that records: the helper's own function, whose output goes
 * on the tape.  A call made inside another (pseudohash over SM3, through
 * the shims) is part of the outer call's output and is not recorded. */
static int tape_recorder(void *ctx, unsigned long long out_bits, const unsigned char *msg,
                         unsigned long long msg_bits, unsigned char *out)
{
    struct tape_port *p = ctx;
    struct tape *t = p->tape;
    size_t len = tape_out_bytes(out_bits);
    uint64_t head = tape_head(msg, msg_bits); /* before an output written over it */
    struct tape_call *c;
    int ret;

    if (t->depth > 0 || t->fault != NULL)
        return tape_real(p->helper, t->real[p->helper], out_bits, msg, msg_bits, out);
    if (!pthread_equal(pthread_self(), t->owner))
        t->fault = "its helper calls came from more than one thread";
    else if (tape_room(t, len) != 0)
        t->fault = "its helper outputs exceed the tape's 256 MiB";
    t->depth++;
    ret = tape_real(p->helper, t->real[p->helper], out_bits, msg, msg_bits, out);
    t->depth--;
    if (t->fault != NULL)
        return ret;
    c = &t->call[t->ncalls++];
    c->helper = p->helper;
    c->ret = ret;
    c->msg_bits = msg_bits;
    c->out_bits = out_bits;
    c->head = head;
    c->at = t->nbytes;
    memcpy(t->bytes + t->nbytes, out, len);
    t->nbytes += len;
    if (len > t->most)
        t->most = len;
    return ret;
}

/* The server that plays back: the next recorded call's output, when this
 * call is the one recorded; else the helper's own function, and the play
 * no longer stands for the operation.  (A scheme that hashes in a thread
 * of its own was found while recording.) */
static int tape_player(void *ctx, unsigned long long out_bits, const unsigned char *msg,
                       unsigned long long msg_bits, unsigned char *out)
{
    struct tape_port *p = ctx;
    struct tape *t = p->tape;
    const struct tape_call *c = t->next < t->ncalls ? &t->call[t->next] : NULL;

    if (t->fault == NULL && (c == NULL || c->helper != p->helper || c->out_bits != out_bits ||
                             c->msg_bits != msg_bits || c->head != tape_head(msg, msg_bits)))
        t->fault = "its helper calls differ from one run to the next";
    if (t->fault != NULL)
        return tape_real(p->helper, t->real[p->helper], out_bits, msg, msg_bits, out);
    tape_copy(out, t->bytes + c->at, tape_out_bytes(out_bits));
    t->next++;
    return c->ret;
}

/* The server of a shadowed play: the call's message hashed by the
 * helper's shadow into the scratch buffer, then the recorded output
 * (tape_player), each of its bytes made to wait for the shadow's: XORed
 * with the shadow's byte ANDed with a mask that is 0 but is read from
 * memory, so that the output is the recorded one and yet, as in the
 * operation with the shadow serving it, the next call's message is not
 * there before the shadow's output is.  Without it the processor runs a
 * call's hash beside the work that follows it, which the operation does
 * not, and a short hash costs less than it does there.  Calls the shadow
 * makes through the shims (a placeholder's pseudohash over sm3hash) are
 * its own, served by the helpers' own functions. */
static int tape_shadow_player(void *ctx, unsigned long long out_bits, const unsigned char *msg,
                              unsigned long long msg_bits, unsigned char *out)
{
    struct tape_port *p = ctx;
    struct tape *t = p->tape;
    size_t len = tape_out_bytes(out_bits);
    int ret;

    if (t->depth > 0)
        return tape_real(p->helper, t->real[p->helper], out_bits, msg, msg_bits, out);
    if (len > t->scratch_room)
        return tape_player(ctx, out_bits, msg, msg_bits, out);
    t->depth++;
    (void)t->shadow[p->helper](t->shadow_ctx[p->helper], out_bits, msg, msg_bits, t->scratch);
    t->depth--;
    ret = tape_player(ctx, out_bits, msg, msg_bits, out);
    for (size_t i = 0; i < len; i++)
        out[i] ^= t->scratch[i] & t->zero;
    return ret;
}

/* Open T. */
void tape_open(struct tape *t, iccsprof_substitute_fn *seam, void *const real[ICCSPROF_DRNG])
{
    memset(t, 0, sizeof *t);
    t->seam = seam;
    for (unsigned h = 0; h < ICCSPROF_DRNG; h++) {
        t->real[h] = real[h];
        t->port[h].tape = t;
        t->port[h].helper = h;
    }
}

/* Serve every wrapped helper with FN. */
static void tape_serve(struct tape *t, iccsprof_candidate_fn *fn)
{
    for (unsigned h = 0; h < ICCSPROF_DRNG; h++)
        if (t->real[h] != NULL && t->seam(h, fn, fn != NULL ? &t->port[h] : NULL) != 0)
            channel_call_error("the wrappers refused to serve %s from a tape", tape_helper[h]);
}

/* Record the calls that follow. */
void tape_record(struct tape *t)
{
    t->ncalls = t->nbytes = t->next = t->most = 0;
    t->depth = 0;
    t->playing = 0;
    t->fault = NULL;
    t->owner = pthread_self();
    tape_serve(t, tape_recorder);
}

/* Play the recording back. */
void tape_play(struct tape *t)
{
    t->next = 0;
    t->playing = 1;
    tape_serve(t, tape_player);
}

/* Play the recording back, each call also hashed by its helper's
 * shadow.  A call whose output the recording does not hold room for is
 * not the recorded one and is found so by tape_player. */
void tape_play_shadowed(struct tape *t, iccsprof_candidate_fn *const shadow[ICCSPROF_DRNG],
                        void *const ctx[ICCSPROF_DRNG])
{
    if (t->most + 8 > t->scratch_room) {
        free(t->scratch);
        t->scratch_room = t->most + 8;
        if ((t->scratch = malloc(t->scratch_room)) == NULL)
            channel_call_error("out of memory for a %zu-byte shadow output", t->scratch_room);
    }
    for (unsigned h = 0; h < ICCSPROF_DRNG; h++) {
        t->shadow[h] = shadow[h];
        t->shadow_ctx[h] = ctx[h];
    }
    t->next = 0;
    t->depth = 0;
    t->playing = 1;
    tape_serve(t, tape_shadow_player);
}

/* Give the helpers their own functions again; why the recording or play
 * does not stand for the operation, or NULL. */
const char *tape_stop(struct tape *t)
{
    tape_serve(t, NULL);
    if (t->playing && t->fault == NULL && t->next != t->ncalls)
        t->fault = "its helper calls differ from one run to the next";
    t->playing = 0;
    return t->fault;
}

/* The ticks serving the recording takes, the least of REPEATS: each
 * call is given its recorded message head, so that it matches. */
double tape_cost(struct tape *t, uint64_t (*ticks)(void), unsigned repeats)
{
    size_t most = 1;
    unsigned char *out, *msg;
    double best = -1;

    if (t->ncalls == 0)
        return 0;
    for (size_t i = 0; i < t->ncalls; i++)
        if (tape_out_bytes(t->call[i].out_bits) > most)
            most = tape_out_bytes(t->call[i].out_bits);
    out = malloc(most);
    msg = malloc(8 * t->ncalls);
    if (out == NULL || msg == NULL)
        channel_call_error("out of memory for a tape's %zu calls", t->ncalls);
    for (size_t i = 0; i < t->ncalls; i++)
        memcpy(msg + 8 * i, &t->call[i].head, 8);
    for (unsigned r = 0; r < repeats; r++) {
        uint64_t t0;
        double spent;

        t->next = 0;
        t->fault = NULL;
        t0 = ticks();
        for (size_t i = 0; i < t->ncalls; i++)
            (void)tape_player(&t->port[t->call[i].helper], t->call[i].out_bits, msg + 8 * i,
                              t->call[i].msg_bits, out);
        spent = (double)(ticks() - t0);
        if (best < 0 || spent < best)
            best = spent;
    }
    free(out);
    free(msg);
    return best;
}

/* Free the recording. */
void tape_close(struct tape *t)
{
    free(t->call);
    free(t->bytes);
    free(t->scratch);
    t->call = NULL;
    t->bytes = NULL;
    t->scratch = NULL;
}
