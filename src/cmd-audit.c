/* cmd-audit.c - `iccsprof audit [--json] OBJECT...`: which helper calls
 * --wrap cannot see.
 *
 * --wrap rewrites only undefined references, so a call from inside the
 * object that defines a helper (or to a static copy of one) is never
 * wrapped.  For every helper this finds the objects that define it, and in
 * those the relocations that reference it: each is an invisible call site. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "iccsprof/wrap.h"
#include "regfile.h"

static const char *const audit_helper[ICCSPROF_NHELPERS] = ICCSPROF_HELPER_NAMES;

struct audit_result {
    json_t *defined_by[ICCSPROF_NHELPERS]; /* arrays of object names */
    json_t *internal;                      /* {helper, object, references} */
};

/* Index of the helper a symbol names, or -1.  A local symbol may carry a
 * compiler clone suffix (sm3hash.constprop.0, .isra.0, .part.0): it is
 * still a private copy of the helper, callable from its object.  A .cold
 * part is not: it is the helper's own out-of-line error path, entered
 * only from the helper itself. */
static int audit_helper_index(const char *name, int local)
{
    const char *dot = local ? strchr(name, '.') : NULL;
    size_t len = dot != NULL ? (size_t)(dot - name) : strlen(name);

    if (dot != NULL && strncmp(dot, ".cold", 5) == 0)
        return -1;

    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        if (strlen(audit_helper[h]) == len && strncmp(name, audit_helper[h], len) == 0)
            return h;
    return -1;
}

/* The symbol table section of an object, or NULL. */
static Elf_Scn *audit_symtab(Elf *elf, GElf_Shdr *shdr)
{
    for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn != NULL; scn = elf_nextscn(elf, scn))
        if (gelf_getshdr(scn, shdr) != NULL && shdr->sh_type == SHT_SYMTAB)
            return scn;
    return NULL;
}

/* Count relocations against symbol index SYM in every relocation section. */
static long audit_references(Elf *elf, size_t sym)
{
    long n = 0;

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
            if (info != 0 && GELF_R_SYM(info) == sym)
                n++;
        }
    }
    return n;
}

/* Audit one object file into R; -1 with a message when it is not ELF. */
static int audit_object(const char *path, struct audit_result *r)
{
    char why[256];
    int fd = regfile_open(path, why, sizeof why), rc = -1;
    Elf *elf = NULL;
    GElf_Shdr shdr;
    Elf_Scn *scn;
    Elf_Data *data;

    if (fd < 0) {
        cmd_error("%s: %s", path, why);
        return -1;
    }
    elf = elf_begin(fd, ELF_C_READ, NULL);
    if (elf == NULL || elf_kind(elf) != ELF_K_ELF) {
        cmd_error("%s: not an ELF object", path);
        goto out;
    }
    rc = 0;
    if ((scn = audit_symtab(elf, &shdr)) == NULL || (data = elf_getdata(scn, NULL)) == NULL)
        goto out;
    for (size_t i = 0; i < shdr.sh_size / shdr.sh_entsize; i++) {
        GElf_Sym sym;
        const char *name;
        int h;
        long refs;

        if (gelf_getsym(data, (int)i, &sym) == NULL || sym.st_shndx == SHN_UNDEF ||
            (name = elf_strptr(elf, shdr.sh_link, sym.st_name)) == NULL ||
            (h = audit_helper_index(name, GELF_ST_BIND(sym.st_info) == STB_LOCAL)) < 0)
            continue;
        if (GELF_ST_BIND(sym.st_info) != STB_LOCAL)
            json_array_append_new(r->defined_by[h], json_string(path));
        refs = audit_references(elf, i);
        /* a static copy is invisible even without a reference to it here */
        if (refs > 0 || GELF_ST_BIND(sym.st_info) == STB_LOCAL)
            json_array_append_new(r->internal,
                                  json_pack("{s:s, s:s, s:I, s:b}", "helper", audit_helper[h],
                                            "object", path, "references", (json_int_t)refs,
                                            "static", GELF_ST_BIND(sym.st_info) == STB_LOCAL));
    }
out:
    if (elf != NULL)
        elf_end(elf);
    close(fd);
    return rc;
}

/* The coverage object of a profile record. */
static json_t *audit_coverage(const struct audit_result *r)
{
    json_t *wrapped = json_array(), *undefined = json_array();

    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        json_array_append_new(json_array_size(r->defined_by[h]) ? wrapped : undefined,
                              json_string(audit_helper[h]));
    return json_pack("{s:b, s:o, s:o, s:O}", "complete", json_array_size(r->internal) == 0,
                     "wrapped", wrapped, "undefined", undefined, "internal_calls", r->internal);
}

/* Print the result for a person. */
static void audit_print_text(const struct audit_result *r)
{
    size_t i;
    json_t *call;

    for (int h = 0; h < ICCSPROF_NHELPERS; h++) {
        printf("%-18s ", audit_helper[h]);
        if (json_array_size(r->defined_by[h]) == 0)
            printf("not defined\n");
        else
            printf("defined in %s\n", json_string_value(json_array_get(r->defined_by[h], 0)));
    }
    json_array_foreach(r->internal, i, call)
        printf("invisible to --wrap: %s in %s (%lld references%s)\n",
               json_string_value(json_object_get(call, "helper")),
               json_string_value(json_object_get(call, "object")),
               (long long)json_integer_value(json_object_get(call, "references")),
               json_is_true(json_object_get(call, "static")) ? ", static copy" : "");
    printf("coverage: %s\n", json_array_size(r->internal) == 0 ? "complete" : "partial");
}

enum { AUDIT_JSON };

static const struct cmd_option audit_options[] = {
    [AUDIT_JSON] = {.name = "json",
                    .kind = CMD_OPT_FLAG,
                    .help = "print the coverage as the JSON object build.json embeds"},
    {0},
};

/* Audit the objects named on the command line. */
static int cmd_audit_exec(const struct cmd_args *args)
{
    struct audit_result r;
    int as_json = args->opt[AUDIT_JSON].given > 0, status = EXIT_OK;
    json_t *coverage;

    if (args->argc == 0)
        return cmd_usage_error(&cmd_audit_entry, "no object files given");
    if (elf_version(EV_CURRENT) == EV_NONE) {
        cmd_error("libelf: %s", elf_errmsg(-1));
        return EXIT_FAIL;
    }
    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        r.defined_by[h] = json_array();
    r.internal = json_array();
    for (int i = 0; i < args->argc && status == EXIT_OK; i++)
        if (audit_object(args->argv[i], &r) != 0)
            status = EXIT_USAGE;
    if (status == EXIT_OK) {
        if (as_json) {
            coverage = audit_coverage(&r);
            json_dumpf(coverage, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
            putchar('\n');
            json_decref(coverage);
        } else {
            audit_print_text(&r);
        }
    }
    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        json_decref(r.defined_by[h]);
    json_decref(r.internal);
    return status;
}

const struct cmd_entry cmd_audit_entry = {
    .name = "audit",
    .operands = "OBJECT...",
    .summary = "list the ICCS helper calls that --wrap cannot see in a set of objects",
    .options = audit_options,
    .exec = cmd_audit_exec,
};
