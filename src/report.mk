# src: `iccsprof report` and `iccsprof compare`, their record reader and
# the number formats, in the command's convenience library.
src_libiccsprof_la_SOURCES += \
	src/format.c src/format.h \
	src/record-read.c src/record-read.h \
	src/record-scan.c src/record-scan.h \
	src/mdtable.c src/mdtable.h \
	src/page.c src/page.h \
	src/provenance.c src/provenance.h \
	src/flat.c src/flat.h \
	src/callsite.c src/callsite.h \
	src/report.c src/report.h \
	src/report-page.c \
	src/report-basic.c \
	src/report-environment.c \
	src/report-evidence.c \
	src/report-context.c \
	src/report-pictures.c \
	src/svg.c src/svg.h \
	src/whatif-doc.c src/whatif-doc.h \
	src/whatif-svg.c src/whatif-svg.h \
	src/report-notes.c \
	src/report-perf.c \
	src/report-memory.c \
	src/report-kat.c \
	src/report-sizes.c \
	src/report-symmetric.c \
	src/report-shapes.c \
	src/report-callers.c \
	src/report-whatif.c \
	src/report-terms.c \
	src/cmd-report.c \
	src/compare.c src/compare.h \
	src/compare-md.c \
	src/compare-json.c \
	src/compare-svg.c \
	src/cmd-compare.c
