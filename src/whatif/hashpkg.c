/* hashpkg.c - building and checking an NGCC hash candidate package. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "util/build-files.h"
#include "build/build.h"
#include "util/message.h"
#include "whatif/hashpkg.h"
#include "kat/kat-exec.h"
#include "build/objects.h"
#include "paths.h"
#include "plan/plan.h"
#include "build/build-tools.h"
#include "util/strlist.h"

/* Each compiler call, link and the KAT program get at most this long. */
#define HASHPKG_TIMEOUT 120.0
/* Each compiler and linker's memory, as a scheme's compilers have it by
 * default. */
#define HASHPKG_COMPILE_MIB 4096
/* The KAT program's quota: each file it writes (its log too), and what
 * it leaves in its folder all together.  Its memory is not bound: a
 * sanitized build reserves more address space than any bound. */
#define HASHPKG_KAT_FILE_BYTES (64ull << 20)
#define HASHPKG_KAT_DIR_BYTES (256ull << 20)
#define HASHPKG_KAT_DIR_FILES 1024

/* The header every candidate's instance ships. */
#define HASHPKG_HEADER "CryptHash_AlgorithmInstance.h"

/* The limits of the compilers and the linker. */
static const struct kat_limits hashpkg_compile_limits = {.memory_mib = HASHPKG_COMPILE_MIB};

/* Run ARGV in DIR within LIMITS, its output to LOG; 0 when it exited
 * with 0, else -1 with the reason in WHY. */
static int hashpkg_exec(struct strlist *argv, const char *dir, const char *log,
                        const struct kat_limits *limits, char *why, size_t len)
{
    struct kat_exit ex;

    if (kat_exec_limited(argv->v, dir, log, log, HASHPKG_TIMEOUT, limits, &ex) != 0) {
        snprintf(why, len, "%s: %s", argv->v[0], strerror(errno));
        return -1;
    }
    if (ex.timed_out || ex.signal != 0 || ex.status != 0) {
        snprintf(why, len, "%s %s (log: %s)", argv->v[0],
                 ex.timed_out           ? "timed out"
                 : ex.over_quota        ? "left more in its folder than its quota"
                 : ex.signal == SIGXFSZ ? "wrote past the limit of one file"
                 : ex.signal            ? strsignal(ex.signal)
                                        : "failed",
                 log);
        return -1;
    }
    return 0;
}

/* The settings schemes are compiled with: ICCSPROF_CC, the guide flags
 * with their strict errors, and the lenient fallback. */
static void hashpkg_settings(struct build_settings *s)
{
    const char *cc = getenv("ICCSPROF_CC");

    memset(s, 0, sizeof *s);
    strlist_add_words(&s->cc, cc != NULL && cc[0] != '\0' ? cc : ICCSPROF_CC);
    s->cflags = PROFILE_CFLAGS;
    s->strict_cflags = PROFILE_STRICT_CFLAGS;
    s->lenient_cflags = PROFILE_LENIENT_CFLAGS;
    s->sanitizer_cflags = ICCSPROF_SANITIZER_CFLAGS;
}

/* Compile the sources of I into OBJ/ in MODE (guide or lenient) as a
 * scheme's are, I's build folder linking to its folder as src; 0, or -1
 * with WHY. */
static int hashpkg_compile(const struct build_settings *s, const struct plan_instance *i,
                           const char *obj, const char *mode, char *why, size_t len)
{
    char *src = xasprintf("%s/src", i->build);

    unlink(src);
    if (symlink(i->folder, src) != 0) {
        snprintf(why, len, "%s: %s", src, strerror(errno));
        free(src);
        return -1;
    }
    free(src);
    for (size_t k = 0; k < i->nsources; k++) {
        struct strlist argv = {0};
        char *log = xasprintf("%s/%s.log", obj, i->sources[k].obj);
        char *out = xasprintf("%s/%s", obj, i->sources[k].obj);
        int rc;

        build_compile_argv(s, i, mode, NULL, &i->sources[k], out, &argv);
        rc = hashpkg_exec(&argv, i->build, log, &hashpkg_compile_limits, why, len);
        strlist_free(&argv);
        free(log);
        free(out);
        if (rc != 0)
            return -1;
    }
    return 0;
}

/* Sort the objects of I in OBJ/ into the library's and the KAT program's
 * (the one defining main whose source names KAT); 0, or -1 with WHY. */
