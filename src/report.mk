# src: `iccsprof report` and `iccsprof compare`, their record reader and
# the number formats, in the command's convenience library.
src_libiccsprof_la_SOURCES += \
	src/util/format.c src/util/format.h \
	src/record/record-read.c src/record/record-read.h \
	src/record/record-scan.c src/record/record-scan.h \
	src/report/mdtable.c src/report/mdtable.h \
	src/report/page.c src/report/page.h \
	src/report/provenance.c src/report/provenance.h \
	src/report/flat.c src/report/flat.h \
	src/record/callsite.c src/record/callsite.h \
	src/report/report.c src/report/report.h \
	src/report/report-page.c \
	src/report/report-basic.c \
	src/report/report-environment.c \
	src/report/report-evidence.c \
	src/report/report-context.c \
	src/report/report-pictures.c \
	src/report/svg.c src/report/svg.h \
	src/record/whatif-doc.c src/record/whatif-doc.h \
	src/whatif/whatif-svg.c src/whatif/whatif-svg.h \
	src/report/report-notes.c \
	src/report/report-perf.c \
	src/report/report-memory.c \
	src/report/report-kat.c \
	src/report/report-sizes.c \
	src/report/report-symmetric.c \
	src/report/report-shapes.c \
	src/report/report-callers.c \
	src/report/report-whatif.c \
	src/report/report-terms.c \
	src/cmd/cmd-report.c \
	src/compare/compare.c src/compare/compare.h \
	src/compare/compare-md.c \
	src/compare/compare-json.c \
	src/compare/compare-svg.c \
	src/compare/compare-cycles.c \
	src/cmd/cmd-compare.c
