/* wrap_pseudoxof.c - the --wrap shim of pseudoXOF. */
#include "config.h"

#include "call.h"
#include "substitute.h"

/* The helper's call, or its candidate's. */
#define WRAP_XOF_SERVE                                                                             \
    WRAP_SERVE(ICCSPROF_PSEUDOXOF, __real_pseudoXOF(output_len_bits, msg, msg_len_bits, output),   \
               output_len_bits, msg, msg_len_bits, output)

int __real_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
                     unsigned long long msg_len_bits, unsigned char *output);
WRAP_SHIM_EXPORT int __wrap_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
                                      unsigned long long msg_len_bits, unsigned char *output);

/* Account one pseudoXOF call keyed (message bits, output bits). */
static __attribute__((noinline)) int wrap_pseudoXOF_accounted(unsigned long long output_len_bits,
                                                              const unsigned char *msg,
                                                              unsigned long long msg_len_bits,
                                                              unsigned char *output, void *ret)
{
    struct wrap_table *t = wrap_table();
    int r;

    WRAP_ACCOUNTED(t, ICCSPROF_PSEUDOXOF, msg_len_bits, output_len_bits, ret, r = WRAP_XOF_SERVE);
    return r;
}

/* Count one pseudoXOF call, the common case, or account it. */
static __attribute__((noinline)) int wrap_pseudoXOF_counted(unsigned long long output_len_bits,
                                                            const unsigned char *msg,
                                                            unsigned long long msg_len_bits,
                                                            unsigned char *output, void *ret)
{
    int r;

    WRAP_COUNTED(ICCSPROF_PSEUDOXOF, msg_len_bits, output_len_bits, 1, (void)0, r,
                 r = WRAP_XOF_SERVE,
                 wrap_pseudoXOF_accounted(output_len_bits, msg, msg_len_bits, output, ret));
    return r;
}

/* Pass straight through while disabled: one predictable branch. */
int __wrap_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
                     unsigned long long msg_len_bits, unsigned char *output)
{
    if (__builtin_expect(!wrap_enabled, 1))
        return WRAP_XOF_SERVE;
    return wrap_pseudoXOF_counted(output_len_bits, msg, msg_len_bits, output,
                                  __builtin_return_address(0));
}
