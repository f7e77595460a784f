/* hashpkg.c - building and checking an NGCC hash candidate package. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "util/atomic-file.h"
#include "util/build-files.h"
#include "util/libfile.h"
#include "build/build.h"
#include "util/message.h"
#include "whatif/hashpkg.h"
#include "whatif/whatif.h"
#include "kat/kat-exec.h"
#include "build/objects.h"
#include "measure/protocol.h"
#include "paths.h"
#include "run/run-child.h"
#include "plan/plan.h"
#include "build/build-tools.h"
#include "util/strlist.h"

/* Each compiler call and link gets at most this long. */
#define HASHPKG_TIMEOUT 120.0
/* Each compiler and linker's memory, as a scheme's compilers have it by
 * default. */
#define HASHPKG_COMPILE_MIB 4096

/* The check of the KAT responses gets at most this long: the short
 * vectors take a fraction of a second with any candidate. */
#define HASHPKG_CHECK_TIMEOUT 60.0

/* The file in an instance's build folder that keeps its passed check. */
#define HASHPKG_STAMP "kat-check.json"

/* The verdict of a candidate whose package ships no KAT responses. */
#define HASHPKG_UNVERIFIED "unverified: no responses shipped"

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
    for (size_t k = 0; k < i->set.nsources; k++) {
        struct strlist argv = {0};
        char *log = xasprintf("%s/%s.log", obj, i->set.sources[k].obj);
        char *out = xasprintf("%s/%s", obj, i->set.sources[k].obj);
        int rc;

        build_compile_argv(s, i, mode, NULL, &i->set.sources[k], out, &argv);
        rc = hashpkg_exec(&argv, i->build, log, &hashpkg_compile_limits, why, len);
        strlist_free(&argv);
        free(log);
        free(out);
        if (rc != 0)
            return -1;
    }
    return 0;
}

/* The objects of I in OBJ/ that go into the library: all but those
 * defining main (the KAT program, a test driver); 0, or -1 with WHY. */
static int hashpkg_objects(const struct plan_instance *i, const char *obj, struct strlist *lib,
                           char *why, size_t len)
{
    for (size_t k = 0; k < i->set.nsources; k++) {
        struct obj_file f;
        char *path = xasprintf("%s/%s", obj, i->set.sources[k].obj);

        if (obj_read(path, &f, why, len) != 0) {
            free(path);
            return -1;
        }
        if (obj_defines(&f, "main") == NULL)
            strlist_add(lib, path);
        obj_free(&f);
        free(path);
    }
    return 0;
}

