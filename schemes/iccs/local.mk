# The project's own implementation of the ICCS helpers, used by the in-tree
# schemes and the tests.
noinst_LTLIBRARIES += schemes/iccs/libiccs.la
schemes_iccs_libiccs_la_SOURCES = \
	schemes/iccs/auxfunc.h \
	schemes/iccs/drng.h
