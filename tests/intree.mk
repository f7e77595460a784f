# tests: the in-tree schemes.  Each instance's library sources (lists in
# schemes/intree.mk) are built as a module twice: plain, and profiled the
# way libwfix_prof.la is (tests/wrap.mk).  The Check suite dlopens both; a
# script compares the profiled calls with tests/intree_expected.py; another
# compiles every instance folder on its own with the guide's flags.
INTREE_LDFLAGS = -module -avoid-version -rpath /nowhere -shared -Wl,--no-undefined
INTREE_PROF_LDFLAGS = $(INTREE_LDFLAGS) $(ICCSWRAP_LDFLAGS) \
	-Wl,--wrap=pseudohash -Wl,--wrap=pseudoXOF -Wl,--wrap=sm3hash \
	-Wl,--wrap=get_random_number

check_LTLIBRARIES += \
	tests/intree/libwots16.la tests/intree/libwots16_prof.la \
	tests/intree/libwots32.la tests/intree/libwots32_prof.la \
	tests/intree/libmlwe512.la tests/intree/libmlwe512_prof.la \
	tests/intree/libmlwe768.la tests/intree/libmlwe768_prof.la \
	tests/intree/libkex512.la tests/intree/libkex512_prof.la \
	tests/intree/libkex768.la tests/intree/libkex768_prof.la

tests_intree_libwots16_la_SOURCES = $(INTREE_WOTS16_LIB)
tests_intree_libwots16_la_CPPFLAGS = -I$(srcdir)/$(INTREE_WOTS)/WOTS-SM3-16
tests_intree_libwots16_la_CFLAGS = $(AM_CFLAGS)
tests_intree_libwots16_la_LDFLAGS = $(INTREE_LDFLAGS)
tests_intree_libwots16_prof_la_SOURCES = $(INTREE_WOTS16_LIB)
tests_intree_libwots16_prof_la_CPPFLAGS = -I$(srcdir)/$(INTREE_WOTS)/WOTS-SM3-16
tests_intree_libwots16_prof_la_CFLAGS = $(AM_CFLAGS)
tests_intree_libwots16_prof_la_LDFLAGS = $(INTREE_PROF_LDFLAGS)
tests_intree_libwots16_prof_la_LDFLAGS += -Wl,$(ICCSWRAP_ARCHIVE) $(ICCSWRAP_MODULE_DEPS)
EXTRA_tests_intree_libwots16_prof_la_DEPENDENCIES = wrappers/libiccswrap.a

tests_intree_libwots32_la_SOURCES = $(INTREE_WOTS32_LIB)
tests_intree_libwots32_la_CPPFLAGS = -I$(srcdir)/$(INTREE_WOTS)/WOTS-SM3-32
tests_intree_libwots32_la_CFLAGS = $(AM_CFLAGS)
tests_intree_libwots32_la_LDFLAGS = $(INTREE_LDFLAGS)
tests_intree_libwots32_prof_la_SOURCES = $(INTREE_WOTS32_LIB)
tests_intree_libwots32_prof_la_CPPFLAGS = -I$(srcdir)/$(INTREE_WOTS)/WOTS-SM3-32
tests_intree_libwots32_prof_la_CFLAGS = $(AM_CFLAGS)
tests_intree_libwots32_prof_la_LDFLAGS = $(INTREE_PROF_LDFLAGS)
tests_intree_libwots32_prof_la_LDFLAGS += -Wl,$(ICCSWRAP_ARCHIVE) $(ICCSWRAP_MODULE_DEPS)
EXTRA_tests_intree_libwots32_prof_la_DEPENDENCIES = wrappers/libiccswrap.a

tests_intree_libmlwe512_la_SOURCES = $(INTREE_MLWE512_LIB)
tests_intree_libmlwe512_la_CPPFLAGS = -I$(srcdir)/$(INTREE_MLWE)/MLWE-KEM-512
tests_intree_libmlwe512_la_CFLAGS = $(AM_CFLAGS)
tests_intree_libmlwe512_la_LDFLAGS = $(INTREE_LDFLAGS)
tests_intree_libmlwe512_prof_la_SOURCES = $(INTREE_MLWE512_LIB)
tests_intree_libmlwe512_prof_la_CPPFLAGS = -I$(srcdir)/$(INTREE_MLWE)/MLWE-KEM-512
tests_intree_libmlwe512_prof_la_CFLAGS = $(AM_CFLAGS)
tests_intree_libmlwe512_prof_la_LDFLAGS = $(INTREE_PROF_LDFLAGS)
tests_intree_libmlwe512_prof_la_LDFLAGS += -Wl,$(ICCSWRAP_ARCHIVE) $(ICCSWRAP_MODULE_DEPS)
EXTRA_tests_intree_libmlwe512_prof_la_DEPENDENCIES = wrappers/libiccswrap.a

