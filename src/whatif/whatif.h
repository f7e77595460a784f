/* whatif.h - `iccsprof whatif`: each operation of placeholder records
 * projected, and measured when asked, with each candidate hash behind the
 * ICCS helpers, as one document (the what-if matrix, schema
 * WHATIF_SCHEMA) that the table, the CSV and the report's section are
 * drawn from. */
#ifndef ICCSPROF_WHATIF_H
#define ICCSPROF_WHATIF_H

#include <jansson.h>
#include <stdbool.h>

#include "util/message.h"
#include "record/record-read.h"
#include "util/strlist.h"

#define WHATIF_SCHEMA "iccsprof-whatif/2"

/* A projection or a measurement more than this far from the other is
 * flagged. */
#define WHATIF_FLAG_PERCENT 2.0

/* One candidate of the matrix. */
struct wi_cand {
    char *name;       /* unique in the document */
    const char *kind; /* "control", "libcrypto" or "package" */
    char *subst;      /* what --substitute takes for it */
    char *path;       /* a package's folder, as given; NULL otherwise */
    char *instance;   /* a package's instance; NULL otherwise */
    char *library;    /* a package's built CryptHash library; NULL otherwise */
    unsigned digest_bits;
    char *kat; /* a package's KAT verdict (hashpkg.h); NULL otherwise */
};

/* A package of --hashes that was refused, and why. */
struct wi_refused {
    char *name, *path, *reason;
};

struct wi_set {
    struct wi_cand *c;
    size_t n;
    struct wi_refused *refused;
    size_t nrefused;
};

/* Add the control, iccs, to S. */
void wi_add_control(struct wi_set *s);

/* Add the candidate NAME of --candidate (a libcrypto name, iccs, or
 * pkg:PATH[:INSTANCE], a package built under BUILD_ROOT, one without KAT
 * responses only with ALLOW); EXIT_OK, EXIT_USAGE after a usage error of
 * the command named COMMAND, or EXIT_FAIL after the reason the candidate
 * cannot serve. */
int wi_add_named(struct wi_set *s, const char *command, const char *name, const char *build_root,
                 bool allow);

/* Add every hash package of DIR (each folder right below it with a
 * CryptHash_AlgorithmInstance.h somewhere beneath), named by its folder,
 * its instance chosen for the width (hashpkg.h), built and KAT-checked
 * under BUILD_ROOT once (one without KAT responses only with ALLOW); a
 * refused one is named on stderr with its reason and kept in S's refused
 * list.  The number of packages found (0: none), or -1 after a message
 * when DIR cannot be read.  The packages are taken in their folders'
 * order and named by them (wi_package_name, where a catalog of official
 * ids would name and order them). */
int wi_add_dir(struct wi_set *s, const char *dir, const char *build_root, bool allow);

/* The candidates as the document gives them. */
json_t *wi_cands_json(const struct wi_set *s);

/* The refused packages as the document gives them: [{"name", "path",
 * "reason"}]. */
json_t *wi_refused_json(const struct wi_set *s);

/* The costs request's item of candidate C (protocol.h). */
json_t *wi_cand_spec(const struct wi_cand *c);

/* Free what S holds. */
void wi_set_free(struct wi_set *s);

/* The document's rows of record R with each candidate of S, projected;
 * NULL with the exit status in *STATUS when R cannot be projected at all
 * (no shapes, no timing, the measuring program failed: after a one-line
 * message; a signal stopped it: 128 + the signal). */
json_t *wi_project(const struct rec *r, const struct wi_set *s, int *status);

/* Send request CFG (consumed) to a measuring process of its own, with
 * TIMEOUT seconds to answer: its result, or NULL with why not in WHY (LEN
 * bytes: the program could not start, or its failure), *STATUS set to
 * 128 + the signal when a signal interrupted it. */
json_t *wi_request(json_t *cfg, double timeout, int *status, char *why, size_t len);

/* Play record R's operation back with candidate C on its profiled
 * library LIB (the replay request, measure/replay.h), the placeholder at
 * position 0 of the request and C at 1, in a measuring process of their
 * own, as a substituted run has C alone beside the scheme (another
 * candidate's library in the process moves C's cost by a few per cent):
 * the measuring program's result, or NULL with why not in WHY (LEN
 * bytes; the rows are then projected from the microbenchmark), or NULL
 * with *STATUS 128 + the signal that interrupted it. */
json_t *wi_replay(const struct rec *r, const struct wi_cand *c, const char *lib, int *status,
                  char *why, size_t len);

/* Project ROW of record R from the replay RESULT for the candidate at
 * position K of the request (the placeholder at 0): the projection with
 * its half-width, or why there is none. */
void wi_replay_fill(json_t *row, const struct rec *r, json_t *result, size_t k);

/* Say in ROW ("calls_depend_on_hash", and "calls_why" when they do) of
 * record R and candidate C whether the calls per operation depend on the
 * hash, which a projection made on the placeholder's calls cannot
 * foresee: from R (calls varying between operations, retries,
 * rejections) and, with RESULT, from the replay at request position K
 * (the candidate really serving the helpers made other calls, or failed
 * the operation).  Never for the control. */
void wi_calls_depend(json_t *row, const struct rec *r, const struct wi_cand *c, json_t *result,
                     size_t k);

/* The library of KIND ("plain", "profiled") record R was measured with,
 * when it is still there to read (R's own string); NULL otherwise. */
const char *wi_record_library(const struct rec *r, const char *kind);

/* The sentence of the document's method saying how figures are projected. */
extern const char wi_method[];

/* The code of `iccsprof run` in this process, on the command line ARGV
 * (ARGV[0] is "run"): its exit status.  The command layer supplies it. */
typedef int (*wi_run_fn)(struct strlist *argv);

/* Measure ROW (of record R) with its candidate C substituted by RUN,
 * RUN_FLAGS added to its command line, the record written under TMPDIR; fills "measured" with the
 * run's verdict and its cycles ("run_cycles"), whose ratio, difference and flag wi_measured_basis
 * sets once the record's every candidate is measured. EXIT_OK (a failing works-check included), or
 * the status of a run that could not measure. */
int wi_measure(json_t *row, const struct rec *r, const struct wi_cand *c,
               const struct strlist *run_flags, const char *tmpdir, wi_run_fn run);

/* Put the measured ROWS of one record (one per candidate) on the basis of
 * the control's measured run: each ratio is the run's cycles over the
 * control's, which went through the same library and shims, and its
 * cycles that ratio times the placeholder record's; the difference and
 * flag follow.  Without a measured control they stay on the record's
 * timing.  Each measurement says which ("basis": "control" or "record"). */
void wi_measured_basis(json_t *rows);

/* Print DOC as a Markdown table, as CSV, as JSON. */
void wi_print_md(const json_t *doc, FILE *out);
void wi_print_csv(const json_t *doc, FILE *out);
void wi_print_json(const json_t *doc, FILE *out);

#endif
