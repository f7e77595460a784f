/* wfix.c - opening the wrapper fixtures of the build tree in the tests. */
#include "config.h"

#include <check.h>
#include <dlfcn.h>
#include <stdio.h>

#include "wfix.h"

/* dlopen a fixture library of the build tree, or fail the test. */
void *wfix_open(const char *name)
{
    char path[4096];
    void *h;

    snprintf(path, sizeof path, "%s/%s", WFIX_DIR, name);
    h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    ck_assert_msg(h != NULL, "dlopen %s: %s", path, dlerror());
    return h;
}

/* A symbol of LIB that must be there. */
void *wfix_sym(void *lib, const char *name)
{
    void *p = dlsym(lib, name);

    ck_assert_msg(p != NULL, "no symbol %s", name);
    return p;
}

/* The query interface of a profiled fixture, disabled and reset. */
const struct iccsprof_wrap_api *wfix_api(void *lib)
{
    const struct iccsprof_wrap_api *(*entry)(void);
    const struct iccsprof_wrap_api *api;

    *(void **)&entry = wfix_sym(lib, "iccsprof_wrap_api");
    api = entry();
    api->disable();
    api->reset();
    return api;
}
