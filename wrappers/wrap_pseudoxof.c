/* wrap_pseudoxof.c - the --wrap shim of pseudoXOF. */
#include "config.h"

#include "account.h"

int __real_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
                     unsigned long long msg_len_bits, unsigned char *output);
WRAP_EXPORT int __wrap_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
                                 unsigned long long msg_len_bits, unsigned char *output);

/* Account one pseudoXOF call keyed (message bits, output bits). */
int __wrap_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
                     unsigned long long msg_len_bits, unsigned char *output)
{
    struct wrap_call c;
    int r;

    if (__builtin_expect(!wrap_enabled, 1))
        return __real_pseudoXOF(output_len_bits, msg, msg_len_bits, output);
    wrap_enter(&c);
    r = __real_pseudoXOF(output_len_bits, msg, msg_len_bits, output);
    wrap_leave(&c, ICCSPROF_PSEUDOXOF, msg_len_bits, output_len_bits);
    return r;
}
