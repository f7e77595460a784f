/* plain.c - timing the plain library: the published method's trials. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "channel.h"
#include "clock.h"
#include "passes.h"

/* A figure of /proc/self/status in KiB (VmRSS, VmHWM); -1 if absent. */
static long pass_status_kib(const char *field)
{
    char line[256];
    size_t len = strlen(field);
    long kib = -1;
    FILE *f = fopen("/proc/self/status", "r");

    if (f == NULL)
        return -1;
    while (fgets(line, sizeof line, f) != NULL)
        if (strncmp(line, field, len) == 0 && line[len] == ':') {
            sscanf(line + len + 1, "%ld", &kib);
            break;
        }
    fclose(f);
    return kib;
}

/* A KiB figure as JSON: null when it could not be read. */
static json_t *pass_kib(long kib)
{
    return kib < 0 ? json_null() : json_integer(kib);
}

/* Calls that take about SECONDS at CALL_SECONDS each, at least MIN_CALLS,
 * never more than fit in MAX_SECONDS. */
unsigned long long pass_calls_for(double seconds, double call_seconds, unsigned long long min_calls,
                                  double max_seconds)
{
    double t = call_seconds > 1e-9 ? call_seconds : 1e-9;
    double want = ceil(seconds / t), cap = floor(max_seconds / t);

    if (want < (double)min_calls)
        want = (double)min_calls;
    if (want > cap)
        want = cap;
    return want < 1 ? 1 : (unsigned long long)want;
}

/* Time the operation on the plain library. */
json_t *plain_pass(struct scheme *s, const struct method *m, struct op_events *events,
                   json_t **memory)
{
    struct op_state st;
    json_t *trials = json_array();
    double t0, call_seconds, cpu0, wall0, cpu_share;
    unsigned long long total, per_trial;
    long baseline;

    op_setup(&st, s, m->op, m->seed, m->seed_len, m->message_bytes, m->max_sign_attempts, events);
    baseline = pass_status_kib("VmRSS");
    op_stage(&st, "warm-up", PASS_SETUP);
    for (int i = 0; i < METHOD_WARMUP_CALLS; i++)
        op_call(&st);
    op_stage(&st, "calibration", PASS_SETUP);
    t0 = clock_seconds();
    op_call(&st);
    call_seconds = clock_seconds() - t0;
    total = pass_calls_for(m->target_seconds, call_seconds, m->min_calls, m->max_seconds);
    per_trial = (total + m->trials - 1) / m->trials;
    if ((double)(per_trial * m->trials) * call_seconds > m->max_seconds && per_trial > 1)
        per_trial = total / m->trials > 0 ? total / m->trials : 1;
    op_stage(&st, "timing", PASS_TIMING);
    cpu0 = clock_cpu_seconds();
    wall0 = clock_seconds();
    for (unsigned t = 0; t < m->trials; t++) {
        double s0 = clock_seconds();
        uint64_t c0 = clock_cycles(), c1;

        for (unsigned long long i = 0; i < per_trial; i++)
            op_call(&st);
        c1 = clock_cycles();
        json_array_append_new(trials, json_pack("{s:I, s:f, s:f}", "calls", (json_int_t)per_trial,
                                                "seconds", clock_seconds() - s0, "cycles",
                                                (double)(c1 - c0)));
    }
    /* the share of the trials' time the process had the CPU: below 1, the
     * machine took time that the tick counter still counted */
    cpu_share = (clock_cpu_seconds() - cpu0) / (clock_seconds() - wall0);
    *memory = json_pack("{s:o, s:o}", "baseline_rss_kib", pass_kib(baseline), "peak_rss_kib",
                        pass_kib(pass_status_kib("VmHWM")));
    op_free(&st);
    return json_pack("{s:f, s:I, s:o, s:f}", "calibration_seconds", call_seconds, "calls_per_trial",
                     (json_int_t)per_trial, "trials", trials, "cpu_share",
                     cpu_share > 1 ? 1.0 : cpu_share);
}
