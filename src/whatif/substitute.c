/* substitute.c - the --substitute option's list, and its packages. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "whatif/hashpkg.h"
#include "util/strlist.h"
#include "whatif/substitute.h"

/* The helpers a candidate can stand in for; the DRNG is not a hash. */
static const char *const subst_helpers[] = {"pseudohash", "pseudoXOF", "sm3hash"};

/* libcrypto's candidates (measure/candidate.c serves them). */
static const char *const subst_openssl[] = {"sm3",      "sha256",   "sha3-256",
                                            "sha3-512", "shake128", "shake256"};

/* Whether NAME is one of LIST[N]. */
static int subst_listed(const char *name, const char *const *list, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (strcmp(list[k], name) == 0)
            return 1;
    return 0;
}

/* The item of pkg:PATH[:INSTANCE] (TEXT after "pkg:") serving HELPER,
 * written as LABEL; NULL after a usage error. */
static json_t *subst_package(const char *command, const char *label, const char *helper,
                             const char *text)
{
    const char *colon = strrchr(text, ':');
    char *path = colon != NULL ? strndup(text, (size_t)(colon - text)) : strdup(text);
    char *real = NULL;
    struct stat st;
    json_t *item = NULL;

    if (path[0] == '\0')
        usage_error(command, "%s names no package folder", label);
    else if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
        usage_error(command, "%s: %s is not a folder", label, path);
    else if (colon != NULL && colon[1] == '\0')
        usage_error(command, "%s: the instance after ':' is empty", label);
    else if ((real = realpath(path, NULL)) != NULL)
        item = json_pack("{s:s, s:s, s:s, s:s, s:o}", "helper", helper, "candidate",
                         colon != NULL ? colon + 1 : path, "kind", "pkg", "package", real,
                         "instance", colon != NULL ? json_string(colon + 1) : json_null());
    free(real);
    free(path);
    return item;
}

/* The item of HELPER=CANDIDATE (ITEM), or NULL after a usage error. */
static json_t *subst_item(const char *command, const char *item)
{
    const char *eq = strchr(item, '=');
    char helper[32], *label;
    const char *cand;
    json_t *parsed;

    if (eq == NULL || eq == item || (size_t)(eq - item) >= sizeof helper) {
        usage_error(command, "--substitute: '%s' is not HELPER=CANDIDATE", item);
        return NULL;
    }
    snprintf(helper, sizeof helper, "%.*s", (int)(eq - item), item);
    cand = eq + 1;
    if (strcmp(helper, "get_random_number") == 0 || strcmp(helper, "drng") == 0) {
        usage_error(command, "--substitute: %s is the DRNG, not a hash: it keeps its generator",
                    helper);
        return NULL;
    }
    if (!subst_listed(helper, subst_helpers, 3)) {
        usage_error(command,
                    "--substitute: '%s' is not a hash helper (pseudohash, pseudoXOF, "
                    "sm3hash)",
                    helper);
        return NULL;
    }
    label = xasprintf("--substitute: %s=%s", helper, cand);
    parsed = subst_candidate(command, label, helper, cand);
    free(label);
    return parsed;
}

/* The item serving HELPER with candidate CAND (substitute.h). */
json_t *subst_candidate(const char *command, const char *label, const char *helper,
                        const char *cand)
{
    if (strncmp(cand, "pkg:", 4) == 0)
        return subst_package(command, label, helper, cand + 4);
    if (strcmp(cand, "iccs") == 0 ||
        subst_listed(cand, subst_openssl, sizeof subst_openssl / sizeof subst_openssl[0]))
        return json_pack("{s:s, s:s, s:s}", "helper", helper, "candidate", cand, "kind",
                         strcmp(cand, "iccs") == 0 ? "iccs" : "openssl");
    usage_error(command,
                "%s: no candidate '%s' (sm3, sha256, sha3-256, sha3-512, shake128, shake256, "
                "iccs, or pkg:PATH[:INSTANCE])",
                label, cand);
    return NULL;
}

int subst_parse(const char *command, const char *spec, json_t **out)
{
    json_t *list = json_array();

    for (const char *p = spec;; p += strcspn(p, ",") + 1) {
        char *one = strndup(p, strcspn(p, ","));
        json_t *item = one[0] != '\0' ? subst_item(command, one) : NULL;

        if (one[0] == '\0')
            usage_error(command, "--substitute: '%s' has an empty item", spec);
        free(one);
        if (item == NULL) {
            json_decref(list);
            return EXIT_USAGE;
        }
        for (size_t k = 0; k < json_array_size(list); k++)
            if (json_equal(json_object_get(json_array_get(list, k), "helper"),
                           json_object_get(item, "helper"))) {
                usage_error(command, "--substitute: %s is given twice",
                            json_string_value(json_object_get(item, "helper")));
                json_decref(item);
                json_decref(list);
                return EXIT_USAGE;
            }
        json_array_append_new(list, item);
        if (p[strcspn(p, ",")] == '\0')
            break;
    }
    *out = list;
    return EXIT_OK;
}

int subst_resolve(json_t *list, const char *build_root, bool allow_unverified)
{
    size_t k;
    json_t *item;

    json_array_foreach(list, k, item)
    {
        struct hashpkg h;

        if (strcmp(json_string_value(json_object_get(item, "kind")), "pkg") != 0)
            continue;
        if (hashpkg_build(json_string_value(json_object_get(item, "package")),
                          json_string_value(json_object_get(item, "instance")), build_root,
                          allow_unverified, &h) != 0)
            return EXIT_FAILURE;
        json_object_set_new(item, "candidate", json_string(h.name));
        json_object_set_new(item, "library", json_string(h.library));
        json_object_set_new(item, "digest_bits", json_integer(h.digest_bits));
        json_object_set_new(item, "kat", json_string(h.kat));
        hashpkg_free(&h);
    }
    return EXIT_OK;
}