tests_intree_libmlwe768_la_SOURCES = $(INTREE_MLWE768_LIB)
tests_intree_libmlwe768_la_CPPFLAGS = -I$(srcdir)/$(INTREE_MLWE)/MLWE-KEM-768
tests_intree_libmlwe768_la_CFLAGS = $(AM_CFLAGS)
tests_intree_libmlwe768_la_LDFLAGS = $(INTREE_LDFLAGS)
tests_intree_libmlwe768_prof_la_SOURCES = $(INTREE_MLWE768_LIB)
tests_intree_libmlwe768_prof_la_CPPFLAGS = -I$(srcdir)/$(INTREE_MLWE)/MLWE-KEM-768
tests_intree_libmlwe768_prof_la_CFLAGS = $(AM_CFLAGS)
tests_intree_libmlwe768_prof_la_LDFLAGS = $(INTREE_PROF_LDFLAGS)
tests_intree_libmlwe768_prof_la_LDFLAGS += -Wl,$(ICCSWRAP_ARCHIVE) $(ICCSWRAP_MODULE_DEPS)
EXTRA_tests_intree_libmlwe768_prof_la_DEPENDENCIES = wrappers/libiccswrap.a

tests_intree_libkex512_la_SOURCES = $(INTREE_KEX512_LIB)
tests_intree_libkex512_la_CPPFLAGS = -I$(srcdir)/$(INTREE_KEX)/MLWE-KEX-512
tests_intree_libkex512_la_CFLAGS = $(AM_CFLAGS)
tests_intree_libkex512_la_LDFLAGS = $(INTREE_LDFLAGS)
tests_intree_libkex512_prof_la_SOURCES = $(INTREE_KEX512_LIB)
tests_intree_libkex512_prof_la_CPPFLAGS = -I$(srcdir)/$(INTREE_KEX)/MLWE-KEX-512
tests_intree_libkex512_prof_la_CFLAGS = $(AM_CFLAGS)
tests_intree_libkex512_prof_la_LDFLAGS = $(INTREE_PROF_LDFLAGS)
tests_intree_libkex512_prof_la_LDFLAGS += -Wl,$(ICCSWRAP_ARCHIVE) $(ICCSWRAP_MODULE_DEPS)
EXTRA_tests_intree_libkex512_prof_la_DEPENDENCIES = wrappers/libiccswrap.a

tests_intree_libkex768_la_SOURCES = $(INTREE_KEX768_LIB)
tests_intree_libkex768_la_CPPFLAGS = -I$(srcdir)/$(INTREE_KEX)/MLWE-KEX-768
tests_intree_libkex768_la_CFLAGS = $(AM_CFLAGS)
tests_intree_libkex768_la_LDFLAGS = $(INTREE_LDFLAGS)
tests_intree_libkex768_prof_la_SOURCES = $(INTREE_KEX768_LIB)
tests_intree_libkex768_prof_la_CPPFLAGS = -I$(srcdir)/$(INTREE_KEX)/MLWE-KEX-768
tests_intree_libkex768_prof_la_CFLAGS = $(AM_CFLAGS)
tests_intree_libkex768_prof_la_LDFLAGS = $(INTREE_PROF_LDFLAGS)
tests_intree_libkex768_prof_la_LDFLAGS += -Wl,$(ICCSWRAP_ARCHIVE) $(ICCSWRAP_MODULE_DEPS)
EXTRA_tests_intree_libkex768_prof_la_DEPENDENCIES = wrappers/libiccswrap.a

tests_check_iccsprof_SOURCES += tests/check_intree.c
tests_check_iccsprof_CPPFLAGS += -DINTREE_DIR='"$(abs_top_builddir)/tests/intree/.libs"'

# The calls per operation measured on the profiled libraries, against the
# formulas of tests/intree_expected.py.
check_PROGRAMS += tests/intree_calls
tests_intree_calls_SOURCES = tests/intree_calls.c
TESTS += tests/intree_expected.sh tests/kat-hostile.sh
dist_noinst_DATA += tests/kat-lib.sh
LONG_TESTS += tests/intree_packages.sh tests/kat.sh
dist_noinst_SCRIPTS += tests/intree_expected.sh tests/intree_packages.sh tests/intree_expected.py \
	tests/kat.sh tests/kat-hostile.sh
