/* report-notes.c - the note line of a record that is not clean.
 *
 * The published pages note under their tables what makes a row less than a
 * plain measurement; these are the same facts, read from the record. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

/* Append "; " (unless first) and the formatted text to the note in BUF. */
static void note_add(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void note_add(char *buf, size_t size, const char *fmt, ...)
{
    size_t len = strlen(buf);
    va_list ap;

    if (len > 0 && len + 2 < size) {
        strcpy(buf + len, "; ");
        len += 2;
    }
    va_start(ap, fmt);
    vsnprintf(buf + len, size - len, fmt, ap);
    va_end(ap);
}

/* "s" when N is not 1, for the plural of a counted noun. */
static const char *note_plural(long long n)
{
    return n == 1 ? "" : "s";
}

/* What of KINDS makes R not clean, as one line into NOTE. */
char *report_note_text(char *note, size_t size, const struct rec *r, unsigned kinds)
{
    note[0] = '\0';
    if ((r->state == REC_FAILED && (kinds & NOTE_FAILED)) ||
        (r->state == REC_PARTIAL && (kinds & NOTE_PARTIAL)))
        note_add(note, size, "%s%s%s", rec_state_name(r->state), r->message[0] ? ": " : "",
                 r->message);
    if ((kinds & NOTE_COVERAGE) && r->has_coverage && !r->coverage_complete)
        note_add(note, size,
                 "coverage incomplete: %lld reference%s to %s inside the defining objects, "
                 "invisible to --wrap",
                 r->invisible_references, note_plural(r->invisible_references),
                 r->invisible_helpers);
    if ((kinds & NOTE_RETRIES) && r->sign_failures_retried > 0)
        note_add(note, size,
                 "%lld failed signing attempt%s retried, included in the time and the calls",
                 r->sign_failures_retried, note_plural(r->sign_failures_retried));
    if ((kinds & NOTE_REJECTIONS) && r->verify_rejections > 0)
        note_add(note, size, "%lld verification%s rejected the honest signature",
                 r->verify_rejections, note_plural(r->verify_rejections));
    if ((kinds & NOTE_REJECTIONS) && r->decaps_mismatches > 0)
        note_add(note, size, "%lld decapsulation%s disagreed with the encapsulation",
                 r->decaps_mismatches, note_plural(r->decaps_mismatches));
    if ((kinds & NOTE_REJECTIONS) && r->kex_mismatches > 0)
        note_add(note, size, "%lld exchange%s derived two different shared secrets",
                 r->kex_mismatches, note_plural(r->kex_mismatches));
    if ((kinds & NOTE_OVERFLOW) && r->has_profile && r->overflow_calls > 0)
        note_add(note, size,
                 "%lld call%s beyond the wrappers' shape table (in the totals, in no shape)",
                 r->overflow_calls, note_plural(r->overflow_calls));
    return note;
}

/* The notes of KINDS of every record of RECS on T, in order. */
void report_notes(struct mdtable *t, struct rec *const *recs, size_t n, unsigned kinds)
{
    char note[REPORT_NOTE], instance[REPORT_CELL];

    for (size_t i = 0; i < n; i++)
        if (report_note_text(note, sizeof note, recs[i], kinds)[0] != '\0')
            mdtable_note(t, "%s %s: %s", report_instance_cell(instance, sizeof instance, recs[i]),
                         rec_op_name(recs[i]->op), note);
}
