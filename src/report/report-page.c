/* report-page.c - the page of one scheme: what made it, its title naming
 * the scheme and the host, the chosen sections, and what several sections
 * share (headings, the instances, the survey verdict). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "report/provenance.h"
#include "report/report.h"
#include "util/strlist.h"

/* The instance cell of a row: the instance in backticks. */
char *report_instance_cell(char *buf, size_t size, const struct rec *r)
{
    return md_code(buf, size, r->instance);
}

/* Whether RECS[I] is the first of its scheme instance in RECS. */
bool report_instance_first(struct rec *const *recs, size_t i)
{
    for (size_t j = 0; j < i; j++)
        if (strcmp(recs[j]->instance, recs[i]->instance) == 0 &&
            strcmp(recs[j]->scheme_id, recs[i]->scheme_id) == 0)
            return false;
    return true;
}

/* Append section SEC's heading: its own number, sections 1 to 6 as on
 * the pages, or the one after the last number on the page so far for the
 * sections after them (the pages leave Symmetric primitives unnumbered
 * before 7, Raw evidence index; a page to paste numbers every section). */
void report_heading(struct page *pg, const struct report_section *sec)
{
    page_heading(pg, "%d. %s", sec->number > 0 ? sec->number : report_last_number(pg) + 1,
                 sec->title);
}

/* The number of the last section on PG so far; 0 before the first. */
int report_last_number(const struct page *pg)
{
    for (size_t b = page_nblocks(pg); b-- > 0;)
        if (page_block(pg, b)->kind == PAGE_HEADING)
            return atoi(page_block(pg, b)->text);
    return 0;
}

/* The architecture as the pages name it. */
static const char *report_machine_name(const char *machine)
{
    if (strcmp(machine, "x86_64") == 0)
        return "x86-64";
    if (strcmp(machine, "aarch64") == 0)
        return "AArch64";
    return machine;
}

/* Add each record's VALUE (NULL or "not known": not said) to L once. */
static void report_distinct(struct strlist *l, const char *value)
{
    if (value != NULL && strncmp(value, "not known", 9) != 0 && !strlist_has(l, value))
        strlist_add(l, value);
}

/* The title: "sign-29 Tins — performance on x86-64 (host x86_1)"; the
 * host by its name, or its CPU in records that do not name it. */
static void report_title(struct page *pg, struct rec *const *recs, size_t n)
{
    struct strlist machines = {0}, hosts = {0}, cpus = {0};
    const char *id = recs[0]->scheme_id, *alg = recs[0]->algorithm;
    char *on, *who;

    for (size_t i = 0; i < n; i++) {
        report_distinct(&machines,
                        recs[i]->machine != NULL ? report_machine_name(recs[i]->machine) : NULL);
        report_distinct(&hosts, recs[i]->hostname);
        report_distinct(&cpus, recs[i]->cpu_model);
    }
    on = strlist_join(&machines, " and ");
    who = strlist_join(hosts.n > 0 ? &hosts : &cpus, ", ");
    page_title(pg, "%s%s%s \xe2\x80\x94 performance%s%s (%s%s)", id, strcmp(id, alg) ? " " : "",
               strcmp(id, alg) ? alg : "", on[0] ? " on " : "", on,
               hosts.n > 1    ? "hosts "
               : hosts.n == 1 ? "host "
                              : "",
               who);
    free(on);
    free(who);
    strlist_free(&machines);
    strlist_free(&hosts);
    strlist_free(&cpus);
}

/* The head of the page of the records RECS[N] of one scheme. */
struct page *report_page_head(const struct report_section *const *sel, size_t nsel,
                              struct rec *const *recs, size_t n)
{
    struct page *pg = page_new();
    bool command_below = false;
    char *made;

    /* the title first; the command, long, in the evidence section */
    for (size_t s = 0; s < nsel; s++)
        command_below |= sel[s] == &report_evidence;
    made = command_below ? provenance_short_line() : provenance_line(true);
    if (n > 0)
        report_title(pg, recs, n);
    page_text(pg, "%s%s.", made, command_below ? "; the command is under Raw evidence index" : "");
    free(made);
    if (n > 0) {
        page_text(pg, "Measured by iccsprof in the layout of the NICCS self-assessment guide, "
                      "\xc2\xa7"
                      "3.5 (1)\xe2\x80\x93(7): the plain library timed, the profiled one (the "
                      "ICCS helpers wrapped at link time) measured in the same run.");
    }
    return pg;
}

/* The page of the records RECS[N] of one scheme. */
struct page *report_page(const struct report_section *const *sel, size_t nsel,
                         struct rec *const *recs, size_t n, const struct report_opts *opts)
{
    struct page *pg = report_page_head(sel, nsel, recs, n);

    for (size_t s = 0; s < nsel; s++)
        sel[s]->markdown(recs, n, opts, pg);
    report_terms(pg);
    return pg;
}

/* The survey verdict line: one verdict, or each instance's. */
void report_survey_line(struct page *pg, struct rec *const *recs, size_t n)
{
    struct strlist verdicts = {0}, each = {0};
    char code[512], *joined;

    for (size_t i = 0; i < n; i++)
        if (!strlist_has(&verdicts, recs[i]->survey_text != NULL ? recs[i]->survey_text : ""))
            strlist_add(&verdicts, recs[i]->survey_text != NULL ? recs[i]->survey_text : "");
    for (size_t i = 0; verdicts.n > 1 && i < n; i++)
        if (report_instance_first(recs, i))
            strlist_addf(&each, "%s: %s", report_instance_cell(code, sizeof code, recs[i]),
                         recs[i]->survey_text != NULL ? recs[i]->survey_text : "not surveyed");
    joined = strlist_join(&each, "; ");
    if (verdicts.n > 1)
        page_text(pg, "Survey verdict: %s", joined);
    else if (verdicts.n == 1 && verdicts.v[0][0] != '\0')
        page_text(pg, "Survey verdict: %s", verdicts.v[0]);
    else
        page_text(pg, "Survey verdict: not surveyed (the records predate the survey of the "
                      "package's objects)");
    free(joined);
    strlist_free(&verdicts);
    strlist_free(&each);
}
