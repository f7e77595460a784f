# tests: report and compare.  Unit suites of the number formats, the
# record reader, the page model and the provenance of outputs, and the data-driven cases of tests/report/ run by one
# script.
tests_check_iccsprof_SOURCES += tests/check_format.c tests/check_record_read.c \
	tests/check_callsite.c tests/check_page.c tests/check_escape.c tests/check_provenance.c \
	tests/check_whatifsvg.c tests/check_compare.c
TESTS += tests/report.sh tests/pictures.sh
dist_noinst_SCRIPTS += tests/report.sh tests/pictures.sh
EXTRA_DIST += tests/report
# tests/report is the folder of the cases beside tests/report.sh: nothing
# makes it (make's built-in rule for a script would write tests/report.sh
# over it whenever the script is newer than the folder).
tests/report: ;
