# tests: what-if runs, a candidate hash behind the ICCS helpers.
LONG_TESTS += tests/whatif.sh tests/whatif-matrix.sh tests/whatif-published.sh tests/whatif-replay.sh
dist_noinst_SCRIPTS += tests/whatif.sh tests/whatif-matrix.sh tests/whatif-published.sh \
	tests/whatif-replay.sh
EXTRA_DIST += tests/fixtures/hashes
tests_check_iccsprof_SOURCES += tests/check_whatifproject.c
# The candidates of the measuring program, called from two threads.
tests_check_iccsprof_SOURCES += tests/check_candidate.c src/measure/candidate.c \
	src/measure/channel.c
# Response files of the ICCS KAT format, read in the measuring program.
tests_check_iccsprof_SOURCES += tests/check_katcheck.c src/measure/katcheck.c
