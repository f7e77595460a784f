# tests: the wrappers, on a stand-in scheme built plain and profiled.
WFIX_SOURCES = \
	tests/fixtures/wrap/fixture.h \
	tests/fixtures/wrap/helpers.c \
	tests/fixtures/wrap/sm3.c \
	tests/fixtures/wrap/caller.c
WFIX_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/schemes/iccs
WFIX_LDFLAGS = -module -avoid-version -rpath /nowhere -shared
WFIX_PROF_LDFLAGS = $(WFIX_LDFLAGS) $(ICCSWRAP_LDFLAGS)
WFIX_WRAP_ALL = -Wl,--wrap=pseudohash -Wl,--wrap=pseudoXOF -Wl,--wrap=sm3hash \
	-Wl,--wrap=get_random_number

check_LTLIBRARIES += \
	tests/fixtures/wrap/libwfix.la \
	tests/fixtures/wrap/libwfix_prof.la \
	tests/fixtures/wrap/libwxof_prof.la \
	tests/fixtures/wrap/libwsamp_prof.la

tests_fixtures_wrap_libwfix_la_CPPFLAGS = $(WFIX_CPPFLAGS)
tests_fixtures_wrap_libwfix_la_SOURCES = $(WFIX_SOURCES)
tests_fixtures_wrap_libwfix_la_CFLAGS = $(AM_CFLAGS)
tests_fixtures_wrap_libwfix_la_LDFLAGS = $(WFIX_LDFLAGS)
tests_fixtures_wrap_libwfix_la_LIBADD = -lpthread

tests_fixtures_wrap_libwfix_prof_la_CPPFLAGS = $(WFIX_CPPFLAGS)
tests_fixtures_wrap_libwfix_prof_la_SOURCES = $(WFIX_SOURCES)
tests_fixtures_wrap_libwfix_prof_la_CFLAGS = $(AM_CFLAGS)
tests_fixtures_wrap_libwfix_prof_la_LDFLAGS = $(WFIX_PROF_LDFLAGS) $(WFIX_WRAP_ALL)
tests_fixtures_wrap_libwfix_prof_la_LDFLAGS += -Wl,$(ICCSWRAP_ARCHIVE) $(ICCSWRAP_MODULE_DEPS)
EXTRA_tests_fixtures_wrap_libwfix_prof_la_DEPENDENCIES = wrappers/libiccswrap.a

# Only pseudoXOF, and only its --wrap: must link without the other shims.
tests_fixtures_wrap_libwxof_prof_la_CPPFLAGS = $(WFIX_CPPFLAGS)
tests_fixtures_wrap_libwxof_prof_la_SOURCES = \
	tests/fixtures/wrap/fixture.h \
	tests/fixtures/wrap/xof_only.c \
	tests/fixtures/wrap/xof_caller.c
tests_fixtures_wrap_libwxof_prof_la_LDFLAGS = $(WFIX_PROF_LDFLAGS) -Wl,--wrap=pseudoXOF \
	-Wl,--no-undefined
tests_fixtures_wrap_libwxof_prof_la_LDFLAGS += -Wl,$(ICCSWRAP_ARCHIVE) $(ICCSWRAP_MODULE_DEPS)
EXTRA_tests_fixtures_wrap_libwxof_prof_la_DEPENDENCIES = wrappers/libiccswrap.a

# Sampling and call sites: a pseudoXOF of chosen cost, called from static
# functions, linked with a variant of the wrappers whose clock only the
# fixture moves (wrappers/tick.h, ICCSPROF_TICK_TEST).
check_LIBRARIES += tests/fixtures/wrap/libiccswrap-testclock.a
tests_fixtures_wrap_libiccswrap_testclock_a_SOURCES = $(wrappers_libiccswrap_a_SOURCES)
tests_fixtures_wrap_libiccswrap_testclock_a_CPPFLAGS = $(wrappers_libiccswrap_a_CPPFLAGS) \
	-DICCSPROF_TICK_TEST
tests_fixtures_wrap_libiccswrap_testclock_a_CFLAGS = $(wrappers_libiccswrap_a_CFLAGS)

tests_fixtures_wrap_libwsamp_prof_la_CPPFLAGS = $(WFIX_CPPFLAGS)
tests_fixtures_wrap_libwsamp_prof_la_SOURCES = \
	tests/fixtures/wrap/fixture.h \
	tests/fixtures/wrap/samp_helpers.c \
	tests/fixtures/wrap/samp_caller.c
tests_fixtures_wrap_libwsamp_prof_la_LDFLAGS = $(WFIX_PROF_LDFLAGS) -Wl,--wrap=pseudoXOF
tests_fixtures_wrap_libwsamp_prof_la_LDFLAGS += -Wl,tests/fixtures/wrap/libiccswrap-testclock.a \
	$(ICCSWRAP_MODULE_DEPS)
EXTRA_tests_fixtures_wrap_libwsamp_prof_la_DEPENDENCIES = tests/fixtures/wrap/libiccswrap-testclock.a

tests_check_iccsprof_SOURCES += tests/check_wrap.c tests/check_sampling.c tests/check_sites.c \
	tests/wfix.c tests/wfix.h
tests_check_iccsprof_LDADD += -lm
tests_check_iccsprof_CPPFLAGS += -DWFIX_DIR='"$(abs_top_builddir)/tests/fixtures/wrap/.libs"'

# The coverage audit on objects compiled by the test itself.
TESTS += tests/audit.sh
dist_noinst_SCRIPTS += tests/audit.sh
dist_noinst_DATA += \
	tests/fixtures/audit/helpers.c \
	tests/fixtures/audit/caller.c \
	tests/fixtures/audit/internal.c \
	tests/fixtures/audit/static_copy.c \
	tests/fixtures/audit/cold.c \
	tests/fixtures/survey/iccs.h \
	tests/fixtures/survey/iccs.c \
	tests/fixtures/survey/iccs_keccak.c \
	tests/fixtures/survey/fips202.h \
	tests/fixtures/survey/fips202_shims.c \
	tests/fixtures/survey/fips202_own.c \
	tests/fixtures/survey/sign.c \
	tests/fixtures/survey/sign_shake.c \
	tests/fixtures/survey/sign_direct.c

# The installed pkg-config file, used the way a submitter's build would.
TESTS += tests/pkgconfig.sh
dist_noinst_SCRIPTS += tests/pkgconfig.sh
EXTRA_DIST += tests/fixtures/cmake/CMakeLists.txt
dist_noinst_DATA += tests/fixtures/wrap/pc_main.c
