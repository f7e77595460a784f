/* format.h - every number format of the reports, in one place.
 *
 * The cells follow the published NICCS measurement pages; each function
 * writes one cell into BUF (at most SIZE bytes, always terminated) and
 * returns BUF, so calls can sit inside a printf argument list.  A value the
 * record does not have (NAN, or a negative count) prints as FMT_MISSING. */
#ifndef ICCSPROF_FORMAT_H
#define ICCSPROF_FORMAT_H

#include <stdbool.h>
#include <stddef.h>

/* The cell of a figure that was not measured (U+2013, as on the pages). */
#define FMT_MISSING "\xe2\x80\x93"

/* Room for any cell these functions write. */
#define FMT_CELL 64

/* Cycles: 272.2 k, 2.53 M, 405.85 M, 1.51 G (below 1000: an integer). */
char *fmt_cycles(char *buf, size_t size, double cycles);

/* Seconds with three significant digits in ns, µs, ms or s: 818 µs, 30 ms. */
char *fmt_seconds(char *buf, size_t size, double seconds);

/* A signal's name as users know it: SIGINT, SIGTERM ("signal 40" when
 * it has none). */
char *fmt_signal(char *buf, size_t size, int sig);

/* A duration as a clock shows it, for progress: 0:42, 5:12, 1:02:03. */
char *fmt_clock(char *buf, size_t size, double seconds);

/* Three significant digits as printf %.3g: ops/s and calls per operation. */
char *fmt_g3(char *buf, size_t size, double value);

/* Two significant digits below 10, whole from 10, never in exponent form:
 * a precision in percent (0.47, 2.3, 150). */
char *fmt_g2(char *buf, size_t size, double value);

/* A share of 0..1 in percent: one decimal below 10 % (4.7%), none from 10 %
 * (98%); the choice is made on the value rounded to one decimal. */
char *fmt_share(char *buf, size_t size, double share);

/* Whether a share's 95 % half-width HALFWIDTH is shown beside it: from
 * 0.1 percentage point, the resolution of a share cell. */
bool fmt_share_pm_shown(double halfwidth);

/* The 95 % half-width shown beside a share: its stated UNCERTAINTY, or,
 * where a record states none (NAN), 1.96 standard errors SE of its
 * sampling, so that a ± means the same in every record. */
double fmt_share_halfwidth(double uncertainty, double se);

/* A share followed by " ±<half-width>" when fmt_share_pm_shown, else the
 * share alone. */
char *fmt_share_pm(char *buf, size_t size, double share, double halfwidth);

/* A difference of two shares in signed percentage points: +1.2 pp. */
char *fmt_pp(char *buf, size_t size, double share_diff);

/* A ratio of two figures with three decimals: 1.021. */
char *fmt_ratio(char *buf, size_t size, double ratio);

/* A count of bytes or other units, as an integer with its thousands
 * separated as the pages write them (81,408,662); negative = missing. */
char *fmt_count(char *buf, size_t size, long long count);

/* A figure that may be a count or an estimate, never in exponent form:
 * whole when it is (1,006 calls per operation), else three significant
 * digits (1.03, 0.00677) or every digit of its integer part where that
 * is longer (2,552 ops/s); thousands separated; not finite = missing. */
char *fmt_figure(char *buf, size_t size, double value);

/* A count of KiB: 1,732 KiB; negative = missing. */
char *fmt_kib(char *buf, size_t size, long long kib);

/* A frequency: 2.60 GHz from 1 GHz, else three significant digits of
 * MHz (62.5 MHz, 800 MHz): counters and clocks; not positive = missing. */
char *fmt_hz(char *buf, size_t size, double hz);

/* Compare two names in natural order: digit runs by numeric value, so that
 * "X-128" < "X-256" < "X-1024"; everything else byte by byte. */
int fmt_natural_cmp(const char *a, const char *b);

#endif
