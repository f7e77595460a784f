/* wrap_pseudoxof.c - the --wrap shim of pseudoXOF. */
#include "config.h"

#include "call.h"
#include "substitute.h"

int __real_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
                     unsigned long long msg_len_bits, unsigned char *output);
WRAP_EXPORT int __wrap_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
                                 unsigned long long msg_len_bits, unsigned char *output);

/* Account one pseudoXOF call keyed (message bits, output bits). */
static __attribute__((noinline)) int wrap_pseudoXOF_accounted(unsigned long long output_len_bits,
                                                              const unsigned char *msg,
                                                              unsigned long long msg_len_bits,
                                                              unsigned char *output, void *ret)
{
    WRAP_ACCOUNT(ICCSPROF_PSEUDOXOF, msg_len_bits, output_len_bits, ret,
                 WRAP_SERVE(ICCSPROF_PSEUDOXOF,
                            __real_pseudoXOF(output_len_bits, msg, msg_len_bits, output),
                            output_len_bits, msg, msg_len_bits, output));
}

/* Pass straight through while disabled: one predictable branch. */
int __wrap_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
                     unsigned long long msg_len_bits, unsigned char *output)
{
    if (__builtin_expect(!wrap_enabled, 1))
        return WRAP_SERVE(ICCSPROF_PSEUDOXOF,
                          __real_pseudoXOF(output_len_bits, msg, msg_len_bits, output),
                          output_len_bits, msg, msg_len_bits, output);
    return wrap_pseudoXOF_accounted(output_len_bits, msg, msg_len_bits, output,
                                    __builtin_return_address(0));
}
