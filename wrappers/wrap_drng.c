/* wrap_drng.c - the --wrap shim of get_random_number.  The DRNG context is
 * the package's own type, opaque here: only its address passes through. */
#include "config.h"

#include "call.h"

int __real_get_random_number(void *drng, unsigned char *random_number,
                             unsigned long long random_number_len_bits);
WRAP_SHIM_EXPORT int __wrap_get_random_number(void *drng, unsigned char *random_number,
                                              unsigned long long random_number_len_bits);

/* Account one DRNG request keyed (0, bits requested), under its context. */
static __attribute__((noinline)) int
wrap_get_random_number_accounted(void *drng, unsigned char *random_number,
                                 unsigned long long random_number_len_bits, void *ret)
{
    struct wrap_table *t = wrap_table();
    int r;

    wrap_note_context(t, drng);
    WRAP_ACCOUNTED(t, ICCSPROF_DRNG, 0, random_number_len_bits, ret,
                   r = __real_get_random_number(drng, random_number, random_number_len_bits));
    return r;
}

/* Count one DRNG request, the common case: the first context seen again,
 * counted under it here, or account it. */
static __attribute__((noinline)) int
wrap_get_random_number_counted(void *drng, unsigned char *random_number,
                               unsigned long long random_number_len_bits, void *ret)
{
    int r;

    WRAP_COUNTED(
        ICCSPROF_DRNG, 0, random_number_len_bits,
        t_->nctx != 0 && t_->ctx[0].address == (uintptr_t)drng, t_->ctx[0].calls++, r,
        r = __real_get_random_number(drng, random_number, random_number_len_bits),
        wrap_get_random_number_accounted(drng, random_number, random_number_len_bits, ret));
    return r;
}

/* Pass straight through while disabled: one predictable branch. */
int __wrap_get_random_number(void *drng, unsigned char *random_number,
                             unsigned long long random_number_len_bits)
{
    if (__builtin_expect(!wrap_enabled, 1))
        return __real_get_random_number(drng, random_number, random_number_len_bits);
    return wrap_get_random_number_counted(drng, random_number, random_number_len_bits,
                                          __builtin_return_address(0));
}
