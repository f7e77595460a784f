# Building schemes and profiling them: `make profile SCHEME=<id>`,
# `make profile-plan` and `make profile-build`.  The work is done by
# schemes/build.mk (GNU make) and the scripts beside it; this passes them
# the configured tools.  The user's variables (SCHEME, SCHEME_DIR, ...)
# reach build.mk on their own, as command-line variables reach any
# sub-make; their defaults live there.
SCHEMES_MAKE = $(MAKE) --no-print-directory -f $(top_srcdir)/schemes/build.mk \
	top_srcdir='$(abs_top_srcdir)' top_builddir='$(abs_top_builddir)' CC='$(CC)' \
	NM='$(NM)' SANITIZER_CFLAGS='$(SANITIZER_CFLAGS)' \
	ICCSWRAP_LIBS='$(ICCSWRAP_LIBS)' \
	ICCSWRAP_LDFLAGS='$(ICCSWRAP_LDFLAGS)'

profile: src/iccsprof src/iccsprof-measure wrappers/libiccswrap.a
	+@$(SCHEMES_MAKE) profile
profile-build: src/iccsprof wrappers/libiccswrap.a
	+@$(SCHEMES_MAKE) build
profile-plan:
	+@$(SCHEMES_MAKE) plan
.PHONY: profile profile-build profile-plan

# Build output of scheme instances; profiles stay until removed by hand.
clean-local: clean-schemes
clean-schemes:
	-rm -rf build/schemes && rmdir build 2>/dev/null || :
.PHONY: clean-schemes

src_libiccsprof_la_SOURCES += src/cmd-buildinfo.c src/buildinfo.h
dist_noinst_SCRIPTS += schemes/plan.sh schemes/instance.sh schemes/analyze.sh \
	schemes/show-plan.sh schemes/profile.sh
dist_noinst_DATA += schemes/build.mk schemes/instance.mk schemes/drng_global.c
include schemes/intree.mk
