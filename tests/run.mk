# tests: run.  Stand-in schemes with exactly known helper patterns, built
# plain and profiled, that misbehave on request (fixtures/run/behaviour.h);
# the driver's end-to-end test checks the records they produce.
RUNFIX_ICCS = schemes/iccs/sm3.c schemes/iccs/auxfunc.c schemes/iccs/drng.c
RUNFIX_CPPFLAGS = -I$(top_srcdir)/schemes/iccs -I$(top_srcdir)/tests/fixtures/run \
	-I$(top_srcdir)/tests/fixtures
RUNFIX_LDFLAGS = -module -avoid-version -rpath /nowhere -shared
RUNFIX_WRAP = $(ICCSWRAP_LDFLAGS) -Wl,--wrap=pseudohash -Wl,--wrap=pseudoXOF \
	-Wl,--wrap=sm3hash -Wl,--wrap=get_random_number

check_LTLIBRARIES += \
	tests/fixtures/run/libsigfix.la tests/fixtures/run/libsigfix_prof.la \
	tests/fixtures/run/libkemfix.la tests/fixtures/run/libkemfix_prof.la \
	tests/fixtures/run/libsignoverify.la tests/fixtures/run/libsignodrng.la \
	tests/fixtures/run/libnotscheme.la tests/fixtures/run/libsigbadabi_prof.la \
	tests/fixtures/run/libsitesfix.la tests/fixtures/run/libsitesfix_prof.la \
	tests/fixtures/run/libsitesfix_nounwind_prof.la \
	tests/fixtures/run/libkexfix.la tests/fixtures/run/libkexfix_prof.la \
	tests/fixtures/run/libkexfix3.la tests/fixtures/run/libkexfix3_prof.la \
	tests/fixtures/run/libsighostile.la

tests_fixtures_run_libsigfix_la_SOURCES = tests/fixtures/run/sigfix.c \
	tests/fixtures/run/behaviour.h tests/fixtures/iccs_api.h $(RUNFIX_ICCS)
tests_fixtures_run_libsigfix_la_CPPFLAGS = $(RUNFIX_CPPFLAGS)
tests_fixtures_run_libsigfix_la_LDFLAGS = $(RUNFIX_LDFLAGS)

tests_fixtures_run_libsigfix_prof_la_SOURCES = $(tests_fixtures_run_libsigfix_la_SOURCES)
tests_fixtures_run_libsigfix_prof_la_CPPFLAGS = $(RUNFIX_CPPFLAGS) -DRUNFIX_PROFILED
tests_fixtures_run_libsigfix_prof_la_LDFLAGS = $(RUNFIX_LDFLAGS) $(RUNFIX_WRAP)
tests_fixtures_run_libsigfix_prof_la_LDFLAGS += -Wl,$(ICCSWRAP_ARCHIVE) $(ICCSWRAP_MODULE_DEPS)
EXTRA_tests_fixtures_run_libsigfix_prof_la_DEPENDENCIES = wrappers/libiccswrap.a

tests_fixtures_run_libkemfix_la_SOURCES = tests/fixtures/run/kemfix.c \
	tests/fixtures/run/behaviour.h tests/fixtures/iccs_api.h $(RUNFIX_ICCS)
tests_fixtures_run_libkemfix_la_CPPFLAGS = $(RUNFIX_CPPFLAGS)
tests_fixtures_run_libkemfix_la_LDFLAGS = $(RUNFIX_LDFLAGS)

tests_fixtures_run_libkemfix_prof_la_SOURCES = $(tests_fixtures_run_libkemfix_la_SOURCES)
tests_fixtures_run_libkemfix_prof_la_CPPFLAGS = $(RUNFIX_CPPFLAGS)
tests_fixtures_run_libkemfix_prof_la_LDFLAGS = $(RUNFIX_LDFLAGS) $(RUNFIX_WRAP)
tests_fixtures_run_libkemfix_prof_la_LDFLAGS += -Wl,$(ICCSWRAP_ARCHIVE) $(ICCSWRAP_MODULE_DEPS)
EXTRA_tests_fixtures_run_libkemfix_prof_la_DEPENDENCIES = wrappers/libiccswrap.a

# Key exchanges of two and of three passes.
tests_fixtures_run_libkexfix_la_SOURCES = tests/fixtures/run/kexfix.c \
	tests/fixtures/run/behaviour.h tests/fixtures/iccs_api.h $(RUNFIX_ICCS)
