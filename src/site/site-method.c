/* site-method.c - the method page of a system: how iccsprof measures, and
 * the settings, timer, build and tool its records say they were measured
 * with, each value with the number of records that have it. */
#include "config.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/provenance.h"
#include "site/site.h"

/* What each setting of a record's method means. */
static const struct {
    const char *key, *meaning;
} method_meanings[] = {
    {"trials", "timed trials of each operation, on the plain library"},
    {"warmup_calls", "untimed calls before the calibration and the trials"},
    {"min_calls", "the fewest timed calls, and profiled operations, when they fit in max_seconds"},
    {"target_seconds", "what the trials aim to take in all"},
    {"max_seconds", "the most the timing may take (the profile pass, half of it)"},
    {"max_sign_attempts", "signing attempts, with fresh randomness, before a signature fails"},
    {"timeout_seconds", "after this long the measuring process is killed"},
    {"profile_calls", "operations the profile pass measured with the wrappers on"},
    {"profile_seconds", "what the profile pass aims to take in all"},
};

/* Values seen per item, each with the number of records that have it. */
struct method_tally {
    struct strlist items;       /* each item once, in the order first met */
    struct strlist item, value; /* each pair once */
    size_t *count;
    double *number; /* the value as a number, NAN when it is none */
};

/* Count VALUE (NUMBER when it is one) once more under ITEM. */
static void method_count(struct method_tally *t, const char *item, const char *value, double number)
{
    size_t i = 0;

    while (i < t->item.n && !(strcmp(t->item.v[i], item) == 0 && strcmp(t->value.v[i], value) == 0))
        i++;
    if (!strlist_has(&t->items, item))
        strlist_add(&t->items, item);
    if (i == t->item.n) {
        strlist_add(&t->item, item);
        strlist_add(&t->value, value);
        t->count = realloc(t->count, t->item.n * sizeof *t->count);
        t->number = realloc(t->number, t->item.n * sizeof *t->number);
        if (t->count == NULL || t->number == NULL)
            abort();
        t->count[i] = 0;
        t->number[i] = number;
    }
    t->count[i]++;
}

static void method_tally_free(struct method_tally *t)
{
    strlist_free(&t->items);
    strlist_free(&t->item);
    strlist_free(&t->value);
    free(t->count);
    free(t->number);
}

/* The values of ITEM in T, as a cell: the one value; up to four, each
 * with its records; more, when numbers: their range. */
static char *method_values(const struct method_tally *t, const char *item)
{
    struct strlist each = {0};
    double lo = NAN, hi = NAN;
    bool numbers = true;
    const char *one = NULL;
    char *cell;

    for (size_t i = 0; i < t->item.n; i++) {
        if (strcmp(t->item.v[i], item) != 0)
            continue;
        one = t->value.v[i];
        strlist_addf(&each, "%s (%zu record%s)", t->value.v[i], t->count[i],
                     t->count[i] == 1 ? "" : "s");
        numbers &= !isnan(t->number[i]);
        lo = isnan(lo) || t->number[i] < lo ? t->number[i] : lo;
        hi = isnan(hi) || t->number[i] > hi ? t->number[i] : hi;
    }
    if (each.n == 1)
        cell = xstrdup(one);
    else if (each.n > 4 && numbers)
        cell = xasprintf("from %g to %g (%zu values)", lo, hi, each.n);
    else
        cell = strlist_join(&each, "; ");
    strlist_free(&each);
    return cell;
}

/* The meaning of setting KEY, or what says the record names it alone. */
static const char *method_meaning(const char *key)
{
    for (size_t i = 0; i < sizeof method_meanings / sizeof method_meanings[0]; i++)
        if (strcmp(method_meanings[i].key, key) == 0)
            return method_meanings[i].meaning;
    return "as the records name it";
}

/* Count the settings of the method object of the record at PATH. */
static void method_settings(struct method_tally *t, const char *path)
{
    json_t *rec = json_load_file(path, 0, NULL), *value;
    const char *key;

    json_object_foreach(json_object_get(rec, "method"), key, value)
    {
        /* 15 digits: a setting reads as the record holds it (0.05, not 0.050000000000000003) */
        char *text =
            json_is_null(value)
                ? xstrdup("not recorded")
                : json_dumps(value, JSON_ENCODE_ANY | JSON_COMPACT | JSON_REAL_PRECISION(15));

        method_count(t, key, text != NULL ? text : "",
                     json_is_number(value) ? json_number_value(value) : NAN);
        free(text);
    }
    json_decref(rec);
}

