/* wrap_pseudohash.c - the --wrap shim of pseudohash. */
#include "config.h"

#include "wrap_digest.h"

WRAP_DIGEST_SHIM(pseudohash, ICCSPROF_PSEUDOHASH)
