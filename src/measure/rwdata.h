/* rwdata.h - a copy of a loaded library's writable data (its PT_LOAD
 * segments that are writable, less the part made read-only after
 * relocation), taken before one operation and put back before its twin,
 * so that two calls of an operation start from the same state: the same
 * DRNG state, the same counters, the same path through the scheme. */
#ifndef ICCSPROF_MEASURE_RWDATA_H
#define ICCSPROF_MEASURE_RWDATA_H

#include <stddef.h>

/* The most writable data copied: beyond it the copy would cost more than
 * what it serves, and the operations are not paired. */
#define RWDATA_MAX_BYTES (64u << 20)

/* One writable range of the library. */
struct rwdata_range {
    unsigned char *start;
    size_t len;
};

struct rwdata {
    size_t nranges, bytes;
    struct rwdata_range *range; /* one per writable segment, as many as it has */
    unsigned char *copy;
};

/* Find the writable data of the library loaded as LIB (a dlopen handle);
 * 0, or -1 when it cannot be found or exceeds RWDATA_MAX_BYTES. */
int rwdata_open(struct rwdata *d, void *lib);

/* Copy the data aside. */
void rwdata_save(struct rwdata *d);

/* Put the copy back. */
void rwdata_restore(const struct rwdata *d);

/* Free the copy. */
void rwdata_close(struct rwdata *d);

#endif