/* Link OBJS into the shared library OUT; 0, or -1 with WHY. */
static int hashpkg_link(const struct build_settings *s, const struct strlist *objs, const char *out,
                        const char *dir, char *why, size_t len)
{
    struct strlist argv = {0};
    char *log = xasprintf("%s.log", out);
    int rc;

    strlist_extend(&argv, &s->cc);
    strlist_add(&argv, "-shared");
    strlist_add(&argv, "-o");
    strlist_add(&argv, out);
    strlist_extend(&argv, objs);
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

/* Add to OUT the response files package P ships for instance NAME: its
 * KAT_2_12_NAME.txt and KAT_2_23_NAME.txt, wherever they are, as paths
 * the measuring process can open. */
static void hashpkg_responses(struct plan *p, const char *name, struct strlist *out)
{
    struct strlist shipped = {0};
    char *short12 = xasprintf("KAT_2_12_%s.txt", name),
         *short23 = xasprintf("KAT_2_23_%s.txt", name);

    plan_list_files(&p->tree, p->package, ".txt", &shipped);
    for (size_t s = 0; s < shipped.n; s++) {
        const char *base =
            strrchr(shipped.v[s], '/') ? strrchr(shipped.v[s], '/') + 1 : shipped.v[s];

        if (strcmp(base, short12) == 0 || strcmp(base, short23) == 0)
            strlist_addf(out, "%s/%s", p->package, shipped.v[s]);
    }
    strlist_sort(out);
    strlist_free(&shipped);
    free(short12);
    free(short23);
}

/* Hold H's CryptHash to RESPONSES in a measuring process; 0 with H's
 * verdict set, or -1 with WHY. */
static int hashpkg_run_check(struct hashpkg *h, const struct strlist *responses, char *why,
                             size_t len)
{
    json_t *files = json_array(), *cfg, *result;
    char failure[1024];
    int status = 0;
    const char *differs;
    json_int_t vectors;

    for (size_t k = 0; k < responses->n; k++)
        json_array_append_new(files, json_string(responses->v[k]));
    cfg = json_pack("{s:s, s:s, s:o}", PROTOCOL_KEY_REQUEST, PROTOCOL_REQUEST_KAT, "library",
                    h->library, "responses", files);
    if ((result = wi_request(cfg, HASHPKG_CHECK_TIMEOUT, &status, failure, sizeof failure)) ==
        NULL) {
        snprintf(why, len, "its KAT check: %s", failure);
        return -1;
    }
    differs = json_string_value(json_object_get(result, "differs"));
    vectors = json_integer_value(json_object_get(result, "vectors"));
    if (differs != NULL)
        snprintf(why, len, "%s", differs);
    else if (vectors == 0)
        snprintf(why, len,
                 "its KAT responses hold no vector checkable here (none of at most 2^23 "
                 "bits)");
    else
        h->kat = xasprintf("pass: %lld vectors", (long long)vectors);
    json_decref(result);
    return h->kat != NULL ? 0 : -1;
}

/* What a check's verdict rests on: the SHA-256 of the library and of
 * each of RESPONSES, by path; NULL when one cannot be read. */
static json_t *hashpkg_check_key(const struct hashpkg *h, const struct strlist *responses)
{
    char hex[65];
    json_t *files = json_object();

    for (size_t k = 0; k < responses->n; k++) {
        if (libfile_sha256(responses->v[k], hex) != 0) {
            json_decref(files);
            return NULL;
        }
        json_object_set_new(files, responses->v[k], json_string(hex));
    }
    if (libfile_sha256(h->library, hex) != 0) {
        json_decref(files);
        return NULL;
    }
    return json_pack("{s:s, s:o}", "library", hex, "responses", files);
}

/* Hold H's CryptHash to RESPONSES once per build folder DIR: a passed
 * check is kept in DIR/HASHPKG_STAMP with what it rests on, and given
 * again while the library and the responses are the same bytes; 0 with
 * H's verdict set, or -1 with WHY. */
static int hashpkg_check_once(struct hashpkg *h, const struct strlist *responses, const char *dir,
                              char *why, size_t len)
{
    char *stamp = xasprintf("%s/%s", dir, HASHPKG_STAMP);
    json_t *key = hashpkg_check_key(h, responses), *old = json_load_file(stamp, 0, NULL);
    const char *kat = json_string_value(json_object_get(old, "kat"));
    int rc;

    if (key != NULL && kat != NULL && json_equal(key, json_object_get(old, "key"))) {
        h->kat = xstrdup(kat);
        rc = 0;
    } else if ((rc = hashpkg_run_check(h, responses, why, len)) == 0 && key != NULL) {
        json_t *now = json_pack("{s:O, s:s}", "key", key, "kat", h->kat);

        /* a stamp that cannot be written only means checking again */
        (void)atomic_write_json(stamp, now);
        json_decref(now);
    }
    json_decref(key);
    json_decref(old);
    free(stamp);
    return rc;
}

/* Check instance I of P, whose library H holds, against the responses P
 * ships for it; without any, H is unverified, which only ALLOW accepts.
 * 0, or -1 with WHY. */
static int hashpkg_check(struct plan *p, const struct plan_instance *i, struct hashpkg *h,
                         bool allow, char *why, size_t len)
{
    struct strlist responses = {0};
    int rc;

    hashpkg_responses(p, i->name, &responses);
    if (responses.n > 0)
        rc = hashpkg_check_once(h, &responses, i->build, why, len);
    else if (allow) {
        h->kat = xstrdup(HASHPKG_UNVERIFIED);
        rc = 0;
    } else {
        snprintf(why, len,
                 "%s (no KAT_2_12_%s.txt nor KAT_2_23_%s.txt; --allow-unverified "
                 "measures it unchecked)",
                 HASHPKG_UNVERIFIED, i->name, i->name);
        rc = -1;
    }
    strlist_free(&responses);
    return rc;
}
/* Compile, link and KAT-check instance I of P into H (ALLOW: an
 * unverified one too); 0, or -1 with WHY. */
static int hashpkg_make(struct plan *p, const struct plan_instance *i, struct hashpkg *h,
                        bool allow, char *why, size_t len)
{
    struct build_settings s;
    struct strlist lib = {0};
    char *obj = xasprintf("%s/obj", i->build);
    int rc = -1;

    hashpkg_settings(&s);
    if ((h->digest_bits = hashpkg_digest_bits(i)) == 0)
        snprintf(why, len, "no %s defining DIGEST_BIT_LENGTH", HASHPKG_HEADER);
    else if (file_mkdirs(obj) != 0)
        snprintf(why, len, "%s: %s", i->build, strerror(errno));
    else if (hashpkg_compile(&s, i, obj, "guide", why, len) != 0 &&
             hashpkg_compile(&s, i, obj, "lenient", why, len) != 0)
        ;
    else if (hashpkg_objects(i, obj, &lib, why, len) == 0 &&
             hashpkg_link(&s, &lib, h->library, i->build, why, len) == 0)
        rc = hashpkg_check(p, i, h, allow, why, len);
    strlist_free(&lib);
    strlist_free(&s.cc);
    free(obj);
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
    to->width = from->width;
    to->kat = xstrdup(from->kat);
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
                                (unsigned)json_integer_value(json_object_get(item, "digest_bits")),
                            .width = (unsigned)json_integer_value(json_object_get(item, "width")),
                            .kat = (char *)json_string_value(json_object_get(item, "kat"))};
        const char *package = json_string_value(json_object_get(item, "package"));
        const char *instance = json_string_value(json_object_get(item, "instance"));

        if (package != NULL && instance != NULL && h.name != NULL && h.library != NULL &&
            h.digest_bits > 0 && h.kat != NULL)
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
            json_array_append_new(list, json_pack("{s:s, s:s, s:s, s:s, s:i, s:i, s:s}", "package",
                                                  d->package, "instance", d->instance, "name",
                                                  d->h.name, "library", d->h.library, "digest_bits",
                                                  (int)d->h.digest_bits, "width", (int)d->h.width,
                                                  "kat", d->h.kat));
    }
    text = json_dumps(list, JSON_COMPACT);
    setenv(HASHPKG_ENV, text, 1);
    free(text);
    json_decref(list);
}

