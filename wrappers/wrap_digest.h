/* wrap_digest.h - the shim of a digest helper, sm3hash or pseudohash: both
 * take (digest bits, message, message bits, digest) and are keyed
 * (message bits, digest bits).  Each shim is expanded in an object file of
 * its own so that a library links only the shims of the helpers it has. */
#ifndef ICCSPROF_WRAP_DIGEST_H
#define ICCSPROF_WRAP_DIGEST_H

#include "call.h"
#include "substitute.h"

/* The helper's call, or its candidate's. */
#define WRAP_DIGEST_SERVE(name, helper)                                                            \
    WRAP_SERVE(helper, __real_##name(digest_len_bits, msg, msg_len_bits, digest), digest_len_bits, \
               msg, msg_len_bits, digest)

#define WRAP_DIGEST_SHIM(name, helper)                                                             \
    int __real_##name(int digest_len_bits, const unsigned char *msg,                               \
                      unsigned long long msg_len_bits, unsigned char *digest);                     \
    WRAP_SHIM_EXPORT int __wrap_##name(int digest_len_bits, const unsigned char *msg,              \
                                       unsigned long long msg_len_bits, unsigned char *digest);    \
    static __attribute__((noinline)) int wrap_##name##_accounted(                                  \
        int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,            \
        unsigned char *digest, void *ret)                                                          \
    {                                                                                              \
        struct wrap_table *t = wrap_table();                                                       \
        int r;                                                                                     \
                                                                                                   \
        WRAP_ACCOUNTED(t, helper, msg_len_bits, (uint64_t)digest_len_bits, ret,                    \
                       r = WRAP_DIGEST_SERVE(name, helper));                                       \
        return r;                                                                                  \
    }                                                                                              \
    static __attribute__((noinline)) int wrap_##name##_counted(                                    \
        int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,            \
        unsigned char *digest, void *ret)                                                          \
    {                                                                                              \
        int r;                                                                                     \
                                                                                                   \
        WRAP_COUNTED(helper, msg_len_bits, (uint64_t)digest_len_bits, 1, (void)0, r,               \
                     r = WRAP_DIGEST_SERVE(name, helper),                                          \
                     wrap_##name##_accounted(digest_len_bits, msg, msg_len_bits, digest, ret));    \
        return r;                                                                                  \
    }                                                                                              \
    int __wrap_##name(int digest_len_bits, const unsigned char *msg,                               \
                      unsigned long long msg_len_bits, unsigned char *digest)                      \
    {                                                                                              \
        if (__builtin_expect(!wrap_enabled, 1))                                                    \
            return WRAP_DIGEST_SERVE(name, helper);                                                \
        return wrap_##name##_counted(digest_len_bits, msg, msg_len_bits, digest,                   \
                                     __builtin_return_address(0));                                 \
    }

#endif
