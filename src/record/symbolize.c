/* symbolize.c - call-site addresses to names and lines with libdwfl. */
#include "config.h"

#include <elfutils/libdwfl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/regfile.h"
#include "record/symbolize.h"

struct symbolizer_object {
    char *path;
    Dwfl *dwfl;
    Dwfl_Module *module; /* NULL when the file could not be read */
};

struct symbolizer {
    struct symbolizer_object *objects;
    size_t count;
};

static char *symbolizer_debuginfo_path;

static const Dwfl_Callbacks symbolizer_callbacks = {
    .find_elf = dwfl_build_id_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .section_address = dwfl_offline_section_address,
    .debuginfo_path = &symbolizer_debuginfo_path,
};

/* A resolver that opens each object once. */
struct symbolizer *symbolizer_new(void)
{
    return calloc(1, sizeof(struct symbolizer));
}

/* The object at PATH, opened at load bias 0 so that module addresses are
 * the file's own: the offsets the measuring process reported. */
static struct symbolizer_object *symbolizer_object(struct symbolizer *sym, const char *path)
{
    struct symbolizer_object *o;
    char why[256];
    int fd;

    for (size_t i = 0; i < sym->count; i++)
        if (strcmp(sym->objects[i].path, path) == 0)
            return &sym->objects[i];
    o = realloc(sym->objects, (sym->count + 1) * sizeof *o);
    if (o == NULL)
        return NULL;
    sym->objects = o;
    o = &sym->objects[sym->count++];
    o->path = strdup(path);
    o->module = NULL;
    o->dwfl = dwfl_begin(&symbolizer_callbacks);
    /* the path comes from the measuring process: only a regular file is
     * opened, a FIFO there would block the tool */
    if ((fd = regfile_open(path, why, sizeof why)) >= 0)
        close(fd);
    if (o->dwfl != NULL && fd >= 0) {
        dwfl_report_begin(o->dwfl);
        o->module = dwfl_report_elf(o->dwfl, path, path, -1, 0, false);
        dwfl_report_end(o->dwfl, NULL, NULL);
    }
    return o;
}

/* Resolve the return address at OFFSET in OBJECT into FRAME.  The
 * address after a call may already be the next function's first byte
 * (a call to a function that does not return), so the byte before it is
 * the one looked up. */
void symbolizer_resolve(struct symbolizer *sym, const char *object, uint64_t offset, json_t *frame)
{
    struct symbolizer_object *o = object != NULL ? symbolizer_object(sym, object) : NULL;
    const char *name = NULL, *file = NULL;
    GElf_Off off = 0;
    GElf_Sym elfsym;
    Dwfl_Line *line;
    int lineno = 0;

    if (o != NULL && o->module != NULL && offset > 0) {
        name = dwfl_module_addrinfo(o->module, offset - 1, &off, &elfsym, NULL, NULL, NULL);
        if ((line = dwfl_module_getsrc(o->module, offset - 1)) != NULL)
            file = dwfl_lineinfo(line, NULL, &lineno, NULL, NULL, NULL);
    }
    json_object_set_new(frame, "function", name != NULL ? json_string(name) : json_null());
    json_object_set_new(frame, "function_offset",
                        name != NULL ? json_integer((json_int_t)off + 1) : json_null());
    json_object_set_new(frame, "file", file != NULL ? json_string(file) : json_null());
    json_object_set_new(frame, "line", file != NULL ? json_integer(lineno) : json_null());
}

/* Close every object. */
void symbolizer_free(struct symbolizer *sym)
{
    if (sym == NULL)
        return;
    for (size_t i = 0; i < sym->count; i++) {
        if (sym->objects[i].dwfl != NULL)
            dwfl_end(sym->objects[i].dwfl);
        free(sym->objects[i].path);
    }
    free(sym->objects);
    free(sym);
}