/* The instance of P a candidate is built from when none is named: the
 * smallest digest that covers HASHPKG_WIDTH, else the widest (its
 * outputs extended in counter mode); P's only instance when it has one. */
static size_t hashpkg_choose(const struct plan *p)
{
    size_t best = 0;
    unsigned best_bits = hashpkg_digest_bits(&p->inst[0]);

    for (size_t k = 1; k < p->n; k++) {
        unsigned bits = hashpkg_digest_bits(&p->inst[k]);
        bool covers = bits >= HASHPKG_WIDTH, best_covers = best_bits >= HASHPKG_WIDTH;

        if ((covers && (!best_covers || bits < best_bits)) ||
            (!covers && !best_covers && bits > best_bits)) {
            best = k;
            best_bits = bits;
        }
    }
    return best;
}

/* Build PACKAGE's INSTANCE into H (ALLOW: unverified too); 0, or -1 with
 * WHY (empty when the plan said why itself).  The build folder's lock is
 * held meanwhile: the jobs of one instance in a campaign build their
 * hash package into the same folder, and take turns there. */
static int hashpkg_build_once(const char *package, const char *instance, const char *build_root,
                              bool allow, struct hashpkg *h, char *why, size_t len)
{
    struct plan_options o = {0};
    struct plan p;
    char *root = xasprintf("%s/hash", build_root);
    int rc = -1, lock;
    size_t k;

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
    k = hashpkg_choose(&p);
    h->name = xasprintf("pkg:%s", p.inst[k].name);
    h->library = xasprintf("%s/libcrypthash.so", p.inst[k].build);
    h->width = HASHPKG_WIDTH;
    if ((rc = hashpkg_make(&p, &p.inst[k], h, allow, why, len)) != 0) {
        char *reason = xstrdup(why);

        snprintf(why, len, "candidate %s refused: %s", h->name, reason);
        free(reason);
    }
    plan_free(&p);
    close(lock);
    free(root);
    if (rc != 0)
        hashpkg_free(h);
    return rc;
}

