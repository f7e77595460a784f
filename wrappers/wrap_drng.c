/* wrap_drng.c - the --wrap shim of get_random_number.  The DRNG context is
 * the package's own type, opaque here: only its address passes through. */
#include "config.h"

#include "call.h"

int __real_get_random_number(void *drng, unsigned char *random_number,
                             unsigned long long random_number_len_bits);
WRAP_SHIM_EXPORT int __wrap_get_random_number(void *drng, unsigned char *random_number,
                                              unsigned long long random_number_len_bits);

/* Account one DRNG request keyed (0, bits requested), under its context:
 * every request takes this path, which notes the context. */
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

/* Pass straight through while disabled: one predictable branch. */
int __wrap_get_random_number(void *drng, unsigned char *random_number,
                             unsigned long long random_number_len_bits)
{
    if (__builtin_expect(!wrap_enabled, 1))
        return __real_get_random_number(drng, random_number, random_number_len_bits);
    return wrap_get_random_number_accounted(drng, random_number, random_number_len_bits,
                                            __builtin_return_address(0));
}
