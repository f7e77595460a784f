/* wrap_sm3hash.c - the --wrap shim of sm3hash. */
#include "config.h"

#include "wrap_digest.h"

WRAP_DIGEST_SHIM(sm3hash, ICCSPROF_SM3HASH)
