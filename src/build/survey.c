/* survey.c - the survey verdict of a package, from its objects.
 *
 * Each object is read once: its symbols (what it defines and uses) and
 * whether its code or data holds a primitive's constants.  The objects the
 * scheme reaches from its API without passing through a helper's object
 * are the scheme's own; a primitive there is symmetric work the wrappers
 * do not see ("mixed"), and hash-named functions there that call a hash
 * helper are shims over it. */
#include "config.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util/message.h"
#include "build/objects.h"
#include "util/strlist.h"
#include "build/survey.h"
#include "iccsprof/wrap.h"

enum survey_prim {
    PRIM_KECCAK,
    PRIM_SHA256,
    PRIM_SHA512,
    PRIM_SM3,
    PRIM_AES,
    PRIM_CHACHA,
    PRIM_BLAKE2B,
    PRIM_BLAKE2S,
    SURVEY_NPRIMS
};

static const char *const survey_prim_name[SURVEY_NPRIMS] = {
    "Keccak-f[1600]", "SHA-256", "SHA-512", "SM3", "AES", "ChaCha", "BLAKE2b", "BLAKE2s"};

static const char *const survey_helper[ICCSPROF_NHELPERS] = ICCSPROF_HELPER_NAMES;

static const unsigned char survey_aes_sbox[16] = {0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5,
                                                  0x30, 0x01, 0x67, 0x2b, 0xfe, 0xd7, 0xab, 0x76};

/* Constants that give a primitive away, as stored in a table or as an
 * instruction's immediate; a mark is found when all its patterns are. */
static const struct survey_mark {
    enum survey_prim prim;
    size_t first, count; /* its patterns in survey_patterns */
} survey_marks[] = {
    {PRIM_KECCAK, 0, 1}, {PRIM_KECCAK, 1, 1}, {PRIM_SHA512, 2, 1},
    {PRIM_SHA512, 3, 1}, {PRIM_SHA256, 4, 2}, {PRIM_SM3, 6, 1},
    {PRIM_SM3, 7, 1},    {PRIM_AES, 8, 1},    {PRIM_CHACHA, 9, 1},
};

static const struct obj_pattern survey_patterns[] = {
    {.value = 0x800000000000808aULL, .width = 8},                    /* Keccak round constant 2 */
    {.value = 0x8000000080008000ULL, .width = 8},                    /* Keccak round constant 3 */
    {.value = 0x7137449123ef65cdULL, .width = 8},                    /* SHA-512 K[1] */
    {.value = 0xb5c0fbcfec4d3b2fULL, .width = 8},                    /* SHA-512 K[2] */
    {.value = 0xb5c0fbcf, .width = 4},                               /* SHA-256 K[2] */
    {.value = 0xe9b5dba5, .width = 4},                               /* SHA-256 K[3] */
    {.value = 0x79cc4519, .width = 4},                               /* SM3 T, rounds 0-15 */
    {.value = 0x7a879d8a, .width = 4},                               /* SM3 T, rounds 16-63 */
    {.bytes = survey_aes_sbox, .len = 16},                           /* AES S-box, first row */
    {.bytes = (const unsigned char *)"expand 32-byte k", .len = 16}, /* ChaCha, Salsa20 */
};
#define SURVEY_NPATTERNS (sizeof survey_patterns / sizeof survey_patterns[0])

/* Names of permutation and compression functions: a name holding one of
 * WORDS and, when PARTS is not empty, one of PARTS. */
static const struct survey_name {
    enum survey_prim prim;
    const char *words[4], *parts[7];
} survey_names[] = {
    {PRIM_KECCAK, {"f1600", "p1600", "keccakf"}, {NULL}},
    {PRIM_KECCAK, {"keccak"}, {"permut", "round"}},
    {PRIM_SHA256, {"sha256", "sha224"}, {"transform", "compress", "block", "round"}},
    {PRIM_SHA512, {"sha512", "sha384"}, {"transform", "compress", "block", "round"}},
    {PRIM_SM3, {"sm3"}, {"transform", "compress", "block", "round", "_cf"}},
    {PRIM_BLAKE2B, {"blake2b"}, {"compress", "round"}},
    {PRIM_BLAKE2S, {"blake2s"}, {"compress", "round"}},
    {PRIM_CHACHA, {"chacha", "salsa"}, {"block", "core", "round", "permut"}},
    {PRIM_AES, {"aes"}, {"encrypt", "ecb", "ctr", "round", "expand", "keyexp"}},
};