tests_fixtures_run_libkexfix_la_CPPFLAGS = $(RUNFIX_CPPFLAGS)
tests_fixtures_run_libkexfix_la_LDFLAGS = $(RUNFIX_LDFLAGS)

tests_fixtures_run_libkexfix_prof_la_SOURCES = $(tests_fixtures_run_libkexfix_la_SOURCES)
tests_fixtures_run_libkexfix_prof_la_CPPFLAGS = $(RUNFIX_CPPFLAGS)
tests_fixtures_run_libkexfix_prof_la_LDFLAGS = $(RUNFIX_LDFLAGS) $(RUNFIX_WRAP)
tests_fixtures_run_libkexfix_prof_la_LDFLAGS += -Wl,$(ICCSWRAP_ARCHIVE) $(ICCSWRAP_MODULE_DEPS)
EXTRA_tests_fixtures_run_libkexfix_prof_la_DEPENDENCIES = wrappers/libiccswrap.a

tests_fixtures_run_libkexfix3_la_SOURCES = $(tests_fixtures_run_libkexfix_la_SOURCES)
tests_fixtures_run_libkexfix3_la_CPPFLAGS = $(RUNFIX_CPPFLAGS) -DKEXFIX_PASSES=3
tests_fixtures_run_libkexfix3_la_LDFLAGS = $(RUNFIX_LDFLAGS)

tests_fixtures_run_libkexfix3_prof_la_SOURCES = $(tests_fixtures_run_libkexfix_la_SOURCES)
tests_fixtures_run_libkexfix3_prof_la_CPPFLAGS = $(RUNFIX_CPPFLAGS) -DKEXFIX_PASSES=3
tests_fixtures_run_libkexfix3_prof_la_LDFLAGS = $(RUNFIX_LDFLAGS) $(RUNFIX_WRAP)
tests_fixtures_run_libkexfix3_prof_la_LDFLAGS += -Wl,$(ICCSWRAP_ARCHIVE) $(ICCSWRAP_MODULE_DEPS)
EXTRA_tests_fixtures_run_libkexfix3_prof_la_DEPENDENCIES = wrappers/libiccswrap.a

# Broken builds: an API function missing, the DRNG global missing, no API.
tests_fixtures_run_libsignoverify_la_SOURCES = $(tests_fixtures_run_libsigfix_la_SOURCES)
tests_fixtures_run_libsignoverify_la_CPPFLAGS = $(RUNFIX_CPPFLAGS) -DRUNFIX_NO_VERIFY
tests_fixtures_run_libsignoverify_la_LDFLAGS = $(RUNFIX_LDFLAGS)

tests_fixtures_run_libsignodrng_la_SOURCES = $(tests_fixtures_run_libsigfix_la_SOURCES)
tests_fixtures_run_libsignodrng_la_CPPFLAGS = $(RUNFIX_CPPFLAGS) -DRUNFIX_NO_DRNG_GLOBAL
tests_fixtures_run_libsignodrng_la_LDFLAGS = $(RUNFIX_LDFLAGS)

tests_fixtures_run_libsigbadabi_prof_la_SOURCES = $(tests_fixtures_run_libsigfix_la_SOURCES) \
	tests/fixtures/run/badabi.c
tests_fixtures_run_libsigbadabi_prof_la_CPPFLAGS = $(RUNFIX_CPPFLAGS)
tests_fixtures_run_libsigbadabi_prof_la_LDFLAGS = $(RUNFIX_LDFLAGS)

# Call sites: static functions calling pseudoXOF, profiled with the
# wrappers as configured, and with a variant of them built without
# libunwind, which must refuse --callers.
tests_fixtures_run_libsitesfix_la_SOURCES = tests/fixtures/run/sitesfix.c tests/fixtures/run/behaviour.h \
	tests/fixtures/iccs_api.h $(RUNFIX_ICCS)
tests_fixtures_run_libsitesfix_la_CPPFLAGS = $(RUNFIX_CPPFLAGS)
tests_fixtures_run_libsitesfix_la_LDFLAGS = $(RUNFIX_LDFLAGS)

