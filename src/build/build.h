/* build.h - building the instances of a plan: each compiled once under the
 * guide flags (or the lenient ones when those fail), its objects read
 * (programs, duplicates, the DRNG global, the helpers, the API), then
 * linked plain and profiled, with build.json for the driver.  Instances
 * build side by side; one failing does not stop the others. */
#ifndef ICCSPROF_BUILD_H
#define ICCSPROF_BUILD_H

#include <jansson.h>
#include <stdbool.h>

#include "plan/plan.h"
#include "util/strlist.h"

struct build_settings {
    struct strlist cc; /* the compiler command */
    char *compiler;    /* its first --version line */
    const char *cflags, *strict_cflags, *lenient_cflags, *sanitizer_cflags;
    const char *wrap_archive; /* libiccswrap.a */
    const char *wrap_libs;    /* what it needs after it */
    int jobs;
    bool link;                   /* false: stop once the objects are read (the plan) */
    double compile_seconds;      /* each compiler's time-out; 0: none */
    unsigned compile_memory_mib; /* each compiler's address space; 0: no limit */
};

/* What the objects of an instance say. */
struct build_findings {
    struct strlist programs; /* sources whose object defines main */
    struct strlist library;  /* the others: the library's sources */
    struct strlist wraps;    /* helpers the library defines */
    char *drng_global;       /* package, supplied or NULL */
    char *drng_file;         /* where the package defines it */
    char *drng_user;         /* supplied: the first library source using it */
    char *type, *type_file;  /* sig, kem or kex, and the file defining its entry */
    const char *type_entry;  /* sig_keygen, kem_keygen or kex_init_a */
    struct strlist errors;   /* why it cannot link */
    char *needs_common;      /* zero-filled globals that clash: "x in a.c and b.c" */
};

/* The line the profiled library's layout is compared in: a cache line,
 * and the widest fetch and decode window of current x86-64 and AArch64
 * cores. */
#define BUILD_ALIGN_LINE 64

struct build_result {
    bool ok, analysed, rebuilt;
    char *mode;                  /* guide or lenient */
    char *cflags;                /* the flags of that mode, without include folders */
    char *message;               /* the outcome, one or more lines */
    char *level, *level_from;    /* the level macro used, and where it was read */
    struct strlist left_out;     /* programs that do not compile */
    struct strlist left_out_why; /* the first error of each */
    struct strlist notes;
    int warnings;
    double seconds;
    /* Where the scheme's code lies in the profiled library against the
     * plain one (build-align.c): known once both linked, the padding put
     * before the scheme's objects and the share of its code at the plain
     * library's offset in a line. */
    bool layout_known;
    unsigned layout_pad;
    double layout_aligned;
    char *layout_why; /* why the layout is not known, once the libraries linked */
    struct build_findings f;
};

/* Build every instance of P into R[P->n], each from its build file's
 * sources, or from the autodetected ones where those do not build (the
 * instance's source sets swapped, its description saying why); 0, or -1
 * when a signal stopped the build (nothing half written is left). */
int build_all(struct plan *p, const struct build_settings *s, struct build_result *r);

/* The defines the build file gives the sources of I, each once, in
 * order (into OUT). */
void build_package_defines(const struct plan_instance *i, struct strlist *out);

/* The compile command of source SRC of I in MODE into OBJ: the build's
 * own, and a hash package's (hashpkg.c). */
void build_compile_argv(const struct build_settings *s, const struct plan_instance *i,
                        const char *mode, const char *level, const struct plan_source *src,
                        const char *obj, struct strlist *argv);

/* Free the results R[N]. */
void build_results_free(struct build_result *r, size_t n);

/* Read the objects NAMES (relative to DIR) of instance I into F: which
 * define main, which symbols two define, the DRNG global, the helpers
 * and the API; CONF names the descriptor the suggested lines go to. */
void build_analyze(const struct plan_instance *i, const char *dir, const struct strlist *objs,
                   const struct strlist *names, bool guide, const char *conf,
                   struct build_findings *f);

/* Free findings. */
void build_findings_free(struct build_findings *f);

/* The build.json document of instance I built as R. */
json_t *build_record(const struct plan *p, const struct plan_instance *i,
                     const struct build_result *r, const struct build_settings *s,
                     json_t *coverage);

/* Print the plan of P with the results R for a person (stdout); 1 when an
 * instance cannot build, else 0. */
int build_show_plan(const struct plan *p, const struct build_settings *s,
                    const struct build_result *r);

#endif
