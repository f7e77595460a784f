# src: `iccsprof site`, the published pages as a static HTML site, and the
# HTML renderer of the report's page model, in the command's convenience
# library.
src_libiccsprof_la_SOURCES += \
	src/site/page-html.c src/site/page-html.h \
	src/site/site.c src/site/site.h \
	src/site/site-read.c \
	src/site/site-files.c \
	src/site/site-html.c \
	src/site/site-scheme.c \
	src/site/site-index.c \
	src/site/site-method.c \
	src/cmd/cmd-site.c
