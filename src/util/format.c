/* format.c - every number format of the reports, in one place. */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/format.h"

/* One unit of a scaled format: what one unit is worth and how it prints. */
struct fmt_unit {
    double scale;
    const char *suffix;
    bool significant; /* precision counts significant digits (%g), else decimals (%f) */
    int precision;
};

/* From this many of the largest unit on, a figure prints in exponent form
 * (1e+291 G): no measurement gets there, and a cell must stay a cell. */
#define FMT_HUGE 1e6

/* Print VALUE in the smallest unit of UNITS (N of them, ascending) that
 * keeps the printed number below 1000.  The choice is made on the printed
 * text, so that 999960 cycles become "1.00 M" and not "1000.0 k". */
static char *fmt_scaled(char *buf, size_t size, double value, const struct fmt_unit *units,
                        size_t n)
{
    char num[FMT_CELL];
    size_t u = 0;

    while (u + 1 < n && fabs(value) >= units[u + 1].scale)
        u++;
    for (;; u++) {
        if (u + 1 == n && fabs(value / units[u].scale) >= FMT_HUGE)
            snprintf(num, sizeof num, "%.3g", value / units[u].scale);
        else if (units[u].significant)
            snprintf(num, sizeof num, "%.*g", units[u].precision, value / units[u].scale);
        else
            snprintf(num, sizeof num, "%.*f", units[u].precision, value / units[u].scale);
        if (u + 1 == n || fabs(strtod(num, NULL)) < 1000)
            break;
    }
    snprintf(buf, size, "%s%s", num, units[u].suffix);
    return buf;
}

/* Cycles: 272.2 k, 2.53 M, 405.85 M, 1.51 G (below 1000: an integer). */
char *fmt_cycles(char *buf, size_t size, double cycles)
{
    static const struct fmt_unit units[] = {
        {1, "", false, 0}, {1e3, " k", false, 1}, {1e6, " M", false, 2}, {1e9, " G", false, 2}};

    if (isnan(cycles)) {
        snprintf(buf, size, "%s", FMT_MISSING);
        return buf;
    }
    return fmt_scaled(buf, size, cycles, units, sizeof units / sizeof units[0]);
}

/* Seconds with three significant digits in ns, µs, ms or s: 818 µs, 30 ms.
 * From 1000 s on the seconds print whole, never in exponent form. */
char *fmt_seconds(char *buf, size_t size, double seconds)
{
    static const struct fmt_unit units[] = {{1e-9, " ns", true, 3},
                                            {1e-6, " \xc2\xb5s", true, 3},
                                            {1e-3, " ms", true, 3},
                                            {1, " s", true, 3}};

    if (isnan(seconds)) {
        snprintf(buf, size, "%s", FMT_MISSING);
        return buf;
    }
    if (seconds == 0) {
        snprintf(buf, size, "0 s");
        return buf;
    }
    if (seconds >= 999.5) {
        snprintf(buf, size, seconds < FMT_HUGE ? "%.0f s" : "%.3g s", seconds);
        return buf;
    }
    return fmt_scaled(buf, size, seconds, units, sizeof units / sizeof units[0]);
}

/* A signal's name as users know it. */
char *fmt_signal(char *buf, size_t size, int sig)
{
    const char *abbrev = sigabbrev_np(sig);

    if (abbrev != NULL)
        snprintf(buf, size, "SIG%s", abbrev);
    else
        snprintf(buf, size, "signal %d", sig);
    return buf;
}

