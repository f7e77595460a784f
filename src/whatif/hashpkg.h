/* hashpkg.h - an NGCC hash candidate package as its authors publish it,
 * made ready to stand behind the ICCS helpers: its instance chosen for
 * the width asked, planned like a scheme package, compiled with the
 * guide flags (the lenient ones when those fail), its CryptHash linked
 * into a library of its own, and held in a measuring process to the
 * short-message vectors of the KAT responses it ships (its KAT program,
 * whose long parts take hours, is not run). */
#ifndef ICCSPROF_HASHPKG_H
#define ICCSPROF_HASHPKG_H

#include <stdbool.h>

/* The width a candidate's instance is chosen for: the 256 bits of SM3,
 * the digest the helpers' placeholders give. */
#define HASHPKG_WIDTH 256

/* A built candidate. */
struct hashpkg {
    char *name;           /* pkg:<instance> */
    char *library;        /* the shared library defining CryptHash */
    unsigned digest_bits; /* its DIGEST_BIT_LENGTH */
    unsigned width;       /* the width it was chosen for */
    char *kat;            /* "pass: N vectors", or "unverified: no responses shipped" */
    char *refused;        /* after a refusal: why, as said on stderr; else NULL */
};

/* Build the hash candidate at PATH (a package, the folder of its
 * instances, or an instance folder) under BUILD_ROOT/hash: its instance
 * INSTANCE, else the one PATH names, else the one with the smallest
 * digest covering HASHPKG_WIDTH; then check it against its shipped KAT
 * responses, a package shipping none being refused unless ALLOW.  0, or
 * -1 after a one-line message saying why the candidate is refused (its
 * text in H->refused, for hashpkg_free to free).  Each
 * candidate is built once per process: asked again (another record,
 * helper or instance of a scheme), the first answer is given. */
int hashpkg_build(const char *path, const char *instance, const char *build_root, bool allow,
                  struct hashpkg *h);

/* Hand the packages this process built to the `iccsprof run` processes
 * it starts (through their environment), so that they are not built
 * again for each. */
void hashpkg_export(void);

/* Free what hashpkg_build filled in. */
void hashpkg_free(struct hashpkg *h);

#endif
