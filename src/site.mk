# src: `iccsprof site`, the published pages as a static HTML site, and the
# HTML renderer of the report's page model, in the command's convenience
# library.
src_libiccsprof_la_SOURCES += \
	src/page-html.c src/page-html.h \
	src/site.c src/site.h \
	src/site-read.c \
	src/site-files.c \
	src/site-html.c \
	src/site-scheme.c \
	src/site-index.c \
	src/site-method.c \
	src/cmd-site.c
