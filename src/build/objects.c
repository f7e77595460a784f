/* objects.c - the symbols of a relocatable object, read with libelf. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build/objects.h"
#include "util/regfile.h"
#include "util/strlist.h"

/* The symbol table section of an object, or NULL. */
static Elf_Scn *obj_symtab(Elf *elf, GElf_Shdr *shdr)
{
    for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn != NULL; scn = elf_nextscn(elf, scn))
        if (gelf_getshdr(scn, shdr) != NULL && shdr->sh_type == SHT_SYMTAB)
            return scn;
    return NULL;
}

/* Count into REFS[NSYMS] the relocations against each symbol index. */
static void obj_count_references(Elf *elf, long *refs, size_t nsyms)
{
    for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn != NULL; scn = elf_nextscn(elf, scn)) {
        GElf_Shdr shdr;
        Elf_Data *data;

        if (gelf_getshdr(scn, &shdr) == NULL ||
            (shdr.sh_type != SHT_RELA && shdr.sh_type != SHT_REL) || shdr.sh_entsize == 0)
            continue;
        data = elf_getdata(scn, NULL);
        for (size_t i = 0; data != NULL && i < shdr.sh_size / shdr.sh_entsize; i++) {
            GElf_Rela rela;
            GElf_Rel rel;
            uint64_t info;

            if (shdr.sh_type == SHT_RELA)
                info = gelf_getrela(data, (int)i, &rela) ? rela.r_info : 0;
            else
                info = gelf_getrel(data, (int)i, &rel) ? rel.r_info : 0;
            if (info != 0 && GELF_R_SYM(info) < nsyms)
                refs[GELF_R_SYM(info)]++;
        }
    }
}

/* Where the defined symbol SYM lives. */
static enum obj_storage obj_storage_of(Elf *elf, const GElf_Sym *sym)
{
    GElf_Shdr shdr;
    Elf_Scn *scn;

    if (sym->st_shndx == SHN_UNDEF)
        return OBJ_UNDEFINED;
    if (sym->st_shndx == SHN_COMMON)
        return OBJ_COMMON;
    if (GELF_ST_TYPE(sym->st_info) == STT_FUNC || GELF_ST_TYPE(sym->st_info) == STT_GNU_IFUNC)
        return OBJ_CODE;
    if (sym->st_shndx < SHN_LORESERVE && (scn = elf_getscn(elf, sym->st_shndx)) != NULL &&
        gelf_getshdr(scn, &shdr) != NULL) {
        if (shdr.sh_type == SHT_NOBITS)
            return OBJ_ZERO;
        if (shdr.sh_flags & SHF_EXECINSTR)
            return OBJ_CODE;
    }
    return OBJ_DATA;
}

/* Fill OUT from the symbol table of ELF; the section and file symbols
 * and the null entry are left out. */
static void obj_take_symbols(Elf *elf, Elf_Scn *scn, const GElf_Shdr *shdr, struct obj_file *out)
{
    Elf_Data *data = elf_getdata(scn, NULL);
    size_t nsyms = shdr->sh_entsize != 0 ? shdr->sh_size / shdr->sh_entsize : 0;
    long *refs;

    if (data == NULL || nsyms == 0)
        return;
    refs = calloc(nsyms, sizeof *refs);
    out->syms = xmalloc(nsyms * sizeof *out->syms);
    if (refs == NULL)
        abort();
    obj_count_references(elf, refs, nsyms);
    for (size_t i = 1; i < nsyms; i++) {
        GElf_Sym sym;
        const char *name;
        struct obj_symbol *s;

        if (gelf_getsym(data, (int)i, &sym) == NULL || GELF_ST_TYPE(sym.st_info) == STT_SECTION ||
            GELF_ST_TYPE(sym.st_info) == STT_FILE ||
            (name = elf_strptr(elf, shdr->sh_link, sym.st_name)) == NULL || name[0] == '\0')
            continue;
        s = &out->syms[out->n++];
        s->name = xstrdup(name);
        s->storage = obj_storage_of(elf, &sym);
        s->local = GELF_ST_BIND(sym.st_info) == STB_LOCAL;
        s->weak = GELF_ST_BIND(sym.st_info) == STB_WEAK;
        s->size = sym.st_size;
        s->value = sym.st_value;
        s->references = refs[i];
    }
    free(refs);
}

/* Open the object at PATH with libelf: its descriptor in *FD and its ELF
 * handle, or NULL with a reason in ERR (nothing left open). */