tests_fixtures_run_libsitesfix_prof_la_SOURCES = $(tests_fixtures_run_libsitesfix_la_SOURCES)
tests_fixtures_run_libsitesfix_prof_la_CPPFLAGS = $(RUNFIX_CPPFLAGS)
tests_fixtures_run_libsitesfix_prof_la_LDFLAGS = $(RUNFIX_LDFLAGS) $(RUNFIX_WRAP)
tests_fixtures_run_libsitesfix_prof_la_LDFLAGS += -Wl,$(ICCSWRAP_ARCHIVE) $(ICCSWRAP_MODULE_DEPS)
EXTRA_tests_fixtures_run_libsitesfix_prof_la_DEPENDENCIES = wrappers/libiccswrap.a

check_LIBRARIES += tests/fixtures/run/libiccswrap-nounwind.a
tests_fixtures_run_libiccswrap_nounwind_a_SOURCES = $(wrappers_libiccswrap_a_SOURCES)
tests_fixtures_run_libiccswrap_nounwind_a_CPPFLAGS = $(AM_CPPFLAGS) -DICCSPROF_WITHOUT_LIBUNWIND
tests_fixtures_run_libiccswrap_nounwind_a_CFLAGS = $(wrappers_libiccswrap_a_CFLAGS)

tests_fixtures_run_libsitesfix_nounwind_prof_la_SOURCES = $(tests_fixtures_run_libsitesfix_la_SOURCES)
tests_fixtures_run_libsitesfix_nounwind_prof_la_CPPFLAGS = $(RUNFIX_CPPFLAGS)
tests_fixtures_run_libsitesfix_nounwind_prof_la_LDFLAGS = $(RUNFIX_LDFLAGS) $(RUNFIX_WRAP)
tests_fixtures_run_libsitesfix_nounwind_prof_la_LDFLAGS += \
	-Wl,tests/fixtures/run/libiccswrap-nounwind.a -Wl,-lpthread
EXTRA_tests_fixtures_run_libsitesfix_nounwind_prof_la_DEPENDENCIES = \
	tests/fixtures/run/libiccswrap-nounwind.a

# The signature stand-in with a constructor that misbehaves on request
# (fixtures/run/hostile.c): the hardening cases of tests/harden.sh.
tests_fixtures_run_libsighostile_la_SOURCES = $(tests_fixtures_run_libsigfix_la_SOURCES) \
	tests/fixtures/run/hostile.c
tests_fixtures_run_libsighostile_la_CPPFLAGS = $(RUNFIX_CPPFLAGS) -I$(top_srcdir)/src
tests_fixtures_run_libsighostile_la_LDFLAGS = $(RUNFIX_LDFLAGS)

tests_fixtures_run_libnotscheme_la_SOURCES = tests/fixtures/run/notscheme.c
tests_fixtures_run_libnotscheme_la_LDFLAGS = $(RUNFIX_LDFLAGS)

tests_check_iccsprof_SOURCES += tests/check_shares.c tests/check_runopts.c tests/check_hex.c \
	tests/check_run_result.c tests/check_drng_find.c tests/check_run_lines.c tests/check_rules.c \
	tests/check_shift.c src/measure/shift.c tests/check_pairs.c src/measure/pairs.c \
	tests/check_opstats.c src/measure/opstats.c tests/check_tape.c src/measure/tape.c \
	tests/check_cores.c src/measure/cores.c
tests_check_iccsprof_SOURCES += tests/check_merge.c tests/check_run_timing.c

dist_noinst_DATA += tests/run-lib.sh
TESTS += tests/run.sh tests/run-kex.sh tests/run-progress.sh tests/harden.sh tests/run-slow.sh
dist_noinst_SCRIPTS += tests/run.sh tests/run-kex.sh tests/harden.sh tests/run-progress.sh \
	tests/run-slow.sh
TESTS += tests/run-processes.sh
dist_noinst_SCRIPTS += tests/run-processes.sh
dist_noinst_DATA += tests/records.py

# Statistics: the signature fixture with one more helper call per
# signature (a build whose behaviour changed, for compare), and a scheme
# drawing from a DRNG of its own, static (found in its DWARF and seeded)
# or on the heap (which no seed of the driver reaches).
check_LTLIBRARIES += \
	tests/fixtures/run/libsigextra.la tests/fixtures/run/libsigextra_prof.la \
	tests/fixtures/run/librngfix.la tests/fixtures/run/librngfix_prof.la \
	tests/fixtures/run/librngheap.la tests/fixtures/run/librngheap_prof.la

