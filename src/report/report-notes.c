/* report-notes.c - the note line of a record that is not clean.
 *
 * The published pages note under their tables what makes a row less than a
 * plain measurement; these are the same facts, read from the record. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/format.h"
#include "report/report.h"

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

/* The passes of a record by the name notes give them. */
static const char *const note_pass_name[REC_NPASSES] = {"untimed", "timed", "profiled"};

/* Whether R counts its events per pass (version 4 on). */
static bool note_has_passes(const struct rec *r)
{
    return r->pass[REC_SETUP].known;
}

/* One event of a pass: its count and what it is out of. */
struct note_event {
    long long count, of;
};

/* The event WHICH of pass P of R. */
typedef struct note_event note_event_fn(const struct rec_pass *p);

/* Signing attempts retried, out of the signatures made. */
static struct note_event note_retries(const struct rec_pass *p)
{
    struct note_event e = {p->sign_failures_retried, p->signatures};
    return e;
}

/* Verifications that rejected the honest signature. */
static struct note_event note_rejections(const struct rec_pass *p)
{
    struct note_event e = {p->verify_rejections, p->verifications};
    return e;
}

/* Decapsulations that disagreed with the encapsulation. */
static struct note_event note_mismatches(const struct rec_pass *p)
{
    struct note_event e = {p->decaps_mismatches, p->decapsulations};
    return e;
}

/* "WHAT: 23 in 270 timed signatures, 17 in 412 profiled signatures" (or
 * "23 of 270 timed verifications" with the connector "of"), over the
 * passes where EVENT happened, timed first; nothing when it never did.
 * NOUN is the singular of what the count is out of. */
static void note_per_pass(char *note, size_t size, const struct rec *r, note_event_fn *event,
                          const char *what, const char *connector, const char *noun,
                          const char *tail)
{
    static const int order[REC_NPASSES] = {REC_TIMING, REC_PROFILE, REC_SETUP};
    char text[512] = "";
    size_t len = 0;

    for (int i = 0; i < REC_NPASSES; i++) {
        const struct rec_pass *p = &r->pass[order[i]];
        struct note_event e = p->known ? event(p) : (struct note_event){0, 0};

        if (e.count > 0)
            len += (size_t)snprintf(text + len, sizeof text - len, "%s%lld %s %lld %s %s%s",
                                    len ? ", " : "", e.count, connector, e.of,
                                    note_pass_name[order[i]], noun, note_plural(e.of));
        if (len >= sizeof text)
            break;
    }
    if (text[0] != '\0')
        note_add(note, size, "%s: %s%s", what, text, tail);
}

/* The events of R pass by pass (version 4), each against its pass's
 * calls, one clause per kind of event. */
static void note_events(char *note, size_t size, const struct rec *r, unsigned kinds)
{
    if (kinds & NOTE_RETRIES)
        note_per_pass(note, size, r, note_retries, "failed signing attempts retried", "in",
                      "signature", "; included in the time and the calls");
    if (kinds & NOTE_REJECTIONS) {
        note_per_pass(note, size, r, note_rejections,
                      "verifications that rejected the honest signature", "of", "verification", "");
        note_per_pass(note, size, r, note_mismatches,
                      "decapsulations that disagreed with the encapsulation", "of", "decapsulation",
                      "");
    }
}

/* The sizes of R's passes where they fall short: the profile pass's n
 * beside the timing's when they differ, a pass below the method's
 * minimum, which its budget could not hold, and the shapes whose sampled
 * estimates lost many timed calls as outliers. */
