# Tests: one Check runner with a suite per module, and end-to-end scripts.
if HAVE_CHECK
check_PROGRAMS += tests/check_iccsprof
TESTS += tests/check_iccsprof
endif
tests_check_iccsprof_SOURCES = tests/check_main.c tests/suites.h
tests_check_iccsprof_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_iccsprof_LDADD = $(CHECK_LIBS)

TESTS_ENVIRONMENT = \
	top_srcdir='$(abs_top_srcdir)'; export top_srcdir; \
	top_builddir='$(abs_top_builddir)'; export top_builddir; \
	SANITIZER_CFLAGS='$(SANITIZER_CFLAGS)'; export SANITIZER_CFLAGS;
# Under the sanitizers, LeakSanitizer does not follow __tls_get_addr: a
# library with dynamic TLS that a test loads and unloads (the measuring
# code opens libcrypto and the scheme libraries) left it a stale block
# ("DTLS 8 at 0x1ab") that crashed its own tracer at exit ("Tracer caught
# signal 11"); leaks are still found in every other root.
if SANITIZERS
TESTS_ENVIRONMENT += \
	ASAN_OPTIONS="$${ASAN_OPTIONS:+$$ASAN_OPTIONS:}intercept_tls_get_addr=0"; export ASAN_OPTIONS;
endif

tests_check_iccsprof_SOURCES += tests/check_cmd.c
tests_check_iccsprof_LDADD += src/libiccsprof.la

# End-to-end scripts share one library of shell helpers.
dist_noinst_DATA += tests/lib.sh
TESTS += tests/cli.sh tests/install-docs.sh tests/docs.sh
dist_noinst_SCRIPTS += tests/cli.sh tests/install-docs.sh tests/docs.sh
# the link checker of tests/docs.sh and tests/install-docs.sh
dist_noinst_DATA += tests/doc-links.py
# The includes of src/ against the layers doc/architecture.md lists, and
# a tree that breaks each rule.
TESTS += tests/layers.sh
dist_noinst_SCRIPTS += tests/layers.sh tests/layers.py
EXTRA_DIST += doc/architecture.md tests/fixtures/layers
include tests/iccs.mk
include tests/wrap.mk
include tests/run.mk
include tests/report.mk
include tests/schemes.mk
include tests/intree.mk
include tests/host.mk
include tests/whatif.mk
include tests/records.mk
include tests/site.mk
include tests/aarch64.mk

# The whole suite: `make check`'s tests and the long end-to-end ones, in
# one run of the harness (one test-suite.log).
check-long:
	$(MAKE) $(AM_MAKEFLAGS) check TESTS='$(TESTS) $(LONG_TESTS)'
.PHONY: check-long

# The real NGCC packages beside the tree (../shared/real, or
# $ICCSPROF_REAL), each profiled as published by the installed tool and
# held to its published page; doc/real-packages.md is the evidence.  It
# says so in one line and passes where there are none.
dist_noinst_SCRIPTS += tests/real_packages.py
check-real:
	python3 $(top_srcdir)/tests/real_packages.py '$(abs_top_srcdir)' '$(DESTDIR)$(bindir)/iccsprof'
.PHONY: check-real