static int hashpkg_objects(const struct plan_instance *i, const char *obj, struct strlist *lib,
                           char **kat, char *why, size_t len)
{
    for (size_t k = 0; k < i->nsources; k++) {
        struct obj_file f;
        char *path = xasprintf("%s/%s", obj, i->sources[k].obj);

        if (obj_read(path, &f, why, len) != 0) {
            free(path);
            return -1;
        }
        if (obj_defines(&f, "main") == NULL)
            strlist_add(lib, path);
        else if (*kat == NULL && strstr(i->sources[k].name, "KAT") != NULL)
            *kat = xstrdup(path);
        obj_free(&f);
        free(path);
    }
    if (*kat == NULL)
        snprintf(why, len, "no KAT program (a KAT_CryptHash.c defining main)");
    return *kat != NULL ? 0 : -1;
}

/* Link OBJS (and MAIN, when not NULL) into OUT; 0, or -1 with WHY. */
static int hashpkg_link(const struct build_settings *s, const struct strlist *objs,
                        const char *main_obj, const char *out, const char *dir, char *why,
                        size_t len)
{
    struct strlist argv = {0};
    char *log = xasprintf("%s.log", out);
    int rc;

    strlist_extend(&argv, &s->cc);
    if (main_obj == NULL)
        strlist_add(&argv, "-shared");
    strlist_add(&argv, "-o");
    strlist_add(&argv, out);
    strlist_extend(&argv, objs);
    if (main_obj != NULL)
        strlist_add(&argv, main_obj);
    strlist_add(&argv, "-lm");
    rc = hashpkg_exec(&argv, dir, log, &hashpkg_compile_limits, why, len);
    strlist_free(&argv);
    free(log);
    return rc;
}

/* The DIGEST_BIT_LENGTH that I's candidate header defines, or 0. */
static unsigned hashpkg_digest_bits(const struct plan_instance *i)
{
    unsigned bits = 0;

    for (size_t k = 0; k < i->headers.n && bits == 0; k++) {
        const char *base = strrchr(i->headers.v[k], '/');
        char *path, line[512];
        FILE *f;

        if (strcmp(base != NULL ? base + 1 : i->headers.v[k], HASHPKG_HEADER) != 0)
            continue;
        path = xasprintf("%s/%s", i->folder, i->headers.v[k]);
        if ((f = fopen(path, "r")) != NULL) {
            while (fgets(line, sizeof line, f) != NULL)
                if (sscanf(line, " # define DIGEST_BIT_LENGTH %u", &bits) == 1)
                    break;
            fclose(f);
        }
        free(path);
    }
    return bits;
}

/* Whether files A and B hold the same bytes. */
static int hashpkg_same(const char *a, const char *b)
{
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    int ca, cb, same = fa != NULL && fb != NULL;

    while (same && ((ca = getc(fa)) != EOF) | ((cb = getc(fb)) != EOF))
        same = ca == cb;
    if (fa != NULL)
        fclose(fa);
    if (fb != NULL)
        fclose(fb);
    return same;
}

/* Compare the KAT files the program wrote under RUN with the ones of the
 * same name the package P ships; 0 when at least one matched and none
 * differed, else -1 with WHY. */
static int hashpkg_compare(struct plan *p, const char *run, char *why, size_t len)
{
    struct strlist wrote = {0}, shipped = {0};
    size_t matched = 0;
    int rc = 0;

    plan_list_files(&p->tree, run, ".txt", &wrote);
    plan_list_files(&p->tree, p->package, ".txt", &shipped);
    for (size_t w = 0; w < wrote.n && rc == 0; w++) {
        const char *wb = strrchr(wrote.v[w], '/') ? strrchr(wrote.v[w], '/') + 1 : wrote.v[w];

        for (size_t s = 0; s < shipped.n && rc == 0; s++) {
            const char *sb =
                strrchr(shipped.v[s], '/') ? strrchr(shipped.v[s], '/') + 1 : shipped.v[s];
            char *a, *b;

            if (strcmp(wb, sb) != 0)
                continue;
            a = xasprintf("%s/%s", run, wrote.v[w]);
            b = xasprintf("%s/%s", p->package, shipped.v[s]);
            if (hashpkg_same(a, b))
                matched++;
            else {
                snprintf(why, len, "its KAT program's %s differs from the package's %s", wb,
                         shipped.v[s]);
                rc = -1;
            }
            free(a);
            free(b);
        }
    }
    if (rc == 0 && matched == 0) {
        snprintf(why, len,
                 "the package ships none of the %zu KAT responses its program wrote, "
                 "so its KAT cannot be checked",
                 wrote.n);
        rc = -1;
    }
    strlist_free(&wrote);
    strlist_free(&shipped);
    return rc;
}

