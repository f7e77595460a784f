/* wrap_drng.c - the --wrap shim of get_random_number.  The DRNG context is
 * the package's own type, opaque here: only its address passes through. */
#include "config.h"

#include "account.h"

int __real_get_random_number(void *drng, unsigned char *random_number,
                             unsigned long long random_number_len_bits);
WRAP_EXPORT int __wrap_get_random_number(void *drng, unsigned char *random_number,
                                         unsigned long long random_number_len_bits);

/* Account one DRNG request keyed (0, bits requested). */
int __wrap_get_random_number(void *drng, unsigned char *random_number,
                             unsigned long long random_number_len_bits)
{
    struct wrap_call c;
    int r;

    if (__builtin_expect(!wrap_enabled, 1))
        return __real_get_random_number(drng, random_number, random_number_len_bits);
    wrap_enter(&c);
    r = __real_get_random_number(drng, random_number, random_number_len_bits);
    wrap_leave(&c, ICCSPROF_DRNG, 0, random_number_len_bits);
    return r;
}
