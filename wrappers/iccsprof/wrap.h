/* iccsprof/wrap.h - query interface of the ICCS helper wrappers.
 *
 * A profiled library is a scheme's objects linked with libiccswrap and
 * -Wl,--wrap=<helper> for each ICCS helper the objects define.  The driver
 * finds the wrappers by dlsym(lib, "iccsprof_wrap_api") and checks the ABI
 * version before using anything else; a library without that symbol is not
 * a profiled build.
 */
#ifndef ICCSPROF_WRAP_H
#define ICCSPROF_WRAP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever a structure below or the table of functions changes. */
#define ICCSPROF_WRAP_ABI 5

/* The helpers, in the order used for every per-helper array. */
enum iccsprof_helper {
    ICCSPROF_PSEUDOHASH = 0,
    ICCSPROF_PSEUDOXOF = 1,
    ICCSPROF_SM3HASH = 2,
    ICCSPROF_DRNG = 3, /* get_random_number */
    ICCSPROF_NHELPERS = 4
};

/* Exact shapes the table keeps.  A key met once the table holds this many
 * is counted in a grouped row instead: its helper with the power-of-two
 * classes of its input and output lengths (ICCSPROF_SHAPE_CLASS), or, once
 * ICCSPROF_WRAP_MAX_CLASSES of those are kept too, its helper alone
 * (ICCSPROF_SHAPE_REST).  Every call is in exactly one row, so the rows of
 * a helper sum to its totals whatever the number of shapes. */
#define ICCSPROF_WRAP_MAX_SHAPES 256
#define ICCSPROF_WRAP_MAX_CLASSES 256
/* Rows a snapshot can hold: exact shapes, classes, one rest per helper. */
#define ICCSPROF_WRAP_MAX_ROWS                                                                     \
    (ICCSPROF_WRAP_MAX_SHAPES + ICCSPROF_WRAP_MAX_CLASSES + ICCSPROF_NHELPERS)
/* Capacity of the call-site table and the deepest chain it keeps; the
 * calls of sites beyond it are counted per helper (overflow). */
#define ICCSPROF_WRAP_MAX_SITES 512
#define ICCSPROF_WRAP_MAX_DEPTH 8
/* Distinct DRNG contexts kept; calls with further ones are counted
 * together (other_context_calls). */
#define ICCSPROF_WRAP_MAX_CONTEXTS 8

/* What a row of the shape table stands for. */
enum iccsprof_shape_kind {
    /* one key: (helper, in_bits, out_bits) */
    ICCSPROF_SHAPE_EXACT = 0,
    /* every key of the helper with in bits in [in_bits, 2 in_bits - 1] and
     * out bits in [out_bits, 2 out_bits - 1] (a bound of 0 stands for
     * [0, 0]) */
    ICCSPROF_SHAPE_CLASS = 1,
    /* every key of the helper that found no room (in_bits = out_bits = 0) */
    ICCSPROF_SHAPE_REST = 2
};

/* One row of the shape table: a key, or a group of keys (kind). */
struct iccsprof_wrap_shape {
    uint32_t helper;      /* enum iccsprof_helper */
    uint32_t kind;        /* enum iccsprof_shape_kind */
    uint64_t in_bits;     /* message length; 0 for the DRNG */
    uint64_t out_bits;    /* digest or output length; bits requested for the DRNG */
    uint64_t calls;       /* outermost calls, every one counted */
    uint64_t timed_calls; /* measured calls kept (all, unless sampling or outliers) */
    uint64_t ticks;       /* sum of the kept calls' ticks */
    double ticks_sq;      /* sum of squares of the kept calls' ticks */
    /* Measured calls set apart as outliers (see set_outliers), and their
     * ticks: not in the three sums above. */
    uint64_t outlier_calls;
    uint64_t outlier_ticks;
    uint64_t min_ticks; /* the fastest measured call, the outliers' reference */
};

/* A helper's totals, exact whatever the number of shapes: its calls,
 * timed calls, ticks and outliers are the sums of its rows (every call is
 * in exactly one), its nested and warming calls are kept apart. */
struct iccsprof_wrap_total {
    uint64_t calls;       /* outermost calls */
    uint64_t timed_calls; /* kept timed calls */
    uint64_t ticks;       /* their ticks */
    uint64_t outlier_calls;
    uint64_t outlier_ticks;
    uint64_t nested; /* calls made inside another wrapped call */
    /* Sampling: untimed calls that ran the timed path just before a
     * sampled one, so that the sampled call finds it warm (their ticks
     * are not kept). */
    uint64_t warm_calls;
};

