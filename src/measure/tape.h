/* tape.h - the hash helpers' outputs of one operation, recorded while it
 * runs and played back to its twin: the twin then does all of the
 * operation's work but the hashing, and the time that takes off is the
 * helpers' time in the operation, measured without timing a single call
 * (a timed call, held apart from the work around it by its tick reads'
 * fences, holds more than what it costs there).  The tape serves the
 * helpers through the profiled library's what-if seam
 * (iccsprof/substitute.h); the DRNG is not played back, its state being
 * the library's own. */
#ifndef ICCSPROF_MEASURE_TAPE_H
#define ICCSPROF_MEASURE_TAPE_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "iccsprof/substitute.h"
#include "iccsprof/wrap.h"

/* The most output bytes one operation's tape holds: an operation that
 * hashes more is not played back. */
#define TAPE_MAX_BYTES (256u << 20)

/* How a helper is called: pseudohash and sm3hash take the digest's bits
 * as an int, pseudoXOF the output's as an unsigned long long. */
typedef int tape_digest_fn(int out_bits, const unsigned char *msg, unsigned long long msg_bits,
                           unsigned char *out);
typedef int tape_xof_fn(unsigned long long out_bits, const unsigned char *msg,
                        unsigned long long msg_bits, unsigned char *out);

/* One recorded call: its helper, key and first message bytes, which the
 * call played back to must match, and its output's place on the tape. */
struct tape_call {
    unsigned helper;
    int ret;
    unsigned long long msg_bits, out_bits;
    uint64_t head;
    size_t at;
};

/* What a helper's server is given: its tape and which helper it serves. */
struct tape_port {
    struct tape *tape;
    unsigned helper;
};

struct tape {
    iccsprof_substitute_fn *seam;
    void *real[ICCSPROF_DRNG]; /* each hash helper's own function; NULL: not wrapped */
    struct tape_port port[ICCSPROF_DRNG];
    struct tape_call *call;
    size_t ncalls, call_room, next; /* recorded, and the next to play */
    unsigned char *bytes;
    size_t nbytes, byte_room;
    size_t most; /* the longest recorded output, in bytes */
    /* a shadowed play's hash of each helper, with its context, and the
     * buffer its outputs go to (tape_play_shadowed) */
    iccsprof_candidate_fn *shadow[ICCSPROF_DRNG];
    void *shadow_ctx[ICCSPROF_DRNG];
    unsigned char *scratch;
    size_t scratch_room;
    unsigned char zero; /* 0, read from memory: see tape_shadow_player */
    unsigned depth;     /* recording: helper calls in flight (nested ones are the outer's) */
    int playing;
    pthread_t owner;   /* the thread recording */
    const char *fault; /* why the last play did not stand for its recording */
};

/* Open T over the seam SEAM and the helpers' own functions REAL (NULL
 * for a helper the library does not wrap). */
void tape_open(struct tape *t, iccsprof_substitute_fn *seam, void *const real[ICCSPROF_DRNG]);

/* Record the outputs of the helper calls that follow, in place of the
 * last recording. */
void tape_record(struct tape *t);

/* Serve the helper calls that follow from the recording, in order. */
void tape_play(struct tape *t);

/* Serve the helper calls that follow from the recording, in order, each
 * call's message also hashed by SHADOW[helper] (called with CTX[helper],
 * as the shim would call a candidate) into a buffer that is thrown away:
 * the operation takes the recorded path, and the time this play takes
 * over tape_play's is what SHADOW costs where the operation calls it.
 * A helper call the shadow makes itself goes to the helper's own
 * function, as in a recording. */
void tape_play_shadowed(struct tape *t, iccsprof_candidate_fn *const shadow[ICCSPROF_DRNG],
                        void *const ctx[ICCSPROF_DRNG]);

/* Give the helpers their own functions again: NULL when the recording or
 * play that ends stood for the operation (every call recorded, and played
 * back to a call of the same helper, key and message head, all of them),
 * else why not. */
const char *tape_stop(struct tape *t);

/* The ticks, read by TICKS, that serving the whole recording takes in a
 * tight loop, the least of REPEATS: what a played operation still spends
 * in its helpers at most. */
double tape_cost(struct tape *t, uint64_t (*ticks)(void), unsigned repeats);

/* Free the recording. */
void tape_close(struct tape *t);

#endif
