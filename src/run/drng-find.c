/* drng-find.c - DRNG contexts of a scheme's own, from its DWARF. */
#include "config.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run/drng-find.h"

/* Whether the type of DIE is the typedef DRNG_ctx, through qualifiers. */
static int drng_is_ctx_type(Dwarf_Die *die)
{
    Dwarf_Attribute at;
    Dwarf_Die type = *die;

    while (dwarf_attr_integrate(&type, DW_AT_type, &at) != NULL &&
           dwarf_formref_die(&at, &type) != NULL) {
        int tag = dwarf_tag(&type);
        const char *name = dwarf_diename(&type);

        if (tag == DW_TAG_typedef && name != NULL && strcmp(name, "DRNG_ctx") == 0)
            return 1;
        if (tag != DW_TAG_const_type && tag != DW_TAG_volatile_type && tag != DW_TAG_typedef)
            return 0;
    }
    return 0;
}

/* The link-time address of a variable DIE located by one DW_OP_addr; 0
 * for a declaration or any other location. */
static Dwarf_Addr drng_var_addr(Dwarf_Die *die)
{
    Dwarf_Attribute at;
    Dwarf_Op *ops;
    size_t nops;

    if (dwarf_attr(die, DW_AT_location, &at) == NULL || dwarf_getlocation(&at, &ops, &nops) != 0 ||
        nops != 1 || ops[0].atom != DW_OP_addr)
        return 0;
    return ops[0].number;
}

/* Whether LIST already holds a context at ADDR (a variable described in
 * several units). */
static int drng_listed(json_t *list, Dwarf_Addr addr)
{
    json_t *c;
    size_t i;

    json_array_foreach(list, i, c) if ((Dwarf_Addr)json_integer_value(
                                           json_object_get(c, "vaddr")) == addr) return 1;
    return 0;
}

/* Add the DRNG_ctx variables under DIE (file scope, or static in a
 * function or block) to LIST. */
static void drng_walk(Dwarf_Die *die, json_t *list)
{
    Dwarf_Die child;

    if (dwarf_child(die, &child) != 0)
        return;
    do {
        int tag = dwarf_tag(&child);
        const char *name = dwarf_diename(&child);
        Dwarf_Addr addr;

        if (tag == DW_TAG_variable && name != NULL && strcmp(name, "drng_algorithm") != 0 &&
            drng_is_ctx_type(&child) && (addr = drng_var_addr(&child)) != 0 &&
            !drng_listed(list, addr))
            json_array_append_new(list,
                                  json_pack("{s:s, s:I}", "name", name, "vaddr", (json_int_t)addr));
        else if (tag == DW_TAG_subprogram || tag == DW_TAG_lexical_block)
            drng_walk(&child, list);
    } while (dwarf_siblingof(&child, &child) == 0);
}

/* The private DRNG_ctx variables of the library at PATH. */
json_t *drng_find_private(const char *path)
{
    json_t *list = json_array();
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    Dwarf *dw = fd >= 0 ? dwarf_begin(fd, DWARF_C_READ) : NULL;
    Dwarf_Off off = 0, next;
    size_t header;

    while (dw != NULL && dwarf_nextcu(dw, off, &next, &header, NULL, NULL, NULL) == 0) {
        Dwarf_Die cu;

        if (dwarf_offdie(dw, off + header, &cu) != NULL)
            drng_walk(&cu, list);
        off = next;
    }
    if (dw != NULL)
        dwarf_end(dw);
    if (fd >= 0)
        close(fd);
    return list;
}

static char *drng_debuginfo_path;

static const Dwfl_Callbacks drng_callbacks = {
    .find_elf = dwfl_build_id_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .section_address = dwfl_offline_section_address,
    .debuginfo_path = &drng_debuginfo_path,
};

/* The data symbol of OBJECT holding OFFSET, from its symbol table (local
 * symbols included, so a static context is named). */
char *drng_symbol_at(const char *object, uint64_t offset)
{
    Dwfl *dwfl;
    Dwfl_Module *mod;
    GElf_Off sym_off;
    GElf_Sym sym;
    const char *name = NULL;
    char *copy = NULL;

    if (object == NULL || (dwfl = dwfl_begin(&drng_callbacks)) == NULL)
        return NULL;
    dwfl_report_begin(dwfl);
    mod = dwfl_report_elf(dwfl, object, object, -1, 0, false);
    dwfl_report_end(dwfl, NULL, NULL);
    if (mod != NULL)
        name = dwfl_module_addrinfo(mod, offset, &sym_off, &sym, NULL, NULL, NULL);
    if (name != NULL && GELF_ST_TYPE(sym.st_info) == STT_OBJECT)
        copy = strdup(name);
    dwfl_end(dwfl);
    return copy;
}
