/* report-environment.c - section 2 of the pages, Assessment environment:
 * the processor and the core measured on, the clock, memory, operating
 * system and kernel, compiler and build tool, and when the records were
 * made, from each record's host data and host check.  Records that
 * disagree show every value, "; " between them. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/format.h"
#include "report/report.h"
#include "util/strlist.h"

/* A value not recorded: the check could not tell, or did not run. */
static const char *env_or_missing(const char *v)
{
    return v != NULL && strncmp(v, "not known", 9) != 0 ? v : NULL;
}

/* The first word of a host check value ("off" of "off (control
 * notsupported)"), "not known" when there is none. */
static char *env_word(const char *v)
{
    v = env_or_missing(v);
    return v != NULL ? xasprintf("%.*s", (int)strcspn(v, " "), v) : xstrdup("not known");
}

/* The processor cell of R: the model and the core. */
static char *env_processor(const struct rec *r)
{
    if (r->host_cpu >= 0)
        return xasprintf("%s (CPU %lld, one core)", r->cpu_model, r->host_cpu);
    return xasprintf("%s (not pinned)", r->cpu_model);
}

/* The highest frequency the frequency item allows ("cpu2 min 800 MHz,
 * max 2.10 GHz (hardware max 4.90 GHz)" gives "2.10 GHz"). */
static char *env_max(const char *frequency)
{
    const char *f = env_or_missing(frequency), *max = f != NULL ? strstr(f, "max ") : NULL;
    size_t len;

    if (max == NULL)
        return xstrdup("not known");
    max += 4;
    len = strcspn(max, ",(");
    while (len > 0 && max[len - 1] == ' ')
        len--;
    return xasprintf("%.*s", (int)len, max);
}

/* The clock cell of R: "max 2.10 GHz, governor performance, turbo off,
 * SMT off"; NULL without a host check. */
static char *env_clock(const struct rec *r)
{
    const char *gov = env_or_missing(r->governor);
    char *max, *turbo, *smt, *cell;

    if (r->host_ready < 0)
        return NULL;
    if (gov != NULL && strncmp(gov, "no cpufreq", 10) == 0)
        gov = NULL;
    max = env_max(r->frequency);
    turbo = env_word(r->turbo);
    smt = env_word(r->smt);
    cell = xasprintf("max %s, governor %s, turbo %s, SMT %s", max, gov != NULL ? gov : "not known",
                     turbo, smt);
    free(max);
    free(turbo);
    free(smt);
    return cell;
}

/* The OS / kernel cell of R: the kernel by its release, as the pages
 * give it (the record says "Linux 6.12.107+deb13-amd64"). */
static char *env_os(const struct rec *r)
{
    const char *os = env_or_missing(r->os);
    const char *kernel = strncmp(r->kernel, "Linux ", 6) == 0 ? r->kernel + 6 : r->kernel;

    return xasprintf("%s / %s", os != NULL ? os : FMT_MISSING, kernel);
}

/* The compiler / build tool cell of R: the compiler that built the
 * library, and iccsprof, which ran it with the package's flags. */
static char *env_build(const struct rec *r)
{
    return xasprintf("%s / iccsprof %s", r->compiler != NULL ? r->compiler : FMT_MISSING,
                     r->tool_version != NULL ? r->tool_version : "(version not recorded)");
}

/* The timer cell of R: what the cycles are and what times the calls. */
static char *env_timer(const struct rec *r)
{
    if (strcmp(r->cycles_source, "ticks") == 0)
        return xasprintf("%s ticks (no hardware cycle counter); helper calls timed by %s",
                         r->tick_source, r->tick_source);
    return xasprintf("cycles from perf_event; helper calls timed by %s", r->tick_source);
}

/* Add the tick rate row: the rates the records RECS[N] measured, as a
 * range ("2.10 GHz", "2.10 to 2.17 GHz"); none when no record did. */
static void env_rates_row(struct mdtable *t, struct rec *const *recs, size_t n)
{
    double lo = NAN, hi = NAN;
    char rates[64];
    const char *cells[2] = {"tick rate", rates};

    for (size_t i = 0; i < n; i++)
        if (!isnan(recs[i]->tick_hz)) {
            lo = isnan(lo) || recs[i]->tick_hz < lo ? recs[i]->tick_hz : lo;
            hi = isnan(hi) || recs[i]->tick_hz > hi ? recs[i]->tick_hz : hi;
        }
    if (isnan(lo))
        return;
    if (fabs(hi - lo) < 5e6)
        snprintf(rates, sizeof rates, "%.2f GHz", hi / 1e9);
    else
        snprintf(rates, sizeof rates, "%.2f to %.2f GHz", lo / 1e9, hi / 1e9);
    mdtable_row(t, cells);
}

/* Add the host check row: said once for the records RECS[N], "ready" or
 * "not ready: " and every item any record's check failed, each named once
 * in the order first met, with how many records were ready when some
 * were. */
