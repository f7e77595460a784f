# tests: the strict record reader against the record schema, over a
# corpus of mutated records (tests/schema-agree.sh, tests/schema_agree.py).
check_PROGRAMS += tests/record-verdict
tests_record_verdict_SOURCES = tests/record-verdict.c
tests_record_verdict_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS)
tests_record_verdict_LDADD = src/libiccsprof.la
TESTS += tests/schema-agree.sh
dist_noinst_SCRIPTS += tests/schema-agree.sh
dist_noinst_DATA += tests/schema_agree.py