/* Hash names, as a shim's family: checked in this order, so that sha384
 * is not taken for sha3. */
static const char *const survey_families[] = {"shake", "sha384", "sha512", "sha3",   "sha2", "sha1",
                                              "sm3",   "keccak", "blake2", "blake3", "kmac"};
#define SURVEY_NFAMILIES (sizeof survey_families / sizeof survey_families[0])

struct survey_obj {
    const char *shown; /* the source's base name */
    struct obj_file f;
    bool helper;                   /* defines one of the four helpers */
    bool api;                      /* defines an ICCS API function */
    bool scheme;                   /* reached from the API, not through a helper's object */
    bool exposed;                  /* a helper's object the scheme calls for more */
    char *evidence[SURVEY_NPRIMS]; /* why a primitive was found, or NULL */
    unsigned uses;                 /* bit h: calls hash helper h */
    unsigned families;             /* bit k: defines a function of survey_families[k] */
};

/* NAME in lower case without a compiler clone's suffix (.constprop.0). */
static void survey_lower(char *buf, size_t size, const char *name)
{
    size_t i = 0;

    for (; name[i] != '\0' && name[i] != '.' && i + 1 < size; i++)
        buf[i] = (char)tolower((unsigned char)name[i]);
    buf[i] = '\0';
}

/* Whether NAME holds one of the NULL-ended WORDS (max 7). */
static bool survey_has_any(const char *name, const char *const *words, size_t max)
{
    for (size_t i = 0; i < max && words[i] != NULL; i++)
        if (strstr(name, words[i]) != NULL)
            return true;
    return false;
}

/* Index of the helper named NAME, or -1. */
static int survey_helper_index(const char *name)
{
    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        if (strcmp(name, survey_helper[h]) == 0)
            return h;
    return -1;
}

/* Whether NAME is a function of the ICCS API. */
static bool survey_is_api(const char *name)
{
    return strncmp(name, "sig_", 4) == 0 || strncmp(name, "kem_", 4) == 0 ||
           strncmp(name, "kex_", 4) == 0;
}

/* Note primitive P in O, found by EVIDENCE (kept: the first reason). */
static void survey_found(struct survey_obj *o, enum survey_prim p, const char *evidence)
{
    if (o->evidence[p] == NULL)
        o->evidence[p] = xstrdup(evidence);
}

/* What O's function names say: primitives, hash families, the API. */
static void survey_names_of(struct survey_obj *o)
{
    for (size_t i = 0; i < o->f.n; i++) {
        const struct obj_symbol *s = &o->f.syms[i];
        char low[256];
        int h = survey_helper_index(s->name);

        if (s->storage == OBJ_UNDEFINED) {
            if (s->references > 0 && h >= 0 && h != ICCSPROF_DRNG)
                o->uses |= 1u << h;
            continue;
        }
        if (s->storage != OBJ_CODE)
            continue;
        o->helper |= h >= 0 && !s->local;
        o->api |= survey_is_api(s->name) && !s->local;
        if (h >= 0 || survey_is_api(s->name) || strncmp(s->name, "__", 2) == 0)
            continue;
        survey_lower(low, sizeof low, s->name);
        for (size_t k = 0; k < sizeof survey_names / sizeof survey_names[0]; k++) {
            const struct survey_name *n = &survey_names[k];

            if (survey_has_any(low, n->words, 4) &&
                (n->parts[0] == NULL || survey_has_any(low, n->parts, 7))) {
                char *why = xasprintf("function %s", s->name);

                survey_found(o, n->prim, why);
                free(why);
            }
        }
        for (size_t k = 0; k < SURVEY_NFAMILIES; k++)
            if (strstr(low, survey_families[k]) != NULL) {
                o->families |= 1u << k;
                break;
            }
    }
}

/* What O's code and data hold: the primitives' constants. */
static int survey_constants_of(struct survey_obj *o, const char *path)
{
    bool found[SURVEY_NPATTERNS], mark[sizeof survey_marks / sizeof survey_marks[0]];
    char err[256];

    if (obj_find_patterns(path, survey_patterns, SURVEY_NPATTERNS, found, err, sizeof err) != 0) {
        cmd_error("%s: %s", path, err);
        return -1;
    }
    for (size_t m = 0; m < sizeof survey_marks / sizeof survey_marks[0]; m++) {
        mark[m] = true;
        for (size_t k = 0; k < survey_marks[m].count; k++)
            mark[m] &= found[survey_marks[m].first + k];
    }
    for (size_t m = 0; m < sizeof survey_marks / sizeof survey_marks[0]; m++) {
        enum survey_prim p = survey_marks[m].prim;

        /* SHA-512's 64-bit constants hold SHA-256's as their upper halves */
        if (mark[m] && !(p == PRIM_SHA256 && o->evidence[PRIM_SHA512] != NULL))
            survey_found(o, p, "constants");
    }
    return 0;
}