/* A DRNG context that get_random_number calls were given: its address
 * (in this process) and the calls that drew from it, nested ones
 * included. */
struct iccsprof_wrap_context {
    uintptr_t address;
    uint64_t calls;
};

/* A copy of the accounting table, taken with the wrappers disabled. */
struct iccsprof_wrap_snapshot {
    struct iccsprof_wrap_total helpers[ICCSPROF_NHELPERS];
    uint64_t total_calls; /* outermost calls of every helper */
    size_t nshapes;       /* rows, exact and grouped */
    struct iccsprof_wrap_shape shapes[ICCSPROF_WRAP_MAX_ROWS];
    size_t ncontexts; /* DRNG contexts seen, first use first */
    struct iccsprof_wrap_context contexts[ICCSPROF_WRAP_MAX_CONTEXTS];
    uint64_t other_context_calls; /* DRNG calls with contexts beyond the table */
};

/* The cost of the instrumentation itself, measured by the library. */
struct iccsprof_wrap_overhead {
    /* Ticks that an empty region timed by a shim reports: to subtract from
     * each timed call's ticks. */
    double inner_ticks;
    /* Ticks one timed wrapped call adds to the span its caller measures:
     * to subtract from the operation's ticks for each timed call. */
    double outer_ticks;
    /* Same two figures for a call that is counted but not timed. */
    double untimed_outer_ticks;
    /* Extra ticks the call-site capture adds per timed call at the depth
     * currently set (0 when the mode is off). */
    double callers_outer_ticks;
};

/* One call site: a helper and the chain of return addresses above its shim,
 * innermost first. */
struct iccsprof_wrap_site {
    uint32_t helper;
    uint32_t depth; /* entries used in frames */
    uintptr_t frames[ICCSPROF_WRAP_MAX_DEPTH];
    uint64_t calls;
    uint64_t timed_calls;
    uint64_t ticks;
};

struct iccsprof_wrap_sites {
    size_t nsites;
    struct iccsprof_wrap_site sites[ICCSPROF_WRAP_MAX_SITES];
    /* Per helper, the calls of sites that found no room (depth 0). */
    struct iccsprof_wrap_site overflow[ICCSPROF_NHELPERS];
};

/* The table the driver obtains with dlsym. */
struct iccsprof_wrap_api {
    uint32_t abi;            /* ICCSPROF_WRAP_ABI */
    const char *tick_source; /* "rdtsc", "cntvct_el0" or "clock_gettime" */
    uint64_t (*ticks)(void); /* the tick reader the shims use */
    void (*enable)(void);    /* start accounting (idempotent) */
    void (*disable)(void);   /* stop accounting; shims pass straight through */
    void (*reset)(void);     /* clear every counter and table */
    /* Copy the totals and the table; 0 on success. */
    int (*snapshot)(struct iccsprof_wrap_snapshot *out);
    /* Measure (once, lazily) and return the instrumentation cost. */
    void (*overhead)(struct iccsprof_wrap_overhead *out);
    /* Time the first first_n calls of each row, then about one call in k
     * (k = 1 times every call, the default); 0 on success, -1 if k == 0. */
    int (*set_sampling)(uint32_t k, uint32_t first_n);
    /* Record call sites with chains of depth frames (0 turns it off);
     * -1 when the library was built without libunwind or depth > 8. */
    int (*set_callers)(uint32_t depth);
    /* Copy the call-site table; 0 on success, -1 without libunwind. */
    int (*sites)(struct iccsprof_wrap_sites *out);
    /* Set apart as an outlier every measured call of a row that takes
     * more than multiple times the row's fastest call plus margin_ticks
     * (a preempted or interrupted call); multiple 0, the default, keeps
     * every call, and so does a rest row, whose keys' costs have no bound
     * in common.  Called like reset, with accounting disabled. */
    int (*set_outliers)(uint32_t multiple, uint64_t margin_ticks);
};

/* Entry point of a profiled library. */
const struct iccsprof_wrap_api *iccsprof_wrap_api(void);

/* Names used in profiles, indexed by enum iccsprof_helper. */
#define ICCSPROF_HELPER_NAMES                                                                      \
    {                                                                                              \
        "pseudohash", "pseudoXOF", "sm3hash", "get_random_number"                                  \
    }

#ifdef __cplusplus
}
#endif

#endif