static void note_sample(char *note, size_t size, const struct rec *r)
{
    long long timed = r->has_timing ? r->n : -1, profiled = r->has_profile ? r->profile_calls : -1;
    bool low = (timed >= 0 && timed < r->min_calls) || (profiled >= 0 && profiled < r->min_calls);
    char a[FMT_CELL], b[FMT_CELL];

    if (profiled >= 0 && timed >= 0 && profiled != timed)
        note_add(note, size, "calls and shares from %s profiled operation%s (timed: %s)",
                 fmt_count(a, sizeof a, profiled), note_plural(profiled),
                 fmt_count(b, sizeof b, timed));
    if (low)
        note_add(
            note, size, "below the minimum of %lld operations: only %s fitted in --max-seconds",
            r->min_calls,
            timed >= 0 && timed < r->min_calls && profiled >= 0 && profiled < r->min_calls ? "these"
            : timed >= 0 && timed < r->min_calls ? "the timed ones"
                                                 : "the profiled ones");
    if (r->outlier_shapes_marked > 0)
        note_add(note, size,
                 "%lld shape%s had over %.0f%% of %s timed calls set apart as outliers "
                 "(preempted or interrupted): %s estimate%s rest%s on the others",
                 r->outlier_shapes_marked, note_plural(r->outlier_shapes_marked),
                 100 * r->outlier_max_fraction, r->outlier_shapes_marked == 1 ? "its" : "their",
                 r->outlier_shapes_marked == 1 ? "its" : "their",
                 note_plural(r->outlier_shapes_marked), r->outlier_shapes_marked == 1 ? "s" : "");
}

/* That R was measured with other hashes behind the helpers (a what-if
 * record, whose figures are not the placeholders'), its works-check, and
 * the calls per operation that changed with the hash. */
static void note_substituted(char *note, size_t size, const struct rec *r)
{
    if (!r->substitution_checked) {
        note_add(note, size,
                 "to be measured with %s behind the helpers, not the ICCS placeholders; the "
                 "record holds no works-check result",
                 r->substitution);
        return;
    }
    note_add(note, size,
             "measured with %s behind the helpers, not the ICCS placeholders; the works-check "
             "%s%s%s%s",
             r->substitution, r->substitution_works ? "passed" : "failed",
             r->substitution_check != NULL ? " (" : "",
             r->substitution_check != NULL ? r->substitution_check : "",
             r->substitution_check != NULL ? ")" : "");
    if (r->substitution_differs[0] != '\0')
        note_add(note, size, "calls per operation differ from the placeholder's: %s",
                 r->substitution_differs);
    if (r->substitution_unverified[0] != '\0')
        note_add(note, size,
                 "%s unverified: no KAT responses shipped, measured unchecked (--allow-unverified)",
                 r->substitution_unverified);
}

/* Whether R's played-back share is the mean of cores whose own shares
 * stand further apart than the share's stated half-width: the machine's
 * cores did not run the operation alike (doc/guide/measuring.md, "The
 * cores take turns"), and a run held to one core would have read another
 * share. */
static bool note_cores_disagree(const struct rec *r)
{
    return r->hash_share_played && r->replay_cores >= 2 && r->replay_low_cpu >= 0 &&
           r->replay_high_cpu >= 0 && r->replay_high - r->replay_low > r->hash_share_uncertainty;
}

/* Whether R's profile pass was made in processes whose own hash shares
 * stand further apart than the share's stated half-width
 * (doc/guide/measuring.md, "One process is not the next"): where the
 * library landed or what ran beside it moved the share, and a run of one
 * process would have read one of them. */
static bool note_processes_disagree(const struct rec *r)
{
    return r->processes >= 2 && !isnan(r->process_low) &&
           r->process_high - r->process_low > r->hash_share_uncertainty;
}

/* What bears on R's DRNG figures: a context of the scheme's own that the
 * driver found and seeded, or one the seed did not reach. */
static void note_drng(char *note, size_t size, const struct rec *r)
{
    const char *own = r->drng_seeded;

    if (!r->has_drng)
        return;
    if (strncmp(own, "drng_algorithm", 14) == 0)
        own += own[14] == ',' ? 16 : 14;
    if (own[0] != '\0')
        note_add(note, size, "the scheme's own DRNG context %s found and seeded with --seed", own);
    if (r->drng_seed_reached == 0 && r->drng_unseeded[0] != '\0')
        note_add(note, size,
                 "the scheme draws from %s, which --seed does not reach: its randomness is not "
                 "controlled by --seed",
                 r->drng_unseeded);
    if (r->drng_other_calls > 0)
        note_add(note, size,
                 "%lld DRNG call%s on contexts beyond the %lld the wrappers identify, whose "
                 "seeding is not known",
                 r->drng_other_calls, note_plural(r->drng_other_calls),
                 r->drng_table > 0 ? r->drng_table : ICCSPROF_WRAP_MAX_CONTEXTS);
}

