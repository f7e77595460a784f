/* wrap_digest.h - the shim of a digest helper, sm3hash or pseudohash: both
 * take (digest bits, message, message bits, digest) and are keyed
 * (message bits, digest bits).  Each shim is expanded in an object file of
 * its own so that a library links only the shims of the helpers it has. */
#ifndef ICCSPROF_WRAP_DIGEST_H
#define ICCSPROF_WRAP_DIGEST_H

#include "account.h"

#define WRAP_DIGEST_SHIM(name, helper)                                                             \
    int __real_##name(int digest_len_bits, const unsigned char *msg,                               \
                      unsigned long long msg_len_bits, unsigned char *digest);                     \
    WRAP_EXPORT int __wrap_##name(int digest_len_bits, const unsigned char *msg,                   \
                                  unsigned long long msg_len_bits, unsigned char *digest);         \
    int __wrap_##name(int digest_len_bits, const unsigned char *msg,                               \
                      unsigned long long msg_len_bits, unsigned char *digest)                      \
    {                                                                                              \
        struct wrap_call c;                                                                        \
        int r;                                                                                     \
                                                                                                   \
        if (__builtin_expect(!wrap_enabled, 1))                                                    \
            return __real_##name(digest_len_bits, msg, msg_len_bits, digest);                      \
        wrap_enter(&c);                                                                            \
        r = __real_##name(digest_len_bits, msg, msg_len_bits, digest);                             \
        wrap_leave(&c, helper, msg_len_bits, (uint64_t)digest_len_bits);                           \
        return r;                                                                                  \
    }

#endif