/* Read object PATH into O. */
static int survey_read(struct survey_obj *o, const char *path)
{
    char err[256];

    if (obj_read(path, &o->f, err, sizeof err) != 0) {
        cmd_error("%s: %s", path, err);
        return -1;
    }
    survey_names_of(o);
    /* the names first: a SHA-512 found by name hides SHA-256 constants too */
    return survey_constants_of(o, path);
}

/* Whether O has a primitive of its own. */
static bool survey_has_prim(const struct survey_obj *o)
{
    for (int p = 0; p < SURVEY_NPRIMS; p++)
        if (o->evidence[p] != NULL)
            return true;
    return false;
}

/* Mark the objects of OBJS[N] that the object FROM calls into: the
 * scheme's own ones (a helper's object is not entered: what it calls is
 * the helper's implementation), and the helpers' objects it calls for
 * more than a helper (exposed). */
static void survey_reach(struct survey_obj *objs, size_t n, size_t from)
{
    const struct obj_file *f = &objs[from].f;

    for (size_t i = 0; i < f->n; i++) {
        const char *name = f->syms[i].name;

        if (f->syms[i].storage != OBJ_UNDEFINED || f->syms[i].references == 0)
            continue;
        for (size_t j = 0; j < n; j++) {
            if (j == from || obj_defines(&objs[j].f, name) == NULL)
                continue;
            if (objs[j].helper) {
                objs[j].exposed |= survey_helper_index(name) < 0;
            } else if (!objs[j].scheme) {
                objs[j].scheme = true;
                survey_reach(objs, n, j);
            }
        }
    }
}

/* Whether any object of OBJS[N] calls into object J. */
static bool survey_called(const struct survey_obj *objs, size_t n, size_t j)
{
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; i != j && k < objs[i].f.n; k++)
            if (objs[i].f.syms[k].storage == OBJ_UNDEFINED && objs[i].f.syms[k].references > 0 &&
                obj_defines(&objs[j].f, objs[i].f.syms[k].name) != NULL)
                return true;
    return false;
}

/* Mark the scheme's objects: from those defining the API; when none does
 * (the API sits in a helper's object), from every object nothing calls. */
static void survey_scheme(struct survey_obj *objs, size_t n)
{
    bool any_api = false;

    for (size_t i = 0; i < n; i++)
        any_api |= objs[i].api && !objs[i].helper;
    for (size_t i = 0; i < n; i++)
        if (!objs[i].helper && !objs[i].scheme &&
            (any_api ? objs[i].api : !survey_called(objs, n, i))) {
            objs[i].scheme = true;
            survey_reach(objs, n, i);
        }
}

/* The helpers in MASK joined by " and ". */
static char *survey_helpers_text(unsigned mask)
{
    struct strlist l = {0};
    char *s;

    for (int h = 0; h < ICCSPROF_NHELPERS; h++)
        if (mask & (1u << h))
            strlist_add(&l, survey_helper[h]);
    s = strlist_join(&l, " and ");
    strlist_free(&l);
    return s;
}

/* "shake* and sha3* names are shims over pseudoXOF; ...": the families
 * grouped by the helpers they call. */
static char *survey_shims_text(const unsigned *over)
{
    struct strlist groups = {0};
    char *text;

    for (size_t k = 0; k < SURVEY_NFAMILIES; k++) {
        struct strlist fams = {0};
        char *names, *helpers;
        bool first = true;

        if (over[k] == 0)
            continue;
        for (size_t e = 0; e < k && first; e++)
            first = over[e] != over[k];
        if (!first)
            continue;
        for (size_t e = k; e < SURVEY_NFAMILIES; e++)
            if (over[e] == over[k])
                strlist_addf(&fams, "%s*", survey_families[e]);
        names = strlist_join(&fams, " and ");
        helpers = survey_helpers_text(over[k]);
        strlist_addf(&groups, "%s names are shims over %s", names, helpers);
        free(names);
        free(helpers);
        strlist_free(&fams);
    }
    text = strlist_join(&groups, "; ");
    strlist_free(&groups);
    return text;
}