/* Count what record R says of its timer, build, tool and host. */
static void method_facts(struct method_tally *t, const struct rec *r)
{
    char buf[256];

    method_count(t, "helper calls timed by", r->tick_source, NAN);
    method_count(t, "cycles counted by",
                 strcmp(r->cycles_source, "ticks") == 0 ? "the tick counter (no hardware cycle "
                                                          "counter)"
                                                        : r->cycles_source,
                 NAN);
    if (!isnan(r->tick_hz)) {
        snprintf(buf, sizeof buf, "%.2f GHz", r->tick_hz / 1e9);
        method_count(t, "tick rate", buf, NAN);
    }
    method_count(t, "compiler", r->compiler != NULL ? r->compiler : "not recorded", NAN);
    method_count(t, "compiler flags", r->cflags != NULL ? r->cflags : "not recorded", NAN);
    if (r->sampling_k > 1)
        snprintf(buf, sizeof buf, "the first calls of each shape, then about 1 in %lld",
                 r->sampling_k);
    else
        snprintf(buf, sizeof buf, "every call");
    method_count(t, "helper calls timed", r->has_profile ? buf : "no profile", NAN);
    method_count(t, "instrumentation's cost taken off the shares",
                 !r->has_profile           ? "no profile"
                 : r->compensation_applied ? "yes"
                                           : "no: too small to tell, raw shares",
                 NAN);
    if (r->host_cpu >= 0)
        snprintf(buf, sizeof buf, "pinned to one core");
    else
        snprintf(buf, sizeof buf, "not pinned");
    method_count(t, "measuring process", buf, NAN);
    method_count(t, "host check",
                 r->host_ready < 0   ? "not run"
                 : r->host_ready > 0 ? "ready"
                                     : "not ready",
                 NAN);
    method_count(t, "KAT gate", r->has_kat ? "run before timing" : "not run", NAN);
    snprintf(buf, sizeof buf, "iccsprof %s", r->tool_version != NULL ? r->tool_version : "");
    method_count(t, "measured with", r->tool_version != NULL ? buf : "not recorded", NAN);
}

/* The prose: how the tool measures, as the records' fields name it. */
static void method_prose(struct page *pg)
{
    page_heading(pg, "How iccsprof measures");
    page_text(pg, "Each instance of a scheme is built twice from the same sources: the plain "
                  "library, and the profiled one, in which the calls to the ICCS helpers "
                  "(pseudohash, pseudoXOF, sm3hash and the DRNG's get_random_number) are "
                  "wrapped at link time (GNU ld --wrap); the scheme's own code is unchanged.");
    page_text(pg, "Before timing, the package's KAT program is run on the plain library and its "
                  "output compared with the package's responses; the profiled library must give "
                  "the same output (the KAT gate).");
    page_text(pg, "Each operation is measured in a process of its own (pinned to one core or not, "
                  "as the table below says), with the DRNG seeded with a fixed seed. After "
                  "warmup_calls untimed calls and a "
                  "calibration call, the plain library is timed over trials trials of as many "
                  "calls as make them take about target_seconds in all (at least min_calls, "
                  "within max_seconds): the mean time, the operations per second and the median "
                  "trial come from them.");
    page_text(pg, "In the same run the profiled library is loaded and the profile pass measures "
                  "pairs of operations, one with the wrappers on and one with them off, for "
                  "about profile_seconds: the wrappers count every helper call and time it with "
                  "the tick counter. A helper's share of an operation is its ticks over the "
                  "operation's; what the instrumentation adds, measured from the pairs, is taken "
                  "off the operation's time when it is significant, and the record says when it "
                  "is not.");
    page_text(pg, "The host is checked before measuring (pinning, isolation, governor, turbo, "
                  "SMT, hardware counters, load), and every record keeps its settings, its "
                  "host, its trials and its profile: the tables below are read from them.");
}

/* Add OUT/SYS/method.html. */
void site_method_page(struct site *s, size_t i)
{
    static const char *const settings_headers[] = {"setting", "meaning", "value"};
    static const char *const facts_headers[] = {"item", "value"};
    const struct site_system *sys = &s->sys[i];
    struct site_nav nav = {
        .depth = "../", .site = s, .system = sys->name, .leaf = "method", .file = "method.html"};
    struct method_tally settings = {0}, facts = {0};
    struct mdtable *ts = mdtable_new(NULL, 3, settings_headers, "lll"),
                   *tf = mdtable_new(NULL, 2, facts_headers, "ll");
    struct site_links l = {0};
    struct page *pg = page_new();
    struct page_html how = site_links_html(&l);
    char *made = provenance_line(true), *title, *rel, *html = NULL;
    size_t len = 0;
    FILE *f;

    for (size_t r = 0; r < sys->set.n; r++) {
        method_settings(&settings, sys->set.recs[r]->path);
        method_facts(&facts, sys->set.recs[r]);
    }
    for (size_t k = 0; k < settings.items.n; k++) {
        char *values = method_values(&settings, settings.items.v[k]);
        const char *cells[] = {settings.items.v[k], method_meaning(settings.items.v[k]), values};

        mdtable_row(ts, cells);
        free(values);
    }
    page_text(pg, "%s", made);
    page_title(pg, "Measurement method \xe2\x80\x94 system %s", sys->name);
    page_text(pg, "How the %zu records of system %s were measured, read from the records.",
              sys->set.n, sys->name);
    method_prose(pg);
    page_heading(pg, "Settings of the records");
    page_table(pg, ts);
    page_heading(pg, "Timer, build and tool");
    for (size_t k = 0; k < facts.items.n; k++) {
        char *values = method_values(&facts, facts.items.v[k]);
        const char *cells[] = {facts.items.v[k], values};

        mdtable_row(tf, cells);
        free(values);
    }
    page_table(pg, tf);
    title = xasprintf("Method of %s \xe2\x80\x94 Performance measurements", sys->name);
    f = open_memstream(&html, &len);
    site_html_open(f, title, &nav);
    page_print_html(pg, &how, f);
    site_html_close(f, &nav);
    fclose(f);
    rel = xasprintf("%s/method.html", sys->slug);
    site_add_data(s, rel, html, len);
    method_tally_free(&settings);
    method_tally_free(&facts);
    site_links_free(&l);
    page_free(pg);
    free(made);
    free(title);
    free(rel);
}
