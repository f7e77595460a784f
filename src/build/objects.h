/* objects.h - what a relocatable object says about its symbols, read with
 * libelf: the one reader behind `iccsprof audit`, the plan (programs,
 * duplicate definitions, the DRNG global, the helpers) and the build
 * record. */
#ifndef ICCSPROF_OBJECTS_H
#define ICCSPROF_OBJECTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Where a defined symbol lives. */
enum obj_storage {
    OBJ_UNDEFINED, /* referenced, defined elsewhere */
    OBJ_CODE,      /* a function */
    OBJ_DATA,      /* initialized data (a clash between two of them is real) */
    OBJ_ZERO,      /* zero-filled data (.bss): merged by -fcommon when tentative */
    OBJ_COMMON,    /* a common symbol: merged by the linker */
};

struct obj_symbol {
    char *name;
    enum obj_storage storage;
    bool local, weak;
    uint64_t size;
    uint64_t value;  /* in a linked library, the address */
    long references; /* relocations that name this symbol */
};

struct obj_file {
    struct obj_symbol *syms;
    size_t n;
};

/* Read the symbol table of the object at PATH into OUT; 0, or -1 with a
 * reason in ERR (a system error, or not an ELF object). */
int obj_read(const char *path, struct obj_file *out, char *err, size_t errlen);

/* A byte string to look for in an object: BYTES[LEN], or (BYTES NULL)
 * VALUE stored in WIDTH bytes (at most 8) in the object's byte order. */
struct obj_pattern {
    const unsigned char *bytes;
    size_t len;
    uint64_t value;
    unsigned width;
};

/* Set FOUND[k] when PATTERNS[k] (of N) occurs in the code or data the
 * object at PATH loads (its allocated sections with contents); 0, or -1
 * with a reason in ERR. */
int obj_find_patterns(const char *path, const struct obj_pattern *patterns, size_t n, bool *found,
                      char *err, size_t errlen);

/* Free what obj_read filled in. */
void obj_free(struct obj_file *obj);

/* The symbol NAME the object defines with global binding, or NULL. */
const struct obj_symbol *obj_defines(const struct obj_file *obj, const char *name);

/* Whether the object really uses NAME from elsewhere: an undefined symbol
 * that a relocation names (a declaration nothing uses leaves none). */
bool obj_uses(const struct obj_file *obj, const char *name);

#endif
