# Building schemes and profiling them in the source tree: `make profile
# SCHEME=<id>`, `make profile-plan` and `make profile-build` run the
# commands an installed iccsprof has (`iccsprof profile`, `iccsprof plan`)
# through schemes/profile.mk, which turns the make variables into their
# options.  The user's variables (SCHEME, SCHEME_DIR, ...) reach it as
# command-line variables reach any sub-make; their defaults live there.
SCHEMES_MAKE = $(MAKE) --no-print-directory -f $(top_srcdir)/schemes/profile.mk \
	top_srcdir='$(abs_top_srcdir)' top_builddir='$(abs_top_builddir)'

# The tool is built first by a make of its own whose output goes to
# stderr, so that stdout holds the report alone even on a fresh tree
# (`make profile > r.md`).
PROFILE_TOOLS_MAKE = $(MAKE) $(AM_MAKEFLAGS) --no-print-directory
profile:
	+@$(PROFILE_TOOLS_MAKE) src/iccsprof src/iccsprof-measure wrappers/libiccswrap.a >&2
	+@$(SCHEMES_MAKE) profile
profile-build:
	+@$(PROFILE_TOOLS_MAKE) src/iccsprof wrappers/libiccswrap.a >&2
	+@$(SCHEMES_MAKE) build
profile-plan:
	+@$(PROFILE_TOOLS_MAKE) src/iccsprof >&2
	+@$(SCHEMES_MAKE) plan
.PHONY: profile profile-build profile-plan

# Build output of scheme instances; profiles stay until removed by hand.
clean-local: clean-schemes
clean-schemes:
	-rm -rf build/schemes && rmdir build 2>/dev/null || :
.PHONY: clean-schemes

dist_noinst_DATA += schemes/profile.mk

# make installcheck: the installed iccsprof alone profiles a copied scheme.
installcheck-local:
	$(SHELL) $(srcdir)/tests/installcheck.sh '$(bindir)' '$(abs_top_srcdir)' '$(abs_top_builddir)'
dist_noinst_SCRIPTS += tests/installcheck.sh
include schemes/intree.mk
