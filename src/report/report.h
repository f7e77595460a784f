/* report.h - the sections of `iccsprof report` and how they are printed.
 *
 * In Markdown the report is the published NICCS page of each scheme: a
 * title naming the scheme and the host, a line saying what made it, then
 * the sections in the pages' order, each adding its heading, text and
 * tables to the page (page.h), and last the terms the page uses.  For
 * CSV and JSON a section gives its fields: record-level sections add
 * fields to one row per record, the shapes and call sites have rows of
 * their own, and the page's own sections (basic information, environment,
 * evidence) none. */
#ifndef ICCSPROF_REPORT_H
#define ICCSPROF_REPORT_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "report/mdtable.h"
#include "report/page.h"
#include "record/record-read.h"

/* Room for one cell of a section, instance names and call chains aside. */
#define REPORT_CELL 512
/* Room for the note line of a record. */
#define REPORT_NOTE 2048

enum report_format { REPORT_MD, REPORT_CSV, REPORT_JSON, REPORT_SVG, REPORT_FOLDED };

struct report_opts {
    size_t top;            /* call sites shown per record */
    size_t shapes_top;     /* shapes shown per record in Markdown, the rest as one row; 0: all */
    const char *base;      /* the folder a page is written to: its paths are given from there;
                              NULL: as read */
    json_t *const *whatif; /* the what-if documents beside the records (whatif-doc.h) */
    size_t nwhatif;
};

struct report_section {
    const char *name;  /* as given to --section */
    int number;        /* its number on the page (1 to 6); 0: the one after the last */
    const char *title; /* its heading, after the number */
    /* Add the section for the N sorted records RECS of one scheme to the
     * page PG. */
    void (*markdown)(struct rec *const *recs, size_t n, const struct report_opts *opts,
                     struct page *pg);
    /* Append the section's CSV/JSON column names to KEYS (NULL: a section
     * of the page alone). */
    void (*columns)(json_t *keys);
    /* Record-level section: set its fields of R in ROW (else NULL). */
    void (*fields)(const struct rec *r, json_t *row);
    /* Section with rows of its own: append R's rows to ROWS, identity
     * fields included (else NULL). */
    void (*rows)(const struct rec *r, const struct report_opts *opts, json_t *rows);
};

extern const struct report_section report_basic, report_environment, report_kat, report_perf,
    report_memory, report_sizes, report_symmetric, report_shapes, report_callers, report_whatif,
    report_evidence;

/* The sections' names, in page order, for messages. */
#define REPORT_NAMES                                                                               \
    "basic, environment, kat, perf, memory, sizes, symmetric, shapes, callers, whatif, evidence"

/* Every section in page order, NULL-terminated. */
#define REPORT_NSECTIONS 11
extern const struct report_section *const report_sections[REPORT_NSECTIONS + 1];

/* Print the sections of the NSEL SEL for the N records RECS in FORMAT:
 * in Markdown the page of each scheme in turn; CSV and JSON print one
 * table: either record-level sections or one section with rows of its
 * own; false (nothing printed) otherwise. */
bool report_print(const struct report_section *const *sel, size_t nsel, struct rec *const *recs,
                  size_t n, enum report_format format, const struct report_opts *opts, FILE *out);

/* The sections printed when none is chosen, into SEL; how many.  In
 * Markdown all of them, call sites only when a record of RECS[N] has
 * some (the What if section prints nothing without a what-if document
 * for the scheme); in CSV and JSON the record-level ones; the KAT section in those
 * only when a record carries a KAT result. */
size_t report_default_sections(const struct report_section **sel, enum report_format format,
                               struct rec *const *recs, size_t n);

/* The page of the N sorted records RECS of one scheme: a title naming
 * the scheme and host, a line saying what made it (the command itself
 * under the evidence index, when SEL has it), the NSEL sections SEL and
 * the terms they use.  The caller frees it. */
struct page *report_page(const struct report_section *const *sel, size_t nsel,
                         struct rec *const *recs, size_t n, const struct report_opts *opts);

/* The head of that page alone, for a caller that adds the sections SEL
 * and the terms itself: the title and what made it. */
struct page *report_page_head(const struct report_section *const *sel, size_t nsel,
                              struct rec *const *recs, size_t n);

/* Append the heading of section SEC to PG: "4. Performance"; a section
 * without a number of its own takes the one after the last on PG. */
void report_heading(struct page *pg, const struct report_section *sec);

/* The number of the last section on PG so far; 0 before the first. */
int report_last_number(const struct page *pg);

/* Append the Terms section to PG: a line for each of the tool's terms its
 * text uses, numbered after the last section; nothing when it uses none. */
void report_terms(struct page *pg);

/* The survey verdict line of the records RECS[N]: "Survey verdict:
 * ICCS-only", each instance's when they differ. */
