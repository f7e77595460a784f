/* hashpkg.h - an NGCC hash candidate package made ready to stand behind
 * the ICCS helpers: planned like a scheme package, compiled with the
 * guide flags (the lenient ones when those fail), its KAT_CryptHash
 * program run and its responses compared with the ones it ships, and
 * its CryptHash linked into a library of its own. */
#ifndef ICCSPROF_HASHPKG_H
#define ICCSPROF_HASHPKG_H

/* A built candidate. */
struct hashpkg {
    char *name;           /* pkg:<instance> */
    char *library;        /* the shared library defining CryptHash */
    unsigned digest_bits; /* its DIGEST_BIT_LENGTH */
};

/* Build instance INSTANCE (NULL: the package's only one) of the hash
 * package at PACKAGE under BUILD_ROOT/hash and check its KAT; 0, or -1
 * after a one-line message saying why the candidate is refused.  Each
 * package instance is built once per process: asked again (another
 * record, helper or instance of a scheme), the first answer is given. */
int hashpkg_build(const char *package, const char *instance, const char *build_root,
                  struct hashpkg *h);

/* Hand the packages this process built to the `iccsprof run` processes
 * it starts (through their environment), so that they are not built
 * again for each. */
void hashpkg_export(void);

/* Free what hashpkg_build filled in. */
void hashpkg_free(struct hashpkg *h);

#endif
