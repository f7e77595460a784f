# src: `iccsprof report` and `iccsprof compare`, their record reader and
# the number formats, in the command's convenience library.
src_libiccsprof_la_SOURCES += \
	src/format.c src/format.h \
	src/record-read.c src/record-read.h \
	src/record-scan.c src/record-scan.h
