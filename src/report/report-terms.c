/* report-terms.c - the last section of a page, Terms: a line for each
 * term of the tool's own that the page uses, so that a page pasted
 * elsewhere explains itself without the user guide beside it. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

/* A term, found on a page by any of its marks (as the Markdown prints
 * them), and the line that explains it. */
struct report_term {
    const char *marks[4];
    const char *line;
};

static const struct report_term term_table[] = {
    {{"Survey verdict:"},
     "Survey verdict: what the package's objects were found to use for hashing and random "
     "numbers; ICCS-only: the ICCS helpers alone, so that the shares cover every call; "
     "ICCS-only \xe2\x80\x94 and families named: the same, through the package's own names "
     "for those families, which wrap the helpers; mixed: a primitive of its own as well, which "
     "the shares do not measure"},
    {{"| guide |", "| lenient |"},
     "guide, lenient (build flags): the instance built with the flags of the NICCS guide "
     "(--cflags), or with the fallback flags (--lenient-cflags) where those failed"},
    {{"| PASS |", "| CRYPTOFAIL", "| TIMEOUT", "| NOT AVAILABLE"},
     "PASS, CRYPTOFAIL, TIMEOUT, NOT AVAILABLE (KAT): the library's output matched the package's "
     "KAT responses, did not, took longer than --kat-timeout, or could not be checked"},
    {{" ticks"},
     "ticks: counts of the host's time-stamp counter at its fixed rate (the tick rate), not core "
     "cycles: the host had no hardware cycle counter to read"},
    {{"\xc2\xb1"},
     "\xc2\xb1: the 95 % confidence half-width; beside a time, of its mean, relative to it; "
     "beside a share, in percentage points; beside a count per operation, its standard error"},
    {{"\xc2\xb1?"},
     "\xc2\xb1?: beside a count per operation, a count from a single profiled operation: whether "
     "it varies from one operation to the next, and by how much, is unknown"},
    {{"median trial"}, "median trial: the median of the trials' mean times of a call"},
    {{"n (trials"}, "n (trials \xc3\x97 calls): the calls timed, in trials of equal calls"},
    {{"noisy:"},
     "noisy: the host disturbed the timing (its trials spread, or other processes took the "
     "CPU); the time stands with its \xc2\xb1"},
    {{"pseudohash/XOF/sm3"},
     "pseudohash/XOF/sm3: the share of an operation's time spent in the three ICCS hash helpers "
     "together (pseudohash, pseudoXOF, sm3hash)"},
    {{"| DRNG |"},
     "DRNG: the share of an operation's time spent in the ICCS deterministic random number "
     "generator's helpers (drng in calls per operation), seeded with --seed"},
    {{"played back"},
     "played back: a share measured as the time the operation loses when the helpers' calls "
     "are served from a recording of their outputs, so that no call is timed one by one"},
    {{"compensated"},
     "compensated: with what the wrappers themselves add to each operation taken out, measured "
     "by running each operation with the wrappers on and off in pairs"},
    {{"| in bits |"},
     "shape: the calls of one helper with one length of input and of output, in bits"},
};

/* Whether TEXT holds one of TERM's marks. */
static bool report_term_used(const struct report_term *term, const char *text)
{
    for (size_t m = 0; m < sizeof term->marks / sizeof term->marks[0] && term->marks[m]; m++)
        if (strstr(text, term->marks[m]) != NULL)
            return true;
    return false;
}

/* Append the Terms section to PG: the line of every term its text uses,
 * under the number after the last section's; nothing when it uses none. */
void report_terms(struct page *pg)
{
    char *text = NULL;
    size_t len = 0;
    FILE *md = open_memstream(&text, &len);
    bool any = false;

    if (md == NULL)
        return;
    page_print_md(pg, md);
    fclose(md);
    for (size_t k = 0; k < sizeof term_table / sizeof term_table[0]; k++) {
        if (!report_term_used(&term_table[k], text))
            continue;
        if (!any)
            page_heading(pg, "%d. Terms", report_last_number(pg) + 1);
        any = true;
        page_item(pg, "%s", term_table[k].line);
    }
    free(text);
}
