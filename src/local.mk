# The iccsprof command: a dispatcher, one file per subcommand, and shared
# modules.  Everything but main() lives in a convenience library so the unit
# tests link the same code.
bin_PROGRAMS += src/iccsprof
noinst_LTLIBRARIES += src/libiccsprof.la

src_libiccsprof_la_SOURCES = \
	src/cmd.c src/cmd.h \
	src/cmd-audit.c \
	src/cmd-help.c \
	src/cmd-version.c
src_libiccsprof_la_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS) $(ELF_CFLAGS)
src_libiccsprof_la_LIBADD = $(JANSSON_LIBS) $(ELF_LIBS)

src_iccsprof_SOURCES = src/iccsprof.c
src_iccsprof_LDADD = src/libiccsprof.la
include src/report.mk
