/* build-align.c - the scheme's code at the same place in a cache line in
 * the profiled library as in the plain one.
 *
 * The profiled library holds more before the scheme's code than the plain
 * one (a larger PLT, the wrappers' cold and exit code), so every function
 * of the scheme may start at another offset in its 64-byte line; a loop
 * that then straddles one more line or decoder window runs at another
 * speed, and the profiled build's time measures a different layout of the
 * scheme as well as the wrappers.  On MLWE-KEM-512 that was up to 0.6 %
 * of an operation (bench part 2).  So the build reads where the scheme's
 * functions landed in both libraries and, when most of its code is
 * shifted, links the profiled one again with padding before the scheme's
 * objects: a file of its own (lib<instance>.prof.pad.s) that the link
 * command names, so that a later build links the same way. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build/build-stages.h"
#include "build/objects.h"
#include "util/build-files.h"

/* Index of the function NAME in OBJ, or -1 when OBJ does not define it
 * exactly once (two local functions of one name cannot be told apart). */
static long align_find(const struct obj_file *obj, const char *name)
{
    long found = -1;

    for (size_t k = 0; k < obj->n; k++)
        if (obj->syms[k].storage == OBJ_CODE && obj->syms[k].size != 0 &&
            strcmp(obj->syms[k].name, name) == 0) {
            if (found >= 0)
                return -1;
            found = (long)k;
        }
    return found;
}

/* Bytes of code of the functions NAMES (the scheme's) that both PLAIN and
 * PROF define, per shift (the plain address less the profiled one, modulo
 * the line) into BYTES[BUILD_ALIGN_LINE]; their total. */
static uint64_t align_histogram(const struct obj_file *plain, const struct obj_file *prof,
                                const struct strlist *names, uint64_t *bytes)
{
    uint64_t total = 0;

    memset(bytes, 0, BUILD_ALIGN_LINE * sizeof *bytes);
    for (size_t k = 0; k < plain->n; k++) {
        const struct obj_symbol *a = &plain->syms[k];
        long b;

        if (a->storage != OBJ_CODE || a->size == 0 || !strlist_has(names, a->name) ||
            align_find(plain, a->name) != (long)k || (b = align_find(prof, a->name)) < 0)
            continue;
        bytes[(a->value - prof->syms[b].value) % BUILD_ALIGN_LINE] += a->size;
        total += a->size;
    }
    return total;
}

/* The functions the objects OBJS (relative to DIR) define into NAMES:
 * the scheme's code, which the layout is judged by (the C runtime's and
 * the wrappers' are not). */
void build_align_functions(const char *dir, const struct strlist *objs, struct strlist *names)
{
    for (size_t k = 0; k < objs->n; k++) {
        char *path = xasprintf("%s/%s", dir, objs->v[k]), err[256];
        struct obj_file obj;

        if (obj_read(path, &obj, err, sizeof err) == 0) {
            for (size_t i = 0; i < obj.n; i++)
                if (obj.syms[i].storage == OBJ_CODE && obj.syms[i].size != 0 &&
                    !strlist_has(names, obj.syms[i].name))
                    strlist_add(names, obj.syms[i].name);
            obj_free(&obj);
        }
        free(path);
    }
}

/* Compare where the functions NAMES of the plain library PLAIN landed in
 * the profiled one PROF: the shift that puts most of their code back at
 * its offset in a line into *SHIFT, and the share of their code already
 * there into *ALIGNED.  0, or -1 with a reason in ERR. */
int build_align_shift(const char *plain, const char *prof, const struct strlist *names,
                      unsigned *shift, double *aligned, char *err, size_t errlen)
{
    struct obj_file a, b;
    uint64_t bytes[BUILD_ALIGN_LINE], total;
    unsigned best = 0;

    if (obj_read(plain, &a, err, errlen) != 0)
        return -1;
    if (obj_read(prof, &b, err, errlen) != 0) {
        obj_free(&a);
        return -1;
    }
    total = align_histogram(&a, &b, names, bytes);
    obj_free(&a);
    obj_free(&b);
    if (total == 0) {
        snprintf(err, errlen, "no function of the scheme's objects is found in both libraries");
        return -1;
    }
    for (unsigned d = 1; d < BUILD_ALIGN_LINE; d++)
        if (bytes[d] > bytes[best])
            best = d;
    *shift = best;
    *aligned = (double)bytes[0] / (double)total;
    return 0;
}

/* The padding file of the profiled library OUT (lib<instance>.prof.so),
 * newly allocated. */
char *build_align_pad_path(const char *out)
{
    size_t n = strlen(out);

    return xasprintf("%.*s.pad.s", (int)(n > 3 ? n - 3 : n), out);
}

/* The padding the file PATH holds, in bytes: 0 when there is none. */
unsigned build_align_pad_of(const char *path)
{
    char *text = file_read(path);
    const char *skip = text != NULL ? strstr(text, ".skip ") : NULL;
    unsigned pad = skip != NULL ? (unsigned)strtoul(skip + strlen(".skip "), NULL, 10) : 0;

    free(text);
    return pad % BUILD_ALIGN_LINE;
}

/* Make PATH hold PAD bytes of padding for the text section (no file for
 * none), the stack marked not executable as a compiled object's is; 0,
 * or -1 with errno set. */
int build_align_set_pad(const char *path, unsigned pad)
{
    char *text;
    int rc;

    if (pad == 0)
        return unlink(path) == 0 || errno == ENOENT ? 0 : -1;
    text = xasprintf("\t.section .note.GNU-stack,\"\",%%progbits\n"
                     "\t.text\n"
                     "\t.skip %u\n",
                     pad);
    rc = file_replace(path, text);
    free(text);
    return rc;
}

/* The padding that puts the code back where the plain library has it,
 * from the current PAD and the SHIFT measured with it. */
unsigned build_align_next_pad(unsigned pad, unsigned shift)
{
    return (pad + shift) % BUILD_ALIGN_LINE;
}
