/* suites.h - every Check suite the runner knows; one line per module. */
#ifndef ICCSPROF_TESTS_SUITES_H
#define ICCSPROF_TESTS_SUITES_H

#include <check.h>

/* ICCSPROF_SUITE(area) declares make_<area>_suite(); keep one per line. */
#define ICCSPROF_SUITES(X)                                                                         \
    X(cmd)                                                                                         \
    X(catalog)                                                                                     \
    X(sm3)                                                                                         \
    X(auxfunc)                                                                                     \
    X(drng)                                                                                        \
    X(wrap)                                                                                        \
    X(sampling)                                                                                    \
    X(intree)                                                                                      \
    X(sites)                                                                                       \
    X(shares)                                                                                      \
    X(runopts)                                                                                     \
    X(hex)                                                                                         \
    X(format)                                                                                      \
    X(record_read)                                                                                 \
    X(page)                                                                                        \
    X(escape)                                                                                      \
    X(whatifsvg)                                                                                   \
    X(page_html)                                                                                   \
    X(provenance)                                                                                  \
    X(callsite)                                                                                    \
    X(run_result)                                                                                  \
    X(run_lines)                                                                                   \
    X(hostcheck)                                                                                   \
    X(tick)                                                                                        \
    X(drng_find)                                                                                   \
    X(strlist)                                                                                     \
    X(objects)                                                                                     \
    X(build_align)                                                                                 \
    X(plan_conf)                                                                                   \
    X(plan)                                                                                        \
    X(build_files)                                                                                 \
    X(rules)                                                                                       \
    X(whatifproject)                                                                               \
    X(candidate)                                                                                   \
    X(katcheck)                                                                                    \
    X(shift)                                                                                       \
    X(pairs)                                                                                       \
    X(opstats)                                                                                     \
    X(tape)                                                                                        \
    X(cores)                                                                                       \
    X(merge)                                                                                       \
    X(compare)                                                                                     \
    X(run_timing)

#define ICCSPROF_DECLARE_SUITE(area) Suite *make_##area##_suite(void);
ICCSPROF_SUITES(ICCSPROF_DECLARE_SUITE)

#endif
