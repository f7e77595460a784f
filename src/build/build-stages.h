/* build-stages.h - what the stages of the build hand each other (inside
 * the builder only): an instance being built, and the compile and link
 * stages that build_all runs in turn. */
#ifndef ICCSPROF_BUILD_STAGES_H
#define ICCSPROF_BUILD_STAGES_H

#include <time.h>

#include "util/build-jobs.h"
#include "build/build.h"

/* One instance being built. */
struct ib {
    const struct plan_instance *i;
    struct build_result *r;
    char *mode;             /* the flag set being compiled */
    char *level;            /* the level macro compiled with, or NULL */
    bool active;            /* still building */
    bool *failed;           /* per source, in the current mode */
    char **output;          /* per source: the compiler's output */
    struct timespec newest; /* of the instance's files */
    char *guide_why;        /* why the guide flags failed */
    bool guide_log_open;
};

/* Append TEXT to the log PATH (truncated first when FRESH), created
 * 0600: a compiler's errors quote the files it read. */
void build_log(const char *path, const char *text, bool fresh);

/* The compiler flags of MODE for instance I, without include folders. */
void build_flags(const struct build_settings *s, const struct plan_instance *i, const char *mode,
                 const char *level, struct strlist *out);

/* The stamp key of a command: its words and the folder it reads. */
char *build_key(const struct strlist *argv, const char *folder);

/* The line a log shows for ARGV, then its OUTPUT. */
char *build_log_entry(const struct strlist *argv, const char *output);

/* The first compiler error line of TEXT with the build folder B's src/
 * prefix taken off, newly allocated. */
char *build_first_error(const char *text, const char *b);

/* The newest modification time of B's sources and headers into B. */
void build_newest(struct ib *b);

/* Give job J the limits of S for a compiler or the linker. */
void build_job_limits(const struct build_settings *s, struct job *j);

/* Mark instance B failed with MESSAGE (taken). */
void build_fail(struct ib *b, char *message);

/* Compile the sources of every active instance of IB[N] in its mode and
 * level; per source failed/output filled in.  -1 when a signal stopped
 * it. */
int build_compile(struct ib *ib, size_t n, const struct build_settings *s);

/* Try the level macros of the instances of IB[N] whose guide build
 * failed as a missing level would; the first that compiles the failing
 * files is kept.  -1 when a signal stopped it. */
int build_try_levels(struct ib *ib, size_t n, const struct build_settings *s);

/* The level macro remembered for B from an earlier build, when it is
 * still one of its candidates (B's level and result set). */
void build_remembered_level(struct ib *b);

/* The first library source of B that failed, or -1. */
long build_first_failure(const struct ib *b);

/* Why the sources of B failed in its mode, newly allocated: the first
 * error, its file, a hint about same-named headers or links to nothing;
 * CONF names the descriptor a suggested line goes to. */
char *build_failure_reason(const struct ib *b, const char *conf);

/* Read B's objects into its findings. */
void build_read_objects(struct ib *b, const char *conf);

/* Programs of B that did not compile: left out, with their first error. */
void build_note_left_out(struct ib *b);

/* Count the compiler warnings of B's library sources into warnings.log. */
void build_count_warnings(struct ib *b);

/* Link the libraries of the instances of IB[N] that got this far, the
 * supplied DRNG global compiled first where needed.  -1 on a signal. */
int build_link(struct ib *ib, size_t n, const struct build_settings *s);

/* The functions the objects OBJS (relative to DIR) define, into NAMES. */
void build_align_functions(const char *dir, const struct strlist *objs, struct strlist *names);
/* Where the functions NAMES of the plain library PLAIN lie in the profiled
 * one PROF: the shift that puts most of their code back at its offset in
 * a cache line (*SHIFT, 0 when it is there) and the share already there
 * (*ALIGNED); 0, or -1 with a reason in ERR. */
int build_align_shift(const char *plain, const char *prof, const struct strlist *names,
                      unsigned *shift, double *aligned, char *err, size_t errlen);
/* The padding file of the profiled library OUT, newly allocated. */
char *build_align_pad_path(const char *out);
/* The bytes of padding the file PATH holds; 0 without one. */
unsigned build_align_pad_of(const char *path);
/* Make PATH hold PAD bytes of padding (removed for none); 0, or -1 with
 * errno set. */
int build_align_set_pad(const char *path, unsigned pad);
/* The padding that undoes SHIFT, measured with PAD in place. */
unsigned build_align_next_pad(unsigned pad, unsigned shift);
/* Write B's build.json and compile_commands.json (unless they hold the
 * same already). */
void build_write_record(const struct plan *p, struct ib *b, const struct build_settings *s);

#endif