/* That R's time did not reach the precision asked: its timing pass ran
 * out of its budget first. */
static void note_precision(char *note, size_t size, const struct rec *r)
{
    char got[FMT_CELL];

    /* the precision asked as it was given (--precision 1%) */
    note_add(note, size,
             "\xc2\xb1%s%% reached, not the \xc2\xb1%g%% asked: the timing pass stopped at its "
             "budget (--max-seconds %g)",
             fmt_g2(got, sizeof got, 100 * r->timing_precision), 100 * r->precision_asked,
             r->max_seconds);
}

/* What R's state says, when of KINDS: why it failed, or what made it
 * partial.  A record with events per pass (PASSES) says what made it
 * partial in the notes that follow, with the counts; one a pass is
 * missing from says which and why, whatever else it says. */
static void note_state(char *note, size_t size, const struct rec *r, unsigned kinds, bool passes)
{
    if (r->state == REC_FAILED && (kinds & NOTE_FAILED))
        note_add(note, size, "%s%s%s", rec_state_name(r->state), r->message[0] ? ": " : "",
                 r->message);
    if (r->state == REC_PARTIAL && (kinds & NOTE_PARTIAL) && r->incomplete != NULL)
        note_add(note, size, "incomplete: %s", r->message);
    else if (r->state == REC_PARTIAL && (kinds & NOTE_PARTIAL))
        note_add(note, size, "%s%s%s", rec_state_name(r->state),
                 r->message[0] && !passes ? ": " : "", passes ? "" : r->message);
}

/* The events of KINDS R counted: each pass's (note_events) where it has
 * them (PASSES), else their sums; and the exchanges whose secrets
 * disagreed, which only the sums count. */
static void note_counts(char *note, size_t size, const struct rec *r, unsigned kinds, bool passes)
{
    if (passes)
        note_events(note, size, r, kinds);
    if (!passes && (kinds & NOTE_RETRIES) && r->sign_failures_retried > 0)
        note_add(note, size,
                 "%lld failed signing attempt%s retried, included in the time and the calls",
                 r->sign_failures_retried, note_plural(r->sign_failures_retried));
    if (!passes && (kinds & NOTE_REJECTIONS) && r->verify_rejections > 0)
        note_add(note, size, "%lld verification%s rejected the honest signature",
                 r->verify_rejections, note_plural(r->verify_rejections));
    if (!passes && (kinds & NOTE_REJECTIONS) && r->decaps_mismatches > 0)
        note_add(note, size, "%lld decapsulation%s disagreed with the encapsulation",
                 r->decaps_mismatches, note_plural(r->decaps_mismatches));
    if ((kinds & NOTE_REJECTIONS) && r->kex_mismatches > 0)
        note_add(note, size, "%lld exchange%s derived two different shared secrets",
                 r->kex_mismatches, note_plural(r->kex_mismatches));
}

/* Where the compensation of R's profiled shares for the instrumentation
 * falls short: not applied, made from unpaired operations, the hash share
 * timed rather than played back, or played back on cores that disagree. */
static void note_compensation(char *note, size_t size, const struct rec *r)
{
    char ticks[FMT_CELL];

    if (!r->compensation_applied)
        note_add(note, size,
                 "shares not compensated: what the instrumentation added per operation was %s "
                 "(%s ticks), so the raw shares are shown",
                 r->compensation_reason != NULL ? r->compensation_reason : "not trustworthy",
                 fmt_figure(ticks, sizeof ticks, round(r->compensation_added)));
    if (r->compensation_applied && !r->compensation_paired)
        note_add(note, size,
                 "shares compensated from unpaired operations: the library's writable data "
                 "could not be copied to start each twin alike (over 64 MiB, or not found)");
    if (r->replay_fault != NULL)
        note_add(note, size, "hash share timed, not played back: %s", r->replay_fault);
    if (note_cores_disagree(r))
        note_add(
            note, size,
            "the hash share is the mean of %d cores that disagree: %.1f%% on core %d, %.1f%% on "
            "core %d",
            r->replay_cores, 100 * r->replay_low, r->replay_low_cpu, 100 * r->replay_high,
            r->replay_high_cpu);
    if (note_processes_disagree(r))
        note_add(note, size, "hash share of %d processes that disagree: %.1f%% to %.1f%% alone",
                 r->processes, 100 * r->process_low, 100 * r->process_high);
}