static Elf *obj_open(const char *path, int *fd, char *err, size_t errlen)
{
    Elf *elf;

    if ((*fd = regfile_open(path, err, errlen)) < 0)
        return NULL;
    if (elf_version(EV_CURRENT) == EV_NONE) {
        snprintf(err, errlen, "libelf: %s", elf_errmsg(-1));
        close(*fd);
        return NULL;
    }
    elf = elf_begin(*fd, ELF_C_READ, NULL);
    if (elf == NULL || elf_kind(elf) != ELF_K_ELF) {
        snprintf(err, errlen, "not an ELF object");
        if (elf != NULL)
            elf_end(elf);
        close(*fd);
        return NULL;
    }
    return elf;
}

/* Read the symbol table of the object at PATH into OUT. */
int obj_read(const char *path, struct obj_file *out, char *err, size_t errlen)
{
    int fd;
    Elf *elf = obj_open(path, &fd, err, errlen);
    GElf_Shdr shdr;
    Elf_Scn *scn;

    out->syms = NULL;
    out->n = 0;
    if (elf == NULL)
        return -1;
    if ((scn = obj_symtab(elf, &shdr)) != NULL)
        obj_take_symbols(elf, scn, &shdr, out);
    elf_end(elf);
    close(fd);
    return 0;
}

/* PATTERN's bytes in BUF (at least 8 bytes): its own bytes, or its value
 * in WIDTH bytes of the byte order ELF stores numbers in. */
static const unsigned char *obj_pattern_bytes(const struct obj_pattern *p, Elf *elf,
                                              unsigned char *buf)
{
    const char *ident = elf_getident(elf, NULL);
    bool big = ident != NULL && ident[EI_DATA] == ELFDATA2MSB;

    if (p->bytes != NULL)
        return p->bytes;
    for (unsigned i = 0; i < p->width; i++)
        buf[big ? p->width - 1 - i : i] = (unsigned char)(p->value >> (8 * i));
    return buf;
}

/* Mark which of the N PATTERNS occur in the loaded contents of the object
 * at PATH. */
int obj_find_patterns(const char *path, const struct obj_pattern *patterns, size_t n, bool *found,
                      char *err, size_t errlen)
{
    int fd;
    Elf *elf = obj_open(path, &fd, err, errlen);
    unsigned char buf[8];

    for (size_t k = 0; k < n; k++)
        found[k] = false;
    if (elf == NULL)
        return -1;
    for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn != NULL; scn = elf_nextscn(elf, scn)) {
        GElf_Shdr shdr;
        Elf_Data *data;

        /* code and data only: debugging sections name constants that
         * nothing may use */
        if (gelf_getshdr(scn, &shdr) == NULL || shdr.sh_type != SHT_PROGBITS ||
            !(shdr.sh_flags & SHF_ALLOC) || (data = elf_getdata(scn, NULL)) == NULL ||
            data->d_buf == NULL)
            continue;
        for (size_t k = 0; k < n; k++) {
            size_t len = patterns[k].bytes != NULL ? patterns[k].len : patterns[k].width;

            found[k] |= memmem(data->d_buf, data->d_size, obj_pattern_bytes(&patterns[k], elf, buf),
                               len) != NULL;
        }
    }
    elf_end(elf);
    close(fd);
    return 0;
}

/* Free what obj_read filled in. */
void obj_free(struct obj_file *obj)
{
    for (size_t i = 0; i < obj->n; i++)
        free(obj->syms[i].name);
    free(obj->syms);
    obj->syms = NULL;
    obj->n = 0;
}

/* The symbol NAME the object defines with global binding, or NULL. */
const struct obj_symbol *obj_defines(const struct obj_file *obj, const char *name)
{
    for (size_t i = 0; i < obj->n; i++)
        if (!obj->syms[i].local && obj->syms[i].storage != OBJ_UNDEFINED &&
            strcmp(obj->syms[i].name, name) == 0)
            return &obj->syms[i];
    return NULL;
}

/* Whether the object really uses NAME from elsewhere. */
bool obj_uses(const struct obj_file *obj, const char *name)
{
    for (size_t i = 0; i < obj->n; i++)
        if (obj->syms[i].storage == OBJ_UNDEFINED && obj->syms[i].references > 0 &&
            strcmp(obj->syms[i].name, name) == 0)
            return true;
    return false;
}