/* Compile, link and KAT-check instance I of P into H; 0, or -1 with WHY. */
static int hashpkg_make(struct plan *p, const struct plan_instance *i, struct hashpkg *h, char *why,
                        size_t len)
{
    struct build_settings s;
    struct strlist lib = {0};
    char *obj = xasprintf("%s/obj", i->build), *run = xasprintf("%s/kat-run", i->build);
    char *kat = NULL, *kat_prog = xasprintf("%s/KAT_CryptHash", i->build);
    struct strlist argv = {0};
    char *log = xasprintf("%s/kat.log", i->build), *outdir = xasprintf("%s/output", run);
    const struct kat_limits kat_limits = {.file_bytes = HASHPKG_KAT_FILE_BYTES,
                                          .dir_bytes = HASHPKG_KAT_DIR_BYTES,
                                          .dir_files = HASHPKG_KAT_DIR_FILES};
    int rc = -1;

    hashpkg_settings(&s);
    if ((h->digest_bits = hashpkg_digest_bits(i)) == 0)
        snprintf(why, len, "no %s defining DIGEST_BIT_LENGTH", HASHPKG_HEADER);
    else if (file_mkdirs(obj) != 0 || file_mkdirs(outdir) != 0)
        snprintf(why, len, "%s: %s", i->build, strerror(errno));
    else if (hashpkg_compile(&s, i, obj, "guide", why, len) != 0 &&
             hashpkg_compile(&s, i, obj, "lenient", why, len) != 0)
        ;
    else if (hashpkg_objects(i, obj, &lib, &kat, why, len) == 0 &&
             hashpkg_link(&s, &lib, kat, kat_prog, i->build, why, len) == 0 &&
             hashpkg_link(&s, &lib, NULL, h->library, i->build, why, len) == 0) {
        strlist_add(&argv, kat_prog);
        if (hashpkg_exec(&argv, run, log, &kat_limits, why, len) == 0 &&
            hashpkg_compare(p, run, why, len) == 0)
            rc = 0;
        file_remove_tree(run);
    }
    strlist_free(&argv);
    strlist_free(&lib);
    strlist_free(&s.cc);
    free(obj);
    free(run);
    free(kat);
    free(kat_prog);
    free(log);
    free(outdir);
    return rc;
}

/* The candidates built in this process, so that a package serving many
 * records, instances or helpers is built and KAT-checked once. */
static struct hashpkg_done {
    char *package, *instance; /* the package's real path; "" for its only instance */
    int rc;
    char *why; /* why it was refused */
    struct hashpkg h;
} * hashpkg_done;
static size_t hashpkg_ndone;

/* The environment variable through which a process that built packages
 * hands them to the `iccsprof run` processes it starts. */
#define HASHPKG_ENV "ICCSPROF_HASH_BUILT"

/* A copy of built candidate FROM into TO. */
static void hashpkg_copy(struct hashpkg *to, const struct hashpkg *from)
{
    to->name = xstrdup(from->name);
    to->library = xstrdup(from->library);
    to->digest_bits = from->digest_bits;
}

/* Add a built package to the ones this process knows. */
static void hashpkg_remember(const char *package, const char *instance, int rc, const char *why,
                             const struct hashpkg *h)
{
    struct hashpkg_done *d;

    hashpkg_done = realloc(hashpkg_done, (hashpkg_ndone + 1) * sizeof *hashpkg_done);
    if (hashpkg_done == NULL)
        abort();
    d = &hashpkg_done[hashpkg_ndone++];
    memset(d, 0, sizeof *d);
    d->package = xstrdup(package);
    d->instance = xstrdup(instance != NULL ? instance : "");
    d->rc = rc;
    d->why = xstrdup(why);
    if (rc == 0)
        hashpkg_copy(&d->h, h);
}