/* A duration as a clock shows it. */
char *fmt_clock(char *buf, size_t size, double seconds)
{
    long long s = seconds > 0 && seconds < 1e9 ? llround(seconds) : 0;

    if (s >= 3600)
        snprintf(buf, size, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(buf, size, "%lld:%02lld", s / 60, s % 60);
    return buf;
}

/* Print FMT's number into BUF with a comma between each three digits of
 * its integer part, as the published pages write a count (81,408,662). */
static void fmt_thousands(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void fmt_thousands(char *buf, size_t size, const char *fmt, ...)
{
    char plain[FMT_CELL * 2];
    size_t digits, at = 0, out = 0;
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(plain, sizeof plain, fmt, ap);
    va_end(ap);
    if (plain[0] == '-' && size > 1)
        buf[out++] = plain[at++];
    digits = strspn(plain + at, "0123456789");
    for (size_t i = 0; plain[at] != '\0' && out + 1 < size; i++) {
        if (i > 0 && i < digits && (digits - i) % 3 == 0)
            buf[out++] = ',';
        if (out + 1 < size)
            buf[out++] = plain[at++];
    }
    buf[out < size ? out : size - 1] = '\0';
}

/* Three significant digits as printf %.3g: ops/s and calls per operation. */
char *fmt_g3(char *buf, size_t size, double value)
{
    if (isnan(value))
        snprintf(buf, size, "%s", FMT_MISSING);
    else
        snprintf(buf, size, "%.3g", value);
    return buf;
}

/* Two significant digits, never in exponent form (format.h): %g would
 * print a precision of 100 % as "1e+02". */
char *fmt_g2(char *buf, size_t size, double value)
{
    double a = fabs(value);
    int decimals = a >= 10 ? 0 : a >= 1 ? 1 : a > 0 ? (int)ceil(-log10(a)) + 1 : 1;

    if (isnan(value))
        snprintf(buf, size, "%s", FMT_MISSING);
    else
        snprintf(buf, size, "%.*f", decimals, value);
    return buf;
}

/* A share of 0..1 in percent: one decimal below 10 %, none from 10 %.  The
 * value is rounded to one decimal first and the decision made on that, so
 * 0.0995 prints "10%" (it would round to 10.0) and 0.09949 "9.9%"; the
 * whole-number form is then rounded from the original value, never from
 * the rounded one, so no value is rounded twice. */
char *fmt_share(char *buf, size_t size, double share)
{
    char one_decimal[FMT_CELL];
    double percent = share * 100;

    if (isnan(share)) {
        snprintf(buf, size, "%s", FMT_MISSING);
        return buf;
    }
    snprintf(one_decimal, sizeof one_decimal, "%.1f", percent);
    if (strtod(one_decimal, NULL) >= 10)
        snprintf(buf, size, "%.0f%%", percent);
    else
        snprintf(buf, size, "%s%%", one_decimal);
    return buf;
}

/* A share followed by " ±<stderr>" when the standard error exceeds 0.1
 * percentage point (sampled records), else the share alone. */
bool fmt_share_pm_shown(double halfwidth)
{
    return !isnan(halfwidth) && halfwidth >= 0.001;
}

/* The half-width shown beside a share (format.h). */
double fmt_share_halfwidth(double uncertainty, double se)
{
    return isnan(uncertainty) ? 1.96 * se : uncertainty;
}

/* A share with its half-width (format.h). */
char *fmt_share_pm(char *buf, size_t size, double share, double halfwidth)
{
    char value[FMT_CELL], error[FMT_CELL];

    fmt_share(value, sizeof value, share);
    if (isnan(share) || !fmt_share_pm_shown(halfwidth))
        snprintf(buf, size, "%s", value);
    else
        snprintf(buf, size, "%s \xc2\xb1%s", value, fmt_share(error, sizeof error, halfwidth));
    return buf;
}

/* A difference of two shares in signed percentage points: +1.2 pp. */
char *fmt_pp(char *buf, size_t size, double share_diff)
{
    if (isnan(share_diff))
        snprintf(buf, size, "%s", FMT_MISSING);
    else
        /* adding 0.0 turns -0.0 into 0.0, so no "-0.0 pp" */
        snprintf(buf, size, "%+.1f pp", round(share_diff * 1000) / 10 + 0.0);
    return buf;
}

/* A ratio of two figures with three decimals: 1.021. */
char *fmt_ratio(char *buf, size_t size, double ratio)
{
    if (isnan(ratio) || isinf(ratio))
        snprintf(buf, size, "%s", FMT_MISSING);
    else
        snprintf(buf, size, "%.3f", ratio);
    return buf;
}

/* A count of bytes or other units, as an integer; negative = missing. */
char *fmt_count(char *buf, size_t size, long long count)
{
    if (count < 0)
        snprintf(buf, size, "%s", FMT_MISSING);
    else
        fmt_thousands(buf, size, "%lld", count);
    return buf;
}

/* A count of KiB: 1,732 KiB; negative = missing. */
char *fmt_kib(char *buf, size_t size, long long kib)
{
    char n[FMT_CELL];

    if (kib < 0)
        snprintf(buf, size, "%s", FMT_MISSING);
    else
        snprintf(buf, size, "%s KiB", fmt_count(n, sizeof n, kib));
    return buf;
}

/* A figure as format.h says: whole when it is, else three significant
 * digits without the trailing zeros %g drops, or the whole integer part
 * where that is longer, so that no digit of a count is rounded away. */
char *fmt_figure(char *buf, size_t size, double value)
{
    double a = fabs(value);
    int decimals;
    char *dot;

    if (!isfinite(value)) {
        snprintf(buf, size, "%s", FMT_MISSING);
        return buf;
    }
    decimals = a >= 100 || a == 0 ? 0 : 2 - (int)floor(log10(a));
    if (fabs(value - round(value)) < 1e-9 * (a > 1 ? a : 1))
        decimals = 0;
    fmt_thousands(buf, size, "%.*f", decimals, value);
    if ((dot = strchr(buf, '.')) != NULL) {
        char *end = dot + strlen(dot);

        while (end > dot + 1 && end[-1] == '0')
            *--end = '\0';
        if (end == dot + 1)
            *dot = '\0';
    }
    return buf;
}

/* A frequency in GHz or MHz. */
char *fmt_hz(char *buf, size_t size, double hz)
{
    if (!(hz > 0))
        snprintf(buf, size, "%s", FMT_MISSING);
    else if (hz >= 1e9)
        snprintf(buf, size, "%.2f GHz", hz / 1e9);
    else
        snprintf(buf, size, "%.3g MHz", hz / 1e6);
    return buf;
}

/* Compare two digit runs by value: leading zeros skipped, then the longer
 * run is larger, then the digits decide.  *A and *B advance past the runs. */
static int fmt_digits_cmp(const char **a, const char **b)
{
    const char *pa = *a, *pb = *b;
    size_t la, lb;
    int c;

    while (*pa == '0' && isdigit((unsigned char)pa[1]))
        pa++;
    while (*pb == '0' && isdigit((unsigned char)pb[1]))
        pb++;
    for (la = 0; isdigit((unsigned char)pa[la]); la++)
        ;
    for (lb = 0; isdigit((unsigned char)pb[lb]); lb++)
        ;
    *a = pa + la;
    *b = pb + lb;
    if (la != lb)
        return la < lb ? -1 : 1;
    c = memcmp(pa, pb, la);
    return c < 0 ? -1 : c > 0;
}

/* Compare two names in natural order: digit runs by numeric value, so that
 * "X-128" < "X-256" < "X-1024"; everything else byte by byte.  Names equal
 * in that order (only leading zeros differ) fall back to byte order, so the
 * order is total. */
int fmt_natural_cmp(const char *a, const char *b)
{
    const char *pa = a, *pb = b;

    while (*pa != '\0' && *pb != '\0') {
        if (isdigit((unsigned char)*pa) && isdigit((unsigned char)*pb)) {
            int c = fmt_digits_cmp(&pa, &pb);

            if (c != 0)
                return c;
        } else if (*pa != *pb) {
            return (unsigned char)*pa < (unsigned char)*pb ? -1 : 1;
        } else {
            pa++, pb++;
        }
    }
    if (*pa != *pb)
        return *pa == '\0' ? -1 : 1;
    return strcmp(a, b) < 0 ? -1 : strcmp(a, b) > 0;
}
