# src: `iccsprof report` and `iccsprof compare`, their record reader and
# the number formats, in the command's convenience library.
src_libiccsprof_la_SOURCES += \
	src/format.c src/format.h