void report_survey_line(struct page *pg, struct rec *const *recs, size_t n);

/* Whether RECS[I] is the first of its scheme instance in RECS. */
bool report_instance_first(struct rec *const *recs, size_t i);

/* The share chart of the N records RECS, a stacked bar per record, as an
 * SVG document. */
void report_print_svg(struct rec *const *recs, size_t n, FILE *out);

/* The call sites of the N records RECS as folded stacks for flame-graph
 * tools; false when no record has call sites. */
bool report_print_folded(struct rec *const *recs, size_t n, FILE *out);

/* The identity columns leading every CSV/JSON row, and their values. */
void report_identity_columns(json_t *keys);
void report_identity_fields(const struct rec *r, json_t *row);

/* Whether every record of RECS (N of them) counts its cycles with the
 * tick counter: tables, columns and headers then say ticks. */
bool report_all_ticks(struct rec *const *recs, size_t n);

/* Under table T, what the ticks of RECS are: each tick source with its
 * rate, where the host had no hardware cycle counter. */
void report_ticks_note(struct mdtable *t, struct rec *const *recs, size_t n);

/* The context columns closing every CSV/JSON row (host, build, date, the
 * record's folder), and their values. */
void report_context_columns(json_t *keys);
void report_context_fields(const struct rec *r, json_t *row);

/* The instance cell of a row: the instance in backticks. */
char *report_instance_cell(char *buf, size_t size, const struct rec *r);

/* What a scheme of TYPE does, as the pages say it: "digital signature",
 * "key encapsulation" or "key exchange". */
const char *report_function(enum rec_type type);

/* The calls-per-operation cell of R: "drng 1.03, pseudoXOF 2,290,
 * pseudohash 1.03" (names in byte order, fmt_figure each, helpers without calls
 * left out; empty when none is called, FMT_MISSING without a profile); a
 * count that varies between operations gets its standard error:
 * "sm3hash 133 ±0.043". */
char *report_calls_cell(char *buf, size_t size, const struct rec *r);

/* "\xe2\x89\xa5" (>=) before the helper figures of R when they are lower
 * bounds: a record before version 5 whose calls overflowed the wrappers'
 * shape table, in its totals but in no helper; else "". */
const char *report_bound_mark(const struct rec *r);

/* The hash share cell (DRNG false) or DRNG share cell of R: the share
 * and its half-width as fmt_share_pm prints them (rec_share_halfwidth),
 * after R's bound mark. */
char *report_share_cell(char *buf, size_t size, const struct rec *r, bool drng);

/* Whether a count per operation with this minimum and maximum varies
 * from one operation to the next (false when the record does not say). */
bool report_count_varies(long long min, long long max);

/* Whether the count H of R comes from a single operation, whose spread
 * is unknown: shown "±?". */
bool report_count_unknown(const struct rec *r, const struct rec_helper *h);

/* What can make a record not clean; a section notes the kinds that bear
 * on its figures. */
enum report_note_kind {
    NOTE_FAILED = 1 << 0,       /* failed, with the status message */
    NOTE_PARTIAL = 1 << 1,      /* partial, with the status message */
    NOTE_COVERAGE = 1 << 2,     /* helper calls invisible to --wrap */
    NOTE_RETRIES = 1 << 3,      /* signing attempts failed and retried */
    NOTE_REJECTIONS = 1 << 4,   /* verifications or decapsulations that failed */
    NOTE_OVERFLOW = 1 << 5,     /* calls beyond the wrappers' shape table */
    NOTE_NOISE = 1 << 6,        /* the machine disturbed the measurement */
    NOTE_SAMPLE = 1 << 7,       /* pass sizes that differ or fall short */
    NOTE_COMPENSATION = 1 << 8, /* shares left raw */
    NOTE_DRNG = 1 << 9,         /* the DRNG contexts the scheme drew from */
    NOTE_EMULATED = 1 << 10,    /* measured under an emulator */
    NOTE_SUBSTITUTED = 1 << 11, /* another hash behind the helpers (what if) */
    NOTE_PRECISION = 1 << 12,   /* the time's precision asked, not reached in the budget */
    NOTE_CORES = 1 << 13,       /* the timing pass's cores disagree beyond their errors */
    NOTE_ALL = (1 << 14) - 1
};

/* What of KINDS makes R not clean, as one line into NOTE (SIZE bytes;
 * empty when nothing does). */
char *report_note_text(char *note, size_t size, const struct rec *r, unsigned kinds);

/* The notes of KINDS of every record of RECS (N of them) on T, in order,
 * one line per record: "`instance` operation: what". */
void report_notes(struct mdtable *t, struct rec *const *recs, size_t n, unsigned kinds);

#endif