/* Take the packages a parent process built and handed down, once. */
static void hashpkg_import(void)
{
    static int done;
    json_t *list, *item;
    size_t k;

    if (done++ || getenv(HASHPKG_ENV) == NULL ||
        (list = json_loads(getenv(HASHPKG_ENV), 0, NULL)) == NULL)
        return;
    json_array_foreach(list, k, item)
    {
        struct hashpkg h = {.name = (char *)json_string_value(json_object_get(item, "name")),
                            .library = (char *)json_string_value(json_object_get(item, "library")),
                            .digest_bits =
                                (unsigned)json_integer_value(json_object_get(item, "digest_bits"))};
        const char *package = json_string_value(json_object_get(item, "package"));
        const char *instance = json_string_value(json_object_get(item, "instance"));

        if (package != NULL && instance != NULL && h.name != NULL && h.library != NULL &&
            h.digest_bits > 0)
            hashpkg_remember(package, instance, 0, "", &h);
    }
    json_decref(list);
}

void hashpkg_export(void)
{
    json_t *list = json_array();
    char *text;

    for (size_t k = 0; k < hashpkg_ndone; k++) {
        const struct hashpkg_done *d = &hashpkg_done[k];

        if (d->rc == 0)
            json_array_append_new(list,
                                  json_pack("{s:s, s:s, s:s, s:s, s:i}", "package", d->package,
                                            "instance", d->instance, "name", d->h.name, "library",
                                            d->h.library, "digest_bits", (int)d->h.digest_bits));
    }
    text = json_dumps(list, JSON_COMPACT);
    setenv(HASHPKG_ENV, text, 1);
    free(text);
    json_decref(list);
}

/* Build PACKAGE's INSTANCE into H; 0, or -1 with WHY (empty when the
 * plan said why itself).  The build folder's lock is held meanwhile: the
 * jobs of one instance in a campaign build their hash package into the
 * same folder, and take turns there. */
static int hashpkg_build_once(const char *package, const char *instance, const char *build_root,
                              struct hashpkg *h, char *why, size_t len)
{
    struct plan_options o = {0};
    struct plan p;
    char *root = xasprintf("%s/hash", build_root);
    int rc = -1, lock;

    why[0] = '\0';
    memset(h, 0, sizeof *h);
    if ((lock = profile_lock(root, NULL)) < 0) {
        free(root);
        return -1;
    }
    o.package = package;
    o.impl = "reference";
    o.instances = instance;
    o.cflags = PROFILE_CFLAGS;
    o.builddir = root;
    if (plan_make(&o, &p) != 0) {
        close(lock);
        free(root);
        return -1;
    }
    if (p.n != 1)
        snprintf(why, len, "candidate pkg:%s: %zu instances; name one as pkg:%s:INSTANCE", package,
                 p.n, package);
    else {
        h->name = xasprintf("pkg:%s", p.inst[0].name);
        h->library = xasprintf("%s/libcrypthash.so", p.inst[0].build);
        if ((rc = hashpkg_make(&p, &p.inst[0], h, why, len)) != 0) {
            char *reason = xstrdup(why);

            snprintf(why, len, "candidate %s refused: %s", h->name, reason);
            free(reason);
        }
    }
    plan_free(&p);
    close(lock);
    free(root);
    if (rc != 0)
        hashpkg_free(h);
    return rc;
}

/* The package PACKAGE's INSTANCE as this process knows it, or NULL. */
static const struct hashpkg_done *hashpkg_find(const char *package, const char *instance)
{
    for (size_t k = 0; package != NULL && k < hashpkg_ndone; k++)
        if (strcmp(hashpkg_done[k].package, package) == 0 &&
            strcmp(hashpkg_done[k].instance, instance != NULL ? instance : "") == 0)
            return &hashpkg_done[k];
    return NULL;
}

int hashpkg_build(const char *package, const char *instance, const char *build_root,
                  struct hashpkg *h)
{
    char *real = realpath(package, NULL), why[1200];
    const struct hashpkg_done *d;
    struct hashpkg built;
    int rc;

    memset(h, 0, sizeof *h);
    hashpkg_import();
    if ((d = hashpkg_find(real, instance)) != NULL) {
        free(real);
        if (d->rc == 0)
            hashpkg_copy(h, &d->h);
        else
            cmd_error("%s", d->why[0] != '\0' ? d->why : "candidate refused (said above)");
        return d->rc;
    }
    rc = hashpkg_build_once(package, instance, build_root, &built, why, sizeof why);
    hashpkg_remember(real != NULL ? real : package, instance, rc, why, &built);
    free(real);
    if (rc == 0)
        hashpkg_copy(h, &built);
    else if (why[0] != '\0')
        cmd_error("%s", why);
    hashpkg_free(&built);
    return rc;
}

void hashpkg_free(struct hashpkg *h)
{
    free(h->name);
    free(h->library);
    memset(h, 0, sizeof *h);
}
