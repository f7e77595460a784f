/* protocol.h - what crosses the process boundary between `iccsprof run`
 * (run-child.c) and the measuring process iccsprof-measure (measure/).
 *
 * The measuring process is started as
 *     iccsprof-measure CHANNEL_FD CONFIGURATION
 * where CONFIGURATION is a JSON object carrying PROTOCOL_KEY_VERSION, and
 * reports on descriptor CHANNEL_FD: one JSON object per line, each with
 * PROTOCOL_KEY_VERSION and exactly one of the message members below,
 * progress (phase) first, then exactly one result or error.  Its stdout
 * and stderr belong to the scheme.  The descriptor is a high one, so that
 * a scheme writing to the descriptors it did not open (3, 4...) does not
 * reach it, and close-on-exec, so that programs the scheme starts do not
 * hold it.
 *
 * The reader (run-child.c, run-result.c) trusts nothing it receives: the
 * scheme runs in the measuring process and can write anything on the
 * channel.  A message that is not one of these, or a result lacking a
 * member or holding one of the wrong type or range, fails the measurement
 * with a message naming the member. */
#ifndef ICCSPROF_PROTOCOL_H
#define ICCSPROF_PROTOCOL_H

/* Raised whenever a message or a result changes shape, so that a tool
 * and a measuring program of different builds refuse each other. */
#define PROTOCOL_VERSION 10

/* What the configuration asks: absent, an operation's measurement;
 * "probe", the scheme's type and lengths (also {"probe": true});
 * PROTOCOL_REQUEST_COSTS, the microbenchmark of candidates at shapes:
 * {"profiled": PATH or null, "candidates": [{"candidate", "kind",
 * "library", "digest_bits"}], "shapes": [{"helper", "in_bits",
 * "out_bits"}]}, answered by {"tick_source", "tick_hz", "costs":
 * [{"candidate": K, "shape": J, "ticks": median ticks per call}]};
 * PROTOCOL_REQUEST_KAT, a hash candidate held to its KAT responses:
 * {"library": PATH, "responses": [PATH]}, answered by {"vectors":
 * checked, "skipped": not checkable in the process, "differs": null or
 * why}; PROTOCOL_REQUEST_REPLAY, candidates priced in the operation
 * played back: an operation's configuration (its "profiled" library,
 * "op", inputs, method and "drng_private") with "candidates" as for
 * costs and "replay_seconds", answered by replay_measure's result
 * (measure/replay.h) with "tick_source" and "tick_hz". */
#define PROTOCOL_KEY_REQUEST "request"
#define PROTOCOL_REQUEST_COSTS "costs"
#define PROTOCOL_REQUEST_KAT "crypthash-kat"
#define PROTOCOL_REQUEST_REPLAY "replay"

/* The members an item of the configuration's "substitute" may have; a
 * measuring program refuses an item with any other, rather than measure
 * without what it does not understand. */
#define PROTOCOL_SUBSTITUTE_KEYS                                                                   \
    {                                                                                              \
        "helper", "candidate", "kind", "package", "instance", "library", "digest_bits", "kat",     \
            NULL                                                                                   \
    }

/* The channel's descriptor in the measuring process. */
#define PROTOCOL_CHANNEL_FD 63

/* Every message and the configuration: {"protocol": PROTOCOL_VERSION}. */
#define PROTOCOL_KEY_VERSION "protocol"

/* {"phase": "timing"}: the phase entered, for progress and for naming
 * the phase a crash or a time-out happened in. */
#define PROTOCOL_MSG_PHASE "phase"

/* {"plan": {"pass": "timing", "call_seconds": 0.72, "calls": 25,
 * "seconds": 19.5, "rule": "min-calls", "precision": null}}: once a pass
 * is calibrated, the calls it plans, the seconds they take from now and
 * the rule that set them; again when its minimum falls
 * short of the precision asked, with the precision reached (run-result.c
 * checks its members). */
#define PROTOCOL_MSG_PLAN "plan"

/* {"result": {...}}: the measurement (run-result.c lists its members);
 * the process then exits with status 0. */
#define PROTOCOL_MSG_RESULT "result"

/* {"error": {"kind": PROTOCOL_ERROR_*, "message": "..."}}: why it could
 * not measure; the process then exits with a non-zero status. */
#define PROTOCOL_MSG_ERROR "error"
#define PROTOCOL_ERROR_INPUT "input" /* input the user got wrong: exit 2 */
#define PROTOCOL_ERROR_CALL "call"   /* a failing call of the scheme: exit 1 */

/* A phase name is at most this long, the terminating NUL included. */
#define PROTOCOL_PHASE_MAX 128

/* An error message is at most this long, the terminating NUL included. */
#define PROTOCOL_MESSAGE_MAX 1024

#endif
