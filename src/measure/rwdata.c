/* rwdata.c - saving and restoring a library's writable data. */
#include "config.h"

#include <dlfcn.h>
#include <link.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "measure/rwdata.h"

/* What dl_iterate_phdr looks for and what it finds. */
struct rwdata_search {
    uintptr_t base;
    struct rwdata *d;
    int found, no_memory;
};

/* Keep the writable PT_LOAD ranges of the object loaded at the searched
 * base, less its PT_GNU_RELRO range, which is read-only once relocated. */
static int rwdata_object(struct dl_phdr_info *info, size_t size, void *arg)
{
    struct rwdata_search *q = arg;
    uintptr_t relro = 0, relro_end = 0;

    (void)size;
    if (info->dlpi_addr != q->base)
        return 0;
    q->found = 1;
    /* room for every segment: no table size decides what is copied */
    if ((q->d->range = calloc(info->dlpi_phnum, sizeof *q->d->range)) == NULL) {
        q->no_memory = 1;
        return 1;
    }
    for (int i = 0; i < info->dlpi_phnum; i++)
        if (info->dlpi_phdr[i].p_type == PT_GNU_RELRO) {
            relro = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr;
            relro_end = relro + info->dlpi_phdr[i].p_memsz;
        }
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        uintptr_t start = info->dlpi_addr + ph->p_vaddr, end = start + ph->p_memsz;

        if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_W))
            continue;
        /* RELRO covers the start of the writable segment */
        if (relro <= start && start < relro_end)
            start = relro_end;
        if (start >= end)
            continue;
        q->d->range[q->d->nranges].start = (unsigned char *)start;
        q->d->range[q->d->nranges++].len = end - start;
        q->d->bytes += end - start;
    }
    return 1;
}

/* Find the writable data of LIB and make room for its copy. */
int rwdata_open(struct rwdata *d, void *lib)
{
    struct link_map *map;
    struct rwdata_search q = {0, d, 0, 0};

    memset(d, 0, sizeof *d);
    if (dlinfo(lib, RTLD_DI_LINKMAP, &map) != 0)
        return -1;
    q.base = map->l_addr;
    dl_iterate_phdr(rwdata_object, &q);
    if (!q.found || q.no_memory || d->bytes == 0 || d->bytes > RWDATA_MAX_BYTES ||
        (d->copy = malloc(d->bytes)) == NULL) {
        free(d->range);
        d->range = NULL;
        d->nranges = 0;
        return -1;
    }
    return 0;
}

/* Copy LEN bytes word by word.  Not memcpy: a sanitized build would check
 * the copy against the red zones AddressSanitizer keeps between the
 * library's globals, which are part of its data and must be copied too. */
static __attribute__((no_sanitize("address", "undefined"))) void
rwdata_copy(unsigned char *dst, const unsigned char *src, size_t len)
{
    volatile uint64_t *dw = (volatile uint64_t *)(void *)dst;
    const volatile uint64_t *sw = (const volatile uint64_t *)(const void *)src;
    size_t words = len / sizeof(uint64_t);

    for (size_t i = 0; i < words; i++)
        dw[i] = sw[i];
    for (size_t i = words * sizeof(uint64_t); i < len; i++)
        ((volatile unsigned char *)dst)[i] = ((const volatile unsigned char *)src)[i];
}

/* Copy the data aside. */
void rwdata_save(struct rwdata *d)
{
    unsigned char *p = d->copy;

    for (size_t i = 0; i < d->nranges; i++) {
        rwdata_copy(p, d->range[i].start, d->range[i].len);
        p += d->range[i].len;
    }
}

/* Put the copy back. */
void rwdata_restore(const struct rwdata *d)
{
    const unsigned char *p = d->copy;

    for (size_t i = 0; i < d->nranges; i++) {
        rwdata_copy(d->range[i].start, p, d->range[i].len);
        p += d->range[i].len;
    }
}

/* Free the copy. */
void rwdata_close(struct rwdata *d)
{
    free(d->copy);
    free(d->range);
    d->copy = NULL;
    d->range = NULL;
}