/* That the cores R's timing pass took in turn disagree beyond their
 * errors (rec_cores_disagree): its mean cycles are the mean of cores
 * that do not run the operation alike, and a run held to one of them
 * reads that core's.  Cores not known (the process held to none) are not
 * named. */
static void note_cores(char *note, size_t size, const struct rec *r)
{
    char lo[FMT_CELL], hi[FMT_CELL];

    if (!rec_cores_disagree(r) || r->core_low.cpu < 0 || r->core_high.cpu < 0)
        return;
    note_add(note, size,
             "the time is the mean of %d cores that disagree beyond their errors: %s on core %lld, "
             "%s on core %lld (%.1f%% apart)",
             r->timing_cores, fmt_cycles(lo, sizeof lo, r->core_low.mean_cycles), r->core_low.cpu,
             fmt_cycles(hi, sizeof hi, r->core_high.mean_cycles), r->core_high.cpu,
             100 * r->core_spread);
}

/* What of KINDS makes R not clean, as one line into NOTE. */
char *report_note_text(char *note, size_t size, const struct rec *r, unsigned kinds)
{
    bool passes = note_has_passes(r);

    note[0] = '\0';
    note_state(note, size, r, kinds, passes);
    if ((kinds & NOTE_EMULATED) && r->emulated)
        note_add(note, size, "emulated: timings not meaningful");
    if ((kinds & NOTE_PRECISION) && r->has_timing && r->timing_cut &&
        r->timing_precision > r->precision_asked)
        note_precision(note, size, r);
    if ((kinds & NOTE_NOISE) && r->noisy)
        note_add(note, size, "noisy: %s", r->noise_reasons);
    if ((kinds & NOTE_CORES) && r->has_timing)
        note_cores(note, size, r);
    if ((kinds & NOTE_SAMPLE) && r->has_profile)
        note_sample(note, size, r);
    if ((kinds & NOTE_COVERAGE) && r->has_coverage && !r->coverage_complete)
        note_add(note, size,
                 "coverage incomplete: %lld reference%s to %s inside the defining objects, "
                 "invisible to --wrap",
                 r->invisible_references, note_plural(r->invisible_references),
                 r->invisible_helpers);
    note_counts(note, size, r, kinds, passes);
    if ((kinds & NOTE_COMPENSATION) && r->has_profile)
        note_compensation(note, size, r);
    if ((kinds & NOTE_DRNG) && r->has_profile)
        note_drng(note, size, r);
    if ((kinds & NOTE_SUBSTITUTED) && r->substitution != NULL)
        note_substituted(note, size, r);
    if ((kinds & NOTE_OVERFLOW) && r->has_profile && r->overflow_calls > 0)
        note_add(note, size,
                 "%lld call%s beyond the wrappers' shape table, in no helper: the helpers' "
                 "calls and shares (marked \xe2\x89\xa5) are lower bounds; a profile made by "
                 "this iccsprof counts every call",
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

/* What the ticks of RECS are: one line per distinct tick source, with the
 * rate measured in the first of its records that has one. */
void report_ticks_note(struct mdtable *t, struct rec *const *recs, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        bool seen = false;
        double hz = recs[i]->tick_hz;
        char rate[FMT_CELL];

        if (strcmp(recs[i]->cycles_source, "ticks") != 0)
            continue;
        for (size_t j = 0; j < i && !seen; j++)
            seen = strcmp(recs[j]->cycles_source, "ticks") == 0 &&
                   strcmp(recs[j]->tick_source, recs[i]->tick_source) == 0;
        if (seen)
            continue;
        for (size_t j = i; j < n && !(hz > 0); j++)
            if (strcmp(recs[j]->tick_source, recs[i]->tick_source) == 0)
                hz = recs[j]->tick_hz;
        if (hz > 0)
            mdtable_note(t,
                         "ticks, not cycles: no hardware cycle counter where measured; %s counts "
                         "%s",
                         recs[i]->tick_source, fmt_hz(rate, sizeof rate, hz));
        else
            mdtable_note(t, "ticks, not cycles: no hardware cycle counter where measured; %s",
                         recs[i]->tick_source);
    }
}
