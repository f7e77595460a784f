/* drng_global.c - the DRNG state a package's library uses but does not
 * define (only its KAT driver, left out of the library, did).  Compiled
 * against the package's own drng.h, so its size is the package's. */
#include "drng.h"

DRNG_ctx drng_algorithm;