tests_fixtures_run_libsigextra_la_SOURCES = $(tests_fixtures_run_libsigfix_la_SOURCES)
tests_fixtures_run_libsigextra_la_CPPFLAGS = $(RUNFIX_CPPFLAGS) -DRUNFIX_EXTRA_CALL
tests_fixtures_run_libsigextra_la_LDFLAGS = $(RUNFIX_LDFLAGS)

tests_fixtures_run_libsigextra_prof_la_SOURCES = $(tests_fixtures_run_libsigfix_la_SOURCES)
tests_fixtures_run_libsigextra_prof_la_CPPFLAGS = $(RUNFIX_CPPFLAGS) -DRUNFIX_EXTRA_CALL
tests_fixtures_run_libsigextra_prof_la_LDFLAGS = $(RUNFIX_LDFLAGS) $(RUNFIX_WRAP)
tests_fixtures_run_libsigextra_prof_la_LDFLAGS += -Wl,$(ICCSWRAP_ARCHIVE) $(ICCSWRAP_MODULE_DEPS)
EXTRA_tests_fixtures_run_libsigextra_prof_la_DEPENDENCIES = wrappers/libiccswrap.a

RNGFIX_SOURCES = tests/fixtures/run/rngfix.c tests/fixtures/run/rngfix.h \
	tests/fixtures/run/rngfix_rng.c tests/fixtures/iccs_api.h $(RUNFIX_ICCS)
# the driver finds the static context in the debugging information
RNGFIX_CFLAGS = $(AM_CFLAGS) -g

tests_fixtures_run_librngfix_la_SOURCES = $(RNGFIX_SOURCES)
tests_fixtures_run_librngfix_la_CPPFLAGS = $(RUNFIX_CPPFLAGS)
tests_fixtures_run_librngfix_la_CFLAGS = $(RNGFIX_CFLAGS)
tests_fixtures_run_librngfix_la_LDFLAGS = $(RUNFIX_LDFLAGS)

tests_fixtures_run_librngfix_prof_la_SOURCES = $(RNGFIX_SOURCES)
tests_fixtures_run_librngfix_prof_la_CPPFLAGS = $(RUNFIX_CPPFLAGS)
tests_fixtures_run_librngfix_prof_la_CFLAGS = $(RNGFIX_CFLAGS)
tests_fixtures_run_librngfix_prof_la_LDFLAGS = $(RUNFIX_LDFLAGS) $(RUNFIX_WRAP)
tests_fixtures_run_librngfix_prof_la_LDFLAGS += -Wl,$(ICCSWRAP_ARCHIVE) $(ICCSWRAP_MODULE_DEPS)
EXTRA_tests_fixtures_run_librngfix_prof_la_DEPENDENCIES = wrappers/libiccswrap.a

tests_fixtures_run_librngheap_la_SOURCES = $(RNGFIX_SOURCES)
tests_fixtures_run_librngheap_la_CPPFLAGS = $(RUNFIX_CPPFLAGS) -DRNGFIX_HEAP
tests_fixtures_run_librngheap_la_CFLAGS = $(RNGFIX_CFLAGS)
tests_fixtures_run_librngheap_la_LDFLAGS = $(RUNFIX_LDFLAGS)

tests_fixtures_run_librngheap_prof_la_SOURCES = $(RNGFIX_SOURCES)
tests_fixtures_run_librngheap_prof_la_CPPFLAGS = $(RUNFIX_CPPFLAGS) -DRNGFIX_HEAP
tests_fixtures_run_librngheap_prof_la_CFLAGS = $(RNGFIX_CFLAGS)
tests_fixtures_run_librngheap_prof_la_LDFLAGS = $(RUNFIX_LDFLAGS) $(RUNFIX_WRAP)
tests_fixtures_run_librngheap_prof_la_LDFLAGS += -Wl,$(ICCSWRAP_ARCHIVE) $(ICCSWRAP_MODULE_DEPS)
EXTRA_tests_fixtures_run_librngheap_prof_la_DEPENDENCIES = wrappers/libiccswrap.a

TESTS += tests/stats.sh tests/totals.sh
dist_noinst_SCRIPTS += tests/stats.sh tests/totals.sh
