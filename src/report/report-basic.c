/* report-basic.c - section 1 of the pages, Basic information: the
 * scheme's category and function, its algorithm, the implementations and
 * parameter sets measured, and the tool that measured them. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "util/strlist.h"

/* What a scheme of TYPE does, as the pages say it. */
const char *report_function(enum rec_type type)
{
    switch (type) {
    case REC_SIG:
        return "digital signature";
    case REC_KEM:
        return "key encapsulation";
    default:
        return "key exchange";
    }
}

/* Add item LABEL with the values of L joined, or WHEN_NONE. */
static void basic_item(struct page *pg, const char *label, const struct strlist *l,
                       const char *when_none)
{
    char *joined = strlist_join(l, ", ");

    page_item(pg, "%s: %s", label, l->n > 0 ? joined : when_none);
    free(joined);
}

/* Add VALUE to L once (NULL: not said). */
static void basic_add(struct strlist *l, const char *value)
{
    if (value != NULL && !strlist_has(l, value))
        strlist_add(l, value);
}

/* Add the section for the records RECS[N] of one scheme. */
static void basic_markdown(struct rec *const *recs, size_t n, const struct report_opts *opts,
                           struct page *pg)
{
    struct strlist functions = {0}, algorithms = {0}, impls = {0}, sets = {0}, tools = {0},
                   archives = {0};

    (void)opts;
    for (size_t i = 0; i < n; i++) {
        basic_add(&functions, report_function(recs[i]->type));
        basic_add(&algorithms, recs[i]->algorithm);
        basic_add(&impls, recs[i]->implementation);
        if (recs[i]->archive_name != NULL) {
            char *archive = xasprintf("%s, SHA-256 %s (%s)", recs[i]->archive_name,
                                      recs[i]->archive_sha256, recs[i]->archive_verdict);

            basic_add(&archives, archive);
            free(archive);
        }
        if (report_instance_first(recs, i))
            strlist_add(&sets, recs[i]->instance);
        if (recs[i]->tool_version != NULL) {
            char *tool = xasprintf("iccsprof %s", recs[i]->tool_version);

            basic_add(&tools, tool);
            free(tool);
        }
    }
    report_heading(pg, &report_basic);
    basic_item(pg, "Category: public-key algorithm; function", &functions, "");
    basic_item(pg, "Algorithm", &algorithms, "");
    basic_item(pg, "Implementation versions measured", &impls, "not recorded");
    basic_item(pg, "Parameter sets", &sets, "");
    basic_item(pg, "Measured with", &tools, "iccsprof (version not recorded)");
    if (archives.n > 0)
        basic_item(pg, "Package archive", &archives, "");
    strlist_free(&functions);
    strlist_free(&algorithms);
    strlist_free(&impls);
    strlist_free(&sets);
    strlist_free(&tools);
    strlist_free(&archives);
}

const struct report_section report_basic = {
    .name = "basic",
    .number = 1,
    .title = "Basic information",
    .markdown = basic_markdown,
};
