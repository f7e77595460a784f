/* record-processes.c - the processes of a profile pass in its record
 * (record-processes.h). */
#include "config.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "measure/rules.h"
#include "record/record-processes.h"
#include "record/record-profile.h"

/* The mean of the processes' shares. */
struct record_mean record_processes_mean(const double *x, const double *se, const double *half,
                                         size_t n)
{
    struct record_mean m = {0, 0, 0};
    double own_se = 0, own_half = 0, sq = 0, spread;

    for (size_t i = 0; i < n; i++) {
        m.mean += x[i] / (double)n;
        own_se += se[i] * se[i];
        own_half += half[i] * half[i];
    }
    for (size_t i = 0; i < n; i++)
        sq += (x[i] - m.mean) * (x[i] - m.mean);
    spread = n > 1 ? sqrt(sq / (double)(n - 1) / (double)n) : 0;
    m.se = fmax(sqrt(own_se) / (double)n, spread);
    m.half = fmax(sqrt(own_half) / (double)n, n > 1 ? method_t95(n - 1) * spread : 0);
    return m;
}

/* A number member of OBJ, integer or real. */
static double record_member(json_t *obj, const char *key)
{
    return json_number_value(json_object_get(obj, key));
}

/* What one process gives alone. */
struct record_one {
    double share, se, half, cost;
    bool played; /* it played back */
};

/* What the process of raw profile RAW gives alone, played back (PLAYED)
 * or timed: its share and standard error, and for a played-back share
 * its random half-width and what serving its tape costs, as parts of its
 * operation (record-profile.c's record_replay). */
static struct record_one record_one(json_t *raw, bool played)
{
    json_t *profile = record_profile(raw), *replay = json_object_get(profile, "replay");
    json_t *r = json_object_get(raw, "replay");
    struct record_one one = {0, 0, 0, 0, false};

    if (!played) {
        one.share = record_member(profile, "hash_share");
        one.se = record_member(profile, "hash_share_stderr");
    } else if (json_is_number(json_object_get(replay, "share"))) {
        one.played = true;
        one.share = record_member(replay, "share");
        one.se = record_member(replay, "share_stderr");
        one.half = fmax(1.96 * one.se, record_member(r, "trials_half_width"));
        one.cost = record_member(r, "played_ticks") / record_member(r, "off_ticks");
    }
    json_decref(profile);
    return one;
}

/* Make PROFILE's played-back share REPLAY the mean of the K processes'
 * shares ONE that played back, with its half-width and its interval's
 * two ends. */
static void record_replay_mean(json_t *replay, const struct record_one *one, size_t k)
{
    double *x = calloc(k, sizeof *x), *se = calloc(k, sizeof *se), *half = calloc(k, sizeof *half);
    double cost = 0;
    struct record_mean m;

    for (size_t i = 0; i < k; i++) {
        x[i] = one[i].share;
        se[i] = one[i].se;
        half[i] = one[i].half;
        cost += one[i].cost / (double)k;
    }
    m = record_processes_mean(x, se, half, k);
    json_object_set_new(replay, "share", json_real(m.mean));
    json_object_set_new(replay, "share_stderr", json_real(fmin(1, m.se)));
    json_object_set_new(replay, "share_uncertainty", json_real(fmin(1, hypot(m.half, cost))));
    /* the interval's two ends as one process states them (record_replay) */
    json_object_set_new(replay, "share_lower", json_real(fmax(0, m.mean - m.half)));
    json_object_set_new(replay, "share_upper", json_real(fmin(1, m.mean + m.half + cost)));
    free(x);
    free(se);
    free(half);
}

/* Set PROFILE's processes from their raw profiles RAW. */
void record_processes(json_t *profile, json_t *raw)
{
    json_t *replay = json_object_get(profile, "replay"), *list = json_array(), *p;
    bool played = json_is_number(json_object_get(replay, "share"));
    size_t n = json_array_size(raw), k = 0, i;
    struct record_one *one = calloc(n + 1, sizeof *one);

    if (n < 2) {
        free(one);
        json_decref(list);
        return;
    }
    json_array_foreach(raw, i, p)
    {
        struct record_one o = record_one(p, played);
        bool stated = !played || o.played;

        json_array_append_new(
            list, json_pack("{s:O, s:o, s:o}", "operations", json_object_get(p, "calls"), "share",
                            stated ? json_real(o.share) : json_null(), "share_stderr",
                            stated ? json_real(o.se) : json_null()));
        if (o.played)
            one[k++] = o;
    }
    if (k > 0)
        record_replay_mean(replay, one, k);
    json_object_set_new(profile, "processes", list);
    free(one);
}