/* Whether folder DIR holds the instance header. */
static bool hashpkg_is_instance(const char *dir)
{
    char *path = xasprintf("%s/%s", dir, HASHPKG_HEADER);
    bool is = access(path, F_OK) == 0;

    free(path);
    return is;
}

/* Whether a folder right below DIR is an instance: DIR holds a package's
 * instances. */
static bool hashpkg_holds_instances(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    bool holds = false;

    while (d != NULL && !holds && (e = readdir(d)) != NULL)
        if (e->d_name[0] != '.') {
            char *sub = xasprintf("%s/%s", dir, e->d_name);

            holds = hashpkg_is_instance(sub);
            free(sub);
        }
    if (d != NULL)
        closedir(d);
    return holds;
}

/* The package that folder DIR (a real path) lies in: the folder above
 * the nearest one named Implementations..., else above the nearest
 * Reference_Implementation or Reference, else DIR's parent. */
static char *hashpkg_package_of(const char *dir)
{
    static const char *const marks[] = {"Implementations", "Reference_Implementation", "Reference"};
    char *path, *slash;

    for (size_t m = 0; m < sizeof marks / sizeof marks[0]; m++) {
        path = xstrdup(dir);
        while ((slash = strrchr(path, '/')) != NULL && slash != path) {
            bool hit = m == 0 ? strncmp(slash + 1, marks[m], strlen(marks[m])) == 0
                              : strcmp(slash + 1, marks[m]) == 0;

            *slash = '\0';
            if (hit)
                return path;
        }
        free(path);
    }
    path = xstrdup(dir);
    if ((slash = strrchr(path, '/')) != NULL && slash != path)
        *slash = '\0';
    return path;
}

/* The package and instance (NULL: chosen by width) that PATH, with the
 * INSTANCE named after it (or NULL), stands for: PATH is a package, the
 * folder of its instances, or an instance folder. */
static void hashpkg_locate(const char *path, const char *instance, char **package, char **inst)
{
    char *real = realpath(path, NULL);

    if (real == NULL) {
        *package = xstrdup(path);
        *inst = instance != NULL ? xstrdup(instance) : NULL;
    } else if (hashpkg_is_instance(real)) {
        *package = hashpkg_package_of(real);
        *inst = xstrdup(instance != NULL ? instance : strrchr(real, '/') + 1);
    } else if (hashpkg_holds_instances(real)) {
        *package = hashpkg_package_of(real);
        *inst = instance != NULL ? xstrdup(instance) : NULL;
    } else {
        *package = xstrdup(real);
        *inst = instance != NULL ? xstrdup(instance) : NULL;
    }
    free(real);
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

int hashpkg_build(const char *path, const char *instance, const char *build_root, bool allow,
                  struct hashpkg *h)
{
    char *package, *inst, why[1200];
    const struct hashpkg_done *d;
    struct hashpkg built;
    int rc;

    memset(h, 0, sizeof *h);
    hashpkg_import();
    hashpkg_locate(path, instance, &package, &inst);
    if ((d = hashpkg_find(package, inst)) != NULL) {
        free(package);
        free(inst);
        if (d->rc == 0)
            hashpkg_copy(h, &d->h);
        else {
            cmd_error("%s", d->why[0] != '\0' ? d->why : "candidate refused (said above)");
            h->refused = xstrdup(d->why);
        }
        return d->rc;
    }
    rc = hashpkg_build_once(package, inst, build_root, allow, &built, why, sizeof why);
    hashpkg_remember(package, inst, rc, why, &built);
    free(package);
    free(inst);
    if (rc == 0)
        hashpkg_copy(h, &built);
    else {
        if (why[0] != '\0')
            cmd_error("%s", why);
        h->refused = xstrdup(why);
    }
    hashpkg_free(&built);
    return rc;
}

void hashpkg_free(struct hashpkg *h)
{
    free(h->name);
    free(h->library);
    free(h->kat);
    free(h->refused);
    memset(h, 0, sizeof *h);
}
