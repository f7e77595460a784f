# tests: what-if runs, a candidate hash behind the ICCS helpers.
LONG_TESTS += tests/whatif.sh tests/whatif-matrix.sh
dist_noinst_SCRIPTS += tests/whatif.sh tests/whatif-matrix.sh
EXTRA_DIST += tests/fixtures/hashes
tests_check_iccsprof_SOURCES += tests/check_whatifproject.c