static void env_check_row(struct mdtable *t, struct rec *const *recs, size_t n)
{
    struct strlist items = {0};
    size_t checked = 0, ready = 0;
    char *joined, *cell;
    const char *cells[2] = {"host check", NULL};

    for (size_t i = 0; i < n; i++) {
        const char *c = recs[i]->host_ready == 0 ? recs[i]->host_not_ready : "";

        checked += recs[i]->host_ready >= 0;
        ready += recs[i]->host_ready > 0;
        for (size_t len; *c != '\0'; c += len + strspn(c + len, ", ")) {
            char *item = xasprintf("%.*s", (int)(len = strcspn(c, ",")), c);

            if (!strlist_has(&items, item))
                strlist_add(&items, item);
            free(item);
        }
    }
    joined = strlist_join(&items, ", ");
    if (checked == 0)
        cell = xstrdup(FMT_MISSING);
    else if (ready == checked)
        cell = xstrdup("ready");
    else if (ready == 0)
        cell = xasprintf("not ready: %s", joined);
    else
        cell = xasprintf("ready for %zu of %zu records; not ready for the others: %s", ready,
                         checked, joined);
    cells[1] = cell;
    mdtable_row(t, cells);
    free(cell);
    free(joined);
    strlist_free(&items);
}

/* DATE without its zone letter, as the pages print it. */
static char *env_date(const char *date)
{
    size_t len = strlen(date);

    return xasprintf("%.*s", (int)(len > 0 && date[len - 1] == 'Z' ? len - 1 : len), date);
}

/* Add the campaign start / end row: the first and the last date the
 * records RECS[N] were written. */
static void env_dates_row(struct mdtable *t, struct rec *const *recs, size_t n)
{
    const char *first = NULL, *last = NULL;
    char *a, *b, *both;
    const char *cells[2] = {"campaign start / end (UTC)", NULL};

    for (size_t i = 0; i < n; i++) {
        if (first == NULL || strcmp(recs[i]->created, first) < 0)
            first = recs[i]->created;
        if (last == NULL || strcmp(recs[i]->created, last) > 0)
            last = recs[i]->created;
    }
    a = env_date(first != NULL ? first : FMT_MISSING);
    b = env_date(last != NULL ? last : FMT_MISSING);
    both = xasprintf("%s / %s", a, b);
    cells[1] = both;
    mdtable_row(t, cells);
    mdtable_note(t, "campaign start / end: when the first and the last record were written");
    free(both);
    free(a);
    free(b);
}

/* Add the row LABEL to T: the distinct cells CELL gives the records RECS[N]
 * (each newly allocated; NULL: not recorded), "; " between them. */
static void env_row(struct mdtable *t, const char *label, char *(*cell)(const struct rec *),
                    struct rec *const *recs, size_t n)
{
    struct strlist values = {0};
    char *joined;
    const char *cells[2] = {label, NULL};

    for (size_t i = 0; i < n; i++) {
        char *v = cell(recs[i]);

        if (v != NULL && !strlist_has(&values, v))
            strlist_add(&values, v);
        free(v);
    }
    joined = strlist_join(&values, "; ");
    cells[1] = values.n > 0 ? joined : FMT_MISSING;
    mdtable_row(t, cells);
    free(joined);
    strlist_free(&values);
}

/* The hostname cell. */
static char *env_hostname(const struct rec *r)
{
    const char *v = env_or_missing(r->hostname);

    return v != NULL ? xstrdup(v) : NULL;
}

/* The memory cell. */
static char *env_memory(const struct rec *r)
{
    const char *v = env_or_missing(r->memory);

    return v != NULL ? xstrdup(v) : NULL;
}

/* The sources cell: the package's build files where they gave the
 * sources, else how the build found them, per instance (the
 * autodetected fallback says why the build files' sources failed). */
static char *env_sources(const struct rec *r)
{
    static const char from_files[] = "sources, -I and -D from ";

    if (r->sources_from == NULL)
        return NULL;
    if (strncmp(r->sources_from, from_files, sizeof from_files - 1) == 0)
        return xstrdup("as the package's build files state them");
    return xasprintf("%s: %s", r->instance, r->sources_from);
}

/* Add the section for the records RECS[N] of one scheme. */
static void env_markdown(struct rec *const *recs, size_t n, const struct report_opts *opts,
                         struct page *pg)
{
    static const char *const headers[] = {"item", "value"};
    struct mdtable *t = mdtable_new(NULL, 2, headers, "ll");

    (void)opts;
    env_row(t, "host", env_hostname, recs, n);
    env_row(t, "processor", env_processor, recs, n);
    env_row(t, "clock", env_clock, recs, n);
    env_row(t, "memory", env_memory, recs, n);
    env_row(t, "OS / kernel", env_os, recs, n);
    env_row(t, "compiler / build tool", env_build, recs, n);
    for (size_t i = 0; i < n; i++)
        if (recs[i]->sources_from != NULL) {
            env_row(t, "sources", env_sources, recs, n);
            break;
        }
    env_dates_row(t, recs, n);
    env_row(t, "timer", env_timer, recs, n);
    env_rates_row(t, recs, n);
    env_check_row(t, recs, n);
    report_heading(pg, &report_environment);
    page_table(pg, t);
}

const struct report_section report_environment = {
    .name = "environment",
    .number = 2,
    .title = "Assessment environment",
    .markdown = env_markdown,
};
