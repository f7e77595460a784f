/* wfix.h - opening the wrapper fixtures of the build tree in the tests. */
#ifndef ICCSPROF_TESTS_WFIX_H
#define ICCSPROF_TESTS_WFIX_H

#include "iccsprof/wrap.h"

/* dlopen a fixture library of the build tree, or fail the test. */
void *wfix_open(const char *name);
/* A symbol of LIB that must be there. */
void *wfix_sym(void *lib, const char *name);
/* The query interface of a profiled fixture, disabled and reset. */
const struct iccsprof_wrap_api *wfix_api(void *lib);

#endif
