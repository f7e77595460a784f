/* whatif.c - the substitution of a what-if run, set up before timing. */
#include "config.h"

#include <string.h>

#include "measure/channel.h"
#include "measure/protocol.h"
#include "measure/whatif.h"
#include "measure/works.h"

/* The candidates set, one per helper at most. */
static struct candidate whatif_cand[ICCSPROF_DRNG];
static size_t whatif_n;

int whatif_wanted(json_t *cfg)
{
    return json_array_size(json_object_get(cfg, "substitute")) > 0;
}

int whatif_runs(json_t *cfg, const char *pass)
{
    const char *given = json_string_value(json_object_get(cfg, "substitute_pass"));

    if (!whatif_wanted(cfg))
        return strcmp(pass, "profile") == 0;
    return given == NULL || strcmp(given, pass) == 0;
}

/* The candidates as "helper=candidate,..." for messages. */
static void whatif_names(char *buf, size_t len)
{
    buf[0] = '\0';
    for (size_t i = 0; i < whatif_n; i++)
        snprintf(buf + strlen(buf), len - strlen(buf), "%s%s=%s", i ? "," : "",
                 (const char *[])ICCSPROF_HELPER_NAMES[whatif_cand[i].helper], whatif_cand[i].name);
}

/* Refuse an item of the substitution with a member this program does
 * not know: a newer tool may mean more by it than is done here. */
static void whatif_known(json_t *item)
{
    static const char *const known[] = PROTOCOL_SUBSTITUTE_KEYS;
    const char *key;
    json_t *v;

    json_object_foreach(item, key, v)
    {
        size_t k = 0;

        while (known[k] != NULL && strcmp(known[k], key) != 0)
            k++;
        if (known[k] == NULL)
            channel_input_error("configuration: substitution member \"%s\" is not understood "
                                "by this measuring program",
                                key);
    }
}

json_t *whatif_start(json_t *cfg, struct scheme *s, const struct method *m)
{
    json_t *list = json_object_get(cfg, "substitute"), *works, *counts;
    char names[512];

    if (json_array_size(list) > ICCSPROF_DRNG)
        channel_input_error("configuration: %zu substitutions", json_array_size(list));
    channel_phase("substitution");
    for (size_t k = 0; k < json_array_size(list); k++)
        whatif_known(json_array_get(list, k));
    for (whatif_n = 0; whatif_n < json_array_size(list); whatif_n++)
        candidate_install(&whatif_cand[whatif_n], s, json_array_get(list, whatif_n));
    candidate_switch(s, whatif_cand, whatif_n, 1);
    whatif_names(names, sizeof names);
    channel_phase("works-check");
    works = works_check(s, m, whatif_cand, whatif_n);
    if (!json_is_true(json_object_get(works, "passed")))
        channel_call_error("works-check failed with %s: \"%s\" did not hold in %lld of %d rounds; "
                           "not timed",
                           names, json_string_value(json_object_get(works, "check")),
                           (long long)json_integer_value(json_object_get(works, "failures")),
                           WORKS_ROUNDS);
    counts = works_counts(s, m, whatif_cand, whatif_n);
    for (size_t i = 0; i < whatif_n; i++)
        whatif_cand[i].extended = whatif_cand[i].truncated = 0;
    return json_pack("{s:s, s:[], s:o, s:o}", "as", names, "candidates", "works", works,
                     "calls_per_op", counts);
}

void whatif_end(json_t *substitution)
{
    json_t *list = json_object_get(substitution, "candidates");

    for (size_t i = 0; i < whatif_n; i++)
        json_array_append_new(list, candidate_json(&whatif_cand[i]));
}