/* The primitives of its own the object O has, where they count (it is
 * the scheme's or exposes them): each, with its evidence, into OWN, and
 * one line naming them all into MIXED. */
static void survey_own(const struct survey_obj *o, json_t *own, struct strlist *mixed)
{
    bool counts = (o->scheme || o->exposed) && survey_has_prim(o);
    struct strlist prims = {0};
    char *joined;

    for (int p = 0; counts && p < SURVEY_NPRIMS; p++)
        if (o->evidence[p] != NULL) {
            strlist_add(&prims, survey_prim_name[p]);
            json_array_append_new(own,
                                  json_pack("{s:s, s:s, s:s}", "primitive", survey_prim_name[p],
                                            "source", o->shown, "evidence", o->evidence[p]));
        }
    if (counts) {
        joined = strlist_join(&prims, " and ");
        strlist_addf(mixed, "%s of its own in %s", joined, o->shown);
        free(joined);
    }
    strlist_free(&prims);
}

/* The families of names the scheme's object O shims over the helpers it
 * uses (when it has no primitive of its own): each, with those helpers,
 * into SHIMS, and the helpers added to the family's in OVER. */
static void survey_shims(const struct survey_obj *o, json_t *shims, unsigned *over)
{
    if (!o->scheme || survey_has_prim(o) || o->uses == 0)
        return;
    for (size_t k = 0; k < SURVEY_NFAMILIES; k++)
        if (o->families & (1u << k)) {
            json_t *helpers = json_array();

            over[k] |= o->uses;
            for (int h = 0; h < ICCSPROF_NHELPERS; h++)
                if (o->uses & (1u << h))
                    json_array_append_new(helpers, json_string(survey_helper[h]));
            json_array_append_new(shims, json_pack("{s:s, s:s, s:o}", "family", survey_families[k],
                                                   "source", o->shown, "helpers", helpers));
        }
}

/* The verdict of the surveyed objects OBJS[N], as a JSON object. */
static json_t *survey_verdict(const struct survey_obj *objs, size_t n)
{
    json_t *shims = json_array(), *own = json_array();
    struct strlist mixed = {0};
    unsigned over[SURVEY_NFAMILIES] = {0};
    const char *verdict = "iccs-only";
    char *text;
    json_t *doc;

    for (size_t i = 0; i < n; i++) {
        survey_own(&objs[i], own, &mixed);
        survey_shims(&objs[i], shims, over);
    }
    if (mixed.n > 0) {
        char *joined = strlist_join(&mixed, ", ");

        verdict = "mixed";
        text = xasprintf("mixed: %s, not measured", joined);
        free(joined);
    } else if (json_array_size(shims) > 0) {
        char *what = survey_shims_text(over);

        verdict = "shims";
        text = xasprintf("ICCS-only \xe2\x80\x94 %s", what);
        free(what);
    } else {
        text = xstrdup("ICCS-only");
    }
    strlist_free(&mixed);
    doc = json_pack("{s:s, s:s, s:o, s:o}", "verdict", verdict, "text", text, "shims", shims, "own",
                    own);
    free(text);
    return doc;
}

/* The survey of the objects DIR/OBJS[N] (OBJS[k] itself when DIR is
 * NULL). */
json_t *survey_of(const char *dir, char *const *objs, char *const *sources, size_t n)
{
    struct survey_obj *o = calloc(n > 0 ? n : 1, sizeof *o);
    json_t *doc = NULL;
    size_t read;
    int bad = 0;

    if (o == NULL)
        abort();
    for (read = 0; read < n && bad == 0; read++) {
        const char *name = sources != NULL ? sources[read] : objs[read];
        const char *slash = strrchr(name, '/');
        char *path = dir != NULL ? xasprintf("%s/%s", dir, objs[read]) : xstrdup(objs[read]);

        o[read].shown = slash != NULL ? slash + 1 : name;
        bad = survey_read(&o[read], path);
        free(path);
    }
    if (bad == 0) {
        survey_scheme(o, n);
        doc = survey_verdict(o, n);
    }
    for (size_t i = 0; i < read; i++) {
        obj_free(&o[i].f);
        for (int p = 0; p < SURVEY_NPRIMS; p++)
            free(o[i].evidence[p]);
    }
    free(o);
    return doc;
}
