# The project's own implementation of the ICCS helpers, used by the in-tree
# schemes and the tests.  The sources include nothing of the build (no
# config.h) so that a scheme package can compile them as it compiles its own
# auxfunc.c and drng.c.
noinst_LTLIBRARIES += schemes/iccs/libiccs.la
schemes_iccs_libiccs_la_SOURCES = \
	schemes/iccs/sm3.c schemes/iccs/sm3.h \
	schemes/iccs/auxfunc.c schemes/iccs/auxfunc.h \
	schemes/iccs/drng.c schemes/iccs/drng.h
